"""Regions, colour bonus tiles, phase end, final scoring (knowledge 15-26) and tie-breaks."""
import pytest

from burgundy_helpers import act, at_round, finish_turn, fresh, load, put, seat, set_goods, set_sold, store


def position(players=2, dice=(1, 1), workers=0, silver=0, seed=0):
    d = fresh(players, seed)
    for p in range(players):
        seat(d, p)["silverlings"] = silver
        seat(d, p)["workers"] = workers
        set_goods(d, p, [])
    seat(d, 0)["dice"] = list(dice)
    return d


@pytest.mark.parametrize("phase,bonus", [("A", 10), ("B", 8), ("C", 6), ("D", 4), ("E", 2)])
def test_region_completion_scores_size_and_phase_bonus(phase, bonus):
    d = position(dice=(3, 3))
    d["phase"] = phase
    put(d, 0, 13, "k3")                     # knowledge region K1 = 4, 8, 13
    put(d, 0, 8, "k5")
    store(d, 0, 1, "k9")
    state = act(load(d), "die1:place1", "space4")
    assert state.scores()[0] == 6 + bonus


@pytest.mark.parametrize("size,points", [(1, 1), (3, 6), (5, 15)])
def test_region_size_table(size, points):
    d = position(dice=(3, 3))
    d["phase"] = "E"
    if size == 1:
        store(d, 0, 1, "bank")
        space = 12                            # city B2
    elif size == 3:
        seat(d, 0)["dice"] = [1, 1]
        put(d, 0, 26, "bank")
        put(d, 0, 31, "k3")
        put(d, 0, 35, "k4")
        store(d, 0, 1, "k5")
        space = 36                            # K2 = 31, 35, 36
    else:
        for sp, t in ((26, "bank"), (27, "church"), (32, "market"), (33, "boardinghouse")):
            put(d, 0, sp, t)
        store(d, 0, 1, "watchtower")
        space = 37                            # B4 = 26, 27, 32, 33, 37
    state = act(load(d), "die1:place1", f"space{space}")
    assert state.scores()[0] == points + 2 + (4 if size == 5 else 0)   # + the watchtower


@pytest.mark.parametrize("players", [2, 3, 4])
def test_colour_bonus_large_then_small_then_nothing(players):
    large, small = {2: (5, 2), 3: (6, 3), 4: (7, 4)}[players]
    d = position(players, dice=(3, 3))
    for p in range(min(players, 3)):
        put(d, p, 25, "mine")
        put(d, p, 30, "mine")
        store(d, p, 1, "mine")
        seat(d, p)["dice"] = [3, 3]
    state = load(d)
    expected = [large, small, 0]
    for p in range(min(players, 3)):
        assert state.current_player() == p
        before = state.scores()[p]
        act(state, "die1:place1", "space34")
        assert state.scores()[p] - before == 6 + 10 + expected[p]
        finish_turn(state)
    after = state.to_dict()
    assert after["bonus_taken"]["mine"] == 2
    assert seat(after, 0)["bonus_large"] == 1 and seat(after, 1)["bonus_small"] == 1


def test_starting_castle_counts_for_the_castle_colour_and_is_not_scored():
    d = position(dice=(4, 4))
    assert load(d).scores() == [0, 0]      # the centre castle's 1-space region is not scored
    put(d, 0, 13, "k3")
    put(d, 0, 7, "castle")
    put(d, 0, 2, "castle")
    store(d, 0, 1, "castle")
    state = act(load(d), "die1:place1", "space3")
    # region C1 (3 spaces) in phase A, plus the large castle bonus: 19 + 2, 3, 7 fill the colour
    assert state.scores()[0] == 6 + 10 + 5
    assert seat(state.to_dict(), 0)["bonus_large"] == 1


def test_phase_end_mine_income_and_new_phase_setup():
    d = position(dice=(1, 1))
    at_round(d, 5, index=1)
    put(d, 0, 25, "mine")
    put(d, 1, 25, "mine")
    put(d, 1, 30, "mine")
    state = load(d)
    finish_turn(state)
    after = state.to_dict()
    assert after["phase"] == "B" and after["round"] == 1
    assert seat(after, 0)["silverlings"] == 1 and seat(after, 1)["silverlings"] == 2
    used = sum(t is not None for depot in after["depots"] for t in depot)
    assert used == 12 and sum(t is not None for t in after["black_depot"]) == 4
    assert sum(g is not None for g in after["round_goods"]) == 4


def test_final_scoring_after_phase_e():
    d = position(dice=(1, 1))
    d["phase"] = "E"
    at_round(d, 5, index=1)
    s0 = seat(d, 0)
    s0["vp"] = 40
    s0["silverlings"] = 5
    s0["workers"] = 5
    set_goods(d, 0, [(2, 3), (5, 1)])
    put(d, 0, 25, "mine")                    # phase E income is paid first
    store(d, 0, 1, "k15")                    # tiles in storage score nothing
    state = load(d)
    finish_turn(state)
    assert state.is_terminal()
    assert state.scores()[0] == 40 + 4 + 6 + 2   # goods, silverlings (5+1 mine), 5 workers -> 2
    assert state.legal_actions() == []


