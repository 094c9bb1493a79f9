# cython: language_level=3
"""Castles of Burgundy decisions: legal actions, applying an action, random playouts.

All functions are ``noexcept nogil`` on a ``BState*``; effects and scoring live in
burgundy_effects.pyx, tables in burgundy_tables.pyx.
"""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from engine_c._rng cimport rng_below
from engine_c.burgundy_types cimport *
from engine_c.burgundy_tables cimport *
from engine_c.burgundy_effects cimport *


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
        P.workers += 2 * TAKE_WORKERS_N if has_k(P, 14) else TAKE_WORKERS_N  # k14: 4 instead of 2
        if has_k(P, 13):
            P.silver += 1
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


cdef int playout(BState* s, uint64_t* rng) noexcept nogil:
    """Uniformly random legal moves to the end; returns the number of decisions."""
    cdef int buf[256]
    cdef int n, steps = 0
    while not s.over:
        n = legal_actions(s, buf)
        if n == 0:                  # a dead end (readers refuse such positions): stop, never divide by 0
            break
        apply_action(s, buf[rng_below(rng, n)])
        steps += 1
    return steps



# ---------------------------------------------------------------------------------------------
# heuristic playout policy (docs/burgundy.md, "Playout policy"): cheap rules of thumb, no search

cdef enum:
    POLICY_EPS = 16         # out of 1024: probability of a uniformly random move (1.6 %)
    POLICY_NOISE = 6        # uniform noise added to every priority (breaks ties, mixes near-equals)


cdef inline bint tile_fits(BPlayer* P, int code) noexcept nogil:
    """The estate has an empty space of this tile's colour next to a filled one."""
    return code != 0 and (P.adj & ~P.filled & COLMASK[P.board][COLOUR_OF[code]]) != 0


cdef inline int tile_value(BPlayer* P, int code) noexcept nogil:
    """Rough worth of gaining ``code``: tiles that fit the estate now, knowledge and buildings first."""
    cdef int c
    if code == 0:
        return 0
    if not tile_fits(P, code):
        return 2
    c = COLOUR_OF[code]
    if c == COL_CASTLE:
        return 30
    if c == COL_KNOWLEDGE:
        return 36
    if c == COL_BUILDING:
        return 30
    if c == COL_PASTURE:
        return 32
    if c == COL_SHIP:
        return 8
    return 28                # mines


cdef inline int storage_free(BPlayer* P) noexcept nogil:
    return (P.store[0] == 0) + (P.store[1] == 0) + (P.store[2] == 0)


cdef int space_priority(BState* s, BPlayer* P, int j, int code) noexcept nogil:
    """Worth of putting ``code`` on estate space j: regions completed or nearly so, animals."""
    cdef int b = P.board
    cdef uint64_t rm = REGMASK[b][REGION[b][j]]
    cdef uint64_t rest = rm & ~P.filled & ~BIT(j)
    cdef int v = 20 - 4 * popcount(rest)
    cdef int sp, k, c
    cdef uint64_t m
    if rest == 0:
        v = 60 + 5 * popcount(rm)                # completes the region
    if (COLMASK[b][COLOUR_OF[code]] & ~P.filled & ~BIT(j)) == 0:
        v += 30                                  # completes the colour
    if TILE_ANIMAL0 <= code < TILE_BUILDING0:
        sp = (code - TILE_ANIMAL0) // 3
        m = rm & P.filled
        while m:
            k = __builtin_ctzll(m)
            m &= m - 1
            c = P.est[k]
            if TILE_ANIMAL0 <= c < TILE_BUILDING0 and (c - TILE_ANIMAL0) // 3 == sp:
                v += 8
    return v


