"""The five roles: action for everyone, privilege for the chooser, the library doubling it."""
import pytest

from sanjuan_helpers import make, hand, hand_size, names, goods, seat, play, legal_strings


# ---- builder ---------------------------------------------------------------------------
def test_builder_privilege_only_for_the_chooser():
    s = make(2, hands={0: ["tobacco_storage", "well", "crane", "statue"],
                       1: ["tobacco_storage", "well", "crane"]})
    play(s, "builder", "build tobacco_storage")
    assert s.to_dict()["turn"]["limit"] == 2                   # 3 - 1
    play(s, "pay well", "pay statue")
    assert hand(s, 0) == {"crane": 1} and names(s, 0) == ["indigo_plant", "tobacco_storage"]
    # p1 would need 3 other cards for the tobacco storage; the well (2) he can pay
    assert s.current_player() == 1
    assert legal_strings(s) == ["pass", "build well", "build crane"]
    s = make(2, hands={1: ["tobacco_storage", "well", "crane", "statue"]})
    play(s, "builder")                                         # p0 has no card: passes by itself
    assert s.current_player() == 1
    play(s, "build tobacco_storage")
    assert hand_size(s, 1) == 0                                # paid all 3 (forced payment)


def test_builder_may_pass_and_cost_needs_cards():
    s = make(2, hands={0: ["silver_smelter", "well", "well", "well"]})
    play(s, "builder")
    assert legal_strings(s) == ["pass", "build well"]          # silver: 5-1 = 4 > 3 other cards
    play(s, "pass")
    assert hand_size(s, 0) == 4 and names(s, 0) == ["indigo_plant"]


def test_violet_buildings_unique_production_duplicates_allowed():
    s = make(2, hands={0: ["well", "indigo_plant", "statue"]}, buildings={0: ["indigo_plant", "well"]})
    play(s, "builder")
    assert "build well" not in legal_strings(s)
    assert "build indigo_plant" in legal_strings(s)


def test_ken_example_sugar_mill_for_nothing():
    """Rulebook: builder + smithy + library; the sugar mill (2) would be reduced by 3, pays 0."""
    s = make(2, hands={0: ["sugar_mill", "well", "crane"]}, buildings={0: ["indigo_plant", "smithy", "library"]})
    assert "builder+library" in legal_strings(s)
    play(s, "builder+library", "build sugar_mill")
    assert names(s, 0)[-1] == "sugar_mill" and hand(s, 0) == {"well": 1, "crane": 1}
    assert s.current_player() == 1


def test_library_doubles_builder_privilege():
    hands = {0: ["coffee_roaster", "well", "crane", "statue", "hero"]}
    s = make(2, hands=hands, buildings={0: ["indigo_plant", "library"]})
    play(s, "builder+library", "build coffee_roaster")
    assert s.to_dict()["turn"]["limit"] == 2                   # 4 - 2
    s = make(2, hands=hands, buildings={0: ["indigo_plant", "library"]})
    play(s, "builder", "build coffee_roaster")
    assert s.to_dict()["turn"]["limit"] == 3                   # 4 - 1: library saved


# ---- producer --------------------------------------------------------------------------
def test_producer_privilege_and_others_one_good():
    b = ["indigo_plant", "sugar_mill", "coffee_roaster"]
    s = make(2, buildings={0: b, 1: b}, supply_top=["well", "crane", "statue", "hero"])
    play(s, "producer")
    assert legal_strings(s) == ["pass", "produce indigo", "produce sugar", "produce coffee"]
    play(s, "produce sugar", "produce coffee")
    assert goods(s, 0) == ["sugar_mill", "coffee_roaster"]
    assert s.current_player() == 1
    play(s, "produce indigo")
    assert goods(s, 1) == ["indigo_plant"] and s.current_player() == 1   # opponent picks next role
    d = s.to_dict()
    assert [b["good"] for b in d["seats"][0]["buildings"] if isinstance(b, dict)] == ["well", "crane"]
    assert d["phase"] == "role"


def test_producer_only_on_empty_buildings():
    s = make(2, buildings={0: [("indigo_plant", "well"), "sugar_mill"], 1: [("indigo_plant", "well")]})
    play(s, "producer")
    assert legal_strings(s) == ["pass", "produce sugar"]
    play(s, "produce sugar")                                   # no more empty building
    assert s.current_player() == 1 and s.to_dict()["phase"] == "role"   # p1 full: skipped


