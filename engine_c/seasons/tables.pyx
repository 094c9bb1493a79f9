# cython: language_level=3
"""A Castle for All Seasons' C tables seen from Python (the tests check them against data.py)."""
from engine_c.seasons.types cimport NB, NPLACE, NHB, NSPOT, NCARD
from engine_c.seasons.tables cimport *


def c_tables():
    """The tables compiled into the engine (checked against data.py by the tests)."""
    return {"bp": [CS_BP[k] for k in range(5)], "box": [CS_BOX[k] for k in range(5)],
            "pay_kind": [CS_PAY_KIND[j] for j in range(4)],
            "tiles": [CS_TILES[t] for t in range(NB)], "value": [CS_VALUE[t] for t in range(NB)],
            "vp": [CS_VP[t] for t in range(NB)], "fee": [CS_FEE[i] for i in range(NPLACE)],
            "place_hb": [CS_PLACE_HB[i] for i in range(NPLACE)], "hb_type": [CS_HB_TYPE[i] for i in range(NHB)],
            "yield": [CS_YIELD[k] for k in range(NSPOT)],
            "worker": [[CS_WORKER[w][k] for k in range(5)] for w in range(3)],
            "load": [(CS_LOAD_A[i], CS_LOAD_B[i]) for i in range(6)],
            "group": [CS_GROUP[c] for c in range(NCARD)],
            "twin": [CS_TWIN[i] for i in range(NPLACE)]}
