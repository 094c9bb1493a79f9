"""JSON positions (round trip, validation) and the action notation."""
import json

import pytest

from engine_c import new_state, state_from_json
from engine_c.errors import BoardlabError, InvalidActionError, InvalidPositionError
from engine_c.seasons import SeasonsState



def midgame(players=3, seed=1, steps=60):
    s = new_state("seasons", players, seed)
    for i in range(steps):
        if s.is_terminal():
            break
        s.apply_action(s.legal_actions()[(i * 7) % len(s.legal_actions())])
    return s


def test_round_trip_is_byte_identical():
    for players in (2, 3, 4):
        s = midgame(players)
        t = state_from_json(s.to_json())
        assert t == s and t.to_bytes() == s.to_bytes()


def test_unknown_option_and_player_count():
    with pytest.raises(BoardlabError, match="unknown option"):
        SeasonsState(2, 0, spring=True)
    with pytest.raises(BoardlabError, match="winter must be true or false"):
        SeasonsState(2, 0, winter="yes")
    with pytest.raises(BoardlabError):
        new_state("seasons", 5, 0)


@pytest.mark.parametrize("change,message", [
    (lambda d: d["seats"][0]["resources"].update(sand=5), "sand pieces"),
    (lambda d: d["seats"][0].update(talers=50), "talers"),
    (lambda d: d["seats"][0].update(hand=["messenger", "spy"]), r"seats\[0\]\.hand\[1\]: unknown card 'spy' \(valid: messenger, "),
    (lambda d: (d["places"].update(palace_a=0), d["seats"][0].update(helpers=6)), "places.palace_a: a helper on a building not erected"),
    (lambda d: d.update(phase="dance"), "phase: unknown phase 'dance'"),
    (lambda d: d.update(track=3), "round track"),
    (lambda d: d["seats"][1].update(helpers=2), "helpers"),
    (lambda d: d["tiles"].update(house=2), r"tiles\.house: 2 left plus 0 built make 2, not 4"),
    (lambda d: d.update(actor=1), "belongs to seat"),
    (lambda d: d.update(bank=80), "seasons: bank: 98 talers in the position, the game has 105: 80 in bank, 11 in track"),
])
def test_bad_positions_are_refused_in_one_line(change, message):
    d = new_state("seasons", 2, 0).to_dict()
    change(d)
    with pytest.raises(InvalidPositionError, match=message) as err:
        SeasonsState.from_json(json.dumps(d))
    assert "\n" not in str(err.value)


def test_not_json():
    with pytest.raises(InvalidPositionError, match="not valid JSON"):
        SeasonsState.from_json("{nope")


def test_notation_round_trip_and_errors():
    s = new_state("seasons", 2, 0)
    for a in range(SeasonsState.num_distinct_actions):
        text = s.action_to_string(a)
        assert s.string_to_action(text) == a
        assert s.string_to_action("  " + text.upper() + " ") == a
    assert s.action_to_string(14) == "trader sand" and s.action_to_string(44) == "pass"
    assert s.action_to_string(55 + 2) == "pay stone 2"
    with pytest.raises(InvalidActionError):
        s.string_to_action("build castle")
    with pytest.raises(InvalidActionError):
        s.action_to_string(999)


def test_apply_action_accepts_text():
    s = new_state("seasons", 3, 0)
    s.apply_action("pick trader")
    assert s.to_dict()["seats"][0]["selected"] == ["trader"]
