# cython: language_level=3
"""Castles of Burgundy rules on the flat C state: setup, legal actions, effects, scoring.

Everything here is ``noexcept nogil`` on a ``BState*``; the tables below are C copies of
engine_c/burgundy_data.py made once at import.
"""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from engine_c._rng cimport rng_below, rng_next
from engine_c.burgundy_types cimport *

from engine_c import burgundy_data as _D

cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil

cdef int NEAR[7][4]          # bit v-1 set: die value v within k steps of value i
cdef uint64_t REACH[7][4]    # spaces whose die is within k steps (1<->6 wrap) of value v
cdef int REGION_VP_T[9]
cdef int PHASE_BONUS_T[5]
cdef int COLOUR_TOTAL[6]
cdef int8_t DEPOT_NB[6][2]
cdef int BONUS_LARGE[5]
cdef int BONUS_SMALL[5]
cdef int SELL_VP[5]
cdef int BUY_COST, TAKE_WORKERS_N, WATCHTOWER_VP_N, BOARDING_N, BANK_N


cdef inline uint64_t BIT(int j) noexcept nogil:
    return (<uint64_t>1) << j


cdef int popcount(uint64_t x) noexcept nogil:
    return __builtin_popcountll(x)


def _init_tables():
    """Fill the C tables from burgundy_data (runs once at import)."""
    cdef int i, j, b, c, r, n
    letters = _D.COLOURS
    for code in range(NCODES):
        COLOUR_OF[code] = _D.tile_colour(code) if code else -1
    inv = _D.inventory()
    for code in range(NCODES):
        INV_COL[code] = inv[code][0]
        INV_BLACK[code] = inv[code][1]
    # geometry: axial coordinates of space ids 0..36
    coords = []
    qstart = {-3: 0, -2: -1, -1: -2, 0: -3, 1: -3, 2: -3, 3: -3}
    for row, length in enumerate(_D.ROW_LENGTHS):
        for pos in range(length):
            coords.append((qstart[row - 3] + pos, row - 3))
    index = {xy: k for k, xy in enumerate(coords)}
    for j in range(NSP):
        q, rr = coords[j]
        m = 0
        for dq, dr in ((1, 0), (-1, 0), (0, -1), (0, 1), (1, -1), (-1, 1)):
            k = index.get((q + dq, rr + dr))
            if k is not None:
                m |= 1 << k
        NBMASK[j] = m
        DIE[j] = _D.DIE_TEMPLATE[j]
    for i in range(7):
        DIEMASK[i] = 0
    for j in range(NSP):
        DIEMASK[DIE[j]] |= BIT(j)
    for i in range(1, 7):
        for k in range(4):
            REACH[i][k] = 0
            NEAR[i][k] = 0
            for j in range(1, 7):
                if circ(i, j) <= k:
                    REACH[i][k] |= DIEMASK[j]
                    NEAR[i][k] |= 1 << (j - 1)
    for b in range(10):
        for c in range(6):
            COLMASK[b][c] = 0
        for j in range(NSP):
            REGION[b][j] = -1
        for r in range(MAXREG):
            REGMASK[b][r] = 0
    for b, layout in _D.BOARDS.items():
        for j in range(NSP):
            COLMASK[b][letters.index(layout[j])] |= BIT(j)
        n = 0
        for j in range(NSP):
            if REGION[b][j] >= 0:
                continue
            todo = [j]
            REGION[b][j] = n
            while todo:
                k = todo.pop()
                REGMASK[b][n] |= BIT(k)
                for k2 in range(NSP):
                    if (NBMASK[k] >> k2) & 1 and REGION[b][k2] < 0 and layout[k2] == layout[j]:
                        REGION[b][k2] = n
                        todo.append(k2)
            n += 1
        assert n <= MAXREG
    for c in range(6):
        COLOUR_TOTAL[c] = popcount(COLMASK[1][c])
    for d in range(6):
        for k in range(4):
            DEPOT_COL[d][k] = letters.index(_D.DEPOTS[d][k][0])
            DEPOT_MARK[d][k] = _D.DEPOTS[d][k][1]
        nb = _D.RULE_CHOICES["depot_neighbours"][d + 1]
        DEPOT_NB[d][0] = nb[0] - 1
        DEPOT_NB[d][1] = nb[1] - 1
    for i in range(9):
        REGION_VP_T[i] = _D.REGION_VP[i]
    for i in range(5):
        PHASE_BONUS_T[i] = _D.PHASE_BONUS[i]
    for n in (2, 3, 4):
        BONUS_LARGE[n], BONUS_SMALL[n] = _D.COLOUR_BONUS[n]
        SELL_VP[n] = _D.SELL_VP_PER_TILE[n]
    global BUY_COST, TAKE_WORKERS_N, WATCHTOWER_VP_N, BOARDING_N, BANK_N
    BUY_COST = _D.BLACK_PURCHASE_COST
    TAKE_WORKERS_N = _D.TAKE_WORKERS
    WATCHTOWER_VP_N = _D.WATCHTOWER_VP
    BOARDING_N = _D.BOARDING_HOUSE_WORKERS
    BANK_N = _D.BANK_SILVERLINGS


_init_tables()


# ---------------------------------------------------------------------------------------------
# small helpers

