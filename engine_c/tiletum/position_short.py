"""Tiletum short positions: the keys a position file may leave out, filled in before the reader checks.

This file sits beside the position room (engine_c/tiletum/position.pyx): ``position_from_dict``
first calls :func:`complete_position`, which returns the full form, and then checks every field
as it checks a full position, so a short position passes exactly the checks a full one does.
What may be left out and what it becomes is listed in docs/tiletum.md, "Short positions".

Old spellings are read here for one release: ``num_players`` (now ``players``, the count) and the
per-seat list under ``players`` (now ``seats``); the two ``players`` are told apart by type.
"""
import copy

from engine_c.validate import at, shown
from engine_c.tiletum import data as D
from engine_c.tiletum.position_checks import (
    F, PHASES, TURN_PHASES, ACTION_PHASES, NO_TURN_PHASES, CURRENT_FIELDS, CLEARED_TURN, CATHEDRAL_NAMES,
    START_CITY, MAX_KING_STACK, NBUILDINGS, TILE_FAMILIES, listed, die_index, tile_places, building_house_count,
    crest_bonus_ap, wheel_actions)

MIN_PLAYERS, MAX_PLAYERS = 2, 4
ROUNDS = D.RULE_CHOICES["rounds"]


def complete_position(data):
    """The full form of position ``data`` as a new dict (old spellings renamed, short form filled in).

    A full position comes back equal; ``data`` itself is not changed."""
    F.position(data)
    d = copy.deepcopy(data)
    _rename_old_keys(d)
    if d.get("game") != "tiletum":
        return d                                  # the reader refuses it, naming the game
    seats = F.get(d, "seats")
    if "players" in d:
        np = F.int(d["players"], "players", MIN_PLAYERS, MAX_PLAYERS)
        F.list(seats, "seats", length=np)
    else:
        np = len(F.list(seats, "seats", min_length=MIN_PLAYERS, max_length=MAX_PLAYERS))
        d["players"] = np
    for p in range(np):
        F.object(seats[p], at("seats", p))
    d.setdefault("rng", 0)
    phase = F.choice(d.setdefault("phase", "die"), "phase", PHASES)
    round_ = F.int(F.get(d, "round"), "round", 1, ROUNDS)
    d.setdefault("pass", 4 if phase in NO_TURN_PHASES else 1)
    order = F.permutation(F.get(d, "order"), "order", np)
    _complete_map(d, np)
    for p in range(np):
        _complete_seat(d, p, phase)
    _complete_king_stacks(d, order)
    _complete_turn(d, np, order, phase)
    _complete_wheel(d, round_)
    wheel_bonus = F.object(F.get(d, "wheel_bonus"), "wheel_bonus")
    for action in D.ACTIONS:
        wheel_bonus.setdefault(action, None)
    _complete_current(d, phase, round_)
    if "segments_used" not in d:
        used = {action for action in D.ACTIONS if wheel_bonus[action] is None}
        if d["current"]["die"] is not None:
            used.add(d["current"]["segment"])
        d["segments_used"] = [action for action in D.ACTIONS if action in used]
    _complete_corruption(d)
    _complete_cathedrals(d, np)
    fairs = F.list(F.get(d, "fairs"), "fairs", length=ROUNDS)
    F.object(fairs[0], at("fairs", 0)).setdefault("city", START_CITY)
    _complete_tiles(d)
    return d


def _rename_old_keys(d):
    """Old spellings -> new: ``num_players`` -> ``players``; a list under ``players`` -> ``seats``."""
    if isinstance(d.get("players"), list):         # the old per-seat list
        if "seats" in d:
            F.fail("players", "is a list of seats (the old spelling of seats) given beside seats: keep one "
                              "(players is the player count now)")
        d["seats"] = d.pop("players")
        if "num_players" in d:
            d["players"] = d.pop("num_players")
    elif "num_players" in d:
        if "players" in d:
            F.fail("num_players", f"is the old spelling of players, given beside players "
                                  f"({shown(d['players'])}): keep one")
        d["players"] = d.pop("num_players")


