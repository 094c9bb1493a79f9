# cython: language_level=3
"""A Castle for All Seasons: scores, ranks (with the tie-breaks) and resampling (nogil)."""
from libc.stdint cimport uint64_t

from engine_c._rng cimport rng_below, rng_next
from engine_c.seasons_rules cimport *


cdef void cs_scores(CS* s, int* out) noexcept nogil:
    """Victory points so far (final scoring included once the game is over)."""
    cdef int p
    for p in range(s.np):
        out[p] = s.vp[p]


cdef void cs_ranks(CS* s, int* out) noexcept nogil:
    """Places by VP, then talers left, then building-point value of resources left; rest shared."""
    cdef int p, q
    cdef int key[MAXP][3]
    for p in range(s.np):
        key[p][0] = s.vp[p]
        key[p][1] = s.talers[p]
        key[p][2] = res_value(s, p)
    for p in range(s.np):
        out[p] = 0
        for q in range(s.np):
            if (key[q][0] > key[p][0] or (key[q][0] == key[p][0] and (key[q][1] > key[p][1] or
                    (key[q][1] == key[p][1] and key[q][2] > key[p][2])))):
                out[p] += 1


cdef int nth_bit(int m, int i) noexcept nogil:
    """Index of the i-th set bit of m (0-based)."""
    cdef int b = 0
    while True:
        if m & (1 << b):
            if i == 0:
                return b
            i -= 1
        b += 1


cdef int draw_selection(CS* s, int p, int made, uint64_t* rng) noexcept nogil:
    """A uniformly random secret selection of `made` cards for p, consistent with his hand
    (2 players: a pair, or the first card of a pair still to be completed)."""
    cdef int v = valid_cards(s, p)
    cdef int n = __builtin_popcount(v)
    cdef int i, a, b, r
    if s.np != 2:
        return 1 << nth_bit(v, rng_below(rng, n))
    if made == 1:
        # the first card of a pair: any valid card below the highest valid one
        return 1 << nth_bit(v, rng_below(rng, n - 1))
    r = rng_below(rng, n * (n - 1) // 2)
    for a in range(n):
        i = n - 1 - a           # pairs whose lower card is the a-th valid card
        if r < i:
            b = a + 1 + r
            return (1 << nth_bit(v, a)) | (1 << nth_bit(v, b))
        r -= i
    return 0


cdef void cs_resample(CS* s, int o, uint64_t* rng) noexcept nogil:
    """Redraw every secret card choice o has not seen (other players' selections of this
    round before the reveal) uniformly from what they could choose; reseed the chance RNG.

    Hands, resources, talers, helpers and the whole board are public, so nothing else is
    hidden.  The draw reads only public counts and o's own choice, so it is canonical.
    """
    cdef int p, made
    if s.phase == PH_SELECT:
        for p in range(s.np):
            if p != o and s.sel[p]:
                made = __builtin_popcount(s.sel[p])
                s.sel[p] = 0
                s.sel[p] = draw_selection(s, p, made, rng)
    s.rng = rng_next(rng)
