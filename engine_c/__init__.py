"""boardlab's game engines, one compiled module per game behind one interface.

Use :func:`new_state` to start a game and :func:`state_from_json` to load a
position; both look games up by their short name (``burgundy``, ``sanjuan``).
The interface itself is documented in docs/interface.md and declared in
engine_c/game.pxd.
"""
import importlib
import json
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


def new_state(game, players, seed, **options):
    """The opening position of ``game`` for ``players`` players, chance seeded by ``seed``."""
    cls = state_class(game)
    if not isinstance(players, int) or not cls.min_players <= players <= cls.max_players:
        raise BoardlabError(
            f"{game}: player count must be {cls.min_players}-{cls.max_players}, got {players!r}")
    return cls(players, seed, **options)


def state_from_json(text, game=None):
    """Load a position written by ``to_json``; its ``game`` field picks the engine."""
    from engine_c.game import parse_position

    data = parse_position(text)
    if not isinstance(data, dict) or "game" not in data:
        raise InvalidPositionError("position must be a JSON object with a 'game' field")
    if not isinstance(data["game"], str) or data["game"] not in _registry():
        raise InvalidPositionError(f"game: unknown game {shown(data['game'])} (known: {', '.join(game_names())})")
    if game is not None and data["game"] != game:
        raise InvalidPositionError(f"position is a {data['game']!r} position, not {game!r}")
    return state_class(data["game"]).from_json(json.dumps(data))
