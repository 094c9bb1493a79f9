"""engine_c.content: loading, the generic bad-file kinds, hash, placeholders, use/active."""
import json
import os

import pytest

from engine_c import content
from engine_c.content import DataError
from engine_c.errors import BoardlabError

from content_helpers import toy_data


def _edit(fn):
    """A bad-file case that edits the valid toy data with ``fn``."""
    def make():
        data = toy_data()
        fn(data)
        return json.dumps(data)
    return make


def _raw(text):
    """A bad-file case given as raw file text (str or bytes)."""
    return lambda: text


def _set(path, value):
    """Edit: set data[path...] = value."""
    def fn(data):
        *head, last = path
        for key in head:
            data = data[key]
        data[last] = value
    return fn


def _delete(path):
    """Edit: delete data[path...]."""
    def fn(data):
        *head, last = path
        for key in head:
            data = data[key]
        del data[last]
    return fn


# name, file text maker, the path the message names, a fragment of what it says
BAD = [
    ("not_utf8", _raw(b'{"game": "toy\xff"}'), "", "not UTF-8"),
    ("empty", _raw(""), "", "is empty"),
    ("bad_json", _raw('{"game": "toy",\n "format": }'), "", "line 2 column"),
    ("trailing_comma", _raw('{"game": "toy",}'), "", "not valid JSON"),
    ("duplicate_key", _raw('{"game": "toy", "game": "toy"}'), "", "given twice"),
    ("nan", _raw('{"game": NaN}'), "", "NaN"),
    ("deep_nesting", _raw("[" * 100000 + "]" * 100000), "", "nested too deeply"),
    ("huge_number", _raw('{"format": ' + "9" * 5000 + "}"), "", "not valid JSON"),
    ("top_list", _raw("[1, 2]"), "", "top level must be a JSON object"),
    ("top_string", _raw('"toy"'), "", "top level must be a JSON object"),
    ("missing_game", _edit(_delete(["game"])), "game", "missing field"),
    ("missing_format", _edit(_delete(["format"])), "format", "missing field"),
    ("missing_tables", _edit(_delete(["tables"])), "tables", "missing field"),
    ("unknown_top_key", _edit(_set(["tabels"], {})), "tabels", "did you mean tables"),
    ("game_not_string", _edit(_set(["game"], 3)), "game", "must be a string"),
    ("wrong_game", _edit(_set(["game"], "tiletum")), "game", "data file for 'tiletum'"),
    ("wrong_format", _edit(_set(["format"], 2)), "format", "unsupported format 2"),
    ("format_string", _edit(_set(["format"], "1")), "format", "unsupported format '1'"),
    ("format_bool", _edit(_set(["format"], True)), "format", "unsupported format True"),
    ("about_not_string", _edit(_set(["about"], 5)), "about", "must be a string"),
    ("tables_list", _edit(_set(["tables"], [])), "tables", "must be an object"),
    ("unknown_table", _edit(_set(["tables", "trak"], {"values": [1]})), "tables.trak", "did you mean track"),
    ("missing_table", _edit(_delete(["tables", "grid"])), "tables.grid", "missing table"),
    ("table_not_object", _edit(_set(["tables", "grid"], [1, 2])), "tables.grid", "must be an object"),
    ("table_unknown_key", _edit(_set(["tables", "grid", "value"], 1)), "tables.grid.value", "did you mean values"),
    ("table_both", _edit(_set(["tables", "grid", "items"], [])), "tables.grid", "exactly one of"),
    ("table_neither", _edit(_delete(["tables", "grid", "values"])), "tables.grid", "exactly one of"),
    ("source_not_string", _edit(_set(["tables", "track", "source"], 1)), "tables.track.source", "must be a string"),
    ("source_empty", _edit(_set(["tables", "track", "source"], " ")), "tables.track.source", "non-empty"),
    ("table_about_not_string", _edit(_set(["tables", "track", "about"], [])), "tables.track.about",
     "must be a string"),
    ("values_not_list", _edit(_set(["tables", "track", "values"], 3)), "tables.track.values", "must be a list"),
    ("value_float", _edit(_set(["tables", "track", "values", 2], 2.5)), "tables.track.values[2]",
     "must be an integer"),
    ("value_bool", _edit(_set(["tables", "track", "values", 1], True)), "tables.track.values[1]",
     "must be an integer"),
    ("value_out_of_range", _edit(_set(["tables", "track", "values", 3], 100)), "tables.track.values[3]",
     "in 0..99"),
    ("values_too_short", _edit(_set(["tables", "track", "values"], [0, 1])), "tables.track.values",
     "list of 4 entries, got 2"),
    ("row_too_long", _edit(_set(["tables", "grid", "values", 1], [1, 2, 3, 4])), "tables.grid.values[1]",
     "list of 3 entries, got 4"),
    ("row_not_list", _edit(_set(["tables", "grid", "values", 0], 7)), "tables.grid.values[0]", "must be a list"),
    ("items_not_list", _edit(_set(["tables", "cards", "items"], {})), "tables.cards.items", "must be a list"),
    ("items_an_integer", _edit(_set(["tables", "cards", "items"], 5)), "tables.cards.items",     # was "'int' object
     "must be a list of objects, got an integer"),                                                # is not iterable"
    ("items_a_string", _edit(_set(["tables", "cards", "items"], "abc")), "tables.cards.items", "must be a list"),
    ("item_not_object", _edit(_set(["tables", "cards", "items", 1], 5)), "tables.cards.items[1]",
     "must be an object"),
    ("item_missing_id", _edit(_delete(["tables", "cards", "items", 0, "id"])), "tables.cards.items[0].id",
     "missing field"),
    ("item_duplicate_id", _edit(_set(["tables", "cards", "items", 2, "id"], "a")), "tables.cards.items[2].id",
     "used twice"),
    ("item_bad_id", _edit(_set(["tables", "cards", "items", 2, "id"], [1])), "tables.cards.items[2].id",
     "non-empty string or an integer"),
    ("item_source_type", _edit(_set(["tables", "cards", "items", 0, "source"], None)),
     "tables.cards.items[0].source", "must be a string"),
    ("item_missing_field", _edit(_delete(["tables", "cards", "items", 1, "vp"])), "tables.cards.items[1].vp",
     "missing field"),
    ("item_unknown_field", _edit(_set(["tables", "cards", "items", 1, "vps"], 1)), "tables.cards.items[1].vps",
     "did you mean vp"),
    ("item_count", _edit(lambda d: d["tables"]["cards"]["items"].pop()), "tables.cards.items",
     "must hold 3 items, got 2"),
    ("bad_reference", _edit(_set(["tables", "cards", "items", 0, "next"], "bb")), "tables.cards.items[0].next",
     "unknown card 'bb'"),
]


