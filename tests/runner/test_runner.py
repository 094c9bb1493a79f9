"""The runner: reproducible across jobs and backends, seat rotation, pairing, resume."""
import contextlib
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.runs.config import RunConfig
from solver.runs.runner import game_seeds, run, seating

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
    from solver.runs.runner import play_chunk

    monkeypatch.chdir(tmp_path)
    rows, positions = play_chunk(_config(games=2), [0, 1], save_positions=30)
    assert len(rows) == 2 and positions
    assert all(name.startswith(("game000000-", "game000001-")) and text.startswith("{") for name, text in positions)
    assert not list(tmp_path.iterdir())             # nothing written by the worker


def test_unreachable_dask_scheduler_is_one_clear_error(tmp_path):
    with pytest.raises(BoardlabError, match="cannot reach the dask scheduler at tcp://127.0.0.1:1: connection refused$"):
        run(_config(games=1), tmp_path / "x.parquet", backend="dask", address="tcp://127.0.0.1:1")
    assert not list(tmp_path.iterdir()), "the cluster is reached before anything is written"


def test_existing_run_is_not_overwritten_and_resume_checks_settings(tmp_path):
    out = tmp_path / "r.parquet"
    run(_config(games=2), out)
    before = sorted(p.name for p in out.iterdir())
    with pytest.raises(BoardlabError, match="already holds a run"):
        run(_config(games=2), out)
    with pytest.raises(BoardlabError, match="settings differ.*seed"):
        run(_config(games=2, seed=99), out, resume=True)
    # growing --games is allowed, so only the seed is named as what differs
    with pytest.raises(BoardlabError, match=r"settings differ from the stored run \(seed\)$"):
        run(_config(games=5, seed=99), out, resume=True)
    assert sorted(p.name for p in out.iterdir()) == before
    with pytest.raises(BoardlabError, match="--paired plays each deal once per seating: --games must be a "
                                            "multiple of --players \\(2\\), got 3"):
        run(_config(games=3, paired=True), tmp_path / "p.parquet")
    assert not (tmp_path / "p.parquet").exists()
    # resuming a finished run plays nothing and returns the same rows
    again = run(_config(games=2), out, resume=True)
    assert len(again) == 4
    with pytest.raises(BoardlabError, match="holds a run of 2 games; --games may only grow on resume, got 1"):
        run(_config(games=1), out, resume=True)


def test_resume_without_a_manifest_names_it(tmp_path):
    out = tmp_path / "lost.parquet"
    run(_config(games=2), out)
    (out / "_manifest.json").unlink()
    with pytest.raises(BoardlabError, match="cannot resume .*lost.parquet: it holds result parts but no "
                                            "_manifest.json \\(the run's settings\\)"):
        run(_config(games=2), out, resume=True)
    with pytest.raises(BoardlabError, match="no run there"):
        run(_config(games=2), tmp_path / "never.parquet", resume=True)


def test_resume_with_more_games_extends_the_run_exactly(tmp_path):
    out = tmp_path / "grow.parquet"
    run(_config(games=2, seed=4), out)
    grown = run(_config(games=5, seed=4), out, resume=True)
    fresh = run(_config(games=5, seed=4), tmp_path / "fresh.parquet")
    pd.testing.assert_frame_equal(_comparable(grown), _comparable(fresh))
    manifest = json.loads((out / "_manifest.json").read_text())
    assert manifest["settings"]["games"] == 5 and manifest["status"] == "complete"
    assert manifest["extended"][0]["from_games"] == 2


def test_resume_keeps_the_interval_of_saved_positions(tmp_path):
    """A run saving every 40th position, resumed with another --save-positions, would hold
    positions of two intervals (or none for its later games): refused, nothing changed."""
    out = tmp_path / "pos.parquet"
    run(_config(games=2), out, save_positions=40)
    assert json.loads((out / "_manifest.json").read_text())["save_positions"] == 40
    before = sorted(p.name for p in out.rglob("*"))
    for other in (0, 10):
        with pytest.raises(BoardlabError, match=rf"saves a position every 40 moves \(--save-positions 40\), "
                                                rf"not --save-positions {other}$"):
            run(_config(games=4), out, resume=True, save_positions=other)
    assert sorted(p.name for p in out.rglob("*")) == before
    run(_config(games=4), out, resume=True, save_positions=40)
    assert {p.name[:10] for p in (out / "_positions").iterdir()} == {f"game{g:06d}" for g in range(4)}


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


