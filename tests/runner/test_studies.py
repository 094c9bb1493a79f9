"""Studies (several runs in one folder): ``boardlab seats`` end to end, resumed by giving the same
command again, and the checks made before anything is played."""
import subprocess
import sys

import pandas as pd
import pytest

from engine_c.errors import BoardlabError
from solver.runs.config import RunConfig
from solver.runs.study import StudyRun, check_study, play_study


def _boardlab(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "solver.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd)


def test_seats_plays_the_ladder_and_prints_each_level(tmp_path):
    out = tmp_path / "seats"
    args = ["seats", "--game", "sanjuan", "--players", "2", "--players", "3", "--agent", "random",
            "--agent", "greedy", "--games", "8", "--out", out, "--no-progress"]
    done = _boardlab(*args)
    assert done.returncode == 0, done.stderr
    assert "sanjuan, 2 players, self-play" in done.stdout and "sanjuan, 3 players, self-play" in done.stdout
    assert "trend with skill" in done.stdout and "no published seat figures" in done.stdout
    table = pd.read_csv(out / "seats.csv")
    assert len(table) == 2 * 2 + 2 * 3 and (table["games"] == 8).all()
    assert sorted((out / "runs").iterdir()) == sorted(out / "runs" / f"sanjuan-{n}p-{a}.parquet"
                                                      for n in (2, 3) for a in ("random", "greedy"))
    assert (out / "seats.png").stat().st_size > 10_000
    again = _boardlab(*args)                      # the same command continues: nothing left to play
    assert again.returncode == 0, again.stderr
    assert "(continued)" in again.stderr
    assert pd.read_csv(out / "seats.csv").equals(table)


def test_seats_refuses_a_bad_ladder_before_playing(tmp_path):
    out = tmp_path / "bad"
    done = _boardlab("seats", "--game", "sanjuan", "--agent", "greedy", "--agent", "ismcts:iterations=-3",
                     "--games", "4", "--out", out)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "iterations" in done.stderr
    assert not out.exists()


def test_a_study_needs_distinct_run_names(tmp_path):
    config = RunConfig(game="sanjuan", players=2, agents=("random",), games=2, seed=0)
    with pytest.raises(BoardlabError, match="share a name"):
        check_study([StudyRun("a", config), StudyRun("a", config)])
    paths = play_study([StudyRun("a", config), StudyRun("b", config)], tmp_path, echo=lambda text: None)
    assert [p.name for p in paths] == ["a.parquet", "b.parquet"]