@pytest.mark.parametrize("name,make,path,fragment", BAD, ids=[case[0] for case in BAD])
def test_bad_file_is_one_line_naming_the_path(toy, tmp_path, name, make, path, fragment):
    text = make()
    target = tmp_path / "bad.json"
    if isinstance(text, bytes):
        target.write_bytes(text)
    else:
        target.write_text(text, encoding="utf-8")
    with pytest.raises(DataError) as info:
        content.load("toy", str(target))
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"data file {target}: " + (f"{path}: " if path else "")), message
    assert fragment in message, message
    assert len(message) < 400


def test_at_least_forty_generic_kinds():
    assert len({case[0] for case in BAD}) >= 40


def test_missing_file_and_directory(toy, tmp_path):
    with pytest.raises(DataError, match=r"^data file .*nope\.json: no such file$"):
        content.load("toy", str(tmp_path / "nope.json"))
    with pytest.raises(DataError, match=r"is a directory, not a data file$"):
        content.load("toy", str(tmp_path))


def test_dict_source_and_non_json_dict(toy):
    data = toy_data()
    assert content.load("toy", data) == data
    assert content.load("toy", data) is not data
    with pytest.raises(DataError, match=r"^data file <dict>: is not plain JSON data"):
        content.load("toy", {"game": "toy", "x": object()})
    with pytest.raises(BoardlabError, match="must be a file path or a dict"):
        content.load("toy", 3)


def test_error_pickles_with_its_name():
    import pickle
    err = DataError("tables.x.values[1]", "must be an integer", "f.json")
    again = pickle.loads(pickle.dumps(err))
    assert str(again) == str(err) == "data file f.json: tables.x.values[1]: must be an integer"


def test_default_file_is_named(toy):
    toy.check = lambda data: content.fail("tables.track.values[0]", "bad on purpose")
    with pytest.raises(DataError, match=r"^data file .*toy_default\.json: tables\.track\.values\[0\]: bad on purpose$"):
        content.load("toy")


def test_game_check_crash_becomes_one_line(toy):
    toy.check = lambda data: data["tables"]["nothing"]
    with pytest.raises(DataError, match=r"malformed data \(KeyError: 'nothing'\)$"):
        content.load("toy")


def test_games_without_data_file():
    for game in ("sanjuan",):
        with pytest.raises(BoardlabError, match=f"^{game} has no data file$"):
            content.game_module(game)
        assert content.active_hash(game) is None
        assert not content.has_data(game)
    with pytest.raises(BoardlabError, match="unknown game 'chess'"):
        content.load("chess")


def test_hash_ignores_comments_not_values():
    data = toy_data()
    base = content.data_hash(data)
    assert len(base) == 12 and int(base, 16) >= 0
    data["about"] = "edited"
    data["tables"]["grid"]["about"] = "another comment"
    del data["tables"]["track"]["about"]
    assert content.data_hash(data) == base
    reordered = {"tables": data["tables"], "format": 1, "game": "toy"}
    assert content.data_hash(reordered) == base
    data["tables"]["grid"]["values"][0][0] = 9
    assert content.data_hash(data) != base
    other = toy_data()
    other["tables"]["cards"]["items"][0]["source"] = "rulebook p.9"
    assert content.data_hash(other) != base


