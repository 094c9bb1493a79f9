# cython: language_level=3
"""A Castle for All Seasons, winter variant ("The Castle in Winter"): winter cards (nogil on CS).

At the start of every round marked in the data (``winter_rounds``) one winter card is drawn at
random, from the state's chance RNG, among those not drawn yet, and revealed to all.  What a card
does is data (``winter_cards``), one of five kinds the engine implements: gain, lose, offer (each
player may once pay talers for something), modify (a lasting change of a number) and
vp_per_building (scored at the end).  docs/seasons.md, "Winter variant", has the decisions.
"""
from libc.stdint cimport uint64_t

from engine_c._rng cimport rng_below
from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *


cdef inline int seat_from_start(CS* s, int i) noexcept nogil:
    """The i-th seat in seat order from the start player."""
    cdef int p = s.start + i
    return p - s.np if p >= s.np else p


cdef void give(CS* s, int p, int what, int n) noexcept nogil:
    """p gains n of what (a piece from the stock, talers from the bank, VP), as far as there is."""
    if what < NRES:
        if n > s.stock[what]:
            n = s.stock[what]
        s.stock[what] -= n
        s.res[p][what] += n
    elif what == WHAT_TALERS:
        if n > s.bank:
            n = s.bank
        s.bank -= n
        s.talers[p] += n
    else:
        s.vp[p] += n
        s.vp_winter[p] += n


cdef void take_back(CS* s, int p, int what, int n) noexcept nogil:
    """p gives back up to n of what (pieces to the stock, talers to the bank)."""
    if what < NRES:
        if n > s.res[p][what]:
            n = s.res[p][what]
        s.res[p][what] -= n
        s.stock[what] += n
    elif what == WHAT_TALERS:
        if n > s.talers[p]:
            n = s.talers[p]
        s.talers[p] -= n
        s.bank += n


cdef int winter_offer_ok(CS* s, int p) noexcept nogil:
    """p can pay the current offer card's price."""
    return s.talers[p] >= CS_WCOST[s.w_drawn[s.w_n - 1]]


cdef void winter_mods(CS* s) noexcept nogil:
    """The lasting modifiers: the sum over the drawn modify cards."""
    cdef int i, c
    for i in range(NMOD):
        s.w_mod[i] = 0
    for i in range(s.w_n):
        c = s.w_drawn[i]
        if CS_WKIND[c] == W_MODIFY:
            s.w_mod[CS_WWHAT[c]] += CS_WN[c]


cdef bint next_offer(CS* s) noexcept nogil:
    """Ask the next seat that can pay; True if one is asked, False once every seat was."""
    cdef int p
    while s.w_asked < s.np:
        p = seat_from_start(s, s.w_asked)
        if winter_offer_ok(s, p):
            s.phase = PH_WINTER
            s.actor = p
            return True
        s.w_asked += 1
    s.w_asked = 0               # nonzero only while an offer is being answered
    return False


cdef bint winter_round(CS* s) noexcept nogil:
    """Round start: in a marked round draw a card among those not drawn and resolve it;
    True if an offer waits for the players (phase PH_WINTER)."""
    cdef int left[NWCARD]
    cdef int i, c, n = 0, p, kind
    cdef uint64_t mask = 0
    if not s.winter or s.round > MAX_ROUNDS or not CS_WROUND[s.round] or s.w_n >= NWCARD:
        return False
    for i in range(s.w_n):
        mask |= 1 << s.w_drawn[i]
    for c in range(NWCARD):
        if not mask & (1 << c):
            left[n] = c
            n += 1
    c = left[rng_below(&s.rng, n)]
    s.w_drawn[s.w_n] = c
    s.w_n += 1
    s.w_asked = 0
    kind = CS_WKIND[c]
    if kind == W_GAIN or kind == W_LOSE:
        for i in range(s.np):
            p = seat_from_start(s, i)
            if CS_WWHO[c] == WHO_START and p != s.start:
                continue
            if kind == W_GAIN:
                give(s, p, CS_WWHAT[c], CS_WN[c])
            else:
                take_back(s, p, CS_WWHAT[c], CS_WN[c])
    elif kind == W_MODIFY:
        winter_mods(s)
    elif kind == W_OFFER:
        return next_offer(s)
    return False


cdef bint winter_answer(CS* s, int accept) noexcept nogil:
    """The actor accepts (pays, receives) or declines the offer; True if another seat is asked."""
    cdef int c = s.w_drawn[s.w_n - 1]
    cdef int p = s.actor
    if accept:
        s.talers[p] -= CS_WCOST[c]
        s.bank += CS_WCOST[c]
        give(s, p, CS_WWHAT[c], CS_WN[c])
    s.w_asked += 1
    return next_offer(s)


cdef void winter_final(CS* s) noexcept nogil:
    """End of game: every drawn vp_per_building card scores its VP per building of its type."""
    cdef int i, c, p, v
    for i in range(s.w_n):
        c = s.w_drawn[i]
        if CS_WKIND[c] != W_VP_PER_BUILDING:
            continue
        for p in range(s.np):
            v = CS_WN[c] * s.built[p][CS_WWHAT[c]]
            s.vp[p] += v
            s.vp_winter[p] += v
