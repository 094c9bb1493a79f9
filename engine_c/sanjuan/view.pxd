# San Juan: what players see: scores, ranks and hidden-information resampling.
from libc.stdint cimport uint64_t
from engine_c.sanjuan.types cimport SJ

cdef void sj_scores(SJ* s, int* out) noexcept nogil
cdef void sj_ranks(SJ* s, int* out) noexcept nogil
cdef int sj_tiebreak(SJ* s, int p) noexcept nogil
cdef void sj_resample(SJ* s, int observer, uint64_t* rng) noexcept nogil
cdef int sj_private_choice(SJ* s) noexcept nogil
