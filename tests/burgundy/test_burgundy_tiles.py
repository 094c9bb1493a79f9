"""Effects of castles, ships, animals, buildings and the 26 knowledge tiles."""
import pytest

from burgundy_helpers import (act, at_round, clear_depot_goods, finish_turn, fresh, legal_names, load, put,
                              seat, set_depot, set_depot_goods, set_goods, store)


def position(players=2, dice=(1, 1), workers=0, silver=0, seed=0):
    d = fresh(players, seed)
    s0 = seat(d, 0)
    s0["dice"] = list(dice)
    s0["workers"] = workers
    s0["silverlings"] = silver
    return d


def vp(state, p=0):
    return state.scores()[p]


# ---- castle -------------------------------------------------------------------------------

def test_castle_gives_an_action_with_a_die_of_any_value():
    d = position(dice=(6, 1))
    put(d, 0, 13, "k3")                      # 7 (C6) touches 13
    store(d, 0, 1, "castle")
    store(d, 0, 2, "mine")
    set_goods(d, 0, [(5, 2)])
    state = act(load(d), "die1:place1", "space7")
    names = legal_names(state)
    assert {"castle:take1", "castle:take4", "castle:workers", "castle:sell5", "castle:place2"} <= names
    assert not any(n.startswith("die") or n.startswith("buy") for n in names)
    act(state, "castle:place2")
    assert legal_names(state) == {"space25"}  # M4 although no die shows 4, no worker paid
    act(state, "space25")
    after = state.to_dict()
    assert seat(after, 0)["estate"]["25"] == "mine" and seat(after, 0)["workers"] == 0
    assert seat(after, 0)["dice_used"] == [True, False]


def test_castle_free_take_ignores_the_dice():
    d = position(dice=(6, 6))
    put(d, 0, 13, "k3")
    store(d, 0, 1, "castle")
    set_depot(d, 3, 1, "cow2")
    state = act(load(d), "die1:place1", "space7", "castle:take3", "slot1")
    assert "cow2" in seat(state.to_dict(), 0)["storage"]


# ---- animals ------------------------------------------------------------------------------

def test_benno_cows_score_7_then_11():
    d = position(dice=(1, 2))
    put(d, 0, 12, "bank")
    put(d, 0, 11, "cow3")                      # pasture P1 = 1, 5, 6, 10, 11
    store(d, 0, 1, "cow4")
    store(d, 0, 2, "cow4")
    state = load(d)
    act(state, "die1:place1", "space6")       # 4 + 3
    assert vp(state) == 7
    act(state, "die2:place2", "space5")       # 4 + 4 + 3
    assert vp(state) == 18


def test_animals_of_other_species_or_other_pastures_do_not_count():
    d = position(dice=(1, 2))
    put(d, 0, 12, "bank")
    put(d, 0, 11, "sheep3")
    put(d, 0, 27, "watchtower")
    put(d, 0, 26, "bank")
    put(d, 0, 28, "cow4")                     # another pasture (P2)
    store(d, 0, 1, "cow2")
    state = act(load(d), "die1:place1", "space6")
    assert vp(state) == 2


def test_knowledge_7_example_9_then_3():
    d = position(dice=(1, 2))
    put(d, 0, 12, "bank")
    put(d, 0, 13, "k7")
    put(d, 0, 11, "sheep4")
    store(d, 0, 1, "sheep3")
    store(d, 0, 2, "pig2")
    state = act(load(d), "die1:place1", "space6")
    assert vp(state) == 9                      # (3+1) + (4+1)
    act(state, "die2:place2", "space5")
    assert vp(state) == 12                     # 2+1


# ---- buildings ----------------------------------------------------------------------------

def building_position(building, dice=(3, 3), **kw):
    d = position(dice=dice, **kw)
    store(d, 0, 1, building)
    return d


def test_watchtower_bank_boarding_house():
    state = act(load(building_position("watchtower")), "die1:place1", "space12")
    assert vp(state) == 4 + 1 + 10            # city B2 (size 1) completes in phase A
    state = act(load(building_position("bank")), "die1:place1", "space26")
    assert seat(state.to_dict(), 0)["silverlings"] == 2 and vp(state) == 0
    state = act(load(building_position("boardinghouse")), "die1:place1", "space26")
    assert seat(state.to_dict(), 0)["workers"] == 4


def test_warehouse_sells_one_goods_type_without_a_die():
    d = building_position("warehouse")
    set_goods(d, 0, [(2, 2), (6, 1)])
    state = act(load(d), "die1:place1", "space26")
    assert legal_names(state) == {"warehouse:sell2", "warehouse:sell6", "pass"}
    act(state, "warehouse:sell2")
    s0 = seat(state.to_dict(), 0)
    assert s0["sold"][1] == 2 and s0["silverlings"] == 1 and vp(state) == 4
    assert s0["dice_used"] == [True, False]


