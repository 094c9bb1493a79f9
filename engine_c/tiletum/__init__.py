"""Tiletum: the engine, one room per part (the table of rooms is in docs/interface.md)."""
from engine_c.tiletum.state import TiletumState

__all__ = ["TiletumState"]

# the shipped content (engine_c/tiletum/content.json) is installed on import; engine_c.content.use
# installs another data file
from engine_c import content as _content  # noqa: E402

_content.use("tiletum")
