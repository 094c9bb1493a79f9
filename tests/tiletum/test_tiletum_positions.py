"""Reading positions: every field checked before it reaches C memory, impossible positions refused in
one line naming the field, and playouts that stop where there is no legal move."""
import copy
import json
import os
import subprocess
import sys
import textwrap

import pytest

import engine_c
from engine_c import new_state, state_from_json
from engine_c.errors import InvalidPositionError
from engine_c.game import _restore
from engine_c.tiletum import TiletumState
from engine_c.tiletum.data import E_VP
from tiletum_helpers import (fresh, load, action_turn, die_turn, fit_dice, begin_action, remove_tile,
                             person_of, dice_left)

HERE = os.path.dirname(os.path.abspath(__file__))


def refused(d):
    """The one-line message a position dict is refused with."""
    with pytest.raises(InvalidPositionError) as info:
        load(d)
    message = str(info.value)
    assert "\n" not in message and message.startswith("tiletum: ")
    return message


def run_child(code, timeout=120):
    """Run ``code`` in a fresh interpreter with the engine under test (a crash or hang there must not
    take the test run down)."""
    package_root = os.path.dirname(os.path.dirname(os.path.abspath(engine_c.__file__)))
    path = os.pathsep.join(p for p in (package_root, os.environ.get("PYTHONPATH")) if p)
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code)], cwd=HERE, capture_output=True,
                          text=True, timeout=timeout, env=dict(os.environ, PYTHONPATH=path))


def end_of_round(players=2, seed=0, round_=1):
    """The king phase after round ``round_``'s three passes: the king leader decides on the bonus tile."""
    d = fresh(players, seed)
    d.pop("wheel", None)
    d.update({"round": round_, "pass": 4, "turn": 0, "phase": "king_bonus"})
    d["corruption_left"] = d["corruption_left"][:3]
    leader = min(range(players), key=lambda p: (-d["seats"][p]["king"], d["seats"][p]["king_stack"]))
    d["actor"] = leader
    return fit_dice(d)


# ---- lengths and types are checked before C memory is touched (these used to crash) ----------------

SHORT_LISTS = {
    "king_bonus": (lambda d: d.update(king_bonus=d["king_bonus"][:2]), "king_bonus: must be a list of 3 entries"),
    "king_bonus_empty": (lambda d: d.update(king_bonus=[]), "king_bonus: must be a list of 3 entries"),
    "person_display": (lambda d: d.update(person_display=[]), "person_display: must be a list of 5 entries"),
    "person_display_4": (lambda d: d.update(person_display=d["person_display"][:4]),
                         "person_display: must be a list of 5 entries, got 4"),
    "contract_display": (lambda d: d.update(contract_display=[]), "contract_display: must be a list of 5 entries"),
    "corruption_left": (lambda d: d.update(corruption_left=[]), "corruption_left: must list 5 tokens in pass 1"),
}


def test_short_and_empty_lists_are_refused_naming_the_field_without_crashing():
    cases = {name: edit for name, (edit, _) in SHORT_LISTS.items()}
    positions = {}
    for name, edit in cases.items():
        d = fresh(2, 0)
        edit(d)
        positions[name] = json.dumps(d)
    # in a child: a reader that writes past a list's end dies with SIGSEGV
    done = run_child(f"""
        import json
        from engine_c import state_from_json
        from engine_c.errors import BoardlabError
        out = {{}}
        for name, text in json.loads({json.dumps(json.dumps(positions))}).items():
            try:
                state_from_json(text)
                out[name] = "accepted"
            except BoardlabError as exc:
                out[name] = str(exc)
        print(json.dumps(out))
    """)
    assert done.returncode == 0, f"the reader crashed (status {done.returncode}): {done.stderr[-500:]}"
    out = json.loads(done.stdout)
    for name, (_, message) in SHORT_LISTS.items():
        assert out[name].startswith("tiletum: " + message), (name, out[name])