def test_producer_library_three_goods_aqueduct_four():
    b = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter", "library", "aqueduct"]
    s = make(2, buildings={0: b})
    play(s, "producer+library")
    for g in ("indigo", "sugar", "tobacco", "coffee"):
        assert s.current_player() == 0
        play(s, "produce " + g)
    assert len(goods(s, 0)) == 4 and s.current_player() == 1 or s.to_dict()["phase"] == "role"
    s = make(2, buildings={0: b})
    play(s, "producer")
    play(s, "produce indigo", "produce sugar", "produce tobacco")   # 1 + 1 + aqueduct
    assert len(goods(s, 0)) == 3 and s.current_player() == 1


# ---- trader ----------------------------------------------------------------------------
GOOD_CARDS = ["well", "crane", "statue", "hero", "palace", "smithy", "quarry", "tower"]


def _goods(*kinds, offset=0):
    return [(k, GOOD_CARDS[offset + i]) for i, k in enumerate(kinds)]


def test_trader_privilege_prices_and_tile_cycle():
    b = _goods("indigo_plant", "tobacco_storage", "silver_smelter")
    b1 = _goods("indigo_plant", "tobacco_storage", "silver_smelter", offset=3)
    s = make(3, buildings={0: b, 1: b1, 2: ["indigo_plant"]},
             tiles=["T5", "T1", "T3", "T2", "T4"], discard=[], hands={})
    play(s, "trader")
    assert s.to_dict()["tile"] == "T5" and s.to_dict()["tiles_seen"] == 1
    play(s, "sell tobacco", "sell silver")                     # 2 + 3 on T5
    assert hand_size(s, 0) == 5 and goods(s, 0) == ["indigo_plant"]
    assert seat(s, 0)["goods_sold"] == 2
    assert s.current_player() == 1
    assert legal_strings(s) == ["pass", "sell indigo", "sell tobacco", "sell silver"]
    play(s, "sell silver")                                     # one good only, 3 cards
    assert hand_size(s, 1) == 3 and len(goods(s, 1)) == 2
    d = s.to_dict()
    assert d["tile_next"] == 1                                 # tile goes under the stack
    assert d["discard"] == {"crane": 1, "statue": 1, "smithy": 1}   # sold goods, face down
    assert all(not x["known_discards"] for x in d["seats"])      # ... seen by nobody


def test_trader_tiles_cycle_in_fixed_order():
    s = make(2, buildings={0: _goods("silver_smelter"), 1: ["indigo_plant"]},
             tiles=["T1", "T2", "T3", "T4", "T5"], tile_next=4, tiles_seen=5)
    play(s, "trader")
    assert s.to_dict()["tile"] == "T5"
    play(s, "sell silver")
    assert hand_size(s, 0) == 3 and s.to_dict()["tile_next"] == 0


def test_alfonzo_example_three_goods_seven_cards():
    """Rulebook: trader with market stand and trading post sells indigo, tobacco, silver: 1+2+3+1."""
    b = _goods("indigo_plant", "tobacco_storage", "silver_smelter") + ["market_stand", "trading_post"]
    s = make(3, buildings={0: b}, tiles=["T3", "T1", "T2", "T4", "T5"])
    play(s, "trader", "sell indigo", "sell tobacco", "sell silver")
    assert hand_size(s, 0) == 7 and goods(s, 0) == [] and seat(s, 0)["goods_sold"] == 3
    assert s.current_player() == 1


def test_trader_library_sells_three():
    b = _goods("indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster") + ["library"]
    s = make(2, buildings={0: b}, tiles=["T1", "T2", "T3", "T4", "T5"])
    play(s, "trader+library", "sell indigo", "sell sugar", "sell tobacco")
    assert goods(s, 0) == ["coffee_roaster"] and hand_size(s, 0) == 3


# ---- councillor ------------------------------------------------------------------------
def test_councillor_five_keep_one_others_two_keep_one():
    top = ["well", "crane", "statue", "hero", "palace", "smithy", "quarry"]
    s = make(2, supply_top=top)
    play(s, "councillor")
    d = s.to_dict()
    assert d["pending"] == {"well": 1, "crane": 1, "statue": 1, "hero": 1, "palace": 1}
    assert legal_strings(s) == ["keep well", "keep crane", "keep statue", "keep hero", "keep palace"]
    play(s, "keep hero")
    assert hand(s, 0) == {"hero": 1}
    assert seat(s, 0)["known_discards"] == {"well": 1, "crane": 1, "statue": 1, "palace": 1}
    assert s.current_player() == 1 and s.to_dict()["pending"] == {"smithy": 1, "quarry": 1}
    play(s, "keep quarry")
    assert hand(s, 1) == {"quarry": 1} and seat(s, 1)["known_discards"] == {"smithy": 1}
    assert seat(s, 0)["known_discards"] == {"well": 1, "crane": 1, "statue": 1, "palace": 1}
    assert sum(s.to_dict()["discard"].values()) == 5


