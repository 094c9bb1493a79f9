"""Die actions, workers, storage, the black depot, selling, the turn-order track."""
import pytest

from burgundy_helpers import (act, clear_depot_goods, finish_turn, fresh, legal_names, load, seat,
                              set_black, set_depot, set_depot_goods, set_goods, store, put)

# Board 1 (id: colour die): 12 B3, 13 K1, 18 S2, 20 S5, 25 M4, 26 B3 touch the castle on 19.
NEXT_TO_CASTLE = {12, 13, 18, 20, 25, 26}


def position(players=2, dice=(1, 1), workers=0, silver=0, **kw):
    d = fresh(players, kw.pop("seed", 0))
    s0 = seat(d, 0)
    s0["dice"] = list(dice)
    s0["workers"] = workers
    s0["silverlings"] = silver
    return d


def test_take_tile_from_the_die_depot_into_storage():
    d = position(dice=(3, 3))
    set_depot(d, 3, 1, "pig3")
    state = load(d)
    names = legal_names(state)
    assert "die1:take3" in names and "die1:take4" not in names and "die1:take2" not in names
    assert "die2:take3" not in names          # equal dice: one of them is offered
    act(state, "die1:take3")
    assert legal_names(state) >= {"slot1"}
    act(state, "slot1")
    after = state.to_dict()
    assert seat(after, 0)["storage"][0] == "pig3"
    assert after["depots"][2][0] is None
    assert seat(after, 0)["dice_used"] == [True, False]


def test_full_storage_forces_a_discard():
    d = position(dice=(3, 5))
    for k, tile in enumerate(("mine", "ship", "castle"), 1):
        store(d, 0, k, tile)
    set_depot(d, 3, 1, "pig3")
    state = act(load(d), "die1:take3", "slot1")
    assert legal_names(state) == {"discard1", "discard2", "discard3"}
    out_before = state.to_dict()["out_of_game"].get("ship", 0)
    act(state, "discard2")
    after = state.to_dict()
    assert seat(after, 0)["storage"] == ["mine", "pig3", "castle"]
    assert after["out_of_game"]["ship"] == out_before + 1


def test_place_needs_colour_die_number_and_adjacency():
    d = position(dice=(2, 5))
    store(d, 0, 1, "ship")
    state = load(d)
    assert state.placeable_spaces(0, "ship", 0) == [18]      # S2 next to the castle
    assert state.placeable_spaces(0, "ship", 1) == [20]      # S5
    assert state.placeable_spaces(0, "ship", 3) == [18, 20]  # any number, still colour + adjacency
    assert state.placeable_spaces(0, "mine", 0) == []        # the only mine next door is M4
    for tile in ("castle", "mine", "ship", "cow2", "bank", "k3"):
        assert set(state.placeable_spaces(0, tile, 3)) <= NEXT_TO_CASTLE
    act(state, "die1:place1")
    assert legal_names(state) == {"space18"}
    act(state, "space18")
    after = state.to_dict()
    assert seat(after, 0)["estate"]["18"] == "ship" and seat(after, 0)["storage"][0] is None
    # now 17 (S1) touches the new ship: a die 1 reaches it
    assert 17 in load(after).placeable_spaces(0, "ship", 3)


def test_anna_turns_a_2_into_a_6_with_two_workers():
    d = position(dice=(2, 3), workers=2)
    state = load(d)
    names = legal_names(state)
    assert "die1:take6" in names         # 2 -> 1 -> 6: two workers
    assert "die2:take6" not in names     # 3 -> 6 would need three
    act(state, "die1:take6")
    assert seat(state.to_dict(), 0)["workers"] == 0
    d1 = position(dice=(2, 3), workers=1)
    assert "die1:take6" not in legal_names(load(d1))
    assert "die1:take1" in legal_names(load(d1))      # 2 -> 1 with the one worker


