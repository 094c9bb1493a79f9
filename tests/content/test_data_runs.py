"""Runs and reports with game data: the manifest records it with a copy of the file, workers
install it (same seed + same data = same games whatever --jobs), resume and report refuse other data."""
import json
import subprocess
import sys

import pytest

from engine_c import content
from engine_c.errors import BoardlabError
from solver.runs.config import RunConfig
from solver.runs.runner import run

from test_data_use import edited_tiletum, shipped  # noqa: F401  (the fixture)


def _config(games=6):
    return RunConfig(game="tiletum", players=2, agents=("random", "greedy"), games=games, seed=5)


def _games(rows):
    """The rows without their timing, for comparing runs."""
    return rows.drop(columns=["duration_s"]).to_dict("records")


def test_same_data_same_games_whatever_the_jobs(shipped, tmp_path):  # noqa: F811
    data = edited_tiletum()
    one = run(_config(), tmp_path / "one", jobs=1, data=data)
    content.use("tiletum")                       # run() installs the data again; loky workers install it too
    two = run(_config(), tmp_path / "two", jobs=2, data=data, chunk_size=1)
    assert _games(one) == _games(two)
    content.use("tiletum")
    default = run(_config(), tmp_path / "default", jobs=2, chunk_size=1)
    assert _games(default) != _games(one)        # the edited value changed play
    manifest = json.loads((tmp_path / "two" / "_manifest.json").read_text())
    digest = content.data_hash(data)
    assert manifest["data"] == {"hash": digest, "file": "_data.json", "source": None, "placeholders": 216,
                                "default": False}
    assert content.data_hash(json.loads((tmp_path / "two" / "_data.json").read_text())) == digest
    shipped_entry = json.loads((tmp_path / "default" / "_manifest.json").read_text())["data"]
    assert shipped_entry["default"] and shipped_entry["hash"] == content.default_hash("tiletum")


def test_resume_refuses_other_data_and_takes_the_copy(shipped, tmp_path):  # noqa: F811
    out = tmp_path / "run"
    first = run(_config(4), out, data=edited_tiletum())
    content.use("tiletum")
    with pytest.raises(BoardlabError) as info:
        run(_config(6), out, resume=True)
    message = str(info.value)
    assert message.startswith(f"cannot resume {out}: the run was played with tiletum data "
                              f"{content.data_hash(edited_tiletum())}, not {content.default_hash('tiletum')}")
    assert f"pass --data {out / '_data.json'}" in message
    more = run(_config(6), out, resume=True, data=out / "_data.json")
    assert _games(more)[:len(first)] == _games(first) and more["game_index"].nunique() == 6
    assert json.loads((out / "_manifest.json").read_text())["data"]["hash"] == content.data_hash(edited_tiletum())


def test_report_refuses_to_mix_data_and_says_placeholders(shipped, tmp_path):  # noqa: F811
    from analysis.report import write_report

    run(_config(4), tmp_path / "edited.parquet", data=edited_tiletum())
    content.use("tiletum")
    run(_config(4), tmp_path / "shipped.parquet")
    with pytest.raises(BoardlabError) as info:
        write_report([tmp_path / "edited.parquet", tmp_path / "shipped.parquet"], tmp_path / "r")
    message = str(info.value)
    assert message == (f"cannot mix runs played with different tiletum data: edited (data "
                       f"{content.data_hash(edited_tiletum())}) and shipped (data {content.default_hash('tiletum')}); "
                       "report them separately")
    page, notes = write_report([tmp_path / "edited.parquet"], tmp_path / "r", with_notes=True)
    line = (f"note: tiletum data {content.data_hash(edited_tiletum())} holds 216 placeholder values "
            "(invented, not from the published game); see docs/data.md")
    assert notes == [line] and line in page.read_text()
    old = tmp_path / "shipped.parquet" / "_manifest.json"          # a run from before data files
    manifest = json.loads(old.read_text())
    del manifest["data"]
    old.write_text(json.dumps(manifest))
    _, notes = write_report([tmp_path / "shipped.parquet"], tmp_path / "r2", with_notes=True)
    assert notes == [content.placeholder_line(content.active("tiletum"))]


