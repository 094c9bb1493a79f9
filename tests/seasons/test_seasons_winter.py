"""The winter variant: cards in the marked rounds, every effect kind, data-driven parameters, JSON,
hidden undrawn cards."""
import copy
import json

import pytest

from engine_c import content, new_state
from engine_c.errors import InvalidPositionError
from engine_c.seasons import SeasonsState
from engine_c.seasons import data as D
from engine_c.testing import check_game

from seasons_helpers import blank, invariant, legal_strings, load, play, res, seat


@pytest.fixture
def cards():
    """install(rounds, *specs): winter cards from specs (kind and parameters; ids and texts added)
    marked for ``rounds``; the shipped data comes back after the test."""
    def install(rounds, *specs):
        data = copy.deepcopy(content.load("seasons"))
        data["tables"]["winter_rounds"]["values"] = list(rounds)
        items = []
        for i in range(6):
            spec = dict(specs[i % len(specs)])
            items.append(dict(id=f"card{i}", text="test card", source="placeholder", **spec))
        data["tables"]["winter_cards"]["items"] = items
        return content.use("seasons", data)
    yield install
    content.use("seasons")


def opening(players=3, winter=True):
    return SeasonsState(players, 0, winter=winter).to_dict()


# ---- the variant plays --------------------------------------------------------------------------

@pytest.mark.parametrize("players,games", [(2, 12), (3, 10), (4, 8)])
def test_winter_games_satisfy_the_contract_and_end(players, games):
    decisions = check_game("seasons", players, games=games, seed=10 + players, invariant=invariant, winter=True)
    assert decisions > games * 50
    for seed in range(10):
        s = new_state("seasons", players, seed, winter=True)
        s.playout(seed, policy=bool(seed % 2))
        d = s.to_dict()
        assert s.is_terminal() and d["winter"] is True
        marked = [r for r in D.WINTER_ROUNDS if r <= d["round"]]
        assert len(d["winter_cards"]) == min(6, len(marked)) and len(set(d["winter_cards"])) == len(d["winter_cards"])


def test_a_card_comes_exactly_at_the_start_of_each_marked_round():
    s = SeasonsState(2, 3, winter=True)
    seen = {}
    while not s.is_terminal():
        d = s.to_dict()
        seen.setdefault(d["round"], len(d["winter_cards"]))
        assert len(d["winter_cards"]) == seen[d["round"]]            # nothing drawn within a round
        s.apply_action(s.legal_actions()[0])
    for r, n in seen.items():
        assert n == len([m for m in D.WINTER_ROUNDS if m <= r])
    assert SeasonsState(2, 3).to_dict()["winter_cards"] == []           # summer: no card ever


def test_the_summer_default_ignores_the_winter_tables(cards):
    before = SeasonsState(3, 4)
    before.playout(2)
    cards([1, 2, 3], dict(kind="gain", who="all", what="vp", n=9))
    after = SeasonsState(3, 4)
    after.playout(2)
    assert after.scores() == before.scores()


# ---- each effect kind ---------------------------------------------------------------------------

def test_gain_gives_to_all_or_to_the_start_player(cards):
    summer = opening(winter=False)
    cards([1], dict(kind="gain", who="all", what="talers", n=4))
    d = opening()
    assert [s["talers"] for s in d["seats"]] == [s["talers"] + 4 for s in summer["seats"]]
    assert d["bank"] == summer["bank"] - 12 and len(d["winter_cards"]) == 1
    cards([1], dict(kind="gain", who="start", what="vp", n=3))
    d = opening()
    assert [s["vp"] for s in d["seats"]] == [3, 0, 0] and d["seats"][0]["vp_winter"] == 3
    cards([1], dict(kind="gain", who="all", what="stone", n=2))
    d = opening()
    assert all(s["resources"]["stone"] == 2 for s in d["seats"]) and d["stock"]["stone"] == 14 - 6


def test_a_card_with_edited_parameters_has_the_edited_effect(cards):
    cards([1], dict(kind="gain", who="all", what="talers", n=4))
    four = opening()
    cards([1], dict(kind="gain", who="all", what="talers", n=6))
    six = opening()
    assert [b["talers"] - a["talers"] for a, b in zip(four["seats"], six["seats"])] == [2, 2, 2]
    cards([1], dict(kind="gain", who="all", what="clay", n=1))
    assert all(s["resources"]["clay"] == 1 for s in opening()["seats"])


