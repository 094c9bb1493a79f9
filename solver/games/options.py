"""Game options (rules variants) given on the command line as ``--option KEY=VALUE``.

Values are read as JSON scalars where they are one (``true``, ``false``, integers, numbers),
else kept as strings. The state class of the game checks the keys and the values' types and
refuses what it does not know (docs/data.md, "Game options").
"""
from __future__ import annotations

import json
import re

from engine_c.errors import BoardlabError

KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
# parameters of engine_c.new_state and of the state classes: never options
UNEXPECTED = re.compile(r"unexpected keyword argument '([^']*)'")
RESERVED = {"game": "--game", "players": "--players", "seed": "--seed", "data": "--data"}


def _value(text):
    """``text`` as a JSON scalar (bool, int, float, string) when it is one, else as it stands."""
    def refuse(constant):
        raise ValueError(constant)

    try:
        value = json.loads(text, parse_constant=refuse)
    except ValueError:
        return text
    return value if isinstance(value, (bool, int, float, str)) else text


def parse(pairs):
    """``KEY=VALUE`` strings as sorted ``(key, value)`` pairs; BoardlabError naming a malformed one."""
    options = {}
    for pair in pairs:
        key, sep, text = str(pair).partition("=")
        key = key.strip()
        if not sep:
            raise BoardlabError(f"--option must be KEY=VALUE (e.g. winter=true), got {pair!r}")
        if not key:
            raise BoardlabError(f"--option needs a name before '=', got {pair!r}")
        if not KEY.match(key):
            raise BoardlabError(f"--option name must be letters, digits and '_', got {key!r}")
        if key in RESERVED:
            raise BoardlabError(f"--option {key} is not a game option: use {RESERVED[key]}")
        if key in options:
            raise BoardlabError(f"--option {key} given twice")
        options[key] = _value(text.strip())
    return tuple(sorted(options.items()))


def new_game(game, players, seed, options=(), data=None):
    """``engine_c.new_state`` with the game ``options`` (pairs or a dict); an option the game's
    state class does not take is a one-line BoardlabError, as the games with ``**options`` give."""
    from engine_c import new_state

    options = dict(options or {})
    try:
        return new_state(game, players, seed, data=data, **options)
    except TypeError as exc:
        match = UNEXPECTED.search(str(exc))
        if match is None or match.group(1) not in options:
            raise
        raise BoardlabError(f"{game}: unknown option(s) {match.group(1)}") from None


def describe(options):
    """The options as ``key=value`` text, values as JSON (``winter=true``); empty for none."""
    return ", ".join(f"{key}={json.dumps(value)}" for key, value in sorted(dict(options).items()))