def test_simulate_prints_the_line_and_report_refuses_through_the_cli(shipped, tmp_path):  # noqa: F811
    path = tmp_path / "gold.json"
    path.write_text(content.export_text(edited_tiletum()))

    def boardlab(*args):
        return subprocess.run([sys.executable, "-m", "solver.cli", *map(str, args)], capture_output=True,
                              text=True, timeout=300)

    edited = boardlab("simulate", "--game", "tiletum", "--agent", "random", "--games", "2", "--data", path,
                      "--out", tmp_path / "a")
    assert edited.returncode == 0, edited.stderr
    notes = [line for line in (edited.stdout + edited.stderr).splitlines() if "placeholder" in line.lower()]
    assert notes == [f"note: tiletum data {content.data_hash(edited_tiletum())} holds 216 placeholder values "
                     "(invented, not from the published game); see docs/data.md"]       # one line, as README says
    assert notes[0] in edited.stderr                    # standard output is the summary alone
    plain = boardlab("simulate", "--game", "burgundy", "--agent", "random", "--games", "2", "--out", tmp_path / "b")
    assert plain.returncode == 0 and "note:" not in plain.stdout + plain.stderr
    shipped_run = boardlab("simulate", "--game", "tiletum", "--agent", "random", "--games", "2", "--out", tmp_path / "c")
    assert shipped_run.returncode == 0
    mixed = boardlab("report", tmp_path / "a", tmp_path / "c", "--out", tmp_path / "r")
    assert mixed.returncode == 2 and mixed.stdout == "" and len(mixed.stderr.strip().splitlines()) == 1
    assert mixed.stderr.startswith("boardlab: error: cannot mix runs played with different tiletum data")
    resumed = boardlab("simulate", "--game", "tiletum", "--agent", "random", "--games", "3", "--resume",
                       "--out", tmp_path / "a")
    assert resumed.returncode == 2 and "cannot resume" in resumed.stderr and "--data" in resumed.stderr


def test_dask_workers_install_the_run_data(shipped, tmp_path):  # noqa: F811
    from solver.runs import data as rundata

    path = tmp_path / "gold.json"
    path.write_text(content.export_text(edited_tiletum()))
    local = run(_config(4), tmp_path / "local", jobs=1, data=path)
    on_dask = run(_config(4), tmp_path / "dask", jobs=2, backend="dask", chunk_size=1, data=path)
    assert _games(local) == _games(on_dask)
    prepared = rundata.prepare("tiletum", path)
    game, digest, data = prepared.payload()              # what a worker receives: the data, no path
    assert (game, digest) == ("tiletum", content.data_hash(edited_tiletum())) and data == edited_tiletum()
    assert json.loads((tmp_path / "dask" / "_manifest.json").read_text())["data"]["source"] == str(path)


def test_values_plays_a_run_with_the_data_it_was_played_with(shipped, tmp_path):  # noqa: F811
    from solver.runs.forced_takes import run_values

    source = tmp_path / "run"
    run(RunConfig(game="tiletum", players=2, agents=("random",), games=3, seed=1), source,
        data=edited_tiletum(), save_positions=7)
    content.use("tiletum")               # a new process: the shipped data is what is installed
    # the saved positions carry the edited data's hash, so they load only with that data installed,
    # in the driver (jobs=1) and in every worker (jobs=2)
    one = run_values(source, tmp_path / "v1", continuations=2, positions_per_kind=2, seed=1, jobs=1)
    content.use("tiletum")
    two = run_values(source, tmp_path / "v2", continuations=2, positions_per_kind=2, seed=1, jobs=2)
    assert len(one) > 0 and one.equals(two)
    assert content.active_hash("tiletum") == content.data_hash(edited_tiletum())
    (source / "_data.json").unlink()
    with pytest.raises(BoardlabError) as info:
        run_values(source, tmp_path / "v3", continuations=1, seed=1)
    assert str(info.value) == (f"{source}: the run was played with tiletum data "
                               f"{content.data_hash(edited_tiletum())}, but its copy _data.json is missing")
