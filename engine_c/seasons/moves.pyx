# cython: language_level=3
"""A Castle for All Seasons legal actions, apply with forced moves, and random playouts (nogil)."""
from libc.stdint cimport uint8_t, uint64_t

from engine_c._rng cimport rng_below
from engine_c.seasons_rules cimport *


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
        for t in range(NB):
            if s.tiles[t] and can_pay(s, p, CS_VALUE[t]):
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


cdef void cs_playout(CS* s, uint64_t* rng) noexcept nogil:
    """Uniformly random legal moves to the end (forced moves take no random draw)."""
    cdef int buf[64]
    cdef int n
    n = cs_legal(s, buf)
    while n > 0:
        if n == 1:
            do_apply(s, buf[0])
        else:
            do_apply(s, buf[rng_below(rng, n)])
        n = cs_legal(s, buf)


cdef int cs_policy_action(CS* s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """Playout policy: where passing is an option (buy, build, helper), pass only one time in
    ten and otherwise take a uniform non-pass move; elsewhere uniform.  ``legal`` may be any
    subset of the legal moves (the search asks among its untried moves), so the pass is looked
    for, not assumed.  A single move is returned without drawing, so the policy loop and the
    per-decision hook draw the same numbers."""
    cdef int j, pass_at = -1
    if n == 1:
        return legal[0]
    if s.phase == PH_BUY or s.phase == PH_BUILD or s.phase == PH_HELPER:
        for j in range(n):
            if legal[j] == A_PASS:
                pass_at = j
        if pass_at >= 0:
            if rng_below(rng, 10) == 0:
                return A_PASS
            j = rng_below(rng, n - 1)
            return legal[j] if j < pass_at else legal[j + 1]
    return legal[rng_below(rng, n)]


cdef void cs_policy_playout(CS* s, uint64_t* rng) noexcept nogil:
    """The playout policy to the end of the game."""
    cdef int buf[64]
    cdef int n
    n = cs_legal(s, buf)
    while n > 0:
        do_apply(s, cs_policy_action(s, buf, n, rng))
        n = cs_legal(s, buf)
