# Castles of Burgundy decisions (burgundy_rules.pyx), all nogil.
from libc.stdint cimport uint64_t
from engine_c.burgundy_types cimport BState

cdef int current_player(BState* s) noexcept nogil
cdef int legal_actions(BState* s, int* out) noexcept nogil
cdef void apply_action(BState* s, int a) noexcept nogil
cdef int playout(BState* s, uint64_t* rng) noexcept nogil
cdef int policy_action(BState* s, int* legal, int n, uint64_t* rng) noexcept nogil
cdef int policy_playout(BState* s, uint64_t* rng) noexcept nogil
