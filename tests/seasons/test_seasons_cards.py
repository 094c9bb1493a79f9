"""The six character cards, rule by rule (seed text and reference)."""
import pytest

from seasons_helpers import (blank, load, play, legal_strings, seat, res, put_spot, put_place, build_tile,
                             set_hand, invariant)


def picks(d, *cards):
    """Load d and make the selection decisions (forced ones are skipped automatically)."""
    s = load(d)
    for c in cards:
        if s.to_dict()["phase"] != "select":
            break
        if "pick " + c in legal_strings(s):
            s.apply_action("pick " + c)
        else:
            assert legal_strings(s) == [], f"pick {c} not legal: {legal_strings(s)}"
    return s


# ---- messenger ---------------------------------------------------------------------------

def test_messenger_gives_8_talers():
    s = picks(blank(3), "messenger", "messenger", "stonemason")
    d = s.to_dict()
    assert d["round"] == 2
    assert [x["talers"] for x in d["seats"]] == [3 + 8, 3 + 8 + 1, 3]    # seat 1 starts round 2


def test_messenger_short_bank_pays_what_is_left_in_seat_order_from_the_start_player():
    d = blank(3, start=1)
    d["seats"][0]["talers"] = 3
    s = load(d)
    d["seats"][0]["talers"] += s.to_dict()["bank"] - 10        # the bank keeps 10
    s = load(d)
    assert s.to_dict()["bank"] == 10
    before = d["seats"][0]["talers"]
    play(s, "pick messenger", "pick messenger", "pick messenger")     # seats 1, 2, 0
    t = [x["talers"] for x in s.to_dict()["seats"]]
    assert t[1] == 3 + 8 and t[2] == 3 + 2 + 1 and t[0] == before     # seat 2 starts round 2


# ---- trader ------------------------------------------------------------------------------

def test_trader_rider_only_after_all_carts_occupied():
    d = blank(3, round=2)
    put_spot(d, "sand", 1)
    s = picks(d, "trader", "stonemason", "stonemason")
    assert legal_strings(s) == ["trader wood", "trader clay", "trader stone"]
    d = blank(3, round=2)
    for spot in ("sand", "wood", "clay", "stone"):
        put_spot(d, spot, 0)
    s = picks(d, "stonemason", "trader", "stonemason")      # seat 1's trader; seat 0 holds all carts
    assert legal_strings(s) == ["trader sand", "trader wood", "trader clay", "trader stone", "trader rider"]


def test_trader_displacement_needs_all_carts_occupied():
    d = blank(3, round=2)
    put_spot(d, "sand", 1)
    put_spot(d, "wood", 2)
    s = picks(d, "trader", "stonemason", "stonemason")
    assert "trader sand" not in legal_strings(s) and "trader wood" not in legal_strings(s)


def test_trader_never_displaces_own_helper_nor_one_placed_this_round():
    d = blank(3, round=2)
    put_spot(d, "sand", 2)
    put_spot(d, "wood", 2)
    put_spot(d, "clay", 0)
    put_spot(d, "stone", 2)
    s = picks(d, "trader", "trader", "stonemason")
    # seat 0: all carts taken; his own clay helper cannot be displaced
    assert legal_strings(s) == ["trader sand", "trader wood", "trader stone", "trader rider"]
    play(s, "trader sand")
    d1 = s.to_dict()
    assert d1["spots"]["sand"] == 0 and d1["seats"][2]["helpers"] == 6 - 3 + 1   # displaced helper home
    # seat 1: seat 0's sand helper was placed this round, seat 0's clay helper earlier
    assert s.current_player() == 1
    assert legal_strings(s) == ["trader wood", "trader clay", "trader stone", "trader rider"]


def test_trader_payout_pays_every_helper_with_tribute_to_the_tower():
    d = blank(3, round=2)
    put_spot(d, "clay", 2)              # seat 2 plays no trader but still earns
    s = picks(d, "trader", "stonemason", "stonemason")
    play(s, "trader sand")
    d1 = s.to_dict()
    assert d1["seats"][0]["resources"]["sand"] == 3          # 4 - 1 tribute
    assert d1["seats"][2]["resources"]["clay"] == 1          # 2 - 1 tribute
    assert d1["tower"]["sand"] == 2 and d1["tower"]["clay"] == 2
    invariant(s)


