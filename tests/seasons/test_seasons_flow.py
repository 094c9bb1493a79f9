"""Round flow, resolution order, game end, final scoring and tie-breaks."""
import pytest

from engine_c import new_state

from seasons_helpers import (blank, load, play, legal_strings, res, put_spot, put_place, build_tile,
                             set_hand, invariant)


def test_two_players_choose_two_cards_each_in_increasing_order():
    s = new_state("seasons", 2, 1)
    assert s.current_player() == 0
    assert legal_strings(s) == ["pick messenger", "pick trader", "pick bricklayer", "pick stonemason",
                                "pick worker1", "pick worker2"]         # worker3 must stay for the pair
    play(s, "pick bricklayer")
    assert s.current_player() == 0
    assert legal_strings(s) == ["pick stonemason", "pick worker1", "pick worker2", "pick worker3"]
    play(s, "pick worker1")
    assert s.current_player() == 1
    assert s.to_dict()["seats"][0]["selected"] == ["bricklayer", "worker1"]


def test_selection_order_follows_the_start_player_and_the_start_passes_clockwise():
    d = blank(4, start=2)
    s = load(d)
    order = []
    for _ in range(4):
        order.append(s.current_player())
        play(s, "pick messenger")
    assert order == [2, 3, 0, 1]
    d1 = s.to_dict()
    assert d1["start"] == 3 and d1["round"] == 2 and d1["actor"] == 3
    assert d1["seats"][3]["talers"] == 3 + 8 + 1          # messenger + round-track taler


def test_played_cards_leave_the_hand_until_a_master_builder():
    s = load(blank(3))
    play(s, "pick messenger", "pick messenger", "pick messenger")
    d = s.to_dict()
    assert all("messenger" not in x["hand"] for x in d["seats"])
    assert "pick messenger" not in legal_strings(s)


def test_forced_master_builder_when_it_is_the_last_card():
    d = blank(3)
    set_hand(d, 0, ["masterbuilder"])
    s = load(d)
    assert legal_strings(s) == ["pick masterbuilder"]


def test_resolution_order_trader_payout_before_bricklayer():
    d = blank(3)
    d["tower"] = res()                     # empty tower
    s = load(d)
    play(s, "pick bricklayer", "pick trader", "pick messenger")
    # seat 1's trader: sand cart; the payout's tribute lands in the tower before seat 0's bricklayer
    play(s, "trader sand")
    d1 = s.to_dict()
    assert d1["seats"][0]["resources"]["sand"] == 1 and d1["tower"]["sand"] == 0
    assert d1["seats"][1]["resources"]["sand"] == 3


def test_messenger_resolves_before_the_stonemason():
    d = blank(3, start=0)
    d["seats"][1]["talers"] = 0
    s = load(d)
    play(s, "pick worker1", "pick stonemason", "pick messenger")
    # seat 1's stonemason has no taler: he gets no purchase although a worker card is out
    assert s.to_dict()["round"] == 2
    d = blank(2)
    d["seats"][0]["talers"] = 0
    s = load(d)
    play(s, "pick messenger", "pick stonemason", "pick messenger", "pick worker1")
    # seat 0's messenger pays before his stonemason: now he can buy
    assert "buy p1 wood" in legal_strings(s)


def test_game_lasts_12_rounds_with_2_and_4_players_and_15_with_3():
    for players, rounds in ((2, 12), (3, 15), (4, 12)):
        s = new_state("seasons", players, 3)
        seen = set()
        while not s.is_terminal():
            seen.add(s.to_dict()["round"])
            s.apply_action(s.legal_actions()[0])
        assert max(seen) == rounds or sum(s.to_dict()["tiles"].values()) == 0


def test_round_track_gives_one_taler_per_round_to_the_start_player():
    s = load(blank(3, round=5, start=1))
    d = s.to_dict()
    assert d["track"] == 10
    play(s, "pick stonemason", "pick stonemason", "pick stonemason")
    d1 = s.to_dict()
    assert d1["track"] == 9 and d1["start"] == 2 and d1["seats"][2]["talers"] == 4


def test_early_end_after_the_round_of_the_last_tile():
    d = blank(3, round=3)
    for name, n in d["tiles"].items():
        build_tile(d, 1, name, n - (1 if name == "house" else 0))
    d["seats"][0]["resources"] = res(clay=1, wood=1, sand=2)
    s = load(d)
    play(s, "pick stonemason", "pick messenger", "pick messenger")
    play(s, "build house")
    assert s.is_terminal() and s.to_dict()["round"] == 3


def last_round(players=2, cards=("stonemason", "masterbuilder")):
    """Round 12 of a 2-player game where nothing can happen: both hold stonemason + master builder
    (no worker to buy from, nothing to build without resources)."""
    d = blank(players, round=12)
    for p in range(players):
        set_hand(d, p, cards)
    return d


def finish(d):
    s = load(d)
    while not s.is_terminal():
        assert len(s.legal_actions()) == 1, s.to_dict()["phase"]
        s.apply_action(s.legal_actions()[0])
    return s


