"""Studies (several runs in one folder): ``boardlab seats`` end to end, resumed by giving the same
command again, and the checks made before anything is played."""
import os
import re
import subprocess
import sys
from pathlib import Path

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


def test_compensation_fits_then_checks_on_fresh_games(tmp_path):
    import json

    out = tmp_path / "comp"
    done = _boardlab("compensation", "--game", "sanjuan", "--agent", "greedy", "--bonus", "0,6", "--games", "30",
                     "--check-games", "20", "--out", out, "--no-progress")
    assert done.returncode == 0, done.stderr
    assert "fitted curve (binomial GLM, logit): crosses the fair share at b = " in done.stdout
    assert "check on 20 fresh games" in done.stdout and "suggested option: --option seat_vp=0," in done.stdout
    result = json.loads((out / "compensation.json").read_text())
    assert result["check_games"] == 20 and 0 <= result["chosen"] <= 100
    runs = sorted(p.name for p in (out / "runs").iterdir())
    assert runs == sorted(["fit-sanjuan-2p-greedy-bonus0.parquet", "fit-sanjuan-2p-greedy-bonus6.parquet",
                           f"check-sanjuan-2p-greedy-bonus{result['chosen']}.parquet"])
    manifest = json.loads((out / "runs" / "fit-sanjuan-2p-greedy-bonus6.parquet" / "_manifest.json").read_text())
    assert manifest["settings"]["options"] == {"seat_vp": "0,6"}
    check = json.loads((out / "runs" / runs[0] / "_manifest.json").read_text())["settings"]
    assert check["seed"] != 0                    # the check plays other deals than the fit


def test_a_negative_bonus_gives_the_start_player_the_points(tmp_path):
    import json

    out = tmp_path / "comp"
    done = _boardlab("compensation", "--game", "sanjuan", "--agent", "greedy", "--bonus", "-6,0", "--games", "20",
                     "--check-games", "0", "--out", out, "--no-progress")
    assert done.returncode == 0, done.stderr
    manifest = json.loads((out / "runs" / "fit-sanjuan-2p-greedy-bonus-6.parquet" / "_manifest.json").read_text())
    assert manifest["settings"]["options"] == {"seat_vp": "6,0"}          # seat 0 starts 6 ahead, nobody below 0
    assert re.search(r"^ +-6 +20 ", done.stdout, re.M)                   # the fit's table lists the negative bonus


@pytest.mark.parametrize("args, message", [
    (["--bonus", "3"], "--bonus needs two or more values"),
    (["--bonus", "0,x"], "--bonus must be whole points"),
    (["--option", "seat_vp=0,1"], "--option seat_vp is what compensation varies"),
    (["--bonus", "-10,60", "--players", "3"], "--bonus needs two or more values in -50..50 at 3 players"),
])
def test_compensation_refuses_in_one_line(tmp_path, args, message):
    done = _boardlab("compensation", "--game", "sanjuan", "--agent", "random", "--games", "2", *args,
                     "--out", tmp_path / "c")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and message in done.stderr


def test_compare_two_option_variants_on_the_same_deals(tmp_path):
    out = tmp_path / "cmp"
    done = _boardlab("compare", "shipped", "seat_vp=0,4", "--game", "sanjuan", "--agent", "greedy", "--games", "40",
                     "--out", out, "--no-progress")
    assert done.returncode == 0, done.stderr
    assert "A: shipped data, no options" in done.stdout and 'B: seat_vp="0,4"' in done.stdout
    assert "agents: greedy (every figure is about these agents' play); paired" in done.stdout
    assert "changed in the data: none" in done.stdout     # an option changes no kind's numbers
    assert (pd.read_csv(out / "compare_kinds.csv")["change"] == "indirect").all()
    measures = pd.read_csv(out / "compare.csv").set_index("measure")
    assert measures.loc["win_seat1", "diff"] > 0           # four points for seat 1 win it games
    assert (out / "compare.png").is_file() and (out / "compare_kinds.csv").is_file()
    runs = [out / "runs" / "a-shipped.parquet", out / "runs" / "b-seat-vp-0-4.parquet"]
    again = _boardlab("compare", *runs, "--out", tmp_path / "again")     # two existing runs: the same answer
    assert again.returncode == 0, again.stderr
    assert "paired: the same deals in A and B" in again.stdout
    assert pd.read_csv(tmp_path / "again" / "compare.csv").set_index("measure")["diff"].equals(measures["diff"])
    same = _boardlab("compare", runs[0], runs[0], "--out", tmp_path / "same")
    assert same.returncode == 0 and "no difference (identical games)" in same.stdout