def test_trader_rider_and_carts_pay_their_printed_amounts():
    d = blank(3, round=2)
    for spot, p in (("sand", 1), ("wood", 1), ("clay", 2), ("stone", 2)):
        put_spot(d, spot, p)
    s = picks(d, "trader", "stonemason", "stonemason")
    play(s, "trader rider")
    d1 = s.to_dict()
    assert d1["seats"][0]["resources"]["silver"] == 1
    assert d1["seats"][1]["resources"] == res(sand=3, wood=2)
    assert d1["seats"][2]["resources"] == res(clay=1, stone=1)
    assert d1["tower"] == res(sand=2, wood=2, clay=2, stone=2, silver=2)


def test_no_payout_in_a_round_without_a_trader():
    d = blank(3, round=2)
    put_spot(d, "sand", 1)
    s = picks(d, "messenger", "messenger", "messenger")
    assert s.to_dict()["round"] == 3
    assert s.to_dict()["seats"][1]["resources"]["sand"] == 0


def test_tribute_comes_first_when_the_stock_runs_short():
    d = blank(3, round=2)
    put_spot(d, "clay", 2)
    d["seats"][1]["resources"] = res(clay=13)      # stock keeps 1 clay
    s = picks(d, "trader", "messenger", "messenger")
    play(s, "trader sand")
    d1 = s.to_dict()
    assert d1["stock"]["clay"] == 0 and d1["tower"]["clay"] == 2
    assert d1["seats"][2]["resources"]["clay"] == 0


def test_trader_without_helpers_in_stock_places_nothing():
    d = blank(3, round=2)
    for place in ("market_a", "market_b", "forge10", "forge6"):
        put_place(d, place, 0)
    put_spot(d, "stone", 0)
    put_spot(d, "wood", 0)
    assert d["seats"][0]["helpers"] == 0
    s = picks(d, "trader", "messenger", "messenger")
    d1 = s.to_dict()
    assert d1["round"] == 3 and d1["spots"]["sand"] is None
    assert d1["seats"][0]["resources"] == res(wood=2, stone=1)    # the payout still happened


def test_trader_displaces_the_couriers_helper_only_when_placed_in_an_earlier_round():
    d = blank(3, round=3)
    for spot, p in (("sand", 1), ("wood", 1), ("clay", 2), ("stone", 2)):
        put_spot(d, spot, p)
    put_spot(d, "rider", 1)                         # placed in round 2
    s = picks(d, "trader", "stonemason", "stonemason")
    assert "trader rider" in legal_strings(s)
    play(s, "trader rider")
    d1 = s.to_dict()
    assert d1["spots"]["rider"] == 0
    assert d1["seats"][1]["helpers"] == 6 - 2       # the courier's helper went home
    assert d1["seats"][0]["resources"]["silver"] == 1 and d1["seats"][1]["resources"]["silver"] == 0
    d = blank(3, round=3)
    for spot in ("sand", "wood", "clay", "stone"):
        put_spot(d, spot, 0)
    s = picks(d, "stonemason", "trader", "trader")
    play(s, "trader rider")                         # seat 1 takes the rider this round
    # seat 2: seat 1's courier helper is new; seat 0's carts may be displaced
    assert legal_strings(s) == ["trader sand", "trader wood", "trader clay", "trader stone"]


def test_two_traders_in_a_round_still_pay_each_spot_once():
    d = blank(3, round=2)
    put_spot(d, "clay", 2)
    s = picks(d, "trader", "trader", "messenger")
    play(s, "trader sand")
    play(s, "trader wood")
    d1 = s.to_dict()
    assert d1["round"] == 3
    assert [x["resources"] for x in d1["seats"]] == [res(sand=3), res(wood=2), res(clay=1)]
    assert d1["tower"] == res(sand=2, wood=2, clay=2, stone=1, silver=1)


def test_trader_without_a_legal_spot_places_nothing_and_the_payout_still_happens():
    d = blank(3, round=2)
    for spot in ("sand", "wood", "clay", "stone", "rider"):
        put_spot(d, spot, 0)                        # every spot holds his own helper
    s = picks(d, "trader", "messenger", "messenger")
    d1 = s.to_dict()
    assert d1["round"] == 3 and d1["seats"][0]["helpers"] == 6 - 5
    assert d1["seats"][0]["resources"] == res(sand=3, wood=2, clay=1, stone=1, silver=1)


# ---- bricklayer ----------------------------------------------------------------------------

