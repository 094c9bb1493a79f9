"""The C tables agree with the installed data (data.py's view and the data file); data sanity."""
import os

from engine_c import content
from engine_c.seasons import SeasonsState
from engine_c.seasons.notation import ACTION_NAMES
from engine_c.seasons.tables import c_tables
from engine_c.seasons import data as D


def test_compiled_tables_match_the_data_module():
    t = c_tables()
    assert t["bp"] == D.BUILDING_POINTS
    assert t["box"] == D.BOX
    assert t["pay_kind"] == [D.RESOURCE_INDEX[r] for r in D.PAY_ORDER]
    assert t["tiles"] == D.TILES
    assert t["value"] == D.BUILDING_VALUE
    assert t["vp"] == D.BUILDING_VP
    assert t["fee"] == D.PLACE_FEE
    assert t["place_hb"] == D.PLACE_BUILDING
    hb_type = [D.BUILDING_INDEX.get(name, -1) for name in D.HELPER_BUILDINGS]
    assert t["hb_type"] == hb_type
    assert t["yield"] == D.SPOT_YIELD
    for w, name in enumerate(D.WORKERS):
        assert t["worker"][w] == [D.WORKER_PIECES[name].get(r, 0) for r in D.RESOURCES]
    assert t["load"] == [(D.RESOURCE_INDEX[a], D.RESOURCE_INDEX[b]) for a, b in D.LOAD_OPTIONS]
    groups = {c: g for g, names in enumerate(D.RESOLUTION_GROUPS) for c in names}
    assert t["group"] == [groups[c] for c in D.CARDS]
    assert t["k"] == [D.CONSTANT_VALUES[name] for name in D.CONSTANTS]
    assert [t["rounds"][n] for n in (2, 3, 4)] == [D.ROUNDS[n] for n in (2, 3, 4)]
    assert [t["helpers"][n] for n in (2, 3, 4)] == [D.HELPERS[n] for n in (2, 3, 4)]
    assert [r for r, on in enumerate(t["winter_round"]) if on] == D.WINTER_ROUNDS
    # twin places: same building and fee (and rates, but for the market), the second one points at the first
    for i, twin in enumerate(t["twin"]):
        if twin >= 0:
            assert D.PLACES[i][1:] == D.PLACES[twin][1:] and twin == i - 1


def test_shipped_data_holds_the_known_numbers():
    """The shipped file carries the values the engine had compiled in (the reference's numbers)."""
    assert D.BUILDING_POINTS == [1, 2, 4, 5, 0] and D.BOX == [20, 18, 15, 15, 15]
    assert D.BUILDINGS == [("palace", 1, 30, 18), ("keep", 1, 24, 14), ("tavern", 1, 22, 12),
                           ("servants_house", 1, 18, 14), ("stable", 1, 18, 14), ("big_gate", 1, 18, 10),
                           ("small_gate", 1, 12, 6), ("tower", 9, 10, 8), ("house", 4, 8, 6), ("manor", 3, 12, 10)]
    assert D.PLACE_FEE == [6, 6, 10, 6, 6, 6, 17, 17, 14, 12, 6, 10, 5, 16, 12]
    assert D.SPOT_YIELD == [4, 3, 2, 2, 2]
    assert D.WORKER_PIECES == {"worker1": {"wood": 2, "silver": 1}, "worker2": {"stone": 1},
                               "worker3": {"sand": 1, "wood": 1, "clay": 1}}
    assert D.HELPERS == {2: 7, 3: 6, 4: 6} and D.ROUNDS == {2: 12, 3: 15, 4: 12}
    assert sum(D.BOX) == 83 and sum(D.TILES) == 23 and len(D.PLACES) == 15
    assert all(vp % 2 == 0 for vp in D.BUILDING_VP)      # the worker's half VP is always whole


