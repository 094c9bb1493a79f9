"""Every violet building in every role it touches, from the phase after it is built."""
from sanjuan_helpers import make, hand, hand_size, names, goods, seat, play, legal_strings


def _p1_builds_only(hand1, blds1, hand0=()):
    """p0 picks builder with nothing to build, so p1 builds without the privilege."""
    s = make(2, hands={0: list(hand0), 1: hand1}, buildings={1: blds1})
    play(s, "builder")
    assert s.current_player() == 1
    return s


# ---- builder-phase buildings ------------------------------------------------------------
def test_smithy_discounts_production_only():
    s = _p1_builds_only(["tobacco_storage", "quarry", "well", "crane", "hero"], ["indigo_plant", "smithy"])
    play(s, "build tobacco_storage")
    assert s.to_dict()["turn"]["limit"] == 2
    s = _p1_builds_only(["aqueduct", "quarry", "well", "crane", "hero"], ["indigo_plant", "smithy"])
    play(s, "build aqueduct")
    assert s.to_dict()["turn"]["limit"] == 3


def test_quarry_discounts_violet_only():
    s = _p1_builds_only(["aqueduct", "tower", "well", "crane", "hero"], ["indigo_plant", "quarry"])
    play(s, "build aqueduct")
    assert s.to_dict()["turn"]["limit"] == 2
    s = _p1_builds_only(["tobacco_storage", "tower", "well", "crane", "hero"], ["indigo_plant", "quarry"])
    play(s, "build tobacco_storage")
    assert s.to_dict()["turn"]["limit"] == 3


def test_cost_never_below_zero_no_refund():
    s = make(2, hands={0: ["indigo_plant", "well"]}, buildings={0: ["indigo_plant", "smithy", "library"]})
    play(s, "builder+library", "build indigo_plant")
    assert hand(s, 0) == {"well": 1}


def test_poor_house_draws_when_one_card_left():
    s = _p1_builds_only(["sugar_mill", "well", "crane", "hero"], ["indigo_plant", "poor_house"])
    play(s, "build sugar_mill", "pay well", "pay crane")
    assert hand_size(s, 1) == 2                                # hero + the poor-house card
    assert seat(s, 1)["cards_drawn"] == 1
    s = _p1_builds_only(["sugar_mill", "well", "crane", "hero", "palace"], ["indigo_plant", "poor_house"])
    play(s, "build sugar_mill", "pay well", "pay crane")
    assert hand_size(s, 1) == 2                                # 2 left: no card
    s = make(2, hands={0: ["sugar_mill", "well"]}, buildings={0: ["indigo_plant", "poor_house"]})
    play(s, "builder", "pass")
    assert hand_size(s, 0) == 2                                # nothing built: no card


def test_black_market_pays_with_up_to_two_goods():
    b = [("indigo_plant", "well"), ("sugar_mill", "crane"), ("coffee_roaster", "statue"), "black_market"]
    s = _p1_builds_only(["silver_smelter", "hero", "palace"], b)
    assert "build silver_smelter" not in legal_strings(s)      # 2 cards + 2 goods < 5
    s = _p1_builds_only(["tobacco_storage", "hero"], b)
    assert "build tobacco_storage" in legal_strings(s)         # 1 card + 2 goods = 3
    play(s, "build tobacco_storage")
    # canonical order: goods before cards, each sequence non-decreasing; the hero must be
    # paid, so at most the last payment is a card: start with indigo or sugar
    assert legal_strings(s) == ["pay-good indigo", "pay-good sugar"]
    play(s, "pay-good sugar")                  # then the coffee and the hero, both forced
    assert hand_size(s, 1) == 0 and goods(s, 1) == ["indigo_plant"]
    d = s.to_dict()
    assert d["discard"] == {"crane": 1, "statue": 1, "hero": 1}
    assert d["seats"][1]["known_discards"] == {"hero": 1}      # goods are never seen


