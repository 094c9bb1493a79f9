"""Pictures of positions for the terminal: ``render(state, seat=None, color=True)``.

Each game has a module drawing from the documented position data (``state.to_dict()``); with
``seat`` the picture shows only what that seat can see (``solver.display.seat_views``).
"""
from __future__ import annotations

import importlib

from engine_c.errors import BoardlabError
from solver.display.seat_views import seat_view
from solver.display.style import Style

DRAWERS = {"burgundy": "solver.display.burgundy", "sanjuan": "solver.display.sanjuan",
           "seasons": "solver.display.seasons", "tiletum": "solver.display.tiletum"}


def render(state, seat=None, color=True):
    """The position of ``state`` as text: the whole position, or what ``seat`` sees of it."""
    game = state.game_name
    if game not in DRAWERS:
        raise BoardlabError(f"no picture for game {game!r} (pictures exist for: {', '.join(sorted(DRAWERS))})")
    data = state.to_dict()
    if seat is not None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.num_players:
            raise BoardlabError(f"--seat must be a seat of this {state.num_players}-player game "
                                f"(0..{state.num_players - 1}), got {seat}")
        data = seat_view(data, seat)
    module = importlib.import_module(DRAWERS[game])
    return module.draw(data, seat, Style(color), list(state.scores()))


def show_position(path, seat=None, color=None, data=None):
    """(picture, note) of the position in a file (``-``: standard input); ``color=None``: when stdout
    is a terminal; ``data``: a game data file to install first. ``note``: the line saying the game's
    data holds placeholders, or None."""
    import sys

    from solver.games.datafiles import note
    from solver.games.positions import load_position

    state = load_position(path, finished_ok=True, data=data)
    if color is None:
        color = sys.stdout.isatty()
    picture = render(state, seat=seat, color=color)
    return picture, note(state.game_name)
