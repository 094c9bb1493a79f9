"""Game content as data files: load, check, hash and install a game's tables (docs/data.md).

A game whose content tables (tiles, cards, track values ...) come from a data file has a module
``engine_c.<game>.content`` with:

- ``DEFAULT_PATH``: the shipped ``content.json`` beside it;
- ``TABLES``: the names of the tables the file must hold (no others are allowed);
- ``check(data)``: the game's own checks of loaded data, raising through :func:`fail`
  (the helpers below do that for you);
- ``install(data)``: fills the game's C tables from checked data (process-wide).

The game's package installs the shipped default when it is imported (``use(game)``); a state
records the hash of the data it was built from (``GameState.data_hash``).

File format (JSON)::

    {"game": "tiletum", "format": 1, "about": "...",
     "tables": {
       "king_vp": {"about": "...", "source": "placeholder", "values": [1, 2, 3]},
       "persons": {"about": "...", "items": [{"id": "p1", "source": "rulebook p.7", "vp": 2}]}}}

Every table is an object with ``about`` (the comment: what a field means, units, indexing;
optional), ``source`` (optional string) and exactly one of ``values`` (a list, usually of
integers or nested lists of integers) or ``items`` (a list of objects, each with an ``id``
and an optional ``source``). A *placeholder* is any object whose ``source`` is
``"placeholder"``. The hash leaves out every ``about`` key: editing comments keeps it.

Errors are :class:`DataError`, one line: ``data file <name>: <path>: <what is wrong>``.
Paths are written like ``tables.king_vp.values[3]`` or ``tables.persons.items[2].vp``.

Checking helpers for a game's ``check(data)`` (each returns the checked value; every failure
is a DataError naming the path; ``path`` is the path of ``value``):

- ``fail(path, message)``: raise a DataError at ``path``;
- ``at(path, key)``: the path of ``key`` inside ``path`` (``at("tables.x.values", 3)``);
- ``integer(value, path, low=None, high=None)``: an integer (not a boolean) in range;
- ``ints(value, path, shape=None, low=None, high=None, distinct=False)``: an integer or a
  (nested) list of integers; ``shape`` is ``None`` (a flat list of any length) or a tuple of
  lengths per level, ``None`` for any length: ``(22,)``, ``(20, 6)``, ``(None, 3)``, ``()``
  for a single integer; ``distinct`` refuses a value twice (flat lists);
- ``text(value, path, allow_empty=False)``: a string;
- ``boolean(value, path)``: true or false;
- ``one_of(value, path, choices, noun="value")``: one of ``choices``; the error suggests the
  closest ones (``did you mean ...?``) and lists the valid ones;
- ``fields(value, path, required=(), optional=())``: an object with all ``required`` keys and
  no key outside ``required`` + ``optional`` (unknown keys get the closest match);
- ``records(value, path, required=(), optional=(), count=None, min_count=0)``: a list of
  objects (exactly ``count`` of them, or at least ``min_count``), each with ``id`` (string or
  integer, unique), optional ``source`` and the given fields;
- ``table(data, name)``: the table object ``data["tables"][name]``;
- ``values(data, name, shape=None, low=None, high=None, distinct=False)``: the checked
  ``values`` of a values table (``ints`` at ``tables.<name>.values``);
- ``items(data, name, required=(), optional=(), count=None, min_count=0)``: the checked
  ``items`` of a record table (``records`` at ``tables.<name>.items``);
- ``ids(records_list)``: the ids of checked records, in order (for cross-references with
  ``one_of(ref, path, ids(...), noun="tile")``).

The rest of the API: :func:`load`, :func:`use`, :func:`active`, :func:`active_data`,
:func:`active_hash`, :func:`data_hash`, :func:`placeholders`, :func:`placeholder_line`,
:func:`default_hash`, :func:`export_text`, :func:`game_module`, :func:`has_data`.
"""
import copy
import dataclasses
import difflib
import hashlib
import importlib
import json
import os