def test_black_market_not_three_goods():
    b = [("indigo_plant", "well"), ("sugar_mill", "crane"), ("coffee_roaster", "statue"), "black_market"]
    s = _p1_builds_only(["tobacco_storage"], b)
    assert "build tobacco_storage" not in legal_strings(s)     # 0 cards + at most 2 goods < 3


def test_crane_overbuild_discount_good_lost_count_unchanged():
    b = ["indigo_plant", ("tobacco_storage", "well"), "crane", "chapel"]
    s = make(2, hands={1: ["coffee_roaster", "hero", "palace"]}, buildings={1: b}, chapel={1: ["statue"]})
    play(s, "builder")
    play(s, "build coffee_roaster")
    # new spot costs 4 (2 other cards: no), over the tobacco storage 4-3 = 1, over the indigo 3 (no)
    # over the crane 4-2 = 2, over the chapel 4-3 = 1
    assert legal_strings(s) == ["cover 1", "cover 2", "cover 3"]
    play(s, "cover 1", "pay hero")
    assert names(s, 1) == ["indigo_plant", "coffee_roaster", "crane", "chapel"]
    d = s.to_dict()
    assert d["seats"][1]["covered"] == {"tobacco_storage": 1}
    assert d["discard"] == {"well": 1, "hero": 1}              # the good on it is lost
    assert s.scores()[1] == 1 + 2 + 1 + 2 + 1                  # covered card scores nothing
    # covering the chapel keeps its cards (and their points)
    s = make(2, hands={1: ["coffee_roaster", "hero", "palace"]}, buildings={1: b}, chapel={1: ["statue"]})
    play(s, "builder", "build coffee_roaster", "cover 3", "pay hero")
    assert "chapel" not in names(s, 1) and seat(s, 1)["chapel"] == {"statue": 1}
    assert s.scores()[1] == 1 + 2 + 2 + 1 + 1


def test_crane_no_same_building_and_only_from_next_phase():
    b = ["indigo_plant", "sugar_mill", "crane"]
    s = make(2, hands={1: ["sugar_mill", "hero"]}, buildings={1: b})
    play(s, "builder", "build sugar_mill")
    assert "cover 1" not in legal_strings(s)                   # not over a sugar mill
    s = make(2, hands={0: ["crane", "well", "tobacco_storage", "hero", "palace", "statue"]})
    play(s, "builder", "build crane", "pay well")              # built now, usable from the next build
    assert s.to_dict()["phase"] == "role"


def test_carpenter_draws_after_violet_only():
    s = _p1_builds_only(["well", "hero", "palace", "statue"], ["indigo_plant", "carpenter"])
    play(s, "build well", "pay hero")                      # then the palace (forced)
    assert hand_size(s, 1) == 2
    s = _p1_builds_only(["sugar_mill", "hero", "palace", "statue"], ["indigo_plant", "carpenter"])
    play(s, "build sugar_mill", "pay hero")                      # then the palace (forced)
    assert hand_size(s, 1) == 1


def test_carpenter_then_poor_house():
    # carpenter card first (1 card -> 2), then poor house checks: 2 cards -> nothing
    s = _p1_builds_only(["well", "hero", "palace", "statue"], ["indigo_plant", "carpenter", "poor_house"])
    play(s, "build well", "pay hero")                      # then the palace (forced)
    assert hand_size(s, 1) == 2                                # (poor house first would give 3)
    s = _p1_builds_only(["well", "hero", "palace"], ["indigo_plant", "carpenter", "poor_house"])
    play(s, "build well")                                      # 0 left, carpenter: 1, poor house: 2
    assert hand_size(s, 1) == 2


def test_new_building_does_not_act_in_its_own_build():
    s = _p1_builds_only(["poor_house", "hero", "palace", "statue"], ["indigo_plant"])
    play(s, "build poor_house", "pay hero")                      # then the palace (forced)
    assert hand_size(s, 1) == 1                                # no poor-house card for itself
    s = _p1_builds_only(["carpenter", "hero", "palace", "well"], ["indigo_plant"])
    play(s, "build carpenter")
    assert hand_size(s, 1) == 0                                # no carpenter card for itself


