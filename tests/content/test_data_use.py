"""Game data files in use: states carry their data's hash, positions name it, the commands take
--data, export and check, and the placeholder line (tiletum's and seasons' shipped files)."""
import json
import pickle
import subprocess
import sys

import pytest

from engine_c import content, new_state, state_from_json
from engine_c.errors import BoardlabError, InvalidPositionError
from solver.games.datafiles import note


@pytest.fixture
def shipped():
    """The shipped data installed before and after the test (tests change the installed data)."""
    for game in ("tiletum", "seasons"):
        content.use(game)
    yield
    for game in ("tiletum", "seasons"):
        content.use(game)


def edited_tiletum(gold=(2, 4, 6, 7)):
    """Tiletum's shipped data with other starting gold."""
    data = content.load("tiletum")
    data["tables"]["start_gold"]["values"] = list(gold)
    return data


@pytest.fixture
def edited_file(tmp_path):
    """Tiletum's shipped data with other starting gold, as a file (with its comments)."""
    path = tmp_path / "tiletum_gold.json"
    path.write_text(content.export_text(edited_tiletum()))
    return path


def boardlab(*args, cwd=None, stdin=None):
    """Run the CLI in a process of its own."""
    return subprocess.run([sys.executable, "-m", "solver.cli", *map(str, args)], capture_output=True, text=True,
                          cwd=cwd, input=stdin, timeout=300)


def golds(state):
    """Each seat's gold in a Tiletum position."""
    return [seat["resources"]["gold"] for seat in state.to_dict()["seats"]]


def test_state_records_the_data_it_was_built_from(shipped):
    default = content.active("tiletum")
    state = new_state("tiletum", 2, 1)
    assert state.data_hash == default.hash and "data" not in state.to_dict()
    assert new_state("sanjuan", 2, 1).data_hash is None
    assert new_state("burgundy", 2, 1).data_hash == content.default_hash("burgundy")
    other = new_state("tiletum", 2, 1, data=edited_tiletum())
    assert other.data_hash == content.data_hash(edited_tiletum()) != default.hash
    assert golds(other) == [2, 4] and golds(state) == [1, 3]           # an edited value changes play
    for copy in (other.clone(), pickle.loads(pickle.dumps(other)), other.resample_hidden(0, 3)):
        assert copy.data_hash == other.data_hash
    assert state.clone().data_hash == default.hash
    assert other.to_dict()["data"] == other.data_hash
    again = state_from_json(other.to_json())
    assert again.data_hash == other.data_hash and again == other


def test_position_of_other_data_is_refused_naming_both(shipped):
    default_text = new_state("tiletum", 2, 1).to_json()            # no "data": the shipped default
    other = new_state("tiletum", 2, 1, data=edited_tiletum())
    text = other.to_json()
    content.use("tiletum")
    with pytest.raises(InvalidPositionError) as info:
        state_from_json(text)
    message = str(info.value)
    assert "\n" not in message and other.data_hash in message and content.active("tiletum").hash in message
    assert "--data FILE" in message
    assert state_from_json(text, data=edited_tiletum()).data_hash == other.data_hash
    assert "data" not in json.loads(default_text)
    with pytest.raises(InvalidPositionError, match="made with the shipped data"):
        state_from_json(default_text)
    content.use("tiletum")
    explicit = json.loads(default_text)
    explicit["data"] = content.active("tiletum").hash               # naming the default is allowed
    assert "data" not in state_from_json(json.dumps(explicit)).to_dict()
    explicit["data"] = 12
    with pytest.raises(InvalidPositionError, match=r"^tiletum: data: must be the 12-digit hash"):
        state_from_json(json.dumps(explicit))
    sanjuan = new_state("sanjuan", 2, 1).to_dict()
    sanjuan["data"] = "0123456789ab"
    with pytest.raises(InvalidPositionError, match="sanjuan has no data file"):
        state_from_json(json.dumps(sanjuan))


def test_search_refuses_a_state_of_data_no_longer_installed(shipped):
    from solver.search.best_move import analyse

    other = new_state("tiletum", 2, 1, data=edited_tiletum())
    content.use("tiletum")
    with pytest.raises(BoardlabError, match="built with data .* but data .* is installed"):
        analyse(other, iterations=10)


