# Castles of Burgundy: a fitted linear estimate of the final scores (value.pyx), for truncated playouts.
from engine_c.burgundy.types cimport BState

cdef enum:
    VALUE_FEATURES = 19   # per player, see value_features
    VALUE_STAGES = 25     # one weight vector per (phase, round)

cdef bint quiet(BState* s) noexcept nogil
cdef void value_features(BState* s, int p, double* f) noexcept nogil
cdef int evaluate(BState* s, double* out) noexcept nogil
