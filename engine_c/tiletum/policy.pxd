from libc.stdint cimport uint64_t
from engine_c.tiletum.types cimport TT

cdef void tt_playout(TT* s, uint64_t* rng) noexcept nogil          # playout policy
cdef void tt_random_playout(TT* s, uint64_t* rng) noexcept nogil   # uniform
cdef int tt_policy_action(TT* s, int* legal, int n, uint64_t* rng) noexcept nogil
