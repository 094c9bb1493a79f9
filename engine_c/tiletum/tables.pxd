# Tiletum's content tables as C arrays the rule functions read (nogil, no Python), filled once per
# process from the data file (engine_c/tiletum/content.json, or a user's) by
# engine_c.tiletum.content.install: editing the data needs no rebuild.
#
# The tables are one struct, TT_TAB, and every module that cimports this file (directly or through
# rules.pxd) has its own static copy of it, so the hot loops read them at fixed addresses like the
# constants they were before.  Each such module exposes ``_tables_address()``; install fills the
# master copy in tables.pyx and copies it into every module listed in tables.TABLE_MODULES (a test
# checks that every module of the package with a copy is listed and holds the installed data).
# The names TT_* are macros for the struct's fields.  Sizes are the rules' fixed counts (types.pxd).

cdef enum:
    MAX_NB = 6              # roads per city (the move actions have 6 neighbour slots)
    MAX_HOUSES = 3          # house spaces per city (build k)
    MAX_PILLARS = 2
    MAX_BSPACES = 2         # map bonus spaces per city
    MAX_CATH_TILES = 4      # tiles per cathedral stack (one per player)
    NKING = 22              # king track spaces -6..15
    NO_SPACE = 9            # "fewest players" of a padding entry: never in use

