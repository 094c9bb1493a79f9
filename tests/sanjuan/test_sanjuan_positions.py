"""Position reader: every field checked with a one-line error naming it; impossible states refused."""
import json
import subprocess
import sys

import pytest

from engine_c.errors import InvalidPositionError
from engine_c.sanjuan import SanJuanState

from sanjuan_helpers import make


def refused(d):
    """The one-line message from_json refuses ``d`` with."""
    with pytest.raises(InvalidPositionError) as info:
        SanJuanState.from_json(json.dumps(d))
    text = str(info.value)
    assert "\n" not in text and text.startswith("sanjuan: ")
    assert "malformed position" not in text         # the reader's own check, not the safety net
    return text


def position(**kw):
    """A valid 2-player role-choice position (dict): seat 0 holds a well and a crane."""
    kw.setdefault("hands", {0: ["well", "crane"]})
    return make(2, **kw).to_dict()


def _set(path, value):
    def change(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


def _path_text(path):
    text = path[0]
    for key in path[1:]:
        text += f"[{key}]" if isinstance(key, int) else f".{key}"
    return text


# ---- every field checked by the shared vocabulary, with its path -----------------------------

FIELDS = [("rng",), ("rounds",), ("governor",), ("actor",), ("chooser",), ("picks",), ("acted",),
          ("tile_next",), ("tiles_seen",), ("pending_owner",), ("turn", "count"), ("turn", "limit"),
          ("turn", "last"), ("turn", "income"), ("seats", 1, "goods_sold"), ("seats", 0, "cards_drawn"),
          ("seats", 0, "hand", "well"), ("discard", "hero"), ("pending", "well")]


@pytest.mark.parametrize("value", [2**31, 2**63, 2**64, -1, -2**31, None, [], [1], {}, "1", 0.5, True])
@pytest.mark.parametrize("path", FIELDS, ids=_path_text)
def test_bad_numbers_name_their_field(path, value):
    d = position()
    if path == ("rng",) and isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**64:
        return                                       # a valid seed
    _set(path, value)(d)
    assert refused(d).startswith(f"sanjuan: {_path_text(path)}: ")


@pytest.mark.parametrize("change,message", [
    (_set(("phase",), None), "phase: unknown phase None (valid: role, build,"),
    (_set(("phase",), ["role"]), "phase: unknown phase ['role']"),
    (_set(("role",), {}), "role: unknown role {}"),
    (_set(("roles_taken",), "builder"), "roles_taken: must be a list, got a string"),
    (_set(("roles_taken",), [None]), "roles_taken[0]: unknown role None"),
    (_set(("tile",), 2), "tile: unknown tile 2"),
    (_set(("tiles",), ["T1", "T1", "T2", "T3", "T4"]), "tiles: lists T1 twice (the five tiles T1..T5 once each)"),
    (_set(("tiles",), ["T1", "T2", "T3", "T4", "T5", "T1"]), "tiles: must be a list of 0..5 entries, got 6"),
    (_set(("tiles", 3), [4]), "tiles[3]: unknown tile [4]"),
    (_set(("supply", 3), None), "supply[3]: unknown card None (valid: indigo_plant, sugar_mill,"),
    (_set(("supply", 0), ["well"]), "supply[0]: unknown card ['well']"),
    (_set(("seats", 0, "hand"), {"spy": 1}), "seats[0].hand.spy: unknown card 'spy' (valid: indigo_plant,"),
    (_set(("seats", 0, "hand"), ["well"] * 4), "seats[0].hand: lists 4 well, the deck has 3"),
    (_set(("seats", 0, "hand"), ["well", 7]), "seats[0].hand[1]: unknown card 7"),
    (_set(("seats", 0, "hand"), "well"),
     "seats[0].hand: must be an object {card: count} or a list of cards, or a number of cards, got 'well'"),
    (_set(("seats", 1, "buildings"), []), "seats[1].buildings: must be a list of 1..12 entries, got 0"),
    (_set(("seats", 1, "buildings"), "indigo_plant"), "seats[1].buildings: must be a list, got a string"),
    (_set(("seats", 1, "buildings", 0), {"kind": "indigo_plant"}), "seats[1].buildings[0].kind: unknown field"),
    (_set(("seats", 1, "buildings", 0), {"card": "indigo_plant", "good": 3}),
     "seats[1].buildings[0].good: unknown card 3"),
    (_set(("seats", 1, "buildings", 0), None), "seats[1].buildings[0]: unknown card None"),
    (_set(("seats", 1), []), "seats[1]: must be an object, got a list"),
    (_set(("seats", 1, "chapel"), {"hero": 2**31}), "seats[1].chapel.hero: must be an integer in 0..3"),
    (_set(("turn",), None), "turn: must be an object, got null"),
    (_set(("turn", "building"), 5), "turn.building: unknown card 5"),
    (_set(("role_library",), None), "role_library: must be true or false, got None"),
    (_set(("pending_public",), 0), "pending_public: must be true or false, got 0"),
    (_set(("players",), 2**64), "players: must be an integer in 2..4"),
    (_set(("num_players",), 2**64), "num_players: must be an integer in 2..4"),
    (_set(("bogus",), 1), "bogus: unknown field"),
])
def test_wrong_types_and_names_name_their_field(change, message):
    d = position()
    change(d)
    assert f"sanjuan: {message}" in refused(d)


def test_public_discards_stay_optional():
    d = position()
    del d["public_discards"]
    assert SanJuanState.from_json(json.dumps(d)).to_dict()["public_discards"] == {}


# ---- the phase must fit the state --------------------------------------------------------------

def _hand_limit(cards, limit, tower=False):
    d = position(hands={0: cards}, buildings={0: ["indigo_plant", "tower"]} if tower else None)
    d.update(phase="hand_limit", rounds=2)
    d["turn"]["limit"] = limit
    return d


def test_hand_limit_phase_for_a_player_at_the_limit_is_refused():
    # 7 cards and nothing to discard: the old reader took it, and the discards then never ended
    d = _hand_limit(["well"] * 3 + ["crane"] * 3 + ["hero"], 0)
    assert "phase: hand_limit: seat 0 holds 7 cards, not above his limit of 7" in refused(d)


def test_hand_limit_phase_for_a_player_under_the_limit_is_refused():
    d = _hand_limit(["well", "crane"], 0)
    assert "phase: hand_limit: seat 0 holds 2 cards, not above his limit of 7" in refused(d)
    d = _hand_limit(["well"] * 3 + ["crane"] * 3 + ["hero"] * 3, 0, tower=True)
    assert "phase: hand_limit: seat 0 holds 9 cards, not above his limit of 12" in refused(d)


def test_hand_limit_phase_above_the_limit_loads():
    d = _hand_limit(["well"] * 3 + ["crane"] * 3 + ["hero"] * 3, 2)
    assert SanJuanState.from_json(json.dumps(d)).legal_actions()
    d["turn"]["limit"] = 1
    assert "turn.limit: hand_limit: must be the 2 cards above the limit" in refused(d)


def test_hands_above_the_limit_at_the_first_role_choice_are_refused():
    cards = ["well"] * 3 + ["crane"] * 3 + ["hero"] * 2
    d = position(hands={1: cards})                          # round 1: no limit step yet
    d["rounds"] = 3
    assert "seats[1].hand: 8 cards at the first role choice of a round, above his hand limit of 7" in refused(d)
    d = position(hands={1: cards}, picks=1, roles_taken=["trader"], chooser=1, actor=1)
    d["rounds"] = 3
    assert SanJuanState.from_json(json.dumps(d))           # cards drawn after the first role


def test_building_only_while_placing_or_paying():
    d = position()
    d["turn"]["building"] = "well"
    assert "turn.building: must be null outside the place and pay steps (phase role)" in refused(d)


def test_paying_for_a_building_he_does_not_have_is_refused():
    s = make(2, hands={0: ["tobacco_storage", "well", "crane", "hero"]})
    s.apply_action("builder")
    s.apply_action("build tobacco_storage")
    d = s.to_dict()
    assert d["phase"] == "pay"
    d["turn"]["building"] = "hero"                  # paying for a hero nowhere in his area
    d["seats"][0]["hand"]["hero"] -= 1              # (the tobacco storage stays built)
    d["seats"][0]["hand"]["tobacco_storage"] = 1
    d["seats"][0]["buildings"].remove("tobacco_storage")
    d["supply"].append("hero")
    assert "turn.building: pay: hero is not among seat 0's buildings" in refused(d)


def test_chapel_step_without_a_chapel_is_refused():
    d = position(rounds=2)
    d["phase"] = "chapel"
    assert "phase: chapel: seat 0 has no chapel or no card to tuck" in refused(d)


def test_gold_mine_decision_needs_four_revealed_cards():
    d = position(rounds=2, buildings={0: ["indigo_plant", "gold_mine"]})
    d.update(phase="gold_mine", role="prospector", roles_taken=["prospector"], pending_public=True)
    for name in ("smithy", "well", "chapel", "library"):
        d["supply"].remove(name)
        d["pending"][name] = 1
    assert SanJuanState.from_json(json.dumps(d)).legal_actions()
    d["pending"]["library"] = 0
    d["pending"]["poor_house"] = 1                   # cost 2 twice (with the well)
    d["supply"].remove("poor_house")
    d["supply"].append("library")
    assert "pending: gold_mine: the 4 revealed cards must have 4 different costs" in refused(d)


# ---- finished games that could not be over --------------------------------------------------------

@pytest.mark.parametrize("rounds", [1, 5, 99])
def test_a_game_over_without_12_buildings_before_round_100_is_refused(rounds):
    d = position(rounds=rounds)
    d["phase"] = "over"
    assert f"phase: the game is over in round {rounds} but nobody has 12 buildings" in refused(d)


def test_a_game_over_at_the_round_cap_loads_and_later_rounds_are_impossible():
    d = position(rounds=100)
    d["phase"] = "over"
    assert SanJuanState.from_json(json.dumps(d)).is_terminal()
    d["rounds"] = 101
    assert "rounds: must be an integer in 1..100" in refused(d)


# ---- playouts stop at a position without a legal move ---------------------------------------------

STUCK_PLAYOUT = """
from engine_c import new_state
from engine_c.game import _restore
s = new_state("sanjuan", {players}, 3)
raw = bytearray(s.to_bytes())
assert raw[8] == {players} and raw[10] == 0         # SJ: uint64 rng, then np, governor, phase
raw[10] = 8                                         # gold_mine, with no revealed card: no legal move
stuck = _restore(type(s), bytes(raw), {players})
assert stuck.legal_actions() == [] and not stuck.is_terminal()
for policy in (False, True):
    world = stuck.clone()
    world.playout(1, policy=policy)
print("ok")
"""


@pytest.mark.parametrize("players", [2, 4])
def test_playouts_stop_at_a_position_without_a_legal_move(players):
    done = subprocess.run([sys.executable, "-c", STUCK_PLAYOUT.format(players=players)],
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]
