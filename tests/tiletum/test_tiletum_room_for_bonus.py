"""Free actions outside the action part (seed: "Als Nebenher-Aktionen kann der Spieler jederzeit ..."):
a player whose storage is full may make room before taking a die, so that the die's wheel bonus tile
fits, and a king leader with a full storage may make room for the king bonus tile (docs/tiletum.md,
"Free actions")."""
import json

from engine_c.tiletum import TiletumState
from engine_c.tiletum.data import CONTRACTS, CREST_AP, CREST_FOOD, E_AP, E_CREST, E_RES
from tiletum_helpers import (act, bonus_of_kind, die_turn, legal_strings, load, person_of, remove_tile,
                             set_wheel, store)
from test_tiletum_round import last_turn, _no_fair

RES = ["gold", "food", "iron", "stone", "wool"]
FREE_VERBS = ("buy", "crest", "fulfil", "use", "discard")


def _cost(cid):
    return dict(zip(RES, CONTRACTS[cid][0]))


def _full_die_turn():
    """The actor chooses a die; a W3 on the king segment whose bonus tile still lies there; four
    contracts in storage, the first of them payable."""
    d = set_wheel(die_turn({"W3": 1, "F1": 1}, gold=0), 3, "king")
    p = d["actor"]
    for c in range(4):
        store(d, p, "c", c)
    d["seats"][p]["resources"].update({r: n for r, n in _cost(0).items() if n})
    assert d["wheel_bonus"]["king"] is not None
    return d, p


def _free_moves(state):
    return [x for x in legal_strings(state) if x.split()[0] in FREE_VERBS]


def test_a_full_storage_can_fulfil_a_contract_before_the_die_and_take_its_wheel_bonus():
    d, p = _full_die_turn()
    tile = d["wheel_bonus"]["king"]
    s = load(d)
    assert "fulfil 0" in _free_moves(s) and "discard 0" in _free_moves(s)
    act(s, "fulfil 0")
    d2 = s.to_dict()
    assert d2["phase"] == "die" and d2["actor"] == p and len(d2["seats"][p]["storage"]) == 3
    assert _free_moves(s) == [], "with room the die decision lists the dice alone"
    act(s, "take W3")
    assert s.to_dict()["phase"] == "wheel_bonus"
    act(s, "bonus")
    d3 = s.to_dict()
    assert d3["seats"][p]["storage"][-1] == f"b{tile}" and d3["wheel_bonus"]["king"] is None
    assert d3["seats"][p]["contracts"] == [0] and d3["phase"] == "action"


def test_without_making_room_a_full_storage_still_misses_the_wheel_bonus():
    d, p = _full_die_turn()
    s = load(d)
    act(s, "take W3")
    assert s.to_dict()["phase"] == "action" and s.to_dict()["wheel_bonus"]["king"] == d["wheel_bonus"]["king"]


def test_a_discard_before_the_die_makes_room_too():
    d, p = _full_die_turn()
    s = load(d)
    act(s, "discard 3", "take W3", "bonus")
    stored = s.to_dict()["seats"][p]["storage"]
    assert stored[:3] == ["c0", "c1", "c2"] and stored[3].startswith("b")


def test_no_free_actions_before_the_die_when_no_wheel_bonus_tile_waits():
    d, p = _full_die_turn()
    d["bonus_out"] += [v for v in d["wheel_bonus"].values() if v is not None]
    d["wheel_bonus"] = {a: None for a in d["wheel_bonus"]}
    s = load(d)
    assert _free_moves(s) == [] and all(x.startswith("take") for x in legal_strings(s))
    d, p = _full_die_turn()
    d["seats"][p]["storage"].pop()                      # room to spare: nothing to make room for
    d["contract_stack"] = sorted(d["contract_stack"] + [3])
    assert all(x.startswith("take") for x in legal_strings(load(d)))


def test_before_the_die_only_bonus_tiles_of_immediate_effect_are_used():
    d, p = _full_die_turn()
    d["seats"][p]["storage"] = []
    d["contract_stack"] = sorted(d["contract_stack"] + [0, 1, 2, 3])
    res_tile, ap_tile = bonus_of_kind(E_RES), bonus_of_kind(E_AP)
    store(d, p, "b", res_tile)
    store(d, p, "b", ap_tile)
    store(d, p, "c", 0)
    store(d, p, "c", 1)
    s = load(d)
    free = _free_moves(s)
    assert "use 0" in free and "use 1" not in free, "AP need an action in progress: used in the action part"
    before = s.to_dict()["seats"][p]["resources"]
    act(s, "use 0")
    after = s.to_dict()
    assert after["phase"] == "die" and after["current"]["ap"] == 0
    assert sum(after["seats"][p]["resources"].values()) > sum(before.values())
    act(s, "take W3", "bonus")
    assert s.to_dict()["seats"][p]["storage"][-1].startswith("b")