@pytest.mark.parametrize("building,allowed", [
    ("carpenter", {"warehouse"}),
    ("church", {"mine", "k4", "castle"}),
    ("market", {"ship", "cow2"}),
])
def test_carpenter_church_market_pick_from_numbered_depots(building, allowed):
    d = building_position(building)
    set_depot(d, 1, 1, "warehouse")
    set_depot(d, 1, 2, "ship")
    set_depot(d, 2, 1, "castle")
    set_depot(d, 2, 2, "k4")
    set_depot(d, 3, 1, "cow2")
    set_depot(d, 3, 2, None)
    set_depot(d, 4, 1, None)
    set_depot(d, 4, 2, None)
    set_depot(d, 5, 1, "mine")
    set_depot(d, 5, 2, None)
    set_depot(d, 6, 1, None)
    set_depot(d, 6, 2, None)
    state = act(load(d), "die1:place1", "space26")
    names = legal_names(state) - {"pass"}
    assert "pass" in legal_names(state)
    tiles = {state.to_dict()["depots"][int(n[6]) - 1][int(n[8]) - 1] for n in names}
    assert tiles == allowed
    assert not any("black" in n for n in names)
    act(state, sorted(names)[0])
    assert seat(state.to_dict(), 0)["storage"][0] in allowed


def test_city_hall_places_another_tile_ignoring_the_number():
    d = building_position("cityhall", dice=(3, 3))
    store(d, 0, 2, "ship")
    store(d, 0, 3, "castle")             # nowhere to go next to the estate
    state = act(load(d), "die1:place1", "space26")
    assert legal_names(state) == {"hall:place2", "pass"}
    act(state, "hall:place2")
    assert legal_names(state) == {"space18", "space20"}
    act(state, "space20")
    assert seat(state.to_dict(), 0)["estate"]["20"] == "ship"
    assert seat(state.to_dict(), 0)["track"][0] == 1          # the ship's effects resolve


def test_one_building_of_a_type_per_city_unless_knowledge_1():
    d = position(dice=(1, 3))
    put(d, 0, 26, "watchtower")               # city B4 = 26, 27, 32, 33, 37
    store(d, 0, 1, "watchtower")
    state = load(d)
    assert 27 not in state.placeable_spaces(0, "watchtower", 3)
    assert 12 in state.placeable_spaces(0, "watchtower", 3)      # another city
    assert 27 in state.placeable_spaces(0, "bank", 3)
    put(d, 0, 13, "k1")
    assert 27 in load(d).placeable_spaces(0, "watchtower", 3)


def test_building_may_be_placed_when_its_effect_is_unusable():
    d = building_position("market")
    for depot in range(1, 7):
        for slot in range(1, 5):
            set_depot(d, depot, slot, None)
    state = act(load(d), "die1:place1", "space26")
    assert seat(state.to_dict(), 0)["estate"]["26"] == "market"
    assert state.to_dict()["turn"]["pending"] == []


# ---- knowledge ----------------------------------------------------------------------------

def test_knowledge_2_worker_per_mine_at_phase_end():
    for with_k2 in (False, True):
        d = position(dice=(1, 1))
        at_round(d, 5, index=1)
        put(d, 0, 25, "mine")
        put(d, 0, 30, "mine")
        if with_k2:
            put(d, 0, 13, "k2")
        state = load(d)
        finish_turn(state)                       # seat 1 ends phase A
        s0 = seat(state.to_dict(), 0)
        assert state.to_dict()["phase"] == "B"
        assert s0["silverlings"] == 2
        assert s0["workers"] == (2 if with_k2 else 0)


@pytest.mark.parametrize("tiles,silver,workers", [((), 1, 0), (("k3",), 2, 0), (("k4",), 1, 1),
                                                  (("k3", "k4"), 2, 1)])
def test_knowledge_3_and_4_on_sales(tiles, silver, workers):
    d = position(dice=(4, 4))
    set_goods(d, 0, [(4, 1)])
    for tile, space in zip(tiles, (13, 31)):
        put(d, 0, space, tile)
        if space == 31:
            put(d, 0, 25, "mine")
    state = act(load(d), "die1:sell4")
    s0 = seat(state.to_dict(), 0)
    assert (s0["silverlings"], s0["workers"]) == (silver, workers)