def _complete_map(d, np):
    """``map`` as the list of the 20 cities in map order, each with its three lists.

    An object {city: {...}} may list only the cities with something on them; a city's houses,
    pillars or bonus left out are empty."""
    cities = F.get(d, "map")
    named = isinstance(cities, dict)
    if named:
        for name in cities:
            F.choice(name, at("map", name), D.CITIES)
            F.object(cities[name], at("map", name), keys=(), optional=("houses", "pillars", "bonus"))
        cities = [dict(cities.get(name, {}), city=name) for name in D.CITIES]
        d["map"] = cities
    F.list(cities, "map", length=len(D.CITIES))
    for c, city in enumerate(cities):
        where = at("map", D.CITIES[c] if named else c)        # the path as the file writes it
        F.object(city, where).setdefault("city", D.CITIES[c])
        widths = {"houses": len(D.HOUSE_SPACES[c]), "pillars": len(D.PILLAR_SPACES[c]),
                  "bonus": len(D.BONUS_SPACES[c])}
        for key, width in widths.items():
            spaces = F.list(city.setdefault(key, [None] * width), at(where, key), length=width)
            top = np - 1 if key != "bonus" else D.N_BONUS - 1
            for k, value in enumerate(spaces):
                if value is not None:
                    F.int(value, at(at(where, key), k), 0, top)


def _on_map(d, seat, key):
    """How many houses / pillars (``key``) ``seat`` has on the map spaces."""
    return sum(city[key].count(seat) for city in d["map"])


def _complete_seat(d, p, phase):
    """A seat's defaults and derived counts (docs/tiletum.md, "Short positions")."""
    where = at("seats", p)
    seat = d["seats"][p]
    seat.setdefault("vp", 0)
    seat.setdefault("king", 0)
    resources = F.object(seat.setdefault("resources", {}), at(where, "resources"))
    for name in D.RESOURCES:
        resources.setdefault(name, 0)
    seat.setdefault("merchant", START_CITY)
    seat.setdefault("architect", START_CITY)
    for key in ("storage", "contracts", "cathedrals"):
        seat.setdefault(key, [])
    buildings = F.list(seat.setdefault("buildings", [{} for _ in range(NBUILDINGS)]), at(where, "buildings"),
                       length=NBUILDINGS)
    for b, building in enumerate(buildings):
        path = at(at(where, "buildings"), b)
        F.object(building, path)
        F.ints(building.setdefault("persons", []), at(path, "persons"), 0, D.N_PERSONS - 1,
               max_length=D.BUILDING_FLOORS[b])
        F.bool(building.setdefault("crest", False), at(path, "crest"))
    seat.setdefault("bonus_ap", crest_bonus_ap(buildings))
    contracts = F.ints(seat["contracts"], at(where, "contracts"), 0, D.N_CONTRACTS - 1, max_length=D.N_CONTRACTS)
    seat.setdefault("crest_contracts", sum(D.CONTRACTS[v][2] for v in contracts))
    houses, pillars = _on_map(d, p, "houses"), _on_map(d, p, "pillars")
    # a derivation that comes out negative is refused by the reader, which explains the count
    seat.setdefault("houses_available", max(0, D.START_HOUSES_AVAIL + building_house_count(buildings) - houses))
    seat.setdefault("pillars_available",
                    max(0, D.START_PILLARS_AVAIL + min(len(contracts), D.CONTRACT_ROW - 1) - pillars))
    if "final_vp" not in seat:
        seat["final_vp"] = 0
        if phase == "over":
            total = sum(F.int(resources[name], at(at(where, "resources"), name), 0, 9999) for name in D.RESOURCES)
            crests = sum(1 for building in buildings if building["crest"])
            seat["final_vp"] = total // D.RES_PER_VP + D.CREST_FINAL_VP[crests] + (houses + 1) * pillars


