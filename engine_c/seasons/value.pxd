# A Castle for All Seasons: a fitted linear estimate of the final scores (value.pyx), for blended playouts.
from engine_c.seasons.types cimport CS

cdef enum:
    VALUE_FEATURES = 20   # per player, see value_features
    VALUE_STAGES = 15     # one weight vector per rounds left (0 .. 14 or more)

cdef bint quiet(CS* s) noexcept nogil
cdef int value_stage(CS* s) noexcept nogil
cdef void value_features(CS* s, CS* scored, int p, double* f) noexcept nogil
cdef int evaluate(CS* s, double* out) noexcept nogil
