"""Positions for analysis: load and check a position file, or make one by random play."""
from __future__ import annotations

from pathlib import Path

import numpy as np

from engine_c import new_state, state_from_json
from engine_c.errors import BoardlabError


def random_position(game, players, seed, random_moves=0):
    """The opening of ``game`` dealt from ``seed``, after ``random_moves`` seeded random moves."""
    if random_moves < 0:
        raise BoardlabError(f"--random-moves must be non-negative, got {random_moves}")
    state = new_state(game, players, seed)
    rng = np.random.default_rng(seed)
    for _ in range(random_moves):
        if state.is_terminal():
            raise BoardlabError(f"the game ended before {random_moves} random moves")
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state


def load_position(path, game):
    """Read a position file of ``game`` with a move to make; BoardlabError otherwise."""
    path = Path(path)
    try:
        text = path.read_text()
    except FileNotFoundError:
        raise BoardlabError(f"{path}: no such position file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise BoardlabError(f"{path}: cannot read the position ({exc})") from None
    try:
        state = state_from_json(text, game)
    except BoardlabError as exc:
        raise BoardlabError(f"{path}: {exc}") from None
    if state.is_terminal():
        raise BoardlabError(f"{path}: the game in this position is over; there is no move to suggest")
    return state


def pretty_json(text):
    """Format a position for people: one top-level field per line, one seat or depot per line."""
    import json

    data = json.loads(text)
    lines = []
    for key, value in data.items():
        if isinstance(value, list) and value and isinstance(value[0], (dict, list)):
            inner = ",\n".join("    " + json.dumps(item) for item in value)
            lines.append(f"  {json.dumps(key)}: [\n{inner}\n  ]")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(value)}")
    return "{\n" + ",\n".join(lines) + "\n}"
