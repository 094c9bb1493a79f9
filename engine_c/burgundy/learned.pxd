# The Castles of Burgundy: a learned estimate of the final scores (learned.pyx), a small network.
from engine_c.burgundy.types cimport BState

cdef enum:
    LEARNED_BLOCK = 67     # per player, see learned_block
    LEARNED_SHARED = 31    # the stage one-hot (25), the colour bonuses taken (6)
    LEARNED_INPUTS = 2 * LEARNED_BLOCK + LEARNED_SHARED
    LEARNED_HIDDEN = 64    # the widest hidden layer a shipped network may have

cdef void learned_inputs(BState* s, int p, double* x) noexcept nogil
cdef int evaluate_learned(BState* s, double* out) noexcept nogil
