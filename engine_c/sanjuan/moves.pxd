# San Juan legal actions and apply (with forced moves) on the SJ struct.
from libc.stdint cimport uint64_t
from engine_c.sanjuan.types cimport SJ

cdef int sj_current_player(SJ* s) noexcept nogil   # TERMINAL once over
cdef int sj_legal(SJ* s, int* out) noexcept nogil
cdef void sj_apply(SJ* s, int action) noexcept nogil       # then plays forced (single-option) decisions
cdef int sj_apply_legal(SJ* s, int action, int* out) noexcept nogil   # same, returns the next legal actions
