"""The Castles of Burgundy: the engine, one room per part (the table of rooms is in docs/interface.md)."""
from engine_c.burgundy.state import BurgundyState

__all__ = ["BurgundyState"]