def test_built_building_acts_later_in_the_same_round():
    # p0 builds a library-free gold mine then prospects in the same round (2p: picks 1 and 3)
    s = make(2, hands={0: ["gold_mine", "well"]}, supply_top=["indigo_plant", "sugar_mill", "tobacco_storage",
                                                              "coffee_roaster", "silver_smelter"])
    play(s, "builder", "build gold_mine")
    assert names(s, 0)[-1] == "gold_mine"
    play(s, "trader")                                          # opponent; nobody has goods
    play(s, "prospector")                                      # draws the indigo, mine reveals 4
    assert s.to_dict()["phase"] == "gold_mine"
    assert legal_strings(s) == ["keep sugar_mill", "keep tobacco_storage", "keep coffee_roaster",
                                "keep silver_smelter"]


# ---- producer-phase buildings -----------------------------------------------------------
def test_well_draws_after_two_goods_even_without_the_role():
    b = ["indigo_plant", "sugar_mill", "well"]
    s = make(2, buildings={0: b, 1: b + ["aqueduct"]})
    play(s, "producer", "produce indigo", "produce sugar")
    assert hand_size(s, 0) == 1
    play(s, "produce indigo", "produce sugar")                 # p1: 1 + aqueduct, no privilege
    assert hand_size(s, 1) == 1
    s = make(2, buildings={0: b})
    play(s, "producer", "produce indigo", "pass")
    assert hand_size(s, 0) == 0


def test_aqueduct_one_more_good():
    b = ["indigo_plant", "sugar_mill", "coffee_roaster"]
    s = make(2, buildings={0: [("indigo_plant", "well")], 1: b + ["aqueduct"]})
    play(s, "producer")                                        # p0 is full: skipped
    play(s, "produce indigo", "produce sugar")
    assert s.current_player() == 1 and s.to_dict()["phase"] == "role" and len(goods(s, 1)) == 2


# ---- trader-phase buildings -------------------------------------------------------------
def _g(*kinds):
    cards = ["well", "crane", "statue", "hero", "palace"]
    return [(k, cards[i]) for i, k in enumerate(kinds)]


def test_trading_post_one_more_sale_market_hall_one_card():
    b = _g("indigo_plant", "sugar_mill") + ["trading_post", "market_hall"]
    s = make(2, buildings={1: b}, tiles=["T1", "T2", "T3", "T4", "T5"])
    play(s, "trader")
    assert s.current_player() == 1
    play(s, "sell indigo", "sell sugar")                       # 1 + trading post
    assert hand_size(s, 1) == 1 + 1 + 1                        # prices 1+1, market hall +1


def test_market_stand_needs_two_sales():
    b = _g("indigo_plant", "sugar_mill") + ["market_stand"]
    s = make(2, buildings={0: b}, tiles=["T1", "T2", "T3", "T4", "T5"])
    play(s, "trader", "sell indigo", "pass")
    assert hand_size(s, 0) == 1
    s = make(2, buildings={0: b}, tiles=["T1", "T2", "T3", "T4", "T5"])
    play(s, "trader", "sell indigo", "sell sugar")
    assert hand_size(s, 0) == 3
    s = make(2, buildings={1: b}, tiles=["T1", "T2", "T3", "T4", "T5"])
    play(s, "trader", "sell indigo")                           # p1 sells only one
    assert hand_size(s, 1) == 1


# ---- prospector-phase buildings ---------------------------------------------------------
def test_gold_mine_distinct_costs_keeps_one():
    top = ["well", "indigo_plant", "sugar_mill", "tobacco_storage", "hero"]
    s = make(2, buildings={1: ["indigo_plant", "gold_mine"]}, supply_top=top)
    play(s, "prospector")                                      # p0 draws the well
    assert s.current_player() == 1 and s.to_dict()["pending_public"]
    play(s, "keep hero")
    d = s.to_dict()
    assert hand(s, 1) == {"hero": 1} and d["seats"][1]["public_hand"] == {"hero": 1}
    for p in range(2):                                         # the rejects were seen by all
        assert d["seats"][p]["known_discards"] == {"indigo_plant": 1, "sugar_mill": 1, "tobacco_storage": 1}


