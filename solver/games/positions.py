"""Positions for analysis: load and check a position file, or make one by random play."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np

from engine_c import game_names, state_class, state_from_json, use_data
from engine_c.errors import BoardlabError
from engine_c.userfiles import NotRegularFile, read_regular
from solver.games.options import new_game


PARAMETER_NAMES = {"seed": "seed", "random_moves": "random_moves"}   # errors name the Python parameters


def random_position(game, players, seed, random_moves=0, data=None, options=None, names=None):
    """The opening of ``game`` dealt from ``seed``, after ``random_moves`` seeded random moves
    (``data``: a game data file or dict to install first; ``options``: game options, e.g.
    ``{"winter": True}``, checked by the game; ``names``: what errors call ``seed`` and
    ``random_moves``, the parameters' own names unless given, e.g. a command line's flags)."""
    names = {**PARAMETER_NAMES, **(names or {})}
    flag = names["random_moves"].startswith("-")
    if data is not None:
        use_data(game, data)
    if isinstance(random_moves, bool) or not isinstance(random_moves, int) or random_moves < 0:
        raise BoardlabError(f"{names['random_moves']} must be a non-negative integer, got {random_moves!r}")
    if isinstance(seed, bool) or not isinstance(seed, int) or seed < 0:
        raise BoardlabError(f"{names['seed']} must be a non-negative integer, got {seed!r}")
    state = new_game(game, players, seed, options)
    rng = np.random.default_rng(seed)
    for played in range(random_moves):
        if state.is_terminal():
            raise BoardlabError(f"the game ended after {played} random moves, before {random_moves}: "
                                f"give {names['random_moves']}{' ' if flag else '='}{played} or fewer")
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state


MAX_POSITION_BYTES = 1 << 20      # a position is a few kilobytes; anything past 1 MiB is not one


STDIN = "-"                       # the path that means "read the position from standard input"


def read_position_data(path, game=None):
    """The parsed JSON object of a position file, or of standard input when ``path`` is ``-``.

    The text must be UTF-8 JSON (a byte-order mark is allowed) of at most 1 MiB holding an
    object; anything else is a one-line BoardlabError naming the file (``<stdin>`` for ``-``).
    An unknown ``game`` is reported before anything is read.
    """
    if game is not None:
        state_class(game)
    raw, name = _read_bytes(path)
    if len(raw) > MAX_POSITION_BYTES:
        raise BoardlabError(f"{name}: too large for a position file (more than {MAX_POSITION_BYTES} bytes)")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise BoardlabError(f"{name}: not a position file (not UTF-8 text: byte {exc.start} is "
                            f"{raw[exc.start]:#04x})") from None
    data = _parse_json(name, text)
    _require_object(data, name)
    return data, name


def _read_bytes(path):
    """(at most MAX_POSITION_BYTES + 1 bytes of the file or of standard input, name for messages)."""
    if str(path) == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            raise BoardlabError("<stdin>: standard input is closed; there is no position to read")
        try:
            return stream.read(MAX_POSITION_BYTES + 1), "<stdin>"
        except OSError as exc:
            raise BoardlabError(f"<stdin>: cannot read the position ({exc.strerror or exc})") from None
    path = Path(path)
    try:
        return read_regular(path, MAX_POSITION_BYTES + 1), path       # a FIFO or device: refused, not waited on
    except NotRegularFile as exc:
        raise BoardlabError(f"{path}: {exc}, not a position file (give - to read standard input)") from None
    except FileNotFoundError:
        raise BoardlabError(f"{path}: no such position file") from None
    except IsADirectoryError:
        raise BoardlabError(f"{path}: is a folder, not a position file") from None
    except OSError as exc:
        raise BoardlabError(f"{path}: cannot read the position ({exc.strerror or exc})") from None


def load_position(path, game=None, finished_ok=False, data=None):
    """The state stored in a position file (``-``: standard input); BoardlabError (one line) otherwise.

    ``game``: the game the position must belong to (None: whatever its ``game`` field names).
    A finished game is refused unless ``finished_ok``, since there is no move to make in it.
    ``data``: a game data file (or dict) to install for the position's game first.
    """
    position, name = read_position_data(path, game)
    return _checked_state(position, name, game, finished_ok, data)


def load_leading_position(stream, game=None, finished_ok=False, data=None):
    """The state of the position at the start of a text stream, which is left at the line after it.

    The position is one JSON object over as many lines as it takes (as ``boardlab position``
    writes it); what follows it (commands, say) stays unread.  Same checks as :func:`load_position`;
    ``data``: a game data file (or dict) to install for the position's game first.
    """
    if game is not None:
        state_class(game)
    name = "<stdin>"
    text, size = "", 0
    while True:
        line = stream.readline()
        size += len(line.encode("utf-8", "surrogateescape"))
        if size > MAX_POSITION_BYTES:
            raise BoardlabError(f"{name}: too large for a position (more than {MAX_POSITION_BYTES} bytes)")
        text += line
        if not line or text.rstrip().endswith("}"):
            try:
                position = json.loads(text.lstrip("\ufeff"), parse_constant=_refuse_constant)
                break
            except (json.JSONDecodeError, ValueError, RecursionError):
                if line:
                    continue
            position = _parse_json(name, text.lstrip("\ufeff"))     # the end came first: say what is wrong
            break
    _require_object(position, name)
    return _checked_state(position, name, game, finished_ok, data)


def _require_object(data, name):
    """BoardlabError unless the parsed position ``data`` is a JSON object."""
    if not isinstance(data, dict):
        kind = {list: "a list", str: "a string", type(None): "null", bool: "a boolean"}.get(type(data), "a number")
        raise BoardlabError(f"{name}: position must be a JSON object with a 'game' field, got {kind}")


def _checked_state(data, name, game, finished_ok, data_source=None):
    """The state of position ``data`` read from ``name``; every refusal is one BoardlabError line.
    ``data_source``: game data to install for the position's game first (its errors name the data file)."""
    target = game if game is not None else data.get("game")
    if data_source is not None and isinstance(target, str) and target in game_names():
        use_data(target, data_source)
    try:
        state = state_from_json(data, game)
    except BoardlabError as exc:
        raise BoardlabError(f"{name}: {exc}") from None
    if state.is_terminal() and not finished_ok:
        raise BoardlabError(f"{name}: the game in this position is over; there is no move to make")
    return state


def _refuse_constant(name):
    raise ValueError(f"{name} is not a JSON number")


def _parse_json(path, text):
    """The JSON data of a position file's text; one-line BoardlabError if it is not JSON."""
    if not text.strip():
        raise BoardlabError(f"{path}: empty input, not a position" if str(path) in ("-", "<stdin>") else
                            f"{path}: the file is empty, not a position")
    try:
        return json.loads(text, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        raise BoardlabError(f"{path}: position is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise BoardlabError(f"{path}: position is not valid JSON: nested too deeply") from None
    except ValueError as exc:       # NaN/Infinity, or an integer of more than 4300 digits
        message = str(exc).split(":")[0] if "integer string conversion" in str(exc) else str(exc)
        raise BoardlabError(f"{path}: position is not valid JSON: {message}") from None
    except MemoryError:
        raise BoardlabError(f"{path}: position is too large to read") from None


def pretty_json(text):
    """Format a position for people: one top-level field per line, one seat or depot per line."""
    data = json.loads(text)
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
            inner = ",\n".join("    " + json.dumps(item) for item in value)
            lines.append(f"  {json.dumps(key)}: [\n{inner}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"
