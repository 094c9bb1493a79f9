"""The dice wheel: resources and action points from a die, gold adjustment, wheel bonus, rotation, jester."""
import pytest

from engine_c.tiletum.data import ACTIONS
from tiletum_helpers import die_turn, load, act, legal_strings, set_wheel, fresh, taken


def stone_takes(state):
    """The legal ways to take a stone die (the other dice the round needs are of other colours)."""
    return [x for x in legal_strings(state) if x.startswith("take S")]


def _no_wheel_bonus(d):
    d["bonus_out"] += [v for v in d["wheel_bonus"].values() if v is not None]
    d["wheel_bonus"] = {a: None for a in ACTIONS}
    return d


@pytest.mark.parametrize("value", [1, 2, 3, 4, 5, 6])
def test_die_gives_pips_resources_and_seven_minus_pips_action_points(value):
    d = _no_wheel_bonus(set_wheel(die_turn({f"W{value}": 1, "F1": 1}, gold=0), value, "king"))
    p = d["actor"]
    s = load(d)
    act(s, f"take W{value}")
    after = s.to_dict()
    assert after["seats"][p]["resources"]["wool"] == 1 + value
    assert after["phase"] == "action" and after["current"]["action"] == "king"
    assert after["current"]["ap"] == 7 - value
    assert after["dice"] == taken(d["dice"], f"W{value}")


def test_gold_changes_a_die_by_one_per_two_gold_no_wrap_with_die_wrap_false():
    d = _no_wheel_bonus(die_turn({"S2": 1}, gold=3))
    d["die_wrap"] = False
    s = load(d)
    assert sorted(stone_takes(s)) == ["take S2", "take S2>1", "take S2>3"]
    d["seats"][d["actor"]]["resources"]["gold"] = 7
    s = load(d)
    assert "take S2>6" not in legal_strings(s) and "take S2>5" in legal_strings(s)
    d1 = _no_wheel_bonus(die_turn({"S1": 1}, gold=2))
    d1["die_wrap"] = False
    assert "take S1>6" not in legal_strings(load(d1)), "values do not wrap from 1 to 6"
    d["seats"][d["actor"]]["resources"]["gold"] = 8
    s = load(d)
    assert "take S2>6" in legal_strings(s)
    d = set_wheel(d, 6, "merchant")
    s = load(d)
    act(s, "take S2>6")
    pl = s.to_dict()["seats"][d["actor"]]
    assert pl["resources"]["gold"] == 0 and pl["resources"]["stone"] == 1 + 6
    assert s.to_dict()["current"]["ap"] == 1 and s.to_dict()["current"]["action"] == "merchant"


def test_wheel_bonus_only_for_the_first_die_of_a_segment_and_optional():
    d = set_wheel(die_turn({"W3": 2, "I3": 1}), 3, "king")
    tile = d["wheel_bonus"]["king"]
    assert tile is not None
    p0 = d["actor"]
    s = load(d)
    act(s, "take W3")
    assert sorted(legal_strings(s)) == ["bonus", "nobonus"]
    act(s, "nobonus")
    assert s.to_dict()["wheel_bonus"]["king"] == tile
    act(s, "king", "end")
    # the second player takes a die from the same segment: no bonus choice any more
    act(s, "take I3")
    assert s.to_dict()["phase"] == "action"
    # the first taker may take it
    s = load(d)
    act(s, "take W3", "bonus")
    assert s.to_dict()["seats"][p0]["storage"] == [f"b{tile}"]
    assert s.to_dict()["wheel_bonus"]["king"] is None


def test_wheel_bonus_needs_a_free_storage_space():
    d = set_wheel(die_turn({"W3": 1, "F1": 1}), 3, "king")
    from tiletum_helpers import store
    for i in range(4):
        store(d, d["actor"], "c", i)
    s = load(d)
    act(s, "take W3")
    assert s.to_dict()["phase"] == "action"


def test_wheel_turns_one_segment_each_round():
    from engine_c import new_state
    import numpy as np
    s = new_state("tiletum", 2, 5)
    wheels = {}
    rng = np.random.default_rng(0)
    while not s.is_terminal():
        d = s.to_dict()
        wheels[d["round"]] = d["wheel"]
        legal = s.legal_actions()
        s.apply_action(legal[int(rng.integers(len(legal)))])
    for r in (2, 3, 4):
        # the action that was on value v is now on value v+1 (6 -> 1)
        assert wheels[r] == [wheels[r - 1][5]] + wheels[r - 1][:5]


def test_action_tiles_order_is_used_by_the_wheel():
    d = die_turn({"W3": 1, "F1": 1}, gold=0)
    d["wheel_order"] = ["king", "jester", "contracts", "persons", "architect", "merchant"]
    d = _no_wheel_bonus(set_wheel(d, 3, "persons"))
    s = load(d)
    act(s, "take W3")
    assert s.to_dict()["current"]["action"] == "persons"
    assert s.to_dict()["wheel"][2] == "persons"


def test_jester_copies_any_other_action_with_the_die_strength():
    d = set_wheel(die_turn({"W2": 1, "F1": 1}, gold=0), 2, "jester")
    d["wheel_bonus"]["jester"], d["bonus_out"] = None, d["bonus_out"] + [d["wheel_bonus"]["jester"]]
    s = load(d)
    act(s, "take W2")
    assert sorted(legal_strings(s)) == sorted("jester " + a for a in ACTIONS[:5])
    act(s, "jester architect")
    cur = s.to_dict()["current"]
    assert cur["action"] == "architect" and cur["jester"] and cur["ap"] == 5
    assert "move Paris" in legal_strings(s)


def test_die_wrap_default_steps_around_six_and_one_for_two_gold():
    d = _no_wheel_bonus(die_turn({"S1": 1}, gold=2))
    s = load(d)
    assert s.to_dict()["die_wrap"] is True
    assert sorted(stone_takes(s)) == ["take S1", "take S1>2", "take S1>6"]
    d6 = _no_wheel_bonus(die_turn({"S6": 1}, gold=2))
    assert sorted(stone_takes(load(d6))) == ["take S6", "take S6>1", "take S6>5"]
    d6["seats"][d6["actor"]]["resources"]["gold"] = 4        # two steps either way: 6 -> 2 around, 6 -> 4 back
    assert sorted(stone_takes(load(d6))) == ["take S6", "take S6>1", "take S6>2", "take S6>4", "take S6>5"]
    d = set_wheel(d, 6, "merchant")
    s = load(d)
    act(s, "take S1>6")
    pl = s.to_dict()["seats"][d["actor"]]
    assert pl["resources"]["gold"] == 0 and pl["resources"]["stone"] == 1 + 6
    assert s.to_dict()["current"]["ap"] == 1 and s.to_dict()["current"]["action"] == "merchant"
