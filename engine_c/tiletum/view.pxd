# Tiletum: scores, ranks and hidden-information resampling.
from libc.stdint cimport uint64_t
from engine_c.tiletum.types cimport TT

cdef void tt_scores(TT* s, int* out) noexcept nogil
cdef void tt_ranks(TT* s, int* out) noexcept nogil
cdef void tt_resample(TT* s, int observer, uint64_t* rng) noexcept nogil