def test_knowledge_5_second_ship_pick_from_a_neighbouring_depot():
    d = position(dice=(2, 2))
    put(d, 0, 13, "k5")
    store(d, 0, 1, "ship")
    clear_depot_goods(d)
    set_goods(d, 0, [])
    set_depot_goods(d, 1, {1: 1})
    set_depot_goods(d, 6, {6: 2})
    set_depot_goods(d, 4, {4: 1})
    state = act(load(d), "die1:place1", "space18", "ship1")
    assert legal_names(state) == {"ship6", "pass"}          # depots form a ring: 1 next to 6 and 2
    act(state, "ship6")
    assert sorted(g for g in seat(state.to_dict(), 0)["goods"] if g) == [[1, 1], [6, 2]]
    d2 = position(dice=(2, 2))
    store(d2, 0, 1, "ship")
    clear_depot_goods(d2)
    set_depot_goods(d2, 1, {1: 1})
    set_depot_goods(d2, 2, {2: 1})
    state = act(load(d2), "die1:place1", "space18", "ship1")
    assert state.to_dict()["turn"]["pending"] == []          # without knowledge 5: one depot only


def test_knowledge_6_buys_from_numbered_depots():
    d = position(silver=2)
    put(d, 0, 13, "k6")
    set_depot(d, 4, 2, "bank")
    state = load(d)
    assert "buy:d4s2" in legal_names(state)
    act(state, "buy:d4s2")
    assert seat(state.to_dict(), 0)["storage"][0] == "bank"
    assert not any(n.startswith("buy") for n in legal_names(state))
    d = position(silver=2)
    assert not any(n.startswith("buy:d") for n in legal_names(load(d)))


@pytest.mark.parametrize("knowledge,tile,space,die", [
    ("k9", "bank", 12, 2),        # B3 with a 2
    ("k10", "ship", 20, 4),       # S5 with a 4
    ("k11", "mine", 25, 5),       # M4 with a 5
])
def test_knowledge_9_10_11_one_free_step_when_placing(knowledge, tile, space, die):
    d = position(dice=(die, die))
    store(d, 0, 1, tile)
    assert space not in load(d).placeable_spaces(0, tile, 0)
    put(d, 0, 13 if knowledge != "k11" else 31, knowledge)
    if knowledge == "k11":
        put(d, 0, 26, "bank")                    # 31 touches 26
    state = load(d)
    assert space in state.placeable_spaces(0, tile, 0)
    act(state, "die1:place1", f"space{space}")
    assert seat(state.to_dict(), 0)["workers"] == 0


def test_knowledge_10_animals():
    d = position(dice=(3, 3))
    put(d, 0, 12, "bank")
    store(d, 0, 1, "cow2")
    assert 11 not in load(d).placeable_spaces(0, "cow2", 0)   # P4 with a 3
    put(d, 0, 13, "k10")
    assert 11 in load(d).placeable_spaces(0, "cow2", 0)


def test_free_step_then_workers_for_the_rest():
    d = position(dice=(1, 1), workers=1)
    put(d, 0, 13, "k9")
    store(d, 0, 1, "bank")
    state = load(d)
    assert 12 in state.placeable_spaces(0, "bank", 0)      # 1 -> 3: one free step + one worker
    act(state, "die1:place1", "space12")
    assert seat(state.to_dict(), 0)["workers"] == 0
    d = position(dice=(1, 1), workers=0)
    put(d, 0, 13, "k9")
    assert 12 not in load(d).placeable_spaces(0, "bank", 0)


def test_knowledge_12_one_free_step_when_taking():
    d = position(dice=(3, 3))
    assert "die1:take4" not in legal_names(load(d))
    put(d, 0, 13, "k12")
    state = load(d)
    assert {"die1:take2", "die1:take3", "die1:take4"} <= legal_names(state)
    act(state, "die1:take4")
    assert seat(state.to_dict(), 0)["workers"] == 0


@pytest.mark.parametrize("tiles,workers,silver", [((), 2, 0), (("k13",), 2, 1), (("k14",), 4, 0),
                                                  (("k13", "k14"), 4, 1)])
def test_knowledge_13_and_14_on_take_workers(tiles, workers, silver):
    d = position(dice=(4, 4))
    for tile, space in zip(tiles, (13, 31)):
        put(d, 0, space, tile)
        if space == 31:
            put(d, 0, 25, "mine")
    state = act(load(d), "die1:workers")
    s0 = seat(state.to_dict(), 0)
    assert (s0["workers"], s0["silverlings"]) == (workers, silver)


def test_knowledge_13_not_with_boarding_house():
    d = position(dice=(3, 3))
    put(d, 0, 13, "k13")
    store(d, 0, 1, "boardinghouse")
    state = act(load(d), "die1:place1", "space26")
    s0 = seat(state.to_dict(), 0)
    assert (s0["workers"], s0["silverlings"]) == (4, 0)


