"""`boardlab values` on real engines: the command, its refusals, and the report for all four games."""
import re

import pandas as pd
import pytest

from analysis.causal import ESTIMATES
from analysis.report import write_report
from solver.cli import main
from solver.runs.config import RunConfig
from solver.runs.runner import run

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


@pytest.fixture(scope="module")
def real_runs(tmp_path_factory):
    """Three random games of each game, 2 players, every 7th position saved."""
    root = tmp_path_factory.mktemp("real")
    runs = {}
    for game in GAMES:
        runs[game] = root / f"{game}.parquet"
        run(RunConfig(game=game, players=2, agents=("random",), games=3, seed=1), runs[game],
            save_positions=7)
    return runs


def _cli(capsys, *args):
    with pytest.raises(SystemExit) as e:
        main(list(map(str, args)))
    captured = capsys.readouterr()
    return e.value.code, captured.out, captured.err


@pytest.fixture(scope="module")
def values_dirs(real_runs, tmp_path_factory):
    root = tmp_path_factory.mktemp("values")
    from solver.runs.forced_takes import run_values
    out = {}
    for game, path in real_runs.items():
        out[game] = root / game
        run_values(path, out[game], continuations=2, positions_per_kind=2, seed=1)
    return out


def test_values_command_prints_the_table_and_writes_its_files(real_runs, tmp_path, capsys):
    out = tmp_path / "v"
    code, stdout, stderr = _cli(capsys, "values", real_runs["burgundy"], "--out", out, "--kinds",
                                "knowledge,ship", "--continuations", 2, "--positions-per-kind", 2,
                                "--jobs", 2, "--seed", 5, "--no-progress")
    assert code == 0, stderr
    est = pd.read_csv(out / ESTIMATES)
    assert set(est["group"]) <= {"knowledge", "ship"} and "ship" in set(est["kind"])
    assert (est["positions"] <= 2).all()
    assert "knowledge tile" in stdout and "95% CI" in stdout and f"values: {out}" in stdout
    for name in ("pairs.parquet", "estimates_by_stage.csv", "_values.json", "_journal.csv"):
        assert (out / name).is_file()
    # the same command with --resume plays nothing more and prints the same table
    code, again, _ = _cli(capsys, "values", real_runs["burgundy"], "--out", out, "--kinds",
                          "knowledge,ship", "--continuations", 2, "--positions-per-kind", 2,
                          "--seed", 5, "--resume", "--no-progress")
    assert code == 0 and again == stdout


@pytest.mark.parametrize("args, message", [
    (["--continuations", "0"], "--continuations must be positive, got 0"),
    (["--jobs", "0"], "--jobs must be positive, got 0"),
    (["--seed", "-2"], "--seed must be non-negative, got -2"),
    (["--positions-per-kind", "-1"], "--positions-per-kind must be non-negative"),
    (["--kinds", "k99"], "unknown kind(s) k99 for burgundy"),
    (["--agent", "ismcts:iterations=0"], "parameter iterations must be a positive integer"),
    (["--continuations", "x"], "'x' is not a valid integer"),
])
def test_bad_input_is_one_line_exit_2_and_no_output(real_runs, tmp_path, capsys, args, message):
    code, _, stderr = _cli(capsys, "values", real_runs["burgundy"], "--out", tmp_path / "o", *args)
    assert code == 2 and "Traceback" not in stderr
    lines = stderr.strip().splitlines()
    assert len(lines) == 1 and message in lines[0], stderr
    assert not (tmp_path / "o").exists()


def test_a_run_without_positions_or_no_run_is_refused(tmp_path, capsys):
    plain = tmp_path / "plain.parquet"
    run(RunConfig(game="sanjuan", players=2, agents=("random",), games=1, seed=1), plain)
    code, _, stderr = _cli(capsys, "values", plain, "--out", tmp_path / "o")
    assert code == 2 and "no saved positions (run simulate with --save-positions K)" in stderr
    code, _, stderr = _cli(capsys, "values", tmp_path / "nothing", "--out", tmp_path / "o")
    assert code == 2 and "no such run folder" in stderr


def test_the_report_renders_for_all_four_games_with_their_values(real_runs, values_dirs, tmp_path):
    index = write_report(list(real_runs.values()) + list(values_dirs.values()), tmp_path / "r")
    text = index.read_text(encoding="utf-8")
    headings = re.findall(r"<h[1-3][^>]*>(.*?)</h[1-3]>", text)
    for title in ("The Castles of Burgundy (burgundy)", "San Juan (sanjuan)",
                  "A Castle for All Seasons (seasons)", "Tiletum (tiletum)"):
        assert title in headings
    assert headings.count("Interventional values") == 4
    assert text.count("Placeholder data: ") == 4          # top of the report and each section
    for game in GAMES:
        est = pd.read_csv(values_dirs[game] / ESTIMATES)
        assert len(est) and est["pairs"].min() >= 2
    # the values folders alone bring their runs with them
    alone = write_report(list(values_dirs.values()), tmp_path / "r2").read_text(encoding="utf-8")
    assert alone.count("<summary>manifest of run") == 4
