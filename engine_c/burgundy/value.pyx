# cython: language_level=3
"""Castles of Burgundy: each player's expected final score from the position, a linear fit.

``evaluate`` (the engine's ``evaluate`` hook) returns, at a quiet point (a main decision: no
pending sub-decision, setup over), vp + w[stage] . features(p) for every player, where the
stage is (phase, round) and w was fitted by ``scripts/fit_value.py`` to what the playout policy
goes on to score from such positions (data file engine_c/burgundy/value_weights.py, one fit per
player count).  A search with ``cutoff`` plays a few policy moves past its tree and then asks for
this estimate instead of playing to the end: less noise per iteration, at the price of the
fit's bias.  Without weights for the player count it returns 0 and playouts run to the end.
"""
from engine_c.burgundy.types cimport *
from engine_c.burgundy.tables cimport COLMASK, REGMASK, COLOUR_TOTAL
from engine_c.burgundy.rules cimport final_bonus

from engine_c.fitted_value cimport WeightTable

STAGES = VALUE_STAGES           # Python-visible sizes of the weight table
STAGE_RULE = "phase * 5 + round"
FEATURES = VALUE_FEATURES
FEATURE_NAMES = (
    "bias", "end_bonus_now", "silverlings", "workers", "goods", "goods_types", "stored_tiles",
    "empty_spaces", "frontier", "regions_one_left", "regions_two_left", "colour_bonus_close",
    "knowledge", "buildings", "animals", "mines", "ships", "dice_left", "later_in_order",
)

# the fitted weights per player count and stage (engine_c/fitted_value.pyx); state.pyx loads the
# shipped ones (value_weights.py, written by scripts/fit_value.py)
cdef WeightTable TABLE = WeightTable(VALUE_STAGES, VALUE_FEATURES)
use_value_weights = TABLE.use           # (players, rows or None)
value_weights = TABLE.get               # (players) -> rows or None


cdef bint quiet(BState* s) noexcept nogil:
    """A main decision of a running game: nothing of a turn is half done."""
    return not s.over and s.setup_idx < 0 and s.sp == 0


cdef void value_features(BState* s, int p, double* f) noexcept nogil:
    """Player ``p``'s features (FEATURE_NAMES order) for the estimate of its points still to come."""
    cdef BPlayer* P = &s.pl[p]
    cdef int j, r, c, left, types = 0, stored = 0, near1 = 0, near2 = 0, close = 0
    cdef int code, buildings = 0, animals = 0, mines = 0, ships = 0, goods = 0, position = 0
    cdef uint64_t m
    for j in range(3):
        goods += P.gcount[j]
        if P.gtype[j] != 0:
            types += 1
        if P.store[j] != 0:
            stored += 1
    for r in range(MAXREG):
        m = REGMASK[P.board][r]
        if m == 0:
            continue
        left = popcount(m & ~P.filled)
        if left == 1:
            near1 += 1
        elif left == 2:
            near2 += 1
    for c in range(6):
        m = COLMASK[P.board][c]
        left = popcount(m & ~P.filled)
        if 0 < left <= 2 and s.bonus_taken[c] < 2:
            close += 1
    for j in range(NSP):
        code = P.est[j]
        if TILE_BUILDING0 <= code < TILE_BUILDING0 + 8:
            buildings += 1
        elif TILE_ANIMAL0 <= code < TILE_BUILDING0:
            animals += 1
        elif code == TILE_MINE:
            mines += 1
        elif code == TILE_SHIP:
            ships += 1
    for j in range(s.nplayers):
        if s.order[j] == p:
            position = j
    f[0] = 1.0
    f[1] = final_bonus(s, p)
    f[2] = P.silver
    f[3] = P.workers
    f[4] = goods
    f[5] = types
    f[6] = stored
    f[7] = NSP - popcount(P.filled)
    f[8] = popcount(P.adj & ~P.filled)
    f[9] = near1
    f[10] = near2
    f[11] = close
    f[12] = popcount(P.know)
    f[13] = buildings
    f[14] = animals
    f[15] = mines
    f[16] = ships
    f[17] = (P.used[0] == 0) + (P.used[1] == 0)
    f[18] = position
    return


cdef int evaluate(BState* s, double* out) noexcept nogil:
    """Every player's expected final score at a quiet point with weights loaded: 1; else 0."""
    cdef double f[VALUE_FEATURES]
    cdef double* w
    cdef int p, j, n = s.nplayers
    if not quiet(s) or s.phase > 4:
        return 0
    w = TABLE.stage_weights(n, s.phase * 5 + s.round)
    if w == NULL:
        return 0
    for p in range(n):
        value_features(s, p, f)
        out[p] = s.pl[p].vp
        for j in range(VALUE_FEATURES):
            out[p] += w[j] * f[j]
    return 1
