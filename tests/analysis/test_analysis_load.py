"""load_runs: reads datasets and single files, refuses bad input with one-line BoardlabErrors."""
import json

import pandas as pd
import pytest

from analysis.load import REQUIRED_COLUMNS, load_runs, read_manifest, run_label
from analysis.synthetic import synthetic_results, write_run
from engine_c.errors import BoardlabError


def test_reads_directory_with_manifest_and_several_parts(runs_dir):
    df = load_runs(runs_dir["a"])
    assert len(df) == 600 * 2
    assert set(df["run"]) == {"a"}
    assert df["game_index"].nunique() == 600
    for c in REQUIRED_COLUMNS:
        assert c in df.columns
    assert df["win"].dtype == bool
    # three parts of 200 games
    assert len(list(runs_dir["a"].glob("part-*.parquet"))) == 3


def test_reads_several_runs_with_run_column(runs_dir):
    df = load_runs([runs_dir["a"], runs_dir["c"]])
    assert list(df["run"].drop_duplicates()) == ["a", "c"]
    assert (df.groupby("run").size() == pd.Series({"a": 1200, "c": 1600})).all()
    # sanjuan rows have no burgundy features: filled with 0, not NaN
    assert df["f_knowledge_07"].isna().sum() == 0
    assert (df.loc[df["run"] == "c", "f_knowledge_07"] == 0).all()


def test_reads_single_file(tmp_path):
    df = synthetic_results("sanjuan", 2, 10, seed=5)
    f = tmp_path / "one.parquet"
    df.to_parquet(f, index=False)
    out = load_runs(str(f))
    assert len(out) == 20 and set(out["run"]) == {"one"}


def test_same_name_in_two_folders_uses_full_paths(tmp_path):
    df = synthetic_results("sanjuan", 2, 10, seed=5)
    p1 = write_run(tmp_path / "x" / "r.parquet", df)
    p2 = write_run(tmp_path / "y" / "r.parquet", df)
    out = load_runs([p1, p2])
    assert set(out["run"]) == {str(p1), str(p2)}


def test_manifest(runs_dir):
    m = read_manifest(runs_dir["b"])
    st = m["settings"]
    assert st["game"] == "burgundy" and st["players"] == 3 and st["games"] == 400
    assert run_label(runs_dir["b"]) == "b"


def test_missing_file(tmp_path):
    missing = tmp_path / "nope.parquet"
    with pytest.raises(BoardlabError) as e:
        load_runs([missing])
    msg = str(e.value)
    assert str(missing) in msg and "no such file" in msg and "\n" not in msg


def test_empty_directory(tmp_path):
    d = tmp_path / "empty.parquet"
    d.mkdir()
    (d / "_manifest.json").write_text(json.dumps({"status": "running"}))
    with pytest.raises(BoardlabError) as e:
        load_runs(d)
    assert str(d) in str(e.value) and "empty dataset" in str(e.value)


def test_dataset_with_zero_rows(tmp_path):
    df = synthetic_results("burgundy", 2, 5, seed=1).iloc[:0]
    d = tmp_path / "zero.parquet"
    d.mkdir()
    df.to_parquet(d / "part-000000.parquet", index=False)
    with pytest.raises(BoardlabError) as e:
        load_runs(d)
    assert str(d) in str(e.value) and "empty dataset" in str(e.value)


def test_foreign_parquet(tmp_path):
    f = tmp_path / "foreign.parquet"
    pd.DataFrame({"x": [1, 2], "score": [3, 4]}).to_parquet(f)
    with pytest.raises(BoardlabError) as e:
        load_runs(f)
    msg = str(e.value)
    assert str(f) in msg and "not a boardlab results file" in msg and "game" in msg
    assert "\n" not in msg


def test_not_parquet_at_all(tmp_path):
    f = tmp_path / "notes.parquet"
    f.write_text("hello")
    with pytest.raises(BoardlabError) as e:
        load_runs(f)
    assert str(f) in str(e.value) and "not a readable Parquet file" in str(e.value)
    assert "\n" not in str(e.value)


def test_no_paths():
    with pytest.raises(BoardlabError, match="no results given"):
        load_runs([])


def test_dataset_dir_reads_with_plain_pandas_too(runs_dir):
    # the runner's layout: "_"-prefixed manifest, so pyarrow reads the directory as a dataset
    assert len(pd.read_parquet(runs_dir["b"])) == len(load_runs(runs_dir["b"]))


def test_journal_rows_are_included_once(tmp_path):
    df = synthetic_results("sanjuan", 2, 30, seed=5)
    d = write_run(tmp_path / "live.parquet", df[df["game_index"] < 20])
    late = df[df["game_index"] >= 18]  # games 18-19 are in a part and in the journal
    with open(d / "_journal.jsonl", "w") as fh:
        for _, g in late.groupby("game_index"):
            rows = g.astype(object).to_dict("records")
            fh.write(json.dumps(rows, default=lambda x: x.item()) + "\n")
        fh.write('[{"game": "sanj')  # a line cut short by a kill
    out = load_runs(d)
    assert out["game_index"].nunique() == 30 and len(out) == 60
    assert not out.duplicated(["game_index", "seat"]).any()


def test_journal_only_run(tmp_path):
    df = synthetic_results("sanjuan", 2, 3, seed=5)
    d = tmp_path / "fresh.parquet"
    d.mkdir()
    with open(d / "_journal.jsonl", "w") as fh:
        for _, g in df.groupby("game_index"):
            fh.write(json.dumps(g.astype(object).to_dict("records"),
                                default=lambda x: x.item()) + "\n")
    assert len(load_runs(d)) == 6


def test_paired_run_groups_games_by_deal(tmp_path):
    df = synthetic_results("burgundy", 3, 12, seed=5)
    d = write_run(tmp_path / "p.parquet", df)
    m = json.loads((d / "_manifest.json").read_text())
    assert load_runs(d)["deal"].nunique() == 12
    m["settings"]["paired"] = True
    (d / "_manifest.json").write_text(json.dumps(m))
    out = load_runs(d)
    assert out["deal"].nunique() == 4
    assert (out["deal"] == out["game_index"] // 3).all()
