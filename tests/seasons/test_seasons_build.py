"""Erecting buildings (exact payment, three kinds, silver) and placing helpers in the castle."""
from seasons_helpers import blank, load, play, legal_strings, res, put_spot, put_place, build_tile, invariant


def stonemason_turn(resources, talers=0, players=3, setup=None):
    """Seat 0 plays the stonemason (nobody plays a worker), so he goes straight to building."""
    d = blank(players)
    d["seats"][0]["resources"] = resources
    d["seats"][0]["talers"] = talers
    if setup:
        setup(d)
    s = load(d)
    play(s, "pick stonemason", "pick messenger", "pick messenger")
    return s


def test_payment_must_be_exact_and_use_three_kinds():
    # 5 stone + 2 clay: the house (8) cannot be paid exactly with 3 kinds; nothing is buildable
    s = stonemason_turn(res(stone=5, clay=2))
    assert s.to_dict()["round"] == 2
    # 2 clay + 1 wood: 10 points but only 2 kinds: the tower (10) is not offered
    s = stonemason_turn(res(clay=2, wood=1, sand=0))
    assert s.to_dict()["round"] == 2
    s = stonemason_turn(res(clay=1, wood=2, sand=2))          # 4 + 4 + 2 = 10
    assert legal_strings(s) == ["pass", "build tower", "build house"]


def test_payment_decisions_offer_only_completable_counts():
    s = stonemason_turn(res(stone=2, clay=2, wood=3, sand=4))
    play(s, "build small_gate")                                 # 12 points
    # stone 0 (clay 2 + wood + sand ...), 1 (5 + ...), 2 would leave 2 = wood or sand: 2 kinds only
    assert legal_strings(s) == ["pay stone 0", "pay stone 1"]
    play(s, "pay stone 1")                                      # 7 left
    assert legal_strings(s) == ["pay clay 0", "pay clay 1"]
    play(s, "pay clay 1")                                       # 3 left: 1 wood + 1 sand, or 3 sand
    assert legal_strings(s) == ["pay wood 0", "pay wood 1"]
    play(s, "pay wood 1")                                       # sand pays the last point
    d = s.to_dict()
    assert d["seats"][0]["resources"] == res(stone=1, clay=1, wood=2, sand=3)
    assert d["stock"]["stone"] == 14 - 2 + 1
    assert d["seats"][0]["vp"] == 6


def test_silver_stands_in_for_a_missing_piece_and_goes_to_the_forge():
    s = stonemason_turn(res(clay=1, sand=2, silver=1))         # silver as wood: 4 + 2 + 2 = 8
    assert legal_strings(s) == ["pass", "build tower", "build house"]   # tower: silver as stone (5+4+1)
    play(s, "build house")
    # the house can be paid clay 1 + wood 1 (silver) + sand 2, or stone 1 (silver) + ... = 5+? no
    while s.to_dict()["phase"] == "pay":
        play(s, legal_strings(s)[-1])
    d = s.to_dict()
    assert d["seats"][0]["built"]["house"] == 1
    assert d["seats"][0]["resources"]["silver"] == 0 and d["forge"] == 1
    assert d["stock"]["silver"] == 13                           # spent silver does not return
    invariant(s)


def test_real_pieces_are_spent_before_silver():
    s = stonemason_turn(res(clay=1, wood=1, sand=2, silver=1))
    play(s, "build house")
    assert legal_strings(s) == ["pay stone 0", "pay stone 1"]     # stone 1 = silver standing in
    play(s, "pay stone 0")              # then clay 1, wood 1, sand 2 are forced
    d = s.to_dict()
    assert d["seats"][0]["built"]["house"] == 1
    assert d["seats"][0]["resources"] == res(silver=1) and d["forge"] == 0


def test_at_most_two_buildings_per_card():
    s = stonemason_turn(res(clay=3, wood=3, sand=6))           # enough for three houses
    for _ in range(2):
        play(s, "build house")
        while s.to_dict()["phase"] == "pay":
            play(s, legal_strings(s)[0])
    d = s.to_dict()
    assert d["seats"][0]["built"]["house"] == 2
    assert d["round"] == 2                                      # no third offer, no helper money


def test_no_tile_left_no_building():
    def setup(d):
        build_tile(d, 1, "house", 4)
    s = stonemason_turn(res(clay=1, wood=1, sand=2), setup=setup)
    assert s.to_dict()["round"] == 2


def test_helpers_pay_the_fee_to_the_bank_at_most_two_and_one_per_building_per_round():
    s = stonemason_turn(res(clay=1, wood=1, sand=2), talers=40)
    play(s, "build house")
    assert legal_strings(s) == ["pass", "helper market_a", "helper forge10", "helper forge6"]
    bank = s.to_dict()["bank"]
    play(s, "helper market_a")
    d = s.to_dict()
    assert d["places"]["market_a"] == 0 and d["bank"] == bank + 6 and d["seats"][0]["talers"] == 34
    assert d["seats"][0]["helpers"] == 5
    # market_b: same building this round -> not offered
    assert legal_strings(s) == ["pass", "helper forge10", "helper forge6"]
    play(s, "helper forge10")
    d = s.to_dict()
    assert d["round"] == 2 and d["seats"][0]["talers"] == 24     # two helpers, then the card ends


def test_helpers_only_on_erected_buildings():
    def setup(d):
        build_tile(d, 1, "palace")
        build_tile(d, 2, "big_gate")
    s = stonemason_turn(res(clay=1, wood=1, sand=2), talers=40, setup=setup)
    play(s, "build house")
    assert legal_strings(s) == ["pass", "helper market_a", "helper forge10", "helper forge6",
                                "helper palace_a", "helper big_gate"]


def test_second_identical_place_offered_once_the_first_is_taken():
    def setup(d):
        build_tile(d, 1, "palace")
        put_place(d, "palace_a", 1)
        put_place(d, "market_a", 2)
    s = stonemason_turn(res(clay=1, wood=1, sand=2), talers=40, setup=setup)
    play(s, "build house")
    assert legal_strings(s) == ["pass", "helper market_b", "helper forge10", "helper forge6", "helper palace_b"]


def test_fee_must_be_affordable():
    s = stonemason_turn(res(clay=1, wood=1, sand=2), talers=6)
    play(s, "build house")
    assert legal_strings(s) == ["pass", "helper market_a", "helper forge6"]


def test_helper_may_come_from_a_cart():
    def setup(d):
        put_spot(d, "sand", 0)
    s = stonemason_turn(res(clay=1, wood=1, sand=2), talers=40, setup=setup)
    play(s, "build house", "helper forge10")
    assert legal_strings(s) == ["from stock", "from sand"]
    play(s, "from sand")
    d = s.to_dict()
    assert d["spots"]["sand"] is None and d["places"]["forge10"] == 0 and d["seats"][0]["helpers"] == 5


def test_helper_from_a_cart_without_helpers_in_stock():
    d = blank(3)
    for place in ("market_a", "market_b", "forge6"):
        put_place(d, place, 0)
    for spot in ("sand", "wood", "clay"):
        put_spot(d, spot, 0)
    assert d["seats"][0]["helpers"] == 0
    d["seats"][0]["resources"] = res(clay=1, wood=1, sand=2)
    d["seats"][0]["talers"] = 40
    s = load(d)
    play(s, "pick stonemason", "pick messenger", "pick messenger")
    play(s, "build house", "helper forge10")
    assert legal_strings(s) == ["from sand", "from wood", "from clay"]
    play(s, "from wood")
    d1 = s.to_dict()
    assert d1["spots"]["wood"] is None and d1["places"]["forge10"] == 0
