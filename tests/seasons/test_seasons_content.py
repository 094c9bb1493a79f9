"""The data file: the shipped default plays exactly as the compiled tables did; edited data changes
play with no rebuild; bad data is refused in one line naming the path."""
import copy
import json
import os

import numpy as np
import pytest

from engine_c import content
from engine_c.content import DataError
from engine_c.seasons import SeasonsState
from engine_c.seasons import data as D

from seasons_helpers import blank, load, play, legal_strings, res, seat

RECORDED = os.path.join(os.path.dirname(__file__), "recorded_games.json")
NEW_TOP = ("winter", "winter_cards", "winter_asked")      # keys added after the recording


def _older_form(d):
    """A position dict without the keys added since the recording (the summer game's values)."""
    assert d["winter"] is False and d["winter_cards"] == [] and d["winter_asked"] == 0
    d = {k: v for k, v in d.items() if k not in NEW_TOP}
    assert all(s["vp_winter"] == 0 for s in d["seats"])
    d["seats"] = [{k: v for k, v in s.items() if k != "vp_winter"} for s in d["seats"]]
    return d


@pytest.fixture
def edited():
    """install(edit): install a copy of the shipped data changed by edit(data); the default comes back after."""
    def install(edit):
        data = copy.deepcopy(content.load("seasons"))
        edit(data)
        return content.use("seasons", data)
    yield install
    content.use("seasons")
    assert content.active("seasons").is_default


def item(data, table, ident):
    """The record ``ident`` of ``table`` in data."""
    return next(x for x in data["tables"][table]["items"] if x["id"] == ident)


# ---- the shipped default plays as before ---------------------------------------------------

def test_shipped_data_replays_games_recorded_from_the_compiled_tables():
    """Seeded games recorded before the tables became data: same moves, scores, ranks, positions."""
    recorded = json.load(open(RECORDED))
    assert len(recorded) == 18
    for game in recorded:
        s = SeasonsState(game["players"], game["seed"])
        if "policy_playout" in game:
            s.playout(game["policy_playout"], policy=True)
        else:
            rng = np.random.default_rng(1000 * game["players"] + game["seed"])
            for n, expected in enumerate(game["actions"], 1):
                legal = s.legal_actions()
                a = legal[int(rng.integers(len(legal)))]
                assert a == expected
                s.apply_action(a)
                if n == 40 and "mid" in game:
                    assert _older_form(s.to_dict()) == game["mid"]
                    again = SeasonsState.from_json(json.dumps(game["mid"]))     # the older JSON still loads
                    assert again == s
            assert s.is_terminal()
            assert s.ranks() == game["ranks"]
        assert s.scores() == game["scores"]
        if "final" in game:
            assert _older_form(s.to_dict()) == game["final"]


# ---- edited data changes play without a rebuild -----------------------------------------------

def _messenger_round(players=3):
    s = SeasonsState(players, 0)
    for _ in range(players):
        s.apply_action("pick messenger")
    return s


def test_an_edited_messenger_amount_pays_the_new_amount(edited):
    assert [p["talers"] for p in _messenger_round().to_dict()["seats"]] == [3 + 1 + 8, 3 + 8 + 1, 3 + 8]
    edited(lambda d: item(d, "constants", "messenger_talers").update(value=11))
    assert [p["talers"] for p in _messenger_round().to_dict()["seats"]] == [3 + 1 + 11, 3 + 11 + 1, 3 + 11]


def _stonemason_house(talers=0):
    d = blank(3)
    d["seats"][0]["resources"] = res(clay=1, wood=1, sand=2)            # 4 + 2 + 2 = 8: the house
    d["seats"][0]["talers"] = talers
    s = load(d)
    play(s, "pick stonemason", "pick messenger", "pick messenger", "build house")
    while s.to_dict()["phase"] == "pay":
        play(s, legal_strings(s)[-1])
    return s


def test_an_edited_building_vp_scores_the_new_vp(edited):
    assert seat(_stonemason_house(), 0)["vp"] == 6
    edited(lambda d: item(d, "buildings", "house").update(vp=20))
    assert seat(_stonemason_house(), 0)["vp"] == 20


def test_an_edited_fee_changes_the_legal_helper_places(edited):
    assert "helper market_a" in legal_strings(_stonemason_house(talers=10))
    edited(lambda d: item(d, "places", "market_a").update(fee=40) or item(d, "places", "market_b").update(fee=40))
    offered = legal_strings(_stonemason_house(talers=10))
    assert "helper market_a" not in offered and "helper forge10" in offered


def test_edited_tiles_workers_and_setup_reach_a_new_game(edited):
    def edit(d):
        item(d, "buildings", "house").update(tiles=6)
        item(d, "workers", "worker3").update(pieces={"stone": 2, "clay": 1})
        item(d, "players", 3).update(rounds=10, helpers=5)
        item(d, "constants", "total_talers").update(value=120)
    edited(edit)
    s = SeasonsState(3, 0)
    d = s.to_dict()
    assert d["tiles"]["house"] == 6 and d["rounds"] == 10 and d["seats"][1]["helpers"] == 5
    assert d["bank"] == 120 - 10 - 3 * 3
    play(s, "pick worker3", "pick messenger", "pick messenger")
    assert seat(s, 0)["resources"]["stone"] >= 2 and seat(s, 0)["resources"]["clay"] >= 1
    s.playout(1)
    assert s.to_dict()["round"] <= 10 and s.is_terminal()
    assert SeasonsState.from_json(s.to_json()) == s


