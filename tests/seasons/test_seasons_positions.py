"""Position reader: every field checked with a one-line error naming it; impossible states refused."""
import json
import subprocess
import sys

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import InvalidPositionError
from engine_c.seasons import SeasonsState


def refused(d):
    """The one-line message from_json refuses ``d`` with."""
    with pytest.raises(InvalidPositionError) as info:
        SeasonsState.from_json(json.dumps(d))
    text = str(info.value)
    assert "\n" not in text and text.startswith("seasons: ")
    assert "malformed position" not in text         # the reader's own check, not the safety net
    return text


def in_phase(phase, players=2, seed=0):
    """A position of a random game whose phase is ``phase`` (dict)."""
    rng = np.random.default_rng(seed)
    for game in range(200):
        s = new_state("seasons", players, game)
        while not s.is_terminal():
            d = s.to_dict()
            if d["phase"] == phase:
                return d
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
        if phase == "over":
            return s.to_dict()
    raise AssertionError(f"no {phase} position found")


def opening(players=2):
    return new_state("seasons", players, 0).to_dict()


# ---- every field checked by the shared vocabulary, with its path -----------------------------

def _set(path, value):
    def change(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return change


FIELDS = [("rng",), ("round",), ("start",), ("track",), ("bank",), ("actor",), ("forge",), ("picks",),
          ("queue_pos",), ("equip_pos",), ("traders",), ("tiles", "house"), ("spot_rounds", 2),
          ("stock", "sand"), ("turn", "builds"), ("turn", "pay_left"), ("turn", "paid", 1),
          ("seats", 1, "talers"), ("seats", 0, "vp"), ("seats", 1, "helpers"), ("seats", 0, "built_round"),
          ("seats", 1, "resources", "wood"), ("seats", 0, "workers", "worker2", "clay"),
          ("seats", 1, "played", "trader"), ("seats", 0, "built", "tower"), ("seats", 1, "converted_talers")]


def _path_text(path):
    text = path[0]
    for key in path[1:]:
        text += f"[{key}]" if isinstance(key, int) else f".{key}"
    return text


@pytest.mark.parametrize("value", [2**31, 2**63, 2**64, -1, -2**31, None, [], [3], {}, "3", 1.5, True])
@pytest.mark.parametrize("path", FIELDS, ids=_path_text)
def test_bad_numbers_name_their_field(path, value):
    d = opening()
    if path == ("rng",) and isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 2**64:
        return                                       # a valid seed
    _set(path, value)(d)
    assert refused(d).startswith(f"seasons: {_path_text(path)}: ")


@pytest.mark.parametrize("value", [2**31, 2**64, -1, None, [0], "0", True])
def test_queue_seat_beyond_int32_is_a_field_error_not_overflow(value):
    d = in_phase("build", players=3)
    d["queue"][0] = [value, d["queue"][0][1] if isinstance(d["queue"][0], list) else "trader"]
    assert refused(d).startswith("seasons: queue[0][0]: must be an integer in 0..2")


@pytest.mark.parametrize("change,message", [
    (_set(("phase",), None), "phase: unknown phase None (valid: select, load,"),
    (_set(("phase",), ["select"]), "phase: unknown phase ['select']"),
    (_set(("turn", "building"), ["tower"]), "turn.building: unknown building ['tower']"),
    (_set(("turn", "place"), 7), "turn.place: unknown place 7"),
    (_set(("seats", 0, "hand", 2), "spy"), "seats[0].hand[2]: unknown card 'spy' (valid: messenger, trader,"),
    (_set(("seats", 0, "hand", 2), None), "seats[0].hand[2]: unknown card None"),
    (_set(("seats", 1, "hand"), "messenger"), "seats[1].hand: must be a list, got a string"),
    (_set(("seats", 1, "selected"), ["trader", "trader"]), "seats[1].selected: lists trader twice"),
    (_set(("seats", 0, "helped_round"), ["castle"]), "seats[0].helped_round[0]: unknown helper building"),
    (_set(("seats", 0, "resources"), {"gold": 1}), "seats[0].resources.gold: unknown field"),
    (_set(("seats", 0, "workers"), {"worker4": {}}), "seats[0].workers.worker4: unknown field"),
    (_set(("seats",), {}), "seats: must be a list, got an object"),
    (_set(("seats",), [{}]), "seats: must be a list of 2..4 entries, got 1"),
    (_set(("seats",), [{}, {}, {}]), "seats: must be a list of 2 entries, got 3"),
    (_set(("spots", "sand"), "me"), "spots.sand: must be an integer in 0..1"),
    (_set(("spot_rounds",), [0, 0]), "spot_rounds: must be a list of 5 entries"),
    (_set(("places", "keep"), [0]), "places.keep: must be an integer in 0..1"),
    (_set(("queue",), ["payout"] * 17), "queue: must be a list of 0..16 entries"),
    (_set(("queue",), [[0, "trader", 1]]), "queue[0]: must be [seat, card]"),
    (_set(("queue",), [{"seat": 0}]), "queue[0]: must be [seat, card]"),
    (_set(("turn",), []), "turn: must be an object, got a list"),
    (_set(("last_round",), None), "last_round: must be true or false"),
    (_set(("num_players",), 2**31), "num_players: must be an integer in 2..4"),
    (_set(("bogus",), 1), "bogus: unknown field"),
])
def test_wrong_types_and_names_name_their_field(change, message):
    d = opening()
    change(d)
    assert f"seasons: {message}" in refused(d)


def test_every_position_of_random_games_loads_and_round_trips():
    rng = np.random.default_rng(1)
    for game in range(24):
        s = new_state("seasons", 2 + game % 3, game)
        while True:
            t = SeasonsState.from_json(s.to_json())
            assert t == s
            if s.is_terminal():
                break
            if rng.random() < 0.1:
                s = s.resample_hidden(s.current_player(), int(rng.integers(1000)))
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])


