"""Seat advantage by strength: planted start-player bonuses come back, ordered by strength."""
import numpy as np
import pandas as pd
import pytest

from analysis.plots import png_bytes
from analysis.seats import plot_seat_by_skill, seat_by_skill, skill_key
from analysis.synthetic import synthetic_results
from engine_c.errors import BoardlabError

BONUS = {"random": 0.0, "greedy": 5.0, "ismcts:iterations=100": 12.0}


@pytest.fixture(scope="module")
def runs():
    frames = []
    for players in (2, 3):
        for k, (agent, bonus) in enumerate(BONUS.items()):
            df = synthetic_results("burgundy", players, 1500, agents=[agent], seed=10 * players + k,
                                   seat_bonus=[bonus] + [0.0] * (players - 1))
            frames.append(df.assign(run=f"{agent}-{players}"))
    return pd.concat(frames, ignore_index=True)


def test_start_player_lead_recovers_the_planted_bonus(runs):
    table = seat_by_skill(runs)
    assert list(table["agent"][table["players"] == 2]) == ["random", "greedy", "ismcts:iterations=100"]
    for row in table.itertuples():
        planted = BONUS[row.agent]
        assert row.gap_lo < planted < row.gap_hi, row
        assert row.games == 1500 and row.human_start_win_share == {2: 0.51, 3: 0.3266}[row.players]
        if planted == 0:
            assert row.lo < row.fair < row.hi
        else:
            assert row.lo > row.fair and row.p_binom < 1e-3
    fig = plot_seat_by_skill(table, "burgundy")
    assert "n=" in fig.get_suptitle() and png_bytes(fig)[:4] == b"\x89PNG"


def test_strength_order_and_refusals():
    specs = ["ismcts:iterations=1000", "greedy", "ismcts:iterations=100", "random"]
    assert sorted(specs, key=skill_key) == ["random", "greedy", "ismcts:iterations=100",
                                            "ismcts:iterations=1000"]
    mixed = synthetic_results("burgundy", 2, 20, agents=["a", "b"], seed=1)
    with pytest.raises(BoardlabError, match="needs self-play"):
        seat_by_skill(mixed)
    with pytest.raises(BoardlabError, match="empty"):
        seat_by_skill(mixed.iloc[:0])
    assert np.isfinite(seat_by_skill(synthetic_results("sanjuan", 2, 30, seed=2))["gap"]).all()