cdef int action_priority(BState* s, int p, int kind, int a, int b, int act) noexcept nogil:
    """Higher is better; only relative order within one decision matters."""
    cdef BPlayer* P = &s.pl[p]
    cdef int src, d, k, t, x, v, code, g
    if act < A_PLACE:                                   # take a tile from depot d
        src = act // 6
        d = act % 6
        v = 0
        for k in range(NSLOT):
            x = tile_value(P, s.depot[d][k])
            if x > v:
                v = x
        if storage_free(P) == 0:
            v -= 25
        return 20 + v - 10 * die_cost(P, src, d + 1, has_k(P, 12))
    if act < A_SELL:                                    # place a stored tile
        code = P.store[(act - A_PLACE) % 3]
        return 90 + (10 if COLOUR_OF[code] == COL_KNOWLEDGE or COLOUR_OF[code] == COL_BUILDING else 0)
    if act < A_WORK:                                    # sell goods of type t
        x = act - A_SELL
        src = x // 6
        t = x % 6 + 1
        g = goods_slot(P, t)
        return 25 + 15 * P.gcount[g] - 10 * die_cost(P, src, t, 0)
    if act < A_BUYB:                                    # take workers
        return 30 if P.workers < 2 else 4
    if act < A_SLOT:                                    # buy (black depot, or a depot with k6)
        if act < A_BUYD:
            code = s.black[act - A_BUYB]
        else:
            x = act - A_BUYD
            code = s.depot[x // 4][x % 4]
        return 15 + tile_value(P, code) - (25 if storage_free(P) == 0 else 0)
    if act < A_SPACE:                                   # which tile of the chosen depot
        return tile_value(P, s.depot[a][act - A_SLOT])
    if act < A_DISC:                                    # which estate space
        code = P.store[a]
        return space_priority(s, P, act - A_SPACE, code) - 10 * (
            die_cost(P, b, DIE[act - A_SPACE], place_free(P, COLOUR_OF[code])) if b < 2 else 0)
    if act < A_SHIP:                                    # discard the least useful stored tile
        return 40 - tile_value(P, P.store[act - A_DISC])
    if act < A_GOODS:                                   # ship: the depot with the most goods
        d = act - A_SHIP
        v = 0
        for t in range(1, 7):
            v += s.dgoods[d][t]
        return 10 * v
    if act < A_PICK:                                    # which new goods type to keep
        return 10 * s.dgoods[a][act - A_GOODS + 1]
    if act < A_WARE:                                    # carpenter / church / market pick
        x = act - A_PICK
        return 10 + tile_value(P, s.depot[x // 4][x % 4]) - (25 if storage_free(P) == 0 else 0)
    if act < A_PASS:                                    # warehouse sale: the largest stack
        g = goods_slot(P, act - A_WARE + 1)
        return 10 + 15 * P.gcount[g]
    if act == A_PASS:
        return 0 if kind == K_MAIN else 5
    return 0                                            # starting castle: all alike


cdef int policy_action(BState* s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """One playout move: epsilon-uniform, otherwise the highest priority plus a little noise."""
    cdef int p, kind, a, b, i, v, best, best_v
    if n == 1:
        return legal[0]
    if rng_below(rng, 1024) < POLICY_EPS or s.setup_idx >= 0:
        return legal[rng_below(rng, n)]
    p = cur(s)
    kind = top(s)
    a = s.ta[s.sp - 1] if s.sp else 0
    b = s.tb[s.sp - 1] if s.sp else 0
    best = legal[0]
    best_v = -1000000
    for i in range(n):
        v = action_priority(s, p, kind, a, b, legal[i]) * 16 + <int>rng_below(rng, POLICY_NOISE * 16)
        if v > best_v:
            best_v = v
            best = legal[i]
    return best


cdef int policy_playout(BState* s, uint64_t* rng) noexcept nogil:
    """Heuristic-policy moves (policy_action) to the end; returns the number of decisions."""
    cdef int buf[256]
    cdef int n, steps = 0
    while not s.over:
        n = legal_actions(s, buf)
        if n == 0:                  # a dead end: stop (policy_action needs n > 0)
            break
        apply_action(s, policy_action(s, buf, n, rng))
        steps += 1
    return steps
