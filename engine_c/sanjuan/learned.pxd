# San Juan: a learned estimate of the final scores (learned.pyx), a small network.
from engine_c.sanjuan.types cimport SJ

cdef enum:
    LEARNED_BLOCK = 84     # per player, see learned_block
    LEARNED_SHARED = 21    # the stage one-hot (11), the roles taken this round (5), the next trader tile (5)
    LEARNED_INPUTS = 2 * LEARNED_BLOCK + LEARNED_SHARED
    LEARNED_HIDDEN = 64    # the widest hidden layer a shipped network may have

cdef void learned_inputs(SJ* s, int p, double* x) noexcept nogil
cdef int evaluate_learned(SJ* s, double* out) noexcept nogil
