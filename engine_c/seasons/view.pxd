# A Castle for All Seasons: scores, ranks with tie-breaks, hidden-information resampling.
from libc.stdint cimport uint64_t
from engine_c.seasons.types cimport CS

cdef void cs_scores(CS* s, int* out) noexcept nogil
cdef void cs_ranks(CS* s, int* out) noexcept nogil
cdef int cs_secret_choice(CS* s) noexcept nogil
cdef void cs_resample(CS* s, int observer, uint64_t* rng) noexcept nogil
cdef int cs_rewind_secret(CS* s, int observer, int* replay) noexcept nogil
cdef void final_scoring(CS* s) noexcept nogil             # trader helpers home, castle scoring
