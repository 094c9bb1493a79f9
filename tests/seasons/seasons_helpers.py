"""Shared helpers for the seasons tests: positions from short descriptions, invariants."""
import json

from engine_c.seasons import SeasonsState
from engine_c.seasons import data as D
from engine_c.seasons.data import BUILDING_IDS, PLACE_IDS, RESOURCES, SPOTS


def resource_totals(d):
    """Pieces of each kind over every zone of a position dict."""
    totals = []
    for r in RESOURCES:
        n = d["stock"][r] + d["tower"][r] + (d["forge"] if r == "silver" else 0)
        for s in d["seats"]:
            n += s["resources"][r] + s["converted"][r] + sum(w[r] for w in s["workers"].values())
        totals.append(n)
    return totals


def taler_total(d):
    return d["bank"] + d["track"] + sum(s["talers"] + s["converted_talers"] for s in d["seats"])


def helper_total(d, p):
    return (d["seats"][p]["helpers"] + sum(1 for o in d["spots"].values() if o == p)
            + sum(1 for o in d["places"].values() if o == p))


def invariant(state):
    """Rules invariants that must hold at every decision of every game."""
    d = state.to_dict()
    np_ = d["players"]
    assert resource_totals(d) == D.BOX, "resources not conserved"
    assert taler_total(d) == D.TOTAL_TALERS, "talers not conserved"
    assert d["bank"] >= 0 and all(s["talers"] >= 0 for s in d["seats"])
    for p in range(np_):
        assert helper_total(d, p) == D.HELPERS[np_], "helpers not conserved"
    for t, name in enumerate(BUILDING_IDS):
        assert d["tiles"][name] + sum(s["built"][name] for s in d["seats"]) == D.TILES[t]
    assert d["round"] <= d["rounds"]
    # played cards are never in hand, except after the master builder returned them
    if d["phase"] == "over":
        assert all(o is None for o in d["spots"].values()), "trader's helpers go home at the end"
        assert d["round"] == d["rounds"] or sum(d["tiles"].values()) == 0
        assert d["track"] == 0 or sum(d["tiles"].values()) == 0
    # vp split into its sources
    for s in d["seats"]:
        assert s["vp"] == s["vp_buildings"] + s["vp_master"] + s["vp_final"] + s["vp_winter"]


def position(players=2, seed=0, **fields):
    """A new game's position dict with fields overridden (dotted seat fields via `seats`)."""
    d = SeasonsState(players, seed).to_dict()
    d.update(fields)
    return d


def load(d, fix=True):
    """A state from a position dict; with fix, the general stock and the bank absorb the
    difference so pieces and talers add up."""
    if fix:
        d = json.loads(json.dumps(d))
        totals = resource_totals(d)
        for k, r in enumerate(RESOURCES):
            d["stock"][r] += D.BOX[k] - totals[k]
            assert d["stock"][r] >= 0, f"too many {r}"
        d["bank"] += D.TOTAL_TALERS - taler_total(d)
        assert d["bank"] >= 0
    return SeasonsState.from_json(json.dumps(d))


def res(**counts):
    """A full resource dict."""
    return {r: counts.get(r, 0) for r in RESOURCES}


def play(state, *actions):
    for a in actions:
        state.apply_action(a)
    return state


def legal_strings(state):
    return [state.action_to_string(a) for a in state.legal_actions()]


def seat(state, p):
    return state.to_dict()["seats"][p]


def blank(players=3, round=1, start=0, **fields):
    """A selection-phase position of round `round`: no resources, no tower pieces beyond
    setup, full hands; fields override top-level keys."""
    d = position(players)
    d["round"] = round
    d["rounds"] = d["rounds"]
    d["track"] = d["rounds"] - round
    d["start"] = start
    d["actor"] = start
    for s in d["seats"]:
        s["resources"] = res()
        s["talers"] = 3
    d.update(fields)
    return d


def put_spot(d, spot, p, rnd=None):
    """A trader's helper of p at spot (placed in round rnd, default an earlier round; in round 1,
    the only round there is, this one)."""
    if d["spots"][spot] is not None:
        d["seats"][d["spots"][spot]]["helpers"] += 1
    d["spots"][spot] = p
    d["spot_rounds"][SPOTS.index(spot)] = max(d["round"] - 1, 1) if rnd is None else rnd
    d["seats"][p]["helpers"] -= 1


def put_place(d, place, p):
    """A castle helper of p on place."""
    d["places"][place] = p
    d["seats"][p]["helpers"] -= 1


def build_tile(d, p, building, n=1):
    """Seat p erected n tiles of building earlier."""
    d["tiles"][building] -= n
    d["seats"][p]["built"][building] += n


def set_hand(d, p, cards):
    d["seats"][p]["hand"] = list(cards)
