"""The Castles of Burgundy: the engine, one room per part (the table of rooms is in docs/interface.md).

Importing the package installs the shipped data file (engine_c/burgundy/content.json)."""
from engine_c.burgundy.state import BurgundyState

__all__ = ["BurgundyState"]

import engine_c.content as _content  # noqa: E402

_content.use("burgundy")