def test_a_crest_placed_before_the_die_adds_its_ap_to_the_action_once():
    d, p = _full_die_turn()
    x = person_of(2, None, 0)                            # a courtier: B4's crest boosts the king action
    remove_tile(d, "p", x)
    d["seats"][p]["buildings"][3]["persons"] = [x]
    d["seats"][p]["storage"].pop()
    d["contract_stack"] = sorted(d["contract_stack"] + [3])
    store(d, p, "b", bonus_of_kind(E_CREST))
    d["seats"][p]["resources"]["food"] = CREST_FOOD[3]
    s = load(d)
    assert "crest B4" in _free_moves(s)
    act(s, "crest B4")
    assert s.to_dict()["current"]["ap"] == 0 and s.to_dict()["phase"] == "die"
    act(s, "take W3", "bonus")
    assert s.to_dict()["current"]["ap"] == 7 - 3 + CREST_AP[3]


def _king_leader_full():
    d = _no_fair(last_turn(round_=1), 1)
    a, b = d["order"]
    d["seats"][a]["king"], d["seats"][b]["king"] = 0, 4          # b leads
    for c in range(4):
        store(d, b, "c", c)
    return d, b


def test_a_king_leader_with_a_full_storage_decides_and_may_make_room():
    d, b = _king_leader_full()
    tile = d["king_bonus"][0]
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    assert d2["phase"] == "king_bonus" and d2["actor"] == b
    legal = legal_strings(s)
    assert "kingbonus" not in legal and "nokingbonus" in legal and "discard 0" in legal
    act(s, "discard 0")
    assert s.to_dict()["phase"] == "king_bonus" and "kingbonus" in legal_strings(s)
    act(s, "kingbonus")
    d3 = s.to_dict()
    assert d3["round"] == 2 and d3["seats"][b]["storage"] == ["c1", "c2", "c3", f"b{tile}"]


def test_a_king_leader_with_a_full_storage_may_let_the_tile_go():
    d, b = _king_leader_full()
    tile = d["king_bonus"][0]
    s = load(d)
    act(s, "end", "nokingbonus")
    d2 = s.to_dict()
    assert d2["round"] == 2 and tile in d2["bonus_out"] and d2["king_bonus"][0] is None
    assert len(d2["seats"][b]["storage"]) == 4


def test_a_king_bonus_position_with_a_full_storage_loads():
    d, b = _king_leader_full()
    s = load(d)
    act(s, "end")
    again = TiletumState.from_json(json.dumps(s.to_dict()))
    assert legal_strings(again) == legal_strings(s)


def test_the_playout_policy_leaves_the_free_actions_before_the_die_to_the_search():
    d, p = _full_die_turn()
    s = load(d)
    dice = set(a for a in s.legal_actions() if s.action_to_string(a).startswith("take"))
    picks = [s.playout_action(seed) for seed in range(200)]
    others = sum(a not in dice for a in picks)
    assert others <= 20, f"{others} of 200 policy moves were free actions (only its 3 % uniform moves may be)"


def test_before_the_die_only_purchases_toward_a_stored_contract_or_crest_are_offered():
    d, p = _full_die_turn()
    d["seats"][p]["resources"] = {"gold": 2, "food": 0, "iron": 0, "stone": 0, "wool": 0}
    lacking = {r[0].upper() for c in range(4) for r, n in _cost(c).items() if n and r != "gold"}
    buys = {x.split()[1] for x in _free_moves(load(d)) if x.startswith("buy")}
    assert buys == lacking and "S" not in buys and "F" not in buys
    # in the action part every purchase stays open
    d["bonus_out"] += [v for v in d["wheel_bonus"].values() if v is not None]
    d["wheel_bonus"] = {a: None for a in d["wheel_bonus"]}
    s = load(d)
    act(s, "take W3")
    assert {"buy F", "buy I", "buy S", "buy W"} <= set(legal_strings(s))


def test_show_says_why_free_actions_are_offered_outside_the_action_part():
    from solver.display import render
    note = "storage full: free actions may make room for the bonus tile first"
    d, p = _full_die_turn()
    assert note in render(load(d), color=False).splitlines()[0]
    d["bonus_out"] += [v for v in d["wheel_bonus"].values() if v is not None]
    d["wheel_bonus"] = {a: None for a in d["wheel_bonus"]}
    assert note not in render(load(d), color=False)
    d, b = _king_leader_full()
    s = load(d)
    act(s, "end")
    assert note in render(s, color=False).splitlines()[0]
