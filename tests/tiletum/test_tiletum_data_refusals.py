"""Bad Tiletum data files: each kind is refused by one DataError line naming the path (one test each)."""
import re

import pytest

from engine_c import content


def t(data, name):
    """The table ``name`` of ``data``."""
    return data["tables"][name]


def item(data, name, ident):
    """The record with id ``ident`` in table ``name``."""
    return next(x for x in t(data, name)["items"] if x["id"] == ident)


def number(data, ident, value):
    """Set one rule number."""
    item(data, "rule_numbers", ident)["value"] = value


def drop_roads_of(data, city):
    """Remove every road touching ``city``."""
    roads = t(data, "roads")["items"]
    roads[:] = [r for r in roads if city not in r["between"]]


def add_roads(data, city, others):
    """Roads from ``city`` to each of ``others``."""
    roads = t(data, "roads")["items"]
    for i, other in enumerate(others):
        roads.append({"id": 1000 + i, "between": [city, other]})


BAD = [
    # values tables: shape, type, range, counts the rules need
    ("king_vp_length", lambda d: t(d, "king_vp")["values"].pop(),
     r"tables\.king_vp\.values: must be a list of 22 entries, got 21"),
    ("king_vp_not_int", lambda d: t(d, "king_vp")["values"].__setitem__(3, "3"),
     r"tables\.king_vp\.values\[3\]: must be an integer in -30\.\.30, got a string"),
    ("king_vp_bool", lambda d: t(d, "king_vp")["values"].__setitem__(0, True),
     r"tables\.king_vp\.values\[0\]: must be an integer"),
    ("corruption_negative", lambda d: t(d, "corruption")["values"].__setitem__(2, -1),
     r"tables\.corruption\.values\[2\]: must be an integer in 0\.\.10, got -1"),
    ("corruption_count", lambda d: t(d, "corruption")["values"].append(1),
     r"tables\.corruption\.values: must be a list of 6 entries"),
    ("dice_drawn_too_few", lambda d: t(d, "dice_drawn")["values"].__setitem__(0, 5),
     r"tables\.dice_drawn\.values\[0\]: 2 players draw 5 dice, but every player takes 3 .* must be in 6\.\.10"),
    ("dice_drawn_too_many", lambda d: t(d, "dice_drawn")["values"].__setitem__(2, 21),
     r"tables\.dice_drawn\.values\[2\]: must be an integer in 1\.\.20"),
    ("start_gold_length", lambda d: t(d, "start_gold")["values"].pop(),
     r"tables\.start_gold\.values: must be a list of 4 entries, got 3"),
    ("start_resources_nested", lambda d: t(d, "start_resources")["values"].__setitem__(0, [1]),
     r"tables\.start_resources\.values\[0\]: must be an integer"),
    ("cathedral_cost_zero", lambda d: t(d, "cathedral_costs")["values"].__setitem__(4, 0),
     r"tables\.cathedral_costs\.values\[4\]: must be an integer in 1\.\.20, got 0"),
    ("cathedral_cost_count", lambda d: t(d, "cathedral_costs")["values"].append(3),
     r"tables\.cathedral_costs\.values: must be a list of 9 entries, got 10"),
    ("crest_final_count", lambda d: t(d, "crest_final_vp")["values"].pop(),
     r"tables\.crest_final_vp\.values: must be a list of 7 entries"),
    ("slot_cost_range", lambda d: t(d, "contract_slot_cost")["values"].__setitem__(4, 7),
     r"tables\.contract_slot_cost\.values\[4\]: must be an integer in 0\.\.6, got 7"),
    ("values_where_items", lambda d: t(d, "king_vp").update(items=t(d, "king_vp").pop("values")),
     r"tables\.king_vp"),
    # rule numbers
    ("rule_number_misspelt", lambda d: item(d, "rule_numbers", "ap_total").update(id="ap_totl"),
     r"tables\.rule_numbers\.items\[0\]\.id: unknown rule number 'ap_totl' \(did you mean ap_total\?"),
    ("rule_number_missing", lambda d: t(d, "rule_numbers")["items"].pop(),
     r"tables\.rule_numbers\.items: must hold 8 items, got 7"),
    ("buy_gold_zero", lambda d: number(d, "buy_gold", 0),
     r"tables\.rule_numbers\.items\[2\]\.value: must be an integer in 1\.\.10, got 0"),
    ("ap_total_too_small", lambda d: number(d, "ap_total", 5),
     r"tables\.rule_numbers\.items\[0\]\.value: must be an integer in 6\.\.12, got 5"),
    ("res_per_vp_zero", lambda d: number(d, "resources_per_final_vp", 0),
     r"tables\.rule_numbers\.items\[3\]\.value: must be an integer in 1\.\.20, got 0"),
    ("rule_number_extra_field", lambda d: item(d, "rule_numbers", "buy_gold").update(cost=2),
     r"tables\.rule_numbers\.items\[2\]\.cost: unknown field"),
    # player board
    ("building_floors", lambda d: item(d, "buildings", "B2").update(floors=4),
     r"tables\.buildings\.items\[1\]\.floors: must be an integer in 1\.\.3, got 4"),
    ("building_order", lambda d: item(d, "buildings", "B6").update(id="B7"),
     r"tables\.buildings\.items\[5\]\.id: must be 'B6'"),
    ("building_house_text", lambda d: item(d, "buildings", "B1").update(house="yes"),
     r"tables\.buildings\.items\[0\]\.house: must be true or false, got a string 'yes'"),
    ("building_missing_field", lambda d: item(d, "buildings", "B3").pop("crest_food"),
     r"tables\.buildings\.items\[2\]\.crest_food: missing field"),
    ("building_count", lambda d: t(d, "buildings")["items"].pop(),
     r"tables\.buildings\.items: must hold 6 items, got 5"),
    ("person_kind_action", lambda d: item(d, "person_kinds", "trader").update(action="kingg"),
     r"tables\.person_kinds\.items\[0\]\.action: unknown action 'kingg' \(did you mean king\?"),
    ("person_kind_order", lambda d: item(d, "person_kinds", "mason").update(id="masons"),
     r"tables\.person_kinds\.items\[1\]\.id: must be 'mason'"),
    # map
    ("first_city", lambda d: t(d, "cities")["items"].insert(0, t(d, "cities")["items"].pop(1)),
     r"tables\.cities\.items\[0\]\.id: the first city must be 'Tiletum'"),
    ("city_count", lambda d: (t(d, "cities")["items"].pop(), drop_roads_of(d, "Venice")),
     r"tables\.cities\.items: must hold 20 items, got 19"),
    ("city_duplicate", lambda d: item(d, "cities", "Milan").update(id="Genoa"),
     r"tables\.cities\.items\[18\]\.id: id 'Genoa' is used twice"),
    ("city_four_houses", lambda d: item(d, "cities", "Paris")["houses"].append({"players": 4, "bonus": "none"}),
     r"tables\.cities\.items\[3\]\.houses: must be a list of at most 3 house spaces"),
    ("house_bonus_unknown", lambda d: item(d, "cities", "Bruges")["houses"][1].update(bonus="gems"),
     r"tables\.cities\.items\[1\]\.houses\[1\]\.bonus: unknown house bonus 'gems'"),
    ("house_players_five", lambda d: item(d, "cities", "Bruges")["houses"][1].update(players=5),
     r"tables\.cities\.items\[1\]\.houses\[1\]\.players: must be an integer in 2\.\.4, got 5"),
    ("tiletum_house_space", lambda d: item(d, "cities", "Tiletum")["houses"].append({"players": 2, "bonus": "none"}),
     r"tables\.cities\.items\[0\]\.houses: must be empty"),
    ("pillars_three", lambda d: item(d, "cities", "London")["pillars"].append(4),
     r"tables\.cities\.items\[2\]\.pillars: must be a list of at most 2 pillar spaces"),
    ("bonus_space_one_player", lambda d: item(d, "cities", "London")["bonus_spaces"].__setitem__(0, 1),
     r"tables\.cities\.items\[2\]\.bonus_spaces\[0\]: must be an integer in 2\.\.4, got 1"),
    ("too_few_fair_cities", lambda d: [c.update(fair_city=False) for c in t(d, "cities")["items"][3:]],
     r"tables\.cities\.items: 2 cities have fair_city true \(Bruges, London\): rounds 2-4 need 3"),
    ("fair_city_tiletum", lambda d: item(d, "cities", "Tiletum").update(fair_city=True),
     r"tables\.cities\.items\[0\]\.fair_city: must be false"),
    ("road_unknown_city", lambda d: t(d, "roads")["items"][1]["between"].__setitem__(1, "Pariss"),
     r"tables\.roads\.items\[1\]\.between\[1\]: unknown city 'Pariss' \(did you mean Paris\?"),
    ("road_to_itself", lambda d: t(d, "roads")["items"][0].update(between=["Lyon", "Lyon"]),
     r"tables\.roads\.items\[0\]\.between: joins 'Lyon' to itself"),
    ("road_twice", lambda d: t(d, "roads")["items"].append({"id": 99, "between": ["Bruges", "Tiletum"]}),
     r"tables\.roads\.items\[31\]\.between: the road Bruges-Tiletum is given twice \(also at tables\.roads\.items\[0\]\)"),
    ("road_shape", lambda d: t(d, "roads")["items"][2].update(between=["Tiletum"]),
     r"tables\.roads\.items\[2\]\.between: must be a list of 2 city names"),
    ("seven_roads", lambda d: add_roads(d, "Paris", ["Bruges", "Lyon", "Genoa"]),
     r"tables\.roads\.items\[32\]\.between: 'Paris' has more than 6 roads"),
    ("unreachable_city", lambda d: drop_roads_of(d, "Venice"),
     r"tables\.roads\.items: Venice cannot be reached from Tiletum by road"),
    # cathedrals, fairs
    ("cathedral_unknown_city", lambda d: t(d, "cathedrals")["items"][9].update(id="Vienna"),
     r"tables\.cathedrals\.items\[9\]\.id: unknown city 'Vienna'"),
    ("cathedral_order", lambda d: t(d, "cathedrals")["items"].reverse(),
     r"tables\.cathedrals\.items\[1\]\.id: 'Milan' is out of map order"),
    ("cathedral_five_tiles", lambda d: t(d, "cathedrals")["items"][0].update(tiles=[9, 8, 6, 4, 2]),
     r"tables\.cathedrals\.items\[0\]\.tiles: must hold 1 to 4 tiles"),
    ("cathedral_zero_vp", lambda d: t(d, "cathedrals")["items"][3]["tiles"].__setitem__(1, 0),
     r"tables\.cathedrals\.items\[3\]\.tiles\[1\]: must be an integer in 1\.\.30, got 0"),
    ("cathedral_count", lambda d: t(d, "cathedrals")["items"].pop(),
     r"tables\.cathedrals\.items: must hold 10 items, got 9"),
    ("fair_unknown", lambda d: t(d, "fairs")["items"][0].update(id="house"),
     r"tables\.fairs\.items\[0\]\.id: unknown fair tile 'house' \(did you mean houses\?"),
    ("fair_twice", lambda d: t(d, "fairs")["items"][1].update(id="houses"),
     r"tables\.fairs\.items\[1\]\.id: id 'houses' is used twice"),
    ("fair_negative", lambda d: t(d, "fairs")["items"][4].update(multiplier=-2),
     r"tables\.fairs\.items\[4\]\.multiplier: must be an integer in 0\.\.20, got -2"),
    # tiles
    ("bonus_ids_out_of_order", lambda d: t(d, "bonus_tiles")["items"].insert(0, t(d, "bonus_tiles")["items"].pop(5)),
     r"tables\.bonus_tiles\.items\[0\]\.id: must be 0: bonus tiles are numbered 0\.\.53 in order, got 5"),
    ("bonus_count", lambda d: t(d, "bonus_tiles")["items"].pop(),
     r"tables\.bonus_tiles\.items: must hold 54 items, got 53"),
    ("bonus_effect_unknown", lambda d: t(d, "bonus_tiles")["items"][16].update(effect="vps"),
     r"tables\.bonus_tiles\.items\[16\]\.effect: unknown effect 'vps' \(did you mean vp\?"),
    ("bonus_res_without_resource", lambda d: t(d, "bonus_tiles")["items"][0].pop("resource"),
     r"tables\.bonus_tiles\.items\[0\]\.resource: missing field \(a res effect names the resource gained\)"),
    ("bonus_resource_on_vp", lambda d: t(d, "bonus_tiles")["items"][16].update(resource="wool"),
     r"tables\.bonus_tiles\.items\[16\]\.resource: only a res effect names a resource"),
    ("bonus_apact_jester", lambda d: t(d, "bonus_tiles")["items"][24].update(action="jester"),
     r"tables\.bonus_tiles\.items\[24\]\.action: unknown action .*'jester'"),
    ("bonus_amount_range", lambda d: t(d, "bonus_tiles")["items"][33].update(amount=1),
     r"tables\.bonus_tiles\.items\[33\]\.amount: must be an integer in 0\.\.0, got 1"),
    ("bonus_unknown_resource", lambda d: t(d, "bonus_tiles")["items"][0].update(resource="silk"),
     r"tables\.bonus_tiles\.items\[0\]\.resource: unknown resource 'silk'"),
    ("person_effect_not_allowed", lambda d: t(d, "persons")["items"][3].update(effect="retrigger", amount=0),
     r"tables\.persons\.items\[3\]\.effect: unknown effect 'retrigger'"),
    ("person_kind_unknown", lambda d: t(d, "persons")["items"][7].update(kind="jester"),
     r"tables\.persons\.items\[7\]\.kind: unknown person kind 'jester'"),
    ("person_duplicate_id", lambda d: t(d, "persons")["items"][8].update(id=7),
     r"tables\.persons\.items\[8\]\.id: id 7 is used twice"),
    ("contract_cost_unknown_resource", lambda d: t(d, "contracts")["items"][0]["cost"].update(silk=1),
     r"tables\.contracts\.items\[0\]\.cost\.silk: unknown field"),
    ("contract_costs_nothing", lambda d: t(d, "contracts")["items"][2].update(cost={}),
     r"tables\.contracts\.items\[2\]\.cost: must ask for at least 1 resource"),
    ("contract_vp_negative", lambda d: t(d, "contracts")["items"][5].update(vp=-1),
     r"tables\.contracts\.items\[5\]\.vp: must be an integer in 0\.\.30, got -1"),
    ("contract_crest_number", lambda d: t(d, "contracts")["items"][17].update(crest=1),
     r"tables\.contracts\.items\[17\]\.crest: must be true or false, got an integer 1"),
    ("contract_count", lambda d: t(d, "contracts")["items"].append(dict(t(d, "contracts")["items"][0], id=26)),
     r"tables\.contracts\.items: must hold 26 items, got 27"),
    # the envelope, with Tiletum's table names
    ("table_missing", lambda d: d["tables"].pop("roads"),
     r"tables\.roads: missing table"),
    ("table_misspelt", lambda d: d["tables"].update(king_vps=d["tables"].pop("king_vp")),
     r"tables\.king_vps: unknown table \(did you mean king_vp"),
]


@pytest.mark.parametrize("edit,message", [b[1:] for b in BAD], ids=[b[0] for b in BAD])
def test_bad_data_is_refused_in_one_line_naming_the_path(edit, message):
    data = content.load("tiletum")
    edit(data)
    with pytest.raises(content.DataError) as caught:
        content.load("tiletum", data)
    text = str(caught.value)
    assert "\n" not in text
    assert text.startswith("data file <dict>: tables")
    assert re.search(message, text), text


def test_there_are_at_least_40_kinds_and_the_shipped_file_passes():
    assert len({b[0] for b in BAD}) == len(BAD) >= 40
    content.load("tiletum")
