"""Round structure: corruption, king phase, fairs, the end of the game, final scoring, tie-break."""
import pytest

from engine_c.tiletum.data import CORRUPTION, KING_VP, KING_MIN, CREST_FINAL_VP, FAIRS, ACTIONS
from tiletum_helpers import (fresh, load, act, legal_strings, remove_tile, person_of, begin_action, to_round,
                             set_fair)


def last_turn(players=2, seed=0, round_=1, pass_=3):
    """The last player's action part in pass `pass_` of round `round_` (it only has to end)."""
    d = to_round(fresh(players, seed), round_)
    d["pass"] = pass_
    d["turn"] = players - 1
    d["actor"] = d["order"][-1]
    d["corruption_left"] = d["corruption_left"][:6 - pass_]      # one token revealed per pass so far
    begin_action(d, "king", "W1", ap=0)                          # keeps the 2 + ... dice still to come
    return d


def _no_fair(d, r):
    """Round r's fair scores nothing: from round 2 in a fair city where nobody is (Venice or Geneva);
    round 1's fair in Tiletum, where everyone has the start house, gets the cathedral tile (no one has any)."""
    if r == 1:
        return set_fair(d, 1, tile="cathedrals")
    empty = "Venice" if "Venice" not in [f["city"] for i, f in enumerate(d["fairs"]) if i != r - 1] else "Geneva"
    return set_fair(d, r, city=empty)


def test_corruption_token_at_each_pass_moves_every_marker_back():
    d = last_turn(pass_=1)
    d["corruption_left"] = [0, 1, 3, 4, 5]
    d["corruption_revealed"] = 2
    for pl, k in zip(d["seats"], (4, 0)):
        pl["king"] = k
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    tok = d2["corruption_revealed"]
    assert d2["pass"] == 2 and tok in d["corruption_left"]
    assert d2["corruption_left"] == [t for t in d["corruption_left"] if t != tok]
    assert [pl["king"] for pl in d2["seats"]] == [4 - CORRUPTION[tok], 0 - CORRUPTION[tok]]


def test_king_phase_scores_track_gives_bonus_to_leader_resets_negatives_and_sets_order():
    d = _no_fair(last_turn(round_=1), 1)
    a, b = d["order"]
    d["seats"][a]["king"], d["seats"][b]["king"] = -3, 5
    tile = d["king_bonus"][0]
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    assert d2["phase"] == "king_bonus" and d2["actor"] == b
    assert d2["seats"][b]["vp"] == KING_VP[5 - KING_MIN] and d2["seats"][a]["vp"] == -3
    act(s, "kingbonus")
    d3 = s.to_dict()
    assert d3["seats"][b]["storage"] == [f"b{tile}"]
    # reset to 0, then the first corruption token of round 2 moves both markers back
    back = CORRUPTION[d3["corruption_revealed"]]
    assert d3["seats"][a]["king"] == 0 - back and d3["seats"][b]["king"] == 5 - back
    assert d3["order"] == [b, a] and d3["round"] == 2 and d3["pass"] == 1 and d3["actor"] == b


def test_king_bonus_is_optional():
    d = _no_fair(last_turn(round_=2), 2)
    tile = d["king_bonus"][1]
    s = load(d)
    act(s, "end")
    assert sorted(legal_strings(s)) == ["kingbonus", "nokingbonus"]
    act(s, "nokingbonus")
    assert tile in s.to_dict()["bonus_out"]


def test_king_ties_go_to_the_marker_lower_in_the_stack():
    d = _no_fair(last_turn(round_=1), 1)
    a, b = d["order"]
    d["seats"][a]["king"] = d["seats"][b]["king"] = 2
    d["seats"][a]["king_stack"], d["seats"][b]["king_stack"] = 5, 3
    d["king_counter"] = 5
    s = load(d)
    act(s, "end")
    assert s.to_dict()["actor"] == b
    act(s, "kingbonus")
    assert s.to_dict()["order"] == [b, a]


def test_last_round_leader_scores_four_and_the_game_ends():
    d = _no_fair(last_turn(round_=4), 4)
    a, b = d["order"]
    d["seats"][a]["king"], d["seats"][b]["king"] = 1, 0
    for pl in d["seats"]:
        pl["resources"] = dict.fromkeys(pl["resources"], 0)
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    assert s.is_terminal() and d2["phase"] == "over"
    # king VP + 4 for the leader + houses x pillars (1 x 0) + nothing else
    assert d2["seats"][a]["vp"] == KING_VP[1 - KING_MIN] + 4
    assert d2["seats"][b]["vp"] == 0


