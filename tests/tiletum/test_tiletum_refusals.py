"""Every refusal of the Tiletum position reader names its field path: one row per error path (the
ones test_tiletum_positions.py and test_tiletum_json_notation.py already check are not repeated).

Each row: a base position (a dict from real setup or play), an edit, the field path the one-line
message must start with, and a fragment of the message (the value, or what would be valid)."""
import copy
import json

import pytest

from engine_c import new_state
from engine_c.errors import InvalidPositionError
from engine_c.tiletum import TiletumState
from engine_c.tiletum.data import CATHEDRAL_CITIES, CITIES, E_COLOUR
from tiletum_helpers import fresh, action_turn, remove_tile, person_of, crest_building, store, bonus_of_kind

PARIS, LONDON = CITIES.index("Paris"), CITIES.index("London")


def refusal(d):
    """The one-line message the position dict ``d`` is refused with."""
    with pytest.raises(InvalidPositionError) as info:
        TiletumState.from_json(json.dumps(d))
    message = str(info.value)
    assert "\n" not in message and message.startswith("tiletum: "), message
    return message


def opening():
    """The 2-player opening (seed 0), die phase, seat counts left for the reader to derive."""
    return fresh(2, 0)


def acting(**options):
    """Seat order[0]'s action part of the merchant action (die S2, 3 AP) unless ``options`` say otherwise."""
    options = {"action": "merchant", "ap": 3, **options}
    return action_turn(**options)


def king_phase():
    """The end of round 1: the king leader decides on the king bonus tile."""
    d = opening()
    d.pop("wheel")
    d.update(round=1, turn=0, phase="king_bonus", corruption_left=d["corruption_left"][:3])
    d.pop("pass")                                   # 4 in the king phase
    d.pop("actor")                                  # the king leader
    d.pop("current")
    d["dice"] = {"G1": 1, "F2": 1}
    return d


def finished():
    """A finished 2-player game (seed 4, policy playout)."""
    state = new_state("tiletum", 2, 4)
    state.playout(1, policy=True)
    return state.to_dict()


def colour_choice():
    """The actor is converting the die colour's resources (a die-colour bonus tile was just used)."""
    d = acting(action="king", ap=1, die="W2")
    d["phase"] = "choose"
    d["current"]["choose"] = "colour"
    return d


def _swap_cost(d, a, b):
    d["cathedrals"][a]["cost"], d["cathedrals"][b]["cost"] = d["cathedrals"][b]["cost"], d["cathedrals"][a]["cost"]


def _two_houses_in_paris(d):
    d["map"][PARIS]["houses"][:2] = [0, 0]


def _out_of_play_cathedral(d):
    c = next(i for i, cat in enumerate(d["cathedrals"]) if cat["cost"] == 0)
    d["cathedrals"][c]["taken"] = 1
    d["seats"][0]["cathedrals"] = [CITIES[CATHEDRAL_CITIES[c]]]


def _two_trader_buildings(d):
    a, b = person_of(0, None, 0), person_of(0, None, 1)
    for i in (a, b):
        remove_tile(d, "p", i)
    d["seats"][0]["buildings"][3]["persons"] = [a]
    d["seats"][0]["buildings"][4]["persons"] = [b]


def _crest_on_half_building(d):
    a = person_of(0, None, 0)
    remove_tile(d, "p", a)
    d["seats"][0]["buildings"][0] = {"persons": [a], "crest": True}


def _too_many_houses(d):
    for c in (1, 2, PARIS):                         # three houses, two to build
        d["map"][c]["houses"][0] = 0


def _too_many_pillars(d):
    for c in (2, PARIS, 4):
        d["map"][c]["pillars"][0] = 0


def _wheel_bonus_full_storage(d):
    d["phase"] = "wheel_bonus"
    d["current"].update(ap=0, action="merchant")
    for c in range(4):
        store(d, d["actor"], "c", c)


def _colour_without_the_colour(d):
    d["seats"][d["actor"]]["resources"]["wool"] = 0