from engine_c.errors import BoardlabError
from engine_c.userfiles import NotRegularFile, read_regular
from engine_c.validate import at, shown, _kind

FORMAT = 1
PLACEHOLDER = "placeholder"
TOP_KEYS = ("game", "format", "about", "tables")
TABLE_KEYS = ("about", "source", "values", "items")
MAX_BYTES = 20_000_000

# Game name -> content module registered in this process (the test suite's fake games);
# real games are found as ``engine_c.<game>.content``.
_modules = {}
# Game name -> (Active, data) installed now.
_active = {}
# Game name -> the shipped default's hash (computed once).
_default_hashes = {}
# Games known to have no data file.
_no_data = set()


class DataError(BoardlabError):
    """A data file that is unreadable or wrong: ``data file <name>: <path>: <what>`` (one line)."""

    def __init__(self, where, what, name=None):
        self.where, self.what, self.name = where, what, name
        head = f"data file {name if name is not None else '<data>'}: "
        super().__init__((head + (f"{where}: " if where else "") + what).replace("\n", " "))

    def __reduce__(self):
        return (DataError, (self.where, self.what, self.name))

    def named(self, name):
        """The same error with the file's name filled in."""
        return DataError(self.where, self.what, name)


@dataclasses.dataclass(frozen=True)
class Active:
    """The data installed for a game: its hash, file (None: shipped default or a dict), placeholders."""
    game: str
    hash: str
    path: object
    placeholders: int
    is_default: bool


# ---- checking helpers ------------------------------------------------------------------

def fail(path, message):
    """Raise a DataError at ``path`` (the file's name is filled in by :func:`load`)."""
    raise DataError(path, message)


def _closest(value, choices):
    """'did you mean X? ' for the closest of ``choices`` to ``value``, or ''."""
    if not isinstance(value, str):
        return ""
    close = difflib.get_close_matches(value, [str(c) for c in choices], n=2, cutoff=0.6)
    return f"did you mean {' or '.join(close)}? " if close else ""


def _listed(choices, limit=30):
    """Choices as a comma list, cut after ``limit``."""
    names = [str(c) for c in choices]
    more = f", ... ({len(names)} in all)" if len(names) > limit else ""
    return ", ".join(names[:limit]) + more


def integer(value, path, low=None, high=None):
    """An integer (not a boolean) in ``low``..``high`` (None: unbounded)."""
    span = _span(low, high)
    if isinstance(value, bool) or not isinstance(value, int):
        fail(path, f"must be an integer{span}, got {_kind(value)} {shown(value)}")
    if (low is not None and value < low) or (high is not None and value > high):
        fail(path, f"must be an integer{span}, got {shown(value)}")
    return value


def _span(low, high):
    """' in 0..5', ' >= 0', ' <= 9' or ''."""
    if low is not None and high is not None:
        return f" in {low}..{high}"
    if low is not None:
        return f" >= {low}"
    if high is not None:
        return f" <= {high}"
    return ""


def ints(value, path, shape=None, low=None, high=None, distinct=False):
    """An integer or nested lists of integers of ``shape`` (None: a flat list of any length)."""
    if shape is None:
        shape = (None,)
    if len(shape) == 0:
        return integer(value, path, low, high)
    if not isinstance(value, list):
        want = f"a list of {shape[0]} entries" if shape[0] is not None else "a list"
        fail(path, f"must be {want}, got {_kind(value)}")
    if shape[0] is not None and len(value) != shape[0]:
        fail(path, f"must be a list of {shape[0]} {'entry' if shape[0] == 1 else 'entries'}, "
                   f"got {len(value)}")
    for i, item in enumerate(value):
        ints(item, at(path, i), shape[1:], low, high)
    if distinct and len(shape) == 1 and len(set(value)) != len(value):
        twice = sorted({v for v in value if value.count(v) > 1})
        fail(path, f"lists {shown(twice[0])} twice (each value at most once)")
    return value


