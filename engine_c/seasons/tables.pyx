# cython: language_level=3
"""A Castle for All Seasons' C tables: filled from checked data by ``install`` and read back by ``c_tables``."""
from engine_c.seasons.types cimport NB, NPLACE, NHB, NSPOT, NCARD
from engine_c.seasons.tables cimport *


def install_arrays(dict t):
    """Copy the flat tables ``t`` (engine_c.seasons.content.flat) into the C arrays."""
    cdef int i, j
    for i in range(5):
        CS_BP[i] = t["bp"][i]
        CS_BOX[i] = t["box"][i]
        CS_START_RES[i] = t["start_res"][i]
        CS_START_TOWER[i] = t["start_tower"][i]
        CS_YIELD[i] = t["yield"][i]
        CS_ROUNDS[i] = t["rounds"][i]
        CS_HELPERS[i] = t["helpers"][i]
    for i in range(NB):
        CS_TILES[i] = t["tiles"][i]
        CS_VALUE[i] = t["value"][i]
        CS_VP[i] = t["vp"][i]
    for i in range(NPLACE):
        CS_FEE[i] = t["fee"][i]
        CS_PVP[i] = t["place_vp"][i]
        CS_PPER[i] = t["place_per"][i]
        CS_TWIN[i] = t["twin"][i]
    for i in range(3):
        for j in range(5):
            CS_WORKER[i][j] = t["worker"][i][j]
    for i in range(NK):
        CS_K[i] = t["k"][i]
    for i in range(MAX_ROUNDS + 1):
        CS_WROUND[i] = t["winter_round"][i]
    for i in range(NWCARD):
        CS_WKIND[i] = t["w_kind"][i]
        CS_WWHO[i] = t["w_who"][i]
        CS_WWHAT[i] = t["w_what"][i]
        CS_WN[i] = t["w_n"][i]
        CS_WCOST[i] = t["w_cost"][i]


def c_tables():
    """The tables the engine reads now (the tests check them against the data)."""
    return {"bp": [CS_BP[k] for k in range(5)], "box": [CS_BOX[k] for k in range(5)],
            "start_res": [CS_START_RES[k] for k in range(5)], "start_tower": [CS_START_TOWER[k] for k in range(5)],
            "pay_kind": [CS_PAY_KIND[j] for j in range(4)],
            "tiles": [CS_TILES[t] for t in range(NB)], "value": [CS_VALUE[t] for t in range(NB)],
            "vp": [CS_VP[t] for t in range(NB)], "fee": [CS_FEE[i] for i in range(NPLACE)],
            "place_vp": [CS_PVP[i] for i in range(NPLACE)], "place_per": [CS_PPER[i] for i in range(NPLACE)],
            "place_hb": [CS_PLACE_HB[i] for i in range(NPLACE)], "hb_type": [CS_HB_TYPE[i] for i in range(NHB)],
            "yield": [CS_YIELD[k] for k in range(NSPOT)],
            "worker": [[CS_WORKER[w][k] for k in range(5)] for w in range(3)],
            "rounds": [CS_ROUNDS[n] for n in range(5)], "helpers": [CS_HELPERS[n] for n in range(5)],
            "k": [CS_K[i] for i in range(NK)],
            "winter_round": [CS_WROUND[r] for r in range(MAX_ROUNDS + 1)],
            "w_kind": [CS_WKIND[i] for i in range(NWCARD)], "w_who": [CS_WWHO[i] for i in range(NWCARD)],
            "w_what": [CS_WWHAT[i] for i in range(NWCARD)], "w_n": [CS_WN[i] for i in range(NWCARD)],
            "w_cost": [CS_WCOST[i] for i in range(NWCARD)],
            "load": [(CS_LOAD_A[i], CS_LOAD_B[i]) for i in range(6)],
            "group": [CS_GROUP[c] for c in range(NCARD)],
            "twin": [CS_TWIN[i] for i in range(NPLACE)]}
