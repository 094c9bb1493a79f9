# San Juan: a fitted linear estimate of the final scores (value.pyx), for blended or truncated playouts.
from engine_c.sanjuan.types cimport SJ

cdef enum:
    VALUE_FEATURES = 20   # per player, see value_features
    VALUE_STAGES = 11     # one weight vector per most buildings anyone has (1 .. 11)

cdef bint quiet(SJ* s) noexcept nogil
cdef int value_stage(SJ* s) noexcept nogil
cdef void value_features(SJ* s, int* scores, int p, double* f) noexcept nogil
cdef int evaluate(SJ* s, double* out) noexcept nogil