@pytest.mark.parametrize("big", [2**31, 2**32, 2**63, 2**64, -2**31 - 1, 10**30])
@pytest.mark.parametrize("field,edit", [
    ("corruption_left[0]", lambda d, v: d["corruption_left"].__setitem__(0, v)),
    ("round", lambda d, v: d.update(round=v)),
    ("king_counter", lambda d, v: d.update(king_counter=v)),
    ("current.ap", lambda d, v: d["current"].update(ap=v)),
    ("dice.G3", lambda d, v: d["dice"].update(G3=v)),
    ("king_bonus[1]", lambda d, v: d["king_bonus"].__setitem__(1, v)),
    ("map[3].houses[0]", lambda d, v: d["map"][3]["houses"].__setitem__(0, v)),
    ("seats[1].resources.gold", lambda d, v: d["seats"][1]["resources"].update(gold=v)),
    ("seats[0].buildings[2].persons[0]", lambda d, v: d["seats"][0]["buildings"][2].update(persons=[v])),
    ("seats[0].bonus_ap.king", lambda d, v: d["seats"][0].update(bonus_ap={"king": v})),
])
def test_huge_integers_are_a_one_line_error_naming_the_field(field, edit, big):
    d = fresh(2, 0)
    edit(d, big)
    message = refused(d)
    assert message.startswith(f"tiletum: {field}: must be an integer in "), message
    assert "Overflow" not in message and "malformed" not in message


def test_rng_takes_every_uint64_and_no_more():
    d = fresh(2, 0)
    d["rng"] = 2**64 - 1
    assert load(d).to_dict()["rng"] == 2**64 - 1
    d["rng"] = 2**64
    assert refused(d).startswith("tiletum: rng: must be an integer in 0..")


@pytest.mark.parametrize("edit,message", [
    (lambda d: d["seats"][0]["buildings"][1].update(persons=[None]),
     "seats[0].buildings[1].persons[0]: must be an integer"),
    (lambda d: d["seats"][0]["storage"].append(7), "seats[0].storage[0]: unknown tile 7"),
    (lambda d: d["seats"][0]["storage"].append("b99"), "seats[0].storage[0]: unknown tile 'b99'"),
    (lambda d: d["seats"][1]["storage"].append("p\u00b2"), "seats[1].storage[0]: unknown tile"),
    (lambda d: d["seats"][0].update(cathedrals=["Bruges"]), "seats[0].cathedrals[0]: unknown value 'Bruges'"),
    (lambda d: d["seats"][0].update(bonus_ap={"dance": 1}), 'seats[0].bonus_ap.dance: unknown value'),
    (lambda d: d["seats"][0]["resources"].update(coal=1), "seats[0].resources.coal: unknown field"),
    (lambda d: d["seats"][0].update(crest_contracts=1), "seats[0].crest_contracts: must be 0"),
    (lambda d: d["seats"][0].update(king_stack=9), "seats[0].king_stack: 9 is above king_counter 2"),
    (lambda d: d.update(wheel_order=[1, 2, 3, 4, 5, 0]), "wheel_order[0]: unknown value 1"),
    (lambda d: d.update(segments_used=[["king"]]), "segments_used[0]: unknown value"),
    (lambda d: d["current"].update(jester=1), "current.jester: must be true or false"),
    (lambda d: d["current"].update(die="W7"), "current.die: unknown die 'W7' (valid: G1..G6, F1..F6, I1..I6, S1..S6, W1..W6"),
    (lambda d: d["current"].update(action="jester"), "current.action: 'jester' cannot be the action itself"),
    (lambda d: d["dice"].update({"X3": 1}), "dice.X3: unknown die 'X3' (valid: G1..G6"),
    (lambda d: d.update(wheel_bonus=dict(d["wheel_bonus"], dance=None)), "wheel_bonus.dance: unknown field"),
    (lambda d: d["map"][2].update(city="Paris"), "map[2].city: must be 'London'"),
    (lambda d: d["map"].pop(), "map: must be a list of 20 entries"),
    (lambda d: d["cathedrals"][0].pop("cost"), "cathedrals[0].cost: missing field"),
    (lambda d: d["fairs"][1].update(tile="circus"), "fairs[1].tile: unknown value 'circus'"),
    (lambda d: d.update(seats=d["seats"][:1]), "seats: must be a list of 2 entries"),
    (lambda d: d.update(person_stack=d["person_stack"] + [None]), "person_stack[40]: must be an integer"),
    (lambda d: d.update(extra=1), "extra: unknown field"),
    (lambda d: d.pop("round"), "round: missing field"),
    (lambda d: d.update(current=[]), "current: must be an object"),
])
def test_malformed_fields_are_named(edit, message):
    d = fresh(2, 0)
    edit(d)
    assert refused(d).startswith("tiletum: " + message)