# --------------------------------------------------------------------------- refused before anything is written

def _boardlab(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "solver.cli", *args], capture_output=True, text=True, cwd=cwd)


def _one_error_line(result, message):
    assert result.returncode == 2, result.stderr
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardlab: error: ") and message in lines[0], result.stderr


@pytest.mark.parametrize("changes, options, message", [
    ({"agents": ("ismcts:iterations=99999999999999999999999",)}, {}, "iterations must be .* up to 1000000000"),
    ({"agents": ("greedy:playouts=10000000000",)}, {}, "playouts must be .* up to"),
    ({"agents": ("ismcts:worlds=100000000000",)}, {}, "worlds must be .* up to"),
    ({"seed": 2**64}, {}, "--seed must be at most 18446744073709551615"),
    ({"seed": -1}, {}, "--seed must be non-negative"),
    ({"games": 10**10}, {}, "--games must be at most 1000000000"),
    ({}, {"jobs": 0}, "--jobs must be positive"),
    ({}, {"jobs": -2}, "--jobs must be positive"),
    ({}, {"jobs": 100000}, "--jobs must be at most"),
    ({}, {"save_positions": -1}, "--save-positions must be non-negative"),
    ({}, {"address": "tcp://127.0.0.1:1"}, "--address names a Dask scheduler: it needs --backend dask"),
    ({}, {"chunk_size": 0}, "chunk_size must be positive"),
])
def test_bad_settings_are_refused_before_anything_is_written(tmp_path, changes, options, message):
    out = tmp_path / "deep" / "x.parquet"
    with pytest.raises(BoardlabError, match=message):
        run(_config(**changes), out, **options)
    assert not (tmp_path / "deep").exists()


@pytest.mark.parametrize("args, message", [
    (["--seed", str(2**64)], "--seed must be at most 18446744073709551615"),
    (["--games", "10000000000"], "--games must be at most 1000000000"),
    (["--agent", "ismcts:iterations=99999999999999999999999"], "parameter iterations must be"),
])
def test_cli_refuses_bad_settings_in_one_line_and_writes_nothing(tmp_path, args, message):
    result = _boardlab("simulate", "--game", GAME, "--agent", "random", *args, "--out", str(tmp_path / "o.parquet"))
    _one_error_line(result, message)
    assert not list(tmp_path.iterdir())


def test_huge_game_count_is_played_lazily(tmp_path):
    """Game indices and chunks are made as they are needed, never as one list of all games."""
    class Enough(Exception):
        pass

    def stop_after_first_chunk(count, resumed):
        if count:
            raise Enough

    started = time.process_time()      # CPU time: a loaded machine stretches wall time, not this
    with pytest.raises(Enough):
        run(_config(agents=("random",), games=10**9), tmp_path / "huge.parquet", chunk_size=2,
            on_games_done=stop_after_first_chunk)
    assert time.process_time() - started < 10


def test_out_must_be_new_or_empty_or_a_run(tmp_path):
    folder = tmp_path / "mine"
    folder.mkdir()
    (folder / "notes.txt").write_text("my notes")
    with pytest.raises(BoardlabError, match="not empty and holds no run.*'notes.txt'"):
        run(_config(games=1), folder)
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    result = _boardlab("simulate", "--game", GAME, "--agent", "random", "--games", "1", "--out", ".", cwd=folder)
    _one_error_line(result, "is a folder that is not empty and holds no run")
    assert sorted(p.name for p in folder.iterdir()) == ["notes.txt"]
    empty = tmp_path / "empty"
    empty.mkdir()
    rows = run(_config(games=1), empty)                    # an existing empty folder is fine
    assert len(rows) == 2 and (empty / "_manifest.json").is_file()
    file = tmp_path / "file.parquet"
    file.write_text("x")
    with pytest.raises(BoardlabError, match="exists and is not a directory"):
        run(_config(games=1), file)


