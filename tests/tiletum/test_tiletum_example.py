"""The reference's worked example of one turn (rules reference §12), step by step."""
from tiletum_helpers import die_turn, set_wheel, load, act, legal_strings, to_round, set_cathedral_cost

PARIS = 3


def test_worked_example_anna_architect_turn():
    d = die_turn({"S2": 1, "W5": 1, "F6": 1}, gold=0)
    to_round(d, 2)
    set_wheel(d, 2, "architect")
    anna = d["actor"]
    seg_tile = d["wheel_bonus"]["architect"]
    paris_tile = d["map"][PARIS]["bonus"][0]
    set_cathedral_cost(d, PARIS, 3)
    s = load(d)
    act(s, "take S2")
    # nobody used the segment yet and her storage has room: she may take its bonus tile
    assert sorted(legal_strings(s)) == ["bonus", "nobonus"]
    act(s, "bonus")
    st = s.to_dict()
    assert st["seats"][anna]["resources"]["stone"] == 1 + 2
    assert st["current"]["action"] == "architect" and st["current"]["ap"] == 5
    act(s, "move Paris", "mapbonus 0", "build 0")
    assert s.to_dict()["current"]["ap"] == 2
    # free action: pay Paris's 3 stone, take the top cathedral tile (8 VP)
    act(s, "cathedral Paris")
    act(s, "move Tours", "move Bordeaux")
    st = s.to_dict()
    pl = st["seats"][anna]
    assert pl["architect"] == "Bordeaux" and pl["merchant"] == "Tiletum"
    assert pl["vp"] == 8 and pl["resources"]["stone"] == 0
    assert st["map"][PARIS]["pillars"][0] == anna and pl["pillars_available"] == 1
    assert pl["storage"] == [f"b{seg_tile}", f"b{paris_tile}"]
    assert st["current"]["ap"] == 0
    assert not any(x.startswith("move") for x in legal_strings(s))
    act(s, "end")
    assert s.current_player() != anna
