# A Castle for All Seasons: tables compiled into the engine (a test checks they agree with data.py).
# tables (same numbers as engine_c/seasons/data.py)
cdef extern from *:
    """
    static const int CS_BP[5] __attribute__((unused)) = {1, 2, 4, 5, 0};
    static const int CS_BOX[5] __attribute__((unused)) = {20, 18, 15, 15, 15};
    static const int CS_PAY_KIND[4] __attribute__((unused)) = {3, 2, 1, 0};
    static const int CS_TILES[10] __attribute__((unused)) = {1, 1, 1, 1, 1, 1, 1, 9, 4, 3};
    static const int CS_VALUE[10] __attribute__((unused)) = {30, 24, 22, 18, 18, 18, 12, 10, 8, 12};
    static const int CS_VP[10] __attribute__((unused)) = {18, 14, 12, 14, 14, 10, 6, 8, 6, 10};
    static const int CS_FEE[15] __attribute__((unused)) = {6, 6, 10, 6, 6, 6, 17, 17, 14, 12, 6, 10, 5, 16, 12};
    static const int CS_PLACE_HB[15] __attribute__((unused)) = {0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8};
    static const int CS_HB_TYPE[9] __attribute__((unused)) = {-1, -1, 3, 0, 1, 2, 5, 6, 4};
    static const int CS_TWIN[15] __attribute__((unused)) = {-1, 0, -1, -1, -1, 4, -1, 6, -1, -1, -1, -1, -1, -1, -1};
    static const int CS_YIELD[5] __attribute__((unused)) = {4, 3, 2, 2, 2};
    static const int CS_WORKER[3][5] __attribute__((unused)) = {{0, 2, 0, 0, 1}, {0, 0, 0, 1, 0}, {1, 1, 1, 0, 0}};
    static const int CS_LOAD_A[6] __attribute__((unused)) = {0, 0, 0, 1, 1, 2};
    static const int CS_LOAD_B[6] __attribute__((unused)) = {0, 1, 2, 1, 2, 2};
    static const int CS_GROUP[8] __attribute__((unused)) = {0, 1, 2, 3, 4, 4, 4, 5};
    """
    const int CS_BP[5]
    const int CS_BOX[5]
    const int CS_PAY_KIND[4]
    const int CS_TILES[10]
    const int CS_VALUE[10]
    const int CS_VP[10]
    const int CS_FEE[15]
    const int CS_PLACE_HB[15]
    const int CS_HB_TYPE[9]
    const int CS_TWIN[15]
    const int CS_YIELD[5]
    const int CS_WORKER[3][5]
    const int CS_LOAD_A[6]
    const int CS_LOAD_B[6]
    const int CS_GROUP[8]
