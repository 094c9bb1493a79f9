"""A Castle for All Seasons' data file: the tables it must hold, their checks, and installing them.

The shipped file is ``engine_c/seasons/content.json``; ``engine_c.content.use("seasons", other)``
installs another (docs/seasons.md, "Data file").  ``check`` refuses bad data with one line naming
the path and what would be valid; ``install`` fills the engine's C arrays (``tables.pyx``) and the
Python view of the tables (``data.py``).  The ids are fixed by the rules code; the numbers are data.
"""
import os

from engine_c.content import at, fail, fields, integer, ints, items, one_of, text, values
from engine_c.seasons import data as D

DEFAULT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "content.json")
TABLES = ("resources", "constants", "players", "spots", "workers", "buildings", "places",
          "winter_rounds", "winter_cards")

MAX_ROUNDS = 30          # tables.pxd MAX_ROUNDS
MAX_PAY = 15             # a payment step names at most 15 pieces (the action layout)
# constants: id -> (low, high) of its value
CONSTANT_RANGES = {
    "start_talers": (0, 30), "total_talers": (1, 1000), "messenger_talers": (0, 100),
    "master_vp_per_building": (0, 100), "bricklayer_talers_per_piece": (0, 10), "stonemason_price": (0, 30),
    "worker_vp_divisor": (1, 10), "max_builds": (0, 4), "max_helpers": (0, 4), "min_kinds": (1, 4),
    "tribute": (0, 10), "silver_value": (0, 30),
}
WINTER_FIELDS = {
    "gain": ("who", "what", "n"), "lose": ("who", "what", "n"), "offer": ("what", "n", "cost"),
    "modify": ("target", "n"), "vp_per_building": ("building", "n"),
}


def _by_id(records, path, expected):
    """Every expected id exactly once (records already checked for unique ids) -> {id: record}."""
    out = {}
    for i, item in enumerate(records):
        out[one_of(item["id"], at(at(path, i), "id"), expected, "id")] = item
    for name in expected:
        if name not in out:
            fail(path, f"missing the item with id {name!r} (ids: {', '.join(map(str, expected))})")
    return out


def _where(table, records, ident, field=None):
    """The path of record ``ident`` (and its ``field``) in ``table``."""
    i = next(i for i, item in enumerate(records) if item["id"] == ident)
    path = at(at(at("tables", table), "items"), i)
    return at(path, field) if field else path


