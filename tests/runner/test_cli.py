"""The boardlab CLI: a real simulation prints a summary; bad input is one line, exit 2."""
import subprocess
import sys

import pytest


def _boardlab(*args, cwd=None):
    return subprocess.run([sys.executable, "-m", "solver.cli", *args], capture_output=True, text=True, cwd=cwd)


def test_simulate_prints_summary(tmp_path):
    result = _boardlab("simulate", "--game", "burgundy", "--players", "2", "--agent", "random",
                       "--agent", "greedy", "--games", "4", "--seed", "1", "--out", str(tmp_path / "s.parquet"))
    assert result.returncode == 0, result.stderr
    assert "4 games of burgundy, 2 players" in result.stdout
    assert "0: random" in result.stdout and "1: greedy" in result.stdout
    assert "95% CI" in result.stdout


@pytest.mark.parametrize("args, message", [
    (["--game", "chess", "--agent", "random"], "unknown game 'chess'"),
    (["--game", "burgundy", "--agent", "alphazero"], "unknown agent 'alphazero'"),
    (["--game", "burgundy", "--agent", "ismcts:iteration=5"], "iteration"),
    (["--game", "burgundy", "--agent", "random", "--games", "0"], "--games must be positive"),
    (["--game", "burgundy", "--agent", "random", "--games", "-3"], "--games must be positive"),
    (["--game", "burgundy", "--agent", "random", "--players", "7"], "--players must be 2-4"),
    (["--game", "burgundy", "--agent", "random", "--jobs", "0"], "--jobs must be positive"),
    (["--game", "burgundy", "--agent", "random", "--games", "x"], "'x' is not a valid integer"),
    (["--game", "burgundy", "--agent", "random", "--out", "/proc/nope/x.parquet"], "cannot write"),
    (["--game", "burgundy", "--agent", "random", "--resume"], "cannot resume"),
    (["--game", "burgundy", "--agent", "random", "--save-positions", "-1"], "--save-positions must be"),
])
def test_bad_input_is_one_line_exit_2(tmp_path, args, message):
    if "--out" not in args:
        args = args + ["--out", str(tmp_path / "o.parquet")]
    result = _boardlab("simulate", *args)
    assert result.returncode == 2
    assert "Traceback" not in result.stderr
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], result.stderr
    assert not (tmp_path / "o.parquet").exists(), "a refused run must not leave an output behind"


def test_resume_of_a_finished_run_plays_nothing_more(tmp_path):
    args = ["simulate", "--game", "sanjuan", "--agent", "random", "--games", "3", "--out", str(tmp_path / "r.parquet")]
    assert _boardlab(*args).returncode == 0
    again = _boardlab(*args, "--resume")
    assert again.returncode == 0, again.stderr
    assert "3 games of sanjuan, 2 players, 3 from before the resume; 0 played" in again.stdout


def test_the_worker_pools_bookkeeping_stays_off_stderr(monkeypatch):
    """The CLI passes a warning filter to the processes it starts, so the pool's resource
    tracker does not add lines after a stopped run's one line (seen once after SIGTERM)."""
    from solver import cli as cli_module

    monkeypatch.setattr(sys, "warnoptions", [])
    with pytest.raises(SystemExit):
        cli_module.main(["--version"])
    flags = subprocess._args_from_interpreter_flags()       # what loky gives its tracker
    assert "-Wignore::UserWarning:joblib.externals.loky.backend.resource_tracker" in flags


def test_progress_asked_for_in_a_log_is_written_as_lines(tmp_path):
    """--progress where standard error is not a terminal (a log, a batch job) writes progress
    lines; click's bar wrote only its label there."""
    result = _boardlab("simulate", "--game", "sanjuan", "--agent", "random", "--games", "3", "--progress",
                       "--out", str(tmp_path / "p.parquet"))
    assert result.returncode == 0, result.stderr
    assert result.stderr.splitlines()[-1].startswith("games: 3/3 (")
    quiet = _boardlab("simulate", "--game", "sanjuan", "--agent", "random", "--games", "3",
                      "--out", str(tmp_path / "q.parquet"))
    assert quiet.returncode == 0 and quiet.stderr == ""


def test_progress_lines_come_at_most_every_interval(monkeypatch):
    import io

    from solver.runs import progress

    clock = iter([0.0, 1.0, 2.0, 12.0, 12.0, 14.0, 15.0])      # start, 4 updates, 2 lines written
    monkeypatch.setattr(progress.time, "monotonic", lambda: next(clock))
    log = io.StringIO()
    with progress.LineProgress(5, "games", log) as bar:
        for _ in range(4):
            bar.update(1, "1.00 games/s")
    # none in the first 10 s, one at 12 s, then the last one at the end
    assert log.getvalue().splitlines() == ["games: 3/5 (1.00 games/s)", "games: 4/5 (1.00 games/s)"]


def test_report_names_a_broken_values_folder_and_a_values_run_that_moved(tmp_path):
    """A values folder is read by the report: a broken manifest is named, and a run moved away
    since is named with the values folder that expects it (not 'empty dataset', nor the bare path)."""
    import json

    broken = tmp_path / "broken"
    broken.mkdir()
    (broken / "_values.json").write_text("{")
    result = _boardlab("report", str(broken), "--out", str(tmp_path / "r1"))
    assert result.returncode == 2 and result.stderr.strip().splitlines() == [
        f"boardlab: error: {broken / '_values.json'}: not a values manifest"]
    moved = tmp_path / "moved"
    moved.mkdir()
    (moved / "_values.json").write_text(json.dumps(
        {"status": "complete", "settings": {"game": "burgundy", "run": str(tmp_path / "gone.parquet")}}))
    (moved / "estimates.csv").write_text("kind\n")
    (moved / "estimates_by_stage.csv").write_text("kind\n")
    result = _boardlab("report", str(moved), "--out", str(tmp_path / "r2"))
    assert result.returncode == 2 and result.stderr.strip().splitlines() == [
        f"boardlab: error: {moved}: its run {tmp_path / 'gone.parquet'} is not there any more: "
        "give the run's path beside the values folder"]
    assert not (tmp_path / "r1").exists() and not (tmp_path / "r2").exists()
