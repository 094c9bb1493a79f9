"""The engine's card and tile tables against the rules reference (shared/rules/san-juan.md §1-§2 and
its data file data/san-juan.json), typed here independently of engine_c/sanjuan/data.py."""
from collections import Counter

from engine_c import new_state
from engine_c.sanjuan import data
from engine_c.sanjuan.tables import c_tables

from sanjuan_helpers import make

# id: (cost, VP, copies) as the reference lists them; the 6-cost buildings print "?" (0 base VP)
REFERENCE_CARDS = {
    "indigo_plant": (1, 1, 10), "sugar_mill": (2, 1, 8), "tobacco_storage": (3, 2, 8),
    "coffee_roaster": (4, 2, 8), "silver_smelter": (5, 3, 8),
    "smithy": (1, 1, 3), "gold_mine": (1, 1, 3), "archive": (1, 1, 3),
    "poor_house": (2, 1, 3), "black_market": (2, 1, 3), "trading_post": (2, 1, 3), "well": (2, 1, 3),
    "market_stand": (2, 1, 3), "crane": (2, 1, 3),
    "chapel": (3, 2, 3), "tower": (3, 2, 3), "aqueduct": (3, 2, 3), "carpenter": (3, 2, 3),
    "prefecture": (3, 2, 3), "statue": (3, 3, 3),
    "market_hall": (4, 2, 3), "quarry": (4, 2, 3), "victory_column": (4, 4, 3),
    "library": (5, 3, 3), "hero": (5, 5, 3),
    "guild_hall": (6, 0, 2), "city_hall": (6, 0, 2), "triumphal_arch": (6, 0, 2), "palace": (6, 0, 2),
}
# trading-house tiles: price of indigo, sugar, tobacco, coffee, silver
REFERENCE_TILES = [(1, 1, 1, 2, 2), (1, 1, 2, 2, 2), (1, 1, 2, 2, 3), (1, 2, 2, 2, 3), (1, 2, 2, 3, 3)]


def test_every_card_has_the_reference_cost_vp_and_copies():
    assert set(data.CARD_IDS) == set(REFERENCE_CARDS)
    t = c_tables()
    for k, name in enumerate(data.CARD_IDS):
        assert (t["cost"][k], t["vp"][k], t["copies"][k]) == REFERENCE_CARDS[name], name


def test_deck_composition_matches_the_rulebook():
    """110 cards: 42 production (10 indigo, 8 of each other) and 68 violet, 24 violet kinds."""
    t = c_tables()
    production = [k for k in range(data.NUM_KINDS) if k < data.NUM_PRODUCTION]
    violet = [k for k in range(data.NUM_KINDS) if k >= data.NUM_PRODUCTION]
    assert [data.CARD_IDS[k] for k in production] == [
        "indigo_plant", "sugar_mill", "tobacco_storage", "coffee_roaster", "silver_smelter"]
    assert sum(t["copies"][k] for k in production) == 42
    assert sum(t["copies"][k] for k in violet) == 68 and len(violet) == 24
    histogram = Counter()
    for k in range(data.NUM_KINDS):
        histogram[t["cost"][k]] += t["copies"][k]
    assert dict(histogram) == {1: 19, 2: 26, 3: 26, 4: 17, 5: 14, 6: 8}   # reference §1.3


def test_trading_house_tiles_match_the_reference():
    assert c_tables()["prices"] == [list(row) for row in REFERENCE_TILES]
    assert [sum(row) for row in REFERENCE_TILES] == [7, 8, 9, 10, 11]


def test_a_fresh_deal_holds_the_whole_deck():
    """Every copy of every card is somewhere after the deal: 4 in each hand, 1 indigo per player."""
    for players in (2, 3, 4):
        d = new_state("sanjuan", players, 3).to_dict()
        total = Counter(d["supply"])
        for seat in d["seats"]:
            total.update(seat["hand"])
            total.update(seat["buildings"])
        assert total == Counter({name: v[2] for name, v in REFERENCE_CARDS.items()})


def test_six_cost_buildings_score_no_base_points():
    s = make(2, buildings={0: ["indigo_plant", "guild_hall"], 1: ["indigo_plant", "palace"]})
    assert s.scores() == [1 + 2, 1]       # guild hall: 2 for the indigo plant; palace: 1 // 4 = 0
