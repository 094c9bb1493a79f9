"""The compiled tables agree with engine_c/seasons/data.py; data sanity."""
import os

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
    for w, name in enumerate(["worker1", "worker2", "worker3"]):
        assert t["worker"][w] == [D.WORKER_PIECES[name].get(r, 0) for r in D.RESOURCES]
    assert t["load"] == [(D.RESOURCE_INDEX[a], D.RESOURCE_INDEX[b]) for a, b in D.LOAD_OPTIONS]
    groups = {c: g for g, names in enumerate(D.RESOLUTION_GROUPS) for c in names}
    assert t["group"] == [groups[c] for c in D.CARDS]
    # twin places: identical building and fee, the second one points at the first
    for i, twin in enumerate(t["twin"]):
        if twin >= 0:
            assert D.PLACES[i][1:] == D.PLACES[twin][1:] and twin == i - 1


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


def test_rule_choices_are_documented():
    doc = open(os.path.join(os.path.dirname(__file__), "..", "..", "docs", "seasons.md")).read()
    for key in D.RULE_CHOICES:
        assert f"`{key}`" in doc, f"rule choice {key} not documented"


def test_every_action_has_a_unique_name():
    names = list(ACTION_NAMES.values())
    assert len(names) == len(set(names)) == SeasonsState.num_distinct_actions
