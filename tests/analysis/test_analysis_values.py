"""Tile/card values recover planted effects within their intervals."""
import numpy as np
import pytest

from analysis.synthetic import synthetic_results
from analysis.values import feature_columns, feature_label, seat_and_agent_effects, tile_values

EFFECTS = {"f_knowledge_07": 12.0, "f_building_bank": -4.0, "f_animals": 1.5}


@pytest.fixture(scope="module")
def burgundy():
    return synthetic_results("burgundy", 3, 3000, agents=["a", "b", "c"], strengths=[0, 5, 10],
                             effects=EFFECTS, seat_bonus=[6, 0, 0], seed=2)


def test_feature_list_burgundy(burgundy):
    cols = feature_columns(burgundy, "burgundy")
    assert cols[:26] == [f"f_knowledge_{k:02d}" for k in range(1, 27)]
    assert len([c for c in cols if c.startswith("f_building_")]) == 8
    for c in ("f_animals", "f_placed_ship", "f_placed_mine", "f_placed_castle",
              "f_black_purchases", "f_bonus_large", "f_bonus_small"):
        assert c in cols
    # sums of other columns are left out (they would be collinear)
    assert "f_placed_knowledge" not in cols and "f_placed_building" not in cols
    assert feature_label("f_knowledge_07") == "knowledge tile 7"
    assert feature_label("f_built_triumphal_arch") == "triumphal arch"


@pytest.mark.parametrize("method", ["cluster", "bootstrap"])
def test_planted_tile_effects_recovered(burgundy, method):
    v = tile_values(burgundy, method=method, n_boot=100).set_index("feature")
    assert len(v) == 41
    for f, beta in EFFECTS.items():
        row = v.loc[f]
        assert row["score_lo"] < beta < row["score_hi"], (f, row.to_dict())
        assert abs(row["score_effect"] - beta) < 1.0
        assert np.sign(row["win_effect"]) == np.sign(beta)
        assert row["win_lo"] > 0 or row["win_hi"] < 0  # win interval excludes 0
    nulls = v.drop(index=list(EFFECTS))
    covered = ((nulls["score_lo"] < 0) & (nulls["score_hi"] > 0)).mean()
    assert covered >= 0.85  # ~95% of worthless features' intervals include 0
    assert (nulls["score_effect"].abs() < 2.0).all()


def test_sanjuan_card_effect_and_controls():
    df = synthetic_results("sanjuan", 4, 1500, effects={"f_built_library": 4.0,
                                                         "f_built_palace": 5.0},
                           seat_bonus=[5, 0, 0, 0], seed=9)
    v = tile_values(df).set_index("feature")
    assert set(v.index) == {c for c in df.columns if c.startswith("f_built_")}
    assert v.loc["f_built_library", "score_lo"] < 4.0 < v.loc["f_built_library", "score_hi"]
    palace = v.loc["f_built_palace"]
    se = (palace["score_hi"] - palace["score_lo"]) / 3.92
    assert abs(palace["score_effect"] - 5.0) < 3 * se and palace["score_lo"] > 0
    assert v.loc["f_built_library", "score_p"] < 1e-6
    c = seat_and_agent_effects(df).set_index("term")
    # seats 1-3 are 5 points behind seat 0
    for seat in (1, 2, 3):
        row = c.loc[f"cell 4p seat {seat}"]
        assert row["score_lo"] < -5.0 < row["score_hi"]


def test_constant_and_aliased_features_are_not_identifiable():
    df = synthetic_results("burgundy", 2, 300, seed=3)
    df["f_knowledge_03"] = 0
    df["f_bonus_small"] = df["f_bonus_large"]
    v = tile_values(df).set_index("feature")
    assert np.isnan(v.loc["f_knowledge_03", "score_effect"])
    assert np.isnan(v.loc["f_bonus_small", "score_effect"])
    assert np.isfinite(v.loc["f_bonus_large", "score_effect"])


def test_seat_effects_confounded_with_agents():
    fixed = synthetic_results("sanjuan", 2, 200, agents=["a", "b"], seed=1, balanced=False)
    c = seat_and_agent_effects(fixed)
    assert c["confounded"].all() and c["score_effect"].isna().all()


def test_too_few_games_for_the_features_give_no_effects():
    """12 player rows and 41 features: which features QR keeps would only follow their order,
    and the effects left would not hold the others fixed; none is reported."""
    df = synthetic_results("burgundy", 2, 6, agents=["a", "b"], seed=4)
    v = tile_values(df)
    assert len(v) == 41
    assert v["score_effect"].isna().all() and v["win_effect"].isna().all()
    assert v["score_lo"].isna().all() and v["score_p"].isna().all()


@pytest.mark.parametrize("method", ["cluster", "bootstrap"])
def test_a_win_the_agent_explains_exactly_has_no_interval(method):
    """One agent wins every game: the win residuals are all zero, so the win effects' intervals
    and p-values are not measured (a zero-width interval would claim certainty)."""
    df = synthetic_results("sanjuan", 2, 200, agents=["a", "b"], strengths=[0, 1000], seed=5)
    assert (df.loc[df["win"], "agent"] == "b").all()
    v = tile_values(df, method=method, n_boot=50)
    assert v["win_effect"].notna().all()
    assert v["win_lo"].isna().all() and v["win_hi"].isna().all() and v["win_p"].isna().all()
    assert (v["score_hi"] - v["score_lo"] > 0.1).all()        # the score still varies: intervals


@pytest.mark.parametrize("method", ["cluster", "bootstrap"])
def test_no_more_games_than_columns_give_estimates_without_intervals(method):
    """30 games of 2 players: 60 player rows for 41 features (effects estimable), but only 30
    clusters for 44 columns: a cluster-robust covariance of rank < 30 would give intervals too narrow."""
    df = synthetic_results("burgundy", 2, 30, agents=["a", "b"], seed=4)
    v = tile_values(df, method=method, n_boot=50)
    assert v["score_effect"].notna().any()
    assert v["score_lo"].isna().all() and v["win_hi"].isna().all() and v["score_p"].isna().all()
    enough = tile_values(synthetic_results("burgundy", 2, 120, agents=["a", "b"], seed=4), method=method,
                         n_boot=50)
    assert enough["score_lo"].notna().any() and enough["score_hi"].notna().any()
