"""Comparing two variants: paired differences, verdicts, and kind values from the joint regression."""
import numpy as np
import pandas as pd
import pytest

from analysis.compare import game_measures, kind_values, per_game, plot_comparison, verdict
from analysis.synthetic import synthetic_results
from engine_c.errors import BoardlabError


def _variant(seed=7, **planted):
    """San Juan results with effects planted by hand (the same seed: the same games and noise)."""
    return synthetic_results("sanjuan", players=2, games=400, seed=seed, noise_scale=8.0, **planted)


def test_the_same_games_twice_are_no_difference():
    a = _variant()
    measures = game_measures(a, a.copy())
    assert (measures["diff"] == 0).all() and (measures["verdict"] == "no difference (identical games)").all()
    assert set(measures["measure"]) == {"mean_score", "spread", "margin", "turns", "win_seat0", "win_seat1"}


def test_a_seat_bonus_shows_in_the_seat_and_score_measures():
    a, b = _variant(), _variant(seat_bonus=[6.0, 0.0])
    measures = game_measures(a, b).set_index("measure")
    assert measures.loc["win_seat0", "verdict"] == "higher in B"
    assert measures.loc["win_seat1", "verdict"] == "lower in B"
    assert measures.loc["mean_score", "diff"] == pytest.approx(3.0)          # 6 points shared by two seats
    assert measures.loc["turns", "verdict"].startswith("no difference")      # the planted change leaves length alone
    assert measures.loc["turns", "games"] == 400


def test_a_stronger_and_a_weaker_kind_are_told_apart():
    a = _variant(effects={"f_built_tower": 4.0, "f_built_chapel": 4.0})
    # other noise and takes in B, as when a changed rule sends the games elsewhere
    b = _variant(seed=8, effects={"f_built_tower": 12.0, "f_built_chapel": -4.0})
    kinds = kind_values(a, b).set_index("feature")
    assert kinds.loc["f_built_tower", "verdict"] == "higher in B"
    assert kinds.loc["f_built_tower", "lo"] < 8.0 < kinds.loc["f_built_tower", "hi"]
    assert kinds.loc["f_built_chapel", "verdict"] == "lower in B"
    flagged = kinds.drop(["f_built_tower", "f_built_chapel"])["verdict"].str.endswith("in B").sum()
    assert flagged <= 2                  # the unchanged kinds: about 5% of 27 flagged by chance
    fig = plot_comparison(game_measures(a, b), kinds.reset_index(), "test")
    assert len(fig.axes) == 2


def test_unpaired_runs_are_compared_as_independent_samples():
    a = _variant()
    b = synthetic_results("sanjuan", players=2, games=300, seed=99, noise_scale=8.0, seat_bonus=[6.0, 0.0])
    measures = game_measures(a, b, paired=False).set_index("measure")
    assert measures.loc["win_seat0", "verdict"] == "higher in B"
    assert measures.loc["mean_score", "games"] == 300


def test_verdicts_and_refusals():
    assert verdict(1.0, 0.5, 1.5, 0.25) == "higher in B"
    assert verdict(-1.0, -1.5, -0.5, 0.25) == "lower in B"
    assert verdict(0.1, -0.4, 0.6, 0.25) == "no difference found (this n finds ±0.7)"
    a = _variant()
    with pytest.raises(BoardlabError, match="fewer than two games"):
        game_measures(a[a["game_index"] == 0], a[a["game_index"] == 1])
    assert list(per_game(a).columns) == ["turns", "mean_score", "spread", "margin", "win_seat0", "win_seat1"]


def test_paired_deals_cluster_together_and_unpaired_deals_apart():
    # the same seed: B's games share A's deals and noise, so a deal's two games move together and
    # the paired interval on a kind's change is narrower than the one treating them as independent
    a = _variant(effects={"f_built_tower": 4.0})
    b = _variant(effects={"f_built_tower": 8.0})
    b["score"] = b["score"] + np.random.default_rng(1).normal(0.0, 2.0, len(b))   # B's own, smaller noise on top
    paired = kind_values(a, b, paired=True).set_index("feature")
    unpaired = kind_values(a, b, paired=False).set_index("feature")
    assert paired.loc["f_built_tower", "diff"] == pytest.approx(unpaired.loc["f_built_tower", "diff"])
    assert (paired["se"] < 0.5 * unpaired["se"]).all()
    assert unpaired.loc["f_built_tower", "verdict"] == "higher in B"