def _complete_king_stacks(d, order):
    """Missing king stack numbers (on top of the given ones, in turn order) and ``king_counter``."""
    seats = d["seats"]
    top = 0
    for p, seat in enumerate(seats):
        if "king_stack" in seat:
            top = max(top, F.int(seat["king_stack"], at(at("seats", p), "king_stack"), 1, MAX_KING_STACK))
    for p in order:
        if "king_stack" not in seats[p]:
            top += 1
            seats[p]["king_stack"] = top
    d.setdefault("king_counter", max(seat["king_stack"] for seat in seats))


def king_leader(seats):
    """The seat ahead on the king track: furthest, then lowest in the stack."""
    ranks = []
    for p, seat in enumerate(seats):
        king = F.int(seat["king"], at(at("seats", p), "king"), D.KING_MIN, D.KING_MAX)
        ranks.append((-king, seat["king_stack"], p))
    return min(ranks)[2]


def _complete_turn(d, np, order, phase):
    """``turn`` and ``actor`` from each other, or the king leader / the first in turn order.

    During a turn each follows from the other; the king phase's actor is the king leader, a
    finished game's the first in turn order."""
    if phase in TURN_PHASES:
        if "actor" not in d:
            d["actor"] = order[F.int(d.setdefault("turn", 0), "turn", 0, np - 1)]
        elif "turn" not in d:
            d["turn"] = order.index(F.int(d["actor"], "actor", 0, np - 1))
        return
    d.setdefault("turn", 0)
    if "actor" not in d:
        d["actor"] = order[0] if phase == "over" else king_leader(d["seats"])


def _wheel_order(d):
    """The wheel order as given (checked for names) or the base order."""
    given = F.list(d.get("wheel_order", D.ACTIONS), "wheel_order", length=len(D.ACTIONS))
    return [F.choice(name, at("wheel_order", i), D.ACTIONS) for i, name in enumerate(given)]


def _complete_wheel(d, round_):
    """``wheel_rotation`` from ``wheel`` (the actions on die values 1-6 this round)."""
    if "wheel_rotation" in d:
        return
    if "wheel" not in d:
        F.fail("wheel_rotation", "missing field (give it, or wheel: the actions on die values 1-6 this round)")
    wheel = F.list(d["wheel"], "wheel", length=6)
    for i, name in enumerate(wheel):
        F.choice(name, at("wheel", i), D.ACTIONS)
    order = _wheel_order(d)
    for rotation in range(6):
        if wheel_actions(order, rotation, round_) == wheel:
            d["wheel_rotation"] = rotation
            return
    F.fail("wheel", f"{listed(wheel)} is not the wheel order ({', '.join(order)}) turned: it has no rotation "
                    f"(give wheel_order for the action tiles variant)")


def _complete_current(d, phase, round_):
    """The turn in progress: what follows from the die and the phase, counters at 0."""
    given = F.object(d.get("current", {}), "current", keys=(), optional=CURRENT_FIELDS)
    if phase in NO_TURN_PHASES:
        d["current"] = dict(CLEARED_TURN)       # no turn in progress (older files kept the last one's values)
        return
    cur = d["current"] = dict(given)
    value = None
    if cur.setdefault("die", None) is not None:
        value = die_index(cur["die"], "current.die") % 6 + 1
    if "segment" not in cur:
        rotation = F.int(d["wheel_rotation"], "wheel_rotation", 0, 5)
        cur["segment"] = wheel_actions(_wheel_order(d), rotation, round_)[value - 1] if value else "merchant"
    begun = phase in ACTION_PHASES and value is not None
    on_jester = cur["segment"] == "jester"
    cur.setdefault("jester", begun and on_jester)
    if "action" not in cur:
        if begun and on_jester:
            F.fail("current.action", "missing field: a die from the jester segment copies an action; give it "
                                     f"({', '.join(D.ACTIONS[:-1])})")
        cur["action"] = cur["segment"] if begun else "merchant"
    if "ap" not in cur:
        cur["ap"] = 0
        if begun:
            actor = F.int(d["actor"], "actor", 0, len(d["seats"]) - 1)
            where = at(at("seats", actor), "bonus_ap")
            bonus = F.object(d["seats"][actor]["bonus_ap"], where)
            names = [F.choice(cur["action"], "current.action", D.ACTIONS)]
            if cur["jester"] is True:
                names.append("jester")                    # a copied action gets the jester's bonus AP too
            for name in names:
                cur["ap"] += F.int(bonus.get(name, 0), at(where, name), 0, 60)
            cur["ap"] += D.AP_TOTAL - value
    for key in ("free_moves", "any_resources", "swaps"):
        cur.setdefault(key, 0)
    if "choose" not in cur:
        if phase == "choose" and cur["any_resources"] == 0:
            F.fail("current.choose", "missing field: what the choose phase chooses (any, colour or retrigger; "
                                     "any needs current.any_resources of at least 1)")
        cur["choose"] = "any"


