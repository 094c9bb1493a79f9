"""A Castle for All Seasons: the engine, one room per part (the table of rooms is in docs/interface.md).

Importing the package installs the shipped data file (engine_c/seasons/content.json)."""
from engine_c.seasons.state import SeasonsState

__all__ = ["SeasonsState"]

import engine_c.content as _content  # noqa: E402

_content.use("seasons")