def test_shipped_scoring_rates_and_card_constants_match_the_reference():
    """Helper-place scoring (reference §4.3) and the cards' numbers (seed text) as shipped."""
    rates = dict(zip(D.PLACE_IDS, zip(D.PLACE_VP, D.PLACE_PER)))
    assert rates == {"market_a": (1, 2), "market_b": (1, 1),          # 2 talers : 1 VP, both: 1 : 1
                     "forge10": (1, 1), "forge6": (1, 2),             # per silver bar / per 2
                     "servants_a": (1, 1), "servants_b": (1, 1),      # per tile not built
                     "palace_a": (1, 5), "palace_b": (1, 5),          # 5 pieces per helper at their value
                     "keep": (3, 1),                                  # 3 per free place
                     "tavern12": (1, 1), "tavern6": (1, 2),           # per castle helper / per 2
                     "big_gate": (2, 1), "small_gate": (1, 1),        # per built tower
                     "stable16": (3, 1), "stable12": (2, 1)}          # per built house
    k = D.CONSTANT_VALUES
    assert (k["messenger_talers"], k["master_vp_per_building"], k["bricklayer_talers_per_piece"],
            k["stonemason_price"], k["worker_vp_divisor"], k["max_builds"], k["max_helpers"],
            k["min_kinds"], k["tribute"], k["start_talers"], k["total_talers"]) == (8, 5, 1, 1, 2, 2, 2, 3, 1, 3, 105)


def test_placeholders_are_exactly_the_not_found_items():
    """'placeholder' marks what the references do not give, and nothing they do."""
    data = content.load("seasons")
    marked = sorted(path for path in content.placeholders(data))
    assert marked == sorted([
        "tables.constants.items[11]",                      # silver_value
        "tables.workers.items[2]",                         # worker3
        "tables.buildings.items[7]", "tables.buildings.items[8]", "tables.buildings.items[9]",  # tower/house/manor
        "tables.places.items[0]", "tables.places.items[1]",      # market fees
        "tables.places.items[4]", "tables.places.items[5]",      # servants' house places
        "tables.winter_rounds"] + [f"tables.winter_cards.items[{i}]" for i in range(6)])
    assert all("Invented placeholder" in card["text"] for card in data["tables"]["winter_cards"]["items"])
    for name, t in data["tables"].items():
        assert t.get("about"), f"table {name} has no about"
        for item in t.get("items", []):
            assert item.get("source"), f"{name} {item['id']} has no source"


def test_setup_numbers():
    for players in (2, 3, 4):
        d = SeasonsState(players, 1).to_dict()
        assert d["rounds"] == D.ROUNDS[players]
        assert d["bank"] == 105 - D.ROUNDS[players] - 3 * players     # the round taler comes from the track
        assert d["track"] == D.ROUNDS[players] - 1
        assert d["tower"] == {r: 1 for r in D.RESOURCES}
        assert d["stock"] == {"sand": 19 - players, "wood": 17 - players, "clay": 14, "stone": 14, "silver": 14}
        for p, s in enumerate(d["seats"]):
            assert s["helpers"] == (7 if players == 2 else 6)
            assert s["talers"] == 3 + (1 if p == d["start"] else 0)
            assert s["resources"] == {"sand": 1, "wood": 1, "clay": 0, "stone": 0, "silver": 0}
            assert s["hand"] == D.CARDS and s["vp"] == 0
        assert d["tiles"] == dict(zip(D.BUILDING_IDS, D.TILES))
        assert d["start"] == 0 and d["phase"] == "select"
        assert d["winter"] is False and d["winter_cards"] == []


def test_rule_choices_are_documented():
    doc = open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "seasons.md")).read()
    for key in D.RULE_CHOICES:
        assert f"`{key}`" in doc, f"rule choice {key} not documented"


def test_every_action_has_a_unique_name():
    names = list(ACTION_NAMES.values())
    assert len(names) == len(set(names)) == SeasonsState.num_distinct_actions
