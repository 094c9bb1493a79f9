# cython: language_level=3
"""Castles of Burgundy: C copies of the data tables in burgundy_data.py, filled once at import."""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from engine_c.burgundy.types cimport *

from engine_c.burgundy import data as _D

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
