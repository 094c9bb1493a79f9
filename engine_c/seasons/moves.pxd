# A Castle for All Seasons: legal actions, apply (with forced moves) and random playouts on CS.
from libc.stdint cimport uint64_t
from engine_c.seasons_rules cimport CS

cdef int cs_legal(CS* s, int* out) noexcept nogil
cdef int cs_apply_legal(CS* s, int action, int* out) noexcept nogil   # returns the next legal actions
cdef void cs_playout(CS* s, uint64_t* rng) noexcept nogil            # uniform random moves
cdef int cs_policy_action(CS* s, int* legal, int n, uint64_t* rng) noexcept nogil
cdef void cs_policy_playout(CS* s, uint64_t* rng) noexcept nogil     # cs_policy_action at each decision
