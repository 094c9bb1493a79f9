# Castles of Burgundy: C tables.  Board shapes are built from data.py at import (tables.pyx);
# the numbers are filled from the installed data file by install_tables (no rebuild).
from libc.stdint cimport int8_t, int16_t, uint64_t
from engine_c.burgundy.types cimport NSP, NCODES, MAXREG

# ---- board shapes (compiled in) ----
cdef int8_t COLOUR_OF[NCODES]        # colour index of each tile code
cdef int8_t DIE[NSP]                 # die number of each estate space
cdef uint64_t NBMASK[NSP]            # neighbours of each space
cdef uint64_t DIEMASK[7]             # spaces showing die value v
cdef uint64_t COLMASK[10][6]         # spaces of colour c on board b
cdef int8_t REGION[10][NSP]          # region index of each space on board b
cdef uint64_t REGMASK[10][MAXREG]    # spaces of region r on board b
cdef int8_t DEPOT_NB[6][2]           # knowledge 5: the two neighbours of each depot
cdef int NEAR[7][4]                  # bit v-1 set: die value v within k steps of value i
cdef uint64_t REACH[7][4]            # spaces whose die is within k steps (1<->6 wrap) of value i
cdef int COLOUR_TOTAL[6]

# ---- from the data file (engine_c/burgundy/content.json) ----
cdef int8_t DEPOT_COL[6][4]          # colour of numbered depot spaces
cdef int8_t DEPOT_MARK[6][4]         # player-count mark of numbered depot spaces
cdef int16_t INV_COL[NCODES]         # coloured-back tiles per code
cdef int16_t INV_BLACK[NCODES]       # black-back tiles per code
cdef int REGION_VP_T[9]              # by region size (index 0 unused)
cdef int PHASE_BONUS_T[5]
cdef int BONUS_LARGE[5]              # by player count
cdef int BONUS_SMALL[5]
cdef int SELL_VP[5]
cdef int BLACK_TILES[5]              # black depot tiles drawn per phase
cdef int KNOW_N[27]                  # knowledge n's number (silverlings, workers or VP)
cdef int START_SILVER[4]             # by seat
cdef int START_WORKERS[4]
cdef int BUY_COST, SALE_SILVER, MINE_SILVER, TAKE_WORKERS_N, WATCHTOWER_VP_N, BOARDING_N, BANK_N
cdef int END_GOODS_VP, END_SILVER_VP, END_WORKERS_PER_VP
cdef int GOODS_PER_TYPE_N, GOODS_PER_PHASE_N, START_GOODS_N