def text(value, path, allow_empty=False):
    """A string (non-empty unless ``allow_empty``)."""
    if not isinstance(value, str):
        fail(path, f"must be a string, got {_kind(value)} {shown(value)}")
    if not allow_empty and not value.strip():
        fail(path, "must be a non-empty string")
    return value


def boolean(value, path):
    """true or false."""
    if not isinstance(value, bool):
        fail(path, f"must be true or false, got {_kind(value)} {shown(value)}")
    return value


def one_of(value, path, choices, noun="value"):
    """One of ``choices``; an error suggests the closest and lists the valid ones."""
    choices = list(choices)
    if isinstance(value, (str, int, float)) or value is None:
        if any(type(c) is type(value) and c == value for c in choices):
            return value
    fail(path, f"unknown {noun} {shown(value)} ({_closest(value, choices)}valid: {_listed(choices)})")


def fields(value, path, required=(), optional=()):
    """An object with every ``required`` key and no key outside ``required`` + ``optional``."""
    if not isinstance(value, dict):
        fail(path, f"must be an object, got {_kind(value)}")
    known = list(required) + [k for k in optional if k not in required]
    for key in value:
        if key not in known:
            fail(at(path, key), f"unknown field ({_closest(key, known)}valid: {_listed(known)})")
    for key in required:
        if key not in value:
            fail(at(path, key), "missing field")
    return value


def records(value, path, required=(), optional=(), count=None, min_count=0):
    """A list of objects, each with a unique ``id`` (string or integer), an optional ``source``
    and the given fields; exactly ``count`` of them, or at least ``min_count``."""
    if not isinstance(value, list):
        fail(path, f"must be a list of objects, got {_kind(value)}")
    if count is not None and len(value) != count:
        fail(path, f"must hold {count} {'item' if count == 1 else 'items'}, got {len(value)}")
    if len(value) < min_count:
        fail(path, f"must hold at least {min_count} items, got {len(value)}")
    seen = {}
    for i, item in enumerate(value):
        where = at(path, i)
        fields(item, where, ("id",) + tuple(k for k in required if k != "id"),
               ("source",) + tuple(optional))
        ident = item["id"]
        if isinstance(ident, bool) or not isinstance(ident, (str, int)) or ident == "":
            fail(at(where, "id"), f"must be a non-empty string or an integer, got {_kind(ident)} {shown(ident)}")
        if ident in seen:
            fail(at(where, "id"), f"id {shown(ident)} is used twice (also at {at(path, seen[ident])}); ids must be unique")
        seen[ident] = i
        if "source" in item:
            text(item["source"], at(where, "source"))
    return value


def ids(checked_records):
    """The ids of checked records, in order."""
    return [item["id"] for item in checked_records]


def table(data, name):
    """The table object ``data["tables"][name]`` (checked as an object)."""
    if not isinstance(data, dict):
        fail("", f"the top level must be a JSON object, got {_kind(data)}")
    tables = data.get("tables")
    if not isinstance(tables, dict):
        fail("tables", f"must be an object (table name -> table), got {_kind(tables)}")
    if name not in tables:
        fail(at("tables", name), "missing table")
    if not isinstance(tables[name], dict):
        fail(at("tables", name), f"must be an object, got {_kind(tables[name])}")
    return tables[name]


def values(data, name, shape=None, low=None, high=None, distinct=False):
    """The checked ``values`` of the values table ``name``."""
    t = table(data, name)
    path = at(at("tables", name), "values")
    if "values" not in t:
        fail(path, "missing field (this table holds values, not items)")
    return ints(t["values"], path, shape, low, high, distinct)


def items(data, name, required=(), optional=(), count=None, min_count=0):
    """The checked ``items`` of the record table ``name``."""
    t = table(data, name)
    path = at(at("tables", name), "items")
    if "items" not in t:
        fail(path, "missing field (this table holds items, not values)")
    return records(t["items"], path, required, optional, count, min_count)