def test_final_scoring_market_forge_servants():
    d = last_round()
    put_place(d, "market_a", 0)
    put_place(d, "market_b", 0)
    put_place(d, "forge10", 1)
    put_place(d, "forge6", 0)
    d["forge"] = 7
    d["seats"][0]["talers"] = 21
    d["seats"][1]["talers"] = 9
    build_tile(d, 1, "servants_house")
    put_place(d, "servants_a", 1)
    build_tile(d, 0, "tower", 5)
    s = finish(d)
    f = s.to_dict()
    left = 23 - 6
    assert f["seats"][0]["vp"] == 21 + 3               # market 1:1, forge6 7 // 2
    assert f["seats"][0]["talers"] == 0 and f["seats"][0]["converted_talers"] == 21
    assert f["seats"][1]["vp"] == 7 + left             # forge10, servants' house
    assert f["seats"][1]["talers"] == 9
    invariant(s)


def test_final_scoring_market_with_one_helper_converts_two_to_one():
    d = last_round()
    put_place(d, "market_a", 1)
    d["seats"][1]["talers"] = 9
    f = finish(d).to_dict()
    assert f["seats"][1]["vp"] == 4 and f["seats"][1]["talers"] == 1


def test_final_scoring_palace_converts_five_pieces_per_helper_silver_first():
    d = last_round(cards=("messenger", "masterbuilder"))
    build_tile(d, 1, "palace")
    put_place(d, "palace_a", 0)
    put_place(d, "palace_b", 1)
    d["seats"][0]["resources"] = res(silver=2, stone=2, clay=3, sand=4)
    d["seats"][1]["resources"] = res(wood=2)
    f = finish(d).to_dict()
    assert f["seats"][0]["vp"] == 2 * 5 + 2 * 5 + 4    # silver, stone, one clay
    assert f["seats"][0]["resources"] == res(clay=2, sand=4)
    assert f["seats"][1]["vp"] == 4 and f["seats"][1]["resources"] == res()


def test_final_scoring_palace_both_places_convert_ten():
    d = last_round(cards=("messenger", "masterbuilder"))
    build_tile(d, 1, "palace")
    put_place(d, "palace_a", 0)
    put_place(d, "palace_b", 0)
    d["seats"][0]["resources"] = res(sand=12)
    f = finish(d).to_dict()
    assert f["seats"][0]["vp"] == 10 and f["seats"][0]["resources"] == res(sand=2)
    assert f["seats"][0]["converted"] == res(sand=10)


def test_final_scoring_keep_tavern_gates_stable():
    d = last_round()
    for name in ("keep", "tavern", "big_gate", "small_gate", "stable"):
        build_tile(d, 1, name)
    build_tile(d, 0, "tower", 4)
    build_tile(d, 0, "house", 3)
    put_place(d, "keep", 0)
    put_place(d, "tavern12", 1)
    put_place(d, "tavern6", 0)
    put_place(d, "big_gate", 1)
    put_place(d, "small_gate", 0)
    put_place(d, "stable16", 0)
    put_place(d, "stable12", 1)
    put_spot(d, "sand", 1)                 # trader's helpers score nothing and go home
    s = finish(d)
    f = s.to_dict()
    # erected: market 2, forge 2, keep 1, tavern 2, gates 1 + 1, stable 2 = 11 places, 7 occupied
    assert f["seats"][0]["vp_final"] == 3 * 4 + 7 // 2 + 4 + 3 * 3
    assert f["seats"][1]["vp_final"] == 7 + 2 * 4 + 2 * 3
    assert f["spots"]["sand"] is None and f["seats"][1]["helpers"] == 7 - 3
    assert f["seats"][1]["vp"] == f["seats"][1]["vp_final"]


def test_tie_break_talers_then_resource_value_then_shared():
    d = last_round()
    d["seats"][0]["vp"] = d["seats"][1]["vp"] = 20
    d["seats"][0]["vp_buildings"] = d["seats"][1]["vp_buildings"] = 20
    d["seats"][0]["talers"] = 5
    d["seats"][1]["talers"] = 4
    assert finish(d).ranks() == [0, 1]
    d["seats"][1]["talers"] = 5
    d["seats"][1]["resources"] = res(sand=1)
    assert finish(d).ranks() == [1, 0]
    d["seats"][0]["resources"] = res(sand=1)
    s = finish(d)
    assert s.ranks() == [0, 0] and s.returns() == [0.5, 0.5]
    d["seats"][0]["vp"] = d["seats"][0]["vp_buildings"] = 21
    assert finish(d).ranks() == [0, 1]


def test_seven_helpers_with_two_players_six_otherwise():
    assert new_state("seasons", 2, 0).to_dict()["seats"][0]["helpers"] == 7
    assert new_state("seasons", 3, 0).to_dict()["seats"][0]["helpers"] == 6
    assert new_state("seasons", 4, 0).to_dict()["seats"][0]["helpers"] == 6


def test_features_count_buildings_cards_and_helpers():
    s = new_state("seasons", 3, 4)
    s.playout(4)
    f = s.features()
    d = s.to_dict()
    for p in range(3):
        assert f[p]["buildings"] == sum(d["seats"][p]["built"].values())
        assert sum(f[p][f"played_{c}"] for c in ("messenger", "trader", "bricklayer", "stonemason",
                                                 "worker1", "worker2", "worker3", "masterbuilder")) == d["round"]
        assert f[p]["helpers_castle"] == sum(1 for o in d["places"].values() if o == p)
        assert f[p]["vp_buildings"] + f[p]["vp_master"] + f[p]["vp_final"] == d["seats"][p]["vp"]