def scoring_only(d, p=0):
    s = seat(d, p)
    s["silverlings"] = 0
    s["workers"] = 0
    return load(d).final_bonus(p)


def test_knowledge_15_and_25_dario():
    for tile, points in (("k15", 12), ("k25", 11)):
        d = position()
        put(d, 0, 13, tile)
        set_sold(d, 0, {4: 4, 2: 3, 3: 3, 6: 1})
        assert scoring_only(d) == points


def test_knowledge_16_to_23_benno_24_points():
    d = position()
    put(d, 0, 13, "k17")
    put(d, 0, 8, "k22")
    put(d, 0, 12, "bank")
    put(d, 0, 9, "bank")
    put(d, 0, 14, "watchtower")
    put(d, 0, 18, "ship")
    put(d, 0, 24, "watchtower")
    put(d, 0, 23, "bank")
    put(d, 0, 26, "bank")
    assert scoring_only(d) == 24


@pytest.mark.parametrize("k,building", [(16, "warehouse"), (17, "watchtower"), (18, "carpenter"),
                                        (19, "church"), (20, "market"), (21, "boardinghouse"),
                                        (22, "bank"), (23, "cityhall")])
def test_each_building_knowledge_tile(k, building):
    d = position()
    put(d, 0, 13, f"k{k}")
    put(d, 0, 12, building)
    put(d, 0, 26, building)
    put(d, 0, 27, "bank" if building != "bank" else "church")
    assert scoring_only(d) == 8


def test_knowledge_24_anna_12_points():
    d = position()
    put(d, 0, 13, "k24")
    put(d, 0, 12, "bank")
    put(d, 0, 11, "cow2")
    put(d, 0, 6, "chicken2")
    put(d, 0, 5, "sheep2")
    put(d, 0, 10, "sheep3")
    put(d, 0, 1, "sheep4")
    assert scoring_only(d) == 12


def test_knowledge_26_two_points_per_bonus_tile():
    d = position()
    put(d, 0, 13, "k26")
    for space in (7, 2, 3):                  # seat 0 fills every castle space: the large castle tile
        put(d, 0, space, "castle")
    for p in (0, 1):                         # both fill every mine space; seat 1 was first
        for space in (25, 30, 34):
            put(d, p, space, "mine")
    d["bonus_taken"].update(castle=1, mine=2)
    seat(d, 0).update(bonus_large=1, bonus_small=1)
    seat(d, 1).update(bonus_large=1)
    assert scoring_only(d) == 4
    assert scoring_only(d, 1) == 0


def test_final_conversion_goods_silver_workers():
    d = position()
    set_goods(d, 0, [(1, 2), (3, 1)])
    s0 = seat(d, 0)
    s0["silverlings"] = 3
    s0["workers"] = 7
    assert load(d).final_bonus(0) == 3 + 3 + 3


def tie(tiebreak, extra_tiles_for=None):
    d = fresh(2, 0, tiebreak=tiebreak)
    for p in range(2):
        seat(d, p)["vp"] = 50
    if extra_tiles_for is not None:
        put(d, extra_tiles_for, 25, "mine")
    return load(d)


def test_tiebreak_fewest_empty_spaces():
    assert tie("fewest", 0).ranks() == [0, 1]
    assert tie("fewest", 1).ranks() == [1, 0]


def test_tiebreak_most_empty_spaces():
    assert tie("most", 0).ranks() == [1, 0]
    assert tie("most", 1).ranks() == [0, 1]


def test_tiebreak_later_in_turn_order_wins():
    # seat 0 is on top (acts first), seat 1 acts later and wins the tie
    assert tie("fewest").ranks() == [1, 0]
    assert tie("most").ranks() == [1, 0]


def test_points_decide_before_tiebreaks():
    d = fresh(2, 0)
    seat(d, 0)["vp"] = 51
    seat(d, 1)["vp"] = 50
    put(d, 1, 25, "mine")
    assert load(d).ranks() == [0, 1]


def test_a_new_phase_clears_the_depots_but_keeps_their_goods():
    d = position(dice=(1, 1))
    at_round(d, 5, index=1)
    left = [t for depot in d["depots"] for t in depot if t] + [t for t in d["black_depot"] if t]
    goods = [list(g) for g in d["depot_goods"]]
    assert sum(map(sum, goods)) == 5
    state = load(d)
    finish_turn(state)
    after = state.to_dict()
    assert after["phase"] == "B"
    # every tile left on a depot or the black depot leaves the game
    assert after["out_of_game"] == {t: left.count(t) for t in set(left)}
    # the goods stay where they were; phase B's first goods tile joins them
    white = after["turn"]["white_die"] - 1
    added = [[a - b for a, b in zip(row, before)] for row, before in zip(after["depot_goods"], goods)]
    assert all(n >= 0 for row in added for n in row)
    assert sum(map(sum, added)) == 1 and sum(added[white]) == 1
