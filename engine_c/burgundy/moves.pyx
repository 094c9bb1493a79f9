# cython: language_level=3
"""Castles of Burgundy decisions: legal actions, applying an action, random playouts.

All functions are ``noexcept nogil`` on a ``BState*``; effects and scoring live in
rules.pyx, tables in tables.pyx, playouts in policy.pyx.
"""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from engine_c._rng cimport rng_below
from engine_c.burgundy.types cimport *
from engine_c.burgundy.tables cimport *
from engine_c.burgundy.rules cimport *


cdef int current_player(BState* s) noexcept nogil:
    if s.over:
        return -4
    return cur(s)


# ---------------------------------------------------------------------------------------------
# decisions

cdef inline bint depot_has(BState* s, int d) noexcept nogil:
    return (s.depot[d][0] | s.depot[d][1] | s.depot[d][2] | s.depot[d][3]) != 0


cdef inline bint dgoods_any(BState* s, int d) noexcept nogil:
    cdef int t
    for t in range(1, 7):
        if s.dgoods[d][t]:
            return True
    return False


cdef bint can_buy(BState* s, int p) noexcept nogil:
    cdef BPlayer* P = &s.pl[p]
    cdef int b, d
    if s.bought or P.silver < BUY_COST:
        return False
    for b in range(NBLACK):
        if s.black[b]:
            return True
    if has_k(P, 6):
        for d in range(NDEPOT):
            if depot_has(s, d):
                return True
    return False


cdef inline int depot_mask(BState* s) noexcept nogil:
    """Bit d set: numbered depot d holds at least one tile."""
    cdef int d, m = 0
    for d in range(NDEPOT):
        if depot_has(s, d):
            m |= 1 << d
    return m


cdef int die_actions(BState* s, int p, int src, int* out, int n, int depmask) noexcept nogil:
    """Take / place / sell / workers with die source src (0, 1 own dice; 2 castle)."""
    cdef BPlayer* P = &s.pl[p]
    cdef int d, k, g, steps, near_take = 63, near_sell = 63, m
    if src < 2:
        steps = P.workers * (2 if has_k(P, 8) else 1)
        if steps > 3:
            steps = 3
        near_sell = NEAR[P.dice[src]][steps]
        steps += has_k(P, 12)
        near_take = NEAR[P.dice[src]][steps if steps < 3 else 3]
    m = near_take & depmask
    while m:
        d = __builtin_ctzll(m)
        m &= m - 1
        out[n] = A_TAKE + src * 6 + d
        n += 1
    for k in range(3):
        if P.store[k] and placeable(s, p, P.store[k], src):
            out[n] = A_PLACE + src * 3 + k
            n += 1
    for g in range(3):
        if P.gtype[g] and (near_sell >> (P.gtype[g] - 1)) & 1:
            out[n] = A_SELL + src * 6 + P.gtype[g] - 1
            n += 1
    out[n] = A_WORK + src
    return n + 1


cdef int legal_actions(BState* s, int* out) noexcept nogil:
    cdef int p, n = 0, kind, a, b, d, k, t, g, j, dm
    cdef BPlayer* P
    cdef uint64_t m
    if s.over:
        return 0
    p = cur(s)
    P = &s.pl[p]
    if s.setup_idx >= 0:
        m = COLMASK[P.board][COL_CASTLE]
        while m:
            j = __builtin_ctzll(m)
            m &= m - 1
            out[n] = A_START + j
            n += 1
        return n
    kind = top(s)
    a = s.ta[s.sp - 1] if s.sp else 0
    b = s.tb[s.sp - 1] if s.sp else 0
    if kind == K_MAIN:
        dm = depot_mask(s)
        if not P.used[0]:
            n = die_actions(s, p, 0, out, n, dm)
        # two equal unused dice: using either is the same move, offer the first only
        if not P.used[1] and (P.used[0] or P.dice[0] != P.dice[1]):
            n = die_actions(s, p, 1, out, n, dm)
        if can_buy(s, p):
            for k in range(NBLACK):
                if s.black[k]:
                    out[n] = A_BUYB + k
                    n += 1
            if has_k(P, 6):
                for d in range(NDEPOT):
                    for k in range(NSLOT):
                        if s.depot[d][k]:
                            out[n] = A_BUYD + d * 4 + k
                            n += 1
        if P.used[0] and P.used[1]:
            out[n] = A_PASS
            n += 1
    elif kind == K_FREE:
        n = die_actions(s, p, 2, out, n, depot_mask(s))
    elif kind == K_HALL:
        for k in range(3):
            if P.store[k] and placeable(s, p, P.store[k], 3):
                out[n] = A_PLACE + 9 + k
                n += 1
        out[n] = A_PASS
        n += 1
    elif kind == K_SLOT:
        for k in range(NSLOT):
            if s.depot[a][k]:
                out[n] = A_SLOT + k
                n += 1
    elif kind == K_SPACE:
        m = placeable(s, p, P.store[a], b)
        while m:
            j = __builtin_ctzll(m)
            m &= m - 1
            out[n] = A_SPACE + j
            n += 1
    elif kind == K_DISCARD:
        for k in range(3):
            out[n] = A_DISC + k
            n += 1
    elif kind == K_SHIP:
        if a == 0:
            for d in range(NDEPOT):
                if dgoods_any(s, d):
                    out[n] = A_SHIP + d
                    n += 1
        else:
            for k in range(2):
                d = DEPOT_NB[b][k]
                if dgoods_any(s, d) and (k == 0 or d != DEPOT_NB[b][0]):
                    out[n] = A_SHIP + d
                    n += 1
            out[n] = A_PASS
            n += 1
    elif kind == K_GOODS:
        for t in range(1, 7):
            if s.dgoods[a][t] and goods_slot(P, t) < 0:
                out[n] = A_GOODS + t - 1
                n += 1
    elif kind == K_WARE:
        for g in range(3):
            if P.gtype[g]:
                out[n] = A_WARE + P.gtype[g] - 1
                n += 1
        out[n] = A_PASS
        n += 1
    elif kind == K_PICK:
        for d in range(NDEPOT):
            for k in range(NSLOT):
                if s.depot[d][k] and (a >> COLOUR_OF[s.depot[d][k]]) & 1:
                    out[n] = A_PICK + d * 4 + k
                    n += 1
        out[n] = A_PASS
        n += 1
    return n


