# San Juan legal actions, apply (with forced moves), random and heuristic-policy playouts on the SJ struct.
from libc.stdint cimport uint64_t
from engine_c.sanjuan_rules cimport SJ

cdef int sj_legal(SJ* s, int* out) noexcept nogil
cdef void sj_apply(SJ* s, int action) noexcept nogil       # then plays forced (single-option) decisions
cdef int sj_apply_legal(SJ* s, int action, int* out) noexcept nogil   # same, returns the next legal actions
cdef void sj_playout(SJ* s, uint64_t* rng) noexcept nogil
cdef int sj_policy_action(SJ* s, int* legal, int n, uint64_t* rng) noexcept nogil   # one of legal[0..n-1]
cdef void sj_policy_playout(SJ* s, uint64_t* rng) noexcept nogil
