# cython: language_level=3
"""Tiletum's content tables in C (declared in tables.pxd): filled from the data file, read back.

``install_tables(arrays)`` writes this module's copy of the tables from flat integer lists (row by
row for the 2-D ones), as ``engine_c.tiletum.data.c_arrays()`` makes them from the installed data,
then copies it into every module of TABLE_MODULES (each has its own static copy, read at fixed
addresses by its hot loops); ``c_tables(module)`` reads a module's copy back (the tests compare).
Only ``engine_c.tiletum.content.install`` should call ``install_tables``.
"""
import importlib

from libc.string cimport memcpy

from engine_c.tiletum.types cimport *

# every module holding a copy of the tables (it cimports tables.pxd or rules.pxd)
TABLE_MODULES = ("engine_c.tiletum.rules", "engine_c.tiletum.moves", "engine_c.tiletum.policy",
                 "engine_c.tiletum.view", "engine_c.tiletum.state", "engine_c.tiletum.position",
                 "engine_c.tiletum.notation", "engine_c.tiletum.value")

cdef dict _SLOTS = {}       # name -> (address of the first int, number of ints)


cdef void _slot(str name, int* first, int count):
    """Register one table (a scalar is a table of 1)."""
    _SLOTS[name] = (<size_t>first, count)


_slot("TT_AP_TOTAL", &TT_AP_TOTAL, 1)
_slot("TT_DIE_STEP_GOLD", &TT_DIE_STEP_GOLD, 1)
_slot("TT_BUY_GOLD", &TT_BUY_GOLD, 1)
_slot("TT_RES_PER_VP", &TT_RES_PER_VP, 1)
_slot("TT_LAST_LEADER_VP", &TT_LAST_LEADER_VP, 1)
_slot("TT_ROW_LAST_VP", &TT_ROW_LAST_VP, 1)
_slot("TT_START_HOUSES", &TT_START_HOUSES, 1)
_slot("TT_START_PILLARS", &TT_START_PILLARS, 1)
_slot("TT_DICE_DRAWN", &TT_DICE_DRAWN[0], 5)
_slot("TT_START_GOLD", &TT_START_GOLD[0], 4)
_slot("TT_START_RES", &TT_START_RES[0], NRES)
_slot("TT_KING_VP", &TT_KING_VP[0], NKING)
_slot("TT_CORR", &TT_CORR[0], 6)
_slot("TT_CREST_FINAL", &TT_CREST_FINAL[0], NBLD + 1)
_slot("TT_SLOT_COST", &TT_SLOT_COST[0], NDISP)
_slot("TT_CATH_COSTS", &TT_CATH_COSTS[0], NCATH - 1)
_slot("TT_FLOORS", &TT_FLOORS[0], NBLD)
_slot("TT_BHOUSE", &TT_BHOUSE[0], NBLD)
_slot("TT_CREST_FOOD", &TT_CREST_FOOD[0], NBLD)
_slot("TT_CREST_VP", &TT_CREST_VP[0], NBLD)
_slot("TT_CREST_AP", &TT_CREST_AP[0], NBLD)
_slot("TT_TYPE_ACTION", &TT_TYPE_ACTION[0], 6)
_slot("TT_NNB", &TT_NNB[0], NCITY)
_slot("TT_NB", &TT_NB[0][0], NCITY * MAX_NB)
_slot("TT_NHOUSE", &TT_NHOUSE[0], NCITY)
_slot("TT_HOUSE_MINP", &TT_HOUSE_MINP[0][0], NCITY * MAX_HOUSES)
_slot("TT_HOUSE_BONUS", &TT_HOUSE_BONUS[0][0], NCITY * MAX_HOUSES)
_slot("TT_NPILLAR", &TT_NPILLAR[0], NCITY)
_slot("TT_PILLAR_MINP", &TT_PILLAR_MINP[0][0], NCITY * MAX_PILLARS)
_slot("TT_NBSPACE", &TT_NBSPACE[0], NCITY)
_slot("TT_BSPACE_MINP", &TT_BSPACE_MINP[0][0], NCITY * MAX_BSPACES)
_slot("TT_NFAIR_CITIES", &TT_NFAIR_CITIES, 1)
_slot("TT_FAIR_CITIES", &TT_FAIR_CITIES[0], NCITY)
_slot("TT_CATH_CITY", &TT_CATH_CITY[0], NCATH)
_slot("TT_CATH_NTILES", &TT_CATH_NTILES[0], NCATH)
_slot("TT_CATH_VP", &TT_CATH_VP[0][0], NCATH * MAX_CATH_TILES)
_slot("TT_BONUS_KIND", &TT_BONUS_KIND[0], NB_TILES)
_slot("TT_BONUS_ARG", &TT_BONUS_ARG[0], NB_TILES)
_slot("TT_BONUS_AMT", &TT_BONUS_AMT[0], NB_TILES)
_slot("TT_PERSON_TYPE", &TT_PERSON_TYPE[0], NP_TILES)
_slot("TT_PERSON_KIND", &TT_PERSON_KIND[0], NP_TILES)
_slot("TT_PERSON_ARG", &TT_PERSON_ARG[0], NP_TILES)
_slot("TT_PERSON_AMT", &TT_PERSON_AMT[0], NP_TILES)
_slot("TT_CONTRACT_COST", &TT_CONTRACT_COST[0][0], NC_TILES * NRES)
_slot("TT_CONTRACT_VP", &TT_CONTRACT_VP[0], NC_TILES)
_slot("TT_CONTRACT_CREST", &TT_CONTRACT_CREST[0], NC_TILES)
_slot("TT_FAIR_MULT", &TT_FAIR_MULT[0], NFAIRS)


def table_sizes():
    """name -> number of ints of every C table (a scalar counts 1)."""
    return {name: count for name, (_, count) in _SLOTS.items()}


def install_tables(dict arrays):
    """Write every C table from ``arrays`` (name -> flat list of ints of exactly its size)."""
    cdef int* first
    cdef int i, count
    missing = sorted(set(_SLOTS) - set(arrays)) + sorted(set(arrays) - set(_SLOTS))
    if missing:
        raise ValueError(f"tiletum tables: unknown or missing tables {missing}")
    for name, (address, count) in _SLOTS.items():
        flat = [int(v) for v in arrays[name]]
        if len(flat) != count:
            raise ValueError(f"tiletum tables: {name} needs {count} ints, got {len(flat)}")
    for name, (address, count) in _SLOTS.items():       # all checked: now write
        first = <int*><size_t>address
        for i, v in enumerate(arrays[name]):
            first[i] = v
    for module in TABLE_MODULES:
        memcpy(<void*><size_t>importlib.import_module(module)._tables_address(), &TT_TAB, sizeof(TTTables))


def _tables_address():
    """Address of this module's copy of the tables (the master copy)."""
    return <size_t>&TT_TAB


def c_tables(module=None):
    """name -> flat list of the ints in every C table now: the master copy, or ``module``'s copy."""
    cdef int* first
    offset = 0
    if module is not None:
        offset = importlib.import_module(module)._tables_address() - <size_t>&TT_TAB
    out = {}
    for name, (address, count) in _SLOTS.items():
        first = <int*><size_t>(address + offset)
        out[name] = [first[i] for i in range(count)]
    return out
