"""Errors raised by engines; all are ValueError subclasses with one-line messages."""


class BoardlabError(ValueError):
    """Base of every input error boardlab reports to users."""


class IllegalActionError(BoardlabError):
    """An action that is not legal in the current position."""


class InvalidActionError(BoardlabError):
    """Action text that cannot be parsed in the game's notation."""


class InvalidPositionError(BoardlabError):
    """A position (JSON) that is malformed or impossible."""

