from libc.stdint cimport uint64_t
from engine_c.seasons.types cimport CS

cdef void cs_playout(CS* s, uint64_t* rng) noexcept nogil            # uniform random moves
cdef int cs_policy_action(CS* s, int* legal, int n, uint64_t* rng) noexcept nogil
cdef void cs_policy_playout(CS* s, uint64_t* rng) noexcept nogil     # cs_policy_action at each decision
cdef int card_value(CS* s, int p, int c) noexcept nogil             # the policy's worth of a card now (tenths of VP)
