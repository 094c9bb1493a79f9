# GENERATED from engine_c/tiletum/data.py by c_tables_source(); do not edit by hand.
# The build (setup.py) rewrites this file whenever data.py changes it.
cdef extern from *:
    """
    static const int TT_KING_VP[22] __attribute__((unused)) = {-6, -5, -4, -3, -2, -1, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7};
    static const int TT_CREST_FINAL[7] __attribute__((unused)) = {0, 0, 0, 5, 10, 20, 30};
    static const int TT_SLOT_COST[5] __attribute__((unused)) = {1, 1, 2, 2, 3};
    static const int TT_START_GOLD[4] __attribute__((unused)) = {1, 3, 5, 6};
    static const int TT_CORR[6] __attribute__((unused)) = {1, 1, 1, 2, 2, 3};
    static const int TT_FLOORS[6] __attribute__((unused)) = {3, 2, 2, 1, 1, 3};
    static const int TT_BHOUSE[6] __attribute__((unused)) = {1, 1, 1, 1, 1, 0};
    static const int TT_CREST_FOOD[6] __attribute__((unused)) = {4, 3, 3, 2, 2, 4};
    static const int TT_CREST_VP[6] __attribute__((unused)) = {3, 2, 2, 1, 1, 5};
    static const int TT_CREST_AP[6] __attribute__((unused)) = {3, 2, 2, 1, 1, 0};
    static const int TT_TYPE_ACTION[6] __attribute__((unused)) = {0, 1, 4, 3, 2, 5};
    static const int TT_NNB[20] __attribute__((unused)) = {4, 3, 2, 5, 3, 4, 3, 3, 2, 4, 4, 2, 3, 4, 2, 4, 3, 3, 2, 2};
    static const int TT_NB[20][6] __attribute__((unused)) = {{1, 3, 4, 7, 0, 0}, {0, 2, 5, 0, 0, 0}, {1, 5, 0, 0, 0, 0}, {0, 4, 5, 6, 13, 0}, {0, 3, 10, 0, 0, 0}, {1, 2, 3, 6, 0, 0}, {3, 5, 13, 0, 0, 0}, {0, 8, 9, 0, 0, 0}, {7, 9, 0, 0, 0, 0}, {7, 8, 10, 11, 0, 0}, {4, 9, 12, 16, 0, 0}, {9, 12, 0, 0, 0, 0}, {10, 11, 19, 0, 0, 0}, {3, 6, 14, 15, 0, 0}, {13, 15, 0, 0, 0, 0}, {13, 14, 16, 18, 0, 0}, {10, 15, 17, 0, 0, 0}, {16, 18, 19, 0, 0, 0}, {15, 17, 0, 0, 0, 0}, {12, 17, 0, 0, 0, 0}};
    static const int TT_NHOUSE[20] __attribute__((unused)) = {0, 2, 2, 3, 1, 2, 1, 2, 2, 3, 1, 2, 2, 1, 2, 2, 2, 2, 2, 3};
    static const int TT_HOUSE_MINP[20][3] __attribute__((unused)) = {{9, 9, 9}, {2, 4, 9}, {2, 3, 9}, {2, 3, 4}, {2, 9, 9}, {2, 4, 9}, {3, 9, 9}, {2, 4, 9}, {2, 3, 9}, {2, 3, 4}, {2, 9, 9}, {2, 4, 9}, {2, 3, 9}, {2, 9, 9}, {2, 3, 9}, {2, 4, 9}, {2, 3, 9}, {2, 4, 9}, {2, 3, 9}, {2, 3, 4}};
    static const int TT_HOUSE_BONUS[20][3] __attribute__((unused)) = {{0, 0, 0}, {0, 2, 0}, {0, 1, 0}, {0, 1, 2}, {0, 0, 0}, {0, 2, 0}, {1, 0, 0}, {0, 2, 0}, {0, 1, 0}, {0, 1, 2}, {0, 0, 0}, {0, 2, 0}, {0, 1, 0}, {0, 0, 0}, {0, 1, 0}, {0, 2, 0}, {0, 1, 0}, {0, 2, 0}, {0, 1, 0}, {0, 1, 2}};
    static const int TT_NPILLAR[20] __attribute__((unused)) = {0, 0, 2, 2, 2, 1, 2, 2, 0, 0, 2, 0, 0, 0, 0, 2, 0, 2, 0, 2};
    static const int TT_PILLAR_MINP[20][2] __attribute__((unused)) = {{9, 9}, {9, 9}, {2, 4}, {2, 3}, {2, 4}, {2, 9}, {2, 4}, {2, 3}, {9, 9}, {9, 9}, {2, 3}, {9, 9}, {9, 9}, {9, 9}, {9, 9}, {2, 4}, {9, 9}, {2, 3}, {9, 9}, {2, 4}};
    static const int TT_NBSPACE[20] __attribute__((unused)) = {0, 1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1, 1, 1, 1, 2, 1};
    static const int TT_BSPACE_MINP[20][2] __attribute__((unused)) = {{9, 9}, {2, 9}, {2, 9}, {2, 4}, {3, 9}, {2, 9}, {2, 9}, {2, 9}, {2, 4}, {2, 9}, {3, 9}, {2, 9}, {2, 9}, {2, 4}, {2, 9}, {2, 9}, {2, 9}, {2, 9}, {2, 4}, {2, 9}};
    static const int TT_CATH_CITY[10] __attribute__((unused)) = {2, 3, 4, 5, 6, 7, 10, 15, 17, 19};
    static const int TT_CATH_GREAT[10] __attribute__((unused)) = {1, 1, 1, 0, 0, 1, 0, 0, 1, 0};
    static const int TT_CATH_COSTS[9] __attribute__((unused)) = {2, 2, 3, 3, 3, 4, 4, 5, 5};
    static const int TT_FAIR_CITIES[8] __attribute__((unused)) = {1, 2, 3, 4, 9, 15, 16, 19};
    static const int TT_BONUS_KIND[54] __attribute__((unused)) = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3, 3, 3, 3, 1, 1, 1, 1, 2, 2, 2, 2, 6, 6, 6, 6, 6, 5, 5, 5, 5, 7, 7, 7, 8, 8, 8, 4, 4, 4, 4, 10, 10, 10, 10, 10, 10, 10, 10, 9, 9, 9};
    static const int TT_BONUS_ARG[54] __attribute__((unused)) = {1, 1, 2, 2, 3, 3, 4, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0};
    static const int TT_BONUS_AMT[54] __attribute__((unused)) = {2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 3, 3, 3, 3, 2, 2, 2, 2, 2, 2, 2, 2, 2, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 2, 2};
    static const int TT_PERSON_TYPE[45] __attribute__((unused)) = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4, 4, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5};
    static const int TT_PERSON_KIND[45] __attribute__((unused)) = {0, 0, 0, 4, 1, 0, 0, 5, 0, 0, 0, 4, 1, 0, 0, 5, 2, 2, 0, 1, 0, 2, 0, 5, 0, 0, 0, 1, 0, 0, 5, 0, 0, 0, 1, 2, 0, 5, 0, 1, 3, 2, 0, 0, 5};
    static const int TT_PERSON_ARG[45] __attribute__((unused)) = {4, 2, 0, 0, 0, 1, 3, 0, 3, 3, 0, 0, 0, 4, 2, 0, 0, 0, 0, 0, 1, 0, 4, 0, 4, 2, 2, 0, 0, 1, 0, 1, 1, 0, 0, 0, 3, 0, 0, 0, 0, 0, 1, 4, 0};
    static const int TT_PERSON_AMT[45] __attribute__((unused)) = {2, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2, 1, 2, 2, 2, 2, 2, 3, 2, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1};
    static const int TT_CONTRACT_COST[26][5] __attribute__((unused)) = {{0, 0, 1, 0, 2}, {0, 0, 2, 0, 1}, {0, 0, 0, 0, 3}, {0, 0, 3, 0, 0}, {0, 0, 2, 0, 2}, {0, 0, 1, 0, 3}, {0, 0, 3, 0, 1}, {0, 1, 1, 0, 2}, {0, 0, 2, 1, 1}, {1, 0, 2, 0, 2}, {0, 0, 0, 0, 4}, {0, 0, 4, 0, 0}, {0, 0, 2, 0, 3}, {0, 0, 3, 0, 2}, {0, 1, 2, 0, 2}, {0, 0, 2, 1, 2}, {0, 0, 3, 0, 3}, {0, 0, 0, 0, 2}, {0, 0, 2, 0, 0}, {0, 1, 1, 0, 1}, {0, 0, 1, 0, 2}, {0, 0, 2, 0, 1}, {0, 0, 1, 0, 3}, {0, 0, 3, 0, 1}, {0, 2, 2, 0, 2}, {2, 0, 2, 0, 2}};
    static const int TT_CONTRACT_VP[26] __attribute__((unused)) = {4, 4, 4, 4, 6, 6, 6, 6, 6, 7, 6, 6, 8, 8, 7, 7, 10, 2, 2, 2, 2, 2, 4, 4, 8, 8};
    static const int TT_CONTRACT_CREST[26] __attribute__((unused)) = {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 0, 0};
    static const int TT_FAIR_MULT[11] __attribute__((unused)) = {2, 2, 3, 1, 4, 3, 2, 1, 3, 1, 5};
    """
    const int TT_KING_VP[22]
    const int TT_CREST_FINAL[7]
    const int TT_SLOT_COST[5]
    const int TT_START_GOLD[4]
    const int TT_CORR[6]
    const int TT_FLOORS[6]
    const int TT_BHOUSE[6]
    const int TT_CREST_FOOD[6]
    const int TT_CREST_VP[6]
    const int TT_CREST_AP[6]
    const int TT_TYPE_ACTION[6]
    const int TT_NNB[20]
    const int TT_NB[20][6]
    const int TT_NHOUSE[20]
    const int TT_HOUSE_MINP[20][3]
    const int TT_HOUSE_BONUS[20][3]
    const int TT_NPILLAR[20]
    const int TT_PILLAR_MINP[20][2]
    const int TT_NBSPACE[20]
    const int TT_BSPACE_MINP[20][2]
    const int TT_CATH_CITY[10]
    const int TT_CATH_GREAT[10]
    const int TT_CATH_COSTS[9]
    const int TT_FAIR_CITIES[8]
    const int TT_BONUS_KIND[54]
    const int TT_BONUS_ARG[54]
    const int TT_BONUS_AMT[54]
    const int TT_PERSON_TYPE[45]
    const int TT_PERSON_KIND[45]
    const int TT_PERSON_ARG[45]
    const int TT_PERSON_AMT[45]
    const int TT_CONTRACT_COST[26][5]
    const int TT_CONTRACT_VP[26]
    const int TT_CONTRACT_CREST[26]
    const int TT_FAIR_MULT[11]
