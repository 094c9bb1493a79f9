# cython: language_level=3
"""A Castle for All Seasons legal actions, apply with forced moves, and random playouts (nogil)."""
from libc.stdint cimport uint8_t, uint64_t

from engine_c.game cimport TERMINAL
from engine_c._rng cimport rng_below
from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *
from engine_c.seasons.rules cimport *


cdef int cs_current_player(CS* s) noexcept nogil:
    """The seat to act, or TERMINAL once the game is over."""
    if s.phase == PH_OVER:
        return TERMINAL
    return s.actor                  # (not a conditional expression: Cython would give it actor's unsigned type)


cdef int cs_legal(CS* s, int* out) noexcept nogil:
    """Legal actions of the player to act, ascending."""
    cdef int p = s.actor
    cdef int ph = s.phase
    cdef int n = 0
    cdef int k, m, t, kind, v, maxn, extra, silver, kinds, have
    if ph == PH_SELECT:
        m = select_options(s, p)
        for k in range(NCARD):
            if m & (1 << k):
                out[n] = A_PICK + k
                n += 1
        return n
    if ph == PH_LOAD:
        for k in range(6):
            if load_ok(s, k):
                out[n] = A_LOAD + k
                n += 1
        return n
    if ph == PH_TRADER:
        m = trader_spots(s, p)
        for k in range(NSPOT):
            if m & (1 << k):
                out[n] = A_SPOT + k
                n += 1
        return n
    if ph == PH_TOWER:
        for k in range(NRES):
            if s.tower[k]:
                out[n] = A_TOWER + k
                n += 1
        return n
    if ph == PH_BUY:
        m = buy_mask(s, p)
        for k in range(20):
            if m & (1 << k):
                out[n] = A_BUY + k
                n += 1
        out[n] = A_PASS
        return n + 1
    if ph == PH_BUILD:
        out[0] = A_PASS
        n = 1
        m = pay_bound(s, p)
        for t in range(NB):
            if s.tiles[t] and CS_VALUE[t] <= m and can_pay(s, p, CS_VALUE[t]):
                out[n] = A_BUILD + t
                n += 1
        return n
    if ph == PH_PAY:
        kind = CS_PAY_KIND[s.pay_k]
        v = CS_BP[kind]
        have = s.res[p][kind]
        silver = pay_silver_left(s, p)
        kinds = pay_kinds_used(s)
        maxn = s.pay_rem // v
        if maxn > have + silver:
            maxn = have + silver
        for k in range(maxn + 1):
            extra = k - have if k > have else 0
            if pay_feasible(s.pay_rem - k * v, s.pay_k + 1, s.res[p], silver - extra,
                            kinds + (1 if k > 0 else 0)):
                out[n] = A_PAY + 16 * s.pay_k + k
                n += 1
        return n
    if ph == PH_HELPER:
        out[0] = A_PASS
        n = 1
        for k in range(NPLACE):
            if place_ok(s, p, k):
                out[n] = A_PLACE + k
                n += 1
        return n
    if ph == PH_SOURCE:
        if s.helpers[p] > 0:
            out[0] = A_SOURCE
            n = 1
        for k in range(NSPOT):
            if s.spot_owner[k] == p:
                out[n] = A_SOURCE + 1 + k
                n += 1
        return n
    if ph == PH_WINTER:
        out[0] = A_WINTER           # decline (a seat is only asked when it can pay)
        out[1] = A_WINTER + 1       # accept
        return 2
    return 0


cdef int cs_apply_legal(CS* s, int action, int* out) noexcept nogil:
    """Apply a legal action, then play out forced decisions (a single legal action);
    writes the legal actions of the resulting position to out and returns their number."""
    cdef int n
    do_apply(s, action)
    n = cs_legal(s, out)
    while n == 1:
        do_apply(s, out[0])
        n = cs_legal(s, out)
    return n
