"""The pieces explained and the points accounted for, once per game, for the board and ``play``.

``piece_texts(game)`` is every tile, card, building or person of a game with what it does (the board's
tooltips and legend); ``score_breakdown(game, data)`` splits each seat's score into where its points
came from, from the position data (``state.to_dict()``); the parts add up to the score exactly.
"""
from __future__ import annotations

import importlib

from solver.display import game_data

MODULES = {"burgundy": "solver.display.burgundy", "sanjuan": "solver.display.sanjuan",
           "seasons": "solver.display.seasons", "tiletum": "solver.display.tiletum"}


def _module(game):
    """The display module of ``game``."""
    return importlib.import_module(MODULES[game])


def piece_names(game):
    """The pieces of ``game`` that have a text, in the legend's order."""
    module = _module(game)
    if hasattr(module, "piece_names"):
        return module.piece_names()
    if game == "burgundy":
        return [name for name in game_data.burgundy().tile_names() if name]
    return list(game_data.sanjuan().CARD_IDS)


def piece_texts(game):
    """Every piece of ``game`` with what it does: ``{name: text}``."""
    module = _module(game)
    return {name: module.piece_text(name) for name in piece_names(game)}


def score_breakdown(game, data):
    """Per seat, where its points came from: a list of ``{"part", "vp"}`` adding up to its score."""
    return [[{"part": part, "vp": vp} for part, vp in parts] for parts in _module(game).score_parts(data)]


def breakdown_lines(game, data, scores):
    """The breakdown as text lines, one seat a line: ``seat 0: 41 = goods sold 12 + bonus tiles 5 + ...``."""
    lines = []
    for seat, parts in enumerate(score_breakdown(game, data)):
        words = " + ".join(f"{part['part']} {part['vp']}" for part in parts)
        lines.append(f"  seat {seat}: {scores[seat]} = {words}")
    return lines