cdef bint task_empty(BState* s, int p) noexcept nogil:
    """True if the pending sub-decision on top has nothing to choose (it is skipped)."""
    cdef int kind = top(s), a = s.ta[s.sp - 1], b = s.tb[s.sp - 1], d, k, g
    cdef BPlayer* P = &s.pl[p]
    if kind == K_SHIP:
        if a == 0:
            for d in range(NDEPOT):
                if dgoods_any(s, d):
                    return False
            return True
        return not (dgoods_any(s, DEPOT_NB[b][0]) or dgoods_any(s, DEPOT_NB[b][1]))
    if kind == K_WARE:
        for g in range(3):
            if P.gtype[g]:
                return False
        return True
    if kind == K_PICK:
        for d in range(NDEPOT):
            for k in range(NSLOT):
                if s.depot[d][k] and (a >> COLOUR_OF[s.depot[d][k]]) & 1:
                    return False
        return True
    if kind == K_HALL:
        for k in range(3):
            if P.store[k] and placeable(s, p, P.store[k], 3):
                return False
        return True
    return False


cdef void advance(BState* s) noexcept nogil:
    """Skip empty sub-decisions and end finished turns."""
    cdef int p
    cdef BPlayer* P
    while not s.over and s.setup_idx < 0:
        p = cur(s)
        P = &s.pl[p]
        if s.sp > 0:
            if task_empty(s, p):
                pop(s)
                continue
            return
        if P.used[0] and P.used[1] and not can_buy(s, p):
            end_turn(s)
            continue
        return


cdef inline void use_src(BState* s, BPlayer* P, int src) noexcept nogil:
    if src < 2:
        P.used[src] = 1
    else:
        pop(s)   # the castle's (or city hall's) pending decision is consumed


cdef void apply_action(BState* s, int act) noexcept nogil:
    cdef int p = cur(s), kind, a, b, src, x, d, k, t, code, g, free
    cdef BPlayer* P = &s.pl[p]
    if s.setup_idx >= 0:
        put_castle(s, p, act - A_START)
        s.setup_idx += 1
        if s.setup_idx >= s.nplayers:
            s.setup_idx = -1
            round_start(s)
        return
    kind = top(s)
    a = s.ta[s.sp - 1] if s.sp else 0
    b = s.tb[s.sp - 1] if s.sp else 0
    if act < A_PLACE:
        src = act // 6
        d = act % 6
        use_src(s, P, src)
        P.workers -= die_cost(P, src, d + 1, has_k(P, 12))
        push(s, K_SLOT, d, 0)
    elif act < A_SELL:
        x = act - A_PLACE
        src = x // 3
        use_src(s, P, src)
        push(s, K_SPACE, x % 3, src)
    elif act < A_WORK:
        x = act - A_SELL
        src = x // 6
        t = x % 6 + 1
        use_src(s, P, src)
        P.workers -= die_cost(P, src, t, 0)
        do_sell(s, p, t)
    elif act < A_BUYB:
        src = act - A_WORK
        use_src(s, P, src)
        P.workers += KNOW_N[14] if has_k(P, 14) else TAKE_WORKERS_N  # k14: 4 instead of 2
        if has_k(P, 13):
            P.silver += KNOW_N[13]
        P.n_work += 1
    elif act < A_SLOT:
        s.bought = 1
        P.silver -= BUY_COST
        P.n_black += 1
        if act < A_BUYD:
            code = s.black[act - A_BUYB]
            s.black[act - A_BUYB] = 0
        else:
            x = act - A_BUYD
            code = s.depot[x // 4][x % 4]
            s.depot[x // 4][x % 4] = 0
        gain_tile(s, p, code)
    elif act < A_SPACE:
        pop(s)
        code = s.depot[a][act - A_SLOT]
        s.depot[a][act - A_SLOT] = 0
        gain_tile(s, p, code)
    elif act < A_DISC:
        pop(s)
        x = act - A_SPACE
        code = P.store[a]
        P.store[a] = 0
        if b < 2:
            P.workers -= die_cost(P, b, DIE[x], place_free(P, COLOUR_OF[code]))
        place_tile(s, p, x, code)
    elif act < A_SHIP:
        pop(s)
        k = act - A_DISC
        s.out[P.store[k]] += 1
        P.store[k] = s.pend_tile
        s.pend_tile = 0
    elif act < A_GOODS:
        pop(s)
        d = act - A_SHIP
        if a == 0 and has_k(P, 5):
            push(s, K_SHIP, 1, d)
        take_goods(s, p, d)
    elif act < A_PICK:
        t = act - A_GOODS + 1
        add_goods(P, t, s.dgoods[a][t])
        s.dgoods[a][t] = 0
        pop(s)
        take_goods(s, p, a)
    elif act < A_WARE:
        pop(s)
        x = act - A_PICK
        code = s.depot[x // 4][x % 4]
        s.depot[x // 4][x % 4] = 0
        gain_tile(s, p, code)
    elif act < A_PASS:
        pop(s)
        do_sell(s, p, act - A_WARE + 1)
    elif act == A_PASS:
        if kind == K_MAIN:
            end_turn(s)
        else:
            pop(s)
    advance(s)