def _complete_corruption(d):
    """Pass 1: ``corruption_left`` and ``corruption_revealed`` follow from each other."""
    has_left, has_revealed = "corruption_left" in d, "corruption_revealed" in d
    if has_left and has_revealed:
        return
    if has_left:
        left = F.ints(d["corruption_left"], "corruption_left", 0, 5, max_length=6, distinct=True)
        gone = [i for i in range(6) if i not in left]
        if len(gone) != 1:
            F.fail("corruption_revealed", f"missing field: needed when more than one token is gone this round "
                                          f"(which of {gone} was revealed at the start of this pass?)")
        d["corruption_revealed"] = gone[0]
    elif has_revealed:
        if F.get(d, "pass") != 1:
            F.fail("corruption_left", f"missing field: needed from pass 2 on (the tokens not yet revealed "
                                      f"this round), pass is {shown(d['pass'])}")
        revealed = F.int(d["corruption_revealed"], "corruption_revealed", 0, 5)
        d["corruption_left"] = [i for i in range(6) if i != revealed]
    else:
        F.fail("corruption_revealed", "missing field: the token revealed at the start of this pass (0-5; "
                                      "from pass 2 on also corruption_left)")


def _complete_cathedrals(d, np):
    """``cathedrals`` as the list of 10 in map order, each with its ``taken`` count.

    An object {city: cost} leaves out the one not in play; ``taken`` is the number of seats that
    contributed."""
    cathedrals = F.get(d, "cathedrals")
    if isinstance(cathedrals, dict):
        for name in cathedrals:
            F.choice(name, at("cathedrals", name), CATHEDRAL_NAMES)
            F.int(cathedrals[name], at("cathedrals", name), 1, 9)
        cathedrals = d["cathedrals"] = [{"city": name, "cost": cathedrals.get(name, 0)} for name in CATHEDRAL_NAMES]
    F.list(cathedrals, "cathedrals", length=len(CATHEDRAL_NAMES))
    contributed = [0] * len(CATHEDRAL_NAMES)
    for p in range(np):
        where = at(at("seats", p), "cathedrals")
        for i, name in enumerate(F.list(d["seats"][p]["cathedrals"], where, max_length=len(CATHEDRAL_NAMES))):
            contributed[CATHEDRAL_NAMES.index(F.choice(name, at(where, i), CATHEDRAL_NAMES))] += 1
    for c, cathedral in enumerate(cathedrals):
        F.object(cathedral, at("cathedrals", c)).setdefault("city", CATHEDRAL_NAMES[c])
        cathedral.setdefault("taken", contributed[c])


def _complete_tiles(d):
    """Stacks and out lists left out: whatever tiles are not elsewhere.

    A stack left out holds every tile not elsewhere; an out list left out is empty when its stack
    is left out too, and otherwise holds every tile not elsewhere."""
    places = tile_places(d)
    for letter, (_, total, stack, outs) in TILE_FAMILIES.items():
        placed = {v for v, _, _ in places[letter]}
        for key in (stack,) + outs:
            if key in d:
                placed.update(F.ints(d[key], key, 0, total - 1, max_length=total))
        rest = [v for v in range(total) if v not in placed]
        if stack not in d:
            d[stack] = rest
            rest = []
        for key in outs:
            if key not in d:
                d[key] = rest
                rest = []