# ---- games and their modules --------------------------------------------------------------

def game_module(game):
    """The content module of ``game``; BoardlabError '<game> has no data file' for games without."""
    from engine_c import game_names
    if game in _modules:
        return _modules[game]
    if not isinstance(game, str) or game not in game_names():
        raise BoardlabError(f"unknown game {shown(game)} (known: {', '.join(game_names())})")
    if game in _no_data:
        raise BoardlabError(f"{game} has no data file")
    try:
        return importlib.import_module(f"engine_c.{game}.content")
    except ModuleNotFoundError as exc:
        if exc.name not in (f"engine_c.{game}.content", f"engine_c.{game}"):
            raise
        _no_data.add(game)
        raise BoardlabError(f"{game} has no data file") from None


def has_data(game):
    """Whether ``game`` takes its content from a data file."""
    try:
        game_module(game)
    except BoardlabError:
        return False
    return True


def data_games():
    """Short names of the games with a data file."""
    from engine_c import game_names
    return [g for g in game_names() if has_data(g)] + [g for g in _modules if g not in game_names()]


# ---- reading and checking a file ----------------------------------------------------------

def _no_duplicates(pairs):
    """json object hook: refuse a key given twice in one object."""
    obj = {}
    for key, value in pairs:
        if key in obj:
            raise ValueError(f"key {key!r} is given twice in one object")
        obj[key] = value
    return obj


def _refuse_constant(name):
    """json hook: NaN and Infinity are not JSON."""
    raise ValueError(f"{name} is not a JSON number")


def _read(path):
    """The parsed JSON of the file at ``path``; DataError (without the name) if it cannot be."""
    if os.path.isdir(path):
        fail("", "is a directory, not a data file")
    if not os.path.exists(path):
        fail("", "no such file")
    try:
        raw = read_regular(path, MAX_BYTES + 1)
    except NotRegularFile as exc:          # a FIFO would block, a device never end
        fail("", f"{exc}, not a data file")
    except OSError as exc:
        fail("", f"cannot be read ({exc.strerror or type(exc).__name__})")
    if len(raw) > MAX_BYTES:
        fail("", f"is larger than {MAX_BYTES // 1_000_000} MB: not a data file")
    try:
        content = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        fail("", f"is not UTF-8 text (byte {exc.start}): a data file is JSON text")
    if not content.strip():
        fail("", "is empty: a data file is one JSON object")
    return _parse(content)


def _parse(content):
    """Parse JSON text with the data file's rules (no duplicate keys, no NaN)."""
    try:
        return json.loads(content, object_pairs_hook=_no_duplicates, parse_constant=_refuse_constant)
    except json.JSONDecodeError as exc:
        fail("", f"is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}")
    except RecursionError:
        fail("", "is nested too deeply to be a data file")
    except ValueError as exc:          # a duplicate key, NaN, an integer of thousands of digits
        fail("", f"is not valid JSON: {shown(str(exc), 100)}")


def _from_dict(source):
    """A private deep copy of data given as a Python dict (it must be plain JSON data)."""
    try:
        return _parse(json.dumps(source))
    except (TypeError, ValueError, RecursionError) as exc:
        fail("", f"is not plain JSON data ({shown(str(exc), 80)})")


