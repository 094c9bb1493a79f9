# Castles of Burgundy: C tables built from data.py at import (tables.pyx).
from libc.stdint cimport int8_t, int16_t, uint64_t
from engine_c.burgundy.types cimport NSP, NCODES, MAXREG

cdef int8_t COLOUR_OF[NCODES]        # colour index of each tile code
cdef int8_t DIE[NSP]                 # die number of each estate space
cdef uint64_t NBMASK[NSP]            # neighbours of each space
cdef uint64_t DIEMASK[7]             # spaces showing die value v
cdef uint64_t COLMASK[10][6]         # spaces of colour c on board b
cdef int8_t REGION[10][NSP]          # region index of each space on board b
cdef uint64_t REGMASK[10][MAXREG]    # spaces of region r on board b
cdef int8_t DEPOT_COL[6][4]          # colour of numbered depot spaces
cdef int8_t DEPOT_MARK[6][4]         # player-count mark of numbered depot spaces
cdef int8_t DEPOT_NB[6][2]           # knowledge 5: the two neighbours of each depot
cdef int16_t INV_COL[NCODES]         # coloured-back tiles per code
cdef int16_t INV_BLACK[NCODES]       # black-back tiles per code
cdef int NEAR[7][4]                  # bit v-1 set: die value v within k steps of value i
cdef uint64_t REACH[7][4]            # spaces whose die is within k steps (1<->6 wrap) of value i
cdef int REGION_VP_T[9]
cdef int PHASE_BONUS_T[5]
cdef int COLOUR_TOTAL[6]
cdef int BONUS_LARGE[5]
cdef int BONUS_SMALL[5]
cdef int SELL_VP[5]
cdef int BUY_COST, TAKE_WORKERS_N, WATCHTOWER_VP_N, BOARDING_N, BANK_N