cdef extern from *:
    """
    typedef struct {
        int ap_total;
        int die_step_gold;
        int buy_gold;
        int res_per_vp;
        int last_leader_vp;
        int row_last_vp;
        int start_houses;
        int start_pillars;
        int dice_drawn[5];
        int start_gold[4];
        int start_res[5];
        int king_vp[22];
        int corr[6];
        int crest_final[7];
        int slot_cost[5];
        int cath_costs[9];
        int floors[6];
        int bhouse[6];
        int crest_food[6];
        int crest_vp[6];
        int crest_ap[6];
        int type_action[6];
        int nnb[20];
        int nb[20][6];
        int nhouse[20];
        int house_minp[20][3];
        int house_bonus[20][3];
        int npillar[20];
        int pillar_minp[20][2];
        int nbspace[20];
        int bspace_minp[20][2];
        int nfair_cities;
        int fair_cities[20];
        int cath_city[10];
        int cath_ntiles[10];
        int cath_vp[10][4];
        int bonus_kind[54];
        int bonus_arg[54];
        int bonus_amt[54];
        int person_type[45];
        int person_kind[45];
        int person_arg[45];
        int person_amt[45];
        int contract_cost[26][5];
        int contract_vp[26];
        int contract_crest[26];
        int fair_mult[11];
    } TTTables;
    static TTTables TT_TAB __attribute__((unused));
    #define TT_AP_TOTAL (TT_TAB.ap_total)
    #define TT_DIE_STEP_GOLD (TT_TAB.die_step_gold)
    #define TT_BUY_GOLD (TT_TAB.buy_gold)
    #define TT_RES_PER_VP (TT_TAB.res_per_vp)
    #define TT_LAST_LEADER_VP (TT_TAB.last_leader_vp)
    #define TT_ROW_LAST_VP (TT_TAB.row_last_vp)
    #define TT_START_HOUSES (TT_TAB.start_houses)
    #define TT_START_PILLARS (TT_TAB.start_pillars)
    #define TT_DICE_DRAWN (TT_TAB.dice_drawn)
    #define TT_START_GOLD (TT_TAB.start_gold)
    #define TT_START_RES (TT_TAB.start_res)
    #define TT_KING_VP (TT_TAB.king_vp)
    #define TT_CORR (TT_TAB.corr)
    #define TT_CREST_FINAL (TT_TAB.crest_final)
    #define TT_SLOT_COST (TT_TAB.slot_cost)
    #define TT_CATH_COSTS (TT_TAB.cath_costs)
    #define TT_FLOORS (TT_TAB.floors)
    #define TT_BHOUSE (TT_TAB.bhouse)
    #define TT_CREST_FOOD (TT_TAB.crest_food)
    #define TT_CREST_VP (TT_TAB.crest_vp)
    #define TT_CREST_AP (TT_TAB.crest_ap)
    #define TT_TYPE_ACTION (TT_TAB.type_action)
    #define TT_NNB (TT_TAB.nnb)
    #define TT_NB (TT_TAB.nb)
    #define TT_NHOUSE (TT_TAB.nhouse)
    #define TT_HOUSE_MINP (TT_TAB.house_minp)
    #define TT_HOUSE_BONUS (TT_TAB.house_bonus)
    #define TT_NPILLAR (TT_TAB.npillar)
    #define TT_PILLAR_MINP (TT_TAB.pillar_minp)
    #define TT_NBSPACE (TT_TAB.nbspace)
    #define TT_BSPACE_MINP (TT_TAB.bspace_minp)
    #define TT_NFAIR_CITIES (TT_TAB.nfair_cities)
    #define TT_FAIR_CITIES (TT_TAB.fair_cities)
    #define TT_CATH_CITY (TT_TAB.cath_city)
    #define TT_CATH_NTILES (TT_TAB.cath_ntiles)
    #define TT_CATH_VP (TT_TAB.cath_vp)
    #define TT_BONUS_KIND (TT_TAB.bonus_kind)
    #define TT_BONUS_ARG (TT_TAB.bonus_arg)
    #define TT_BONUS_AMT (TT_TAB.bonus_amt)
    #define TT_PERSON_TYPE (TT_TAB.person_type)
    #define TT_PERSON_KIND (TT_TAB.person_kind)
    #define TT_PERSON_ARG (TT_TAB.person_arg)
    #define TT_PERSON_AMT (TT_TAB.person_amt)
    #define TT_CONTRACT_COST (TT_TAB.contract_cost)
    #define TT_CONTRACT_VP (TT_TAB.contract_vp)
    #define TT_CONTRACT_CREST (TT_TAB.contract_crest)
    #define TT_FAIR_MULT (TT_TAB.fair_mult)
    """
    ctypedef struct TTTables:
        pass
    TTTables TT_TAB
    int TT_AP_TOTAL                     # AP of a die = TT_AP_TOTAL - value
    int TT_DIE_STEP_GOLD                # gold per step of a die adjustment
    int TT_BUY_GOLD                     # gold for one resource
    int TT_RES_PER_VP                   # final scoring: resources per VP
    int TT_LAST_LEADER_VP               # round-4 king leader
    int TT_ROW_LAST_VP                  # filling the 6th contract space
    int TT_START_HOUSES
    int TT_START_PILLARS
    int TT_DICE_DRAWN[5]                # by player count (0, 1 unused)
    int TT_START_GOLD[4]                # by turn position
    int TT_START_RES[5]                 # gold entry unused (TT_START_GOLD)
    int TT_KING_VP[22]                  # by king position + 6
    int TT_CORR[6]
    int TT_CREST_FINAL[7]               # by crested buildings
    int TT_SLOT_COST[5]
    int TT_CATH_COSTS[9]
    int TT_FLOORS[6]
    int TT_BHOUSE[6]
    int TT_CREST_FOOD[6]
    int TT_CREST_VP[6]
    int TT_CREST_AP[6]
    int TT_TYPE_ACTION[6]
    int TT_NNB[20]
    int TT_NB[20][6]                    # neighbours, sorted
    int TT_NHOUSE[20]
    int TT_HOUSE_MINP[20][3]            # fewest players; 9 = padding
    int TT_HOUSE_BONUS[20][3]           # 0 none, 1 one gold, 2 one VP
    int TT_NPILLAR[20]
    int TT_PILLAR_MINP[20][2]
    int TT_NBSPACE[20]
    int TT_BSPACE_MINP[20][2]
    int TT_NFAIR_CITIES
    int TT_FAIR_CITIES[20]
    int TT_CATH_CITY[10]
    int TT_CATH_NTILES[10]
    int TT_CATH_VP[10][4]               # top first
    int TT_BONUS_KIND[54]
    int TT_BONUS_ARG[54]
    int TT_BONUS_AMT[54]
    int TT_PERSON_TYPE[45]
    int TT_PERSON_KIND[45]
    int TT_PERSON_ARG[45]
    int TT_PERSON_AMT[45]
    int TT_CONTRACT_COST[26][5]
    int TT_CONTRACT_VP[26]
    int TT_CONTRACT_CREST[26]
    int TT_FAIR_MULT[11]
