"""The runner: reproducible across jobs and backends, seat rotation, pairing, resume."""
import json
import os
import signal
import subprocess
import sys
import time

import numpy as np
import pandas as pd
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.runner import RunConfig, game_seeds, run, seating

GAME = "burgundy"


def _config(**changes):
    settings = dict(game=GAME, players=2, agents=("random", "greedy"), games=6, seed=3)
    settings.update(changes)
    return RunConfig(**settings)


def _comparable(rows):
    return rows.drop(columns=["duration_s"]).sort_values(["game_index", "seat"]).reset_index(drop=True)


def test_seats_rotate_evenly():
    config = _config(players=3, agents=("a", "b", "c"), games=3)
    seats = [seating(config, i) for i in range(3)]
    for seat in range(3):
        assert sorted(s[seat] for s in seats) == [0, 1, 2]


def test_fewer_agents_than_seats_rotate_the_line_up():
    config = _config(players=3, agents=("a", "b"), games=3)
    seats = [seating(config, i) for i in range(3)]
    assert seats == [[0, 1, 0], [1, 0, 0], [0, 0, 1]]
    for seat in range(3):          # every seat faces the same mix: agent a twice, b once
        assert sorted(s[seat] for s in seats) == [0, 0, 1]


def test_paired_games_share_the_deal_and_differ_in_seating():
    config = _config(paired=True)
    chance0, agents0 = game_seeds(config, 0)
    chance1, agents1 = game_seeds(config, 1)
    chance2, _ = game_seeds(config, 2)
    assert chance0.generate_state(2).tolist() == chance1.generate_state(2).tolist()
    assert chance0.generate_state(2).tolist() != chance2.generate_state(2).tolist()
    assert agents0[0].generate_state(2).tolist() != agents1[0].generate_state(2).tolist()
    assert seating(config, 0) == [0, 1] and seating(config, 1) == [1, 0]


def test_unpaired_game_seed_follows_spawn_key():
    chance, _ = game_seeds(_config(), 4)
    expected = np.random.SeedSequence(3, spawn_key=(4,)).spawn(3)[0]
    assert chance.generate_state(2).tolist() == expected.generate_state(2).tolist()


def test_results_identical_whatever_jobs(tmp_path):
    config = _config()
    one = run(config, tmp_path / "one.parquet", jobs=1)
    two = run(config, tmp_path / "two.parquet", jobs=2, chunk_size=1)
    pd.testing.assert_frame_equal(_comparable(one), _comparable(two))
    assert len(one) == 12 and set(one["game_index"]) == set(range(6))
    assert one.groupby("game_index")["win"].sum().ge(1).all()
    # the stored dataset reads back whole with pandas
    stored = pd.read_parquet(tmp_path / "one.parquet")
    pd.testing.assert_frame_equal(_comparable(stored), _comparable(one), check_dtype=False)
    manifest = json.loads((tmp_path / "one.parquet" / "_manifest.json").read_text())
    assert manifest["status"] == "complete" and manifest["settings"]["agents"] == ["random", "greedy"]
    assert manifest["search_defaults"] == dict(type(new_state(config.game, 2, 0)).search_defaults)


def test_dask_local_cluster_gives_identical_results(tmp_path):
    config = _config(games=4)
    local = run(config, tmp_path / "local.parquet", jobs=1)
    on_dask = run(config, tmp_path / "dask.parquet", jobs=2, backend="dask", chunk_size=1)
    pd.testing.assert_frame_equal(_comparable(local), _comparable(on_dask))


def test_dask_cluster_by_address_gives_identical_results(tmp_path):
    from dask.distributed import LocalCluster

    config = _config(games=3, seed=8)
    local = run(config, tmp_path / "local.parquet", jobs=1, save_positions=25)
    with LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        remote = run(config, tmp_path / "remote.parquet", jobs=2, backend="dask",
                     address=cluster.scheduler_address, chunk_size=1, save_positions=25)
    pd.testing.assert_frame_equal(_comparable(local), _comparable(remote))
    # saved positions come back with the rows and are written by the driver, whatever the backend
    saved = {path.name: path.read_text() for path in (tmp_path / "local.parquet" / "_positions").iterdir()}
    assert saved and saved == {path.name: path.read_text()
                               for path in (tmp_path / "remote.parquet" / "_positions").iterdir()}


