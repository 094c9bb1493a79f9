# cython: language_level=3
"""San Juan: each player's expected final score from the position, a linear fit.

``evaluate`` (the engine's ``evaluate`` hook) returns, at a quiet point (a player is about to choose
a role), the score as it stands + w[stage] . features(p) for every player, where the stage is the
most buildings any player has and w was fitted by ``scripts/fit_value.py`` to what the playout
policy goes on to score from such positions (data file engine_c/sanjuan/value_weights.py, one fit
per player count).  The score as it stands is the rules' whole final scoring applied now (printed
VP, chapel cards, the 6-cost buildings' bonuses as they would count now, the seat bonus): it is
what ``state.scores()`` gives, so nothing is counted on top of it (COUNTED_AS_POINTS is empty) and
the fit is of the points still to come beyond it.  A search with ``leaf_value`` blends this estimate
into its playouts' results; with ``cutoff`` it stops playouts early and takes the estimate.
Without weights for the player count it returns 0 and playouts run to the end, unblended.

The quiet point is the role choice (phase ``role``), every one of the round, not only the
governor's first: there the previous role's phase is over for every player (no payment, councillor
or gold-mine draw, production or sale half made, no card pending) and the round's start (chapel
tucks, hand limits) is behind, so the position is a plain "cards, buildings, goods" one.  It comes
3 or 4 times a round, so a playout meets one within a role phase of the search tree's leaf; the
governor's first choice alone would leave up to a whole round of policy moves before the estimate.
The role choices still to come this round for a player (``picks_left``) tell the features apart.
"""
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.tables cimport *
from engine_c.sanjuan.rules cimport sj_goods, chooser_of_pick
from engine_c.sanjuan.view cimport sj_scores

from engine_c.fitted_value cimport WeightTable

STAGES = VALUE_STAGES           # Python-visible sizes of the weight table
FEATURES = VALUE_FEATURES
STAGE_RULE = "the most buildings any player has, less one: 0 .. 10"
# features counted as points with weight 1 on top of the score (none: the score as it stands,
# state.scores(), already holds the chapel cards and the 6-cost buildings' bonuses)
COUNTED_AS_POINTS = ()
FEATURE_NAMES = (
    "bias", "score_now", "bonus_now", "buildings", "cards_in_hand", "goods", "production",
    "production_value", "monuments", "six_cost_owned", "six_cost_in_hand", "six_cost_hand_bonus",
    "payable_buildings", "best_payable_vp", "picks_left", "chapel", "library", "smithy", "quarry",
    "card_buildings",
)
# buildings that bring their owner cards or goods (goods become cards): counted by card_buildings
CARD_BUILDINGS = ("gold_mine", "archive", "poor_house", "trading_post", "well", "market_stand",
                  "aqueduct", "carpenter", "prefecture", "market_hall")

cdef enum:
    N_CARD_BUILDINGS = 10
cdef int CARD_KINDS[N_CARD_BUILDINGS]
CARD_KINDS[:] = [GOLD_MINE, ARCHIVE, POOR_HOUSE, TRADING_POST, WELL, MARKET_STAND, AQUEDUCT, CARPENTER,
                 PREFECTURE, MARKET_HALL]
cdef int ARCH_BONUS[4]           # the triumphal arch's points for 0 .. 3 monuments
ARCH_BONUS[:] = [0, 4, 6, 8]

# the fitted weights per player count and stage (engine_c/fitted_value.pyx); state.pyx loads the
# shipped ones (value_weights.py, written by scripts/fit_value.py)
cdef WeightTable TABLE = WeightTable(VALUE_STAGES, VALUE_FEATURES)
use_value_weights = TABLE.use           # (players, rows or None)
value_weights = TABLE.get               # (players) -> rows or None


cdef bint quiet(SJ* s) noexcept nogil:
    """A player is about to choose a role: no role's phase and no round start half done."""
    return s.phase == PH_ROLE


