"""Free actions: buy with gold, crests, contracts, cathedrals, bonus tiles (helpers), storage."""
import copy

import pytest

from engine_c.errors import BoardlabError
from engine_c.tiletum.data import (CONTRACTS, PERSONS, E_CREST, E_RES, E_APACT, E_AP, E_COLOUR, E_RETRIG,
                                   E_MOVE, E_SWAP, E_ANY, E_VP, E_KING, CREST_FOOD, CREST_VP, CREST_AP,
                                   TYPE_ACTION, ACTIONS, CATHEDRAL_CITIES, CITIES)
from tiletum_helpers import (action_turn, load, act, legal_strings, store, remove_tile, person_of,
                             bonus_of_kind, switch_action, set_cathedral_cost)

PARIS = 3
RES = ["gold", "food", "iron", "stone", "wool"]


def test_two_gold_buy_one_resource():
    d = action_turn(action="king", ap=1)
    p = d["actor"]
    d["seats"][p]["resources"]["gold"] = 3
    s = load(d)
    assert {"buy F", "buy I", "buy S", "buy W"} <= set(legal_strings(s))
    act(s, "buy S")
    res = s.to_dict()["seats"][p]["resources"]
    assert res["gold"] == 1 and res["stone"] == 2
    assert not any(x.startswith("buy") for x in legal_strings(s))


def _full_b4(d, p, type_=2):
    x = person_of(type_, None, 0)
    remove_tile(d, "p", x)
    d["seats"][p]["buildings"][3]["persons"] = [x]
    return x


def test_crest_needs_full_building_crest_tile_and_food():
    d = action_turn(action="king", ap=1)
    p = d["actor"]
    _full_b4(d, p, type_=2)                       # courtier -> boosts the king action
    d["seats"][p]["resources"]["food"] = CREST_FOOD[3]
    assert not any(x.startswith("crest") for x in legal_strings(load(d))), "no crest tile"
    store(d, p, "b", bonus_of_kind(E_CREST))
    s = load(d)
    assert [x for x in legal_strings(s) if x.startswith("crest")] == ["crest B4"]
    act(s, "crest B4")
    pl = s.to_dict()["seats"][p]
    assert pl["resources"]["food"] == 0 and pl["vp"] == CREST_VP[3] and pl["storage"] == []
    assert pl["buildings"][3]["crest"] and pl["bonus_ap"] == {"king": CREST_AP[3]}
    # placed during a king action: its bonus AP count at once (as if placed before the die)
    assert s.to_dict()["current"]["ap"] == 1 + CREST_AP[3]
    d2 = switch_action(copy.deepcopy(d), "merchant")
    s2 = load(d2)
    act(s2, "crest B4")
    assert s2.to_dict()["current"]["ap"] == 1
    d["seats"][p]["resources"]["food"] = CREST_FOOD[3] - 1
    assert not any(x.startswith("crest") for x in legal_strings(load(d))), "not enough food"
    d["seats"][p]["resources"]["food"] = 9
    d["seats"][p]["buildings"][3]["persons"] = []
    d["person_stack"] = sorted(d["person_stack"] + [person_of(2, None, 0)])
    assert not any(x.startswith("crest") for x in legal_strings(load(d))), "building not full"


def test_fulfil_contract_pays_scores_and_frees_a_pillar():
    d = action_turn(action="king", ap=1)
    p = d["actor"]
    store(d, p, "c", 0)                              # 2 wool 1 iron -> 4 VP
    assert "fulfil 0" not in legal_strings(load(d))
    d["seats"][p]["resources"].update(wool=2, iron=1)
    s = load(d)
    act(s, "fulfil 0")
    pl = s.to_dict()["seats"][p]
    assert pl["vp"] == CONTRACTS[0][1] and pl["resources"]["wool"] == 0 and pl["resources"]["iron"] == 0
    assert pl["pillars_available"] == 3 and pl["contracts"] == [0] and pl["storage"] == []