def test_lose_gives_back_what_the_players_have(cards):
    cards([1], dict(kind="lose", who="all", what="wood", n=1))
    d = opening()
    assert all(s["resources"]["wood"] == 0 for s in d["seats"]) and d["stock"]["wood"] == 17 - 3 + 3
    cards([1], dict(kind="lose", who="start", what="talers", n=20))
    d = opening()
    assert [s["talers"] for s in d["seats"]] == [0, 3, 3]
    assert d["bank"] == opening(winter=False)["bank"] + 4


def test_an_offer_is_asked_seat_by_seat_from_the_start_player_if_he_can_pay(cards):
    cards([2], dict(kind="offer", what="silver", n=1, cost=12))
    s = SeasonsState(3, 0, winter=True)
    play(s, "pick messenger", "pick messenger", "pick messenger")     # round 2: talers 12, 12 (start), 11
    d = s.to_dict()
    assert d["round"] == 2 and d["phase"] == "winter" and d["actor"] == 1 and d["start"] == 1
    assert legal_strings(s) == ["winter decline", "winter accept"]
    play(s, "winter accept")
    d = s.to_dict()
    assert d["seats"][1]["talers"] == 0 and d["seats"][1]["resources"]["silver"] == 1
    assert d["phase"] == "winter" and d["actor"] == 0 and d["winter_asked"] == 2   # seat 2 has 11: skipped
    play(s, "winter decline")
    d = s.to_dict()
    assert d["phase"] == "select" and d["actor"] == 1 and d["winter_asked"] == 0
    assert d["seats"][0]["talers"] == 12 and d["seats"][0]["resources"]["silver"] == 0
    invariant(s)


def test_modify_lasts_for_the_rest_of_the_game(cards):
    cards([1], dict(kind="modify", target="messenger_talers", n=3))
    s = SeasonsState(3, 0, winter=True)
    play(s, "pick messenger", "pick messenger", "pick messenger")
    assert [p["talers"] for p in s.to_dict()["seats"]] == [3 + 1 + 11, 3 + 11 + 1, 3 + 11]
    cards([1], dict(kind="modify", target="trader_yield", n=-1))
    s = SeasonsState(3, 0, winter=True)
    play(s, "pick trader", "pick messenger", "pick messenger", "trader sand")
    d = s.to_dict()
    assert d["seats"][0]["resources"]["sand"] == 1 + 3 - 1 and d["tower"]["sand"] == 2


def test_modify_helper_fee_and_master_vp(cards):
    def house_then_helpers():
        d = blank(3)
        d["winter"], d["winter_cards"] = True, ["card0"]
        d["seats"][0]["resources"] = res(clay=1, wood=1, sand=2)
        d["seats"][0]["talers"] = 4
        s = load(d)
        play(s, "pick stonemason", "pick messenger", "pick messenger", "build house")
        while s.to_dict()["phase"] == "pay":
            play(s, legal_strings(s)[-1])
        return legal_strings(s)
    cards([1], dict(kind="modify", target="master_vp", n=0))
    assert "helper small_gate" not in house_then_helpers()          # fee 5, 4 talers
    cards([1], dict(kind="modify", target="helper_fee", n=-2))
    offered = house_then_helpers()
    assert "helper market_a" in offered and "helper forge10" not in offered   # fees 6 - 2 and 10 - 2
    cards([1], dict(kind="modify", target="master_vp", n=2))
    d = blank(3)
    d["winter"], d["winter_cards"] = True, ["card0"]
    d["seats"][0]["resources"] = res(clay=1, wood=1, sand=2)
    d["seats"][1]["hand"] = [c for c in D.CARDS if c != "worker1"]
    s = load(d)
    play(s, "pick stonemason", "pick masterbuilder", "pick messenger", "build house")
    while not s.to_dict()["phase"] == "select":
        play(s, legal_strings(s)[0])
    assert seat(s, 1)["vp_master"] == 5 + 2


