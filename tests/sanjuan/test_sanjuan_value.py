"""San Juan's fitted value (engine_c/sanjuan/value.pyx): features of a known position and of policy
games, quiet points, the estimate, the fit, and the search blending it in (what every value must do
alike: tests/solver/test_fitted_values.py)."""
import json

import numpy as np
import pytest

from engine_c import new_state
from engine_c.sanjuan import SanJuanState, value
from engine_c.sanjuan.data import CARD_INDEX, COST, VP, MONUMENTS, NUM_PRODUCTION
from sanjuan_helpers import make
from solver.search import ismcts
from solver.search.agents import make_agent
from tests.scripts.script_loader import load_script
from tests.value_helpers import policy_states, reward_sd, weights_restored

SIX_COST = ("guild_hall", "city_hall", "triumphal_arch", "palace")
ARCH = (0, 4, 6, 8)


def _names(seat):
    return [b["card"] if isinstance(b, dict) else b for b in seat["buildings"]]


def _points(seat):
    """The rules' final scoring of this seat as it stands (shared/rules/san-juan.md, section 3.4),
    without the seat bonus: (total, what the 6-cost buildings add)."""
    names = _names(seat)
    base = sum(VP[CARD_INDEX[n]] for n in names) + sum(seat["chapel"].values())
    production = sum(1 for n in names if CARD_INDEX[n] < NUM_PRODUCTION)
    violet = len(names) - production
    monuments = sum(1 for n in names if n in MONUMENTS)
    sub = base + 2 * production * ("guild_hall" in names) + violet * ("city_hall" in names) \
        + ARCH[monuments] * ("triumphal_arch" in names)
    total = sub + (sub // 4 if "palace" in names else 0)
    return total, total - base


def _chooser(data, pick):
    """Who chooses the role of this pick of the round."""
    n, governor = data["players"], data["governor"]
    if n == 2:
        return governor if pick != 1 else 1 - governor
    return (governor + pick) % n


def _expected(data, p):
    """The features of seat ``p`` as the rules and the feature list describe them, from the position's JSON."""
    seat = data["seats"][p]
    names = _names(seat)
    hand = seat["hand"]
    production = [n for n in names if CARD_INDEX[n] < NUM_PRODUCTION]
    violet = len(names) - len(production)
    monuments = sum(1 for n in names if n in MONUMENTS)
    goods = sum(1 for b in seat["buildings"] if isinstance(b, dict) and b.get("good"))
    now, bonus = _points(seat)
    power = sum(hand.values()) - 1 + (min(goods, 2) if "black_market" in names else 0)
    payable, six_bonus = [], 0
    fresh = [k for k in hand if CARD_INDEX[k] < NUM_PRODUCTION or k not in names]
    for k in fresh:
        if k in SIX_COST:
            six_bonus = max(six_bonus, {"guild_hall": 2 * len(production), "city_hall": violet + 1,
                                        "triumphal_arch": ARCH[monuments], "palace": now // 4}[k])
        cost = COST[CARD_INDEX[k]] - (("smithy" if CARD_INDEX[k] < NUM_PRODUCTION else "quarry") in names)
        if len(names) < 12 and power >= cost:
            payable.append(k)
    picks = 3 if data["players"] == 2 else data["players"]
    return {
        "bias": 1, "score_now": now, "bonus_now": bonus, "buildings": len(names),
        "cards_in_hand": sum(hand.values()), "goods": goods, "production": len(production),
        "production_value": sum(COST[CARD_INDEX[n]] for n in production), "monuments": monuments,
        "six_cost_owned": sum(1 for n in SIX_COST if n in names),
        "six_cost_in_hand": sum(1 for k in fresh if k in SIX_COST), "six_cost_hand_bonus": six_bonus,
        "payable_buildings": len(payable), "best_payable_vp": max((VP[CARD_INDEX[k]] for k in payable), default=0),
        "picks_left": sum(1 for i in range(data["picks"], picks) if _chooser(data, i) == p),
        "chapel": "chapel" in names, "library": "library" in names, "smithy": "smithy" in names,
        "quarry": "quarry" in names, "card_buildings": sum(1 for n in names if n in value.CARD_BUILDINGS),
    }


def _known_position():
    """Two seats late in a round (the governor, seat 0, chooses its second role): seat 0 with 11
    buildings, two of them goods-laden, a guild hall, a palace, two monuments and two chapel cards;
    seat 1 with a smithy, a quarry and 3 starting points (the seat_vp option)."""
    state = make(
        2, governor=0,
        hands={0: ["triumphal_arch", "city_hall", "victory_column", "quarry", "statue"],
               1: ["silver_smelter", "hero", "sugar_mill", "tobacco_storage", "market_hall"]},
        buildings={0: [("indigo_plant", "sugar_mill"), ("sugar_mill", "crane"), "coffee_roaster", "guild_hall",
                       "palace", "statue", "hero", "library", "chapel", "black_market", "well"],
                   1: ["indigo_plant", "smithy", "quarry", "prefecture", "gold_mine"]},
        chapel={0: ["tower", "crane"]}, picks=2, roles_taken=["builder", "trader"], chooser=0, actor=0)
    data = state.to_dict()
    data["seats"][1]["seat_vp"] = 3
    return SanJuanState.from_json(json.dumps(data))


def test_a_known_position_s_features_and_estimate():
    state = _known_position()
    stage, rows = state.value_features()
    assert stage == 10                          # 11 buildings, less one
    # seat 0: 21 printed VP with the chapel cards; guild hall 2 x 3 production, palace 27 // 4
    # with 2 goods and the black market it pays 6 items: the arch and the city hall (6 each), the
    # victory column and the quarry (4 each), not the statue it owns; the city hall would add 8 + 1
    assert dict(zip(value.FEATURE_NAMES, rows[0])) == {
        "bias": 1, "score_now": 33, "bonus_now": 12, "buildings": 11, "cards_in_hand": 5, "goods": 2,
        "production": 3, "production_value": 7, "monuments": 2, "six_cost_owned": 2, "six_cost_in_hand": 2,
        "six_cost_hand_bonus": 9, "payable_buildings": 4, "best_payable_vp": 4, "picks_left": 1,
        "chapel": 1, "library": 1, "smithy": 0, "quarry": 0, "card_buildings": 1}
    # seat 1: 4 items pay the silver smelter (smithy) and the hero (quarry) at 4; the seat bonus is
    # not in score_now; the governor's third pick is the round's last, so no role choice is left
    assert dict(zip(value.FEATURE_NAMES, rows[1])) == {
        "bias": 1, "score_now": 7, "bonus_now": 0, "buildings": 5, "cards_in_hand": 5, "goods": 0,
        "production": 1, "production_value": 1, "monuments": 0, "six_cost_owned": 0, "six_cost_in_hand": 0,
        "six_cost_hand_bonus": 0, "payable_buildings": 5, "best_payable_vp": 5, "picks_left": 0,
        "chapel": 0, "library": 0, "smithy": 1, "quarry": 1, "card_buildings": 2}
    assert state.scores() == [33, 10]
    weights = np.array(value.value_weights(2))[stage]
    estimate = state.evaluate()
    for p, score in enumerate((33, 10)):      # the score as it stands (with the seat bonus), plus w . f
        assert estimate[p] == pytest.approx(score + float(np.dot(weights, rows[p])), abs=1e-9)


def test_features_read_the_seats_at_every_role_choice_only():
    names = value.FEATURE_NAMES
    assert len(names) == value.FEATURES and value.COUNTED_AS_POINTS == ()
    checked = not_quiet = later_picks = payable_seen = six_seen = bonus_seen = 0
    for players, seed in ((2, 3), (3, 4), (4, 5), (2, 6)):
        for state in policy_states("sanjuan", players, seed, every=2):
            found = state.value_features()
            data = state.to_dict()
            if found is None:
                assert data["phase"] != "role" and state.evaluate() is None
                not_quiet += 1
                continue
            stage, rows = found
            assert data["phase"] == "role"
            later_picks += data["picks"] > 0
            assert stage == min(max(len(s["buildings"]) for s in data["seats"]), 11) - 1
            for p, row in enumerate(rows):
                f = dict(zip(names, row))
                assert f == _expected(data, p)
                assert f["score_now"] == state.scores()[p]
                payable_seen += f["payable_buildings"] > 0
                six_seen += f["six_cost_in_hand"] > 0
                bonus_seen += f["bonus_now"] > 0
                checked += 1
    assert checked > 150 and not_quiet > 150 and later_picks > 40
    assert payable_seen > 50 and six_seen > 5 and bonus_seen > 5


def test_shipped_weights_follow_what_playouts_from_a_position_score():
    # fresh policy positions: the estimate's margins against the means of 32 resampled playouts each;
    # the features must explain a good part of what the score as it stands does not (the same
    # positions and playouts with every weight but the stage's level zeroed: the margin now)
    fit_value = load_script("fit_value")

    def errors():
        rows = fit_value.check_positions("sanjuan", 2, 12, 40, 32)
        estimate = fit_value._margins(np.array([r[1] for r in rows]))[:, 0]
        playouts = fit_value._margins(np.array([r[2] for r in rows]))[:, 0]
        return len(rows), np.std(estimate - playouts), np.std(playouts)

    n, shipped, spread = errors()
    with weights_restored(value):
        level_only = np.array(value.value_weights(2))
        level_only[:, 1:] = 0.0
        value.use_value_weights(2, level_only.tolist())
        _, margin_now, _ = errors()
    assert n == 40
    assert shipped < 0.8 * margin_now          # 3.5 against 5.0 shipped
    assert shipped < 0.75 * spread             # 0.67 shipped; 0.98 with the margin now alone


def _searched(state, leaf_value, seed=1):
    searcher = ismcts.Searcher(0.25, "margin", leaf_value=leaf_value)
    searcher.search(state, iterations=600, seed=seed)
    return searcher


def _root(searcher):
    return [(r["action"], r["visits"], r["reward_sum"]) for r in searcher.root_stats()]


def test_the_search_blends_the_value_into_its_playouts():
    state = new_state("sanjuan", 2, 3)
    assert state.evaluate() is not None              # the opening is a role choice
    plain, half = _searched(state, 0.0), _searched(state, 0.5)
    assert _root(half) != _root(plain)                # other rewards, other choices
    assert [r["visits"] for r in half.root_stats()] != [r["visits"] for r in plain.root_stats()]
    assert _root(_searched(state, 0.5)) == _root(half)  # same seed, same search
    assert _root(_searched(state, 0.5, seed=2)) != _root(half)
    # half of every reward is the estimate at the playout's first role choice, which varies far
    # less than one playout's end: the spread within a root move shrinks to about half (0.56)
    assert 0.4 < reward_sd(half) / reward_sd(plain) < 0.7
    assert plain.score_seen > half.score_seen         # the best score seen: 52 against 40
    assert sum(r["visits"] for r in half.root_stats()) == 600
    agent = make_agent("ismcts:iterations=200,leaf_value=0.25", 1)
    assert agent.choose(state) in state.legal_actions()
    assert agent.searcher().leaf_value == 0.25


def test_without_a_fit_the_blend_searches_as_plain_playouts():
    # the weights of a player count removed: no estimate, so leaf_value changes nothing
    state = new_state("sanjuan", 3, 4)
    with weights_restored(value):
        value.use_value_weights(3, None)
        assert state.evaluate() is None
        assert _root(_searched(state, 0.5)) == _root(_searched(state, 0.0))
    assert state.evaluate() is not None
