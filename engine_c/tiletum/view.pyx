# cython: language_level=3
"""Tiletum: scores, ranks (with the king-track tie-break), resampling and playouts (nogil)."""
from libc.stdint cimport uint64_t

from engine_c._rng cimport rng_below, rng_next
from engine_c.game cimport MAX_LEGAL
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *
from engine_c.tiletum.rules cimport *
from engine_c.tiletum.moves cimport tt_legal, tt_apply


cdef void tt_scores(TT* s, int* out) noexcept nogil:
    """Victory points now (the final scoring is included once the game is over)."""
    cdef int p
    for p in range(s.np):
        out[p] = s.pl[p].vp


cdef void tt_ranks(TT* s, int* out) noexcept nogil:
    """Places by VP; ties broken by the king track (further ahead, then lower in the stack)."""
    cdef int korder[MAXP]
    cdef int kpos[MAXP]
    cdef int p, q, i
    tt_king_order(s, korder)
    for i in range(s.np):
        kpos[korder[i]] = i
    for p in range(s.np):
        out[p] = 0
        for q in range(s.np):
            if s.pl[q].vp > s.pl[p].vp or (s.pl[q].vp == s.pl[p].vp and kpos[q] < kpos[p]):
                out[p] += 1


cdef void tt_resample(TT* s, int observer, uint64_t* rng) noexcept nogil:
    """Redraw what nobody knows: only the chance RNG, since every stack is a public set.

    Face-down stacks (bonus, person, contract tiles), unrevealed corruption tokens and future
    dice are never stored in an order: each draw picks uniformly from the public remaining set
    with the state's RNG, so reseeding it redraws all of them consistently.
    """
    s.rng = rng_next(rng)


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
