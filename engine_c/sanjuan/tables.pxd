# San Juan: card and tile tables compiled into the engine.
# card and tile tables (the same numbers as engine_c/sanjuan/data.py; a test checks them)
cdef extern from *:
    """
    static const int SJ_COST[29] __attribute__((unused)) = {1, 2, 3, 4, 5, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 6};
    static const int SJ_VP[29] __attribute__((unused)) = {1, 1, 2, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 2, 2, 4, 3, 5, 0, 0, 0, 0};
    static const int SJ_COPIES[29] __attribute__((unused)) = {10, 8, 8, 8, 8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2};
    static const int SJ_PRICE[5][5] __attribute__((unused)) = {{1, 1, 1, 2, 2}, {1, 1, 2, 2, 2}, {1, 1, 2, 2, 3}, {1, 2, 2, 2, 3}, {1, 2, 2, 3, 3}};
    """
    const int SJ_COST[29]
    const int SJ_VP[29]
    const int SJ_COPIES[29]
    const int SJ_PRICE[5][5]