def test_city_hall_chain_into_a_castle_and_its_free_action():
    d = building_position("cityhall", dice=(3, 3))
    put(d, 0, 13, "k3")
    store(d, 0, 2, "castle")               # 7 (C6) touches 13; the hall ignores the number
    set_depot(d, 5, 1, "mine")
    state = act(load(d), "die1:place1", "space12", "hall:place2")
    assert legal_names(state) == {"space7"}
    act(state, "space7")
    names = legal_names(state)
    assert "castle:take5" in names and "castle:workers" in names
    act(state, "castle:take5", "slot1")
    s0 = seat(state.to_dict(), 0)
    assert s0["storage"][0] == "mine" and s0["estate"]["7"] == "castle"
    assert s0["dice_used"] == [True, False] and state.to_dict()["turn"]["pending"] == []
    # city B2 (12) completes: 1 + 10
    assert vp(state) == 11


def test_a_placed_tile_stays_and_storage_tiles_carry_over_phases():
    d = position(dice=(1, 1))
    at_round(d, 5, index=1)
    store(d, 0, 2, "k9")
    put(d, 0, 25, "mine")
    state = load(d)
    finish_turn(state)
    s0 = seat(state.to_dict(), 0)
    assert s0["storage"][1] == "k9" and s0["estate"]["25"] == "mine"


def test_same_species_in_the_pasture_scores_again_without_touching():
    d = position(dice=(1, 1))
    put(d, 0, 12, "bank")
    put(d, 0, 11, "sheep2")
    put(d, 0, 10, "cow3")                     # 10 does not touch 6
    put(d, 0, 26, "watchtower")
    put(d, 0, 27, "bank")
    put(d, 0, 28, "cow2")                     # a cow on the other pasture (P2) is not scored
    store(d, 0, 1, "cow4")
    state = act(load(d), "die1:place1", "space6")
    assert vp(state) == 4 + 3


def test_castle_action_sells_any_goods_type_without_workers():
    d = position(dice=(6, 6))
    put(d, 0, 13, "k3")
    store(d, 0, 1, "castle")
    set_goods(d, 0, [(2, 3)])
    state = act(load(d), "die1:place1", "space7", "castle:sell2")
    s0 = seat(state.to_dict(), 0)
    assert s0["sold"][1] == 3 and s0["workers"] == 0 and vp(state) == 3 * 2
    assert s0["silverlings"] == 2                        # 1 from the sale + knowledge 3's extra one


@pytest.mark.parametrize("tiles,silver,workers", [((), 1, 0), (("k3",), 2, 0), (("k4",), 1, 1)])
def test_warehouse_sale_takes_knowledge_3_and_4(tiles, silver, workers):
    d = building_position("warehouse")
    set_goods(d, 0, [(5, 2)])
    for tile in tiles:
        put(d, 0, 13, tile)
    state = act(load(d), "die1:place1", "space26", "warehouse:sell5")
    s0 = seat(state.to_dict(), 0)
    assert (s0["silverlings"], s0["workers"], vp(state)) == (silver, workers, 4)


def test_city_hall_keeps_one_building_of_a_type_per_city():
    d = building_position("cityhall", dice=(3, 3))
    put(d, 0, 26, "watchtower")               # city B4 = 26, 27, 32, 33, 37
    store(d, 0, 2, "watchtower")
    store(d, 0, 3, "bank")
    state = act(load(d), "die1:place1", "space12")
    assert legal_names(state) == {"hall:place3", "pass"}  # the second watchtower fits nowhere
    act(state, "hall:place3")
    assert legal_names(state) == {"space27", "space32"}


def test_knowledge_12_does_not_adjust_selling_or_placing():
    d = position(dice=(3, 3))
    put(d, 0, 13, "k12")
    set_goods(d, 0, [(4, 1)])
    store(d, 0, 1, "ship")
    state = load(d)
    assert "die1:take4" in legal_names(state)
    assert "die1:sell4" not in legal_names(state)
    assert state.placeable_spaces(0, "ship", 0) == []      # S2 and S5 need a step


def test_knowledge_8_moves_a_sale_two_steps_per_worker():
    d = position(dice=(6, 6), workers=1)
    put(d, 0, 13, "k8")
    set_goods(d, 0, [(4, 1), (3, 1)])
    names = legal_names(load(d))
    assert "die1:sell4" in names and "die1:sell3" not in names


def test_a_pick_from_a_full_storage_lands_in_the_space_the_building_left():
    d = building_position("carpenter")
    store(d, 0, 2, "mine")
    store(d, 0, 3, "ship")
    set_depot(d, 1, 1, "warehouse")
    state = act(load(d), "die1:place1", "space26", "pick:d1s1")
    after = state.to_dict()
    assert seat(after, 0)["storage"] == ["warehouse", "mine", "ship"]
    assert after["turn"]["pending"] == [] and after["turn"]["pending_tile"] is None
