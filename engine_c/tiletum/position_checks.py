"""Tiletum positions: the names of the format and the checks that need no C struct.

This file sits beside the position room (engine_c/tiletum/position.pyx), which reads positions
into the struct; the short form's completion (position_short.py) and the reader share what is
here: the phase, die and tile names, where every tile of a position lies (``tile_places``), and
the checks of the whole board that plain data answers: every tile in exactly one place, the
displays, the fair tiles and the cathedral cost tiles.  Every refusal is one line naming the
field path (``Fields`` of engine_c/validate.py).
"""
from collections import Counter

from engine_c.validate import Fields, at, shown
from engine_c.tiletum import data as D

F = Fields("tiletum")

PHASES = ["die", "wheel_bonus", "jester", "action", "choose", "king_bonus", "over"]
TURN_PHASES = PHASES[:5]                  # a player's turn is in progress
ACTION_PHASES = ("action", "choose")      # the action part: an action chosen, its AP counted
NO_TURN_PHASES = ("king_bonus", "over")   # after the round's three passes
CHOOSE_MODES = ["any", "colour", "retrigger"]
CURRENT_FIELDS = ("action", "jester", "ap", "die", "free_moves", "any_resources", "swaps", "choose", "segment")
CLEARED_TURN = {"action": "merchant", "jester": False, "ap": 0, "die": None, "free_moves": 0,
                "any_resources": 0, "swaps": 0, "choose": "any", "segment": "merchant"}
DIE_NAMES = [f"{c}{v}" for c in D.RES_SHORT for v in range(1, 7)]     # index: colour * 6 + value - 1
DIE_NAMES_TEXT = ", ".join(f"{c}1..{c}6" for c in D.RES_SHORT)
CATHEDRAL_NAMES = D.CATHEDRAL_NAMES       # the installed data's (the list is refilled in place)
FAIR_NAMES = D.FAIR_KINDS
START_CITY = D.START_CITY                 # Tiletum: every seat's start house, merchant and architect
MAX_KING_STACK = 250                      # king stack numbers are renumbered 1..P before they pass 250
NDISPLAY = 5                              # slots in each display
NBUILDINGS = D.N_BUILDINGS

# tile families: storage letter -> (name in messages, how many, stack, lists of tiles out of the stack)
TILE_FAMILIES = {
    "b": ("bonus tile", D.N_BONUS, "bonus_stack", ("bonus_out",)),
    "p": ("person", D.N_PERSONS, "person_stack", ("person_discard",)),
    "c": ("contract", D.N_CONTRACTS, "contract_stack", ("contracts_out",)),
}
STORAGE_TEXT = (f"b0..b{D.N_BONUS - 1} bonus tiles, p0..p{D.N_PERSONS - 1} persons, "
                f"c0..c{D.N_CONTRACTS - 1} contracts, crest")


def listed(value):
    """A short list of names or numbers as ``[a, b, c]``; anything else as :func:`shown` writes it."""
    if isinstance(value, list) and len(value) <= 12 and all(isinstance(v, (str, int)) for v in value):
        return "[" + ", ".join(str(v) for v in value) + "]"
    return shown(value)


def die_index(value, path):
    """A die name such as ``'W3'`` -> colour * 6 + value - 1; the error lists the valid names."""
    if isinstance(value, str) and value in DIE_NAMES:
        return DIE_NAMES.index(value)
    F.fail(path, f"unknown die {shown(value)} (valid: {DIE_NAMES_TEXT}: colour letter and value)")


def storage_tile(name, path):
    """A storage entry ``'b12'`` / ``'p3'`` / ``'c7'`` / ``'crest'`` -> (letter, id), or ('crest', None)."""
    if name == "crest":
        return "crest", None
    if isinstance(name, str) and len(name) >= 2 and name[0] in TILE_FAMILIES:
        digits = name[1:]
        if digits.isascii() and digits.isdigit() and str(int(digits)) == digits \
                and int(digits) < TILE_FAMILIES[name[0]][1]:
            return name[0], int(digits)
    F.fail(path, f"unknown tile {shown(name)} (valid: {STORAGE_TEXT})")