def test_carla_turns_a_6_into_a_3_with_two_workers_and_knowledge_8():
    d = position(dice=(6, 6), workers=2)
    put(d, 0, 13, "k8")
    state = load(d)
    assert "die1:take3" in legal_names(state)
    act(state, "die1:take3")
    assert seat(state.to_dict(), 0)["workers"] == 0
    d = position(dice=(6, 6), workers=1)
    put(d, 0, 13, "k8")
    assert "die1:take3" not in legal_names(load(d))   # one worker moves 2 steps only
    assert "die1:take4" in legal_names(load(d))
    d = position(dice=(6, 6), workers=2)
    assert "die1:take3" not in legal_names(load(d))   # without knowledge 8 it costs 3


def test_take_workers_with_any_die():
    state = load(position(dice=(4, 4), workers=1))
    act(state, "die1:workers")
    assert seat(state.to_dict(), 0)["workers"] == 3
    assert seat(state.to_dict(), 0)["worker_actions"] == 1


@pytest.mark.parametrize("players,vp", [(2, 6), (3, 9), (4, 12)])
def test_sell_goods_by_player_count(players, vp):
    d = position(players, dice=(4, 1))
    set_goods(d, 0, [(4, 3), (2, 1)])
    state = load(d)
    names = legal_names(state)
    assert "die1:sell4" in names and "die2:sell2" not in names and "die1:sell2" not in names
    act(state, "die1:sell4")
    s0 = seat(state.to_dict(), 0)
    assert s0["vp"] == vp and s0["silverlings"] == 1
    assert s0["sold"] == [0, 0, 0, 3, 0, 0]
    assert [4, 3] not in s0["goods"] and [2, 1] in s0["goods"]


def test_cannot_sell_goods_not_held():
    d = position(dice=(5, 5))
    set_goods(d, 0, [(4, 3)])
    assert not any("sell" in n for n in legal_names(load(d)))


def test_black_depot_purchase_once_per_turn_for_two_silverlings():
    d = position(dice=(4, 4), silver=5)
    set_black(d, 1, "k7")
    state = load(d)
    names = legal_names(state)
    assert "buy:black1" in names and not any(n.startswith("buy:d") for n in names)
    act(state, "buy:black1")
    s0 = seat(state.to_dict(), 0)
    assert s0["silverlings"] == 3 and s0["storage"][0] == "k7" and s0["black_purchases"] == 1
    assert state.to_dict()["black_depot"][0] is None
    assert not any(n.startswith("buy") for n in legal_names(state))   # once per turn
    act(state, "die1:workers", "die2:workers")                        # turn over: no buy, no pass
    assert state.current_player() == 1


def test_black_purchase_before_between_and_after_the_dice():
    d = position(dice=(4, 2), silver=2)
    state = load(d)
    assert any(n.startswith("buy:black") for n in legal_names(state))
    act(state, "die1:workers")
    assert any(n.startswith("buy:black") for n in legal_names(state))
    act(state, "die2:workers")
    names = legal_names(state)
    assert "pass" in names and any(n.startswith("buy:black") for n in names)
    assert state.current_player() == 0
    act(state, "pass")
    assert state.current_player() == 1


def test_black_purchase_needs_two_silverlings():
    assert not any(n.startswith("buy") for n in legal_names(load(position(silver=1))))


def test_black_purchase_with_full_storage_discards_first():
    d = position(silver=2)
    for k, tile in enumerate(("mine", "ship", "castle"), 1):
        store(d, 0, k, tile)
    state = act(load(d), "buy:black1")
    assert legal_names(state) == {"discard1", "discard2", "discard3"}


def test_goods_tile_each_round_goes_to_the_white_die_depot():
    d = fresh(2, 3)
    white = d["turn"]["white_die"]
    assert sum(map(sum, d["depot_goods"])) == 1 and sum(d["depot_goods"][white - 1]) == 1
    assert d["round_goods"][0] is None and all(g is not None for g in d["round_goods"][1:])
    state = load(d)
    finish_turn(state)
    finish_turn(state)
    d2 = state.to_dict()
    assert d2["round"] == 2 and sum(map(sum, d2["depot_goods"])) == 2
    assert d2["round_goods"][1] is None