def test_councillor_library_draws_eight():
    s = make(2, buildings={0: ["indigo_plant", "library"]})
    play(s, "councillor+library")
    assert sum(s.to_dict()["pending"].values()) == 8


def test_prefecture_keeps_two():
    top = ["well", "crane", "statue", "hero", "palace"]
    s = make(2, buildings={0: ["indigo_plant", "prefecture"]}, supply_top=top)
    play(s, "councillor", "keep crane")
    assert s.current_player() == 0
    assert legal_strings(s) == ["keep crane", "keep statue", "keep hero", "keep palace"] or \
        legal_strings(s) == ["keep statue", "keep hero", "keep palace"]
    play(s, "keep palace")
    assert hand(s, 0) == {"crane": 1, "palace": 1}


def test_archive_discards_from_whole_hand():
    top = ["well", "crane", "statue", "hero", "palace"]
    s = make(2, hands={0: ["smithy", "smithy"]}, buildings={0: ["indigo_plant", "archive"]}, supply_top=top)
    play(s, "councillor")
    d = s.to_dict()
    assert d["phase"] == "council_discard" and d["turn"]["limit"] == 4 and d["pending"] == {}
    assert hand_size(s, 0) == 7
    play(s, "discard smithy", "discard smithy", "discard well", "discard crane")
    assert hand(s, 0) == {"statue": 1, "hero": 1, "palace": 1}
    assert s.current_player() == 1


# ---- prospector ------------------------------------------------------------------------
def test_prospector_only_chooser_draws():
    s = make(3, supply_top=["well"])
    play(s, "prospector")
    assert hand(s, 0) == {"well": 1} and hand_size(s, 1) == 0 and hand_size(s, 2) == 0
    assert s.current_player() == 1 and s.to_dict()["phase"] == "role"


def test_prospector_library_draws_two():
    s = make(3, buildings={0: ["indigo_plant", "library"]})
    play(s, "prospector")                                      # 3 players: always doubled
    assert hand_size(s, 0) == 2


# ---- 2-player library: once per round, the governor's choice ----------------------------
def test_two_player_library_once_per_round():
    lib = {0: ["indigo_plant", "library"]}
    s = make(2, buildings=lib)
    play(s, "prospector+library")
    assert hand_size(s, 0) == 2
    play(s, "councillor")                                      # opponent: draws 2
    while s.to_dict()["phase"] != "role":
        play(s, s.legal_actions()[0])
    assert not any("+library" in a for a in legal_strings(s))
    play(s, "trader")                                          # no goods anyway
    s = make(2, buildings=lib)
    play(s, "prospector")                                      # saved for later
    assert hand_size(s, 0) == 1
    play(s, "builder")                                         # opponent's role, p0 may build
    while s.current_player() == 1 or s.to_dict()["phase"] != "role":
        play(s, s.legal_actions()[0])
    play(s, "councillor")                                      # second pick: doubled
    assert sum(s.to_dict()["pending"].values()) == 8
    # the opponent doubles his only pick in 2-player games too
    s = make(2, buildings={1: ["indigo_plant", "library"]})
    play(s, "builder", "prospector")
    assert hand_size(s, 1) == 2


TILE_PRICES = {"T1": (1, 1, 1, 2, 2), "T2": (1, 1, 2, 2, 2), "T3": (1, 1, 2, 2, 3),
               "T4": (1, 2, 2, 2, 3), "T5": (1, 2, 2, 3, 3)}
PRODUCTION = ["indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter"]
GOOD_NAMES = ["indigo", "sugar", "tobacco", "coffee", "silver"]


@pytest.mark.parametrize("tile", sorted(TILE_PRICES))
@pytest.mark.parametrize("good", range(5))
def test_every_price_on_every_tile(tile, good):
    order = [tile] + [t for t in sorted(TILE_PRICES) if t != tile]
    s = make(3, buildings={1: [(PRODUCTION[good], "well")]}, tiles=order)
    play(s, "trader")                                          # p0 has nothing to sell
    play(s, "sell " + GOOD_NAMES[good])                        # p1, no privilege
    assert hand_size(s, 1) == TILE_PRICES[tile][good]


