# cython: language_level=3
"""Tiletum playouts: uniform random moves and the weighted playout policy (nogil)."""
from libc.stdint cimport uint64_t

from engine_c._rng cimport rng_below
from engine_c.game cimport MAX_LEGAL
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *
from engine_c.tiletum.rules cimport *
from engine_c.tiletum.moves cimport tt_legal, tt_apply

cdef void tt_random_playout(TT* s, uint64_t* rng) noexcept nogil:
    """Uniformly random legal moves to the end (stops at a position without a legal move)."""
    cdef int buf[MAX_LEGAL]
    cdef int n
    while s.phase != PH_OVER:
        n = tt_legal(s, buf)
        if n == 0:                  # a stuck position (the reader refuses them): never divide by 0
            return
        tt_apply(s, buf[rng_below(rng, n)])


cdef inline int weight(TT* s, int a) noexcept nogil:
    """Playout weight of action a: scoring and building first, ending the turn or discarding last."""
    if a < A_WB_TAKE or (A_JESTER <= a < A_MOVE) or (A_CHOOSE <= a < A_KB_TAKE):
        return 4
    if a == A_WB_TAKE or a == A_KB_TAKE:
        return 12
    if a == A_WB_SKIP or a == A_KB_SKIP:
        return 1
    if a < A_MAPBONUS:                  # move
        return 4
    if a < A_BUILD:                     # map bonus tile
        return 6
    if a < A_REFRESH:                   # build a house / pillar
        return 30
    if a == A_REFRESH:
        return 1
    if a < A_PLACE:                     # take a person
        return 6
    if a < A_TAKECONTRACT:              # place a person
        return 20
    if a < A_TRADE:                     # take a contract
        return 8
    if a < A_KING:                      # trade
        return 1
    if a == A_KING:
        return 30
    if a < A_CREST:                     # buy
        return 1
    if a < A_USE:                       # crest, fulfil, cathedral
        return 60
    if a < A_DISCARD:                   # use a bonus tile
        return 10
    if a < A_FREEMOVE:                  # discard
        return 1 if s.pl[s.actor].nstore == NSTORE else 0
    if a < A_END:                       # free move
        return 3
    # end the turn: likelier once the AP are spent
    return 2 if s.ap > 0 else 20


cdef int tt_policy_action(TT* s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """The playout policy's move: legal actions sampled by rule-of-thumb weights."""
    cdef int w[MAX_LEGAL]
    cdef int i, total = 0, x
    for i in range(n):
        w[i] = weight(s, legal[i])
        total += w[i]
    if total == 0:
        return legal[rng_below(rng, n)]
    x = rng_below(rng, total)
    for i in range(n):
        x -= w[i]
        if x < 0:
            return legal[i]
    return legal[n - 1]


cdef void tt_playout(TT* s, uint64_t* rng) noexcept nogil:
    """The playout policy (tt_policy_action at every decision) to the end (stops when stuck)."""
    cdef int buf[MAX_LEGAL]
    cdef int n
    while s.phase != PH_OVER:
        n = tt_legal(s, buf)
        if n == 0:                  # a stuck position: stop rather than loop or divide by 0
            return
        tt_apply(s, tt_policy_action(s, buf, n, rng))


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