cdef int value_stage(SJ* s) noexcept nogil:
    """The most buildings any player has, less one (0 .. 10; 11 and more capped at 10)."""
    cdef int p, most = 1
    for p in range(s.np):
        if s.nbld[p] > most:
            most = s.nbld[p]
    return most - 1 if most <= VALUE_STAGES else VALUE_STAGES - 1


cdef void value_features(SJ* s, int* scores, int p, double* f) noexcept nogil:
    """Player ``p``'s features (FEATURE_NAMES order); ``scores`` is every player's score now (sj_scores)."""
    cdef int i, k, cost, power, base, prod = 0, prod_value = 0, violet = 0, monuments = 0, cards = 0
    cdef int payable = 0, best = 0, six = 0, six_bonus = 0, bonus, picks = 0, npicks, now
    base = s.chapel_n[p]
    for i in range(s.nbld[p]):
        k = s.bld[p][i]
        base += SJ_VP[k]
        if k < NPROD:
            prod += 1
            prod_value += SJ_COST[k]
        else:
            violet += 1
            if k == STATUE or k == VICTORY_COLUMN or k == HERO:
                monuments += 1
    for i in range(N_CARD_BUILDINGS):
        cards += s.owned[p][CARD_KINDS[i]]
    now = scores[p] - s.seat_vp[p]
    # buildings in hand he could put on a new spot now: the printed cost less smithy / quarry (no
    # privilege, no crane), paid with the other hand cards and up to 2 goods with a black market
    power = s.hand_n[p] - 1
    if s.owned[p][BLACK_MARKET]:
        power += sj_goods(s, p) if sj_goods(s, p) < 2 else 2
    for k in range(NK):
        if s.hand[p][k] == 0:
            continue
        if k >= NPROD and s.owned[p][k]:
            continue                        # a violet building he has already
        if k >= GUILD_HALL:
            six += 1
            if k == GUILD_HALL:
                bonus = 2 * prod
            elif k == CITY_HALL:
                bonus = violet + 1          # itself included
            elif k == TRIUMPHAL_ARCH:
                bonus = ARCH_BONUS[monuments]
            else:
                bonus = now // 4
            if bonus > six_bonus:
                six_bonus = bonus
        if s.nbld[p] >= MAXB:
            continue
        cost = SJ_COST[k]
        if (k < NPROD and s.owned[p][SMITHY]) or (k >= NPROD and s.owned[p][QUARRY]):
            cost -= 1
        if power >= cost:
            payable += 1
            if SJ_VP[k] > best:
                best = SJ_VP[k]
    npicks = 3 if s.np == 2 else s.np
    for i in range(s.picks, npicks):
        if chooser_of_pick(s, i) == p:
            picks += 1
    f[0] = 1.0
    f[1] = now
    f[2] = now - base
    f[3] = s.nbld[p]
    f[4] = s.hand_n[p]
    f[5] = sj_goods(s, p)
    f[6] = prod
    f[7] = prod_value
    f[8] = monuments
    f[9] = s.owned[p][GUILD_HALL] + s.owned[p][CITY_HALL] + s.owned[p][TRIUMPHAL_ARCH] + s.owned[p][PALACE]
    f[10] = six
    f[11] = six_bonus
    f[12] = payable
    f[13] = best
    f[14] = picks
    f[15] = s.owned[p][CHAPEL]
    f[16] = s.owned[p][LIBRARY]
    f[17] = s.owned[p][SMITHY]
    f[18] = s.owned[p][QUARRY]
    f[19] = cards


cdef int evaluate(SJ* s, double* out) noexcept nogil:
    """Every player's expected final score at a quiet point with weights loaded: 1; else 0."""
    cdef double f[VALUE_FEATURES]
    cdef int scores[MAXP]
    cdef double* w
    cdef int p, j, n = s.np
    if not quiet(s):
        return 0
    w = TABLE.stage_weights(n, value_stage(s))
    if w == NULL:
        return 0
    sj_scores(s, scores)
    for p in range(n):
        value_features(s, scores, p, f)
        out[p] = scores[p]
        for j in range(VALUE_FEATURES):
            out[p] += w[j] * f[j]
    return 1
