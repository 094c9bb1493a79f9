"""The five actions (merchant, architect, persons, contracts, king) and their costs."""
import pytest

from engine_c.tiletum.data import PERSONS, CONTRACTS, E_RES, E_AP, E_VP
from tiletum_helpers import (action_turn, load, act, legal_strings, store, person_of, die_turn, set_wheel,
                             crest_building)

PARIS, TILETUM = 3, 0


def test_merchant_moves_collects_and_builds_one_house_per_city_for_one_ap_each():
    d = action_turn(action="merchant", ap=5)
    p = d["actor"]
    tile = d["map"][PARIS]["bonus"][0]
    s = load(d)
    assert {"move Bruges", "move Paris", "move Reims", "move Cologne"} <= set(legal_strings(s))
    assert not any(x.startswith("build") for x in legal_strings(s)), "no free house space in Tiletum"
    act(s, "move Paris", "mapbonus 0", "build 0")
    d2 = s.to_dict()
    pl = d2["seats"][p]
    assert d2["current"]["ap"] == 2
    assert pl["merchant"] == "Paris" and pl["architect"] == "Tiletum"
    assert pl["storage"] == [f"b{tile}"] and d2["map"][PARIS]["bonus"][0] is None
    assert d2["map"][PARIS]["houses"][0] == p and pl["houses_available"] == 1
    assert not any(x.startswith("build") for x in legal_strings(s))


def test_only_one_own_house_per_city_even_with_free_spaces():
    d = action_turn(players=4, action="merchant", ap=3)
    p = d["actor"]
    d["seats"][p]["merchant"] = "Paris"
    s = load(d)
    assert {"build 0", "build 1", "build 2"} <= set(legal_strings(s))
    act(s, "build 1")
    assert not any(x.startswith("build") for x in legal_strings(s))
    # printed bonus of the space: the 3-player space gives 1 gold, the 4-player space 1 VP
    assert s.to_dict()["seats"][p]["resources"]["gold"] == d["seats"][p]["resources"]["gold"] + 1
    s = load(d)
    act(s, "build 2")
    assert s.to_dict()["seats"][p]["vp"] == 1


def test_house_spaces_depend_on_player_count():
    d = action_turn(players=2, action="merchant", ap=3)
    d["seats"][d["actor"]]["merchant"] = "Paris"
    assert [x for x in legal_strings(load(d)) if x.startswith("build")] == ["build 0"]


def test_merchant_needs_an_available_house():
    d = action_turn(action="merchant", ap=3)
    d["seats"][d["actor"]]["merchant"] = "Paris"
    d["map"][1]["houses"][0] = d["map"][2]["houses"][0] = d["actor"]     # both houses built elsewhere
    assert load(d).to_dict()["seats"][d["actor"]]["houses_available"] == 0
    assert not any(x.startswith("build") for x in legal_strings(load(d)))


def test_architect_builds_one_pillar_per_city_where_the_architect_is():
    d = action_turn(players=3, action="architect", ap=4)
    p = d["actor"]
    s = load(d)
    act(s, "move Paris")
    assert {"build 0", "build 1"} <= set(legal_strings(s))
    act(s, "build 0")
    d2 = s.to_dict()
    assert d2["map"][PARIS]["pillars"][0] == p and d2["seats"][p]["pillars_available"] == 1
    assert d2["seats"][p]["merchant"] == "Tiletum"
    assert not any(x.startswith("build") for x in legal_strings(s))


def test_persons_take_refresh_and_place_costs():
    d = action_turn(action="persons", ap=6)
    p = d["actor"]
    shown = list(d["person_display"])
    s = load(d)
    act(s, "person 0")
    d2 = s.to_dict()
    assert d2["current"]["ap"] == 5 and d2["seats"][p]["storage"] == [f"p{shown[0]}"]
    assert d2["person_display"][:4] == shown[1:] and d2["person_display"][4] is not None
    act(s, "refresh")
    d3 = s.to_dict()
    assert d3["current"]["ap"] == 4 and sorted(d3["person_discard"]) == sorted(d2["person_display"])


def test_person_floor_costs_type_rules_bonus_and_freed_house():
    d = action_turn(action="persons", ap=6)
    p = d["actor"]
    a = person_of(0, E_RES)              # trader: 2 wool
    b = person_of(0, E_VP)               # trader: 2 VP
    c = person_of(1, E_RES)              # mason
    for x in (a, b, c):
        store(d, p, "p", x)
    s = load(d)
    legal = legal_strings(s)
    assert "place 0>B1" in legal and "place 0>B6" in legal
    act(s, "place 0>B1")                  # floor 1 of B1: 1 AP
    d2 = s.to_dict()
    assert d2["current"]["ap"] == 5
    eff = PERSONS[a][1]
    assert d2["seats"][p]["resources"][["gold", "food", "iron", "stone", "wool"][eff[1]]] == 1 + eff[2]
    legal = legal_strings(s)
    # storage slid left: b in slot 0, c in slot 1
    assert "place 0>B1" in legal                       # same kind, floor 2
    assert "place 0>B2" not in legal                   # a trader is already in B1
    assert "place 1>B1" not in legal                   # one kind per building
    act(s, "place 0>B1")                               # floor 2: 2 AP
    assert s.to_dict()["current"]["ap"] == 3 and s.to_dict()["seats"][p]["vp"] == 2
    # B4 has one floor: filling it frees the house on top
    act(s, "place 0>B4")
    d3 = s.to_dict()
    assert d3["seats"][p]["houses_available"] == 3 and d3["current"]["ap"] == 2