cdef inline bint has_k(BPlayer* P, int n) noexcept nogil:
    return (P.know >> n) & 1


cdef inline int circ(int a, int b) noexcept nogil:
    cdef int d = a - b
    if d < 0:
        d = -d
    if d > 3:
        d = 6 - d
    return d


cdef int die_cost(BPlayer* P, int src, int target, int free) noexcept nogil:
    """Workers needed to turn die ``src`` into ``target`` (castle/city hall dice are free)."""
    if src >= 2:
        return 0
    cdef int r = circ(P.dice[src], target) - free
    if r <= 0:
        return 0
    if has_k(P, 8):
        return (r + 1) >> 1
    return r


cdef inline int place_free(BPlayer* P, int colour) noexcept nogil:
    """Free die steps from knowledge 9 (buildings), 10 (ships, animals), 11 (castles, mines, knowledge)."""
    if colour == COL_BUILDING:
        return has_k(P, 9)
    if colour == COL_SHIP or colour == COL_PASTURE:
        return has_k(P, 10)
    return has_k(P, 11)


cdef inline int cur(BState* s) noexcept nogil:
    if s.setup_idx >= 0:
        return s.setup_idx
    return s.order[s.turn_idx]


cdef int current_player(BState* s) noexcept nogil:
    if s.over:
        return -4
    return cur(s)


cdef inline void push(BState* s, int kind, int a, int b) noexcept nogil:
    s.task[s.sp] = kind
    s.ta[s.sp] = a
    s.tb[s.sp] = b
    s.sp += 1


cdef inline void pop(BState* s) noexcept nogil:
    s.sp -= 1
    s.task[s.sp] = 0
    s.ta[s.sp] = 0
    s.tb[s.sp] = 0


cdef inline int top(BState* s) noexcept nogil:
    if s.sp == 0:
        return K_MAIN
    return s.task[s.sp - 1]


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
        if b < 2 * s.nplayers:
            s.black[b] = draw_counts(s.sup_black, 1, NCODES, &s.rng)
    for r in range(5):
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
        P.silver += mines
        if has_k(P, 2):
            P.workers += mines


cdef int final_bonus(BState* s, int p) noexcept nogil:
    """End-of-game points: goods, silverlings, workers, knowledge 15-26."""
    cdef BPlayer* P = &s.pl[p]
    cdef int v = 0, g, t, j, b, n, code
    cdef int species = 0
    for g in range(3):
        v += P.gcount[g]
    v += P.silver + P.workers // 2
    if has_k(P, 15):
        for t in range(1, 7):
            if P.sold[t] > 0:
                v += 3
    if has_k(P, 25):
        for t in range(1, 7):
            v += P.sold[t]
    for b in range(8):
        if has_k(P, 16 + b):
            n = 0
            for j in range(NSP):
                if P.est[j] == TILE_BUILDING0 + b:
                    n += 1
            v += 4 * n
    if has_k(P, 24):
        for j in range(NSP):
            code = P.est[j]
            if TILE_ANIMAL0 <= code < TILE_BUILDING0:
                species |= 1 << ((code - TILE_ANIMAL0) // 3)
        v += 4 * popcount(species)
    if has_k(P, 26):
        v += 2 * (P.bonus_large + P.bonus_small)
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


cdef void ranks(BState* s, int* out) noexcept nogil:
    """Places after tie-breaks: VP, then empty spaces (fewest or most), then later in turn order."""
    cdef int8_t order[4]
    cdef int pos[4]
    cdef int empt[4]
    cdef int n = s.nplayers, p, q, better
    compute_order(s, order)
    for p in range(n):
        pos[order[p]] = p
    for p in range(n):
        empt[p] = NSP - popcount(s.pl[p].filled)
        if s.tiebreak == 1:
            empt[p] = -empt[p]
    for p in range(n):
        out[p] = 0
        for q in range(n):
            if q == p:
                continue
            better = 0
            if s.pl[q].vp != s.pl[p].vp:
                better = s.pl[q].vp > s.pl[p].vp
            elif empt[q] != empt[p]:
                better = empt[q] < empt[p]
            else:
                better = pos[q] > pos[p]
            out[p] += better


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
    P.silver += 2 if has_k(P, 3) else 1
    if has_k(P, 4):
        P.workers += 1
    P.vp += n * SELL_VP[s.nplayers]


cdef int animal_score(BState* s, int p, int j, int code) noexcept nogil:
    """Points for animal ``code`` just placed on j: same species in the same pasture, incl. itself."""
    cdef BPlayer* P = &s.pl[p]
    cdef uint64_t m = REGMASK[P.board][REGION[P.board][j]] & P.filled
    cdef int sp = (code - TILE_ANIMAL0) // 3, k, c, v = 0
    cdef int extra = has_k(P, 7)
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
    cdef int c = COLOUR_OF[code], b = P.board, r
    cdef uint64_t rm
    P.est[j] = code
    P.filled |= BIT(j)
    P.adj |= NBMASK[j]
    r = REGION[b][j]
    rm = REGMASK[b][r]
    if (P.filled & rm) == rm:
        P.vp += REGION_VP_T[popcount(rm)] + PHASE_BONUS_T[s.phase]
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
        P.vp += animal_score(s, p, j, code)
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
        apply_action(s, buf[rng_below(rng, n)])
        steps += 1
    return steps
