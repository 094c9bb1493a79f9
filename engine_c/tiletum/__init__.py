"""Tiletum: the engine, one room per part (the table of rooms is in docs/interface.md)."""
from engine_c.tiletum.state import TiletumState

__all__ = ["TiletumState"]
