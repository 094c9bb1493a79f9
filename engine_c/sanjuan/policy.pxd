from libc.stdint cimport uint64_t
from engine_c.sanjuan.types cimport SJ

cdef void sj_playout(SJ* s, uint64_t* rng) noexcept nogil
cdef int sj_policy_action(SJ* s, int* legal, int n, uint64_t* rng) noexcept nogil   # one of legal[0..n-1]
cdef void sj_policy_playout(SJ* s, uint64_t* rng) noexcept nogil