def test_gold_mine_equal_costs_gives_nothing():
    top = ["well", "indigo_plant", "smithy", "tobacco_storage", "hero"]   # indigo and smithy cost 1
    s = make(2, buildings={0: ["indigo_plant", "gold_mine"], 1: ["indigo_plant", "gold_mine"]},
             supply_top=top + ["sugar_mill", "coffee_roaster", "silver_smelter", "palace"])
    play(s, "prospector")
    assert hand(s, 0) == {"well": 1}                           # only the prospector's card
    # the next owner (p1) goes on: 2, 4, 5, 6 differ
    assert s.current_player() == 1
    assert legal_strings(s) == ["keep sugar_mill", "keep coffee_roaster", "keep silver_smelter", "keep palace"]
    assert s.to_dict()["discard"] == {"indigo_plant": 1, "smithy": 1, "tobacco_storage": 1, "hero": 1}


def test_library_does_not_double_gold_mine():
    top = ["well", "crane", "indigo_plant", "sugar_mill", "tobacco_storage", "hero"]
    s = make(3, buildings={0: ["indigo_plant", "gold_mine", "library"]}, supply_top=top)
    play(s, "prospector")
    assert hand(s, 0) == {"well": 1, "crane": 1}
    assert sum(s.to_dict()["pending"].values()) == 4


# ---- monuments ----------------------------------------------------------------------------
def test_monuments_points():
    s = make(2, buildings={0: ["indigo_plant", "statue", "victory_column", "hero"]})
    assert s.scores()[0] == 1 + 3 + 4 + 5


# ---- crane: more cases ----------------------------------------------------------------------
def test_crane_may_cover_itself_with_its_cost_off():
    s = make(2, hands={1: ["tobacco_storage", "hero", "palace"]}, buildings={1: ["indigo_plant", "crane"]})
    play(s, "builder", "build tobacco_storage")
    assert legal_strings(s) == ["cover 0", "cover 1"]          # a new spot would cost 3 (2 cards)
    play(s, "cover 1")
    assert s.to_dict()["turn"]["limit"] == 1                   # 3 - 2 (the crane's printed cost)
    play(s, "pay hero")
    assert names(s, 1) == ["indigo_plant", "tobacco_storage"] and seat(s, 1)["covered"] == {"crane": 1}
    assert hand(s, 1) == {"palace": 1}


def test_crane_over_a_dearer_building_costs_nothing_and_gives_nothing_back():
    s = make(2, hands={1: ["sugar_mill", "hero"]}, buildings={1: ["indigo_plant", "silver_smelter", "crane"]})
    play(s, "builder", "build sugar_mill", "cover 1")
    assert names(s, 1) == ["indigo_plant", "sugar_mill", "crane"] and hand(s, 1) == {"hero": 1}
    assert s.current_player() == 1 and s.to_dict()["phase"] == "role"


def test_covered_smithy_and_black_market_do_not_help_the_build_covering_them():
    s = make(2, hands={1: ["coffee_roaster", "hero", "palace", "well", "statue"]},
             buildings={1: ["indigo_plant", "crane", "smithy"]})
    play(s, "builder", "build coffee_roaster", "cover 2")
    assert s.to_dict()["turn"]["limit"] == 3                   # 4 - 1 (smithy's cost), no smithy discount
    s = make(2, hands={1: ["coffee_roaster", "hero", "palace", "well", "statue"]},
             buildings={1: ["indigo_plant", "crane", "smithy"]})
    play(s, "builder", "build coffee_roaster", "cover 0")
    assert s.to_dict()["turn"]["limit"] == 2                   # 4 - 1 (indigo) - 1 (smithy)
    b = [("indigo_plant", "well"), ("sugar_mill", "crane"), "crane", "black_market"]
    s = make(2, hands={1: ["tobacco_storage"]}, buildings={1: b})
    play(s, "builder", "build tobacco_storage")
    # no card left, two goods: a new spot (3) and over the indigo (2, its good lost) are too dear;
    # over the sugar mill or the crane 1 is left for a good; over the black market no good pays
    assert legal_strings(s) == ["cover 1", "cover 2"]


