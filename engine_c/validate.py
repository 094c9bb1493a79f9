"""One validation vocabulary for every game's position reader.

A reader walks the position's JSON data with a :class:`Fields` checker; each check
returns the value once it is the right type, length or range, and otherwise raises
``InvalidPositionError`` with one line naming the game, the field path and the value::

    tiletum: king_bonus: must be a list of 3 entries, got 2 entries
    burgundy: seats[1].estate["20"]: unknown tile 'shipp' (valid: ...)

Readers must pass everything through these checks before it touches C memory: no
reader may rely on Cython's boundscheck (it is off in release builds).

The other inputs every game shares are checked here too: seeds (``seed_to_state``), the
``seat_vp`` option, position JSON text and the data hash a position carries.
"""
import difflib
import json
import numbers

import numpy as np

from engine_c.errors import BoardlabError, InvalidPositionError

INT32_MAX = 2**31 - 1
UINT64_MAX = 2**64 - 1
# The most starting points the seat_vp game option gives a seat (seat_vp_option below): a
# compensation for the seat order is a few points; 100 is far beyond any (every game's winning score
# is of that order) and keeps each game's VP counters (int16, San Juan's uint8 bonus) from overflowing.
SEAT_VP_MAX = 100


def at(path, key):
    """The path of ``key`` inside ``path``: ``seats[1]``, ``turn.order``, ``estate["20"]``."""
    if isinstance(key, int):
        return f"{path}[{key}]"
    if not path:
        return str(key)
    if isinstance(key, str) and key.isidentifier():
        return f"{path}.{key}"
    return f'{path}["{key}"]'


def shown(value, limit=60):
    """A value as a short one-line repr for an error message."""
    text = repr(value)
    if isinstance(value, (list, dict)) and len(text) > limit:
        text = f"a {type(value).__name__} of {len(value)} entries"
    elif len(text) > limit:
        text = text[:limit - 3] + "..."
    return text


def _kind(value):
    """JSON's name for the type of a value."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int):
        return "an integer"
    if isinstance(value, float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class Fields:
    """Checks for one game's reader; every failure is a one-line InvalidPositionError."""

    def __init__(self, game):
        self.game = game

    def fail(self, path, message):
        """Raise ``<game>: <path>: <message>`` (no path: ``<game>: <message>``)."""
        prefix = f"{self.game}: {path}: " if path else f"{self.game}: "
        raise InvalidPositionError((prefix + message).replace("\n", " "))

    def position(self, data, game_optional=False):
        """The top of a position: a JSON object whose ``game`` names this game (the same words for every
        game); ``game_optional``: a position without ``game`` is read as this game's."""
        if not isinstance(data, dict):
            self.fail("", f"a position must be a JSON object, got {_kind(data)}")
        if "game" in data or not game_optional:
            if data.get("game") != self.game:
                got = shown(data["game"]) if "game" in data else "missing"
                self.fail("game", f"not a {self.game} position (game: {got}; a {self.game} position has "
                                  f"\"game\": \"{self.game}\")")
        return data

    def get(self, obj, key, path="", default=None, required=True):
        """``obj[key]`` of an object; a missing required key is an error naming it."""
        self.object(obj, path)
        if key not in obj:
            if required:
                self.fail(at(path, key), "missing field")
            return default
        return obj[key]

    def object(self, value, path, keys=None, optional=()):
        """A JSON object; with ``keys``, exactly those keys (plus any of ``optional``)."""
        if not isinstance(value, dict):
            self.fail(path, f"must be an object, got {_kind(value)}")
        if keys is not None:
            for key in value:
                if key not in keys and key not in optional:
                    self.fail(at(path, key), f"unknown field (known: {', '.join(list(keys) + list(optional))})")
            for key in keys:
                if key not in value:
                    self.fail(at(path, key), "missing field")
        return value

    def list(self, value, path, length=None, min_length=0, max_length=None):
        """A JSON list of exactly ``length`` entries, or of ``min_length``..``max_length``."""
        if not isinstance(value, list):
            self.fail(path, f"must be a list, got {_kind(value)}")
        n = len(value)
        got = f"got {n} {'entry' if n == 1 else 'entries'}"
        if length is not None and n != length:
            self.fail(path, f"must be a list of {length} {'entry' if length == 1 else 'entries'}, {got}")
        if n < min_length or (max_length is not None and n > max_length):
            bound = f"{min_length}..{max_length}" if max_length is not None else f"at least {min_length}"
            self.fail(path, f"must be a list of {bound} entries, {got}")
        return value

    def int(self, value, path, lo, hi):
        """An integer (not a boolean) in ``lo``..``hi``."""
        if isinstance(value, bool) or not isinstance(value, int):
            self.fail(path, f"must be an integer in {lo}..{hi}, got {_kind(value)} {shown(value)}")
        if not lo <= value <= hi:
            self.fail(path, f"must be an integer in {lo}..{hi}, got {shown(value)}")
        return value

    def optional_int(self, value, path, lo, hi):
        """null or an integer in ``lo``..``hi``."""
        return None if value is None else self.int(value, path, lo, hi)

    def bool(self, value, path):
        """true or false."""
        if not isinstance(value, bool):
            self.fail(path, f"must be true or false, got {shown(value)}")
        return value

    def choice(self, value, path, choices):
        """One of ``choices`` (strings, usually); the error lists them."""
        try:
            if value in choices:
                return value
        except TypeError:                 # an unhashable value (list, object) asked of a set or dict
            pass
        listed = ", ".join(str(c) for c in choices)
        self.fail(path, f"unknown value {shown(value)} (valid: {listed})")

    def name(self, value, path, table, noun):
        """The position of name ``value`` in ``table``; an unknown name is refused with the valid
        names listed, the closest first ("did you mean ...?")."""
        if isinstance(value, str) and value in table:
            return list(table).index(value)
        close = difflib.get_close_matches(value, list(table), n=2, cutoff=0.6) if isinstance(value, str) else []
        hint = f"did you mean {' or '.join(close)}? " if close else ""
        self.fail(path, f"unknown {noun} {shown(value)} ({hint}valid: {', '.join(table)})")

    def index(self, value, path, choices):
        """The position of ``value`` in the sequence ``choices``."""
        return list(choices).index(self.choice(value, path, choices))

    def ints(self, value, path, lo, hi, length=None, min_length=0, max_length=None, distinct=False):
        """A list of integers in ``lo``..``hi`` (each checked, the list's length too)."""
        self.list(value, path, length, min_length, max_length)
        for i, item in enumerate(value):
            self.int(item, at(path, i), lo, hi)
        if distinct and len(set(value)) != len(value):
            self.fail(path, f"lists a value twice: {shown(value)}")
        return value

    def permutation(self, value, path, n):
        """A list holding 0..n-1 once each."""
        self.ints(value, path, 0, n - 1, length=n)
        if sorted(value) != list(range(n)):
            self.fail(path, f"must hold 0..{n - 1} once each, got {shown(value)}")
        return value


