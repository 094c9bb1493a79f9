"""Shared helpers for the Tiletum tests: positions built from a fresh game's JSON, edited."""
import json
from collections import Counter

from engine_c.tiletum import TiletumState
from engine_c.tiletum.data import (ACTIONS, CITIES, N_BONUS, N_CONTRACTS, N_PERSONS, BONUS_TILES,
                                   PERSONS, CONTRACTS, E_CREST)


BOARD_COUNTS = ("final_vp", "crest_contracts", "houses_available", "pillars_available", "bonus_ap")


def fresh(players=2, seed=0):
    """Opening position as a dict, without the seat counts that follow from the board (the reader
    derives them, docs/tiletum.md "Short positions"): a test may build a house or crest a building
    without the bookkeeping."""
    d = TiletumState(players, seed).to_dict()
    for seat in d["seats"]:
        for key in BOARD_COUNTS:
            del seat[key]
    return d


def load(d):
    """A state from a (possibly edited) position dict."""
    return TiletumState.from_json(json.dumps(d))


def remove_tile(d, kind, i):
    """Take tile `kind` ('b' bonus, 'p' person, 'c' contract) id i out of wherever it lies."""
    name = f"{kind}{i}"
    keys = {"b": ["bonus_stack", "bonus_out"], "p": ["person_stack", "person_discard"],
            "c": ["contract_stack", "contracts_out"]}[kind]
    for k in keys:
        if i in d[k]:
            d[k].remove(i)
            return
    disp = {"p": "person_display", "c": "contract_display"}.get(kind)
    if disp and i in d[disp]:                # the display slides toward slot 0 and refills from the stack
        slots = [v for v in d[disp] if v is not None and v != i]
        stack = "person_stack" if kind == "p" else "contract_stack"
        if kind == "p" and not d[stack]:
            d[stack], d["person_discard"] = d["person_discard"], []
        if d[stack]:
            slots.append(d[stack].pop(0))
        d[disp] = slots + [None] * (5 - len(slots))
        return
    if kind == "b":
        for a, v in d["wheel_bonus"].items():
            if v == i:
                d["wheel_bonus"][a] = None
                return
        if i in d["king_bonus"]:
            d["king_bonus"][d["king_bonus"].index(i)] = None
            return
        for c in d["map"]:
            if i in c["bonus"]:
                c["bonus"][c["bonus"].index(i)] = None
                return
    for pl in d["seats"]:
        if name in pl["storage"]:
            pl["storage"].remove(name)
            return
        if kind == "p":
            for b in pl["buildings"]:
                if i in b["persons"]:
                    b["persons"].remove(i)
                    return
        if kind == "c" and i in pl["contracts"]:
            pl["contracts"].remove(i)
            return
    raise AssertionError(f"tile {name} not found")


def store(d, p, kind, i):
    """Move a tile into player p's storage."""
    remove_tile(d, kind, i)
    d["seats"][p]["storage"].append(f"{kind}{i}")


def crest_building(d, p, building, kind):
    """Fill seat p's building (0-5) with persons of ``kind`` (0-5) and put a crest on it."""
    from engine_c.tiletum.data import BUILDING_FLOORS
    ids = [person_of(kind, None, k) for k in range(BUILDING_FLOORS[building])]
    for i in ids:
        remove_tile(d, "p", i)
    d["seats"][p]["buildings"][building] = {"persons": ids, "crest": True}
    return d


def to_round(d, round_):
    """``d`` moved to round ``round_``: the king bonus tiles of the rounds before were decided (out)."""
    d["round"] = round_
    d.pop("wheel", None)
    for i in range(min(round_ - 1, 3)):
        if d["king_bonus"][i] is not None:
            d["bonus_out"] = sorted(d["bonus_out"] + [d["king_bonus"][i]])
            d["king_bonus"][i] = None
    return d


