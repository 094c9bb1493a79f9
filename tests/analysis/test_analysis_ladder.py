"""Seat advantage by skill: per agent and seat, never pooled across agents; the trend with skill."""
import pandas as pd
import pytest

from analysis.ladder import plot_seat_ladder, seat_ladder, skill_trend, trend_text
from analysis.synthetic import synthetic_results
from engine_c.errors import BoardlabError


def _ladder(advantages, games=400, players=2):
    """Self-play runs, one per agent, the start player planted ``advantage`` points ahead."""
    frames = []
    for agent, advantage in advantages.items():
        frame = synthetic_results("burgundy", players=players, games=games, agents=(agent,),
                                  seat_bonus=[advantage] + [0] * (players - 1), seed=len(frames), noise_scale=10.0)
        frames.append(frame.assign(run=agent))
    return pd.concat(frames, ignore_index=True)


def test_each_level_and_seat_has_its_own_figures():
    df = _ladder({"greedy": 0.0, "ismcts:iterations=100": 8.0, "ismcts:iterations=1000": 16.0})
    table = seat_ladder(df)
    assert list(table.groupby("agent")["level"].first().sort_values().index) == [
        "greedy", "ismcts:iterations=100", "ismcts:iterations=1000"]
    assert len(table) == 6 and (table["games"] == 400).all()
    shares = table.groupby("agent")["win_share"].sum()
    assert shares.round(9).eq(1.0).all()                        # each level's seats share the wins
    start = table[table["seat"] == 0].set_index("agent")
    assert start.loc["greedy", "lo"] < 0.5 < start.loc["greedy", "hi"]
    assert start.loc["ismcts:iterations=1000", "lo"] > 0.5
    assert start.loc["ismcts:iterations=1000", "diff_lo"] > 10     # the planted 16 points, seat 0 minus seat 1
    assert start.loc["greedy", "human_win_share"] == 0.51           # the Castles of Burgundy's human figure


def test_mixed_games_are_left_out_not_pooled():
    df = _ladder({"greedy": 0.0})
    mixed = synthetic_results("burgundy", players=2, games=100, agents=("random", "greedy")).assign(run="mixed")
    table = seat_ladder(pd.concat([df, mixed], ignore_index=True))
    assert set(table["agent"]) == {"greedy"} and (table["games"] == 400).all()
    with pytest.raises(BoardlabError, match="self-play"):
        seat_ladder(mixed)


def test_a_rising_advantage_is_a_trend_and_a_flat_one_is_not():
    rising = skill_trend(_ladder({"greedy": 0.0, "ismcts:iterations=100": 10.0, "ismcts:iterations=1000": 20.0}))
    row = rising.iloc[0]
    assert row.levels == 3 and row.lo > 1 and row.p < 0.001
    assert "rises with skill" in trend_text(row)
    flat = skill_trend(_ladder({"greedy": 0.0, "ismcts:iterations=100": 0.0}, games=200)).iloc[0]
    assert flat.lo < 1 < flat.hi and "no trend found" in trend_text(flat)
    single = skill_trend(_ladder({"greedy": 0.0}, games=50)).iloc[0]
    assert "not estimable" in trend_text(single)


def test_the_plot_has_a_row_per_player_count():
    df = pd.concat([_ladder({"greedy": 0.0, "ismcts:iterations=100": 5.0}, games=60),
                    _ladder({"greedy": 0.0}, games=60, players=3).assign(run="three")], ignore_index=True)
    fig = plot_seat_ladder(seat_ladder(df), "burgundy")
    assert len(fig.axes) == 4
    assert "2 players" in fig.axes[0].get_title() and "3 players" in fig.axes[2].get_title()
