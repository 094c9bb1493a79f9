from libc.stdint cimport uint64_t
from engine_c.burgundy.types cimport BState

cdef int playout(BState* s, uint64_t* rng) noexcept nogil
cdef int policy_action(BState* s, int* legal, int n, uint64_t* rng) noexcept nogil
cdef int policy_playout(BState* s, uint64_t* rng) noexcept nogil

cdef enum:
    POLICY_FEATURES = 32     # numbers per move seen by the fitted playout policy

cdef void action_features(BState* s, int p, int kind, int a, int b, int act, double* f) noexcept nogil