def _check_top(data, game, module):
    """The checks every data file passes, whatever the game."""
    if not isinstance(data, dict):
        fail("", f"the top level must be a JSON object, got {_kind(data)}")
    fields(data, "", ("game", "format", "tables"), ("about",))
    if not isinstance(data["game"], str):
        fail("game", f"must be a string, got {_kind(data['game'])} {shown(data['game'])}")
    if data["game"] != game:
        fail("game", f"this is a data file for {shown(data['game'])}, not for {game!r}")
    fmt = data["format"]
    if isinstance(fmt, bool) or not isinstance(fmt, int) or fmt != FORMAT:
        fail("format", f"unsupported format {shown(fmt)} (this boardlab reads format {FORMAT})")
    if "about" in data:
        text(data["about"], "about", allow_empty=True)
    tables = data["tables"]
    if not isinstance(tables, dict):
        fail("tables", f"must be an object (table name -> table), got {_kind(tables)}")
    required = tuple(module.TABLES)
    for name in tables:
        if name not in required:
            fail(at("tables", name), f"unknown table ({_closest(name, required)}valid: {_listed(required)})")
    for name in required:
        if name not in tables:
            fail(at("tables", name), "missing table")
    for name in required:
        _check_table(tables[name], at("tables", name))


def _check_table(t, path):
    """A table object: about, source, and exactly one of values or items."""
    fields(t, path, (), TABLE_KEYS)
    if "about" in t:
        text(t["about"], at(path, "about"), allow_empty=True)
    if "source" in t:
        text(t["source"], at(path, "source"))
    if ("values" in t) == ("items" in t):
        fail(path, "must hold exactly one of 'values' (numbers) or 'items' (records)")
    if "values" in t and not isinstance(t["values"], list):
        fail(at(path, "values"), f"must be a list, got {_kind(t['values'])}")
    if "items" in t:
        rows = t["items"] if isinstance(t["items"], list) else []      # records() names a non-list
        records(t["items"], at(path, "items"), (), [k for item in rows if isinstance(item, dict) for k in item])


def _name_of(source, module):
    """How errors name the data: the path given, the shipped file as engine_c/<game>/content.json,
    or '<dict>'."""
    if source is None:
        parts = os.path.normpath(os.fspath(module.DEFAULT_PATH)).split(os.sep)
        return "/".join(parts[-3:])
    if isinstance(source, dict):
        return "<dict>"
    return os.fspath(source)


def load(game, source=None):
    """The checked data of ``game``: ``source`` None (the shipped default), a file path or a dict."""
    module = game_module(game)
    if source is not None and not isinstance(source, (dict, str, os.PathLike)):
        raise BoardlabError(f"data for {game} must be a file path or a dict, got {_kind(source)}")
    name = _name_of(source, module)
    try:
        if isinstance(source, dict):
            data = _from_dict(source)
        else:
            data = _read(os.fspath(module.DEFAULT_PATH if source is None else source))
        _check_top(data, game, module)
        module.check(data)
    except DataError as exc:
        raise exc.named(name) from None
    except BoardlabError:
        raise
    except (KeyError, TypeError, ValueError, IndexError, AttributeError, OverflowError, RecursionError) as exc:
        said = shown(exc.args[0]) if isinstance(exc, KeyError) and exc.args else shown(str(exc), 100)
        raise DataError("", f"malformed data ({type(exc).__name__}: {said})", name) from None
    return data


def game_of(source):
    """The game a data file (path or dict) is for, from its ``game`` field; one-line errors when
    it cannot be read or names no game with a data file."""
    name = "<dict>" if isinstance(source, dict) else os.fspath(source)
    try:
        data = _from_dict(source) if isinstance(source, dict) else _read(os.fspath(source))
        if not isinstance(data, dict):
            fail("", f"the top level must be a JSON object, got {_kind(data)}")
        if "game" not in data:
            fail("game", "missing field")
        game = data["game"]
        known = data_games()
        if not isinstance(game, str) or game not in known:
            fail("game", f"unknown game {shown(game)} ({_closest(game, known)}games with a data file: "
                         f"{_listed(known)})")
    except DataError as exc:
        raise exc.named(name) from None
    return game


# ---- hash, placeholders, export ---------------------------------------------------------

def _without_about(value):
    """``value`` with every 'about' key removed, at every depth."""
    if isinstance(value, dict):
        return {k: _without_about(v) for k, v in value.items() if k != "about"}
    if isinstance(value, list):
        return [_without_about(v) for v in value]
    return value