@pytest.mark.parametrize("players", [3, 4])
def test_library_always_used_with_three_or_four(players):
    s = make(players, buildings={1: ["indigo_plant", "library"]})
    assert not any("+library" in a for a in legal_strings(s))
    play(s, "builder")                                         # nobody can build
    assert s.current_player() == 1
    assert not any("+library" in a for a in legal_strings(s))
    play(s, "councillor")
    assert sum(s.to_dict()["pending"].values()) == 8


# ---- more role rules: declining, combinations of privilege and buildings ----------------
def test_chooser_may_decline_and_the_others_still_act():
    """Rulebook: the chooser may refrain from the action; the others may still take it."""
    b = ["indigo_plant", "sugar_mill"]
    s = make(2, buildings={0: b, 1: b})
    play(s, "producer", "pass")
    assert goods(s, 0) == [] and s.current_player() == 1
    play(s, "produce sugar")
    assert goods(s, 1) == ["sugar_mill"]


def test_trader_may_sell_the_same_good_twice():
    b = _goods("indigo_plant", "indigo_plant", "sugar_mill")
    s = make(2, buildings={0: b}, tiles=["T4", "T1", "T2", "T3", "T5"])
    play(s, "trader")
    assert legal_strings(s) == ["pass", "sell indigo", "sell sugar"]
    play(s, "sell indigo")
    assert legal_strings(s) == ["pass", "sell indigo", "sell sugar"]
    play(s, "sell indigo")
    assert goods(s, 0) == ["sugar_mill"] and hand_size(s, 0) == 2


def test_trader_library_and_trading_post_sell_four():
    b = _goods("indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter") + \
        ["library", "trading_post"]
    s = make(3, buildings={0: b}, tiles=["T1", "T2", "T3", "T4", "T5"])
    play(s, "trader", "sell indigo", "sell sugar", "sell tobacco", "sell coffee")
    assert goods(s, 0) == ["silver_smelter"] and hand_size(s, 0) == 1 + 1 + 1 + 2
    assert s.current_player() == 1


def test_councillor_library_and_prefecture_keep_two_of_eight():
    s = make(3, buildings={0: ["indigo_plant", "library", "prefecture"]})
    play(s, "councillor")
    d = s.to_dict()
    assert sum(d["pending"].values()) == 8 and d["turn"]["limit"] == 2
    play(s, legal_strings(s)[0])
    play(s, legal_strings(s)[0])
    assert hand_size(s, 0) == 2 and s.current_player() == 1
    assert sum(s.to_dict()["discard"].values()) == 6


def test_archive_with_prefecture_discards_three_from_the_whole_hand():
    top = ["well", "crane", "statue", "hero", "palace"]
    s = make(2, hands={0: ["smithy"]}, buildings={0: ["indigo_plant", "archive", "prefecture"]}, supply_top=top)
    play(s, "councillor")
    d = s.to_dict()
    assert d["phase"] == "council_discard" and d["turn"]["limit"] == 3 and hand_size(s, 0) == 6
    play(s, "discard smithy", "discard well", "discard crane")
    assert hand(s, 0) == {"statue": 1, "hero": 1, "palace": 1}


def test_archive_for_another_player_draws_two_discards_one_from_the_hand():
    top = ["well", "crane", "statue", "hero", "palace", "quarry", "tower"]
    s = make(2, hands={1: ["smithy"]}, buildings={1: ["indigo_plant", "archive"]}, supply_top=top)
    play(s, "councillor", "keep hero")
    assert s.current_player() == 1 and s.to_dict()["phase"] == "council_discard"
    assert hand(s, 1) == {"smithy": 1, "quarry": 1, "tower": 1}
    play(s, "discard smithy")                                  # an old card may go
    assert hand(s, 1) == {"quarry": 1, "tower": 1}
    assert seat(s, 1)["known_discards"] == {"smithy": 1}


def test_builder_library_with_three_players_takes_two_off():
    s = make(3, hands={0: ["coffee_roaster", "well", "crane", "hero"]}, buildings={0: ["indigo_plant", "library"]})
    play(s, "builder", "build coffee_roaster")
    assert s.to_dict()["turn"]["limit"] == 2                   # 4 - 2, no choice to make
