"""Kinds a variant changed in the data, told apart from kinds that moved only through play."""
import copy

import pandas as pd

from analysis.changed import CHANGED, INDIRECT, changed_kinds, describe_changes, variant_data, with_change_labels

SEASONS_KINDS = ["f_played_bricklayer", "f_played_masterbuilder", "f_played_worker1", "f_played_worker2",
                 "f_played_worker3", "f_built_manor", "f_built_palace", "f_built_servants_house", "f_built_tower"]


def _item(data, table, key):
    return next(i for i in data["tables"][table]["items"] if str(i["id"]) == str(key))


def test_a_building_s_points_change_that_building_alone():
    a = variant_data("seasons", None)
    b = copy.deepcopy(a)
    _item(b, "buildings", "manor")["vp"] = 2
    assert changed_kinds("seasons", a, b, SEASONS_KINDS) == {"f_built_manor"}
    assert describe_changes(a, b) == "buildings.manor.vp 10 -> 2"


def test_rule_numbers_and_places_reach_their_kinds():
    a = variant_data("seasons", None)
    b = copy.deepcopy(a)
    _item(b, "constants", "worker_vp_divisor")["value"] = 1       # the worker cards' buildings score more
    _item(b, "places", "servants_a")["fee"] += 2                    # a place named by its building
    assert changed_kinds("seasons", a, b, SEASONS_KINDS) == {"f_played_worker1", "f_played_worker2",
                                                               "f_played_worker3", "f_built_servants_house"}


def test_comments_and_sources_change_nothing_and_ids_match_only_kind_tables():
    a = variant_data("burgundy", None)
    b = copy.deepcopy(a)
    _item(b, "knowledge", 3)["about"] = "reworded"
    _item(b, "rule_numbers", "watchtower_vp")["source"] = "elsewhere"
    kinds = ["f_knowledge_02", "f_knowledge_03", "f_building_watchtower", "f_bonus_large", "f_bonus_small"]
    assert changed_kinds("burgundy", a, b, kinds) == set() and describe_changes(a, b) == "none"
    _item(b, "player_counts", 2)["bonus_large"] += 1     # id 2 is a player count, not knowledge tile 2
    _item(b, "rule_numbers", "watchtower_vp")["value"] = 9
    assert changed_kinds("burgundy", a, b, kinds) == {"f_bonus_large", "f_building_watchtower"}


def test_a_game_without_data_and_the_labels():
    assert variant_data("sanjuan", None) is None
    assert changed_kinds("sanjuan", None, None, ["f_built_tower"]) == set()
    kinds = pd.DataFrame({"feature": ["f_built_manor", "f_built_palace"]})
    assert list(with_change_labels(kinds, {"f_built_manor"})["change"]) == [CHANGED, INDIRECT]


def test_tiletum_tables_reach_their_kinds():
    kinds = ["f_persons", "f_contracts", "f_crest_contracts", "f_crests", "f_full_buildings", "f_houses",
             "f_pillars", "f_cathedral_tiles"]
    a = variant_data("tiletum", None)
    b = copy.deepcopy(a)
    for item in b["tables"]["cathedrals"]["items"]:          # the planted variant of docs/results.md
        item["tiles"] = [2 * vp for vp in item["tiles"]]
    assert changed_kinds("tiletum", a, b, kinds) == {"f_cathedral_tiles"}
    c = copy.deepcopy(a)
    for item in c["tables"]["contracts"]["items"]:
        item["vp"] = 1
    assert changed_kinds("tiletum", a, c, kinds) == {"f_contracts", "f_crest_contracts"}   # crest contracts are contracts