def test_position_show_suggest_play_take_data(shipped, tmp_path, edited_file):
    digest = content.data_hash(edited_tiletum())
    made = boardlab("position", "--game", "tiletum", "--seed", "1", "--data", edited_file, "--out", tmp_path / "p.json")
    assert made.returncode == 0, made.stderr
    assert made.stderr.strip() == f"note: tiletum data {digest} holds 216 placeholder values (invented, not " \
                                  "from the published game); see docs/data.md"
    position = json.loads((tmp_path / "p.json").read_text())
    assert position["data"] == digest and [s["resources"]["gold"] for s in position["seats"]] == [2, 4]
    refused = boardlab("show", tmp_path / "p.json")
    assert refused.returncode == 2 and digest in refused.stderr and "--data" in refused.stderr
    shown = boardlab("show", tmp_path / "p.json", "--no-color", "--data", edited_file)
    assert shown.returncode == 0, shown.stderr
    assert shown.stderr.strip() == f"note: tiletum data {digest} holds 216 placeholder values " \
                                   "(invented, not from the published game); see docs/data.md"
    assert "note:" not in shown.stdout                  # standard output is the picture alone
    suggested = boardlab("suggest", "--game", "tiletum", "--position", tmp_path / "p.json", "--iterations", "50",
                         "--json", "--data", edited_file)
    assert suggested.returncode == 0, suggested.stderr
    answer = json.loads(suggested.stdout)
    assert answer["data"] == digest and digest in answer["note"] and answer["candidates"]
    played = boardlab("play", "--position", tmp_path / "p.json", "--ai", "random", "--data", edited_file,
                      stdin=f"save {tmp_path / 's.json'}\nquit\n")
    assert played.returncode == 0, played.stderr
    assert f"note: tiletum data {digest} holds" in played.stdout
    assert json.loads((tmp_path / "s.json").read_text())["data"] == digest


def test_default_data_prints_the_line_and_burgundy_does_not(shipped, tmp_path):
    made = boardlab("position", "--game", "seasons", "--out", tmp_path / "s.json")
    assert made.returncode == 0 and made.stderr.strip() == note("seasons")
    assert "data" not in json.loads((tmp_path / "s.json").read_text())
    quiet = boardlab("position", "--game", "burgundy", "--out", tmp_path / "b.json")
    assert quiet.returncode == 0 and quiet.stderr == ""
    shown = boardlab("show", tmp_path / "b.json", "--no-color")
    assert shown.returncode == 0 and "note:" not in shown.stdout


def test_export_and_check(shipped, tmp_path, edited_file):
    out = tmp_path / "t.json"
    done = boardlab("data", "export", "--game", "tiletum", "--out", out)
    default = content.active("tiletum")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == f"tiletum data {default.hash}: 216 placeholders; written to {out}"
    exported = json.loads(out.read_text())
    assert content.data_hash(exported) == default.hash
    assert all("about" in table for table in exported["tables"].values())
    assert len(content.placeholders(exported)) == 216
    checked = boardlab("data", "check", out)
    assert checked.returncode == 0
    assert checked.stdout.startswith(f"{out}: valid tiletum data, hash {default.hash}; 216 placeholders remain")
    bare = edited_tiletum()                                     # a user's file without comments
    for table in bare["tables"].values():
        table.pop("about", None)
    (tmp_path / "bare.json").write_text(json.dumps(bare))
    kept = boardlab("data", "export", "--game", "tiletum", "--data", tmp_path / "bare.json", "--out", out)
    assert kept.returncode == 2 and kept.stderr.strip() == (
        f"boardlab: error: {out} exists; give --force to overwrite it, or another --out")
    assert content.data_hash(json.loads(out.read_text())) == default.hash      # the file is untouched
    again = boardlab("data", "export", "--game", "tiletum", "--data", tmp_path / "bare.json", "--out", out,
                     "--force")
    assert again.returncode == 0, again.stderr
    rewritten = json.loads(out.read_text())
    assert content.data_hash(rewritten) == content.data_hash(edited_tiletum())
    assert all("about" in table for table in rewritten["tables"].values())
    bad = edited_tiletum()
    bad["tables"]["start_gold"]["values"] = [1, 2]
    (tmp_path / "bad.json").write_text(json.dumps(bad))
    refused = boardlab("data", "check", tmp_path / "bad.json")
    assert refused.returncode == 2 and refused.stdout == ""
    assert refused.stderr.startswith(f"boardlab: error: data file {tmp_path / 'bad.json'}: tables.start_gold.values")
    assert len(refused.stderr.strip().splitlines()) == 1


def test_web_view_says_when_data_holds_placeholders(shipped, tmp_path, edited_file):
    from starlette.testclient import TestClient

    from solver.web.app import create_app
    from solver.web.server import use_data_files

    assert use_data_files([edited_file]) == ["tiletum"]
    with TestClient(create_app()) as client:
        board = client.post("/api/new", json={"game": "tiletum", "players": 2, "seed": 1}).json()["board"]
        view = client.get(f"/api/view?board={board}&seat=0").json()
        assert view["data"] == content.data_hash(edited_tiletum())
        assert view["data_note"] == note("tiletum") and view["data"] in view["data_note"]
        assert view["position"]["seats"][0]["resources"]["gold"] == 2
        board = client.post("/api/new", json={"game": "sanjuan", "players": 2, "seed": 1}).json()["board"]
        view = client.get(f"/api/view?board={board}&seat=0").json()
        assert view["data"] is None and view["data_note"] is None
    page = (__import__("pathlib").Path(create_app.__code__.co_filename).parent / "static" / "board.js").read_text()
    assert "data_note" in page
