# Tiletum legal actions and apply on the TT struct.
from engine_c.tiletum.types cimport TT

cdef int tt_current_player(TT* s) noexcept nogil   # TERMINAL once over
cdef int tt_legal(TT* s, int* out) noexcept nogil
cdef void tt_apply(TT* s, int a) noexcept nogil
