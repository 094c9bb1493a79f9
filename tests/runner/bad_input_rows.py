"""The table of bad CLI invocations that tests/runner/test_cli_bad_input.py runs, and their input files.

Most of its lines are the rows, one per line, kept together so a reader sees every refusal
boardlab promises in one place; how they are run and checked is in the test file.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def cli_env():
    """The environment of a row's process: this checkout first on PYTHONPATH, no terminal width."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(REPO), os.environ.get("PYTHONPATH")])))
    env.pop("COLUMNS", None)
    return env


@dataclass(frozen=True)
class Row:
    id: str
    argv: tuple
    extra: tuple = field(default=())      # input files the argv does not name (e.g. `--out .` needs a non-empty cwd)
    says: str = ""                        # a fragment the error line must hold (the field it names), if given


def row(id, *argv, extra=(), says=""):
    return Row(id, tuple(argv), tuple(extra), says)


FIFO = object()       # an input "file" that is a named pipe: reading or writing it would block forever


# ---- input files --------------------------------------------------------------------------
# Built once per session; a row gets (in its own directory) every file its argv names (a token
# equal to a name below, or starting with "name/") plus its ``extra`` ones.  A name ending in "/"
# is a directory; values are bytes, or a dict {relative path: bytes} for a directory's contents.

def position_data(game, players=2, seed=0):
    from engine_c import new_state

    return json.loads(new_state(game, players, seed).to_json())


def _edited(game, **changes):
    data = position_data(game)
    for key, value in changes.items():
        if value is _DELETE:
            del data[key]
        else:
            data[key] = value
    return json.dumps(data).encode()


_DELETE = object()


def _finished(game, seed):
    from engine_c import new_state

    state = new_state(game, 2, seed)
    state.playout(seed)
    assert state.is_terminal()
    return state.to_json().encode()


def _parquet(frame):
    import io

    buffer = io.BytesIO()
    frame.to_parquet(buffer)
    return buffer.getvalue()


def _real_run(tmp):
    """The files of a small finished run (2 random games), {relative path: bytes}."""
    out = Path(tmp) / "run"
    done = subprocess.run([sys.executable, "-m", "solver.cli", "simulate", "--game", "sanjuan", "--agent", "random",
                           "--games", "2", "--out", str(out)], capture_output=True, text=True, timeout=120, env=cli_env())
    assert done.returncode == 0, done.stderr
    return {str(path.relative_to(out)): path.read_bytes() for path in sorted(out.rglob("*")) if path.is_file()}


