# cython: language_level=3
"""Castles of Burgundy playouts: uniform random moves and the heuristic playout policy
(docs/burgundy.md, "Playout policy"); all ``noexcept nogil`` on a ``BState*``."""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from engine_c._rng cimport rng_below
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