@pytest.mark.parametrize("fair", [f for f, _ in FAIRS])
def test_fair_scores_only_with_a_house_or_the_merchant_in_the_city(fair):
    d = last_turn(round_=2)
    d["king_bonus"][1], d["bonus_out"] = None, d["bonus_out"] + [d["king_bonus"][1]]
    a, b = d["order"]
    set_fair(d, 2, tile=fair, city="Paris")
    for pl in d["seats"]:
        pl["king"] = 0
    # both players have built a house and a pillar in Paris-area; only a is there with the merchant
    d["map"][3]["pillars"][0] = a
    d["map"][4]["pillars"][0] = b
    d["map"][4]["houses"][0] = b
    d["seats"][a]["merchant"] = "Paris"
    d["seats"][b]["merchant"] = "Reims"
    d["seats"][a]["resources"]["wool"] = 9
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    base = KING_VP[0 - KING_MIN]
    expect_a = {"houses": 2, "pillars": 2, "contracts": 0, "persons": 0, "crests": 0, "cathedrals": 0,
                "full_buildings": 0, "resources_half_max10": 6, "house_and_pillar_cities": 0,
                "king_position": 0, "sets": 0}[fair]
    assert d2["seats"][a]["vp"] == base + expect_a
    assert d2["seats"][b]["vp"] == base, "b has neither a house nor the merchant in Paris"
    # a house in the city qualifies too
    d["map"][3]["houses"][0] = b
    s = load(d)
    act(s, "end")
    if fair in ("houses", "pillars"):
        assert s.to_dict()["seats"][b]["vp"] > base


def test_final_scoring_resources_crests_houses_times_pillars():
    d = _no_fair(last_turn(round_=4), 4)
    a, b = d["order"]
    pl = d["seats"][a]
    pl["king"], d["seats"][b]["king"] = 0, 3          # b leads the king track
    pl["resources"] = {"gold": 3, "food": 2, "iron": 2, "stone": 1, "wool": 1}    # 9 -> 2 VP
    d["seats"][b]["resources"] = dict.fromkeys(pl["resources"], 0)
    # three crested full buildings: B4, B5 (one floor) and B2 (two floors)
    kinds = {3: 0, 4: 1, 1: 2}
    for bld, t in kinds.items():
        ids = [person_of(t, None, k) for k in range(2 if bld == 1 else 1)]
        for i in ids:
            remove_tile(d, "p", i)
        pl["buildings"][bld] = {"persons": ids, "crest": True}
    d["map"][3]["houses"][0] = a
    d["map"][4]["houses"][0] = a
    d["map"][3]["pillars"][0] = a
    d["map"][7]["pillars"][0] = a
    s = load(d)
    act(s, "end")
    d2 = s.to_dict()
    final = 9 // 4 + CREST_FINAL_VP[3] + 3 * 2
    assert d2["seats"][a]["final_vp"] == final
    assert d2["seats"][a]["vp"] == final
    assert s.scores()[a] == final


def test_tie_break_by_king_track():
    d = _no_fair(last_turn(round_=4), 4)
    a, b = d["order"]
    for pl in d["seats"]:
        pl["resources"] = dict.fromkeys(pl["resources"], 0)
    d["seats"][a]["king"], d["seats"][b]["king"] = 1, 2
    d["seats"][a]["vp"] = KING_VP[2 - KING_MIN] + 4 - KING_VP[1 - KING_MIN]     # equal after scoring
    s = load(d)
    act(s, "end")
    assert s.scores()[a] == s.scores()[b]
    assert s.ranks()[b] == 0 and s.ranks()[a] == 1
    assert s.returns()[b] == 1.0


def test_round_one_fair_in_tiletum_scores_for_everyone():
    d = set_fair(last_turn(round_=1), 1, tile="houses")
    for pl in d["seats"]:
        pl["king"] = 0
    s = load(d)
    act(s, "end", "nokingbonus")
    base = KING_VP[0 - KING_MIN]
    assert [pl["vp"] for pl in s.to_dict()["seats"]] == [base + 2, base + 2]   # 2 VP x the start house