MAX_NESTING = 32        # a position's deepest field nests a few levels; readers recurse, so refuse deeper


def too_deep(data, limit=MAX_NESTING):
    """The path of the first list or object nested deeper than ``limit`` levels in ``data`` (walked
    without recursion, so any depth is safe), or None."""
    todo = [(data, "", 0)]
    while todo:
        value, path, depth = todo.pop()
        if isinstance(value, dict):
            children = ((at(path, key), item) for key, item in value.items())
        elif isinstance(value, list):
            children = ((at(path, i), item) for i, item in enumerate(value))
        else:
            continue
        if depth >= limit:
            return path
        todo.extend((item, where, depth + 1) for where, item in children)
    return None


def seed_to_state(seed):
    """Turn a seed (an int 0..2^64-1 or a numpy SeedSequence) into one uint64 of PRNG state;
    BoardlabError for anything else (a negative, fractional or text seed)."""
    if isinstance(seed, np.random.SeedSequence):
        seq = seed
    elif isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or not 0 <= seed <= 0xFFFFFFFFFFFFFFFF:
        raise BoardlabError(f"seed must be an integer 0..2^64-1 (or a numpy SeedSequence), got {shown(seed, 40)}")
    else:
        seq = np.random.SeedSequence(int(seed))
    return int(seq.generate_state(1, np.uint64)[0])


def seat_vp_option(game, players, value):
    """The ``seat_vp`` game option as a tuple of one int 0..SEAT_VP_MAX per seat (seat 0 = the start
    player): None means no bonus (all 0), else ``"0,3"`` text (as ``--option seat_vp=0,3`` gives it)
    or a list of ints (the API, a manifest); BoardlabError in one line otherwise."""
    if value is None:
        return (0,) * players
    points = None
    if isinstance(value, str):
        parts = [part.strip() for part in value.split(",")]
        if all(part.isdigit() and part.isascii() for part in parts):
            points = [int(part) for part in parts]
    elif isinstance(value, (list, tuple)):
        if all(isinstance(v, numbers.Integral) and not isinstance(v, bool) for v in value):
            points = [int(v) for v in value]
    elif isinstance(value, numbers.Integral) and not isinstance(value, bool):
        points = [int(value)]             # "--option seat_vp=3" arrives as the JSON number 3
    if points is None or len(points) != players or not all(0 <= v <= SEAT_VP_MAX for v in points):
        text = ",".join(str(v) for v in value) if isinstance(value, (list, tuple)) else str(value)
        raise BoardlabError(f"{game}: seat_vp must be one whole number of points 0..{SEAT_VP_MAX} per seat "
                            f"({players} seats, seat 0 first), got {shown(text, 40)}")
    return tuple(points)


def parse_position(text, game_name=None):
    """Position JSON text (or an already-loaded object) -> data; InvalidPositionError if not JSON."""
    if not isinstance(text, (str, bytes)):
        return text
    prefix = f"{game_name}: " if game_name else ""
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InvalidPositionError(f"{prefix}position is not valid JSON: {exc.msg} at line {exc.lineno}") from None
    except RecursionError:
        raise InvalidPositionError(f"{prefix}position is nested too deeply to be a position") from None
    except (ValueError, UnicodeDecodeError) as exc:    # e.g. an integer of more than 4300 digits
        raise InvalidPositionError(f"{prefix}position is not valid JSON: {shown(str(exc), 100)}") from None


def split_data_hash(game, data):
    """Take the ``data`` key (the data hash) out of position data and check it against the data
    installed now (absent = the shipped default); returns (the rest of the data, the hash)."""
    from engine_c import content
    current = content.active_hash(game)
    if not isinstance(data, dict):
        return data, current
    if "data" in data:
        given = data["data"]
        data = {k: v for k, v in data.items() if k != "data"}
        if current is None:
            raise InvalidPositionError(f"{game}: data: {game} has no data file, so a position has no data hash")
        if not isinstance(given, str):
            raise InvalidPositionError(f"{game}: data: must be the 12-digit hash of a data file, got {shown(given)}")
        if given == content.default_hash(game):
            given = None
    else:
        given = None
    if current is not None and (given or content.default_hash(game)) != current:
        made = f"data {given}" if given else f"the shipped data {content.default_hash(game)}"
        now = ("the shipped data" if current == content.default_hash(game) else "data") + f" {current}"
        raise InvalidPositionError(
            f"{game}: data: the position was made with {made} but {now} is in use; "
            f"pass --data FILE with the position's data" + ("" if given else " (or no --data)"))
    return data, current
