"""Tiletum's data file: the tables it must hold, their checks, and installing them into the engine.

The shipped default is engine_c/tiletum/content.json; docs/tiletum.md ("Data file") describes every
table.  ``check(data)`` refuses anything the rules code cannot play (wrong counts, out-of-range
values, unknown names, a map with an unreachable city ...) with one DataError line naming the path;
``install(data)`` fills the Python names of engine_c.tiletum.data and the C tables of
engine_c/tiletum/tables.pyx (process-wide, no rebuild).
"""
import os

from engine_c.content import at, boolean, fail, fields, integer, items, ints, one_of, values
from engine_c.tiletum import data as D

DEFAULT_PATH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "content.json")

TABLES = ("rule_numbers", "dice_drawn", "start_gold", "start_resources", "king_vp", "corruption",
          "crest_final_vp", "contract_slot_cost", "cathedral_costs", "buildings", "person_kinds", "cities",
          "roads", "cathedrals", "fairs", "bonus_tiles", "persons", "contracts")

# rule_numbers: id -> (low, high): what the rules code can play with
RULE_NUMBERS = {
    "ap_total": (6, 12),                 # a die of value 6 must still give 0 AP or more
    "die_step_gold": (1, 10),
    "buy_gold": (1, 10),                 # 0 would make buying an endless free action
    "resources_per_final_vp": (1, 20),
    "last_round_leader_vp": (0, 30),
    "contract_row_last_vp": (0, 30),
    "start_houses": (0, D.START_HOUSES_MAX),     # the readers' bounds follow (data.py)
    "start_pillars": (0, D.START_PILLARS_MAX),
}
# effect -> (low, high) of its amount
AMOUNTS = {"res": (1, 9), "vp": (1, 20), "king": (1, 15), "any": (1, 5), "move": (1, 5), "ap": (1, 9),
           "apact": (1, 9), "colour": (0, 0), "retrigger": (0, 0), "swap": (1, 5), "crest": (0, 0)}


def _numbered(records, path, noun):
    """Tiles are numbered 0..n-1 in order (positions name them by number)."""
    for i, item in enumerate(records):
        if item["id"] != i:
            fail(at(at(path, i), "id"), f"must be {i}: {noun} are numbered 0..{len(records) - 1} in order, "
                                        f"got {item['id']!r}")


def _effect(item, path, allowed):
    """One tile's effect fields: effect, amount, and resource / action where the effect needs one."""
    effect = one_of(item["effect"], at(path, "effect"), allowed, noun="effect")
    low, high = AMOUNTS[effect]
    integer(item["amount"], at(path, "amount"), low, high)
    need = {"res": "resource", "apact": "action"}.get(effect)
    for key in ("resource", "action"):
        if key in item and key != need:
            fail(at(path, key), f"only a{'n apact' if key == 'action' else ' res'} effect names a {key} "
                                f"(this one is {effect!r})")
    if need == "resource":
        if "resource" not in item:
            fail(at(path, "resource"), "missing field (a res effect names the resource gained)")
        one_of(item["resource"], at(path, "resource"), D.RESOURCES, noun="resource")
    if need == "action":
        if "action" not in item:
            fail(at(path, "action"), "missing field (an apact effect names its action)")
        one_of(item["action"], at(path, "action"), D.ACTIONS[:5], noun="action (not the jester: it only copies)")


def _check_numbers(data):
    """rule_numbers and the small value tables."""
    path = "tables.rule_numbers.items"
    numbers = items(data, "rule_numbers", ("value",), count=len(RULE_NUMBERS))
    for i, item in enumerate(numbers):
        key = one_of(item["id"], at(at(path, i), "id"), list(RULE_NUMBERS), noun="rule number")
        integer(item["value"], at(at(path, i), "value"), *RULE_NUMBERS[key])
    drawn = values(data, "dice_drawn", (3,), 1, 20)
    for k, n in enumerate(drawn):
        players = k + 2
        if not 3 * players <= n <= 5 * players:
            fail(at("tables.dice_drawn.values", k), f"{players} players draw {n} dice, but every player takes 3 a "
                                                    f"round and the bag holds {5 * players}: must be in "
                                                    f"{3 * players}..{5 * players}")
    values(data, "start_gold", (4,), 0, 30)
    values(data, "start_resources", (4,), 0, 10)
    values(data, "king_vp", (D.KING_MAX - D.KING_MIN + 1,), -30, 30)
    values(data, "corruption", (D.N_CORRUPTION,), 0, 10)
    values(data, "crest_final_vp", (D.N_BUILDINGS + 1,), 0, 200)
    values(data, "contract_slot_cost", (5,), 0, 6)
    values(data, "cathedral_costs", (D.N_CATHEDRALS - 1,), 1, D.CATHEDRAL_COST_MAX)