def test_bricklayer_takes_all_pieces_of_one_kind_and_a_taler_per_piece_used():
    d = blank(3)
    d["tower"] = res(sand=3, clay=2, stone=1)
    d["seats"][0]["resources"] = res(sand=2, wood=1)
    s = picks(d, "bricklayer", "messenger", "messenger")
    assert legal_strings(s) == ["tower sand", "tower clay", "tower stone"]
    play(s, "tower clay")
    d1 = s.to_dict()
    assert d1["tower"] == res(sand=3, stone=1)
    assert d1["seats"][0]["resources"] == res(sand=2, wood=1, clay=2)
    assert legal_strings(s) == ["pass", "build small_gate", "build house", "build manor"]
    play(s, "build house")          # 1 clay + 1 wood + 2 sand, forced
    d2 = s.to_dict()
    assert d2["seats"][0]["resources"] == res(clay=1)
    assert d2["seats"][0]["talers"] == 3 + 4            # 4 pieces used
    assert d2["seats"][0]["vp"] == 0                    # no VP with the bricklayer
    assert d2["seats"][0]["built"]["house"] == 1 and d2["tiles"]["house"] == 3


def test_bricklayer_with_one_kind_in_the_tower_takes_it_without_a_decision():
    d = blank(3)
    d["tower"] = res(wood=4)
    s = picks(d, "bricklayer", "messenger", "messenger")
    assert s.to_dict()["seats"][0]["resources"] == res(wood=4)


def test_bricklayer_may_place_helpers_only_after_building():
    d = blank(3)
    d["tower"] = res(clay=2)
    d["seats"][0]["resources"] = res(sand=2, wood=1)
    d["seats"][0]["talers"] = 20
    s = picks(d, "bricklayer", "messenger", "messenger")
    play(s, "build house")
    assert legal_strings(s) == ["pass", "helper market_a", "helper forge10", "helper forge6"]
    d = blank(3)
    d["tower"] = res(clay=2)
    d["seats"][0]["talers"] = 20
    s = picks(d, "bricklayer", "messenger", "messenger")
    assert s.to_dict()["round"] == 2        # nothing built: no helper placement, round over


def test_bricklayer_short_bank_pays_what_is_left():
    d = blank(3)
    d["tower"] = res(clay=2)
    d["seats"][0]["resources"] = res(sand=2, wood=1)
    s = load(d)
    d["seats"][1]["talers"] += s.to_dict()["bank"] - 2           # the bank keeps 2 talers
    s = picks(d, "bricklayer", "stonemason", "stonemason")
    assert s.to_dict()["bank"] == 2
    play(s, "build house")                 # 4 pieces used, the bank holds 2
    d1 = s.to_dict()
    assert d1["bank"] == 0 and d1["seats"][0]["talers"] == 3 + 2


def test_bricklayer_silver_spent_as_a_joker_counts_as_a_piece_used():
    d = blank(3)
    d["tower"] = res(silver=1)
    d["seats"][0]["resources"] = res(sand=4, wood=1)
    s = picks(d, "bricklayer", "stonemason", "stonemason")
    assert s.to_dict()["seats"][0]["resources"]["silver"] == 1      # the tower's only kind, forced
    play(s, "build house")
    assert legal_strings(s) == ["pay stone 0", "pay stone 1"]       # the silver bar may stand in for stone
    play(s, "pay stone 0")                 # then it stands in for clay: 1 clay + 1 wood + 2 sand, forced
    d1 = s.to_dict()
    assert d1["forge"] == 1 and d1["seats"][0]["resources"] == res(sand=2)
    assert d1["seats"][0]["talers"] == 3 + 4


# ---- stonemason ----------------------------------------------------------------------------

def test_stonemason_buys_one_piece_from_played_worker_cards_for_one_taler():
    d = blank(3)
    s = picks(d, "stonemason", "worker1", "worker3")
    assert legal_strings(s) == ["buy p1 wood", "buy p1 silver", "buy p2 sand", "buy p2 wood",
                                "buy p2 clay", "pass"]
    play(s, "buy p1 silver")
    d1 = s.to_dict()
    assert d1["seats"][0]["resources"]["silver"] == 1
    assert d1["seats"][0]["talers"] == 3 - 1
    assert d1["seats"][1]["talers"] == 3 + 1 + 1        # the sale, then the round-2 start taler
    assert d1["seats"][1]["resources"] == res(wood=2)          # the card was not refilled


