"""boardlab's game engines, one compiled module per game behind one interface.

Use :func:`new_state` to start a game and :func:`state_from_json` to load a
position; both look games up by their short name (``burgundy``, ``sanjuan``).
Both take ``data=``: a game data file (path or dict) to install first, for the
games whose content comes from one (engine_c/content.py, docs/data.md).
The interface itself is documented in docs/interface.md and declared in
engine_c/game.pxd.
"""
import importlib
import json
import numbers
import os

from engine_c.errors import BoardlabError, InvalidPositionError
from engine_c.validate import shown

# Short name -> "module:StateClass".  Imported lazily so one game's module is
# only loaded when that game is used.
GAMES = {
    "burgundy": "engine_c.burgundy:BurgundyState",
    "sanjuan": "engine_c.sanjuan:SanJuanState",
    "seasons": "engine_c.seasons:SeasonsState",
    "tiletum": "engine_c.tiletum:TiletumState",
}
# Games only the test suite plays (a tiny hidden-information game for the solver's tests): known
# only when BOARDLAB_TEST_GAMES=1 (tests/conftest.py sets it), never listed to users otherwise.
TEST_GAMES = {
    "highcard": "engine_c.toygames:HighCardState",
}


def _registry():
    """The games known in this process: the real ones, plus the test games under the test suite."""
    if os.environ.get("BOARDLAB_TEST_GAMES") == "1":
        return {**GAMES, **TEST_GAMES}
    return GAMES


def game_names():
    """Short names of every game boardlab knows."""
    return sorted(_registry())


def state_class(game):
    """The state class of a game, by short name; BoardlabError if unknown."""
    registry = _registry()
    if not isinstance(game, str) or game not in registry:
        raise BoardlabError(f"unknown game {shown(game)} (known: {', '.join(game_names())})")
    module_name, class_name = registry[game].split(":")
    return getattr(importlib.import_module(module_name), class_name)


def use_data(game, data=None):
    """Install game data (a file path or a dict) for ``game`` before anything else; None keeps
    the data installed now. Returns engine_c.content.Active, or None for a game without data."""
    from engine_c import content

    state_class(game)
    if data is None:
        return content.active(game) if content.has_data(game) else None
    return content.use(game, data)


def new_state(game, players, seed, data=None, **options):
    """The opening position of ``game`` for ``players`` players, chance seeded by ``seed``
    (``data``: a data file or dict to install first, see :func:`use_data`)."""
    cls = state_class(game)
    if data is not None:
        use_data(game, data)
    if (isinstance(players, bool) or not isinstance(players, numbers.Integral)
            or not cls.min_players <= players <= cls.max_players):
        raise BoardlabError(
            f"{game}: player count must be {cls.min_players}-{cls.max_players}, got {players!r}")
    return cls(int(players), seed, **options)


def state_from_json(text, game=None, data=None):
    """Load a position written by ``to_json``; its ``game`` field picks the engine (``data``:
    a data file or dict to install for that game first, see :func:`use_data`)."""
    from engine_c.validate import parse_position

    try:
        position = parse_position(text)
    except InvalidPositionError as exc:
        # Python reads no integer of more than 4300 digits: name that, not "not JSON"
        if "4300 digits" in str(exc):
            raise InvalidPositionError("position holds a number of more than 4300 digits (Python reads none that "
                                       "long; a seed is at most 2^64-1, 20 digits)") from None
        raise
    if not isinstance(position, dict) or "game" not in position:
        raise InvalidPositionError("position must be a JSON object with a 'game' field")
    # a play-mode download names what it drew anew; the rest is an ordinary position
    position.pop("redrawn", None)
    if not isinstance(position["game"], str) or position["game"] not in _registry():
        raise InvalidPositionError(f"game: unknown game {shown(position['game'])} (known: {', '.join(game_names())})")
    if game is not None and position["game"] != game:
        raise InvalidPositionError(f"position is a {position['game']!r} position, not {game!r}")
    if data is not None:
        use_data(position["game"], data)
    return state_class(position["game"]).from_json(json.dumps(position))
