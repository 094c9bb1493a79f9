# Castles of Burgundy: scores, ranks and hidden-information resampling on the BState struct.
from libc.stdint cimport uint64_t
from engine_c.burgundy.types cimport BState

cdef void scores(BState* s, int* out) noexcept nogil
cdef void ranks(BState* s, int* out) noexcept nogil
cdef void resample_hidden(BState* s, int observer, uint64_t* rng) noexcept nogil