def test_stonemason_never_buys_the_last_piece_of_a_worker_card():
    d = blank(3)
    d["tower"]["silver"] = 15                      # the stock holds no silver: worker1 gets 2 wood
    s = picks(d, "stonemason", "stonemason", "worker1")
    assert legal_strings(s) == ["buy p2 wood", "pass"]
    play(s, "buy p2 wood")
    # seat 1's stonemason: the card holds its last piece, so there is no purchase at all
    d1 = s.to_dict()
    assert d1["round"] == 2
    assert d1["seats"][2]["resources"]["wood"] == 1 and d1["seats"][1]["resources"]["wood"] == 0


def test_several_stonemasons_buy_one_piece_each_in_seat_order_from_the_start_player():
    d = blank(4, start=1)
    s = load(d)
    play(s, "pick stonemason", "pick worker3", "pick stonemason", "pick stonemason")    # seats 1, 2, 3, 0
    assert s.current_player() == 1
    assert legal_strings(s) == ["buy p2 sand", "buy p2 wood", "buy p2 clay", "pass"]
    play(s, "buy p2 clay")
    assert s.current_player() == 3 and legal_strings(s) == ["buy p2 sand", "buy p2 wood", "pass"]
    play(s, "buy p2 sand")
    # seat 0: one piece left on the card, which its owner keeps
    d1 = s.to_dict()
    assert d1["round"] == 2
    assert d1["seats"][2]["resources"] == res(wood=1) and d1["seats"][2]["talers"] == 3 + 2 + 1
    assert d1["seats"][1]["resources"] == res(clay=1) and d1["seats"][3]["resources"] == res(sand=1)


def test_stonemason_needs_a_taler():
    d = blank(3)
    d["seats"][0]["talers"] = 0
    d["start"] = 1
    d["actor"] = 1
    s = load(d)
    play(s, "pick worker1", "pick worker3", "pick stonemason")
    assert s.to_dict()["round"] == 2     # no purchase offered to seat 0


def test_stonemason_two_players_not_from_own_worker():
    d = blank(2)
    s = load(d)
    play(s, "pick stonemason", "pick worker1", "pick messenger", "pick worker3")
    assert legal_strings(s) == ["buy p1 sand", "buy p1 wood", "buy p1 clay", "pass"]


def test_stonemason_scores_full_vp_and_worker_half():
    d = blank(3)
    d["seats"][0]["resources"] = res(sand=2, wood=1, clay=1)
    d["seats"][1]["resources"] = res(sand=2, wood=1, clay=1)
    s = picks(d, "stonemason", "worker3", "messenger")
    play(s, "pass")                         # no purchase
    assert legal_strings(s) == ["pass", "build house"]
    play(s, "build house")
    d1 = s.to_dict()
    assert d1["seats"][0]["vp"] == 6 and d1["seats"][0]["vp_buildings"] == 6
    # the worker: its pieces (sand, wood, clay) join his stock, then he builds for half VP
    assert s.current_player() == 1 and d1["phase"] == "build"
    assert d1["seats"][1]["resources"] == res(sand=3, wood=2, clay=2)
    play(s, "build house")
    assert s.to_dict()["seats"][1]["vp"] == 3


def test_worker_pieces_are_his_only_when_the_card_is_executed():
    d = blank(3)
    s = picks(d, "worker1", "stonemason", "messenger")
    d1 = s.to_dict()
    assert d1["seats"][0]["resources"] == res()
    assert d1["seats"][0]["workers"]["worker1"] == res(wood=2, silver=1)
    play(s, "pass")     # seat 1 buys nothing
    d2 = s.to_dict()
    assert d2["seats"][0]["resources"] == res(wood=2, silver=1)
    assert d2["seats"][0]["workers"]["worker1"] == res()


def test_worker_cannot_place_helpers():
    d = blank(3)
    d["seats"][0]["resources"] = res(sand=2, wood=1, clay=1)
    d["seats"][0]["talers"] = 30
    s = picks(d, "worker3", "messenger", "messenger")
    while s.to_dict()["phase"] == "build" and s.current_player() == 0:
        play(s, "build house" if "build house" in legal_strings(s) else "pass")
    assert s.to_dict()["phase"] == "select"
    assert all(o is None for o in s.to_dict()["places"].values())