def test_persons_fill_floors_bottom_up_and_the_sixth_building_has_no_house():
    d = action_turn(action="persons", ap=6)
    p = d["actor"]
    x = person_of(3, E_VP)
    store(d, p, "p", x)
    d["seats"][p]["buildings"][5]["persons"] = []
    s = load(d)
    act(s, "place 0>B6")
    assert s.to_dict()["seats"][p]["buildings"][5]["persons"] == [x]
    assert s.to_dict()["current"]["ap"] == 5
    # a full building of the sixth kind frees nothing
    d = action_turn(action="persons", ap=6)
    ids = [person_of(4, None, k) for k in range(3)]
    for i in ids[:2]:
        from tiletum_helpers import remove_tile
        remove_tile(d, "p", i)
    d["seats"][p]["buildings"][5]["persons"] = ids[:2]
    store(d, p, "p", ids[2])
    s = load(d)
    act(s, "place 0>B6")
    assert s.to_dict()["current"]["ap"] == 3                   # floor 3 costs 3
    assert s.to_dict()["seats"][p]["houses_available"] == 2


def test_place_needs_enough_ap_for_the_floor():
    d = action_turn(action="persons", ap=2)
    p = d["actor"]
    ids = [person_of(2, None, k) for k in range(3)]
    from tiletum_helpers import remove_tile
    for i in ids[:2]:
        remove_tile(d, "p", i)
    d["seats"][p]["buildings"][0]["persons"] = ids[:2]
    store(d, p, "p", ids[2])
    assert "place 0>B1" not in legal_strings(load(d))
    d["current"]["ap"] = 3
    assert "place 0>B1" in legal_strings(load(d))


def test_contracts_take_cost_by_slot_and_trade():
    d = action_turn(action="contracts", ap=2)
    p = d["actor"]
    s = load(d)
    legal = legal_strings(s)
    assert {"contract 0", "contract 1", "contract 2", "contract 3"} <= set(legal)
    assert "contract 4" not in legal                    # slot 5 costs 3 AP
    act(s, "contract 2")
    assert s.to_dict()["current"]["ap"] == 0
    assert s.to_dict()["seats"][p]["storage"] == [f"c{d['contract_display'][2]}"]
    d = action_turn(action="contracts", ap=1)
    s = load(d)
    act(s, "trade W>I")
    res = s.to_dict()["seats"][p]["resources"]
    assert res["wool"] == 0 and res["iron"] == 2 and s.to_dict()["current"]["ap"] == 0
    assert not any(x.startswith("trade") for x in legal_strings(s))


def test_king_action_moves_the_marker_by_the_ap():
    d = action_turn(action="king", ap=4)
    p = d["actor"]
    before = d["seats"][p]["king"]
    s = load(d)
    act(s, "king")
    assert s.to_dict()["seats"][p]["king"] == before + 4
    assert s.to_dict()["current"]["ap"] == 0


def test_king_track_tops_out():
    d = action_turn(action="king", ap=6)
    d["seats"][d["actor"]]["king"] = 12
    s = load(d)
    act(s, "king")
    assert s.to_dict()["seats"][d["actor"]]["king"] == 15


def test_unused_ap_are_lost_at_the_end_of_the_turn():
    d = action_turn(action="merchant", ap=5)
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    assert d2["phase"] == "die" and d2["actor"] != d["actor"] and d2["current"]["ap"] == 0


def test_crest_boosts_later_actions_of_the_person_kind():
    d = die_turn({"W3": 1, "F1": 1}, gold=0)
    p = d["actor"]
    crest_building(d, p, 1, 2)                  # courtiers in a crested B2: +2 AP for the king action
    d = set_wheel(d, 3, "king")
    d["bonus_out"].append(d["wheel_bonus"]["king"])
    d["wheel_bonus"]["king"] = None
    s = load(d)
    act(s, "take W3")
    assert s.to_dict()["current"]["ap"] == 4 + 2


def test_king_stack_numbers_are_renumbered_keeping_the_order():
    d = action_turn(players=3, action="king", ap=2)
    p = d["actor"]
    others = [q for q in range(3) if q != p]
    d["king_counter"] = 250
    for q, (k, st) in zip(others, ((2, 240), (2, 245))):
        d["seats"][q].update(king=k, king_stack=st)
    d["seats"][p].update(king=0, king_stack=250)
    s = load(d)
    act(s, "king")                       # p arrives on space 2, on top of the two markers there
    d2 = s.to_dict()
    stacks = [d2["seats"][q]["king_stack"] for q in others + [p]]
    assert stacks == sorted(stacks) and max(stacks) < 10
    assert d2["seats"][p]["king"] == 2


def test_person_discard_becomes_the_stack_when_it_runs_out():
    d = action_turn(action="persons", ap=2)
    d["person_discard"] = sorted(d["person_discard"] + d["person_stack"])
    d["person_stack"] = []
    shown = list(d["person_display"])
    s = load(d)
    act(s, "refresh")
    d2 = s.to_dict()
    assert all(v is not None for v in d2["person_display"])
    assert len(d2["person_stack"]) + len(d2["person_discard"]) == 45 - 5


def test_empty_contract_stack_leaves_slots_empty():
    d = action_turn(action="contracts", ap=3)
    d["contracts_out"] = sorted(d["contracts_out"] + d["contract_stack"])
    d["contract_stack"] = []
    s = load(d)
    act(s, "contract 0")
    assert s.to_dict()["contract_display"][4] is None
    assert s.to_dict()["contract_display"][:4] == d["contract_display"][1:]