def check(data):
    """Check the Seasons tables (shapes, ranges, ids, cross-references); return the flat tables."""
    flat = {}
    # resources
    res = items(data, "resources", ("box", "building_points", "start_each", "start_tower"), count=len(D.RESOURCES))
    by = _by_id(res, "tables.resources.items", D.RESOURCES)
    for r in D.RESOURCES:
        for f, high in (("box", 255), ("start_each", 20), ("start_tower", 20)):
            integer(by[r][f], _where("resources", res, r, f), 0, high)
        bp = by[r]["building_points"]
        if r == "silver":
            if integer(bp, _where("resources", res, r, "building_points")) != 0:
                fail(_where("resources", res, r, "building_points"),
                     "silver is a joker (it pays as the piece it replaces): its building points must be 0; "
                     "its value in the palace and the tie-break is constants.silver_value")
        else:
            integer(bp, _where("resources", res, r, "building_points"), 1, 15)
    flat["bp"] = [by[r]["building_points"] for r in D.RESOURCES]
    flat["box"] = [by[r]["box"] for r in D.RESOURCES]
    flat["start_res"] = [by[r]["start_each"] for r in D.RESOURCES]
    flat["start_tower"] = [by[r]["start_tower"] for r in D.RESOURCES]
    for k, r in enumerate(D.RESOURCES):
        need = flat["start_tower"][k] + 4 * flat["start_res"][k]
        if flat["box"][k] < need:
            fail(_where("resources", res, r, "box"), f"{flat['box'][k]} {r} pieces cannot fill the setup of 4 "
                 f"players (tower {flat['start_tower'][k]} + 4 x {flat['start_res'][k]}): at least {need}")
    # constants
    con = items(data, "constants", ("value",), ("about",), count=len(D.CONSTANTS))
    cby = _by_id(con, "tables.constants.items", D.CONSTANTS)
    for name in D.CONSTANTS:
        low, high = CONSTANT_RANGES[name]
        integer(cby[name]["value"], _where("constants", con, name, "value"), low, high)
        if "about" in cby[name]:
            text(cby[name]["about"], _where("constants", con, name, "about"))
    flat["k"] = [cby[name]["value"] for name in D.CONSTANTS]
    # players
    pl = items(data, "players", ("rounds", "helpers"), count=3)
    pby = _by_id(pl, "tables.players.items", [2, 3, 4])
    flat["rounds"] = [0, 0] + [integer(pby[n]["rounds"], _where("players", pl, n, "rounds"), 1, MAX_ROUNDS)
                               for n in (2, 3, 4)]
    flat["helpers"] = [0, 0] + [integer(pby[n]["helpers"], _where("players", pl, n, "helpers"), 0, 30)
                                for n in (2, 3, 4)]
    total = cby["total_talers"]["value"]
    for n in (2, 3, 4):
        need = flat["rounds"][n] + cby["start_talers"]["value"] * n
        if total < need:
            fail(_where("constants", con, "total_talers", "value"), f"{total} talers cannot fill the setup of {n} "
                 f"players ({flat['rounds'][n]} on the round track + {n} x {cby['start_talers']['value']}): "
                 f"at least {need}")
    # spots
    sp = items(data, "spots", ("yield",), count=len(D.SPOTS))
    sby = _by_id(sp, "tables.spots.items", D.SPOTS)
    flat["yield"] = [integer(sby[k]["yield"], _where("spots", sp, k, "yield"), 0, 20) for k in D.SPOTS]
    # workers
    wk = items(data, "workers", ("pieces",), count=3)
    wby = _by_id(wk, "tables.workers.items", D.WORKERS)
    flat["worker"] = []
    for w in D.WORKERS:
        path = _where("workers", wk, w, "pieces")
        pieces = fields(wby[w]["pieces"], path, (), D.RESOURCES)
        flat["worker"].append([integer(pieces.get(r, 0), at(path, r), 0, 10) for r in D.RESOURCES])
    # buildings
    bd = items(data, "buildings", ("tiles", "value", "vp"), count=len(D.BUILDING_IDS))
    bby = _by_id(bd, "tables.buildings.items", D.BUILDING_IDS)
    low = min(flat["bp"][1:4])             # wood, clay, stone: the kinds a payment step names
    top = MAX_PAY * low + low - 1
    for b in D.BUILDING_IDS:
        integer(bby[b]["tiles"], _where("buildings", bd, b, "tiles"), 0, 30)
        integer(bby[b]["vp"], _where("buildings", bd, b, "vp"), 0, 100)
        v = integer(bby[b]["value"], _where("buildings", bd, b, "value"), 1)
        if v > top:
            fail(_where("buildings", bd, b, "value"), f"{v} building points: at most {top} (a payment step names at "
                 f"most {MAX_PAY} pieces of its kind)")
    flat["tiles"] = [bby[b]["tiles"] for b in D.BUILDING_IDS]
    flat["value"] = [bby[b]["value"] for b in D.BUILDING_IDS]
    flat["vp"] = [bby[b]["vp"] for b in D.BUILDING_IDS]
    if sum(flat["tiles"]) == 0:
        fail("tables.buildings.items", "no tile to build: at least one building type needs tiles")
    # places
    pc = items(data, "places", ("building", "fee", "vp", "per"), count=len(D.PLACE_IDS))
    cby2 = _by_id(pc, "tables.places.items", D.PLACE_IDS)
    for k, name in enumerate(D.PLACE_IDS):
        hb = D.HELPER_BUILDINGS[D.PLACE_BUILDING[k]]
        got = cby2[name]["building"]
        if got != hb:
            fail(_where("places", pc, name, "building"), f"place {name} belongs to the {hb} (fixed by the rules "
                 f"code), got {got!r}")
        integer(cby2[name]["fee"], _where("places", pc, name, "fee"), 0, 100)
        integer(cby2[name]["vp"], _where("places", pc, name, "vp"), 0, 20)
        integer(cby2[name]["per"], _where("places", pc, name, "per"), 1, 20)
    flat["fee"] = [cby2[n]["fee"] for n in D.PLACE_IDS]
    flat["place_vp"] = [cby2[n]["vp"] for n in D.PLACE_IDS]
    flat["place_per"] = [cby2[n]["per"] for n in D.PLACE_IDS]
    def same(i, j):
        """Places i and j are interchangeable (the market's rate depends on how many one holds)."""
        return (D.PLACE_BUILDING[i] == D.PLACE_BUILDING[j] and flat["fee"][i] == flat["fee"][j]
                and (D.PLACE_BUILDING[i] == 0 or (flat["place_vp"][i] == flat["place_vp"][j]
                                                  and flat["place_per"][i] == flat["place_per"][j])))
    flat["twin"] = [i - 1 if i > 0 and same(i, i - 1) else -1 for i in range(len(D.PLACE_IDS))]
    # winter
    rounds = values(data, "winter_rounds", (None,), 1, MAX_ROUNDS, distinct=True)
    flat["winter_round"] = [1 if r in rounds else 0 for r in range(MAX_ROUNDS + 1)]
    wc = items(data, "winter_cards", ("kind", "text"),
               ("who", "what", "n", "cost", "target", "building"), count=D.WINTER_CARD_SLOTS)
    for key in ("w_kind", "w_who", "w_what", "w_n", "w_cost"):
        flat[key] = []
    for i, card in enumerate(wc):
        path = at("tables.winter_cards.items", i)
        kind = one_of(card["kind"], at(path, "kind"), D.WINTER_KINDS, "winter card kind")
        fields(card, path, ("id", "kind", "text") + WINTER_FIELDS[kind], ("source",))
        text(card["text"], at(path, "text"))
        who, what, cost = 0, 0, 0
        if kind == "modify":
            what = D.WINTER_TARGETS.index(one_of(card["target"], at(path, "target"), D.WINTER_TARGETS, "target"))
            n = integer(card["n"], at(path, "n"), -20, 20)
        elif kind == "vp_per_building":
            what = D.BUILDING_IDS.index(one_of(card["building"], at(path, "building"), D.BUILDING_IDS, "building"))
            n = integer(card["n"], at(path, "n"), 0, 20)
        else:
            choices = D.WINTER_WHAT if kind != "lose" else D.WINTER_WHAT[:-1]
            what = D.WINTER_WHAT.index(one_of(card["what"], at(path, "what"), choices, "thing"))
            n = integer(card["n"], at(path, "n"), 0, 20)
            if kind == "offer":
                cost = integer(card["cost"], at(path, "cost"), 0, 100)
            else:
                who = D.WINTER_WHO.index(one_of(card["who"], at(path, "who"), D.WINTER_WHO, "who"))
        for key, v in (("w_kind", D.WINTER_KINDS.index(kind)), ("w_who", who), ("w_what", what), ("w_n", n),
                       ("w_cost", cost)):
            flat[key].append(v)
    flat["winter_ids"] = [card["id"] for card in wc]
    return flat


def install(data):
    """Fill the engine's C tables and the Python view (data.py) from checked data."""
    from engine_c.seasons.tables import install_arrays
    flat = check(data)
    install_arrays(flat)
    D.set_tables(flat, data)
