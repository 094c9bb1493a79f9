"""A Castle for All Seasons: the engine, one room per part (the table of rooms is in docs/interface.md)."""
from engine_c.seasons.state import SeasonsState

__all__ = ["SeasonsState"]