def set_fair(d, round_, tile=None, city=None):
    """Round ``round_``'s fair gets ``tile`` and / or ``city``, swapped with the round that had them
    (the four fair tiles differ, so do the cities of rounds 2-4)."""
    fairs = d["fairs"]
    for key, value in (("tile", tile), ("city", city)):
        if value is None:
            continue
        for other in fairs:
            if other[key] == value:
                other[key] = fairs[round_ - 1][key]
        fairs[round_ - 1][key] = value
    return d


def set_cathedral_cost(d, city, cost):
    """The cathedral of ``city`` (a city index) gets the cost tile ``cost``, swapped with the
    cathedral that had it (the nine cost tiles and the cathedral out of play stay as dealt)."""
    from engine_c.tiletum.data import CATHEDRAL_CITIES
    mine = d["cathedrals"][CATHEDRAL_CITIES.index(city)]
    other = next(c for c in d["cathedrals"] if c["cost"] == cost)
    other["cost"], mine["cost"] = mine["cost"], cost
    return d


def bonus_of_kind(kind, arg=None, skip=0):
    """Id of a bonus tile with effect `kind` (and arg)."""
    ids = [i for i, (k, a, _) in enumerate(BONUS_TILES) if k == kind and (arg is None or a == arg)]
    return ids[skip]


def person_of(type_, kind=None, skip=0):
    """Id of a person of type `type_` (and immediate effect kind)."""
    ids = [i for i, (t, e) in enumerate(PERSONS) if t == type_ and (kind is None or e[0] == kind)]
    return ids[skip]


TURN_BEGUN = ("wheel_bonus", "jester", "action", "choose")     # phases after the turn's die is taken


def dice_left(d):
    """Dice the wheel holds at this point of the round: 3P+2 are rolled, one is taken per turn."""
    players = d["players"]
    if d["phase"] in ("king_bonus", "over"):
        return 2
    taken = (d["pass"] - 1) * players + d["turn"] + (d["phase"] in TURN_BEGUN)
    return 3 * players + 2 - taken


def fit_dice(d, keep=None):
    """Put the dice this point of the round needs on the wheel: ``keep`` ({"W3": 1, ...}) and as many
    others as the round still needs (the position's own dice first, colours ``keep`` does not use
    before the others), at most P dice of a colour with the die of the turn in progress."""
    players = d["players"]
    need = dice_left(d)
    wheel = dict(keep or {})
    assert sum(wheel.values()) <= need, f"a wheel of {sum(wheel.values())} dice where {need} are left"
    per_colour = Counter()
    for name, n in wheel.items():
        per_colour[name[0]] += n
    if d["phase"] in TURN_BEGUN and d["current"]["die"]:
        per_colour[d["current"]["die"][0]] += 1
    assert max(per_colour.values(), default=0) <= players
    spare = [name for name, n in sorted(d["dice"].items()) for _ in range(n)]
    spare += [f"{c}{v}" for v in (6, 5, 4, 3, 2, 1) for c in "GFISW" for _ in range(players)]
    kept = {name[0] for name in wheel}
    spare.sort(key=lambda name: name[0] in kept)
    for name in spare:
        if sum(wheel.values()) == need:
            break
        if per_colour[name[0]] < players:
            wheel[name] = wheel.get(name, 0) + 1
            per_colour[name[0]] += 1
    assert sum(wheel.values()) == need
    d["dice"] = wheel
    return d


def begin_action(d, action, die, ap, jester=False):
    """Put the actor (order[turn]) in the action part of a turn with ``die`` taken: the wheel turned so
    that the die's value gives the action (or the jester), the segment marked used, one die fewer."""
    segment = "jester" if jester else action
    d["phase"] = "action"
    d["current"].update(action=action, ap=ap, die=die, jester=jester, segment=segment)
    set_wheel(d, int(die[1]), segment)
    if segment not in d["segments_used"]:
        d["segments_used"].append(segment)
    wheel = dict(d["dice"])
    same = [k for k in sorted(wheel) if k[0] == die[0]]
    gone = die if die in wheel else (same or sorted(wheel))[0]
    wheel[gone] -= 1
    if not wheel[gone]:
        del wheel[gone]
    d["dice"] = wheel
    return fit_dice(d)


