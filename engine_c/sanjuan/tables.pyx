# cython: language_level=3
"""San Juan's C tables seen from Python (the tests check them against data.py)."""
from engine_c.sanjuan.types cimport NK
from engine_c.sanjuan.tables cimport *


def c_tables():
    """The card and tile tables compiled into the engine (checked against data.py by the tests)."""
    return {"cost": [SJ_COST[k] for k in range(NK)], "vp": [SJ_VP[k] for k in range(NK)],
            "copies": [SJ_COPIES[k] for k in range(NK)],
            "prices": [[SJ_PRICE[t][g] for g in range(5)] for t in range(5)]}
