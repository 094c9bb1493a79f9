# cython: language_level=3
"""Castles of Burgundy action notation, both ways (docs/burgundy.md, "Notation")."""
from engine_c.burgundy.types cimport *

from engine_c.errors import InvalidActionError

SRC_NAMES = ("die1", "die2", "castle", "hall")


def _action_names():
    names = [None] * N_ACTIONS
    for src in range(3):
        for d in range(6):
            names[A_TAKE + src * 6 + d] = f"{SRC_NAMES[src]}:take{d + 1}"
            names[A_SELL + src * 6 + d] = f"{SRC_NAMES[src]}:sell{d + 1}"
        names[A_WORK + src] = f"{SRC_NAMES[src]}:workers"
    for src in range(4):
        for k in range(3):
            names[A_PLACE + src * 3 + k] = f"{SRC_NAMES[src]}:place{k + 1}"
    for b in range(8):
        names[A_BUYB + b] = f"buy:black{b + 1}"
    for d in range(6):
        for k in range(4):
            names[A_BUYD + d * 4 + k] = f"buy:d{d + 1}s{k + 1}"
            names[A_PICK + d * 4 + k] = f"pick:d{d + 1}s{k + 1}"
        names[A_SHIP + d] = f"ship{d + 1}"
        names[A_GOODS + d] = f"goods{d + 1}"
        names[A_WARE + d] = f"warehouse:sell{d + 1}"
    for k in range(4):
        names[A_SLOT + k] = f"slot{k + 1}"
    for k in range(3):
        names[A_DISC + k] = f"discard{k + 1}"
    for j in range(37):
        names[A_SPACE + j] = f"space{j + 1}"
        names[A_START + j] = f"castle@{j + 1}"
    names[A_PASS] = "pass"
    assert None not in names and len(set(names)) == N_ACTIONS
    return names


ACTION_NAMES = _action_names()
ACTION_INDEX = {name: i for i, name in enumerate(ACTION_NAMES)}


def action_to_string(state, int action):
    """Notation: ``die1:take3``, ``die2:place1``, ``space19``, ``buy:black2``, ``pass`` …"""
    if not 0 <= action < N_ACTIONS:
        raise InvalidActionError(f"burgundy: action {action} out of range 0..{N_ACTIONS - 1}")
    return ACTION_NAMES[action]


def string_to_action(state, str text):
    """Parse the notation of :func:`action_to_string` (any case)."""
    key = text.strip().lower()
    if key not in ACTION_INDEX:
        raise InvalidActionError(f"burgundy: cannot parse action {text!r}")
    return ACTION_INDEX[key]
