# cython: language_level=3
"""Castles of Burgundy playouts: uniform random moves and the heuristic playout policy
(docs/burgundy.md, "Playout policy"); all ``noexcept nogil`` on a ``BState*``."""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from libc.math cimport exp
from engine_c._rng cimport rng_below, rng_double
from engine_c.burgundy.types cimport *
from engine_c.burgundy.tables cimport *
from engine_c.burgundy.rules cimport *
from engine_c.burgundy.moves cimport legal_actions, apply_action

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


cdef inline int gained_tile(BState* s, BPlayer* P, int a, int act) noexcept nogil:
    """The tile a move gains (the depot's most useful one for a take), else 0."""
    cdef int d, k, x, best = 0, best_v = -1
    if act < A_PLACE:
        d = act % 6
        for k in range(NSLOT):
            x = tile_value(P, s.depot[d][k])
            if s.depot[d][k] and x > best_v:
                best_v = x
                best = s.depot[d][k]
        return best
    if A_BUYB <= act < A_BUYD:
        return s.black[act - A_BUYB]
    if A_BUYD <= act < A_SLOT:
        x = act - A_BUYD
        return s.depot[x // 4][x % 4]
    if A_SLOT <= act < A_SPACE:
        return s.depot[a][act - A_SLOT]
    if A_PICK <= act < A_WARE:
        x = act - A_PICK
        return s.depot[x // 4][x % 4]
    return 0


cdef void action_features(BState* s, int p, int kind, int a, int b, int act, double* f) noexcept nogil:
    """The fitted policy's view of one move (POLICY_FEATURES numbers; docs/burgundy.md,
    "Fitted playout policy"): the hand-written priority, the move's kind, and the terms the
    priority is made of, so a fit can reweigh them."""
    cdef BPlayer* P = &s.pl[p]
    cdef int i, kind_index, code = 0, x, g, t, d, k
    cdef uint64_t rm, rest, m
    for i in range(POLICY_FEATURES):
        f[i] = 0.0
    f[0] = action_priority(s, p, kind, a, b, act) / 10.0
    if act < A_PLACE:
        kind_index = 0
    elif act < A_SELL:
        kind_index = 1
    elif act < A_WORK:
        kind_index = 2
    elif act < A_BUYB:
        kind_index = 3
    elif act < A_SLOT:
        kind_index = 4
    elif act < A_SPACE:
        kind_index = 5
    elif act < A_DISC:
        kind_index = 6
    elif act < A_SHIP:
        kind_index = 7
    elif act < A_GOODS:
        kind_index = 8
    elif act < A_PICK:
        kind_index = 9
    elif act < A_WARE:
        kind_index = 10
    elif act < A_PASS:
        kind_index = 11
    elif act == A_PASS:
        kind_index = 12 if kind == K_MAIN else 13
    else:
        return                                          # starting castle: no features
    f[1 + kind_index] = 1.0
    if act < A_PLACE:                                   # workers a die costs (take, sell, place)
        f[15] = die_cost(P, act // 6, act % 6 + 1, has_k(P, 12))
    elif A_SELL <= act < A_WORK:
        x = act - A_SELL
        f[15] = die_cost(P, x // 6, x % 6 + 1, 0)
    code = gained_tile(s, P, a, act)
    if code:
        f[16] = tile_value(P, code) / 10.0
        f[17] = storage_free(P) == 0
    if A_PLACE <= act < A_SELL:
        code = P.store[(act - A_PLACE) % 3]
    if A_SPACE <= act < A_DISC:                         # where a tile goes
        code = P.store[a]
        x = act - A_SPACE
        rm = REGMASK[P.board][REGION[P.board][x]]
        rest = rm & ~P.filled & ~BIT(x)
        f[18] = rest == 0
        f[19] = popcount(rm) / 4.0
        f[20] = (COLMASK[P.board][COLOUR_OF[code]] & ~P.filled & ~BIT(x)) == 0
        if TILE_ANIMAL0 <= code < TILE_BUILDING0:      # same-species animals already in the region
            m = rm & P.filled
            while m:
                k = __builtin_ctzll(m)
                m &= m - 1
                if TILE_ANIMAL0 <= P.est[k] < TILE_BUILDING0 and (P.est[k] - TILE_ANIMAL0) // 3 == (code - TILE_ANIMAL0) // 3:
                    f[21] += 1.0
        f[31] = popcount(rest) / 4.0
        if b < 2:
            f[15] = die_cost(P, b, DIE[x], place_free(P, COLOUR_OF[code]))
    if A_SELL <= act < A_WORK:
        g = goods_slot(P, (act - A_SELL) % 6 + 1)
        f[22] = P.gcount[g]
    elif A_WARE <= act < A_PASS:
        g = goods_slot(P, act - A_WARE + 1)
        f[22] = P.gcount[g]
    elif A_SHIP <= act < A_GOODS:
        d = act - A_SHIP
        for t in range(1, 7):
            f[23] += s.dgoods[d][t]
    if code:
        f[24 + COLOUR_OF[code]] = 1.0
    f[30] = s.phase / 4.0


# The fitted policy's weights (engine_c/burgundy/policy_weights.py, written by
# scripts/fit_policy.py); while none are loaded, playouts use the hand-written priorities.
cdef double FITTED_WEIGHTS[POLICY_FEATURES]
cdef bint fitted = False


def use_fitted_weights(weights):
    """Play out with the softmax policy of these weights (one per move feature); None: the hand-written one."""
    global fitted
    cdef int k
    if weights is None:
        fitted = False
        return
    if len(weights) != POLICY_FEATURES:
        raise ValueError(f"the fitted policy takes {POLICY_FEATURES} weights, got {len(weights)}")
    for k in range(POLICY_FEATURES):
        FITTED_WEIGHTS[k] = float(weights[k])
    fitted = True


def fitted_weights():
    """The fitted policy's weights in use, or None while playouts use the hand-written priorities."""
    return [FITTED_WEIGHTS[k] for k in range(POLICY_FEATURES)] if fitted else None


cdef int fitted_action(BState* s, int p, int kind, int a, int b, int* legal, int n, uint64_t* rng) noexcept nogil:
    """A move drawn from the fitted softmax: P(move) ~ exp(FITTED_WEIGHTS . features(move))."""
    cdef double f[POLICY_FEATURES]
    cdef double z[256]
    cdef double top_z = -1e300, total = 0.0, u
    cdef int i, k
    for i in range(n):
        action_features(s, p, kind, a, b, legal[i], f)
        z[i] = 0.0
        for k in range(POLICY_FEATURES):
            z[i] += FITTED_WEIGHTS[k] * f[k]
        if z[i] > top_z:
            top_z = z[i]
    for i in range(n):
        z[i] = exp(z[i] - top_z)
        total += z[i]
    u = rng_double(rng) * total
    for i in range(n):
        u -= z[i]
        if u < 0:
            return legal[i]
    return legal[n - 1]


cdef int policy_action(BState* s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """One playout move: epsilon-uniform, otherwise the highest priority plus a little noise
    (or, with fitted weights loaded, a draw from the fitted softmax)."""
    cdef int p, kind, a, b, i, v, best, best_v
    if n == 1:
        return legal[0]
    if rng_below(rng, 1024) < POLICY_EPS or s.setup_idx >= 0:
        return legal[rng_below(rng, n)]
    p = cur(s)
    kind = top(s)
    a = s.ta[s.sp - 1] if s.sp else 0
    b = s.tb[s.sp - 1] if s.sp else 0
    if fitted:
        return fitted_action(s, p, kind, a, b, legal, n, rng)
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