def test_sixth_contract_scores_three_instead_of_a_pillar():
    d = action_turn(action="king", ap=1)
    p = d["actor"]
    for c in range(1, 6):
        remove_tile(d, "c", c)
    d["seats"][p]["contracts"] = [1, 2, 3, 4, 5]
    d["seats"][p]["pillars_available"] = 7
    store(d, p, "c", 0)
    d["seats"][p]["resources"].update(wool=2, iron=1)
    s = load(d)
    act(s, "fulfil 0")
    pl = s.to_dict()["seats"][p]
    assert pl["vp"] == CONTRACTS[0][1] + 3 and pl["pillars_available"] == 7


def test_crest_contract_gives_a_crest_tile():
    cid = next(i for i, c in enumerate(CONTRACTS) if c[2])
    d = action_turn(action="king", ap=1)
    p = d["actor"]
    store(d, p, "c", cid)
    for r, n in enumerate(CONTRACTS[cid][0]):
        d["seats"][p]["resources"][RES[r]] = n
    s = load(d)
    act(s, "fulfil 0")
    pl = s.to_dict()["seats"][p]
    assert pl["storage"] == ["crest"] and pl["crest_contracts"] == 1


def test_cathedral_needs_own_pillar_and_stone_one_tile_per_player():
    d = action_turn(action="king", ap=1)
    p, q = d["actor"], 1 - d["actor"]
    ci = CATHEDRAL_CITIES.index(PARIS)
    set_cathedral_cost(d, PARIS, 3)
    d["seats"][p]["resources"]["stone"] = 7
    assert "cathedral Paris" not in legal_strings(load(d)), "no pillar in Paris"
    d["map"][PARIS]["pillars"][0] = p
    d["seats"][p]["pillars_available"] = 1
    d["seats"][p]["resources"]["stone"] = 2
    assert "cathedral Paris" not in legal_strings(load(d)), "not enough stone"
    d["seats"][p]["resources"]["stone"] = 7
    s = load(d)
    act(s, "cathedral Paris")
    pl = s.to_dict()["seats"][p]
    assert pl["vp"] == 8 and pl["resources"]["stone"] == 4 and pl["cathedrals"] == ["Paris"]
    assert "cathedral Paris" not in legal_strings(s), "one tile per cathedral per player"
    assert s.to_dict()["cathedrals"][ci]["taken"] == 1


def test_cathedral_stack_descends_and_unused_cathedral_is_closed():
    d = action_turn(action="king", ap=1)
    p, q = d["actor"], 1 - d["actor"]
    ci = CATHEDRAL_CITIES.index(PARIS)
    set_cathedral_cost(d, PARIS, 2)
    d["cathedrals"][ci]["taken"] = 1
    d["seats"][q]["cathedrals"] = ["Paris"]
    d["map"][PARIS]["pillars"][0] = p
    d["seats"][p]["resources"]["stone"] = 2
    s = load(d)
    act(s, "cathedral Paris")
    assert s.to_dict()["seats"][p]["vp"] == 6
    set_cathedral_cost(d, PARIS, 0)                 # Paris is the cathedral out of play
    d["cathedrals"][ci]["taken"] = 0
    d["seats"][q]["cathedrals"] = []
    assert "cathedral Paris" not in legal_strings(load(d))


def test_storage_holds_four_tiles():
    d = action_turn(action="persons", ap=3)
    p = d["actor"]
    for c in range(4):
        store(d, p, "c", c)
    s = load(d)
    assert not any(x.startswith("person ") for x in legal_strings(s))
    act(s, "discard 0")
    assert "person 0" in legal_strings(s)
    assert 0 in s.to_dict()["contracts_out"]


def test_two_crests_in_storage_are_one_discard_move():
    # the crests are the same tile: discarding either gives the same position, listed once
    d = action_turn(action="persons", ap=3)
    p = d["actor"]
    store(d, p, "c", 0)
    store(d, p, "c", 1)
    d["seats"][p]["storage"] += ["crest", "crest"]
    s = load(d)
    discards = [x for x in legal_strings(s) if x.startswith("discard")]
    assert discards == ["discard 0", "discard 1", "discard 2"]
    typed = s.clone()
    act(typed, "discard 3")                     # the second crest, as a player would name it
    listed = s.clone()
    act(listed, "discard 2")
    assert typed == listed
    assert typed.to_dict()["seats"][p]["storage"] == ["c0", "c1", "crest"]