def data_hash(data):
    """The data's short hash: 12 hex digits of sha256 of its canonical JSON without comments."""
    canonical = json.dumps(_without_about(data), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(canonical.encode("utf-8")).hexdigest()[:12]


def placeholders(data):
    """The paths of the placeholder objects (``"source": "placeholder"``) in ``data``."""
    found = []

    def walk(value, path):
        if isinstance(value, dict):
            if value.get("source") == PLACEHOLDER:
                found.append(path or "(top level)")
            for key, item in value.items():
                walk(item, at(path, key))
        elif isinstance(value, list):
            for i, item in enumerate(value):
                walk(item, at(path, i))

    walk(data, "")
    return found


def default_hash(game):
    """The hash of ``game``'s shipped data file."""
    if game not in _default_hashes:
        _default_hashes[game] = data_hash(load(game))
    return _default_hashes[game]


def _dump(value, indent):
    """JSON text with objects one key a line and lists of plain numbers/strings on one line."""
    pad = "  " * indent
    inner = "  " * (indent + 1)
    if isinstance(value, dict):
        if not value:
            return "{}"
        body = ",\n".join(f"{inner}{json.dumps(k, ensure_ascii=False)}: {_dump(v, indent + 1)}"
                          for k, v in value.items())
        return "{\n" + body + "\n" + pad + "}"
    if isinstance(value, list):
        if all(not isinstance(v, (dict, list)) for v in value):
            return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))
        if all(isinstance(v, dict) for v in value) and all(
                not isinstance(x, (dict, list)) or (isinstance(x, list) and all(not isinstance(y, (dict, list)) for y in x))
                for v in value for x in v.values()):
            body = ",\n".join(inner + json.dumps(v, ensure_ascii=False, separators=(", ", ": ")) for v in value)
        else:
            body = ",\n".join(inner + _dump(v, indent + 1) for v in value)
        return "[\n" + body + "\n" + pad + "]"
    return json.dumps(value, ensure_ascii=False)


def export_text(data):
    """Data as readable JSON text (one table field a line, records one a line), ending in a newline."""
    return _dump(data, 0) + "\n"


# ---- the active data ----------------------------------------------------------------------

def use(game, source=None):
    """Load, check and install ``source`` (None: the shipped default) for ``game``; returns Active.

    Installing the data already active is a no-op."""
    module = game_module(game)
    data = load(game, source)
    digest = data_hash(data)
    if source is None:
        _default_hashes[game] = digest
    path = os.fspath(source) if isinstance(source, (str, os.PathLike)) else None
    info = Active(game, digest, path, len(placeholders(data)), digest == default_hash(game))
    current = _active.get(game)
    if current is None or current[0].hash != digest:
        module.install(data)
    _active[game] = (info, data)
    return info


def _ensure(game):
    """Make sure ``game``'s data is installed (its package does it at import)."""
    if game not in _active:
        game_module(game)
        if game not in _modules:
            from engine_c import state_class
            state_class(game)              # importing the game installs its shipped default
        if game not in _active:
            use(game)


def active(game):
    """The data installed now for ``game`` (the shipped default unless :func:`use` said otherwise)."""
    _ensure(game)
    return _active[game][0]


def active_data(game):
    """A copy of the data installed now for ``game`` (for export, or to send to a worker)."""
    _ensure(game)
    return copy.deepcopy(_active[game][1])


def active_hash(game):
    """The hash of ``game``'s installed data, or None for a game without a data file."""
    entry = _active.get(game)
    if entry is not None:
        return entry[0].hash
    if game in _no_data or not has_data(game):
        return None
    return active(game).hash


def placeholder_line(info):
    """The one visible line saying the data holds placeholders, or None when it holds none."""
    if info is None or not info.placeholders:
        return None
    n = info.placeholders
    return (f"note: {info.game} data {info.hash} holds {n} placeholder value{'s' if n != 1 else ''} "
            f"(invented, not from the published game); see docs/data.md")
