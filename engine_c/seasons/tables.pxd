# A Castle for All Seasons: the content tables the rules read, as module-level C arrays.
# The numbers are not compiled in: engine_c/seasons/content.py fills them once per process from the
# data file (engine_c/seasons/content.json by default) through tables.install(); other modules reach
# them through Cython's shared module variables (one pointer each), so hot loops stay plain C.
# The fixed structure (ids, action layout, payment order, which place belongs to which building)
# stays constant here.
cdef extern from *:
    """
    static const int CS_PAY_KIND[4] __attribute__((unused)) = {3, 2, 1, 0};
    static const int CS_PLACE_HB[15] __attribute__((unused)) = {0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8};
    static const int CS_HB_TYPE[9] __attribute__((unused)) = {-1, -1, 3, 0, 1, 2, 5, 6, 4};
    static const int CS_LOAD_A[6] __attribute__((unused)) = {0, 0, 0, 1, 1, 2};
    static const int CS_LOAD_B[6] __attribute__((unused)) = {0, 1, 2, 1, 2, 2};
    static const int CS_GROUP[8] __attribute__((unused)) = {0, 1, 2, 3, 4, 4, 4, 5};
    """
    const int CS_PAY_KIND[4]        # payment steps: stone, clay, wood, then sand
    const int CS_PLACE_HB[15]       # helper building of each place
    const int CS_HB_TYPE[9]         # building type of each helper building (-1: market, forge)
    const int CS_LOAD_A[6]          # worker2's free-piece options (kind pairs)
    const int CS_LOAD_B[6]
    const int CS_GROUP[8]           # resolution group of each card

from engine_c.seasons.types cimport NWCARD, NMOD

# indices of CS_K (the data file's "constants" table, in this order)
cdef enum:
    K_START_TALERS = 0
    K_TOTAL_TALERS = 1
    K_MESSENGER = 2
    K_MASTER_VP = 3
    K_BRICK_RATE = 4
    K_STONE_PRICE = 5
    K_WORKER_DIV = 6
    K_MAX_BUILDS = 7
    K_MAX_HELPERS = 8
    K_MIN_KINDS = 9
    K_TRIBUTE = 10
    K_SILVER_VALUE = 11
    NK = 12
    MAX_ROUNDS = 30         # highest round count the data may give
    # winter card kinds and their parameters
    W_GAIN = 0
    W_LOSE = 1
    W_OFFER = 2
    W_MODIFY = 3
    W_VP_PER_BUILDING = 4
    WHO_ALL = 0
    WHO_START = 1
    WHAT_TALERS = 5         # after the five resources
    WHAT_VP = 6
    MOD_MESSENGER = 0
    MOD_MASTER_VP = 1
    MOD_FEE = 2
    MOD_YIELD = 3

cdef int CS_BP[5]           # building points per kind (silver 0: a joker)
cdef int CS_BOX[5]          # pieces in the box
cdef int CS_START_RES[5]    # pieces each player takes at setup
cdef int CS_START_TOWER[5]  # pieces on the tower at setup
cdef int CS_TILES[10]       # tiles per building type
cdef int CS_VALUE[10]       # building value
cdef int CS_VP[10]          # VP of a building
cdef int CS_FEE[15]         # helper fee per place
cdef int CS_PVP[15]         # final scoring per place: vp ...
cdef int CS_PPER[15]        # ... per this many counted things
cdef int CS_TWIN[15]        # the identical place before it, or -1 (derived at install)
cdef int CS_YIELD[5]        # pieces per payout per spot
cdef int CS_WORKER[3][5]    # pieces on each worker card
cdef int CS_ROUNDS[5]       # rounds per player count (index 2..4)
cdef int CS_HELPERS[5]      # helpers per player count
cdef int CS_K[NK]           # the constants
cdef int CS_WROUND[MAX_ROUNDS + 1]   # 1: a winter card comes in this round
cdef int CS_WKIND[NWCARD]   # winter cards: kind (W_*)
cdef int CS_WWHO[NWCARD]    # WHO_*
cdef int CS_WWHAT[NWCARD]   # resource 0..4, WHAT_TALERS, WHAT_VP (gain/lose/offer); building type (vp_per_building); MOD_* (modify)
cdef int CS_WN[NWCARD]      # amount (may be negative for modify)
cdef int CS_WCOST[NWCARD]   # offer: talers to pay
