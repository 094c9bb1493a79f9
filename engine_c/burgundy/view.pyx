# cython: language_level=3
"""Castles of Burgundy: scores, ranks (with the tie-breaks) and resampling (nogil)."""
from libc.stdint cimport int8_t, uint64_t

from engine_c._rng cimport rng_next
from engine_c.burgundy.types cimport *
from engine_c.burgundy.tables cimport *
from engine_c.burgundy.rules cimport compute_order


cdef void scores(BState* s, int* out) noexcept nogil:
    """Victory points per player as they stand."""
    cdef int p
    for p in range(s.nplayers):
        out[p] = s.pl[p].vp


cdef void ranks(BState* s, int* out) noexcept nogil:
    """Places after tie-breaks: VP, then empty spaces (fewest or most), then later in turn order."""
    cdef int8_t order[4]
    cdef int pos[4]
    cdef int empt[4]
    cdef int n = s.nplayers, p, q, better
    compute_order(s, order)
    for p in range(n):
        pos[order[p]] = p
    for p in range(n):
        empt[p] = NSP - popcount(s.pl[p].filled)
        if s.tiebreak == 1:
            empt[p] = -empt[p]
    for p in range(n):
        out[p] = 0
        for q in range(n):
            if q == p:
                continue
            better = 0
            if s.pl[q].vp != s.pl[p].vp:
                better = s.pl[q].vp > s.pl[p].vp
            elif empt[q] != empt[p]:
                better = empt[q] < empt[p]
            else:
                better = pos[q] > pos[p]
            out[p] += better


cdef void resample_hidden(BState* s, int observer, uint64_t* rng) noexcept nogil:
    """Undrawn tiles and future goods are kept as counts only; which of them come out (and the
    dice) is decided by the state's RNG when drawn, so reseeding it redraws everything nobody
    has seen and keeps everything public (the observer changes nothing)."""
    s.rng = rng_next(rng)