ROWS = [
    # ---- the old and the new spelling of the player count and the seats ------------------------------
    ("old list beside seats", opening, lambda d: d.update(players=d["seats"]), "players", "old spelling of seats"),
    ("old count beside the count", opening, lambda d: d.update(num_players=2), "num_players",
     "old spelling of players, given beside players (2)"),
    ("five seats", opening, lambda d: (d.pop("players"), d["seats"].extend(copy.deepcopy(d["seats"] + d["seats"][:1]))),
     "seats", "must be a list of 2..4 entries, got 5"),
    ("count and seats disagree", opening, lambda d: d.update(players=3), "seats", "must be a list of 3 entries"),
    ("seat not an object", opening, lambda d: d["seats"].__setitem__(1, []), "seats[1]", "must be an object"),
    ("order missing", opening, lambda d: d.pop("order"), "order", "missing field"),
    ("order not a permutation", opening, lambda d: d.update(order=[0, 0]), "order", "must hold 0..1 once each"),
    # ---- the short form's own refusals ---------------------------------------------------------------
    ("map object: unknown city", opening, lambda d: d.update(map={"Atlantis": {}}), "map.Atlantis",
     "unknown value 'Atlantis' (valid: Tiletum, Bruges"),
    ("map object: unknown key", opening, lambda d: d.update(map={"Paris": {"roads": []}}), "map.Paris.roads",
     "unknown field (known: houses, pillars, bonus)"),
    ("map object: bad tile", opening, lambda d: d.update(map={"Paris": {"bonus": ["x", None]}}), "map.Paris.bonus[0]",
     "must be an integer in 0..53, got a string 'x'"),
    ("cathedral object: bad cost", opening, lambda d: d.update(cathedrals={"Paris": 0}), "cathedrals.Paris",
     "must be an integer in 1..9, got 0"),
    ("bonus AP unreadable while AP are derived", acting,
     lambda d: (d["current"].pop("ap"), d["seats"][d["actor"]].update(bonus_ap={"merchant": "x"})), "seats[",
     "].bonus_ap.merchant: must be an integer in 0..60"),
    ("map owner out of range", opening, lambda d: d["map"][PARIS]["houses"].__setitem__(0, 2),
     "map[3].houses[0]", "must be an integer in 0..1, got 2"),
    ("no wheel at all", opening, lambda d: (d.pop("wheel"), d.pop("wheel_rotation")), "wheel_rotation",
     "missing field (give it, or wheel"),
    ("wheel without a rotation", opening,
     lambda d: (d.pop("wheel_rotation"), d.update(wheel=["king", "merchant", "architect", "persons", "contracts",
                                                         "jester"])),
     "wheel", "[king, merchant, architect, persons, contracts, jester] is not the wheel order"),
    ("wheel with an unknown action", opening, lambda d: (d.pop("wheel_rotation"), d["wheel"].__setitem__(2, "dance")),
     "wheel[2]", "unknown value 'dance'"),
    ("jester die without the copied action", lambda: acting(jester=True), lambda d: d["current"].pop("action"),
     "current.action", "missing field: a die from the jester segment copies an action"),
    ("choice without its kind", lambda: acting(action="king", ap=1),
     lambda d: (d.update(phase="choose"), d["current"].pop("choose")), "current.choose",
     "missing field: what the choose phase chooses"),
    ("unknown turn field", opening, lambda d: d["current"].update(dice=1), "current.dice", "unknown field"),
    ("two tokens gone, none named", acting, lambda d: (d.update(corruption_left=[0, 1, 2, 3]),
                                                       d.pop("corruption_revealed")),
     "corruption_revealed", "which of [4, 5] was revealed"),
    ("pass 2 without the tokens left", acting, lambda d: (d.update({"pass": 2}), d.pop("corruption_left")),
     "corruption_left", "missing field: needed from pass 2 on"),
    ("no corruption token at all", opening, lambda d: (d.pop("corruption_left"), d.pop("corruption_revealed")),
     "corruption_revealed", "missing field: the token revealed at the start of this pass"),
    ("cathedral object: unknown city", opening, lambda d: d.update(cathedrals={"Bruges": 3}), "cathedrals.Bruges",
     "unknown value 'Bruges' (valid: London, Paris"),
    ("king stack out of range", opening, lambda d: d["seats"][0].update(king_stack=251), "seats[0].king_stack",
     "must be an integer in 1..250, got 251"),
    ("king leader of a bad marker", king_phase, lambda d: d["seats"][1].update(king="top"), "seats[1].king",
     "must be an integer in -6..15"),
    # ---- field checks and board consistency ----------------------------------------------------------
    ("game of another box", opening, lambda d: d.update(game="carcassonne"), "game",
     "not a tiletum position (game: 'carcassonne'"),
    ("wheel order twice", opening, lambda d: d.update(wheel_order=["king"] * 6), "wheel_order",
     "must list the six actions once each"),
    ("segment named twice", opening, lambda d: d.update(segments_used=["king", "king"]), "segments_used",
     "lists a value twice: [king, king]"),
    ("stack lists a tile twice", opening, lambda d: d["bonus_stack"].append(d["bonus_stack"][0]), "bonus_stack",
     "lists a value twice"),
    ("king counter above the stacks", opening, lambda d: d.update(king_counter=3), "king_counter",
     "must be 2 (the last king stack number handed out"),
    ("king stacks shared", opening, lambda d: d["seats"][1].update(king_stack=d["seats"][0]["king_stack"]),
     "seats[1].king_stack", "king_stack too: stack numbers differ"),
    ("cathedral out of map order", opening, lambda d: d["cathedrals"][0].update(city="Paris"), "cathedrals[0].city",
     "must be 'London'"),
    ("two houses of a seat in a city", opening, _two_houses_in_paris, "map[3].houses[0]",
     "seat 0 has two houses in Paris [0, 0, None]"),
    ("house space not in play", opening, lambda d: d["map"][LONDON]["houses"].__setitem__(1, 0), "map[2].houses[1]",
     "space 1 of London is not in play with 2 players (from 3), got seat 0"),
    ("bonus space not in play", opening, lambda d: d["map"][PARIS]["bonus"].__setitem__(1, d["bonus_stack"].pop()),
     "map[3].bonus[1]", "bonus space 1 of Paris is not in play with 2 players (from 4)"),
    ("a kind of person in two buildings", opening, _two_trader_buildings, "seats[0].buildings[4].persons",
     "traders are in B4 and B5"),
    ("crest on a building not full", opening, _crest_on_half_building, "seats[0].buildings[0].crest",
     "only 1 of its 3 floors are filled"),
    ("bonus AP without a crest", opening, lambda d: d["seats"][0].update(bonus_ap={"king": 2}), "seats[0].bonus_ap",
     "must be {} (the bonus AP of the crested buildings)"),
    ("bonus AP of a crest left out", opening, lambda d: (crest_building(d, 0, 1, 2), d["seats"][0].update(bonus_ap={})),
     "seats[0].bonus_ap", "must be {'king': 2}"),
    ("more houses built than owned", opening, _too_many_houses, "seats[0].houses_available",
     "seat 0 has 3 houses on the map but had only 2 to build"),
    ("houses that do not add up", opening, lambda d: d["seats"][0].update(houses_available=1),
     "seats[0].houses_available", "must be 2: 2 at the start + 0 freed by full buildings (B1-B5) - 0 built"),
    ("more pillars built than owned", opening, _too_many_pillars, "seats[0].pillars_available",
     "seat 0 has 3 pillars on the map but had only 2 to build"),
    ("pillars that do not add up", opening, lambda d: d["seats"][1].update(pillars_available=3),
     "seats[1].pillars_available", "must be 2: 2 at the start + 0 freed by fulfilled contracts"),
    ("tile in two places", opening, lambda d: d["wheel_bonus"].update(king=d["bonus_stack"][0]), "bonus_stack[0]",
     "is in 2 places (wheel_bonus.king, bonus_stack[0])"),
    ("tile in no place", opening, lambda d: d["person_stack"].pop(0), "person_stack",
     "1 persons are in no place (p"),
    ("display with a gap", opening,
     lambda d: (d["person_discard"].append(d["person_display"][1]), d["person_display"].__setitem__(1, None)),
     "person_display[1]",
     "empty slot before a tile"),
    ("display not refilled", opening,
     lambda d: (d["contracts_out"].append(d["contract_display"][4]), d["contract_display"].__setitem__(4, None)),
     "contract_display[4]", "empty slot while contract_stack hold 21 contracts"),
    ("fair tile twice", opening, lambda d: d["fairs"][2].update(tile=d["fairs"][0]["tile"]), "fairs[2].tile",
     "is round 1's fair tile too"),
    ("round 1 fair away from Tiletum", opening, lambda d: d["fairs"][0].update(city="Paris"), "fairs[0].city",
     "round 1's fair is in Tiletum, got 'Paris'"),
    ("fair in a city without a fair", opening, lambda d: d["fairs"][1].update(city="Tours"), "fairs[1].city",
     "'Tours' has no fair (valid: Bruges, London, Paris"),
    ("fair city twice", opening, lambda d: d["fairs"][3].update(city=d["fairs"][2]["city"]), "fairs[3].city",
     "is round 3's fair city too"),
    ("cathedral costs not the tiles", opening, lambda d: d["cathedrals"][0].update(cost=9), "cathedrals",
     "are not the cost tiles 2, 2, 3, 3, 3, 4, 4, 5, 5"),
    ("tiles from the cathedral out of play", opening, _out_of_play_cathedral, "cathedrals[",
     "which is not in play (cost 0): must be 0"),
    # ---- round, pass, turn and phase -----------------------------------------------------------------
    ("actor out of turn", opening, lambda d: d.update(actor=d["order"][1]), "actor",
     "is not the seat whose turn it is: order[0]"),
    ("finished game's actor", finished, lambda d: d.update(actor=d["order"][1]), "actor",
     "in a finished game (the first in the final turn order)"),
    ("past king bonus tile kept", acting, lambda d: (d.update(round=2), d.pop("wheel", None)), "king_bonus[0]",
     "round 1's king bonus tile was decided at the end of round 1: must be null in round 2"),
    ("no revealed token", opening, lambda d: d.update(corruption_revealed=None), "corruption_revealed",
     "must be the token revealed at the start of this pass (0-5), got null"),
    ("revealed token still left", opening,
     lambda d: d.update(corruption_revealed=d["corruption_left"][0]),
     "corruption_revealed", "is also in corruption_left"),
    ("segments before any die", opening, lambda d: d.update(segments_used=["king"]), "segments_used",
     "lists 1 segments but only 0 dice were taken this round"),
    ("AP before the action part", acting, lambda d: d.update(phase="wheel_bonus"), "current",
     "the action part has not begun in the wheel_bonus phase"),
    ("action part without a die", acting, lambda d: d["current"].update(die=None), "current.die",
     "a die must have been taken in the action phase, got null"),
    ("jester phase off the jester", acting, lambda d: (d.update(phase="jester"), d["current"].update(ap=0)),
     "phase", "jester phase needs a die from the jester segment, not merchant"),
    ("jester flag off the jester", acting, lambda d: d["current"].update(jester=True), "current.jester",
     "true, but the die's segment is merchant"),
    # ---- the decision waited for ---------------------------------------------------------------------
    ("king bonus phase in round 4", king_phase, lambda d: (d.update(bonus_out=d["bonus_out"] + d["king_bonus"]),
                                                           d.update(round=4, king_bonus=[None, None, None])),
     "phase", "king_bonus phase needs round 1-3"),
    ("king bonus phase without the tile", king_phase,
     lambda d: (d["bonus_out"].append(d["king_bonus"][0]), d["king_bonus"].__setitem__(0, None)), "king_bonus[0]",
     "king_bonus phase needs round 1's king bonus tile, got null"),
    ("wheel bonus with full storage", acting, _wheel_bonus_full_storage, "seats[",
     "wheel_bonus phase needs a free storage space, all 4 are full"),
    ("colour choice with nothing to convert", colour_choice, _colour_without_the_colour, "current.choose",
     "colour: seat 0 has no wool (the die's colour) to convert"),
]


@pytest.mark.parametrize("name,base,edit,path,fragment", ROWS, ids=[row[0] for row in ROWS])
def test_each_refusal_names_its_field(name, base, edit, path, fragment):
    d = base()
    TiletumState.from_json(json.dumps(d))            # the base position itself is accepted
    edit(d)
    message = refusal(d)
    assert message.startswith(f"tiletum: {path}"), message
    assert fragment in message, message


def test_a_colour_choice_with_the_colour_loads():
    d = colour_choice()
    assert d["seats"][d["actor"]]["resources"]["wool"] > 0
    state = TiletumState.from_json(json.dumps(d))
    assert sorted(state.action_to_string(a) for a in state.legal_actions()) == [
        "choose F", "choose G", "choose I", "choose S"]
    assert bonus_of_kind(E_COLOUR) is not None        # the tile that opens this choice exists
