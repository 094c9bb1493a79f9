# cython: language_level=3
"""A Castle for All Seasons: each player's expected final score from the position, a linear fit.

``evaluate`` (the engine's ``evaluate`` hook) returns, at a quiet point (a round about to start its
card selection: no card chosen, nothing of the last round left to resolve), vp + castle scoring as it
stands + w[stage] . features(p) for every player, where the stage is the number of rounds left after
this one and w was fitted by ``scripts/fit_value.py`` to what the playout policy goes on to score
beyond that from such positions.  The castle scoring is counted as points, not left to the fit,
because the playout policy seldom puts helpers in the castle (it owned one at about 5% of the quiet
points of 3-player policy games), too seldom for a fitted weight to learn what the search's own
helpers will score (data file
engine_c/seasons/value_weights.py, one fit per player count).  A search with ``leaf_value`` blends
this estimate into its playouts' results; with ``cutoff`` it stops playouts early and takes the
estimate.  Without weights for the player count it returns 0 and playouts run to the end, unblended.
"""
from libc.string cimport memcpy

from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *
from engine_c.seasons.rules cimport res_value, can_pay
from engine_c.seasons.view cimport final_scoring

from engine_c.fitted_value cimport WeightTable

STAGES = VALUE_STAGES           # Python-visible sizes of the weight table
FEATURES = VALUE_FEATURES
STAGE_RULE = "rounds left after this one, 0 in a last round, at most 14"
# features counted as points with weight 1 on top of their fitted weight (scripts/fit_value.py
# subtracts them from the points to come before fitting)
COUNTED_AS_POINTS = ("final_scoring_now",)
FEATURE_NAMES = (
    "bias", "final_scoring_now", "talers", "resources_value", "silver", "helpers_stock",
    "helpers_castle", "helpers_trader", "buildings", "cards_in_hand", "master_in_hand",
    "seat_after_start", "best_payable_vp", "payable_buildings", "sand", "wood", "clay", "stone",
    "vp_master", "talers_x_rounds_left",
)

# the fitted weights per player count and stage (engine_c/fitted_value.pyx); state.pyx loads the
# shipped ones (value_weights.py, written by scripts/fit_value.py)
cdef WeightTable TABLE = WeightTable(VALUE_STAGES, VALUE_FEATURES)
use_value_weights = TABLE.use           # (players, rows or None)
value_weights = TABLE.get               # (players) -> rows or None


cdef bint quiet(CS* s) noexcept nogil:
    """A round's card selection is about to begin: no card chosen, no card or offer half resolved."""
    return s.phase == PH_SELECT and s.picks == 0


cdef int value_stage(CS* s) noexcept nogil:
    """Rounds left after this one (0 in a last round), capped at VALUE_STAGES - 1."""
    cdef int left = 0 if s.last_round else s.rounds - s.round
    if left < 0:
        left = 0
    return left if left < VALUE_STAGES else VALUE_STAGES - 1


cdef void value_features(CS* s, CS* scored, int p, double* f) noexcept nogil:
    """Player ``p``'s features (FEATURE_NAMES order); ``scored`` is ``s`` after the final scoring."""
    cdef int k, t, pl, castle = 0, trader = 0, buildings = 0, best = 0, payable = 0, seat
    for pl in range(NPLACE):
        if s.place_owner[pl] == p:
            castle += 1
    for k in range(NSPOT):
        if s.spot_owner[k] == p:
            trader += 1
    for t in range(NB):
        buildings += s.built[p][t]
        if s.tiles[t] > 0 and can_pay(s, p, CS_VALUE[t]):
            payable += 1
            if CS_VP[t] > best:
                best = CS_VP[t]
    seat = p - s.start
    if seat < 0:
        seat += s.np
    f[0] = 1.0
    f[1] = scored.vp[p] - s.vp[p]
    f[2] = s.talers[p]
    f[3] = res_value(s, p)
    f[4] = s.res[p][SILVER]
    f[5] = s.helpers[p]
    f[6] = castle
    f[7] = trader
    f[8] = buildings
    f[9] = __builtin_popcount(s.hand[p])
    f[10] = 1.0 if s.hand[p] & (1 << C_MASTER) else 0.0
    f[11] = seat
    f[12] = best
    f[13] = payable
    f[14] = s.res[p][SAND]
    f[15] = s.res[p][WOOD]
    f[16] = s.res[p][CLAY]
    f[17] = s.res[p][STONE]
    f[18] = s.vp_master[p]
    f[19] = s.talers[p] * value_stage(s)


cdef int evaluate(CS* s, double* out) noexcept nogil:
    """Every player's expected final score at a quiet point with weights loaded: 1; else 0."""
    cdef double f[VALUE_FEATURES]
    cdef double* w
    cdef CS scored
    cdef int p, j, n = s.np
    if not quiet(s):
        return 0
    w = TABLE.stage_weights(n, value_stage(s))
    if w == NULL:
        return 0
    memcpy(&scored, s, sizeof(CS))
    final_scoring(&scored)
    for p in range(n):
        value_features(s, &scored, p, f)
        out[p] = s.vp[p] + f[1]          # f[1]: the castle scoring as it stands (COUNTED_AS_POINTS)
        for j in range(VALUE_FEATURES):
            out[p] += w[j] * f[j]
    return 1