def test_compare_seed_b_deals_b_other_games_and_compares_unpaired(tmp_path):
    out = tmp_path / "cmp"
    done = _boardlab("compare", "shipped", "shipped", "--game", "sanjuan", "--agent", "greedy", "--games", "20",
                     "--seed", "3", "--seed-b", "4", "--out", out, "--no-progress")
    assert done.returncode == 0, done.stderr
    assert "unpaired: A and B were dealt other games" in done.stdout
    assert "identical games" not in done.stdout          # the same variant, but other deals: real noise
    measures = pd.read_csv(out / "compare.csv").set_index("measure")
    assert (measures["se"] > 0).all() and (measures["games"] == 20).all()
    runs = sorted((out / "runs").iterdir())
    a, b = (pd.read_parquet(path) for path in runs)
    assert not a["score"].equals(b["score"])             # B really played other deals
    refused = _boardlab("compare", *runs, "--seed-b", "5", "--out", tmp_path / "again")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "--seed-b is for variants to play" in refused.stderr


@pytest.mark.parametrize("args, message", [
    (["shipped", "oops"], "variant B: 'oops' is not a data file"),
    (["shipped", "a.json+b.json"], "variant B: two data files"),
    (["shipped", "shipped"], "--game is needed"),
])
def test_compare_refuses_in_one_line(tmp_path, args, message):
    done = _boardlab("compare", *args, "--out", tmp_path / "c")
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and message in done.stderr


def test_a_missing_data_file_is_refused_before_any_game(tmp_path):
    out = tmp_path / "c"
    done = _boardlab("compare", "shipped", tmp_path / "nowhere.json", "--game", "seasons", "--agent", "random",
                     "--games", "2", "--out", out)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "nowhere.json" in done.stderr
    assert not (out / "runs").exists()


def test_a_shipped_run_after_a_data_file_run_plays_the_shipped_data(tmp_path):
    from engine_c import content

    exported = tmp_path / "data.json"
    assert _boardlab("data", "export", "--game", "seasons", "--out", exported).returncode == 0
    text = exported.read_text().replace('"vp": 10', '"vp": 3')
    exported.write_text(text)
    config = RunConfig(game="seasons", players=2, agents=("random",), games=2, seed=0)
    paths = play_study([StudyRun("b", config, exported), StudyRun("a", config)], tmp_path / "s",
                       echo=lambda text: None)
    import json
    hashes = [json.loads((p / "_manifest.json").read_text())["data"]["hash"] for p in paths]
    assert hashes[0] != hashes[1] and hashes[1] == content.default_hash("seasons")


def test_the_designers_walk_through_runs_as_written(tmp_path):
    """docs/analysis.md's walk-through, command for command, with fewer games."""
    doc = (Path(__file__).resolve().parents[2] / "docs" / "analysis.md").read_text()
    block = re.search(r"### A designer's walk-through.*?```bash\n(.*?)```", doc, re.S).group(1)
    assert "--games 300" in block
    script = block.replace("--games 300", "--games 4").replace("boardlab ", f"{sys.executable} -m solver.cli ")
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run(["bash", "-e", "-c", script], capture_output=True, text=True, cwd=tmp_path,
                          env={**os.environ, "PYTHONPATH": str(root)})
    assert done.returncode == 0, done.stderr
    assert "manor.json: valid seasons data" in done.stdout
    assert "B: data manor.json" in done.stdout and "changed in the data: buildings.manor.vp 10 -> 2" in done.stdout
    assert re.search(r"^  manor +changed ", done.stdout, re.M)
    assert len(re.findall(r"^  \S.* changed ", done.stdout, re.M)) == 1     # every other kind: indirect
    assert (tmp_path / "runs" / "manor" / "compare.png").is_file()