def test_worker2_owner_chooses_two_free_pieces():
    d = blank(3)
    s = picks(d, "worker2", "messenger", "messenger")
    assert s.current_player() == 0
    assert legal_strings(s) == ["load sand+sand", "load sand+wood", "load sand+clay", "load wood+wood",
                                "load wood+clay", "load clay+clay"]
    play(s, "load clay+clay")
    d1 = s.to_dict()
    assert d1["round"] == 2 and d1["seats"][0]["resources"] == res(stone=1, clay=2)
    assert d1["stock"]["clay"] == 14 - 2 and d1["stock"]["stone"] == 14 - 1


def test_worker2_short_stock_offers_only_fillable_loads():
    d = blank(3)
    d["seats"][1]["resources"] = res(clay=14, wood=16)        # stock: 1 wood, no clay
    s = picks(d, "worker2", "messenger", "messenger")
    assert legal_strings(s) == ["load sand+sand", "load sand+wood"]


# ---- master builder ------------------------------------------------------------------------

def test_master_builder_not_with_all_eight_cards():
    s = load(blank(3))
    assert "pick masterbuilder" not in legal_strings(s)
    d = blank(3)
    set_hand(d, 0, ["trader", "bricklayer", "stonemason", "worker1", "worker2", "worker3", "masterbuilder"])
    s = load(d)
    assert "pick masterbuilder" in legal_strings(s)


def test_master_builder_returns_cards_and_scores_5_per_building_by_others():
    d = blank(3)
    set_hand(d, 0, ["masterbuilder"])
    d["seats"][0]["played"]["messenger"] = 1
    d["seats"][1]["resources"] = res(sand=4, wood=2, clay=2)      # two houses
    d["seats"][0]["resources"] = res(sand=4, wood=2, clay=2)
    s = picks(d, "masterbuilder", "worker3", "messenger")
    play(s, "build house")
    play(s, "build house")
    d1 = s.to_dict()
    assert d1["round"] == 2
    assert d1["seats"][1]["built"]["house"] == 2
    assert d1["seats"][0]["vp"] == 10 and d1["seats"][0]["vp_master"] == 10
    assert d1["seats"][0]["hand"] == ["messenger", "trader", "bricklayer", "stonemason", "worker1",
                                      "worker2", "worker3", "masterbuilder"]
    assert d1["seats"][0]["resources"] == res(sand=4, wood=2, clay=2)   # never builds


def test_master_builder_two_players_builds_with_other_card_but_no_vp_for_own_buildings():
    d = blank(2)
    set_hand(d, 0, ["stonemason", "masterbuilder"])
    d["seats"][0]["resources"] = res(sand=2, wood=1, clay=1)
    d["seats"][1]["resources"] = res(sand=2, wood=1, clay=1)
    d["seats"][0]["talers"] = 0
    s = load(d)
    play(s, "pick stonemason")                           # seat 0's pair is forced
    play(s, "pick messenger", "pick stonemason")         # seat 1
    assert s.current_player() == 0 and legal_strings(s) == ["pass", "build house"]
    play(s, "build house")                               # seat 0's stonemason: 6 VP
    assert s.current_player() == 1
    play(s, "build house")                               # seat 1's stonemason
    play(s, "pass")                                      # seat 1 places no helper
    d1 = s.to_dict()
    assert d1["round"] == 2
    assert d1["seats"][0]["vp"] == 6 + 5                 # own building gives no master-builder VP
    assert d1["seats"][0]["vp_master"] == 5
    assert len(d1["seats"][0]["hand"]) == 8


def test_master_builder_counts_every_card_of_the_others_and_each_master_builder_scores():
    d = blank(4)
    for p in (0, 1):
        set_hand(d, p, ["masterbuilder", "messenger"])
    d["tower"] = res(clay=1)
    d["seats"][2]["resources"] = res(sand=2, wood=1)               # bricklayer: a house
    d["seats"][3]["resources"] = res(sand=4, wood=2, clay=2)       # worker3 adds sand, wood, clay
    s = picks(d, "masterbuilder", "masterbuilder", "bricklayer", "worker3")
    play(s, "build house")                  # seat 2's bricklayer
    play(s, "pass")                         # no helper
    play(s, "build house", "build house")  # seat 3's worker
    d1 = s.to_dict()
    assert d1["round"] == 2
    assert d1["seats"][2]["built"]["house"] == 1 and d1["seats"][3]["built"]["house"] == 2
    assert d1["seats"][0]["vp_master"] == 15 and d1["seats"][1]["vp_master"] == 15
    assert len(d1["seats"][0]["hand"]) == len(d1["seats"][1]["hand"]) == 8