def test_vp_per_building_scores_at_the_end(cards):
    cards([1], dict(kind="vp_per_building", building="tower", n=2))
    d = blank(2, round=12)
    d["winter"], d["winter_cards"] = True, ["card0"]
    d["tiles"]["tower"] = 5
    d["seats"][0]["built"]["tower"] = 3
    d["seats"][1]["built"]["tower"] = 1
    s = load(d)
    assert seat(s, 0)["vp_winter"] == 0
    s.playout(1)
    end = s.to_dict()
    for p in range(2):
        assert end["seats"][p]["vp_winter"] == 2 * end["seats"][p]["built"]["tower"] >= 2
    invariant(s)


# ---- positions ---------------------------------------------------------------------------------

def test_winter_positions_round_trip_through_json():
    for players in (2, 3, 4):
        s = SeasonsState(players, players, winter=True)
        n = 0
        while not s.is_terminal():
            if n % 7 == 0:
                again = SeasonsState.from_json(s.to_json())
                assert again == s and again.to_json() == s.to_json() and again.winter
            s.apply_action(s.legal_actions()[n % len(s.legal_actions())])
            n += 1
        assert SeasonsState.from_json(s.to_json()) == s


def test_a_winter_offer_position_round_trips(cards):
    cards([1], dict(kind="offer", what="wood", n=2, cost=1))
    s = SeasonsState(2, 0, winter=True)
    assert s.to_dict()["phase"] == "winter"
    again = SeasonsState.from_json(s.to_json())
    assert again == s and legal_strings(again) == ["winter decline", "winter accept"]


def _refused(d):
    with pytest.raises(InvalidPositionError) as err:
        SeasonsState.from_json(json.dumps(d))
    return str(err.value)


def test_impossible_winter_positions_are_refused():
    d = opening(3)
    d["winter_cards"] = ["hard_frost"]
    assert "winter_cards: 0 winter cards are drawn by round 1" in _refused(d)
    d = opening(3, winter=False)
    d["seats"][1]["vp_winter"], d["seats"][1]["vp"] = 2, 2
    assert "seats[1].vp_winter: VP from winter cards in a game without the winter variant" in _refused(d)
    d = opening(3)
    d["winter_asked"] = 1
    assert "winter_asked: 0 outside a winter offer" in _refused(d)
    d = opening(3)
    d["phase"] = "winter"
    assert "phase: winter: only when this round's winter card is an offer" in _refused(d)
    s = SeasonsState(2, 1, winter=True)
    while len(s.to_dict()["winter_cards"]) < 2:
        s.apply_action(s.legal_actions()[0])
    d = s.to_dict()
    d["winter_cards"] = [d["winter_cards"][0]] * 2
    assert "lists" in _refused(d) and "twice" in _refused(d)
    d["winter_cards"] = ["blizzard", d["winter_cards"][1]]
    assert "winter_cards[0]: unknown winter card 'blizzard'" in _refused(d)


def test_short_positions_take_the_winter_keys():
    s = SeasonsState(3, 0, winter=True)
    for _ in range(40):
        s.apply_action(s.legal_actions()[-1])
    d = s.to_dict()
    short = {"game": "seasons", "round": d["round"], "winter": True, "winter_cards": d["winter_cards"],
             "tower": d["tower"], "forge": d["forge"],
             "seats": [{"talers": x["talers"], "resources": x["resources"], "hand": x["hand"]} for x in d["seats"]]}
    loaded = SeasonsState.from_json(json.dumps(short)).to_dict()
    assert loaded["winter"] is True and loaded["winter_cards"] == d["winter_cards"]


# ---- hidden information ----------------------------------------------------------------------

def test_undrawn_winter_cards_are_not_in_the_position_and_resampling_redraws_them():
    s = SeasonsState(3, 5, winter=True)
    while s.to_dict()["round"] < 2:
        s.apply_action(s.legal_actions()[0])
    d = s.to_dict()
    assert set(d) - {"rng"} == set(SeasonsState(3, 6, winter=True).to_dict()) - {"rng"}
    first = set()
    for seed in range(12):
        r = s.resample_hidden(0, seed)
        view = r.to_dict()
        assert {k: v for k, v in view.items() if k != "rng"} == {k: v for k, v in d.items() if k != "rng"}
        while r.to_dict()["round"] < 3:
            r.apply_action(r.legal_actions()[0])
        first.add(r.to_dict()["winter_cards"][-1])
    assert len(first) >= 3                        # the card of round 3 is not known in round 2