def make_files():
    import tempfile

    import pandas as pd

    with tempfile.TemporaryDirectory() as tmp:
        real_run = _real_run(tmp)

    burgundy = json.dumps(position_data("burgundy")).encode()
    deep = b"[" * 100_000 + b"]" * 100_000
    files = {
        "pos.json": burgundy,
        "sanjuan.json": json.dumps(position_data("sanjuan")).encode(),
        "finished.json": _finished("burgundy", 9),
        "finished_sj.json": _finished("sanjuan", 3),
        "empty.json": b"",
        "blank.json": b"   \n\n  ",
        "garbage.json": b"{not json",
        "truncated.json": burgundy[: len(burgundy) // 2],
        "binary.bin": bytes(range(256)) * 8,
        "utf16.json": burgundy.decode().encode("utf-16"),
        "latin1.json": '{"game": "burgundy", "note": "caf\u00e9"}'.encode("latin-1"),
        "deep.json": deep,
        "deep_field.json": b'{"game": "burgundy", "seats": ' + deep + b"}",
        "huge_int.json": b'{"game": "burgundy", "players": ' + b"9" * 5000 + b"}",
        "nan.json": burgundy.replace(b'"round": 1', b'"round": NaN'),
        "infinity.json": burgundy.replace(b'"round": 1', b'"round": 1e999'),
        "too_large.json": b" " * (2 << 20) + burgundy,
        "list.json": b"[1, 2, 3]",
        "null.json": b"null",
        "string.json": b'"burgundy"',
        "number.json": b"42",
        "no_game.json": b'{"players": 2}',
        "game_chess.json": b'{"game": "chess"}',
        "game_number.json": b'{"game": 5}',
        "game_list.json": b'{"game": ["burgundy"]}',
        "game_object.json": b'{"game": {"name": "burgundy"}}',
        "players_huge.json": _edited("burgundy", players=10**30),
        "players_float.json": _edited("burgundy", players=2.0),
        "players_string.json": _edited("burgundy", players="2"),
        "rng_negative.json": _edited("burgundy", rng=-1),
        "rng_2_64.json": _edited("burgundy", rng=2**64),
        "round_bool.json": _edited("burgundy", round=True),
        "seats_missing.json": _edited("burgundy", seats=_DELETE),
        "seats_string.json": _edited("burgundy", seats="x"),
        "seats_empty.json": _edited("burgundy", seats=[]),
        "depots_object.json": _edited("burgundy", depots={}),
        "extra_field.json": _edited("burgundy", bogus_field=1),
        "setup_player_5.json": _edited("burgundy", setup_player=5),
        "sanjuan_library_string.json": _edited("sanjuan", role_library="x"),
        "seasons_last_round_list.json": _edited("seasons", last_round=[1]),
        "tiletum_king_bonus_empty.json": _edited("tiletum", king_bonus=[]),
        "tiletum_contract_display_empty.json": _edited("tiletum", contract_display=[]),
        "highcard_rng_negative.json": _edited("highcard", rng=-1),
        "highcard_round_huge.json": _edited("highcard", round=10**30),
        "notes.txt": b"some notes\n",
        "folder/": {"notes.txt": b"not a run\n"},
        "emptydir/": {},
        "badvalues/": {"_values.json": b"{"},
        "movedvalues/": {"_values.json": json.dumps({"status": "complete", "settings": {
            "game": "burgundy", "run": "gone.parquet"}}).encode(),
            "estimates.csv": b"kind\n", "estimates_by_stage.csv": b"kind\n"},
        "dir.json/": {},
        "good.parquet/": real_run,
        "copy.parquet/": real_run,              # the same run copied: the same games
        "run.parquet/": {"_manifest.json": b"{garbage"},
        "listrun.parquet/": {"_manifest.json": b"[1, 2]"},
        "halfrun.parquet/": {"_manifest.json": b'{"game": "burgundy"}'},
        "foreign.parquet": _parquet(pd.DataFrame({"x": [1, 2]})),
        "empty.parquet": _parquet(pd.DataFrame({"game": pd.Series([], dtype=str)})),
        "garbage.parquet": b"PAR1 this is not parquet at all PAR1",
        "fifo": FIFO,
        **_data_files(),
    }
    return files


def _data_files():
    """Game data files (docs/data.md): the shipped ones, a bad one, and a position made with other data."""
    from engine_c import content, new_state

    tiletum = content.load("tiletum")
    bad = json.loads(json.dumps(tiletum))
    bad["tables"]["start_gold"]["values"][2] = "five"
    other = json.loads(json.dumps(tiletum))
    other["tables"]["start_gold"]["values"] = [2, 4, 6, 7]
    content.use("tiletum", other)
    try:
        other_position = new_state("tiletum", 2, 0).to_json().encode()
    finally:
        content.use("tiletum")
    return {
        "tiletum_data.json": content.export_text(tiletum).encode(),
        "seasons_data.json": content.export_text(content.load("seasons")).encode(),
        "tiletum_data_bad.json": content.export_text(bad).encode(),
        "tiletum_pos.json": new_state("tiletum", 2, 0).to_json().encode(),
        "tiletum_other_data_pos.json": other_position,
    }


# ---- the table ----------------------------------------------------------------------------

SIM = ("simulate", "--game", "burgundy", "--games", "2")          # + --agent ...; --out added by rows
OUT = ("--out", "o.parquet")
SUG = ("suggest", "--game", "burgundy", "--position", "pos.json")
POS = ("position", "--game", "burgundy")


def _suggest(game, position):
    """suggest with a small budget, so a position accepted by mistake fails fast."""
    return ("suggest", "--game", game, "--position", position, "--iterations", "10")


ROWS = [
    # the program itself
    row("no-command"),
    row("unknown-command", "frobnicate"),
    row("unknown-command-case", "Simulate"),
    row("help-as-command", "help"),
    row("unknown-global-option", "--bogus"),
    row("unknown-short-option", "-x"),
    row("option-before-command", "--seed", "1", "games"),
    row("version-with-value", "--version=1"),
    # games
    row("games-extra-argument", "games", "burgundy"),
    row("games-unknown-option", "games", "--game", "burgundy"),
    row("games-help-with-value", "games", "--help=yes"),
    # position: options
    row("position-no-game", "position"),
    row("position-game-without-value", "position", "--game"),
    row("position-unknown-game", "position", "--game", "chess"),
    row("position-empty-game", "position", "--game", ""),
    row("position-game-case", "position", "--game", "Burgundy"),
    row("position-players-1", *POS, "--players", "1"),
    row("position-players-5", *POS, "--players", "5"),
    row("position-players-0", *POS, "--players", "0"),
    row("position-players-negative", *POS, "--players", "-2"),
    row("position-players-abc", *POS, "--players", "abc"),
    row("position-players-float", *POS, "--players", "2.5"),
    row("position-players-huge", *POS, "--players", "99999999999999999999999"),
    row("position-seed-negative", *POS, "--seed", "-1"),
    row("position-seed-2-64", *POS, "--seed", "18446744073709551616"),
    row("position-seed-huge", *POS, "--seed", "9" * 400, says="(400 characters)"),
    row("position-seed-5000-digits", *POS, "--seed", "9" * 5000, says="(5000 characters) is not a valid integer"),
    row("position-seed-float", *POS, "--seed", "1.5"),
    row("position-seed-empty", *POS, "--seed", ""),
    row("position-seed-hex", *POS, "--seed", "0x10"),
    row("position-random-moves-negative", *POS, "--random-moves", "-1"),
    row("position-random-moves-huge", *POS, "--random-moves", "10" + "0" * 30),
    row("position-random-moves-over-limit", *POS, "--random-moves", "1000001"),
    row("position-random-moves-abc", *POS, "--random-moves", "abc"),
    row("position-random-moves-past-the-end", "position", "--game", "highcard", "--random-moves", "1000"),
    row("position-extra-argument", *POS, "extra"),
    row("position-unknown-option", *POS, "--iterations", "5"),
    # position: --out
    row("position-out-into-a-file", *POS, "--out", "notes.txt/pos.json"),
    row("position-out-is-cwd", *POS, "--out", "."),
    row("position-out-is-a-folder", *POS, "--out", "folder"),
    row("position-out-empty", *POS, "--out", ""),
    row("position-out-missing-parent", *POS, "--out", "no/such/dir/pos.json"),
    row("position-out-unwritable", *POS, "--out", "/proc/no-such-dir/pos.json"),
    row("position-out-bad-seed-order", *POS, "--seed", "-1", "--out", "new.json"),
    # suggest: options
    row("suggest-no-options", "suggest"),
    row("suggest-no-position", "suggest", "--game", "burgundy"),
    row("suggest-unknown-game", *_suggest("chess", "pos.json")),
    row("suggest-wrong-game", *_suggest("sanjuan", "pos.json")),
    row("suggest-wrong-game-sanjuan-file", *_suggest("burgundy", "sanjuan.json")),
    row("suggest-iterations-0", *SUG, "--iterations", "0"),
    row("suggest-iterations-negative", *SUG, "--iterations", "-1"),
    row("suggest-iterations-1e20", *SUG, "--iterations", "1e20"),
    row("suggest-iterations-20-digits", *SUG, "--iterations", "99999999999999999999"),
    row("suggest-iterations-over-limit", *SUG, "--iterations", "1000000001"),
    row("suggest-iterations-float", *SUG, "--iterations", "1.5"),
    row("suggest-iterations-abc", *SUG, "--iterations", "abc"),
    row("suggest-time-inf", *SUG, "--time", "inf"),
    row("suggest-time-minus-inf", *SUG, "--time", "-inf"),
    row("suggest-time-nan", *SUG, "--time", "nan"),
    row("suggest-time-0", *SUG, "--time", "0"),
    row("suggest-time-negative", *SUG, "--time", "-1"),
    row("suggest-time-1e300", *SUG, "--time", "1e300"),
    row("suggest-time-abc", *SUG, "--time", "abc"),
    row("suggest-time-1e-300", *SUG, "--time", "1e-300", says="--time must be at least 0.001 seconds"),
    row("suggest-time-below-the-minimum", *SUG, "--time", "0.0009", says="--time must be at least 0.001 seconds"),
    row("suggest-iterations-and-time", *SUG, "--iterations", "10", "--time", "1"),
    row("suggest-top-0", *SUG, "--iterations", "10", "--top", "0"),
    row("suggest-top-negative", *SUG, "--iterations", "10", "--top", "-1"),
    row("suggest-top-abc", *SUG, "--top", "abc"),
    row("suggest-jobs-0", *SUG, "--jobs", "0"),
    row("suggest-jobs-negative", *SUG, "--jobs", "-1"),
    row("suggest-jobs-huge", *SUG, "--time", "1", "--jobs", "99999999999999999999"),
    row("suggest-searches-0", *SUG, "--iterations", "10", "--searches", "0"),
    row("suggest-searches-abc", *SUG, "--searches", "abc"),
    row("suggest-searches-more-than-iterations", *SUG, "--searches", "1000", "--iterations", "10",
        says="--searches 1000 is more than --iterations 10"),
    row("suggest-seed-negative", *SUG, "--iterations", "10", "--seed", "-1"),
    row("suggest-seed-2-64", *SUG, "--iterations", "10", "--seed", "18446744073709551616"),
    row("suggest-json-with-value", *SUG, "--json=1"),
    row("suggest-extra-argument", *SUG, "pos.json"),
    # suggest: position files
    row("suggest-missing-file", *_suggest("burgundy", "none.json")),
    row("suggest-position-is-cwd", *_suggest("burgundy", ".")),
    row("suggest-position-is-a-folder", *_suggest("burgundy", "dir.json/")),
    row("suggest-position-in-a-file", *_suggest("burgundy", "notes.txt/pos.json")),
    row("suggest-position-empty-path", *_suggest("burgundy", "")),
    row("suggest-position-unreadable", *_suggest("burgundy", "/proc/self/mem")),
    row("suggest-position-endless", *_suggest("burgundy", "/dev/zero")),
    row("suggest-position-too-large", *_suggest("burgundy", "too_large.json")),
    row("suggest-empty-file", *_suggest("burgundy", "empty.json")),
    row("suggest-blank-file", *_suggest("burgundy", "blank.json")),
    row("suggest-garbage", *_suggest("burgundy", "garbage.json")),
    row("suggest-truncated", *_suggest("burgundy", "truncated.json")),
    row("suggest-binary", *_suggest("burgundy", "binary.bin")),
    row("suggest-utf16", *_suggest("burgundy", "utf16.json")),
    row("suggest-latin1", *_suggest("burgundy", "latin1.json")),
    row("suggest-text-file", *_suggest("burgundy", "notes.txt")),
    row("suggest-parquet-file", *_suggest("burgundy", "foreign.parquet")),
    row("suggest-deeply-nested", *_suggest("burgundy", "deep.json")),
    row("suggest-deeply-nested-field", *_suggest("burgundy", "deep_field.json")),
    row("suggest-5000-digit-int", *_suggest("burgundy", "huge_int.json")),
    row("suggest-nan", *_suggest("burgundy", "nan.json")),
    row("suggest-1e999", *_suggest("burgundy", "infinity.json")),
    row("suggest-json-list", *_suggest("burgundy", "list.json")),
    row("suggest-json-null", *_suggest("burgundy", "null.json")),
    row("suggest-json-string", *_suggest("burgundy", "string.json")),
    row("suggest-json-number", *_suggest("burgundy", "number.json")),
    row("suggest-no-game-field", *_suggest("burgundy", "no_game.json")),
    row("suggest-game-field-chess", *_suggest("burgundy", "game_chess.json")),
    row("suggest-game-field-number", *_suggest("burgundy", "game_number.json")),
    row("suggest-game-field-list", *_suggest("burgundy", "game_list.json")),
    row("suggest-game-field-object", *_suggest("burgundy", "game_object.json")),
    row("suggest-finished-game", *_suggest("burgundy", "finished.json")),
    row("suggest-finished-sanjuan", *_suggest("sanjuan", "finished_sj.json")),
    row("suggest-players-huge", *_suggest("burgundy", "players_huge.json")),
    row("suggest-players-float", *_suggest("burgundy", "players_float.json")),
    row("suggest-players-string", *_suggest("burgundy", "players_string.json")),
    row("suggest-rng-negative", *_suggest("burgundy", "rng_negative.json")),
    row("suggest-rng-2-64", *_suggest("burgundy", "rng_2_64.json")),
    row("suggest-round-bool", *_suggest("burgundy", "round_bool.json")),
    row("suggest-seats-missing", *_suggest("burgundy", "seats_missing.json")),
    row("suggest-seats-string", *_suggest("burgundy", "seats_string.json")),
    row("suggest-seats-empty", *_suggest("burgundy", "seats_empty.json")),
    row("suggest-depots-object", *_suggest("burgundy", "depots_object.json")),
    row("suggest-extra-field", *_suggest("burgundy", "extra_field.json")),
    row("suggest-burgundy-setup-player-5", *_suggest("burgundy", "setup_player_5.json")),
    row("suggest-sanjuan-role-library-string", *_suggest("sanjuan", "sanjuan_library_string.json")),
    row("suggest-seasons-last-round-list", *_suggest("seasons", "seasons_last_round_list.json")),
    row("suggest-tiletum-king-bonus-empty", *_suggest("tiletum", "tiletum_king_bonus_empty.json")),
    row("suggest-tiletum-contract-display-empty", *_suggest("tiletum", "tiletum_contract_display_empty.json")),
    row("suggest-highcard-rng-negative", *_suggest("highcard", "highcard_rng_negative.json")),
    row("suggest-highcard-round-huge", *_suggest("highcard", "highcard_round_huge.json")),
    # simulate: options
    row("simulate-no-options", "simulate"),
    row("simulate-no-agent", "simulate", "--game", "burgundy", *OUT),
    row("simulate-unknown-game", "simulate", "--game", "chess", "--agent", "random", *OUT),
    row("simulate-games-0", *SIM[:3], "--agent", "random", "--games", "0", *OUT),
    row("simulate-games-negative", *SIM[:3], "--agent", "random", "--games", "-3", *OUT),
    row("simulate-games-abc", *SIM[:3], "--agent", "random", "--games", "abc", *OUT),
    row("simulate-games-10-billion", *SIM[:3], "--agent", "random", "--games", "10000000000", *OUT),
    row("simulate-players-1", *SIM, "--agent", "random", "--players", "1", *OUT),
    row("simulate-players-5", *SIM, "--agent", "random", "--players", "5", *OUT),
    row("simulate-players-abc", *SIM, "--agent", "random", "--players", "abc", *OUT),
    row("simulate-jobs-0", *SIM, "--agent", "random", "--jobs", "0", *OUT),
    row("simulate-jobs-negative", *SIM, "--agent", "random", "--jobs", "-1", *OUT),
    row("simulate-jobs-huge", *SIM, "--agent", "random", "--jobs", "99999999999999999999", *OUT),
    row("simulate-seed-negative", *SIM, "--agent", "random", "--seed", "-1", *OUT),
    row("simulate-seed-2-64", *SIM, "--agent", "random", "--seed", "18446744073709551616", *OUT),
    row("simulate-seed-float", *SIM, "--agent", "random", "--seed", "1.5", *OUT),
    row("simulate-save-positions-negative", *SIM, "--agent", "random", "--save-positions", "-1", *OUT),
    row("simulate-backend-unknown", *SIM, "--agent", "random", "--backend", "spark", *OUT),
    row("simulate-address-without-dask", *SIM, "--agent", "random", "--address", "tcp://127.0.0.1:1", *OUT),
    row("simulate-dask-unreachable", *SIM, "--agent", "random", "--backend", "dask",
        "--address", "tcp://127.0.0.1:1", *OUT),
    row("simulate-paired-with-value", *SIM, "--agent", "random", "--paired=1", *OUT),
    row("simulate-too-many-agents", *SIM, "--agent", "random", "--agent", "random", "--agent", "random", *OUT),
    # simulate: agent specs
    row("agent-unknown", *SIM, "--agent", "nosuch", *OUT),
    row("agent-empty", *SIM, "--agent", "", *OUT),
    row("agent-empty-parameters", *SIM, "--agent", "ismcts:", *OUT),
    row("agent-iterations-empty", *SIM, "--agent", "ismcts:iterations=", *OUT),
    row("agent-unknown-parameter", *SIM, "--agent", "ismcts:foo=1", *OUT),
    row("agent-iterations-negative", *SIM, "--agent", "ismcts:iterations=-5", *OUT),
    row("agent-iterations-1e3", *SIM, "--agent", "ismcts:iterations=1e3", *OUT),
    row("agent-iterations-huge", *SIM, "--agent", "ismcts:iterations=99999999999999999999999", *OUT),
    row("agent-iterations-arabic-indic-digits", *SIM, "--agent", "ismcts:iterations=\u0661\u0660\u0660", *OUT,
        says="parameter iterations must be written with ASCII digits"),
    row("agent-time-arabic-indic-digits", *SIM, "--agent", "ismcts:time=\u0660.\u0665", *OUT,
        says="parameter time must be written with ASCII digits"),
    row("suggest-iterations-arabic-indic-digits", *SUG, "--iterations", "\u0661\u0660\u0660",
        says="write it in ASCII digits"),
    row("suggest-time-devanagari-digits", *SUG, "--time", "\u0966.\u0967", says="write it in ASCII digits"),
    row("simulate-games-arabic-indic-digits", *SIM, "--games", "\u0663", *OUT, says="write it in ASCII digits"),
    row("agent-parameter-without-value", *SIM, "--agent", "random:x", *OUT),
    row("agent-parameter-twice", *SIM, "--agent", "ismcts:iterations=5,iterations=6", *OUT),
    row("agent-time-inf", *SIM, "--agent", "ismcts:time=inf", *OUT),
    row("agent-c-nan", *SIM, "--agent", "ismcts:c=nan", *OUT),
    row("agent-reward-unknown", *SIM, "--agent", "ismcts:reward=fame", *OUT),
    # simulate: --out and --resume
    row("simulate-out-into-a-file", *SIM, "--agent", "random", "--out", "notes.txt/o.parquet"),
    row("simulate-out-is-a-file", *SIM, "--agent", "random", "--out", "notes.txt"),
    row("simulate-out-cwd-not-a-run", *SIM, "--agent", "random", "--out", ".", extra=("notes.txt",)),
    row("simulate-out-folder-not-a-run", *SIM, "--agent", "random", "--out", "folder"),
    row("simulate-out-unwritable", *SIM, "--agent", "random", "--out", "/proc/no-such-dir/o.parquet"),
    row("simulate-resume-nothing", *SIM, "--agent", "random", "--resume", *OUT),
    row("simulate-resume-garbage-manifest", *SIM, "--agent", "random", "--resume", "--out", "run.parquet"),
    row("simulate-resume-list-manifest", *SIM, "--agent", "random", "--resume", "--out", "listrun.parquet"),
    row("simulate-resume-partial-manifest", *SIM, "--agent", "random", "--resume", "--out", "halfrun.parquet"),
    row("simulate-resume-empty-folder", *SIM, "--agent", "random", "--resume", "--out", "emptydir"),
    row("simulate-new-run-over-garbage", *SIM, "--agent", "random", "--out", "run.parquet"),
    # report
    row("report-no-arguments", "report"),
    row("report-no-out", "report", "foreign.parquet"),
    row("report-missing-input", "report", "missing.parquet", "--out", "r"),
    row("report-empty-folder", "report", "emptydir", "--out", "r"),
    row("report-broken-values-manifest", "report", "badvalues", "--out", "r"),
    row("report-values-whose-run-moved", "report", "movedvalues", "--out", "r"),
    row("report-folder-not-a-run", "report", "folder", "--out", "r"),
    row("report-garbage-parquet", "report", "garbage.parquet", "--out", "r"),
    row("report-foreign-parquet", "report", "foreign.parquet", "--out", "r"),
    row("report-empty-parquet", "report", "empty.parquet", "--out", "r"),
    row("report-position-file", "report", "pos.json", "--out", "r"),
    row("report-binary-file", "report", "binary.bin", "--out", "r"),
    row("report-garbage-manifest-run", "report", "run.parquet", "--out", "r"),
    row("report-good-and-missing-input", "report", "good.parquet", "missing.parquet", "--out", "r"),
    row("report-good-and-foreign-input", "report", "good.parquet", "foreign.parquet", "--out", "r"),
    row("report-out-into-a-file", "report", "good.parquet", "--out", "notes.txt/r"),
    row("report-out-is-a-file", "report", "good.parquet", "--out", "notes.txt"),
    row("report-out-is-the-run-folder", "report", "good.parquet", "--out", "good.parquet"),
    row("report-a-run-and-its-copy", "report", "good.parquet", "copy.parquet", "--out", "r"),
    row("report-out-unwritable", "report", "good.parquet", "--out", "/proc/no-such-dir/r"),
    row("simulate-resume-with-other-settings", "simulate", "--game", "sanjuan", "--agent", "greedy", "--games", "2",
        "--resume", "--out", "good.parquet"),
    row("simulate-new-run-over-a-run", "simulate", "--game", "sanjuan", "--agent", "random", "--games", "2",
        "--out", "good.parquet"),
    row("report-unknown-option", "report", "foreign.parquet", "--out", "r", "--format", "pdf"),
    # game data files (docs/data.md)
    row("data-no-subcommand", "data"),
    row("data-no-subcommand-option", "data", "--game", "tiletum"),
    row("data-unknown-subcommand", "data", "show"),
    row("data-check-missing-file", "data", "check", "nope.json"),
    row("data-check-folder", "data", "check", "emptydir"),
    row("data-check-not-json", "data", "check", "garbage.json"),
    row("data-check-empty", "data", "check", "empty.json"),
    row("data-check-a-list", "data", "check", "list.json"),
    row("data-check-a-position", "data", "check", "pos.json"),
    row("data-check-bad-value", "data", "check", "tiletum_data_bad.json"),
    row("data-check-no-argument", "data", "check"),
    row("data-export-no-out", "data", "export", "--game", "tiletum"),
    row("data-export-game-without-data", "data", "export", "--game", "sanjuan", "--out", "x.json"),
    row("data-export-unknown-game", "data", "export", "--game", "chess", "--out", "x.json"),
    row("data-export-out-is-a-folder", "data", "export", "--game", "tiletum", "--out", "emptydir"),
    row("simulate-paired-games-not-a-multiple-of-players", "simulate", "--game", "sanjuan", "--players", "3",
        "--agent", "random", "--games", "4", "--paired", *OUT),
    row("data-export-over-an-existing-file", "data", "export", "--game", "tiletum", "--out", "tiletum_data.json"),
    row("position-over-an-existing-file", "position", "--game", "sanjuan", "--out", "pos.json"),
    row("data-export-bad-data", "data", "export", "--game", "tiletum", "--out", "x.json",
        "--data", "tiletum_data_bad.json"),
    row("data-export-other-game-data", "data", "export", "--game", "tiletum", "--out", "x.json",
        "--data", "seasons_data.json"),
    row("simulate-data-for-game-without-data", "simulate", "--game", "sanjuan", "--games", "2", "--agent", "random",
        *OUT, "--data", "tiletum_data.json"),
    row("simulate-burgundy-data-of-another-game", *SIM, "--agent", "random", *OUT, "--data", "tiletum_data.json"),
    row("simulate-data-of-another-game", "simulate", "--game", "seasons", "--agent", "random", "--games", "2",
        *OUT, "--data", "tiletum_data.json"),
    row("simulate-data-missing-file", "simulate", "--game", "tiletum", "--agent", "random", "--games", "2",
        *OUT, "--data", "nope.json"),
    row("simulate-data-bad-value", "simulate", "--game", "tiletum", "--agent", "random", "--games", "2",
        *OUT, "--data", "tiletum_data_bad.json"),
    row("position-data-not-json", "position", "--game", "tiletum", "--data", "garbage.json", "--out", "p.json"),
    row("position-data-folder", "position", "--game", "tiletum", "--data", "emptydir"),
    row("show-data-bad-value", "show", "tiletum_pos.json", "--data", "tiletum_data_bad.json"),
    row("show-burgundy-with-data", "show", "pos.json", "--data", "tiletum_data.json"),
    row("show-position-of-other-data", "show", "tiletum_other_data_pos.json"),
    row("suggest-position-of-other-data", *_suggest("tiletum", "tiletum_other_data_pos.json")),
    row("suggest-data-of-another-game", *_suggest("tiletum", "tiletum_pos.json"), "--data", "seasons_data.json"),
    row("play-data-bad-value", "play", "--game", "tiletum", "--data", "tiletum_data_bad.json"),
    row("play-position-of-other-data", "play", "--position", "tiletum_other_data_pos.json"),
    # game options (--option KEY=VALUE)
    row("simulate-option-unknown-key", "simulate", "--game", "seasons", "--agent", "random", "--games", "2", *OUT,
        "--option", "frost=true"),
    row("simulate-option-of-another-game", *SIM, "--agent", "random", *OUT, "--option", "winter=true"),
    row("simulate-option-wrong-type", "simulate", "--game", "seasons", "--agent", "random", "--games", "2", *OUT,
        "--option", "winter=1"),
    row("simulate-option-string-for-bool", "simulate", "--game", "tiletum", "--agent", "random", "--games", "2",
        *OUT, "--option", "die_wrap=no"),
    row("simulate-option-no-equals", "simulate", "--game", "seasons", "--agent", "random", "--games", "2", *OUT,
        "--option", "winter"),
    row("simulate-option-empty-key", "simulate", "--game", "seasons", "--agent", "random", "--games", "2", *OUT,
        "--option", "=true"),
    row("simulate-option-empty", *SIM, "--agent", "random", *OUT, "--option", ""),
    row("simulate-option-reserved-key", *SIM, "--agent", "random", *OUT, "--option", "players=3"),
    row("simulate-option-twice", "simulate", "--game", "seasons", "--agent", "random", "--games", "2", *OUT,
        "--option", "winter=true", "--option", "winter=false"),
    row("simulate-option-without-value", *SIM, "--agent", "random", *OUT, "--option"),
    row("simulate-option-seat-vp-count", *SIM, "--agent", "random", *OUT, "--option", "seat_vp=0,3,4"),
    row("simulate-option-seat-vp-negative", *SIM, "--agent", "random", *OUT, "--option", "seat_vp=0,-3"),
    row("position-option-seat-vp-too-big", "position", "--game", "sanjuan", "--option", "seat_vp=0,101"),
    row("simulate-resume-with-an-unknown-option", "simulate", "--game", "sanjuan", "--agent", "random", "--games", "2",
        "--resume", "--out", "good.parquet", "--option", "x=1"),
    row("position-option-unknown-key", "position", "--game", "tiletum", "--option", "winter=true"),
    row("position-option-wrong-type", "position", "--game", "tiletum", "--option", "die_wrap=0", "--out", "p.json"),
    row("position-option-no-equals", "position", "--game", "seasons", "--option", "winter", "--out", "p.json"),
    row("position-option-bad-key", "position", "--game", "seasons", "--option", "win ter=true"),
    row("position-option-data-key", "position", "--game", "tiletum", "--option", "data=tiletum_data.json"),
    row("play-option-unknown-key", "play", "--game", "burgundy", "--option", "winter=true"),
    row("play-option-wrong-type", "play", "--game", "seasons", "--option", "winter=maybe"),
    row("play-option-empty-key", "play", "--game", "seasons", "--option", "=1"),
    row("play-option-with-position", "play", "--position", "pos.json", "--option", "board=basic"),
    row("serve-data-twice-for-one-game", "serve", "--port", "0", "--data", "tiletum_data.json",
        "--data", "tiletum_data.json"),
    row("serve-data-not-json", "serve", "--port", "0", "--data", "garbage.json"),
    # a FIFO (or a device) as a file to read or write: refused at once, never waited on (issue 52)
    row("show-position-fifo", "show", "fifo", says="fifo: is a FIFO (named pipe), not a position file"),
    row("suggest-position-fifo", *_suggest("burgundy", "fifo"), says="is a FIFO"),
    row("suggest-data-fifo", *_suggest("tiletum", "tiletum_pos.json"), "--data", "fifo",
        says="data file fifo: is a FIFO (named pipe), not a data file"),
    row("play-position-fifo", "play", "--position", "fifo", says="is a FIFO"),
    row("serve-data-fifo", "serve", "--port", "0", "--data", "fifo", says="is a FIFO"),
    row("data-check-fifo", "data", "check", "fifo", says="is a FIFO"),
    row("data-check-dev-zero", "data", "check", "/dev/zero", says="is a character device, not a data file"),
    row("show-position-dev-zero", "show", "/dev/zero", says="is a character device"),
    row("position-out-fifo", *POS, "--out", "fifo", "--force", says="cannot write fifo: it is a FIFO"),
    row("data-export-out-fifo", "data", "export", "--game", "tiletum", "--out", "fifo", "--force",
        says="cannot write fifo: it is a FIFO"),
    row("simulate-out-fifo", *SIM, "--agent", "random", "--out", "fifo", says="fifo"),
]

ROWS_BY_ID = {r.id: r for r in ROWS}
assert len(ROWS_BY_ID) == len(ROWS), "row ids must be unique"
