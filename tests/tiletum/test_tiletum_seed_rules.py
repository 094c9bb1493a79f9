"""Rules of the seed text (shared/seeds/tiletum-rules-de.txt) that no other test pinned down:
die colours, corruption below zero, the reset of negative king markers, fair qualification,
the storage rule for every kind of tile, free actions with no AP left."""
import pytest

from engine_c.tiletum.data import CORRUPTION, KING_VP, KING_MIN, ACTIONS
from tiletum_helpers import (action_turn, die_turn, load, act, legal_strings, store, set_wheel, set_fair,
                             set_cathedral_cost)
from test_tiletum_round import last_turn, _no_fair

TILETUM, BRUGES, PARIS, REIMS = 0, 1, 3, 4
COLOURS = {"G": "gold", "F": "food", "I": "iron", "S": "stone", "W": "wool"}


def _no_wheel_bonus(d):
    d["bonus_out"] += [v for v in d["wheel_bonus"].values() if v is not None]
    d["wheel_bonus"] = {a: None for a in ACTIONS}
    return d


@pytest.mark.parametrize("colour", sorted(COLOURS))
def test_each_die_colour_gives_its_own_resource(colour):
    # seed: yellow = gold, pink = food, blue = iron, dark grey = stone, light grey = wool; "entsprechend
    # farbige Ressourcen in der Wuerfelaugen-Anzahl"
    d = _no_wheel_bonus(set_wheel(die_turn({f"{colour}4": 1}, gold=0 if colour != "G" else 1), 4, "king"))
    p = d["actor"]
    before = dict(d["seats"][p]["resources"])
    s = load(d)
    act(s, f"take {colour}4")
    after = s.to_dict()["seats"][p]["resources"]
    gained = {r: after[r] - before[r] for r in after}
    assert gained == {r: (4 if r == COLOURS[colour] else 0) for r in after}


def test_corruption_pushes_markers_below_zero_but_not_below_the_track():
    # seed: the markers move back as many spaces as the token shows; the track ends at -6
    d = last_turn(pass_=1)
    a, b = d["order"]
    d["seats"][a]["king"], d["seats"][b]["king"] = 0, KING_MIN
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    back = CORRUPTION[d2["corruption_revealed"]]
    assert back > 0
    assert d2["seats"][a]["king"] == -back
    assert d2["seats"][b]["king"] == KING_MIN


def test_negative_markers_score_then_go_back_on_top_of_the_markers_at_zero():
    # seed: the king track scores (negative VP too), then the markers in the minus area go back to the
    # start space; the markers set the new turn order. b was first; back at 0 it lies on top of a's
    # marker (arrived later), so a now goes first.
    d = _no_fair(last_turn(round_=1), 1)
    b, a = d["order"]
    d["seats"][a]["king"], d["seats"][b]["king"] = 0, -2
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    assert d2["phase"] == "king_bonus" and d2["actor"] == a
    assert d2["seats"][b]["vp"] == KING_VP[-2 - KING_MIN] < 0
    act(s, "nokingbonus")
    d3 = s.to_dict()
    back = CORRUPTION[d3["corruption_revealed"]]
    assert d3["round"] == 2 and d3["order"] == [a, b]
    assert d3["seats"][a]["king"] == d3["seats"][b]["king"] == -back
    assert d3["seats"][a]["king_stack"] < d3["seats"][b]["king_stack"]


def test_the_architect_alone_does_not_qualify_for_a_fair():
    # seed: to take part a player needs an own house or the merchant wagon in the fair city
    d = last_turn(round_=2)
    d["king_bonus"][1], d["bonus_out"] = None, d["bonus_out"] + [d["king_bonus"][1]]
    a, b = d["order"]
    set_fair(d, 2, tile="pillars", city="Paris")
    for pl in d["seats"]:
        pl["king"] = 0
    d["map"][PARIS]["pillars"][0] = a
    d["seats"][a]["architect"] = "Paris"
    d["seats"][a]["merchant"] = "Reims"
    base = KING_VP[0 - KING_MIN]
    s = load(d)
    act(s, "end")
    assert s.to_dict()["seats"][a]["vp"] == base, "architect and pillar in Paris, but no house or merchant"
    d["seats"][a]["merchant"] = "Paris"
    s = load(d)
    act(s, "end")
    assert s.to_dict()["seats"][a]["vp"] == base + 2, "with the merchant there: 2 VP for the one pillar"


