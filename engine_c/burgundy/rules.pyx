# cython: language_level=3
"""Castles of Burgundy: phases, rounds, tile effects, goods and scoring on the flat state.

All functions are ``noexcept nogil`` on a ``BState*``; decisions live in moves.pyx.
"""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from engine_c._rng cimport rng_below
from engine_c.burgundy.types cimport *
from engine_c.burgundy.tables cimport *


cdef int draw_counts(int16_t* counts, int lo, int hi, uint64_t* rng) noexcept nogil:
    """Remove one random tile with code in [lo, hi) from a count table; 0 if none left."""
    cdef int total = 0, c, r
    for c in range(lo, hi):
        total += counts[c]
    if total == 0:
        return 0
    r = rng_below(rng, total)
    for c in range(lo, hi):
        if r < counts[c]:
            counts[c] -= 1
            return c
        r -= counts[c]
    return 0


cdef inline int colour_lo(int colour) noexcept nogil:
    if colour == COL_CASTLE:
        return 1
    if colour == COL_MINE:
        return 2
    if colour == COL_SHIP:
        return 3
    if colour == COL_PASTURE:
        return 4
    if colour == COL_BUILDING:
        return 16
    return 24


cdef inline int colour_hi(int colour) noexcept nogil:
    if colour == COL_CASTLE:
        return 2
    if colour == COL_MINE:
        return 3
    if colour == COL_SHIP:
        return 4
    if colour == COL_PASTURE:
        return 16
    if colour == COL_BUILDING:
        return 24
    return 50


cdef int slot_colour(BState* s, int d, int k) noexcept nogil:
    """Colour of numbered depot d (0..5) space k this phase (3-player depot-6 mine swap)."""
    if s.nplayers == 3 and d == 5 and k == 2 and (s.phase == 1 or s.phase == 3):
        return COL_MINE
    return DEPOT_COL[d][k]


# ---------------------------------------------------------------------------------------------
# phases and rounds

cdef void phase_setup(BState* s) noexcept nogil:
    cdef int d, k, c, b, t, r
    for d in range(NDEPOT):
        for k in range(NSLOT):
            if s.depot[d][k]:
                s.out[s.depot[d][k]] += 1
                s.depot[d][k] = 0
            if DEPOT_MARK[d][k] <= s.nplayers:
                c = slot_colour(s, d, k)
                s.depot[d][k] = draw_counts(s.sup_col, colour_lo(c), colour_hi(c), &s.rng)
    for b in range(NBLACK):
        if s.black[b]:
            s.out[s.black[b]] += 1
            s.black[b] = 0
        if b < BLACK_TILES[s.nplayers]:
            s.black[b] = draw_counts(s.sup_black, 1, NCODES, &s.rng)
    for r in range(GOODS_PER_PHASE_N):
        s.round_goods[r] = draw_counts(s.goods_pool, 1, 7, &s.rng)


cdef void compute_order(BState* s, int8_t* order) noexcept nogil:
    """Turn order from the track: right to left, top to bottom."""
    cdef int n = s.nplayers, i, j, p, q
    for i in range(n):
        order[i] = i
    for i in range(1, n):
        j = i
        while j > 0:
            p = order[j - 1]
            q = order[j]
            if (s.pl[q].track_pos > s.pl[p].track_pos or
                    (s.pl[q].track_pos == s.pl[p].track_pos and s.pl[q].track_h > s.pl[p].track_h)):
                order[j - 1] = q
                order[j] = p
                j -= 1
            else:
                break


cdef void round_start(BState* s) noexcept nogil:
    cdef int p, g
    compute_order(s, s.order)
    for p in range(s.nplayers):
        s.pl[p].dice[0] = 1 + rng_below(&s.rng, 6)
        s.pl[p].dice[1] = 1 + rng_below(&s.rng, 6)
        s.pl[p].used[0] = 0
        s.pl[p].used[1] = 0
    s.white = 1 + rng_below(&s.rng, 6)
    g = s.round_goods[s.round]
    if g:
        s.dgoods[s.white - 1][g] += 1
        s.round_goods[s.round] = 0
    s.turn_idx = 0
    s.bought = 0
    s.sp = 0


cdef void phase_end(BState* s) noexcept nogil:
    cdef int p, j, mines
    cdef BPlayer* P
    for p in range(s.nplayers):
        P = &s.pl[p]
        mines = 0
        for j in range(NSP):
            if P.est[j] == TILE_MINE:
                mines += 1
        P.silver += mines * MINE_SILVER
        if has_k(P, 2):
            P.workers += mines * KNOW_N[2]


