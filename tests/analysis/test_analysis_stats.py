"""Intervals, tests and seat analysis against known values and planted effects."""
import math

import numpy as np
import pandas as pd
import pytest

from analysis import stats
from analysis.synthetic import synthetic_results
from engine_c.errors import BoardlabError


def test_wilson_known_values():
    lo, hi = stats.wilson_interval(540, 1000)
    assert lo == pytest.approx(0.5090, abs=5e-5) and hi == pytest.approx(0.5707, abs=5e-5)
    lo, hi = stats.wilson_interval(0, 10)
    assert lo == 0.0 and hi == pytest.approx(0.2775, abs=5e-5)
    lo, hi = stats.wilson_interval(10, 10)
    assert lo == pytest.approx(0.7225, abs=5e-5) and hi == 1.0
    lo, hi = stats.wilson_interval(np.array([1, 50]), np.array([2, 100]))
    assert np.allclose(lo, [0.0945, 0.4038], atol=5e-5)
    assert np.allclose(hi, [0.9055, 0.5962], atol=5e-5)
    lo, hi = stats.wilson_interval(0, 0)
    assert math.isnan(lo) and math.isnan(hi)


def test_chi2_uniform_test_known_quantiles():
    # counts whose statistic sits on the 95% and 99% critical values of the chi-square
    # distribution: 2 cells (df 1), 3 cells (df 2)
    n = 10_000.0
    for crit, p in [(3.841459, 0.05), (6.634897, 0.01)]:
        d = math.sqrt(crit * (n / 2) / 2)          # stat = 2 * d^2 / (n/2)
        stat, df, pval = stats.chi2_uniform_test([n / 2 + d, n / 2 - d])
        assert df == 1 and stat == pytest.approx(crit, rel=1e-9) and pval == pytest.approx(p, abs=1e-6)
    d = math.sqrt(5.991465 * (n / 3) / 2)            # (+d, -d, 0): stat = 2 d^2 / (n/3)
    stat, df, pval = stats.chi2_uniform_test([n / 3 + d, n / 3 - d, n / 3])
    assert df == 2 and pval == pytest.approx(0.05, abs=1e-6)
    assert stats.chi2_uniform_test([5, 5, 5, 5]) == (0.0, 3, 1.0)
    stat, df, pval = stats.chi2_uniform_test([0, 0])
    assert df == 1 and math.isnan(stat) and math.isnan(pval)


def test_binomial_test_known_values():
    # reference values from an exact binomial test
    assert stats.binom_test_two_sided(540, 1000, 0.5) == pytest.approx(0.0124441, rel=1e-5)
    assert stats.binom_test_two_sided(30, 100, 0.25) == pytest.approx(0.249071, rel=1e-5)
    assert stats.binom_test_two_sided(0, 10, 0.5) == pytest.approx(0.001953125, rel=1e-9)
    assert stats.binom_test_two_sided(50, 100, 0.5) == pytest.approx(1.0)
    assert stats.binom_test_two_sided(29.5, 100, 0.25) == stats.binom_test_two_sided(30, 100, 0.25)
    assert math.isnan(stats.binom_test_two_sided(0, 0, 0.5))


def test_mean_interval_is_the_t_interval():
    # 2.262157 = 97.5% quantile of t with 9 degrees of freedom
    x = np.arange(10.0)
    m, lo, hi = stats.mean_interval(x)
    half = 2.262157 * x.std(ddof=1) / math.sqrt(10)
    assert m == 4.5 and lo == pytest.approx(4.5 - half, rel=1e-6) and hi == pytest.approx(4.5 + half, rel=1e-6)
    m, lo, hi = stats.mean_interval([3.0])
    assert m == 3.0 and math.isnan(lo) and math.isnan(hi)


def test_bootstrap_is_seeded_and_covers_mean():
    rng = np.random.default_rng(0)
    x = rng.normal(10, 2, 400)
    est, lo, hi = stats.bootstrap_ci(x, n_boot=500, seed=3)
    assert lo < 10 < hi and lo < est < hi
    assert stats.bootstrap_ci(x, n_boot=500, seed=3) == (est, lo, hi)
    assert stats.bootstrap_ci(x, n_boot=500, seed=4) != (est, lo, hi)
    # cluster bootstrap: duplicated rows within a cluster do not shrink the interval
    clusters = np.repeat(np.arange(400), 2)
    e2, lo2, hi2 = stats.bootstrap_ci(np.repeat(x, 2), n_boot=500, seed=3, clusters=clusters)
    assert (hi2 - lo2) == pytest.approx(hi - lo, rel=0.15)


