"""Errors raised by engines; all are ValueError subclasses with one-line messages."""


class BoardlabError(ValueError):
    """Base of every input error boardlab reports to users."""


class IllegalActionError(BoardlabError):
    """An action that is not legal in the current position."""


class InvalidActionError(BoardlabError):
    """Action text that cannot be parsed in the game's notation."""


class InvalidPositionError(BoardlabError):
    """A position (JSON) that is malformed or impossible."""


def position_int(game, data, key, lo, hi):
    """``data[key]`` if it is an int in ``lo..hi``; else InvalidPositionError ``"<game>: ..."`` (one line)."""
    value = data[key]
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidPositionError(f"{game}: {key!r} must be an integer in {lo}..{hi}, got {value!r}")
    return value