def test_placeholders_counted_with_paths():
    data = toy_data()
    assert content.placeholders(data) == ["tables.track", "tables.cards.items[0]", "tables.cards.items[2]"]
    data["tables"]["track"]["source"] = "rulebook p.1"
    assert len(content.placeholders(data)) == 2


def test_use_installs_once_and_records(toy, tmp_path):
    info = content.active("toy")
    assert info.is_default and info.path is None and info.placeholders == 3
    assert toy.installed == [info.hash]
    assert content.use("toy") == info and toy.installed == [info.hash]          # no-op
    edited = toy_data()
    edited["tables"]["track"]["values"][3] = 7
    target = tmp_path / "edited.json"
    target.write_text(json.dumps(edited))
    other = content.use("toy", str(target))
    assert other.path == str(target) and not other.is_default and other.hash != info.hash
    assert toy.installed == [info.hash, other.hash]
    assert content.active("toy") == other and content.active_hash("toy") == other.hash
    assert content.active_data("toy") == edited
    same_as_default = tmp_path / "copy.json"
    same_as_default.write_text(content.export_text(toy_data()))
    back = content.use("toy", str(same_as_default))
    assert back.is_default and back.hash == info.hash and toy.installed[-1] == info.hash


def test_failed_use_keeps_the_active_data(toy, tmp_path):
    info = content.active("toy")
    bad = toy_data()
    bad["tables"]["track"]["values"] = [1]
    with pytest.raises(DataError):
        content.use("toy", bad)
    assert content.active("toy") == info and toy.installed == [info.hash]


def test_placeholder_line(toy):
    info = content.active("toy")
    line = content.placeholder_line(info)
    assert line == (f"note: toy data {info.hash} holds 3 placeholder values "
                    "(invented, not from the published game); see docs/data.md")
    clean = toy_data()
    for table in clean["tables"].values():
        table.pop("source", None)
        for item in table.get("items", []):
            item["source"] = "rulebook"
    assert content.placeholder_line(content.use("toy", clean)) is None


def test_export_text_round_trips(toy):
    data = toy_data()
    text = content.export_text(data)
    assert json.loads(text) == data
    assert '"values": [0, 1, 3, 6]' in text
    assert '{"id": "a", "source": "placeholder", "vp": 1, "next": "b"}' in text


def test_helpers_directly():
    with pytest.raises(DataError, match=r"^data file <data>: p: must be an integer in 1\.\.3, got 0$"):
        content.integer(0, "p", 1, 3)
    assert content.ints(4, "p", ()) == 4
    assert content.ints([[1], [2, 3]], "p", (2, None)) == [[1], [2, 3]]
    with pytest.raises(DataError, match="lists 2 twice"):
        content.ints([1, 2, 2], "p", distinct=True)
    with pytest.raises(DataError, match=r"unknown colour 'gren' \(did you mean green\? valid: red, green\)"):
        content.one_of("gren", "p", ["red", "green"], noun="colour")
    with pytest.raises(DataError, match="unknown value True"):
        content.one_of(True, "p", [1, 2])
    assert content.one_of(2, "p", [1, 2]) == 2
    with pytest.raises(DataError, match="must be true or false"):
        content.boolean(1, "p")
    assert content.text("x", "p") == "x"
    with pytest.raises(DataError, match=r"p\.b: missing field"):
        content.fields({"a": 1}, "p", ("a", "b"))


def test_shipped_files_are_package_data():
    import tomllib
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    config = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]
    assert "*.json" in config["package-data"]["*"]
    for game in ("tiletum", "seasons"):
        assert f"engine_c.{game}" in config["packages"]
        module = content.game_module(game)
        assert Path(module.DEFAULT_PATH).resolve() == root / "engine_c" / game / "content.json"
        assert content.load(game)["game"] == game


def test_game_of_a_file(tmp_path):
    path = tmp_path / "d.json"
    path.write_text(json.dumps({"game": "seasons", "format": 1, "tables": {}}))
    assert content.game_of(str(path)) == "seasons"
    for text, fragment in ((json.dumps({"game": "sanjuan"}), "unknown game 'sanjuan' (games with a data file: "),
                           (json.dumps({"game": "tiletun"}), "did you mean tiletum?"),
                           (json.dumps({"format": 1}), "game: missing field"),
                           ("[]", "the top level must be a JSON object")):
        path.write_text(text)
        with pytest.raises(DataError, match=f"^data file {path}: .*{fragment.replace('(', '.').replace(')', '.').replace('?', '.')}"):
            content.game_of(str(path))