cdef int final_bonus(BState* s, int p) noexcept nogil:
    """End-of-game points: goods, silverlings, workers, knowledge 15-26."""
    cdef BPlayer* P = &s.pl[p]
    cdef int v = 0, g, t, j, b, n, code
    cdef int species = 0
    for g in range(3):
        v += P.gcount[g] * END_GOODS_VP
    v += P.silver * END_SILVER_VP + P.workers // END_WORKERS_PER_VP
    if has_k(P, 15):
        for t in range(1, 7):
            if P.sold[t] > 0:
                v += KNOW_N[15]
    if has_k(P, 25):
        for t in range(1, 7):
            v += P.sold[t] * KNOW_N[25]
    for b in range(8):
        if has_k(P, 16 + b):
            n = 0
            for j in range(NSP):
                if P.est[j] == TILE_BUILDING0 + b:
                    n += 1
            v += KNOW_N[16 + b] * n
    if has_k(P, 24):
        for j in range(NSP):
            code = P.est[j]
            if TILE_ANIMAL0 <= code < TILE_BUILDING0:
                species |= 1 << ((code - TILE_ANIMAL0) // 3)
        v += KNOW_N[24] * popcount(species)
    if has_k(P, 26):
        v += KNOW_N[26] * (P.bonus_large + P.bonus_small)
    return v


cdef void game_end(BState* s) noexcept nogil:
    cdef int p
    for p in range(s.nplayers):
        s.pl[p].vp += final_bonus(s, p)
    s.over = 1


cdef void end_turn(BState* s) noexcept nogil:
    s.turn_idx += 1
    s.bought = 0
    s.sp = 0
    if s.turn_idx < s.nplayers:
        return
    s.round += 1
    if s.round == 5:
        phase_end(s)
        s.phase += 1
        s.round = 0
        if s.phase == 5:
            s.turn_idx = 0
            game_end(s)
            return
        phase_setup(s)
    round_start(s)


# ---------------------------------------------------------------------------------------------
# tiles and goods

cdef bint city_has(BState* s, int p, int j, int code) noexcept nogil:
    cdef BPlayer* P = &s.pl[p]
    cdef uint64_t m = REGMASK[P.board][REGION[P.board][j]] & P.filled
    cdef int k
    while m:
        k = __builtin_ctzll(m)
        m &= m - 1
        if P.est[k] == code:
            return True
    return False


cdef uint64_t placeable(BState* s, int p, int code, int src) noexcept nogil:
    """Spaces where stored tile ``code`` may go using die source ``src``."""
    cdef BPlayer* P = &s.pl[p]
    cdef int c = COLOUR_OF[code], v, k
    cdef uint64_t m = P.adj & ~P.filled & COLMASK[P.board][c]
    cdef uint64_t mm
    if m == 0:
        return 0
    if src < 2:
        # steps affordable: the free step (knowledge 9-11) plus 1 (2 with knowledge 8) per worker
        v = place_free(P, c) + P.workers * (2 if has_k(P, 8) else 1)
        m &= REACH[P.dice[src]][v if v < 3 else 3]
    if c == COL_BUILDING and not has_k(P, 1):
        mm = m
        while mm:
            k = __builtin_ctzll(mm)
            mm &= mm - 1
            if city_has(s, p, k, code):
                m &= ~BIT(k)
    return m


cdef void gain_tile(BState* s, int p, int code) noexcept nogil:
    """A tile goes to storage; with a full storage the player must discard one first."""
    cdef BPlayer* P = &s.pl[p]
    cdef int k
    for k in range(3):
        if P.store[k] == 0:
            P.store[k] = code
            return
    s.pend_tile = code
    push(s, K_DISCARD, 0, 0)


cdef int goods_slot(BPlayer* P, int t) noexcept nogil:
    cdef int g
    for g in range(3):
        if P.gtype[g] == t:
            return g
    return -1


cdef void add_goods(BPlayer* P, int t, int n) noexcept nogil:
    cdef int g = goods_slot(P, t)
    if g < 0:
        g = goods_slot(P, 0)
        P.gtype[g] = t
    P.gcount[g] += n


cdef void take_goods(BState* s, int p, int d) noexcept nogil:
    """Ship: take the goods of depot d that fit (held types always fit; new types need a free slot)."""
    cdef BPlayer* P = &s.pl[p]
    cdef int t, newtypes = 0, free = 0, g
    for t in range(1, 7):
        if s.dgoods[d][t] > 0:
            if goods_slot(P, t) >= 0:
                add_goods(P, t, s.dgoods[d][t])
                s.dgoods[d][t] = 0
            else:
                newtypes += 1
    for g in range(3):
        if P.gtype[g] == 0:
            free += 1
    if newtypes == 0 or free == 0:
        return
    if newtypes <= free:
        for t in range(1, 7):
            if s.dgoods[d][t] > 0:
                add_goods(P, t, s.dgoods[d][t])
                s.dgoods[d][t] = 0
        return
    push(s, K_GOODS, d, 0)


cdef void do_sell(BState* s, int p, int t) noexcept nogil:
    cdef BPlayer* P = &s.pl[p]
    cdef int g = goods_slot(P, t)
    cdef int n = P.gcount[g]
    P.sold[t] += n
    P.gcount[g] = 0
    P.gtype[g] = 0
    P.silver += KNOW_N[3] if has_k(P, 3) else SALE_SILVER
    if has_k(P, 4):
        P.workers += KNOW_N[4]
    P.vp += n * SELL_VP[s.nplayers]


cdef int animal_score(BState* s, int p, int j, int code) noexcept nogil:
    """Points for animal ``code`` just placed on j: same species in the same pasture, incl. itself."""
    cdef BPlayer* P = &s.pl[p]
    cdef uint64_t m = REGMASK[P.board][REGION[P.board][j]] & P.filled
    cdef int sp = (code - TILE_ANIMAL0) // 3, k, c, v = 0
    cdef int extra = KNOW_N[7] if has_k(P, 7) else 0
    while m:
        k = __builtin_ctzll(m)
        m &= m - 1
        c = P.est[k]
        if TILE_ANIMAL0 <= c < TILE_BUILDING0 and (c - TILE_ANIMAL0) // 3 == sp:
            v += 2 + (c - TILE_ANIMAL0) % 3 + extra
    return v


cdef void move_ship(BState* s, int p) noexcept nogil:
    cdef int q, h = -1, pos = s.pl[p].track_pos + 1
    if pos > 6:
        pos = 6
    for q in range(s.nplayers):
        if q != p and s.pl[q].track_pos == pos and s.pl[q].track_h > h:
            h = s.pl[q].track_h
    s.pl[p].track_pos = pos
    s.pl[p].track_h = h + 1


cdef void put_castle(BState* s, int p, int j) noexcept nogil:
    """Starting castle on space j: fills it, scores nothing."""
    cdef BPlayer* P = &s.pl[p]
    P.est[j] = TILE_CASTLE
    P.filled |= BIT(j)
    P.adj |= NBMASK[j]
    P.castle = j


cdef void place_tile(BState* s, int p, int j, int code) noexcept nogil:
    """Add a tile to the estate and resolve region, colour and tile effects."""
    cdef BPlayer* P = &s.pl[p]
    cdef int c = COLOUR_OF[code], b = P.board, r, scored
    cdef uint64_t rm
    P.est[j] = code
    P.filled |= BIT(j)
    P.adj |= NBMASK[j]
    r = REGION[b][j]
    rm = REGMASK[b][r]
    if (P.filled & rm) == rm:
        P.vp += REGION_VP_T[popcount(rm)] + PHASE_BONUS_T[s.phase]
        if P.vp_phase >= 0:                      # kept apart for the end-of-game breakdown
            P.vp_phase += PHASE_BONUS_T[s.phase]
    rm = COLMASK[b][c]
    if (P.filled & rm) == rm:
        if s.bonus_taken[c] == 0:
            P.vp += BONUS_LARGE[s.nplayers]
            P.bonus_large += 1
            s.bonus_taken[c] = 1
        elif s.bonus_taken[c] == 1:
            P.vp += BONUS_SMALL[s.nplayers]
            P.bonus_small += 1
            s.bonus_taken[c] = 2
    if c == COL_CASTLE:
        push(s, K_FREE, 0, 0)
    elif c == COL_SHIP:
        move_ship(s, p)
        push(s, K_SHIP, 0, 0)
    elif c == COL_PASTURE:
        scored = animal_score(s, p, j, code)
        P.vp += scored
        if P.vp_animals >= 0:
            P.vp_animals += scored
    elif c == COL_KNOWLEDGE:
        P.know |= 1u << (code - TILE_KNOW0)
    elif c == COL_BUILDING:
        b = code - TILE_BUILDING0
        if b == B_WAREHOUSE:
            push(s, K_WARE, 0, 0)
        elif b == B_WATCHTOWER:
            P.vp += WATCHTOWER_VP_N
        elif b == B_CARPENTER:
            push(s, K_PICK, 1 << COL_BUILDING, 0)
        elif b == B_CHURCH:
            push(s, K_PICK, (1 << COL_MINE) | (1 << COL_KNOWLEDGE) | (1 << COL_CASTLE), 0)
        elif b == B_MARKET:
            push(s, K_PICK, (1 << COL_SHIP) | (1 << COL_PASTURE), 0)
        elif b == B_BOARDING:
            P.workers += BOARDING_N
        elif b == B_BANK:
            P.silver += BANK_N
        else:
            push(s, K_HALL, 0, 0)


