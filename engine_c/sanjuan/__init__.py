"""San Juan: the engine, one room per part (the table of rooms is in docs/interface.md)."""
from engine_c.sanjuan.state import SanJuanState

__all__ = ["SanJuanState"]
