# cython: language_level=3
"""Tiletum: each player's expected final score from the position, a linear fit.

``evaluate`` (the engine's ``evaluate`` hook) returns, at a quiet point (a player is about to take
a die: no turn half done, no king phase pending), vp + w[stage] . features(p) for every player,
where the stage is (round, pass) and w was fitted by ``scripts/fit_value.py`` to what the playout
policy goes on to score from such positions (data file engine_c/tiletum/value_weights.py, one fit
per player count).  A search with ``leaf_value`` blends this estimate into its playouts' results;
with ``cutoff`` it stops playouts early and takes the estimate.  Without weights for the player
count it returns 0 and playouts run to the end, unblended.
"""
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *
from engine_c.tiletum.rules cimport (houses_on_map, n_persons, n_crested, n_full, total_res,
                                     own_house_in, tt_fair_score)

from engine_c.fitted_value cimport WeightTable

STAGES = VALUE_STAGES           # Python-visible sizes of the weight table
FEATURES = VALUE_FEATURES
STAGE_RULE = "round * 3 + pass"
FEATURE_NAMES = (
    "bias", "final_scoring_now", "king_points_now", "fair_points_now", "houses", "pillars",
    "houses_ready", "pillars_ready", "persons", "full_buildings", "crests", "contracts",
    "cathedral_tiles", "resources", "gold", "stored_contracts", "stored_other", "bonus_ap",
    "king", "later_in_order", "houses_x_pillars_ready", "stored_contract_points", "contracts_payable",
    "later_fairs_qualified", "food", "stone",
)

# the fitted weights per player count and stage (engine_c/fitted_value.pyx); state.pyx loads the
# shipped ones (value_weights.py, written by scripts/fit_value.py)
cdef WeightTable TABLE = WeightTable(VALUE_STAGES, VALUE_FEATURES)
use_value_weights = TABLE.use           # (players, rows or None)
value_weights = TABLE.get               # (players) -> rows or None


cdef bint quiet(TT* s) noexcept nogil:
    """A player is about to take a die: nothing of a turn or a round end is half done."""
    return s.phase == PH_DIE


cdef void value_features(TT* s, int p, double* f) noexcept nogil:
    """Player ``p``'s features (FEATURE_NAMES order) for the estimate of its points still to come."""
    cdef TTPlayer* P = &s.pl[p]
    cdef int j, r, code, contracts = 0, other = 0, ap = 0, position = 0, fair = 0, city
    cdef int contract_points = 0, payable = 0, later_fairs = 0
    cdef bint enough
    cdef int houses = houses_on_map(s, p)
    for j in range(P.nstore):
        code = P.store[j]
        if T_CONTRACT <= code < T_CREST:
            contracts += 1
            contract_points += TT_CONTRACT_VP[code - T_CONTRACT]
            enough = True
            for r in range(NRES):
                if P.res[r] < TT_CONTRACT_COST[code - T_CONTRACT][r]:
                    enough = False
            payable += enough
        elif code != 0:
            other += 1
    for j in range(s.round + 1, ROUNDS):
        if own_house_in(s, p, s.fair_city[j]) or P.merchant == s.fair_city[j]:
            later_fairs += 1
    for j in range(NACT):
        ap += P.bonus_ap[j]
    for j in range(s.np):
        if s.order[j] == p:
            position = j
    city = s.fair_city[s.round]
    if own_house_in(s, p, city) or P.merchant == city:
        fair = tt_fair_score(s, p, s.fair_tile[s.round])
    f[0] = 1.0
    f[1] = total_res(s, p) // TT_RES_PER_VP + TT_CREST_FINAL[n_crested(s, p)] + houses * P.pillars_built
    f[2] = TT_KING_VP[P.king - KING_MIN]
    f[3] = fair
    f[4] = houses
    f[5] = P.pillars_built
    f[6] = P.houses_avail
    f[7] = P.pillars_avail
    f[8] = n_persons(s, p)
    f[9] = n_full(s, p)
    f[10] = n_crested(s, p)
    f[11] = P.contracts_done
    f[12] = P.cath_tiles
    f[13] = total_res(s, p)
    f[14] = P.res[GOLD]
    f[15] = contracts
    f[16] = other
    f[17] = ap
    f[18] = P.king
    f[19] = position
    # what the ready pieces would add to houses x pillars if all were built
    f[20] = (houses + P.houses_avail) * (P.pillars_built + P.pillars_avail) - houses * P.pillars_built
    f[21] = contract_points
    f[22] = payable
    f[23] = later_fairs
    f[24] = P.res[FOOD]
    f[25] = P.res[STONE]
    return


cdef int evaluate(TT* s, double* out) noexcept nogil:
    """Every player's expected final score at a quiet point with weights loaded: 1; else 0."""
    cdef double f[VALUE_FEATURES]
    cdef double* w
    cdef int p, j, n = s.np
    if not quiet(s):
        return 0
    w = TABLE.stage_weights(n, s.round * 3 + s.pass_)
    if w == NULL:
        return 0
    for p in range(n):
        value_features(s, p, f)
        out[p] = s.pl[p].vp
        for j in range(VALUE_FEATURES):
            out[p] += w[j] * f[j]
    return 1


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