def test_a_discard_is_offered_only_when_storage_is_full():
    # discarding makes room: with a space free there is nothing to make room for
    d = action_turn(action="persons", ap=3)
    p = d["actor"]
    for c in range(3):
        store(d, p, "c", c)
    s = load(d)
    assert not any(x.startswith("discard") for x in legal_strings(s))
    with pytest.raises(BoardlabError):
        act(s, "discard 0")
    act(s, "person 0")                          # the fourth tile fills the storage
    assert [x for x in legal_strings(s) if x.startswith("discard")] == [f"discard {i}" for i in range(4)]


def test_bonus_tiles_resources_ap_and_named_action():
    d = action_turn(action="merchant", ap=1)
    p = d["actor"]
    res_tile = bonus_of_kind(E_RES, 3)
    arch_tile = bonus_of_kind(E_APACT, 1)        # +2 AP for the architect only
    ap_tile = bonus_of_kind(E_AP)
    for t in (res_tile, arch_tile, ap_tile):
        store(d, p, "b", t)
    s = load(d)
    legal = legal_strings(s)
    assert "use 0" in legal and "use 1" not in legal and "use 2" in legal
    act(s, "use 0")
    assert s.to_dict()["seats"][p]["resources"]["stone"] == 3
    act(s, "use 1")                             # the +1 AP tile (slid to slot 1)
    assert s.to_dict()["current"]["ap"] == 2
    switch_action(d, "architect")
    s = load(d)
    act(s, "use 1")
    assert s.to_dict()["current"]["ap"] == 3 and s.to_dict()["bonus_out"].count(arch_tile) == 1


def test_bonus_tiles_with_choices():
    d = action_turn(action="king", ap=1, die="W3")
    p = d["actor"]
    for t in (bonus_of_kind(E_ANY), bonus_of_kind(E_COLOUR), bonus_of_kind(E_SWAP), bonus_of_kind(E_MOVE)):
        store(d, p, "b", t)
    d["seats"][p]["resources"]["wool"] = 4
    s = load(d)
    act(s, "use 0")                             # 2 resources of one's choice
    assert sorted(legal_strings(s)) == ["choose F", "choose I", "choose S", "choose W"]
    act(s, "choose S", "choose S")
    assert s.to_dict()["seats"][p]["resources"]["stone"] == 3 and s.to_dict()["phase"] == "action"
    act(s, "use 0")                             # the die's colour: up to 3 wool into food
    assert "choose W" not in legal_strings(s)
    act(s, "choose F")
    res = s.to_dict()["seats"][p]["resources"]
    assert res["wool"] == 1 and res["food"] == 4
    act(s, "use 0")                             # two free exchanges, even outside the contracts action
    act(s, "trade S>I", "trade S>I")
    assert s.to_dict()["seats"][p]["resources"]["iron"] == 3
    assert not any(x.startswith("trade") for x in legal_strings(s))
    act(s, "use 0")                             # one free move
    act(s, "freemove architect Paris")
    assert s.to_dict()["seats"][p]["architect"] == "Paris"
    assert not any(x.startswith("freemove") for x in legal_strings(s))


def test_retrigger_a_person_bonus():
    d = action_turn(action="king", ap=1)
    p = d["actor"]
    x = person_of(0, E_VP)
    remove_tile(d, "p", x)
    d["seats"][p]["buildings"][3]["persons"] = [x]
    store(d, p, "b", bonus_of_kind(E_RETRIG))
    s = load(d)
    act(s, "use 0")
    assert legal_strings(s) == ["choose B4"]
    act(s, "choose B4")
    assert s.to_dict()["seats"][p]["vp"] == 2