def test_an_edited_scoring_rate_changes_final_scores(edited):
    def final_keep(vp):
        d = blank(2, round=12)
        d["tiles"]["keep"] = 0
        d["seats"][0]["built"]["keep"] = 1
        d["places"]["keep"] = 0
        d["seats"][0]["helpers"] -= 1
        s = load(d)
        s.playout(3)
        return s
    before = final_keep(3)
    free = sum(1 for name, owner in before.to_dict()["places"].items() if owner is None and name in
               ("market_a", "market_b", "forge10", "forge6"))
    edited(lambda d: item(d, "places", "keep").update(vp=5))
    after = final_keep(5)
    gained = seat(after, 0)["vp_final"] - seat(before, 0)["vp_final"]
    assert gained == 2 * free and free > 0


def test_shipped_default_is_back_after_an_edit(edited):
    edited(lambda d: item(d, "spots", "sand").update(**{"yield": 9}))
    assert D.SPOT_YIELD[0] == 9 and not content.active("seasons").is_default
    content.use("seasons")
    assert D.SPOT_YIELD[0] == 4 and content.active("seasons").is_default


# ---- bad data: one line naming the path ------------------------------------------------------

def _drop(table, ident):
    return lambda d: d["tables"][table]["items"].remove(item(d, table, ident))


def _set(table, ident, **fields):
    return lambda d: item(d, table, ident).update(**fields)


def _rename(table, ident, new):
    return lambda d: item(d, table, ident).update(id=new)


def _card(i, **fields):
    def edit(d):
        card = d["tables"]["winter_cards"]["items"][i]
        for k, v in fields.items():
            if v is None:
                card.pop(k, None)
            else:
                card[k] = v
    return edit


BAD = [
    (_drop("resources", "silver"), "tables.resources.items: must hold 5 items"),
    (_rename("resources", "sand", "sandd"), "tables.resources.items[0].id: unknown id 'sandd'"),
    (_rename("resources", "clay", "wood"), "tables.resources.items[2].id: id 'wood' is used twice"),
    (_set("resources", "sand", box=-1), "tables.resources.items[0].box"),
    (_set("resources", "sand", box="20"), "tables.resources.items[0].box"),
    (_set("resources", "wood", building_points=0), "tables.resources.items[1].building_points"),
    (_set("resources", "silver", building_points=5), "tables.resources.items[4].building_points: silver is a joker"),
    (_set("resources", "wood", box=3), "tables.resources.items[1].box: 3 wood pieces cannot fill the setup"),
    (_set("resources", "sand", colour="yellow"), "tables.resources.items[0].colour: unknown field"),
    (_drop("constants", "messenger_talers"), "tables.constants.items: must hold 12 items"),
    (_set("constants", "worker_vp_divisor", value=0), "tables.constants.items[6].value"),
    (_set("constants", "min_kinds", value=5), "tables.constants.items[9].value"),
    (_set("constants", "total_talers", value=20), "tables.constants.items[1].value: 20 talers cannot fill"),
    (_rename("players", 4, 5), "tables.players.items[2].id: unknown id 5"),
    (_set("players", 3, rounds=31), "tables.players.items[1].rounds"),
    (_set("spots", "rider", **{"yield": True}), "tables.spots.items[4].yield"),
    (_set("workers", "worker1", pieces={"gold": 1}), "tables.workers.items[0].pieces.gold: unknown field"),
    (_set("workers", "worker2", pieces={"stone": 11}), "tables.workers.items[1].pieces.stone"),
    (_set("buildings", "palace", value=40), "tables.buildings.items[0].value: 40 building points: at most 31"),
    (lambda d: [x.update(tiles=0) for x in d["tables"]["buildings"]["items"]], "tables.buildings.items: no tile to build"),
    (lambda d: item(d, "buildings", "keep").pop("vp"), "tables.buildings.items[1].vp: missing field"),
    (_set("places", "keep", building="tavern"), "tables.places.items[8].building: place keep belongs to the keep"),
    (_set("places", "tavern6", per=0), "tables.places.items[10].per"),
    (_set("places", "stable16", fee=101), "tables.places.items[13].fee"),
    (lambda d: d["tables"]["winter_rounds"].update(values=[3, 3]), "tables.winter_rounds.values"),
    (lambda d: d["tables"]["winter_rounds"].update(values=[0]), "tables.winter_rounds.values[0]"),
    (lambda d: d["tables"]["winter_cards"]["items"].pop(), "tables.winter_cards.items: must hold 6 items"),
    (_card(0, kind="storm"), "tables.winter_cards.items[0].kind: unknown winter card kind 'storm'"),
    (_card(2, who=None), "tables.winter_cards.items[2].who: missing field"),
    (_card(3, target="bank"), "tables.winter_cards.items[3].target: unknown target 'bank'"),
    (_card(4, building="castle"), "tables.winter_cards.items[4].building: unknown building 'castle'"),
    (_card(0, what="vp"), "tables.winter_cards.items[0].what: unknown thing 'vp'"),
    (_card(1, text=7), "tables.winter_cards.items[1].text"),
    (_card(1, cost=-2), "tables.winter_cards.items[1].cost"),
    (lambda d: d["tables"].pop("places"), "tables.places: missing table"),
]


@pytest.mark.parametrize("edit,message", BAD, ids=[m[:50] for _, m in BAD])
def test_bad_data_is_refused_in_one_line_naming_the_path(edited, edit, message):
    data = copy.deepcopy(content.load("seasons"))
    edit(data)
    with pytest.raises(DataError) as err:
        content.use("seasons", data)
    text = str(err.value)
    assert message in text and "\n" not in text
    assert text.startswith("data file ")
    assert content.active("seasons").is_default          # refused data installs nothing
