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
    p1 = write_run(tmp_path / "x" / "r.parquet", synthetic_results("sanjuan", 2, 10, seed=5))
    p2 = write_run(tmp_path / "y" / "r.parquet", synthetic_results("sanjuan", 2, 10, seed=6))
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


# --------------------------------------------------------------------------- folders of runs, foreign parts, impossible rows

def test_a_folder_of_runs_loads_every_run(tmp_path):
    folder = tmp_path / "runs"
    write_run(folder / "one.parquet", synthetic_results("burgundy", 2, 10, seed=1))
    write_run(folder / "two.parquet", synthetic_results("burgundy", 2, 10, seed=3))    # same game indices
    write_run(folder / "sj.parquet", synthetic_results("sanjuan", 3, 5, seed=2))
    out = load_runs(folder)
    assert sorted(out["run"].unique()) == ["one", "sj", "two"]
    assert len(out.drop_duplicates(["run", "game_index"])) == 25
    assert set(out["game"]) == {"burgundy", "sanjuan"}
    assert len(out) == 2 * 20 + 3 * 5


def test_two_runs_of_the_same_settings_are_the_same_games(tmp_path):
    import shutil

    run = write_run(tmp_path / "a.parquet", synthetic_results("burgundy", 2, 6, seed=1))
    shutil.copytree(run, tmp_path / "copy.parquet")
    with pytest.raises(BoardlabError, match="a and copy hold the same games .*their first 6 games are one "
                                            "and the same.: give one of them"):
        load_runs([run, tmp_path / "copy.parquet"])
    # a longer run of the same settings (--resume with more games) shares the shorter one's games
    longer = write_run(tmp_path / "longer.parquet", synthetic_results("burgundy", 2, 9, seed=1))
    with pytest.raises(BoardlabError, match="their first 6 games"):
        load_runs([run, longer])
    other = write_run(tmp_path / "other.parquet", synthetic_results("burgundy", 2, 6, seed=2))
    assert len(load_runs([run, other]).drop_duplicates(["run", "game_index"])) == 12


def test_a_run_folder_given_with_its_parent_is_given_twice(tmp_path):
    folder = tmp_path / "runs"
    run = write_run(folder / "one.parquet", synthetic_results("burgundy", 2, 3, seed=1))
    with pytest.raises(BoardlabError, match="the same run is given twice"):
        load_runs([folder, run])


@pytest.mark.parametrize("foreign", ["sanjuan", "other seed", "other players", "other agents"])
def test_a_part_of_another_run_is_refused(tmp_path, foreign):
    d = write_run(tmp_path / "r.parquet", synthetic_results("burgundy", 2, 20, seed=1), chunk=10)
    stranger = {
        "sanjuan": synthetic_results("sanjuan", 2, 5, seed=1),
        "other seed": synthetic_results("burgundy", 2, 5, seed=9),
        "other players": synthetic_results("burgundy", 3, 5, seed=1),
        "other agents": synthetic_results("burgundy", 2, 5, seed=1, agents=["greedy"]),
    }[foreign]
    stranger.to_parquet(d / "part-000002.parquet", index=False)
    with pytest.raises(BoardlabError) as e:
        load_runs(d)
    msg = str(e.value)
    assert str(d / "part-000002.parquet") in msg and "do not belong to the run" in msg and "\n" not in msg


def _damaged(df, damage):
    df = df.copy()
    first = df["game_index"] == 3
    if damage == "rows for players":
        df["players"] = 7
    elif damage == "seat twice":
        df.loc[first & (df["seat"] == 1), "seat"] = 0
    elif damage == "seat out of range":
        df.loc[first & (df["seat"] == 1), "seat"] = 5
    elif damage == "rank out of range":
        df.loc[first & (df["rank"] > 0), "rank"] = 4
    elif damage == "nobody first":
        df.loc[first, "rank"] = 1          # both second
        df.loc[first, "win"] = False
    elif damage == "win without first place":
        df.loc[first & (df["rank"] > 0), "win"] = True
    return df


@pytest.mark.parametrize("damage, message", [
    ("rows for players", "game 0 has 2 rows for 7 players"),
    ("seat twice", "game 3 has seat 0 twice"),
    ("seat out of range", "game 3 has seat 5 with 2 players"),
    ("rank out of range", "game 3 has rank 4 with 2 players"),
    ("nobody first", "game 3 has nobody ranked first"),
    ("win without first place", "game 3 seat"),
])
def test_games_that_cannot_be_right_are_refused(tmp_path, damage, message):
    d = write_run(tmp_path / "bad.parquet", _damaged(synthetic_results("burgundy", 2, 6, seed=1), damage))
    with pytest.raises(BoardlabError) as e:
        load_runs(d)
    msg = str(e.value)
    assert str(d / "part-000000.parquet") in msg and message in msg and "\n" not in msg


def test_a_damaged_journal_line_before_the_last_is_refused(tmp_path):
    df = synthetic_results("sanjuan", 2, 4, seed=5)
    d = write_run(tmp_path / "j.parquet", df[df["game_index"] < 2])
    lines = [json.dumps(g.astype(object).to_dict("records"), default=lambda x: x.item()) + "\n"
             for _, g in df[df["game_index"] >= 2].groupby("game_index")]
    (d / "_journal.jsonl").write_text(lines[0] + "garbage\n" + lines[1])
    with pytest.raises(BoardlabError) as e:
        load_runs(d)
    assert str(d / "_journal.jsonl") in str(e.value) and "line 2 of 3" in str(e.value)
    (d / "_journal.jsonl").write_text(lines[0] + lines[1] + "garb")          # a kill's cut last line
    assert load_runs(d)["game_index"].nunique() == 4


def test_a_manifest_that_is_not_an_object_is_refused(tmp_path):
    d = write_run(tmp_path / "m.parquet", synthetic_results("sanjuan", 2, 3, seed=5))
    (d / "_manifest.json").write_text("[1, 2]")
    with pytest.raises(BoardlabError, match="_manifest.json: not a run manifest"):
        load_runs(d)


def test_one_file_holding_several_runs_without_a_manifest_is_refused(tmp_path):
    f = tmp_path / "mixed.parquet"
    pd.concat([synthetic_results("sanjuan", 2, 3, seed=5),
               synthetic_results("sanjuan", 2, 3, seed=6)]).to_parquet(f, index=False)
    with pytest.raises(BoardlabError, match="rows of 2 different runs"):
        load_runs(f)


def test_seeds_up_to_2_64_minus_1_are_read_as_they_are(tmp_path):
    import numpy as np

    df = synthetic_results("sanjuan", 2, 3, seed=5)
    df["seed"] = np.uint64(2**63 + 1)
    d = write_run(tmp_path / "big.parquet", df)
    out = load_runs(d)
    assert out["seed"].tolist() == [2**63 + 1] * 6
    assert json.loads((d / "_manifest.json").read_text())["settings"]["seed"] == 2**63 + 1
