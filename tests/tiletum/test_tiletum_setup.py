"""Setup: pieces, supplies, gold by turn order, displays, dice, tiles by player count; cleanup."""
import pytest

from engine_c import new_state
from engine_c.tiletum.data import BONUS_SPACES, START_GOLD, ACTIONS, FAIR_CITY_TILES, CITIES
from tiletum_helpers import fresh, load, act, set_wheel, die_turn, crest_building


@pytest.mark.parametrize("players", [2, 3, 4])
def test_opening_position(players):
    for seed in range(4):
        d = new_state("tiletum", players, seed).to_dict()
        for pos, p in enumerate(d["order"]):
            pl = d["seats"][p]
            assert pl["resources"] == {"gold": START_GOLD[pos], "food": 1, "iron": 1, "stone": 1, "wool": 1}
            assert pl["merchant"] == pl["architect"] == "Tiletum"
            assert pl["houses_available"] == 2 and pl["pillars_available"] == 2
            assert pl["storage"] == [] and pl["vp"] == 0
        assert sorted(d["order"]) == list(range(players))
        assert all(v is not None for v in d["person_display"] + d["contract_display"])
        assert all(v is not None for v in d["wheel_bonus"].values())
        assert all(v is not None for v in d["king_bonus"])
        map_tiles = sum(v is not None for c in d["map"] for v in c["bonus"])
        assert map_tiles == sum(m <= players for spaces in BONUS_SPACES for m in spaces)
        assert sum(d["dice"].values()) == 3 * players + 2
        colours = {}
        for k, n in d["dice"].items():
            colours[k[0]] = colours.get(k[0], 0) + n
        assert max(colours.values()) <= players       # one die of each colour per player in the bag
        assert d["fairs"][0]["city"] == "Tiletum"
        later = [CITIES.index(f["city"]) for f in d["fairs"][1:]]
        assert len(set(later)) == 3 and set(later) <= set(FAIR_CITY_TILES)
        assert len({f["tile"] for f in d["fairs"]}) == 4
        costs = sorted(c["cost"] for c in d["cathedrals"])
        assert costs == [0, 2, 2, 3, 3, 3, 4, 4, 5, 5]
        # the first player is lowest in the king stack
        assert d["seats"][d["order"][0]]["king_stack"] < d["seats"][d["order"][1]]["king_stack"]


def test_first_player_is_random():
    firsts = {new_state("tiletum", 3, seed).to_dict()["order"][0] for seed in range(30)}
    assert firsts == {0, 1, 2}


def test_cleanup_discards_untaken_wheel_bonus_and_deals_new_ones():
    from test_tiletum_round import last_turn
    d = last_turn(round_=1)
    old = dict(d["wheel_bonus"])
    s = load(d)
    act(s, "end", "nokingbonus")
    d2 = s.to_dict()
    assert d2["round"] == 2
    assert all(v in d2["bonus_out"] for v in old.values())
    assert all(v is not None and v not in old.values() for v in d2["wheel_bonus"].values())
    assert d2["segments_used"] == []
    assert sum(d2["dice"].values()) == 8


def test_jester_bonus_ap_adds_to_the_copied_actions_bonus():
    d = set_wheel(die_turn({"W2": 1, "F1": 1}, gold=0), 2, "jester")
    p = d["actor"]
    d["bonus_out"].append(d["wheel_bonus"]["jester"])
    d["wheel_bonus"]["jester"] = None
    for building, kind in ((0, 0), (1, 2), (3, 5)):     # crested: traders B1, courtiers B2, entertainer B4
        crest_building(d, p, building, kind)
    assert load(d).to_dict()["seats"][p]["bonus_ap"] == {"merchant": 3, "king": 2, "jester": 1}
    s = load(d)
    act(s, "take W2", "jester king")
    assert s.to_dict()["current"]["ap"] == 5 + 1 + 2