# ---- impossible hands, selections and queues ----------------------------------------------------

def test_an_emptied_hand_is_refused():
    d = opening(3)
    d["seats"][2]["hand"] = []                       # not the player to act
    assert "seats[2].hand: the masterbuilder is in every hand" in refused(d)
    d = in_phase("build", players=3)
    for seat in d["seats"]:
        seat["hand"] = []
    assert "hand: the masterbuilder is in every hand" in refused(d)


def test_two_player_hands_hold_an_even_number_of_cards():
    d = opening(2)
    d["seats"][1]["hand"] = ["messenger", "trader", "masterbuilder"]     # a pair would leave the master alone
    assert "seats[1].hand: with 2 players hands hold an even number" in refused(d)


def test_selections_must_match_the_picks_made():
    d = opening(3)
    d["seats"][1]["selected"] = ["trader"]           # seat 1 has not chosen yet
    assert "seats[1].selected: seat 1 made 0 of the 0 selections, not 1" in refused(d)
    d = opening(2)
    d.update(picks=1)
    d["seats"][0]["selected"] = ["worker3"]          # the highest valid card: no second card above it
    assert "seats[0].selected: the first card of a pair must leave a higher card" in refused(d)
    d = opening(3)
    d.update(picks=1, actor=1)
    d["seats"][0]["selected"] = ["masterbuilder"]    # not while holding all 8
    assert "seats[0].selected: a card he may not choose" in refused(d)


def test_the_queue_must_be_the_revealed_cards_in_resolution_order():
    d = in_phase("build", players=3)
    assert len(d["queue"]) >= 2
    d["queue"].reverse()
    assert "queue: must be the revealed cards in resolution order: [" in refused(d)
    d = in_phase("build", players=3)
    d["queue"].append(d["queue"][-1])
    assert "queue: must be the revealed cards in resolution order" in refused(d)
    d = in_phase("build", players=2)
    d["queue"] = []
    d["queue_pos"] = 0
    assert "queue: must be the revealed cards in resolution order" in refused(d)


def test_revealed_cards_leave_the_hand():
    d = in_phase("build", players=3)
    p = d["actor"]
    d["seats"][p]["hand"] = sorted(set(d["seats"][p]["hand"]) | set(d["seats"][p]["selected"]),
                                   key=["messenger", "trader", "bricklayer", "stonemason", "worker1", "worker2",
                                        "worker3", "masterbuilder"].index)
    assert f"seats[{p}].hand: revealed cards leave the hand" in refused(d)


def test_selection_phase_has_an_empty_queue():
    d = opening(2)
    d["queue"] = [[0, "trader"]]
    assert "queue: the cards are revealed and queued only after the selection" in refused(d)


def test_payment_fields_must_add_up():
    d = in_phase("pay", players=2)
    d["turn"]["pay_left"] += 1
    assert "turn.pay_left: " in refused(d)
    d = opening(2)
    d["turn"]["pay_left"] = 5
    assert "turn: pay_step, pay_left and paid are 0 outside a payment" in refused(d)


def test_paying_for_a_building_without_a_tile_left_is_refused():
    d = in_phase("pay", players=2)
    b = d["turn"]["building"]
    n = d["tiles"][b]
    d["tiles"][b] = 0
    d["seats"][1 - d["actor"]]["built"][b] += n
    assert "turn.building: no " in refused(d)


def test_a_decision_of_the_wrong_card_is_refused():
    d = in_phase("build", players=3)
    d["phase"] = "trader"
    assert "phase: trader is no decision of the" in refused(d)


def test_worker_pieces_only_on_played_unresolved_workers():
    d = opening(2)
    d["seats"][0]["workers"]["worker1"]["wood"] = 1
    d["stock"]["wood"] -= 1
    assert "seats[0].workers.worker1: worker cards are loaded only at the reveal" in refused(d)


# ---- finished games that could not be over --------------------------------------------------------

def test_a_game_over_in_the_first_round_is_refused():
    d = opening(2)
    d["phase"] = "over"
    d["picks"] = 4
    assert "phase: the game is over in round 1 of 12 with 23 tiles left to build" in refused(d)


def test_a_finished_game_loads():
    d = in_phase("over", players=3)
    assert SeasonsState.from_json(json.dumps(d)).is_terminal()
    d["round"] -= 1                                  # a round earlier, its round-track taler still there
    d["track"] += 1
    payer = max(range(3), key=lambda p: d["seats"][p]["talers"])
    d["seats"][payer]["talers"] -= 1
    if sum(d["tiles"].values()):
        assert "the game is over in round" in refused(d)


def test_final_scoring_only_at_the_end():
    d = opening(2)
    d["seats"][0]["vp_final"] = 3
    d["seats"][0]["vp"] = 3
    assert "seats[0]: final scoring (vp_final, converted) before the game is over" in refused(d)
    d = opening(2)
    d["seats"][0]["vp"] = 3
    assert "seats[0].vp: must be vp_buildings + vp_master + vp_final + vp_winter = 0, got 3" in refused(d)


def test_last_round_flag_matches_the_tiles():
    d = opening(2)
    d["last_round"] = True
    assert "last_round: must be true exactly when every tile is built" in refused(d)


# ---- playouts stop at a position without a legal move ---------------------------------------------

STUCK_PLAYOUT = """
from engine_c import new_state
from engine_c.game import _restore
s = new_state("seasons", {players}, 3)
raw = bytearray(s.to_bytes())
assert raw[8] == {players} and raw[9] == 0          # CS: uint64 rng, then np, phase
raw[9] = 6                                          # pay, with nothing to pay: no legal move
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
