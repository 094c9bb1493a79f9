# cython: language_level=3
"""Castles of Burgundy: the C tables.  Board shapes are built from data.py once at import; the numbers
are filled from the installed data file by ``install_tables`` and read back by ``c_tables``."""
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from engine_c.burgundy.types cimport *

from engine_c.burgundy import data as _D

def _init_shapes():
    """Fill the board-shape tables from data.py (runs once at import)."""
    cdef int i, j, b, c, r, n
    letters = _D.COLOURS
    for code in range(NCODES):
        COLOUR_OF[code] = _D.tile_colour(code) if code else -1
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
            assert popcount(REGMASK[b][n]) <= 8      # REGION_VP_T has sizes 1..8
            n += 1
        assert n <= MAXREG
    for c in range(6):
        COLOUR_TOTAL[c] = popcount(COLMASK[1][c])
    for d in range(6):
        nb = _D.RULE_CHOICES["depot_neighbours"][d + 1]
        DEPOT_NB[d][0] = nb[0] - 1
        DEPOT_NB[d][1] = nb[1] - 1


def install_tables(dict t):
    """Copy the flat tables ``t`` (engine_c.burgundy.data.c_arrays) into the C arrays."""
    global BUY_COST, SALE_SILVER, MINE_SILVER, TAKE_WORKERS_N, WATCHTOWER_VP_N, BOARDING_N, BANK_N
    global END_GOODS_VP, END_SILVER_VP, END_WORKERS_PER_VP, GOODS_PER_TYPE_N, GOODS_PER_PHASE_N, START_GOODS_N
    cdef int i
    for i in range(NCODES):
        INV_COL[i] = t["INV_COL"][i]
        INV_BLACK[i] = t["INV_BLACK"][i]
    for i in range(24):
        DEPOT_COL[i // 4][i % 4] = t["DEPOT_COL"][i]
        DEPOT_MARK[i // 4][i % 4] = t["DEPOT_MARK"][i]
    for i in range(9):
        REGION_VP_T[i] = t["REGION_VP_T"][i]
    for i in range(5):
        PHASE_BONUS_T[i] = t["PHASE_BONUS_T"][i]
        BONUS_LARGE[i] = t["BONUS_LARGE"][i]
        BONUS_SMALL[i] = t["BONUS_SMALL"][i]
        SELL_VP[i] = t["SELL_VP"][i]
        BLACK_TILES[i] = t["BLACK_TILES"][i]
    for i in range(27):
        KNOW_N[i] = t["KNOW_N"][i]
    for i in range(4):
        START_SILVER[i] = t["START_SILVER"][i]
        START_WORKERS[i] = t["START_WORKERS"][i]
    (BUY_COST, SALE_SILVER, MINE_SILVER, TAKE_WORKERS_N, WATCHTOWER_VP_N, BOARDING_N, BANK_N,
     END_GOODS_VP, END_SILVER_VP, END_WORKERS_PER_VP) = t["NUMBERS"]
    GOODS_PER_TYPE_N, GOODS_PER_PHASE_N, START_GOODS_N = t["GOODS"]


def c_tables():
    """The tables the engine reads now, in the shape of data.c_arrays (the tests compare the two)."""
    return {
        "INV_COL": [INV_COL[i] for i in range(NCODES)], "INV_BLACK": [INV_BLACK[i] for i in range(NCODES)],
        "DEPOT_COL": [DEPOT_COL[i // 4][i % 4] for i in range(24)],
        "DEPOT_MARK": [DEPOT_MARK[i // 4][i % 4] for i in range(24)],
        "REGION_VP_T": [REGION_VP_T[i] for i in range(9)], "PHASE_BONUS_T": [PHASE_BONUS_T[i] for i in range(5)],
        "BONUS_LARGE": [BONUS_LARGE[i] for i in range(5)], "BONUS_SMALL": [BONUS_SMALL[i] for i in range(5)],
        "SELL_VP": [SELL_VP[i] for i in range(5)], "BLACK_TILES": [BLACK_TILES[i] for i in range(5)],
        "KNOW_N": [KNOW_N[i] for i in range(27)],
        "NUMBERS": [BUY_COST, SALE_SILVER, MINE_SILVER, TAKE_WORKERS_N, WATCHTOWER_VP_N, BOARDING_N, BANK_N,
                    END_GOODS_VP, END_SILVER_VP, END_WORKERS_PER_VP],
        "GOODS": [GOODS_PER_TYPE_N, GOODS_PER_PHASE_N, START_GOODS_N],
        "START_SILVER": [START_SILVER[i] for i in range(4)], "START_WORKERS": [START_WORKERS[i] for i in range(4)],
    }


_init_shapes()