def test_workers_return_positions_instead_of_writing_them(tmp_path, monkeypatch):
    from solver.runner import play_chunk

    monkeypatch.chdir(tmp_path)
    rows, positions = play_chunk(_config(games=2), [0, 1], save_positions=30)
    assert len(rows) == 2 and positions
    assert all(name.startswith(("game000000-", "game000001-")) and text.startswith("{") for name, text in positions)
    assert not list(tmp_path.iterdir())             # nothing written by the worker


def test_unreachable_dask_scheduler_is_one_clear_error(tmp_path):
    with pytest.raises(BoardlabError, match="cannot reach the dask scheduler at tcp://127.0.0.1:1"):
        run(_config(games=1), tmp_path / "x.parquet", backend="dask", address="tcp://127.0.0.1:1")


def test_existing_run_is_not_overwritten_and_resume_checks_settings(tmp_path):
    out = tmp_path / "r.parquet"
    run(_config(games=2), out)
    before = sorted(p.name for p in out.iterdir())
    with pytest.raises(BoardlabError, match="already holds a run"):
        run(_config(games=2), out)
    with pytest.raises(BoardlabError, match="settings differ.*seed"):
        run(_config(games=2, seed=99), out, resume=True)
    assert sorted(p.name for p in out.iterdir()) == before
    # resuming a finished run plays nothing and returns the same rows
    again = run(_config(games=2), out, resume=True)
    assert len(again) == 4
    with pytest.raises(BoardlabError, match="holds a run of 2 games; --games may only grow on resume, got 1"):
        run(_config(games=1), out, resume=True)


def test_resume_with_more_games_extends_the_run_exactly(tmp_path):
    out = tmp_path / "grow.parquet"
    run(_config(games=2, seed=4), out)
    grown = run(_config(games=5, seed=4), out, resume=True)
    fresh = run(_config(games=5, seed=4), tmp_path / "fresh.parquet")
    pd.testing.assert_frame_equal(_comparable(grown), _comparable(fresh))
    manifest = json.loads((out / "_manifest.json").read_text())
    assert manifest["settings"]["games"] == 5 and manifest["status"] == "complete"
    assert manifest["extended"][0]["from_games"] == 2


@pytest.mark.slow
def test_killed_run_resumes_without_losing_or_repeating_games(tmp_path):
    out = tmp_path / "killed.parquet"
    games = 30
    agents = ("random", "ismcts:iterations=30")       # slow enough (about 0.2 s a game) to kill mid-run
    command = [sys.executable, "-m", "solver.cli", "simulate", "--game", GAME, "--players", "2",
               "--agent", agents[0], "--agent", agents[1], "--games", str(games), "--seed", "5",
               "--out", str(out), "--no-progress"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                               cwd=os.getcwd(), start_new_session=True)
    journal = out / "_journal.jsonl"
    deadline = time.time() + 120
    while time.time() < deadline:
        if journal.exists() and journal.read_text().count("\n") >= 3:
            break
        time.sleep(0.05)
    os.killpg(process.pid, signal.SIGKILL)
    process.wait()
    partial = pd.read_parquet(out) if list(out.glob("part-*.parquet")) else None
    finished_lines = journal.read_text().count("\n") if journal.exists() else 0
    assert finished_lines >= 3 or partial is not None
    assert finished_lines + (0 if partial is None else partial["game_index"].nunique()) < games, \
        "the run finished before it was killed; the test proves nothing"
    resumed = run(_config(agents=agents, games=games, seed=5), out, resume=True)
    fresh = run(_config(agents=agents, games=games, seed=5), tmp_path / "fresh.parquet", jobs=2)
    assert sorted(resumed["game_index"].unique()) == list(range(games))
    assert len(resumed) == 2 * games
    pd.testing.assert_frame_equal(_comparable(resumed), _comparable(fresh))