def switch_action(d, action):
    """The same turn in ``action`` instead: the wheel turned so that the taken die gives it."""
    old = d["current"]["segment"]
    d["current"].update(action=action, segment=action, jester=False)
    set_wheel(d, int(d["current"]["die"][1]), action)
    d["segments_used"] = [a for a in d["segments_used"] if a != old]
    if action not in d["segments_used"]:
        d["segments_used"].append(action)
    return d


def action_turn(players=2, seed=0, action="merchant", ap=5, die="S2", actor=None, jester=False):
    """A position in the action part of a turn (the die is taken, the action chosen)."""
    d = fresh(players, seed)
    if actor is not None:
        d["actor"] = actor
        d["order"] = [actor] + [p for p in range(players) if p != actor]
    return begin_action(d, action, die, ap, jester)


def die_turn(dice, players=2, seed=0, gold=None):
    """A position where the actor chooses a die among `dice` ({"W3": 1, ...}) and the other dice the
    round still needs (of other colours where there is room)."""
    d = fresh(players, seed)
    fit_dice(d, dice)
    if gold is not None:
        d["seats"][d["actor"]]["resources"]["gold"] = gold
    return d


def taken(dice, name):
    """The wheel ``dice`` after one ``name`` die is taken."""
    out = dict(dice)
    out[name] -= 1
    return {k: n for k, n in out.items() if n}


def act(state, *texts):
    """Apply actions given in notation."""
    for t in texts:
        state.apply_action(t)
    return state


def legal_strings(state):
    """Legal actions in notation."""
    return [state.action_to_string(a) for a in state.legal_actions()]


def invariant(state):
    """Rules invariants that must hold at every decision of every game."""
    d = state.to_dict()
    bonus, persons, contracts = [], [], []
    bonus += d["bonus_stack"] + d["bonus_out"] + [v for v in d["wheel_bonus"].values() if v is not None]
    bonus += [v for v in d["king_bonus"] if v is not None]
    for c in d["map"]:
        bonus += [v for v in c["bonus"] if v is not None]
    persons += d["person_stack"] + d["person_discard"] + [v for v in d["person_display"] if v is not None]
    contracts += d["contract_stack"] + d["contracts_out"] + [v for v in d["contract_display"] if v is not None]
    for pl in d["seats"]:
        assert len(pl["storage"]) <= 4
        for t in pl["storage"]:
            if t != "crest":
                {"b": bonus, "p": persons, "c": contracts}[t[0]].append(int(t[1:]))
        types = []
        for b in pl["buildings"]:
            persons += b["persons"]
            ts = {PERSONS[i][0] for i in b["persons"]}
            assert len(ts) <= 1, "one kind of person per building"
            types += list(ts)
        assert len(types) == len(set(types)), "a kind of person in two buildings"
        contracts += pl["contracts"]
        houses = sum(c["houses"].count(d["seats"].index(pl)) for c in d["map"])
        pillars = sum(c["pillars"].count(d["seats"].index(pl)) for c in d["map"])
        assert houses + 1 + pl["houses_available"] <= 8 and pillars + pl["pillars_available"] <= 7
        assert -6 <= pl["king"] <= 15
        for r, v in pl["resources"].items():
            assert v >= 0
    assert sorted(bonus) == list(range(N_BONUS)), "bonus tiles not conserved"
    assert sorted(persons) == list(range(N_PERSONS)), "persons not conserved"
    assert sorted(contracts) == list(range(N_CONTRACTS)), "contracts not conserved"
    for c in d["map"]:
        for key in ("houses", "pillars"):
            owners = [o for o in c[key] if o is not None]
            assert len(owners) == len(set(owners)), "one own house / pillar per city"
    assert 1 <= d["round"] <= 4
    if d["phase"] == "over":
        assert d["round"] == 4


def set_wheel(d, value, action):
    """Turn the wheel so that die value `value` sits on `action` in the current round."""
    d["wheel_rotation"] = (d["wheel_order"].index(action) - (value - 1) + (d["round"] - 1)) % 6
    d.pop("wheel", None)
    return d