def test_a_position_that_is_not_an_object():
    with pytest.raises(InvalidPositionError, match="must be a JSON object"):
        state_from_json("[1, 2]")
    with pytest.raises(InvalidPositionError, match="tiletum: a position must be a JSON object, got a list"):
        TiletumState.from_json(json.dumps(["tiletum"]))


# ---- round, pass, turn and phase agree -----------------------------------------------------------

def test_an_edited_pass_count_is_refused_with_the_reason():
    d = fresh(2, 0)
    d["pass"] = 3                          # the tokens and dice of pass 1 are still there
    assert "corruption_left: must list 3 tokens in pass 3" in refused(d)
    d["corruption_left"] = d["corruption_left"][:3]
    assert "dice: 8 dice on the wheel, but round 1 pass 3 turn 0 (die phase) leaves 4" in refused(d)
    fit_dice(d)
    assert load(d).to_dict()["pass"] == 3
    d["pass"] = 4
    assert "pass: must be 1-3 in the die phase" in refused(d)


def test_king_phase_needs_pass_four_turn_zero_and_the_leader():
    d = end_of_round()
    s = load(d)
    assert sorted(s.action_to_string(a) for a in s.legal_actions()) == ["kingbonus", "nokingbonus"]
    other = [p for p in range(2) if p != d["actor"]][0]
    assert "actor: king_bonus phase needs the king leader" in refused(dict(d, actor=other))
    assert "turn: must be 0 in the king_bonus phase" in refused(dict(d, turn=1))
    bad = dict(d, corruption_left=d["corruption_left"] + [4], corruption_revealed=None)
    assert "corruption_left: must list 3 tokens in pass 4" in refused(bad)
    d2 = fresh(2, 0)
    d2["phase"] = "king_bonus"
    assert "pass: must be 4 in the king_bonus phase" in refused(d2)


def test_wheel_bonus_phase_needs_the_tile_and_room():
    d = action_turn(action="king", ap=0, die="W3")
    d["phase"] = "wheel_bonus"
    assert load(d).legal_actions()
    tile = d["wheel_bonus"]["king"]
    d["wheel_bonus"]["king"] = None
    d["bonus_out"] = sorted(d["bonus_out"] + [tile])
    assert "wheel_bonus.king: wheel_bonus phase needs the segment's bonus tile" in refused(d)


def test_the_turn_in_progress_must_fit_the_die_and_the_phase():
    d = action_turn(action="merchant", ap=3, die="S2")
    load(d)
    turned = copy.deepcopy(d) | {"wheel_rotation": (d["wheel_rotation"] + 1) % 6}
    message = refused(turned)
    assert message.startswith("tiletum: current.segment: must be ") and message.endswith("got merchant")
    assert "the wheel segment of a 2 in round 1" in message
    bad = copy.deepcopy(d)
    bad["current"]["action"] = "architect"
    assert "current.action: must be merchant (the die's segment" in refused(bad)
    bad = copy.deepcopy(d)
    bad["segments_used"] = []
    assert "segments_used: must include merchant" in refused(bad)
    bad = copy.deepcopy(d)
    bad["current"]["any_resources"] = 1
    assert "current.any_resources: must be 0 in the action phase" in refused(bad)
    bad = copy.deepcopy(d)
    bad["phase"] = "choose"
    bad["current"]["choose"] = "any"
    assert "current.any_resources: must be at least 1" in refused(bad)
    bad["current"]["any_resources"] = 2
    load(bad)
    bad = fresh(2, 0)
    bad["current"]["free_moves"] = 2
    assert "current: the action part has not begun in the die phase" in refused(bad)
    bad = fresh(2, 0)
    bad["current"]["die"] = "W3"
    assert "current.die: must be null in the die phase" in refused(bad)


def test_retrigger_choice_without_a_person_is_refused():
    d = action_turn(action="king", ap=1)
    d["phase"] = "choose"
    d["current"]["choose"] = "retrigger"
    assert "current.choose: retrigger: seat 0 has no person on a building to retrigger" in refused(d)


# ---- dice ---------------------------------------------------------------------------------------