def _full_storage(d, p):
    for c in range(4):
        store(d, p, "c", c)
    return d


def test_no_tile_of_any_kind_is_taken_without_a_free_storage_space():
    # seed: every tile received (except cathedral tiles) goes first onto one of the four storage spaces;
    # with none free a tile cannot be taken
    d = action_turn(action="merchant", ap=3)
    p = d["actor"]
    d["seats"][p]["merchant"] = "Bruges"
    assert d["map"][BRUGES]["bonus"][0] is not None
    assert "mapbonus 0" in legal_strings(load(d))
    _full_storage(d, p)
    assert not any(x.startswith("mapbonus") for x in legal_strings(load(d))), "map bonus tile"

    d = action_turn(action="contracts", ap=3)
    assert any(x.startswith("contract ") for x in legal_strings(load(d)))
    _full_storage(d, d["actor"])
    assert not any(x.startswith("contract ") for x in legal_strings(load(d))), "contract"

    d = action_turn(action="persons", ap=3)
    _full_storage(d, d["actor"])
    assert not any(x.startswith("person ") for x in legal_strings(load(d))), "person"

    # a cathedral tile needs no storage space
    d = action_turn(action="architect", ap=1)
    p = d["actor"]
    _full_storage(d, p)
    set_cathedral_cost(d, PARIS, 3)
    d["map"][PARIS]["pillars"][0] = p
    d["seats"][p]["resources"]["stone"] = 3
    s = load(d)
    assert "cathedral Paris" in legal_strings(s)
    act(s, "cathedral Paris")
    assert s.to_dict()["seats"][p]["cathedrals"] == ["Paris"] and len(s.to_dict()["seats"][p]["storage"]) == 4


def test_wheel_and_king_bonus_tiles_need_a_free_storage_space():
    d = _no_fair(last_turn(round_=1), 1)
    a, b = d["order"]
    d["seats"][a]["king"], d["seats"][b]["king"] = 0, 4          # b leads
    _full_storage(d, b)
    tile = d["king_bonus"][0]
    s = load(d)
    act(s, "end")
    assert s.to_dict()["phase"] == "king_bonus"
    assert "kingbonus" not in legal_strings(s), "no room: the tile cannot be taken as things stand"
    act(s, "nokingbonus")        # making room first: tests/tiletum/test_tiletum_room_for_bonus.py
    d2 = s.to_dict()
    assert d2["round"] == 2 and tile in d2["bonus_out"] and d2["king_bonus"][0] is None
    assert len(d2["seats"][b]["storage"]) == 4


def test_free_actions_stay_open_after_the_action_points_are_spent():
    # seed: the side actions may be done at any time (here: in the action part, with 0 AP left)
    d = action_turn(action="king", ap=0)
    p = d["actor"]
    d["seats"][p]["resources"].update(gold=2, wool=5, iron=5)
    store(d, p, "c", 0)
    s = load(d)
    legal = set(legal_strings(s))
    assert {"buy F", "buy I", "buy S", "buy W", "fulfil 0", "end"} <= legal
    assert "king" not in legal
    act(s, "fulfil 0")
    assert s.to_dict()["seats"][p]["contracts"] == [0]


def test_the_architect_collects_map_bonus_tiles_and_builds_only_where_it_stands():
    # seed: the architect works like the merchant (move, bonus tile, build for 1 AP each), but builds a
    # pillar in the city where the architect is; the merchant's city does not count
    d = action_turn(action="architect", ap=3)
    p = d["actor"]
    d["seats"][p]["merchant"] = "Paris"
    tile = d["map"][PARIS]["bonus"][0]
    s = load(d)
    assert not any(x.startswith(("build", "mapbonus")) for x in legal_strings(s)), "the architect is in Tiletum"
    act(s, "move Paris", "mapbonus 0")
    d2 = s.to_dict()
    assert d2["seats"][p]["storage"] == [f"b{tile}"] and d2["current"]["ap"] == 1
    assert d2["map"][PARIS]["bonus"][0] is None
    act(s, "build 0")
    assert s.to_dict()["map"][PARIS]["pillars"][0] == p and s.to_dict()["current"]["ap"] == 0
