# A Castle for All Seasons: a learned estimate of the final scores (learned.pyx), a small network.
from engine_c.seasons.types cimport CS

cdef enum:
    LEARNED_BLOCK = 85     # per player, see learned_block
    LEARNED_STAGES = 15    # the fitted value's stages (rounds left after this one), one-hot
    LEARNED_INPUTS = 2 * LEARNED_BLOCK + LEARNED_STAGES
    LEARNED_HIDDEN = 64    # the widest hidden layer a shipped network may have

cdef void learned_inputs(CS* s, int p, double* x) noexcept nogil
cdef int evaluate_learned(CS* s, double* out) noexcept nogil
