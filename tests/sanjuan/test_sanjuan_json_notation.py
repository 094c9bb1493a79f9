"""JSON positions (round trip, refusal of impossible ones) and the action notation."""
import json

import pytest

from engine_c import new_state, state_from_json
from engine_c.errors import InvalidPositionError, InvalidActionError, IllegalActionError
from engine_c.sanjuan import SanJuanState

from sanjuan_helpers import make, blank_position


def test_round_trip_through_a_game():
    s = new_state("sanjuan", 3, 5)
    for i in range(120):
        if s.is_terminal():
            break
        text = s.to_json()
        assert state_from_json(text) == s
        assert json.loads(text)["game"] == "sanjuan"
        s.apply_action(s.legal_actions()[i % len(s.legal_actions())])


def _position():
    return json.loads(make(2, hands={0: ["well", "crane"]}).to_json())


@pytest.mark.parametrize("mutate,message", [
    (lambda d: d["seats"][0]["hand"].update(well=3), "well"),
    (lambda d: d["seats"][0]["hand"].update(castle=1), "unknown card"),
    (lambda d: d["seats"][1]["buildings"].extend(["tower", "tower"]), "tower"),
    (lambda d: d["seats"][1].__setitem__("buildings", [{"card": "well", "good": "statue"}]), "not a production"),
    (lambda d: d.__setitem__("players", 5), "players"),
    (lambda d: d.__setitem__("tiles", ["T1", "T1", "T2", "T3", "T4"]), "tiles"),
    (lambda d: d.__setitem__("phase", "dance"), "phase"),
    (lambda d: d.__setitem__("picks", 1), "roles_taken"),
    (lambda d: d["seats"][0].__setitem__("known_discards", {"hero": 1}), "discard"),
    (lambda d: d.__setitem__("phase", "over"), "12 buildings"),
    (lambda d: d["supply"].append("hero"), "4 hero cards in the position, the deck has 3"),
    (lambda d: d.update(actor=1), "seat 0"),
    (lambda d: d.update(phase="sell", roles_taken=["builder"]), "does not belong"),
    (lambda d: d.update(phase="chapel"), "first round"),
    (lambda d: d["seats"].pop(), "seats"),
])
def test_impossible_positions_are_refused(mutate, message):
    d = _position()
    mutate(d)
    with pytest.raises(InvalidPositionError) as info:
        SanJuanState.from_json(json.dumps(d))
    text = str(info.value)
    assert message in text and "\n" not in text


def test_not_json():
    with pytest.raises(InvalidPositionError):
        SanJuanState.from_json("{nope")


def test_notation_round_trip_and_errors():
    s = make(2, hands={0: ["well", "crane"]})
    for a in range(s.num_distinct_actions):
        assert s.string_to_action(s.action_to_string(a)) == a
    assert s.string_to_action("Build Sugar Mill") == s.string_to_action("build sugar_mill")
    assert s.string_to_action("builder+library") != s.string_to_action("builder")
    for bad in ("", "fly", "build castle", "sell gold", "cover 12", "builder now"):
        with pytest.raises(InvalidActionError):
            s.string_to_action(bad)
    with pytest.raises(IllegalActionError):
        s.apply_action("trader+library")          # no library
    s.apply_action("builder")
    assert s.action_to_string(s.legal_actions()[-1]) == "build crane"


def test_features_keys():
    s = new_state("sanjuan", 2, 3)
    s.playout(1)
    f = s.features()
    assert len(f) == 2 and set(f[0]) >= {"built_indigo_plant", "built_palace", "goods_sold", "cards_drawn"}
    assert all(k.startswith(("built_", "goods_sold", "cards_drawn")) for k in f[0])
    assert sum(f[0][k] for k in f[0] if k.startswith("built_")) == len(s.to_dict()["seats"][0]["buildings"])


def test_unknown_option_and_player_count():
    with pytest.raises(ValueError):
        SanJuanState(2, 1, expansion=True)
    with pytest.raises(ValueError):
        SanJuanState(5, 1)


def test_compiled_tables_match_the_card_data():
    from engine_c.sanjuan.tables import c_tables
    from engine_c.sanjuan import data as data
    t = c_tables()
    assert t["cost"] == data.COST and t["vp"] == data.VP and t["copies"] == data.COPIES
    assert t["prices"] == [list(row) for row in data.TILES]
    assert sum(data.COPIES) == 110 and data.COPIES[0] == 10


def test_cached_legal_actions_match_a_fresh_position():
    """c_apply keeps the next legal actions; they must equal those of a freshly loaded copy."""
    import numpy as np
    rng = np.random.default_rng(4)
    for seed in range(6):
        s = new_state("sanjuan", 2 + seed % 3, seed)
        while not s.is_terminal():
            fresh = SanJuanState.from_json(s.to_json())
            assert s.legal_actions() == fresh.legal_actions()
            if rng.random() < 0.1:
                s = s.resample_hidden(s.current_player(), int(rng.integers(1000)))
            legal = s.legal_actions()
            s.apply_action(legal[int(rng.integers(len(legal)))])
        assert s.legal_actions() == []