@pytest.mark.parametrize("seed", [2**63, 2**63 + 7, 2**64 - 1])
def test_seeds_above_2_63_round_trip(tmp_path, seed):
    from analysis.load import load_runs

    out = tmp_path / "big.parquet"
    rows = run(_config(games=2, seed=seed), out)
    assert rows["seed"].tolist() == [seed] * 4
    assert json.loads((out / "_manifest.json").read_text())["settings"]["seed"] == seed
    stored = pd.read_parquet(out)
    assert str(stored["seed"].dtype) == "uint64" and stored["seed"].tolist() == [seed] * 4
    assert load_runs(out)["seed"].tolist() == [seed] * 4


# --------------------------------------------------------------------------- resuming a damaged run

def _folder_digest(folder):
    import hashlib

    digest = {}
    for path in sorted(folder.rglob("*")):
        digest[str(path.relative_to(folder))] = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else "dir"
    return digest


def _killed_run(tmp_path):
    """A run of 4 games stopped after 2: games 0-1 in a part, games 2-3 in the journal."""
    from solver.runs.runner import play_game

    out = tmp_path / "killed.parquet"
    run(_config(games=2), out)
    manifest = json.loads((out / "_manifest.json").read_text())
    manifest["settings"]["games"] = 4
    manifest["status"] = "running"
    (out / "_manifest.json").write_text(json.dumps(manifest))
    lines = [json.dumps(play_game(_config(games=4), i)) + "\n" for i in (2, 3)]
    return out, lines


def _write_sanjuan_part(target):
    other = run(RunConfig(game="sanjuan", players=2, agents=("random", "greedy"), games=1, seed=3),
                target.parent.parent / "sanjuan.parquet")
    other.to_parquet(target, index=False)