def tile_id(value, path, letter):
    """null -> None, else a tile id of the family ``letter`` (0..n-1)."""
    return None if value is None else F.int(value, path, 0, TILE_FAMILIES[letter][1] - 1)


def tile_places(d):
    """Every tile of the (completed) position ``d`` outside the stacks and out lists, by family.

    For each family letter a list of (id, field path, place); the place groups the paths for
    messages (``map``, ``seats[0].storage``, ...)."""
    np = len(d["seats"])
    spots = {letter: [] for letter in TILE_FAMILIES}
    wheel_bonus = F.object(d["wheel_bonus"], "wheel_bonus")
    for action in D.ACTIONS:
        path = at("wheel_bonus", action)
        spots["b"].append((tile_id(wheel_bonus.get(action), path, "b"), path, "wheel_bonus"))
    for i, v in enumerate(F.list(F.get(d, "king_bonus"), "king_bonus", length=3)):
        spots["b"].append((tile_id(v, at("king_bonus", i), "b"), at("king_bonus", i), "king_bonus"))
    for c, city in enumerate(F.list(d["map"], "map", length=len(D.CITIES))):
        where = at(at("map", c), "bonus")
        for k, v in enumerate(F.list(F.object(city, at("map", c))["bonus"], where, length=len(D.BONUS_SPACES[c]))):
            spots["b"].append((tile_id(v, at(where, k), "b"), at(where, k), "map"))
    for key, letter in (("person_display", "p"), ("contract_display", "c")):
        for i, v in enumerate(F.list(F.get(d, key), key, length=NDISPLAY)):
            spots[letter].append((tile_id(v, at(key, i), letter), at(key, i), key))
    for p in range(np):
        seat = F.object(d["seats"][p], at("seats", p))
        where = at(at("seats", p), "storage")
        for k, name in enumerate(F.list(seat["storage"], where, max_length=4)):
            letter, v = storage_tile(name, at(where, k))
            if letter != "crest":
                spots[letter].append((v, at(where, k), where))
        buildings = at(at("seats", p), "buildings")
        for b, building in enumerate(F.list(seat["buildings"], buildings, length=NBUILDINGS)):
            persons = at(at(buildings, b), "persons")
            for k, v in enumerate(F.ints(F.object(building, at(buildings, b))["persons"], persons,
                                         0, D.N_PERSONS - 1, max_length=D.BUILDING_FLOORS[b])):
                spots["p"].append((v, at(persons, k), buildings))
        contracts = at(at("seats", p), "contracts")
        for k, v in enumerate(F.ints(seat["contracts"], contracts, 0, D.N_CONTRACTS - 1, max_length=D.N_CONTRACTS)):
            spots["c"].append((v, at(contracts, k), contracts))
    return {letter: [spot for spot in found if spot[0] is not None] for letter, found in spots.items()}


def check_tiles_conserved(d):
    """Every bonus tile, person and contract in exactly one place.

    A tile in two places is refused naming both, a missing one counting the tiles in every place."""
    places = tile_places(d)
    for letter, (name, total, stack, outs) in TILE_FAMILIES.items():
        spots = list(places[letter])
        for key in (stack,) + outs:
            spots += [(v, at(key, i), key) for i, v in enumerate(d[key])]
        paths = {}
        for v, path, _ in spots:
            paths.setdefault(v, []).append(path)
        for v in range(total):
            found = paths.get(v, [])
            if len(found) > 1:
                F.fail(found[-1], f"{name} {letter}{v} is in {len(found)} places ({', '.join(found)}): "
                                  f"every {name} is in exactly one place")
        missing = [v for v in range(total) if v not in paths]
        if missing:
            counted = Counter(place for _, _, place in spots)
            where = ", ".join(f"{place} {n}" for place, n in counted.items())
            F.fail(stack, f"{len(missing)} {name}s are in no place ({', '.join(f'{letter}{v}' for v in missing[:8])}"
                          f"{', ...' if len(missing) > 8 else ''}): counted {len(spots)} of {total} ({where}); "
                          f"leave {stack} out and it holds every {name} not elsewhere")