@pytest.mark.parametrize("players,bonus", [(2, 3.0), (3, 5.0), (4, 6.0)])
def test_seat_advantage_detects_planted_start_bonus(players, bonus):
    seat_bonus = [bonus] + [0.0] * (players - 1)
    df = synthetic_results("burgundy", players, 3000, seat_bonus=seat_bonus, seed=11)
    s = stats.seat_summary(df).iloc[0]
    assert s["games"] == 3000
    assert s["start_win_share"] > 1 / players
    assert s["start_lo"] > 1 / players          # interval excludes the fair share
    assert s["start_p_binom"] < 1e-3 and s["chi2_p"] < 1e-3
    assert s["human_start_win_share"] == stats.BURGUNDY_HUMAN_START_WIN[players]
    assert s["human_mean_score"] == stats.BURGUNDY_HUMAN_MEAN_SCORE[players]
    seats = stats.seat_advantage(df)
    assert seats["win_share"].sum() == pytest.approx(1.0)
    s0 = seats[seats["seat"] == 0].iloc[0]
    assert s0["score_lo"] > seats[seats["seat"] == 1].iloc[0]["score_hi"] - bonus


@pytest.mark.parametrize("players", [2, 3, 4])
def test_seat_advantage_absent_when_not_planted(players):
    df = synthetic_results("sanjuan", players, 3000, seed=21)
    s = stats.seat_summary(df).iloc[0]
    assert s["start_lo"] < 1 / players < s["start_hi"]
    assert s["start_p_binom"] > 0.05 and s["chi2_p"] > 0.05
    assert math.isnan(s["human_start_win_share"])  # no human figures for San Juan
    seats = stats.seat_advantage(df)
    assert ((seats["lo"] < 1 / players) & (1 / players < seats["hi"])).all()


def test_shared_wins_split_credit():
    df = synthetic_results("burgundy", 2, 4, seed=0)
    df["win"] = True
    df["rank"] = 0
    d = stats.with_win_credit(df)
    assert (d["win_credit"] == 0.5).all()
    assert stats.seat_advantage(df)["win_share"].tolist() == [0.5, 0.5]


def test_agents_balance_flag():
    rotated = synthetic_results("burgundy", 2, 100, agents=["a", "b"], seed=1)
    fixed = synthetic_results("burgundy", 2, 100, agents=["a", "b"], seed=1, balanced=False)
    assert stats.agents_balanced_over_seats(rotated)
    assert not stats.agents_balanced_over_seats(fixed)
    assert not stats.seat_summary(fixed)["agents_balanced"].iloc[0]
    # 2 agents alternating over 3 seats (A B A, B A B): seats 0 and 2 always hold the same agent;
    # every seat holds each agent half the time, but seat 1 is the odd one out
    odd = synthetic_results("burgundy", 3, 100, agents=["a", "b"], seed=1)
    rot = odd["game_index"] % 2
    odd["agent_index"] = (odd["seat"] + rot) % 2
    odd["agent"] = odd["agent_index"].map({0: "a", 1: "b"})
    assert (odd.groupby("seat")["agent"].apply(lambda a: (a == "a").mean()) == 0.5).all()
    assert not stats.agents_balanced_over_seats(odd)


@pytest.mark.parametrize("players, agents", [(3, 2), (4, 2), (4, 3)])
def test_the_runners_seating_is_balanced_with_fewer_agents_than_seats(players, agents):
    """The runner turns its line-up (A B A) through every seat, so every seat sees the same mix
    (docs/analysis.md said the 2-agent, 3-seat line-up was not)."""
    from solver.runs.config import RunConfig
    from solver.runs.runner import seating

    names = "abc"[:agents]
    config = RunConfig(game="burgundy", players=players, agents=tuple(names), games=12 * players, seed=0)
    df = synthetic_results("burgundy", players, config.games, seed=1)
    df["agent_index"] = [seating(config, g)[s] for g, s in zip(df["game_index"], df["seat"])]
    df["agent"] = df["agent_index"].map(dict(enumerate(names)))
    assert stats.agents_balanced_over_seats(df)