def _check_board(data):
    """buildings and person_kinds."""
    path = "tables.buildings.items"
    blds = items(data, "buildings", ("floors", "house", "crest_food", "crest_vp", "crest_ap"), count=D.N_BUILDINGS)
    for i, b in enumerate(blds):
        where = at(path, i)
        if b["id"] != f"B{i + 1}":
            fail(at(where, "id"), f"must be 'B{i + 1}': the buildings are B1..B6, left to right, got {b['id']!r}")
        integer(b["floors"], at(where, "floors"), 1, 3)
        boolean(b["house"], at(where, "house"))
        integer(b["crest_food"], at(where, "crest_food"), 0, 20)
        integer(b["crest_vp"], at(where, "crest_vp"), 0, 30)
        integer(b["crest_ap"], at(where, "crest_ap"), 0, 5)
    path = "tables.person_kinds.items"
    kinds = items(data, "person_kinds", ("action",), count=len(D.PERSON_TYPES))
    for i, k in enumerate(kinds):
        if k["id"] != D.PERSON_TYPES[i]:
            fail(at(at(path, i), "id"), f"must be {D.PERSON_TYPES[i]!r}: the kinds are "
                                        f"{', '.join(D.PERSON_TYPES)} in this order, got {k['id']!r}")
        one_of(k["action"], at(at(path, i), "action"), D.ACTIONS, noun="action")


def _check_map(data):
    """cities, roads, cathedrals; returns the city names."""
    path = "tables.cities.items"
    cities = items(data, "cities", ("houses", "pillars", "bonus_spaces", "fair_city"), count=D.N_CITIES)
    names = []
    for i, c in enumerate(cities):
        where = at(path, i)
        if not isinstance(c["id"], str) or not c["id"].strip():
            fail(at(where, "id"), f"must be the city's name, got {c['id']!r}")
        if i == 0 and c["id"] != D.START_CITY:
            fail(at(where, "id"), f"the first city must be {D.START_CITY!r} (everyone starts there), got {c['id']!r}")
        names.append(c["id"])
        if not isinstance(c["houses"], list) or len(c["houses"]) > 3:
            fail(at(where, "houses"), "must be a list of at most 3 house spaces")
        if i == 0 and c["houses"]:
            fail(at(where, "houses"), f"must be empty: everyone's start house stands in {D.START_CITY}")
        for k, h in enumerate(c["houses"]):
            fields(h, at(at(where, "houses"), k), ("players", "bonus"))
            integer(h["players"], at(at(at(where, "houses"), k), "players"), 2, 4)
            one_of(h["bonus"], at(at(at(where, "houses"), k), "bonus"), D.HOUSE_BONUS_NAMES, noun="house bonus")
        if not isinstance(c["pillars"], list) or len(c["pillars"]) > 2:
            fail(at(where, "pillars"), "must be a list of at most 2 pillar spaces (fewest players 2-4 each)")
        ints(c["pillars"], at(where, "pillars"), None, 2, 4)
        if not isinstance(c["bonus_spaces"], list) or len(c["bonus_spaces"]) > 2:
            fail(at(where, "bonus_spaces"), "must be a list of at most 2 bonus spaces (fewest players 2-4 each)")
        ints(c["bonus_spaces"], at(where, "bonus_spaces"), None, 2, 4)
        boolean(c["fair_city"], at(where, "fair_city"))
        if i == 0 and c["fair_city"]:
            fail(at(where, "fair_city"), f"must be false: round 1's fair is always in {D.START_CITY}, the city "
                                         "tiles are for rounds 2-4")
    fair = [c["id"] for c in cities if c["fair_city"]]
    if len(fair) < 3:
        fail(path, f"{len(fair)} cities have fair_city true ({', '.join(fair) or 'none'}): rounds 2-4 need 3 "
                   "different fair cities")
    _check_roads(data, names)
    _check_cathedrals(data, names)
    return names