def check_displays(d):
    """The displays slide toward slot 0 and refill at once.

    An empty slot is only at the end, and only when there is nothing left to draw."""
    for key, letter, piles in (("person_display", "p", ("person_stack", "person_discard")),
                               ("contract_display", "c", ("contract_stack",))):
        shown_tiles = d[key]
        for i in range(1, NDISPLAY):
            if shown_tiles[i - 1] is None and shown_tiles[i] is not None:
                F.fail(at(key, i - 1), f"empty slot before a tile ({letter}{shown_tiles[i]} in slot {i}): "
                                       f"the display slides toward slot 0")
        left = sum(len(d[pile]) for pile in piles)
        if None in shown_tiles and left:
            F.fail(at(key, shown_tiles.index(None)), f"empty slot while {' and '.join(piles)} hold {left} "
                                                     f"{TILE_FAMILIES[letter][0]}s: the display refills at once")


def check_fairs(fair_tiles, fair_cities):
    """The 4 fair tiles differ; round 1's fair is in Tiletum, rounds 2-4 in three different fair cities."""
    for i in range(1, len(fair_tiles)):
        if fair_tiles[i] in fair_tiles[:i]:
            first = fair_tiles.index(fair_tiles[i]) + 1
            F.fail(at(at("fairs", i), "tile"), f"{FAIR_NAMES[fair_tiles[i]]!r} is round {first}'s fair tile too: "
                                               f"4 different tiles")
    if fair_cities[0] != 0:
        F.fail(at(at("fairs", 0), "city"), f"round 1's fair is in {START_CITY}, got {D.CITIES[fair_cities[0]]!r}")
    valid = [D.CITIES[c] for c in D.FAIR_CITY_TILES]
    for i in range(1, len(fair_cities)):
        city = D.CITIES[fair_cities[i]]
        if fair_cities[i] not in D.FAIR_CITY_TILES:
            F.fail(at(at("fairs", i), "city"), f"{city!r} has no fair (valid: {', '.join(valid)})")
        if fair_cities[i] in fair_cities[1:i]:
            F.fail(at(at("fairs", i), "city"), f"{city!r} is round {fair_cities.index(fair_cities[i]) + 1}'s "
                                               f"fair city too: rounds 2-4 have 3 different cities")


def check_cathedral_costs(costs, taken):
    """The 9 cost tiles lie on 9 cathedrals, the tenth (cost 0) is out of play and has no tile taken."""
    expected = sorted(D.CATHEDRAL_COSTS + [0])
    if sorted(costs) != expected:
        F.fail("cathedrals", f"costs {costs} (in map order) are not the cost tiles "
                             f"{', '.join(map(str, D.CATHEDRAL_COSTS))} on nine cathedrals and 0 (not in play) on one")
    for c, cost in enumerate(costs):
        if cost == 0 and taken[c]:
            F.fail(at(at("cathedrals", c), "taken"), f"{taken[c]} tiles taken from {CATHEDRAL_NAMES[c]}, "
                                                     f"which is not in play (cost 0): must be 0")


def building_house_count(buildings):
    """Houses freed by full buildings (B1-B5 carry one each)."""
    return sum(1 for b, building in enumerate(buildings)
               if D.BUILDING_HOUSE[b] and len(building["persons"]) == D.BUILDING_FLOORS[b])


def crest_bonus_ap(buildings):
    """Permanent bonus AP per action from crested buildings: {action: AP}, actions without any left out."""
    ap = [0] * len(D.ACTIONS)
    for b, building in enumerate(buildings):
        if building["crest"] is True and building["persons"] and D.CREST_AP[b]:
            kind = D.PERSONS[building["persons"][0]][0]
            ap[D.TYPE_ACTION[kind]] += D.CREST_AP[b]
    return {D.ACTIONS[a]: n for a, n in enumerate(ap) if n}


def wheel_actions(wheel_order, rotation, round_):
    """The actions on die values 1..6 in round ``round_`` (1-4): the wheel turns by one each round."""
    return [wheel_order[(v - (round_ - 1) + rotation) % 6] for v in range(6)]
