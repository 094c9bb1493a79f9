# Tiletum's content tables as C arrays the rule functions read (nogil, no Python).  They are
# module-level C variables of engine_c/tiletum/tables.pyx, shared with the other rooms through
# this declaration (each reader reaches them through one pointer), and filled once per process by
# engine_c.tiletum.content.install from the data file engine_c/tiletum/content.json (or a user's
# file): editing the data needs no rebuild.  Sizes are the rules' fixed counts (types.pxd).
from engine_c.tiletum.types cimport NCITY, NCATH, NBLD, NB_TILES, NP_TILES, NC_TILES, NFAIRS, NRES, NDISP

cdef enum:
    MAX_NB = 6              # roads per city (the move actions have 6 neighbour slots)
    MAX_HOUSES = 3          # house spaces per city (build k)
    MAX_PILLARS = 2
    MAX_BSPACES = 2         # map bonus spaces per city
    MAX_CATH_TILES = 4      # tiles per cathedral stack (one per player)
    NKING = 22              # king track spaces -6..15
    NO_SPACE = 9            # "fewest players" of a padding entry: never in use

# single rule numbers (rule_numbers)
cdef int TT_AP_TOTAL            # AP of a die = TT_AP_TOTAL - value
cdef int TT_DIE_STEP_GOLD       # gold per step of a die adjustment
cdef int TT_BUY_GOLD            # gold for one resource
cdef int TT_RES_PER_VP          # final scoring: resources per VP
cdef int TT_LAST_LEADER_VP      # round-4 king leader
cdef int TT_ROW_LAST_VP         # filling the 6th contract space
cdef int TT_START_HOUSES
cdef int TT_START_PILLARS

cdef int TT_DICE_DRAWN[5]       # by player count (0, 1 unused)
cdef int TT_START_GOLD[4]       # by turn position
cdef int TT_START_RES[NRES]     # gold entry unused (TT_START_GOLD)
cdef int TT_KING_VP[NKING]      # by position + 6
cdef int TT_CORR[6]
cdef int TT_CREST_FINAL[NBLD + 1]
cdef int TT_SLOT_COST[NDISP]
cdef int TT_CATH_COSTS[NCATH - 1]

cdef int TT_FLOORS[NBLD]
cdef int TT_BHOUSE[NBLD]
cdef int TT_CREST_FOOD[NBLD]
cdef int TT_CREST_VP[NBLD]
cdef int TT_CREST_AP[NBLD]
cdef int TT_TYPE_ACTION[6]

cdef int TT_NNB[NCITY]
cdef int TT_NB[NCITY][MAX_NB]
cdef int TT_NHOUSE[NCITY]
cdef int TT_HOUSE_MINP[NCITY][MAX_HOUSES]
cdef int TT_HOUSE_BONUS[NCITY][MAX_HOUSES]     # 0 none, 1 one gold, 2 one VP
cdef int TT_NPILLAR[NCITY]
cdef int TT_PILLAR_MINP[NCITY][MAX_PILLARS]
cdef int TT_NBSPACE[NCITY]
cdef int TT_BSPACE_MINP[NCITY][MAX_BSPACES]
cdef int TT_NFAIR_CITIES
cdef int TT_FAIR_CITIES[NCITY]
cdef int TT_CATH_CITY[NCATH]
cdef int TT_CATH_NTILES[NCATH]
cdef int TT_CATH_VP[NCATH][MAX_CATH_TILES]

cdef int TT_BONUS_KIND[NB_TILES]
cdef int TT_BONUS_ARG[NB_TILES]
cdef int TT_BONUS_AMT[NB_TILES]
cdef int TT_PERSON_TYPE[NP_TILES]
cdef int TT_PERSON_KIND[NP_TILES]
cdef int TT_PERSON_ARG[NP_TILES]
cdef int TT_PERSON_AMT[NP_TILES]
cdef int TT_CONTRACT_COST[NC_TILES][NRES]
cdef int TT_CONTRACT_VP[NC_TILES]
cdef int TT_CONTRACT_CREST[NC_TILES]
cdef int TT_FAIR_MULT[NFAIRS]
