# Tiletum: a fitted linear estimate of the final scores (value.pyx), for blended or truncated playouts.
from engine_c.tiletum.types cimport TT

cdef enum:
    VALUE_FEATURES = 26   # per player, see value_features
    VALUE_STAGES = 12     # one weight vector per (round, pass)

cdef bint quiet(TT* s) noexcept nogil
cdef void value_features(TT* s, int p, double* f) noexcept nogil
cdef int evaluate(TT* s, double* out) noexcept nogil
