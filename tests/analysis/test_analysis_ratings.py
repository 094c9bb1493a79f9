"""Plackett-Luce / Bradley-Terry ratings recover planted strengths."""
import math

import numpy as np
import pytest

from analysis.ratings import plackett_luce, ratings
from analysis.stats import with_win_credit
from analysis.synthetic import planted_elo, synthetic_results

STRENGTHS = [0.0, 10.0, 20.0, 30.0]
AGENTS = ["w", "x", "y", "z"]


@pytest.mark.parametrize("players", [3, 4])
def test_plackett_luce_recovers_planted_order(players):
    df = synthetic_results("burgundy", players, 2000, agents=AGENTS, strengths=STRENGTHS,
                           seed=1)
    r = ratings(df, n_boot=200, seed=0).set_index("agent")
    assert list(r.sort_values("rating", ascending=False).index) == ["z", "y", "x", "w"]
    # 99% intervals: four 95% intervals would all cover the truth only ~80% of the time
    r99 = ratings(df, n_boot=200, seed=0, level=0.99).set_index("agent")
    truth = dict(zip(AGENTS, planted_elo(STRENGTHS)))
    for a in AGENTS:
        assert r99.loc[a, "lo"] < truth[a] < r99.loc[a, "hi"], (a, truth[a], r99.loc[a].to_dict())
        assert r.loc[a, "lo"] < r.loc[a, "rating"] < r.loc[a, "hi"]
    assert r["rating"].sum() == pytest.approx(0.0, abs=1e-6)
    # intervals separate neighbours 10 points (~58 Elo) apart
    assert r.loc["z", "lo"] > r.loc["y", "hi"] and r.loc["x", "lo"] > r.loc["w", "hi"]


def test_bradley_terry_two_players_matches_closed_form():
    df = synthetic_results("sanjuan", 2, 1000, agents=["a", "b"], strengths=[0, 15], seed=1)
    # closed form: worth ratio = ratio of wins (a shared first place counts half to each)
    wins = with_win_credit(df).groupby("agent")["win_credit"].sum()
    r = ratings(df, n_boot=50, prior=0.0).set_index("agent")
    diff = 400 * math.log10(wins["b"] / wins["a"])
    assert r.loc["b", "rating"] - r.loc["a", "rating"] == pytest.approx(diff, abs=0.01)
    truth = planted_elo([0, 15])[1]
    se = (r.loc["b", "hi"] - r.loc["b", "lo"]) / 3.92
    assert abs(r.loc["b", "rating"] - truth) < 3 * se


def test_bootstrap_is_seeded():
    df = synthetic_results("burgundy", 3, 300, agents=AGENTS, strengths=STRENGTHS, seed=2)
    a = ratings(df, n_boot=30, seed=5)
    b = ratings(df, n_boot=30, seed=5)
    c = ratings(df, n_boot=30, seed=6)
    assert a.equals(b)
    assert not np.allclose(a["lo"], c["lo"])


def test_ties_and_never_winning_agent_stay_finite():
    # item 0 always ties with item 1 for first; item 2 always last
    orders = [[(0, 0), (1, 0), (2, 2)]] * 50
    elo, lo, hi = plackett_luce(orders, 3, n_boot=20)
    assert np.all(np.isfinite(elo))
    assert elo[0] == pytest.approx(elo[1], abs=1e-6)
    assert elo[2] < elo[0] - 200


def test_disconnected_agents_get_separate_pools_and_selfplay_is_left_out():
    a = synthetic_results("burgundy", 2, 200, agents=["a", "b"], strengths=[0, 10], seed=1)
    b = synthetic_results("burgundy", 2, 200, agents=["c", "d"], strengths=[0, 10], seed=2)
    c = synthetic_results("burgundy", 3, 100, agents=["e"], seed=3)
    a["run"], b["run"], c["run"] = "a", "b", "c"
    import pandas as pd
    r = ratings(pd.concat([a, b, c]), n_boot=20)
    assert set(r["agent"]) == {"a", "b", "c", "d"}
    assert r.groupby("pool")["agent"].apply(set).tolist() == [{"a", "b"}, {"c", "d"}]
    assert r.groupby("pool")["rating"].sum().abs().max() < 1e-6


def test_complete_separation_is_flagged():
    df = synthetic_results("burgundy", 2, 40, agents=["weak", "strong"], strengths=[0, 500],
                           seed=1)
    r = ratings(df, n_boot=20).set_index("agent")
    assert r["separated"].all()
    assert r.loc["strong", "rating"] > 0 and np.isfinite(r["rating"]).all()
    ok = ratings(synthetic_results("burgundy", 2, 200, agents=["a", "b"], strengths=[0, 10],
                                   seed=1), n_boot=20)
    assert not ok["separated"].any()


def test_an_agent_ahead_of_every_other_agent_is_separated_though_behind_its_own_second_seat():
    """3 players, 2 agents (A B A, B A A, A A B): the strong agent's two seats finish first and
    second, the weak one last in every game. Finishing behind its own other seat rates nothing,
    so the strong agent is as unbounded as the weak one."""
    df = synthetic_results("burgundy", 3, 30, agents=["weak", "strong"], seed=2)
    line_up = [[1, 0, 1], [0, 1, 1], [1, 1, 0]]
    df["agent_index"] = [line_up[g % 3][s] for g, s in zip(df["game_index"], df["seat"])]
    df["agent"] = df["agent_index"].map({0: "weak", 1: "strong"})
    df["rank"] = np.where(df["agent"] == "weak", 2, df.groupby(["game_index", "agent"]).cumcount())
    df["win"] = df["rank"] == 0
    r = ratings(df, n_boot=20).set_index("agent")
    assert r.loc["strong", "rating"] > 0
    assert r["separated"].all()


def test_games_that_all_ended_alike_give_no_interval():
    # three games of three agents, the same finishing order in each: every bootstrap resample is
    # the same games, so an interval of zero width would claim certainty from three games
    df = synthetic_results("seasons", 3, 3, agents=["a", "b", "c"], strengths=[0, 800, 1600], seed=5)
    orders = {tuple(g.sort_values("rank")["agent"]) for _, g in df.groupby("game_index")}
    assert len(orders) == 1
    r = ratings(df, n_boot=50).set_index("agent")
    middle = orders.pop()[1]
    assert not r.loc[middle, "separated"]
    assert r["lo"].isna().all() and r["hi"].isna().all() and np.isfinite(r["rating"]).all()
    varied = ratings(synthetic_results("seasons", 3, 60, agents=["a", "b", "c"], strengths=[0, 10, 20], seed=5),
                     n_boot=50)
    assert (varied["hi"] - varied["lo"] > 0).all()