def test_win_rates_and_budget():
    df = synthetic_results("burgundy", 2, 2000, agents=["ismcts:iterations=100",
                                                         "ismcts:c=0.7,iterations=1000"],
                           strengths=[0, 15], seed=4)
    w = stats.win_rates(df).set_index("agent")
    assert w["n"].tolist() == [2000, 2000]
    assert w["win_rate"].sum() == pytest.approx(1.0)
    strong = w.loc["ismcts:c=0.7,iterations=1000"]
    assert strong["lo"] > 0.5  # logistic(15/15) = 0.73
    assert strong["lo"] < 1 / (1 + math.exp(-1)) < strong["hi"]
    assert stats.parse_iterations("ismcts:c=0.7,iterations=1000") == 1000
    assert stats.parse_iterations("random") is None
    assert stats.agent_family("ismcts:c=0.7,iterations=1000") == "ismcts:c=0.7"
    b = stats.budget_table(df)
    # different families (c=0.7 vs none): no curve with two budgets
    assert b.empty
    df["agent"] = df["agent"].str.replace("c=0.7,", "", regex=False)
    b = stats.budget_table(df)
    assert b["iterations"].tolist() == [100, 1000] and b["family"].unique().tolist() == ["ismcts"]
    assert b["win_rate"].iloc[1] > b["win_rate"].iloc[0]
    # two self-play runs at different budgets make no curve
    s1 = synthetic_results("burgundy", 2, 50, agents=["ismcts:iterations=10"], seed=1)
    s2 = synthetic_results("burgundy", 2, 50, agents=["ismcts:iterations=99"], seed=2)
    s1["run"], s2["run"] = "s1", "s2"
    assert stats.budget_table(pd.concat([s1, s2])).empty


def test_game_length_scores_and_lead_changes():
    df = synthetic_results("sanjuan", 3, 500, agents=["a", "b", "c"], seed=8)
    g = stats.game_length(df).iloc[0]
    games = df.drop_duplicates("game_index")
    assert g["games"] == 500
    assert g["turns_mean"] == pytest.approx(games["turns"].mean())
    assert g["lead_changes_mean"] == pytest.approx(games["lead_changes"].mean())
    assert g["lead_changes_lo"] < g["lead_changes_mean"] < g["lead_changes_hi"]
    assert 0 <= g["tiebreak_share"] <= 1
    lc = stats.lead_change_distribution(df)
    assert lc["games"].sum() == 500 and lc["share"].sum() == pytest.approx(1.0)
    sc = stats.score_summary(df)
    assert sc["n"].sum() == 1500
    assert (sc["lo"] < sc["mean"]).all() and (sc["mean"] < sc["hi"]).all()
    gt = stats.games_table(df)
    assert len(gt) == 500 and (gt["margin"] >= 0).all()
    first = df[df["game_index"] == 0]
    assert gt.iloc[0]["winning_score"] == first["score"].max()


def test_median_interval_uses_order_statistics_and_covers():
    from analysis.stats import median_interval
    # n = 100: the 40th and 61st values (the textbook order statistics for 95%)
    assert median_interval(range(1, 101)) == (50.5, 40.0, 61.0)
    assert median_interval([5, 1, 3, 2, 4, 6]) == (3.5, 1.0, 6.0)       # n = 6: min and max (96.9%)
    m, lo, hi = median_interval([1, 2, 3, 4, 5])                         # n = 5: no 95% interval exists
    assert m == 3 and np.isnan(lo) and np.isnan(hi)
    rng = np.random.default_rng(0)
    samples = rng.exponential(size=(2000, 30))                           # true median ln 2
    covered = [lo <= np.log(2) <= hi for _, lo, hi in map(median_interval, samples)]
    assert 0.95 <= np.mean(covered) <= 0.995


@pytest.mark.parametrize("k, n, shown", [(5, 3, "5 of 3"), (-1, 3, "-1 of 3"), (np.array([1, 5]), 4, "5 of 4")])
def test_wilson_refuses_more_successes_than_trials(k, n, shown):
    with pytest.raises(BoardlabError, match=f"wilson_interval: successes must be within 0..trials, got {shown}$"):
        stats.wilson_interval(k, n)
