"""boardlab compare --causal: forced-take values in both variants' saved positions, compared."""
import json
import subprocess
import sys

import pandas as pd


def _boardlab(*args):
    return subprocess.run([sys.executable, "-m", "solver.cli", *map(str, args)], capture_output=True, text=True)


def test_causal_values_of_two_variants_are_played_compared_and_continued(tmp_path):
    out = tmp_path / "cmp"
    args = ["compare", "shipped", "shipped", "--game", "sanjuan", "--agent", "random", "--games", "12",
            "--causal", "smithy,library", "--continuations", "2", "--positions-per-kind", "6", "--out", out,
            "--no-progress"]
    done = _boardlab(*args)
    assert done.returncode == 0, done.stderr
    assert "causal values (forced takes" in done.stdout and "continuations by random" in done.stdout
    table = pd.read_csv(out / "compare_causal.csv")
    assert set(table["kind"]) <= {"smithy", "library"} and len(table) >= 1
    # the same variant twice: the same positions, the same continuations, no difference
    assert (table["verdict"] == "no difference (identical games)").all() and (table["diff"] == 0).all()
    for tag in "ab":
        assert json.loads((out / f"values-{tag}" / "_values.json").read_text())["status"] == "complete"
    manifest = json.loads((out / "runs" / "a-shipped.parquet" / "_manifest.json").read_text())
    assert manifest["save_positions"] == 10
    again = _boardlab(*args)                   # the same command again: nothing played, the same answer
    assert again.returncode == 0 and pd.read_csv(out / "compare_causal.csv").equals(table)
    plain = _boardlab(*args[:args.index("--causal")], "--out", out, "--no-progress")
    assert plain.returncode == 0 and "causal values" not in plain.stdout


def test_causal_on_a_study_begun_without_it_is_one_line(tmp_path):
    out = tmp_path / "cmp"
    base = ["compare", "shipped", "shipped", "--game", "sanjuan", "--agent", "random", "--games", "4", "--out", out,
            "--no-progress"]
    assert _boardlab(*base).returncode == 0
    done = _boardlab(*base, "--causal", "smithy")
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "begun without --causal (no saved positions): give another --out" in done.stderr


def test_an_unknown_causal_kind_is_refused_before_any_game(tmp_path):
    out = tmp_path / "cmp"
    done = _boardlab("compare", "shipped", "shipped", "--game", "seasons", "--agent", "random", "--games", "4",
                     "--causal", "keep,castle", "--out", out)
    assert done.returncode == 2 and done.stderr.count("\n") == 1
    assert "--causal: unknown kind(s) castle for seasons (known: messenger" in done.stderr and "keep" in done.stderr
    assert not out.exists()
