"""Seeded runs give the games recorded before a refactoring (solver/ moved into rooms): the same
seed, the same games, row for row, with one worker process and with two."""
import json
from pathlib import Path

import pytest

from solver.runs.config import RunConfig
from solver.runs.runner import run

RECORDED = json.loads((Path(__file__).parent / "recorded" / "seeded_runs.json").read_text())


def _rows_as_recorded(game, players, agents, games, out, jobs):
    """A run's result rows as the recording keeps them: text, sorted, without the timing column."""
    config = RunConfig(game=game, players=players, agents=tuple(agents), games=games, seed=RECORDED["seed"])
    rows = run(config, out, jobs=jobs)
    columns = [c for c in rows.columns if c != "duration_s"]
    return rows.sort_values(["game_index", "seat"])[columns].astype(str).values.tolist()


@pytest.mark.parametrize("case", RECORDED["cases"], ids=[case[0] for case in RECORDED["cases"]])
def test_a_seeded_run_plays_the_recorded_games(case, tmp_path):
    game, players, agents, games = case
    assert _rows_as_recorded(game, players, agents, games, tmp_path / "one", jobs=1) == RECORDED["rows"][game]


def test_two_workers_play_the_recorded_games_too(tmp_path):
    game, players, agents, games = RECORDED["cases"][1]
    assert _rows_as_recorded(game, players, agents, games, tmp_path / "two", jobs=2) == RECORDED["rows"][game]
