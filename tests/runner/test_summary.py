"""simulate's closing summary: its win rates are the report's (shared first places split)."""
import pandas as pd

from solver.runs.summary import format_summary


def _rows():
    # game 0: seat 0 wins; game 1: seats 0 and 1 share first place (San Juan can end so)
    return pd.DataFrame({
        "game": "sanjuan", "players": 2, "game_index": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
        "agent": "random", "agent_index": 0, "score": [30, 20, 25, 25], "rank": [0, 1, 0, 0],
        "win": [True, False, True, True]})


def test_a_shared_first_place_counts_half_for_each():
    lines = format_summary(_rows(), 1.0).splitlines()
    agent = next(line for line in lines if line.startswith("0: random"))
    assert agent.split()[3] == "0.500", agent          # self-play: 1/players, not 3 wins of 4
    seats = {line.split()[0]: line.split()[1] for line in lines[-2:]}
    assert seats == {"0": "0.750", "1": "0.250"}


def test_a_self_play_win_rate_has_no_interval_and_the_seats_name_their_agents():
    lines = format_summary(_rows(), 1.0).splitlines()
    agent = next(line for line in lines if line.startswith("0: random"))
    assert "1/n, self-play" in agent and "[" not in agent
    assert "seats (random in every seat):" in lines


def test_a_sole_winner_gets_the_rotation_caveat_not_seat_intervals():
    rows = pd.DataFrame({
        "game": "sanjuan", "players": 2, "game_index": [0, 0, 1, 1], "seat": [0, 1, 0, 1],
        "agent": ["strong", "weak", "weak", "strong"], "agent_index": [0, 1, 1, 0], "score": [30, 20, 22, 31],
        "rank": [0, 1, 1, 0], "win": [True, False, False, True]})
    lines = format_summary(rows, 1.0).splitlines()
    assert any(line.startswith("strong won every game, so the agent, not the seat, decided") for line in lines)
    seat_rows = [line for line in lines if line[:1] in "01" and "0.500" in line]
    assert len(seat_rows) == 2 and all(line.split()[2] == "-" for line in seat_rows)
    mixed = rows.assign(win=[True, False, True, False], rank=[0, 1, 0, 1])
    assert not any("won every game" in line for line in format_summary(mixed, 1.0).splitlines())