def test_a_violet_building_may_be_built_again_once_its_copy_is_covered():
    b = ["indigo_plant", "well", "crane"]
    s = make(2, hands={1: ["market_stand", "hero", "well", "palace"]}, buildings={1: b})
    play(s, "builder")
    assert "build well" not in legal_strings(s)                # uncovered well: unique
    play(s, "build market_stand", "cover 1")                   # 2 - 2 = 0
    assert seat(s, 1)["covered"] == {"well": 1}
    s2 = make(2, hands={1: ["well", "hero", "palace"]}, buildings={1: ["indigo_plant", "market_stand", "crane"]},
              covered={1: ["well"]})
    play(s2, "builder")
    assert "build well" in legal_strings(s2)


def test_covered_tower_and_chapel_lose_their_function():
    # the tower covered: back to 7 at the next round start; the chapel covered: no more tucks
    hand1 = ["statue"] * 3 + ["hero"] * 3 + ["palace", "victory_column", "library", "sugar_mill"]
    s = make(2, hands={1: hand1}, buildings={1: ["indigo_plant", "tower", "chapel", "crane"]},
             roles_taken=["producer", "trader"], picks=2, chapel={1: ["well"]})
    play(s, "builder", "build sugar_mill", "cover 1")          # 2 - 3: free; the tower is gone
    assert s.current_player() == 1 and s.to_dict()["phase"] == "chapel"
    play(s, "pass")
    assert s.current_player() == 1 and s.to_dict()["phase"] == "hand_limit"
    assert s.to_dict()["turn"]["limit"] == 2                   # 9 cards, limit 7
    s = make(2, hands={1: hand1}, buildings={1: ["indigo_plant", "tower", "chapel", "crane"]},
             roles_taken=["producer", "trader"], picks=2, chapel={1: ["well"]})
    play(s, "builder", "build sugar_mill", "cover 2")          # 2 - 3: free; the chapel is gone
    d = s.to_dict()
    assert d["phase"] == "role" and d["governor"] == 1         # no tuck, 9 cards under the tower's 12
    assert seat(s, 1)["chapel"] == {"well": 1}


# ---- gold mine order, market stand for another player ---------------------------------------
def test_gold_mines_resolve_clockwise_from_the_prospector():
    top = ["well", "indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster",
           "smithy", "poor_house", "chapel", "library"]
    s = make(3, governor=1, buildings={0: ["indigo_plant", "gold_mine"], 2: ["indigo_plant", "gold_mine"]},
             supply_top=top)
    play(s, "prospector")                                      # p1 draws the well
    assert hand(s, 1) == {"well": 1}
    assert s.current_player() == 2                             # p2 (left of p1) first, then p0
    assert legal_strings(s) == ["keep indigo_plant", "keep sugar_mill", "keep tobacco_storage",
                                "keep coffee_roaster"]
    play(s, "keep coffee_roaster")
    assert s.current_player() == 0
    assert legal_strings(s) == ["keep smithy", "keep poor_house", "keep chapel", "keep library"]
    play(s, "keep library")
    assert hand(s, 2) == {"coffee_roaster": 1} and hand(s, 0) == {"library": 1}
    assert s.to_dict()["phase"] == "role" and s.current_player() == 2


def test_market_stand_for_a_player_who_did_not_choose_trader():
    b = _g("indigo_plant", "sugar_mill") + ["market_stand", "trading_post"]
    s = make(2, buildings={1: b}, tiles=["T1", "T2", "T3", "T4", "T5"])
    play(s, "trader", "sell indigo", "sell sugar")             # p1: 1 + trading post
    assert hand_size(s, 1) == 1 + 1 + 1                        # prices, market stand +1