def test_ship_takes_goods_and_moves_on_the_track():
    d = position(dice=(2, 2))
    store(d, 0, 1, "ship")
    clear_depot_goods(d)
    set_depot_goods(d, 3, {2: 1, 5: 2})
    set_goods(d, 0, [(2, 1)])
    state = act(load(d), "die1:place1", "space18")
    assert legal_names(state) == {"ship3"}            # only depots with goods are offered
    act(state, "ship3")
    after = state.to_dict()
    s0 = seat(after, 0)
    assert sorted(g for g in s0["goods"] if g) == [[2, 2], [5, 2]]
    assert after["depot_goods"][2] == [0] * 6
    assert s0["track"][0] == 1


def test_ship_goods_that_do_not_fit_stay_carla():
    d = position(dice=(2, 2))
    store(d, 0, 1, "ship")
    clear_depot_goods(d)
    set_depot_goods(d, 4, {1: 1, 3: 1, 5: 1})
    set_goods(d, 0, [(1, 1), (4, 1)])
    state = act(load(d), "die1:place1", "space18", "ship4")
    assert legal_names(state) == {"goods3", "goods5"}    # turquoise joined her pile already
    act(state, "goods3")
    after = state.to_dict()
    assert sorted(g for g in seat(after, 0)["goods"] if g) == [[1, 2], [3, 1], [4, 1]]
    assert after["depot_goods"][3] == [0, 0, 0, 0, 1, 0]


def test_turn_order_track_stacking_and_start_player():
    d = position(3, dice=(2, 2))
    for p in range(3):
        seat(d, p)["dice"] = [2, 2]
        store(d, p, 1, "ship")
    clear_depot_goods(d)
    state = load(d)
    assert state.to_dict()["turn"]["order"] == [0, 1, 2]
    finish_turn(state)                                     # seat 0 does nothing
    act(state, "die1:place1", "space18")                   # seat 1: ship -> space 1 of the track
    finish_turn(state)
    act(state, "die1:place1", "space18")                   # seat 2: ship -> on top of seat 1
    finish_turn(state)
    d2 = state.to_dict()
    assert d2["turn"]["order"] == [2, 1, 0]                # right to left, top to bottom
    assert state.current_player() == 2                     # the new start player (white die)
    assert seat(d2, 1)["track"] == [1, 0] and seat(d2, 2)["track"] == [1, 1]


def test_selling_with_an_adjusted_die_wraps_and_costs_workers():
    d = position(dice=(1, 1), workers=1)
    set_goods(d, 0, [(6, 2), (3, 1)])
    state = load(d)
    names = legal_names(state)
    assert "die1:sell6" in names and "die1:sell3" not in names     # 1 -> 6 is one step
    act(state, "die1:sell6")
    s0 = seat(state.to_dict(), 0)
    assert s0["workers"] == 0 and s0["sold"][5] == 2 and s0["vp"] == 4
    d = position(dice=(1, 1), workers=0)
    set_goods(d, 0, [(6, 2)])
    assert not any("sell" in n for n in legal_names(load(d)))


def test_placing_with_an_adjusted_die_wraps_from_6_to_1():
    d = position(dice=(6, 6), workers=1)
    store(d, 0, 1, "k3")
    state = load(d)
    assert state.placeable_spaces(0, "k3", 0) == [13]              # K1 with a 6 turned into a 1
    act(state, "die1:place1", "space13")
    assert seat(state.to_dict(), 0)["workers"] == 0
    d = position(dice=(6, 6), workers=0)
    store(d, 0, 1, "k3")
    assert load(d).placeable_spaces(0, "k3", 0) == []
