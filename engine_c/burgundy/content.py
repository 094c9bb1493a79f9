"""The Castles of Burgundy's data file: the tables it must hold, their checks, and installing them.

The shipped default is engine_c/burgundy/content.json; docs/burgundy.md ("Data file") describes every
table.  ``check(data)`` refuses anything the rules code cannot play (wrong counts, unknown ids,
numbers out of their bounds, too few goods or castles for the setup) with one DataError line naming
the path; its bounds are those of engine_c/burgundy/data.py that the position readers share.
``install(data)`` fills the Python names of engine_c.burgundy.data and the C tables of
engine_c/burgundy/tables.pyx (process-wide, no rebuild).  Board shapes stay compiled in.
"""
import os

from engine_c.content import at, fail, integer, items, ints, one_of, text, values
from engine_c.burgundy import data as D

DEFAULT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "content.json")

TABLES = ("region_vp", "phase_bonus", "player_counts", "knowledge", "rule_numbers", "start", "goods",
          "tiles", "depots")

# rule_numbers: id -> (low, high)
RULE_NUMBERS = {
    "black_purchase_cost": (0, D.SILVER_MAX),
    "sale_silverlings": (0, D.SILVER_MAX),
    "mine_silverlings": (0, D.SILVER_MAX),
    "take_workers": (0, D.WORKERS_MAX),
    "watchtower_vp": (0, D.VP_MAX),
    "boarding_house_workers": (0, D.WORKERS_MAX),
    "bank_silverlings": (0, D.SILVER_MAX),
    "end_vp_per_goods_tile": (0, D.END_RATE_MAX),
    "end_vp_per_silverling": (0, D.END_RATE_MAX),
    "end_workers_per_vp": (1, D.END_RATE_MAX),          # a divisor
}
assert tuple(RULE_NUMBERS) == D.RULE_NUMBER_IDS
# knowledge tile number -> (low, high) of its amount: silverlings, workers or VP
KNOWLEDGE = {2: D.WORKERS_MAX, 3: D.SILVER_MAX, 4: D.WORKERS_MAX, 7: D.END_RATE_MAX, 13: D.SILVER_MAX, 14: D.WORKERS_MAX,
             **{n: D.VP_MAX for n in range(15, 27)}}
assert tuple(sorted(KNOWLEDGE)) == D.KNOWLEDGE_NUMBERS
GOODS = {"per_type": (1, D.GOODS_PER_TYPE_MAX), "per_phase": (0, D.ROUNDS_PER_PHASE),
         "start_each": (0, D.START_GOODS_MAX)}


def _by_id(records, path, expected, noun="id"):
    """Every expected id exactly once (ids already unique) -> {id: (index, record)}."""
    out = {}
    for i, item in enumerate(records):
        out[one_of(item["id"], at(at(path, i), "id"), expected, noun)] = (i, item)
    for ident in expected:
        if ident not in out:
            fail(path, f"missing the item with id {ident!r} (ids: {', '.join(map(str, expected))})")
    return out


def _numbers(data, name, ranges, field="value", optional=()):
    """A record table of named numbers: every id of ``ranges`` once, each ``field`` in its range."""
    path = at(at("tables", name), "items")
    rows = items(data, name, (field,), optional, count=len(ranges))
    by = _by_id(rows, path, list(ranges))
    out = {}
    for ident, (low, high) in ranges.items():
        i, item = by[ident]
        if "about" in item:
            text(item["about"], at(at(path, i), "about"), allow_empty=True)
        out[ident] = integer(item[field], at(at(path, i), field), low, high)
    return out