def _check_roads(data, names):
    """Roads join two different known cities once; at most 6 per city; every city reachable."""
    path = "tables.roads.items"
    roads = items(data, "roads", ("between",), min_count=1)
    seen = {}
    nb = {name: set() for name in names}
    for i, r in enumerate(roads):
        where = at(at(path, i), "between")
        if not isinstance(r["between"], list) or len(r["between"]) != 2:
            fail(where, "must be a list of 2 city names")
        a, b = (one_of(name, at(where, k), names, noun="city") for k, name in enumerate(r["between"]))
        if a == b:
            fail(where, f"joins {a!r} to itself")
        key = frozenset((a, b))
        if key in seen:
            fail(where, f"the road {a}-{b} is given twice (also at {at(path, seen[key])})")
        seen[key] = i
        nb[a].add(b)
        nb[b].add(a)
        for city in (a, b):
            if len(nb[city]) > 6:
                fail(where, f"{city!r} has more than 6 roads (the engine's move actions allow 6 per city)")
    reached, todo = {names[0]}, [names[0]]
    while todo:
        for other in nb[todo.pop()]:
            if other not in reached:
                reached.add(other)
                todo.append(other)
    lost = [name for name in names if name not in reached]
    if lost:
        fail(path, f"{', '.join(lost)} cannot be reached from {names[0]} by road: every city must be")


def _check_cathedrals(data, names):
    """10 cathedrals on different cities, in map order, with 1-4 tiles of 1 VP or more."""
    path = "tables.cathedrals.items"
    caths = items(data, "cathedrals", ("tiles",), count=D.N_CATHEDRALS)
    last = -1
    for i, c in enumerate(caths):
        where = at(path, i)
        city = one_of(c["id"], at(where, "id"), names, noun="city")
        if names.index(city) <= last:
            fail(at(where, "id"), f"{city!r} is out of map order: the cathedrals follow the cities' order")
        last = names.index(city)
        tiles = ints(c["tiles"], at(where, "tiles"), None, 1, 30)
        if not 1 <= len(tiles) <= 4:
            fail(at(where, "tiles"), f"must hold 1 to 4 tiles (a player takes one per cathedral), got {len(tiles)}")


def _check_tiles(data):
    """fairs, bonus tiles, persons, contracts."""
    path = "tables.fairs.items"
    fairs = items(data, "fairs", ("multiplier",), count=D.N_FAIRS)
    for i, f in enumerate(fairs):
        one_of(f["id"], at(at(path, i), "id"), D.FAIR_KINDS, noun="fair tile")
        integer(f["multiplier"], at(at(path, i), "multiplier"), 0, 20)
    path = "tables.bonus_tiles.items"
    bonus = items(data, "bonus_tiles", ("effect", "amount"), ("resource", "action"), count=D.N_BONUS)
    _numbered(bonus, path, "bonus tiles")
    for i, b in enumerate(bonus):
        _effect(b, at(path, i), D.EFFECT_NAMES)
    path = "tables.persons.items"
    persons = items(data, "persons", ("kind", "effect", "amount"), ("resource", "action"), count=D.N_PERSONS)
    _numbered(persons, path, "persons")
    for i, p in enumerate(persons):
        one_of(p["kind"], at(at(path, i), "kind"), D.PERSON_TYPES, noun="person kind")
        _effect(p, at(path, i), D.PERSON_EFFECTS)
    path = "tables.contracts.items"
    contracts = items(data, "contracts", ("cost", "vp", "crest"), count=D.N_CONTRACTS)
    _numbered(contracts, path, "contracts")
    for i, c in enumerate(contracts):
        where = at(path, i)
        fields(c["cost"], at(where, "cost"), (), D.RESOURCES)
        for r, n in c["cost"].items():
            integer(n, at(at(where, "cost"), r), 0, 15)
        if sum(c["cost"].values()) == 0:
            fail(at(where, "cost"), "must ask for at least 1 resource")
        integer(c["vp"], at(where, "vp"), 0, 30)
        boolean(c["crest"], at(where, "crest"))


def check(data):
    """Tiletum's checks of a data file (after the envelope checks); DataError on the first problem."""
    _check_numbers(data)
    _check_board(data)
    _check_map(data)
    _check_tiles(data)


def install(data):
    """Fill engine_c.tiletum.data and the C tables from checked data (every state built after uses it)."""
    from engine_c.tiletum.tables import install_tables
    install_tables(D.set_content(data))