@pytest.mark.parametrize("damage, names", [
    ("journal line in the middle", "_journal.jsonl"),
    ("truncated part", "part-000000.parquet"),
    ("manifest is a list", "_manifest.json"),
    ("manifest without settings", "_manifest.json"),
    ("foreign part", "part-000001.parquet"),
    ("part without columns", "part-000001.parquet"),
])
def test_resume_of_a_damaged_run_is_refused_and_changes_nothing(tmp_path, damage, names):
    out, lines = _killed_run(tmp_path)
    journal = out / "_journal.jsonl"
    journal.write_text("".join(lines))
    if damage == "journal line in the middle":
        journal.write_text(lines[0] + "not json at all\n" + lines[1])
    elif damage == "truncated part":
        part = out / "part-000000.parquet"
        part.write_bytes(part.read_bytes()[: part.stat().st_size // 2])
    elif damage == "manifest is a list":
        (out / "_manifest.json").write_text("[1, 2, 3]")
    elif damage == "manifest without settings":
        manifest = json.loads((out / "_manifest.json").read_text())
        del manifest["settings"]
        (out / "_manifest.json").write_text(json.dumps(manifest))
    elif damage == "foreign part":
        _write_sanjuan_part(out / "part-000001.parquet")
    elif damage == "part without columns":
        pd.DataFrame({"game_index": [2], "score": [1]}).to_parquet(out / "part-000001.parquet")
    before = _folder_digest(out)
    with pytest.raises(BoardlabError) as error:
        run(_config(games=4), out, resume=True)
    message = str(error.value)
    assert message.startswith(f"cannot resume {out}") and names in message and "\n" not in message
    assert "another --out" in message
    assert _folder_digest(out) == before
    if damage != "journal line in the middle":
        return
    # the same through the command line: one line, exit 2, nothing changed
    result = _boardlab("simulate", "--game", GAME, "--agent", "random", "--agent", "greedy", "--games", "4",
                       "--seed", "3", "--out", str(out), "--resume")
    _one_error_line(result, names)
    assert _folder_digest(out) == before


def test_resume_after_a_cut_last_journal_line_finishes_the_run(tmp_path):
    out, lines = _killed_run(tmp_path)
    (out / "_journal.jsonl").write_text(lines[0] + lines[1][:40])          # game 3 cut short by a kill
    resumed = run(_config(games=4), out, resume=True)
    fresh = run(_config(games=4), tmp_path / "fresh.parquet")
    pd.testing.assert_frame_equal(_comparable(resumed), _comparable(fresh))
    assert not (out / "_journal.jsonl").exists()


def test_parts_are_numbered_after_the_highest(tmp_path):
    """A part moved away (its games played again) does not make the next part overwrite another."""
    out = tmp_path / "gap.parquet"
    run(_config(games=6), out, chunk_size=1, compact_every=2)
    parts = sorted(p.name for p in out.glob("part-*.parquet"))
    assert parts == ["part-000000.parquet", "part-000001.parquet", "part-000002.parquet"]
    (out / "part-000001.parquet").rename(tmp_path / "moved.parquet")
    manifest = json.loads((out / "_manifest.json").read_text())
    (out / "_manifest.json").write_text(json.dumps(manifest))
    rows = run(_config(games=6), out, resume=True)
    assert sorted(rows["game_index"].unique()) == list(range(6)) and len(rows) == 12
    assert len(list(out.glob("part-*.parquet"))) == 3


# --------------------------------------------------------------------------- stopping and killing the driver

def _session_processes(session):
    """Live (not zombie) processes of a session, from /proc."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/stat") as handle:
                stat = handle.read()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()        # state, ppid, pgrp, session, ...
        if int(fields[3]) == session and fields[0] != "Z":
            found.append(int(entry))
    return found


def _start_parallel_run(out, games, backend="loky"):
    command = [sys.executable, "-m", "solver.cli", "simulate", "--game", GAME, "--players", "2",
               "--agent", "random", "--agent", "ismcts:iterations=100", "--games", str(games), "--seed", "5",
               "--jobs", "2", "--out", str(out), "--no-progress", "--backend", backend]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                               start_new_session=True)
    journal = out / "_journal.jsonl"
    deadline = time.time() + 120
    while time.time() < deadline and process.poll() is None:
        if journal.exists() and journal.read_text().count("\n") >= 1:
            break
        time.sleep(0.02)
    assert process.poll() is None, process.stderr.read()
    assert len(_session_processes(process.pid)) >= 3, "the driver and its workers should be running"
    return process


def _wait_until_gone(session, seconds):
    started = time.monotonic()
    while _session_processes(session) and time.monotonic() - started < seconds:
        time.sleep(0.05)
    return _session_processes(session), time.monotonic() - started


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigkill_of_the_driver_leaves_no_worker_behind(tmp_path):
    process = _start_parallel_run(tmp_path / "k.parquet", games=60)
    try:
        os.kill(process.pid, signal.SIGKILL)
        killed = time.monotonic()
        # the pipes close: a `boardlab simulate ... | tee log` ends
        process.communicate(timeout=10)
        # a hang guard: workers must notice the lost driver, however slowly a loaded machine lets them
        left, _ = _wait_until_gone(process.pid, 60 - (time.monotonic() - killed))
        assert not left, f"processes left {time.monotonic() - killed:.1f} s after SIGKILL of the driver: {left}"
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_stops_the_run_like_ctrl_c_and_it_resumes(tmp_path):
    out = tmp_path / "t.parquet"
    games = 8
    process = _start_parallel_run(out, games=games)
    try:
        os.kill(process.pid, signal.SIGTERM)
        stdout, stderr = process.communicate(timeout=30)
        assert process.returncode == 2
        assert "Traceback" not in stderr
        lines = stderr.strip().splitlines()
        assert len(lines) == 1 and "stopped by SIGTERM" in lines[0] and "--resume" in lines[0], stderr
        left, _ = _wait_until_gone(process.pid, 10)
        assert not left
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    manifest = json.loads((out / "_manifest.json").read_text())
    assert manifest["status"] == "stopped"
    config = _config(agents=("random", "ismcts:iterations=100"), games=games, seed=5)
    resumed = run(config, out, resume=True, jobs=2)
    assert sorted(resumed["game_index"]) == sorted(list(range(games)) * 2)
    assert json.loads((out / "_manifest.json").read_text())["status"] == "complete"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_worker_killed_mid_run_is_one_line_and_the_run_resumes(tmp_path):
    """As the OOM killer would: SIGKILL of one worker ends the run in one line (exit 2, no traceback),
    the manifest says interrupted, and --resume finishes the run (issue 52)."""
    out = tmp_path / "w.parquet"
    process = _start_parallel_run(out, games=12)
    try:
        workers = [pid for pid in _session_processes(process.pid) if pid != process.pid and
                   b"popen_loky" in Path(f"/proc/{pid}/cmdline").read_bytes()]      # not the resource tracker
        os.kill(workers[0], signal.SIGKILL)
        _, err = process.communicate(timeout=120)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    lines = err.strip().splitlines()
    assert process.returncode == 2 and len(lines) == 1 and "Traceback" not in err, err
    assert lines[0].startswith("boardlab: error: a worker process died (") and "continue with --resume" in lines[0]
    assert json.loads((out / "_manifest.json").read_text())["status"] == "interrupted"
    resumed = _boardlab("simulate", "--game", GAME, "--players", "2", "--agent", "random", "--agent",
                        "ismcts:iterations=100", "--games", "12", "--seed", "5", "--jobs", "2", "--out", str(out),
                        "--no-progress", "--resume")
    assert resumed.returncode == 0, resumed.stderr
    assert json.loads((out / "_manifest.json").read_text())["status"] == "complete"
    assert sorted(pd.read_parquet(out)["game_index"].unique()) == list(range(12))


def test_a_dead_workers_exit_code_is_read_from_lokys_message():
    from solver.runs.runner import exit_codes

    message = ("A worker process managed by the executor was unexpectedly terminated. ...\n\nThe exit codes of "
               "the workers are {SIGBUS(-7)} Detailed tracebacks of the workers should have been printed to stderr")
    assert exit_codes(message) == "SIGBUS(-7)"
    assert exit_codes("The exit codes of the workers are {SIGKILL(-9)}") == "SIGKILL(-9)"
    assert exit_codes("something else") == ""


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_sigterm_on_a_dask_run_is_one_line_too(tmp_path):
    """Dask's cancelled tasks add no warning lines to the stopped run's one line (issue 52)."""
    out = tmp_path / "d.parquet"
    process = _start_parallel_run(out, games=40, backend="dask")
    try:
        os.kill(process.pid, signal.SIGTERM)
        _, stderr = process.communicate(timeout=60)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    lines = stderr.strip().splitlines()
    assert process.returncode == 2 and len(lines) == 1 and "stopped by SIGTERM" in lines[0], stderr
    assert json.loads((out / "_manifest.json").read_text())["status"] == "stopped"


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_a_dask_worker_killed_mid_run_is_replaced_and_the_games_are_the_same(tmp_path):
    """Dask restarts a dead worker and runs its games again: the run ends as if nothing happened, with
    the games a run on one process plays (every game is seeded by its index, not by its worker)."""
    out = tmp_path / "k.parquet"
    games = 10
    process = _start_parallel_run(out, games=games, backend="dask")
    try:
        workers = [pid for pid in _session_processes(process.pid) if pid != process.pid and
                   b"resource_tracker import main" not in Path(f"/proc/{pid}/cmdline").read_bytes()]
        assert len(workers) == 2, workers
        os.kill(workers[0], signal.SIGKILL)
        _, stderr = process.communicate(timeout=300)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 0 and "Traceback" not in stderr, stderr
    assert json.loads((out / "_manifest.json").read_text())["status"] == "complete"
    config = _config(agents=("random", "ismcts:iterations=100"), games=games, seed=5)
    alone = run(config, tmp_path / "alone.parquet", jobs=1)
    pd.testing.assert_frame_equal(_comparable(alone), _comparable(pd.read_parquet(out)))


def test_games_whose_dask_workers_die_on_every_try_end_the_run_in_one_line(tmp_path, monkeypatch):
    """After Dask's last retry (KilledWorker) the run stops as a loky run with a dead worker does."""
    from distributed.scheduler import KilledWorker

    from solver.runs import runner

    def killed(*args, **kwargs):
        raise KilledWorker("batch_of_play_chunk", "tcp://127.0.0.1:1", 3)

    monkeypatch.setattr(runner, "_play", killed)
    out = tmp_path / "x.parquet"
    with pytest.raises(BoardlabError, match=r"^Dask workers died running the same games.*continue with --resume$"):
        run(_config(games=2), out, backend="dask", jobs=1)
    assert json.loads((out / "_manifest.json").read_text())["status"] == "interrupted"
