"""Shared helpers for the San Juan tests: building positions from short descriptions."""
import copy
import json
from collections import Counter

from engine_c.sanjuan import SanJuanState
from engine_c.sanjuan.data import CARD_IDS, COPIES, CARD_INDEX, NUM_PRODUCTION, TOWER_HAND_LIMIT, HAND_LIMIT


def card_total(d):
    """Per-kind card counts over every zone of a position dict."""
    total = Counter()
    total.update(d["supply"])
    total.update(d["discard"])
    total.update(d["pending"])
    if d["phase"] == "place":
        total[d["turn"]["building"]] += 1     # shown, about to be placed
    for seat in d["seats"]:
        total.update(seat["hand"])
        total.update(seat["chapel"])
        total.update(seat["covered"])
        for b in seat["buildings"]:
            if isinstance(b, dict):
                total[b["card"]] += 1
                if b.get("good"):
                    total[b["good"]] += 1
            else:
                total[b] += 1
    return total


def invariant(state):
    """Rules invariants that must hold at every decision of every game."""
    d = state.to_dict()
    total = card_total(d)
    assert all(total[c] == n for c, n in zip(CARD_IDS, COPIES)), f"cards not conserved: {total}"
    assert sum(total.values()) == 110
    over = d["phase"] == "over"
    for p, seat in enumerate(d["seats"]):
        names = [b["card"] if isinstance(b, dict) else b for b in seat["buildings"]]
        assert 1 <= len(names) <= 12
        violets = [n for n in names if CARD_INDEX[n] >= NUM_PRODUCTION]
        assert len(violets) == len(set(violets)), "a violet building twice"
        for b in seat["buildings"]:
            if isinstance(b, dict) and b.get("good"):
                assert CARD_INDEX[b["card"]] < NUM_PRODUCTION
        # hand limit holds whenever a role is being chosen
        if d["phase"] == "role" and d["picks"] == 0 and d["rounds"] > 1:
            limit = TOWER_HAND_LIMIT if "tower" in names else HAND_LIMIT
            assert sum(seat["hand"].values()) <= limit
        if len(names) == 12:
            assert over or d["role"] == "builder"
    if over:
        assert any(len(s["buildings"]) == 12 for s in d["seats"]) or d["rounds"] == 100
    assert d["rounds"] <= 100
    assert len(d["roles_taken"]) <= (3 if d["players"] == 2 else d["players"])


def blank_position(players=2, governor=0):
    """A first-round role-choice position with empty hands; every other card in the supply.
    The face-up tile (``tile``) is left out: the reader derives it from the tiles revealed."""
    seats = []
    for p in range(players):
        seats.append({"hand": {}, "buildings": ["indigo_plant"], "covered": {}, "chapel": {},
                      "known_discards": {}, "public_hand": {}, "goods_sold": 0, "cards_drawn": 0})
    return {
        "game": "sanjuan", "players": players, "rng": 12345, "rounds": 1, "governor": governor,
        "phase": "role", "actor": governor, "chooser": governor, "role": "builder", "roles_taken": [],
        "picks": 0, "role_library": False, "library_used": False, "acted": 0,
        "turn": {"count": 0, "limit": 0, "last": 0, "building": None, "income": 0},
        "tiles": ["T1", "T2", "T3", "T4", "T5"], "tile_next": 0, "tiles_seen": 0,
        "supply": [], "discard": {}, "public_discards": {}, "pending": {}, "pending_owner": 0, "pending_public": False,
        "seats": seats,
    }


def make(players=2, governor=0, hands=None, buildings=None, supply_top=(), goods=None, **fields):
    """A position: `hands[p]` / `buildings[p]` lists of card ids (buildings replace the indigo
    plant; a building may be (card, good)), `supply_top` the first cards drawn, in order; all
    remaining cards fill the rest of the supply round-robin over the kinds (indigo, sugar, ...).
    Extra fields override."""
    d = blank_position(players, governor)
    for p in range(players):
        if hands and p in hands:
            d["seats"][p]["hand"] = dict(Counter(hands[p]))
        if buildings and p in buildings:
            blds = []
            for b in buildings[p]:
                if isinstance(b, tuple):
                    blds.append({"card": b[0], "good": b[1]})
                else:
                    blds.append(b)
            d["seats"][p]["buildings"] = blds
    for key, value in fields.items():
        if key in ("chapel", "covered", "known_discards", "public_hand"):
            for p, cards in value.items():
                d["seats"][p][key] = dict(Counter(cards))
        elif key == "discard":
            d["discard"] = dict(Counter(value))
        else:
            d[key] = value
    used = card_total(d)
    top = Counter(supply_top)
    left = {}
    for name, n in zip(CARD_IDS, COPIES):
        left[name] = n - used[name] - top[name]
        assert left[name] >= 0, f"too many {name}"
    rest = []                      # round-robin over the kinds: consecutive draws differ
    while any(left.values()):
        for name in CARD_IDS:
            if left[name]:
                rest.append(name)
                left[name] -= 1
    d["supply"] = list(supply_top) + rest
    return SanJuanState.from_json(json.dumps(d))


def seat(state, p):
    return state.to_dict()["seats"][p]


def hand(state, p):
    return Counter(seat(state, p)["hand"])


def hand_size(state, p):
    return sum(seat(state, p)["hand"].values())


def names(state, p):
    return [b["card"] if isinstance(b, dict) else b for b in seat(state, p)["buildings"]]


def goods(state, p):
    """Production kinds holding a good, in slot order."""
    return [b["card"] for b in seat(state, p)["buildings"] if isinstance(b, dict) and b.get("good")]


def play(state, *actions):
    for a in actions:
        state.apply_action(a)
    return state


def legal_strings(state):
    return [state.action_to_string(a) for a in state.legal_actions()]