def _check_scoring(data):
    """region_vp, phase_bonus, player_counts, knowledge, rule_numbers."""
    values(data, "region_vp", (8,), 0, D.VP_MAX)
    values(data, "phase_bonus", (5,), 0, D.VP_MAX)
    path = "tables.player_counts.items"
    rows = items(data, "player_counts", ("bonus_large", "bonus_small", "sale_vp_per_goods_tile",
                                          "black_depot_tiles"), count=3)
    for n, (i, item) in _by_id(rows, path, [2, 3, 4], "player count").items():
        where = at(path, i)
        integer(item["bonus_large"], at(where, "bonus_large"), 0, D.VP_MAX)
        integer(item["bonus_small"], at(where, "bonus_small"), 0, D.VP_MAX)
        integer(item["sale_vp_per_goods_tile"], at(where, "sale_vp_per_goods_tile"), 0, D.VP_MAX // 5)
        integer(item["black_depot_tiles"], at(where, "black_depot_tiles"), 0, D.BLACK_DEPOT_SPACES)
    _numbers(data, "knowledge", {n: (0, high) for n, high in KNOWLEDGE.items()}, "amount", ("about",))
    _numbers(data, "rule_numbers", RULE_NUMBERS, optional=("about",))


def _check_setup(data):
    """start and goods: enough goods in the box for every draw of a 4-player game."""
    path = "tables.start.items"
    rows = items(data, "start", ("silverlings", "workers"), count=4)
    for seat, (i, item) in _by_id(rows, path, [1, 2, 3, 4], "seat").items():
        integer(item["silverlings"], at(at(path, i), "silverlings"), 0, D.SILVER_MAX)
        integer(item["workers"], at(at(path, i), "workers"), 0, D.WORKERS_MAX)
    goods = _numbers(data, "goods", GOODS)
    need = 4 * goods["start_each"] + 5 * goods["per_phase"]
    if D.GOODS_TYPES * goods["per_type"] < need:
        rows = data["tables"]["goods"]["items"]
        i = next(k for k, item in enumerate(rows) if item["id"] == "per_type")
        fail(at(at("tables.goods.items", i), "value"),
             f"{goods['per_type']} goods tiles of each type ({D.GOODS_TYPES * goods['per_type']} in all) cannot "
             f"supply a 4-player game (4 x {goods['start_each']} at the start + 5 phases x {goods['per_phase']}): "
             f"at least {-(-need // D.GOODS_TYPES)}")


def _check_tiles(data):
    """tiles (every face once, counts in bounds) and depots (colours and marks)."""
    names = D.tile_names()[1:]
    path = "tables.tiles.items"
    rows = items(data, "tiles", ("coloured", "black"), count=len(names))
    by = _by_id(rows, path, names, "tile")
    for name in names:
        i, item = by[name]
        integer(item["coloured"], at(at(path, i), "coloured"), 0, D.TILE_COPIES_MAX)
        integer(item["black"], at(at(path, i), "black"), 0, D.TILE_COPIES_MAX)
    i, castle = by["castle"]
    if castle["coloured"] < D.START_CASTLES:
        fail(at(at(path, i), "coloured"), f"{castle['coloured']} coloured-back castles cannot give "
                                          f"{D.START_CASTLES} players their starting castles: at least {D.START_CASTLES}")
    path = "tables.depots.items"
    rows = items(data, "depots", ("spaces",), count=D.NDEPOTS)
    for d, (i, item) in _by_id(rows, path, list(range(1, D.NDEPOTS + 1)), "depot").items():
        where = at(at(path, i), "spaces")
        spaces = item["spaces"]
        if not isinstance(spaces, list) or len(spaces) != D.DEPOT_SPACES:
            fail(where, f"must be a list of {D.DEPOT_SPACES} spaces [colour, player-count mark]")
        for k, space in enumerate(spaces):
            if not isinstance(space, list) or len(space) != 2:
                fail(at(where, k), "must be [colour letter, player-count mark], e.g. [\"B\", 2]")
            one_of(space[0], at(at(where, k), 0), list(D.COLOURS), "colour letter")
            ints(space[1], at(at(where, k), 1), (), 2, 5)       # 5: a space no player count uses


def check(data):
    """The Castles of Burgundy's checks of a data file (after the envelope checks); DataError on the first."""
    _check_scoring(data)
    _check_setup(data)
    _check_tiles(data)


def install(data):
    """Fill engine_c.burgundy.data and the C tables from checked data (every state built after uses it)."""
    from engine_c.burgundy.tables import install_tables
    install_tables(D.set_content(data))