def test_dice_on_the_wheel_fit_the_round():
    d = die_turn({"W3": 1, "F1": 1})
    assert sum(d["dice"].values()) == dice_left(d) == 8
    load(d)
    d["dice"]["W3"] += 1
    assert "dice: 9 dice on the wheel, but round 1 pass 1 turn 0 (die phase) leaves 8" in refused(d)
    d = die_turn({"W3": 2})
    d["dice"] = {k: v for k, v in d["dice"].items() if k[0] != "W"}
    d["dice"]["W5"] = 1
    d["dice"]["W3"] = 2                     # 3 wool dice with 2 players: the bag holds 2
    fit = dict(d["dice"])
    while sum(fit.values()) > 8:
        k = next(k for k in sorted(fit) if k[0] != "W")
        fit[k] -= 1
        fit = {k: n for k, n in fit.items() if n}
    d["dice"] = fit
    assert "dice: too many wool dice: 3 on the wheel, but the bag holds 2 of each colour" in refused(d)


def test_the_taken_die_counts_against_its_colour():
    d = action_turn(action="king", ap=2, die="W2")
    wool = sum(n for k, n in d["dice"].items() if k[0] == "W")
    assert wool <= 1
    if wool == 0:                            # move another die to wool: 2 on the wheel + the taken one
        k = next(k for k in sorted(d["dice"]) if k[0] != "W")
        d["dice"][k] -= 1
        d["dice"] = {k: n for k, n in d["dice"].items() if n}
        d["dice"]["W6"] = 1
    k = next(k for k in sorted(d["dice"]) if k[0] != "W")
    d["dice"][k] -= 1
    d["dice"] = {k: n for k, n in d["dice"].items() if n}
    d["dice"]["W4"] = d["dice"].get("W4", 0) + 1
    assert "dice: too many wool dice" in refused(d)


# ---- the end of the game ------------------------------------------------------------------------

def test_a_game_cannot_be_over_before_round_four():
    d = end_of_round(round_=1)
    d["phase"] = "over"
    assert refused(d).startswith("tiletum: phase: the game cannot be over in round 1")
    d = fresh(2, 0)
    d["phase"] = "over"
    assert refused(d).startswith("tiletum: phase: the game cannot be over in round 1")


def test_a_finished_game_loads_and_its_final_scores_must_add_up():
    s = new_state("tiletum", 3, 4)
    s.playout(1, policy=True)
    d = s.to_dict()
    assert d["phase"] == "over" and load(d) == s
    bad = copy.deepcopy(d)
    bad["seats"][1]["final_vp"] += 1
    assert "seats[1].final_vp: must be" in refused(bad)
    bad = copy.deepcopy(d)
    tile = bad["bonus_stack"].pop()
    bad["king_bonus"][2] = tile
    assert "king_bonus[2]: round 3's king bonus tile was decided at the end of round 3" in refused(bad)
    bad = action_turn(action="king", ap=1)
    bad["seats"][0]["final_vp"] = 3
    assert "seats[0].final_vp: must be 0 before the game is over" in refused(bad)


# ---- playouts stop where there is no legal move -------------------------------------------------

def _stuck_state_bytes():
    """Raw bytes of a state whose player must retrigger a person but has none (readers refuse it)."""
    plain = action_turn(action="king", ap=1)
    p = plain["actor"]
    placed = copy.deepcopy(plain)
    x = person_of(0, E_VP)
    remove_tile(placed, "p", x)
    placed["seats"][p]["buildings"][3]["persons"] = [x]
    a, b = load(plain).to_bytes(), load(placed).to_bytes()
    choose = copy.deepcopy(placed)
    choose["phase"] = "choose"
    choose["current"]["choose"] = "retrigger"
    raw = bytearray(load(choose).to_bytes())
    for i in range(len(a)):                  # take the person out of the building again
        if a[i] != b[i]:
            raw[i] = a[i]
    return bytes(raw)


def test_playouts_stop_at_a_position_without_a_legal_move():
    raw = _stuck_state_bytes()
    state = _restore(TiletumState, raw, 2)
    assert state.legal_actions() == [] and not state.is_terminal()
    done = run_child(f"""
        from engine_c.game import _restore, benchmark_playouts
        from engine_c.tiletum import TiletumState
        for policy in (False, True):
            s = _restore(TiletumState, {raw!r}, 2)
            s.playout(0, policy=policy)
            assert s.legal_actions() == []
        print("stopped")
    """, timeout=60)
    assert done.returncode == 0 and "stopped" in done.stdout, done.stderr[-500:]
