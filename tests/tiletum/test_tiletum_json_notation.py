"""JSON positions (round trip, validation), notation, determinization, data tables, features."""
import json

import numpy as np
import pytest

from engine_c import new_state, state_from_json
from engine_c.errors import InvalidActionError, InvalidPositionError
from engine_c.tiletum import data as D
from engine_c.tiletum.data import PERSONS
from engine_c.tiletum.tables import c_tables
from tiletum_helpers import fresh, load, act, action_turn, store, person_of, remove_tile


def _midgame(players, seed, steps):
    s = new_state("tiletum", players, seed)
    rng = np.random.default_rng(seed)
    for _ in range(steps):
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])
    return s


def test_c_tables_hold_the_installed_data():
    installed = c_tables()
    assert installed == {name: list(v) for name, v in D.c_arrays().items()}
    assert installed["TT_KING_VP"] == D.KING_VP and len(installed["TT_BONUS_KIND"]) == 54


def test_json_round_trip_midgame():
    for seed in range(5):
        s = _midgame(3, seed, 80 + seed)
        assert state_from_json(s.to_json()) == s


@pytest.mark.parametrize("edit,message", [
    (lambda d: d.update(game="sanjuan"), "not a tiletum position"),
    (lambda d: d.update(players=5), r"players: must be an integer in 2\.\.4, got 5"),
    (lambda d: d.update(phase="dance"), "phase: unknown value 'dance'"),
    (lambda d: d["bonus_stack"].append(d["bonus_stack"][0]), "twice"),
    (lambda d: d["bonus_stack"].pop(), "every bonus tile"),
    (lambda d: d["map"][3]["houses"].append(None), r"map\[3\]\.houses: must be a list of 3 entries"),
    (lambda d: d["seats"][0].update(king=20), r"seats\[0\]\.king: must be an integer in -6\.\.15"),
    (lambda d: d["seats"][0]["storage"].extend(["crest"] * 5), r"seats\[0\]\.storage: must be a list of 0\.\.4"),
    (lambda d: d.update(wheel_rotation=(d["wheel_rotation"] + 1) % 6), r"wheel: \[\w+(, \w+){5}\] does not match wheel_rotation"),
    (lambda d: d.update(wheel_order=["king"] * 6), "wheel_order"),
    (lambda d: d["seats"][0].update(cathedrals=["Paris"]), r"cathedrals\[1\]\.taken: 0 tiles taken from Paris, but 1 seats list it"),
])
def test_bad_positions_raise_one_line_errors(edit, message):
    d = fresh(2, 0)
    edit(d)
    with pytest.raises(InvalidPositionError, match=message) as info:
        load(d)
    assert "\n" not in str(info.value)


def test_two_kinds_in_one_building_is_rejected():
    d = fresh(2, 0)
    a, b = person_of(0), person_of(1)
    for x in (a, b):
        remove_tile(d, "p", x)
    d["seats"][0]["buildings"][0]["persons"] = [a, b]
    with pytest.raises(InvalidPositionError, match="one kind of person per building"):
        load(d)


def test_not_json_is_one_line_error():
    from engine_c.tiletum import TiletumState
    with pytest.raises(InvalidPositionError, match="not valid JSON"):
        TiletumState.from_json("{nope")
    with pytest.raises(InvalidPositionError, match="missing field"):
        TiletumState.from_json(json.dumps({"game": "tiletum", "players": 2}))


def test_notation_examples_and_errors():
    d = action_turn(action="contracts", ap=3)
    s = load(d)
    for text in ("take W3", "take W3>5", "bonus", "jester king", "move Paris", "build 0", "place 1>B2",
                 "trade W>I", "buy S", "crest B1", "cathedral Paris", "freemove architect Reims",
                 "choose F", "choose B3", "end", "kingbonus", "nokingbonus", "contract 4", "use 3"):
        a = s.string_to_action(text)
        assert 0 <= a < s.num_distinct_actions
    assert s.action_to_string(s.string_to_action("take W3>5")) == "take W3>5"
    for bad in ("", "take X3", "take W7", "move Atlantis", "place 5>B1", "crest B7", "fly"):
        with pytest.raises(InvalidActionError):
            s.string_to_action(bad)


def test_resample_redraws_only_the_future():
    s = _midgame(2, 3, 60)
    d = s.to_dict()
    futures = set()
    for seed in range(8):
        r = s.resample_hidden(s.current_player(), seed)
        rd = r.to_dict()
        assert {k: v for k, v in rd.items() if k != "rng"} == {k: v for k, v in d.items() if k != "rng"}
        r.playout(0)
        futures.add(tuple(r.scores()))
    assert len(futures) > 1, "different determinizations must allow different futures"


def test_same_rng_same_draws():
    s = _midgame(2, 4, 30)
    a, b = s.clone(), s.clone()
    a.playout(1)
    b.playout(1)
    assert a == b


def test_features():
    s = _midgame(4, 1, 150)
    f = s.features()
    assert len(f) == 4
    for p, x in enumerate(f):
        assert x["houses"] >= 1 and x["vp"] == s.scores()[p]
        assert {"pillars", "persons", "contracts", "cathedral_tiles", "king", "crests"} <= set(x)


def test_every_phase_round_trips():
    seen = set()
    for seed in range(6):
        s = new_state("tiletum", 2, seed)
        i = 0
        while True:
            d = s.to_dict()
            if d["phase"] not in seen:
                seen.add(d["phase"])
                assert load(d) == s
            if s.is_terminal():
                break
            s.apply_action(s.playout_action(seed * 1000 + i))
            i += 1
    assert seen == {"die", "wheel_bonus", "jester", "action", "choose", "king_bonus", "over"}
