"""Setup, role order, governor rotation, round start (chapel, hand limit), end, scoring, ties."""
import json
from collections import Counter

import pytest

from engine_c.sanjuan import SanJuanState

from engine_c import new_state
from engine_c.sanjuan.data import CARD_IDS

from sanjuan_helpers import make, hand, hand_size, names, seat, play, legal_strings

ROLES = ["builder", "producer", "trader", "councillor", "prospector"]


@pytest.mark.parametrize("players,supply", [(2, 100), (3, 95), (4, 90)])
def test_setup(players, supply):
    s = new_state("sanjuan", players, 11)
    d = s.to_dict()
    assert len(d["supply"]) == supply
    assert d["governor"] == 0 and s.current_player() == 0
    for p in range(players):
        assert d["seats"][p]["buildings"] == ["indigo_plant"]
        assert sum(d["seats"][p]["hand"].values()) == 4
    assert legal_strings(s) == ROLES
    assert sorted(d["tiles"]) == ["T1", "T2", "T3", "T4", "T5"]
    # the tile order and the deal depend on the seed
    assert any(new_state("sanjuan", players, seed).to_dict()["tiles"] != d["tiles"] for seed in range(12, 20))


def test_two_player_order_governor_opponent_governor():
    s = make(2)
    assert s.current_player() == 0
    play(s, "prospector")                 # governor; nobody else acts in the prospector phase
    assert s.current_player() == 1 and "prospector" not in legal_strings(s)
    play(s, "councillor")                 # opponent
    while s.to_dict()["phase"] != "role":
        play(s, s.legal_actions()[0])
    assert s.current_player() == 0        # governor again
    assert legal_strings(s) == ["builder", "producer", "trader"]
    play(s, "trader")                     # nobody has goods: the phase passes by itself
    d = s.to_dict()
    assert d["governor"] == 1 and d["rounds"] == 2 and d["roles_taken"] == []
    assert s.current_player() == 1 and legal_strings(s) == ROLES


@pytest.mark.parametrize("players", [3, 4])
def test_each_player_picks_once_clockwise(players):
    s = make(players, governor=1)
    for i in range(players):
        p = (1 + i) % players
        assert s.current_player() == p
        assert len(s.legal_actions()) == 5 - i
        play(s, "prospector" if i == 0 else "trader" if i == 1 else "producer" if i == 2 else "builder")
        while s.to_dict()["phase"] not in ("role",) and not s.is_terminal():
            play(s, s.legal_actions()[0])
    d = s.to_dict()
    assert d["governor"] == 2 % players and d["rounds"] == 2


def _end_of_round(players=2, **kw):
    """Governor 0 is about to choose the round's last role (prospector is left among others)."""
    if players == 2:
        kw.setdefault("roles_taken", ["builder", "producer"])
        kw.setdefault("picks", 2)
    return make(players, **kw)


def test_hand_limit_seven_and_tower_twelve():
    s = _end_of_round(hands={0: ["statue"] * 3 + ["hero"] * 3 + ["palace"] * 2,
                              1: ["well"] * 3 + ["crane"] * 3 + ["chapel"] * 3 + ["quarry"] * 3 + ["library"]},
                      buildings={0: ["indigo_plant"], 1: ["indigo_plant", "tower"]},
                      supply_top=["archive"])
    play(s, "prospector")                 # p0 draws the archive: 9 cards
    d = s.to_dict()
    assert d["governor"] == 1 and d["rounds"] == 2
    # governor p1 first: 13 cards with a tower -> discard 1
    assert s.current_player() == 1 and d["phase"] == "hand_limit" and d["turn"]["limit"] == 1
    play(s, "discard library")
    assert hand_size(s, 1) == 12
    assert s.current_player() == 0 and s.to_dict()["turn"]["limit"] == 2
    play(s, "discard archive", "discard palace")
    assert hand_size(s, 0) == 7 and hand(s, 0)["palace"] == 1
    assert s.to_dict()["phase"] == "role" and s.current_player() == 1
    assert seat(s, 0)["known_discards"] == {"archive": 1, "palace": 1}


def test_hand_limit_discards_are_ordered_and_complete():
    s = _end_of_round(hands={0: ["statue"] * 3 + ["hero"] * 3 + ["palace"] * 2}, supply_top=["well"])
    play(s, "prospector")
    assert s.current_player() == 0
    # two to discard: the first choice must leave a second one of the same or a later kind
    assert legal_strings(s) == ["discard well", "discard statue", "discard hero", "discard palace"]
    play(s, "discard hero")
    assert legal_strings(s) == ["discard hero", "discard palace"]


def test_chapel_tuck_before_hand_limit():
    s = _end_of_round(hands={0: ["statue"] * 3 + ["hero"] * 3 + ["palace"]},
                      buildings={0: ["indigo_plant", "chapel"]}, supply_top=["well"])
    play(s, "prospector")                 # 8 cards
    assert s.to_dict()["phase"] == "chapel" and s.current_player() == 0
    assert "pass" in legal_strings(s) and "tuck well" in legal_strings(s)
    play(s, "tuck hero")
    d = s.to_dict()
    assert d["seats"][0]["chapel"] == {"hero": 1} and hand_size(s, 0) == 7
    assert d["phase"] == "role"           # 7 cards: no discard needed
    assert s.scores()[0] == 1 + 2 + 1     # indigo, chapel, one chapel card


def test_game_ends_after_the_whole_builder_phase_with_12_buildings():
    eleven = ["indigo_plant"] * 5 + ["sugar_mill"] * 6
    s = make(2, hands={0: ["indigo_plant", "statue"], 1: ["sugar_mill", "hero"]},
             buildings={0: eleven, 1: ["indigo_plant"] * 3 + ["tobacco_storage"] * 3 + ["smithy", "well", "aqueduct", "tower", "statue"]})
    play(s, "builder")
    play(s, "build indigo_plant")         # cost 1 - 1 privilege = 0: 12 buildings
    assert not s.is_terminal() and s.current_player() == 1   # the phase goes on
    play(s, "build sugar_mill")           # smithy: 2-1 = 1, paid with the hero (forced, automatic)
    assert hand_size(s, 1) == 0
    assert s.is_terminal() and s.current_player() == -4
    assert len(names(s, 0)) == 12 and len(names(s, 1)) == 12
    assert s.legal_actions() == []


def test_game_does_not_end_before_12():
    s = make(2, hands={0: ["indigo_plant", "statue"]}, buildings={0: ["indigo_plant"] * 4 + ["sugar_mill"] * 6})
    play(s, "builder", "build indigo_plant")
    assert not s.is_terminal() and s.current_player() == 1


def test_supply_reshuffles_the_discard_pile():
    s = make(2, hands={0: ["well"]})
    d = s.to_dict()
    # the supply holds 1 card, the other 106 lie in the discard pile (p1 knows two of them)
    d["discard"] = dict(Counter(d["supply"][1:]))
    d["supply"] = d["supply"][:1]
    d["seats"][1]["known_discards"] = {"statue": 2}
    s = SanJuanState.from_json(json.dumps(d))
    play(s, "councillor")                 # 5 cards: 1 from the supply, 4 after reshuffling
    d = s.to_dict()
    assert sum(d["pending"].values()) == 5
    assert len(d["supply"]) == 102 and d["discard"] == {}
    assert all(not x["known_discards"] for x in d["seats"])   # nobody knows the new order


def test_no_cards_left_draws_nothing():
    s = make(2, hands={0: ["well"]})
    d = s.to_dict()
    d["seats"][1]["hand"] = dict(Counter(d["supply"]))
    d["supply"] = []
    s = SanJuanState.from_json(json.dumps(d))
    play(s, "prospector")
    assert hand_size(s, 0) == 1 and s.current_player() == 1


def test_scoring_six_cost_buildings_and_chapel():
    # guild hall: 2 per production building; city hall: 1 per violet incl. itself;
    # triumphal arch: 4/6/8 for 1/2/3 monuments; palace: +1/4 of everything, rounded down
    b0 = ["indigo_plant", "sugar_mill", "silver_smelter", "guild_hall", "chapel"]
    s = make(2, buildings={0: b0, 1: ["indigo_plant", "city_hall", "statue", "hero", "triumphal_arch", "palace"]},
             chapel={0: ["well", "well", "crane"]})
    base0 = 1 + 1 + 3 + 0 + 2
    assert s.scores()[0] == base0 + 3 + 2 * 3
    base1 = 1 + 0 + 3 + 5 + 0 + 0
    sub1 = base1 + 5 + 6                  # city hall: 5 violet buildings; arch: 2 monuments
    assert s.scores()[1] == sub1 + sub1 // 4
    s = make(2, buildings={1: ["indigo_plant", "triumphal_arch", "statue", "hero", "victory_column"]})
    assert s.scores()[1] == 1 + 3 + 5 + 4 + 8
    s = make(2, buildings={1: ["indigo_plant", "triumphal_arch"]})
    assert s.scores()[1] == 1


def test_tie_break_hand_plus_goods_then_shared():
    s = make(2, hands={0: ["well"]}, buildings={0: ["indigo_plant"], 1: [("indigo_plant", "crane")]})
    assert s.scores() == [1, 1] and s.ranks() == [0, 0]
    s = make(2, hands={0: ["well"]}, buildings={1: [("indigo_plant", "crane")]},
             discard=["statue"])          # 1 hand card vs 1 good: still tied
    assert s.ranks() == [0, 0] and s.returns() == [0.5, 0.5]
    s = make(2, hands={0: ["well", "well"]}, buildings={1: [("indigo_plant", "crane")]})
    assert s.ranks() == [0, 1] and s.returns() == [1.0, 0.0]
    s = make(3, hands={2: ["well"]}, buildings={0: ["indigo_plant", "statue"]})
    assert s.ranks() == [0, 2, 1]


def test_round_cap_safeguard_ends_a_drained_game():
    s = _end_of_round(rounds=100)
    play(s, "prospector")
    assert s.is_terminal()


# ---- more scoring, end and round-start cases ------------------------------------------------
def test_triumphal_arch_four_for_one_monument():
    s = make(2, buildings={0: ["indigo_plant", "triumphal_arch", "victory_column"]})
    assert s.scores()[0] == 1 + 4 + 4


def test_palace_quarter_of_everything_else_rounded_down():
    # base 1+1+2+0+0 = 4, chapel 3, guild hall 2 x 2 = 4: 11 -> palace 11 // 4 = 2
    s = make(2, buildings={0: ["indigo_plant", "sugar_mill", "chapel", "guild_hall", "palace"]},
             chapel={0: ["well", "crane", "statue"]})
    assert s.scores()[0] == 11 + 2
    # with a city hall (4 violet buildings) and an arch (1 monument): 1+3+0+0+0 = 4, +4, +4 = 12 -> +3
    s = make(2, buildings={1: ["indigo_plant", "statue", "city_hall", "triumphal_arch", "palace"]})
    assert s.scores()[1] == 12 + 3


def test_guild_and_city_hall_count_every_copy_but_no_covered_card():
    b = ["indigo_plant", "indigo_plant", "indigo_plant", "sugar_mill", "guild_hall", "city_hall", "well"]
    s = make(2, buildings={0: b}, covered={0: ["silver_smelter", "hero"]})
    # base 1+1+1+1+0+0+1 = 5; guild hall 2 x 4 = 8; city hall 3 (guild hall, itself, well)
    assert s.scores()[0] == 5 + 8 + 3


def test_no_round_start_steps_after_the_last_builder_phase():
    eleven = ["indigo_plant"] * 5 + ["sugar_mill"] * 5 + ["chapel"]
    hand0 = ["indigo_plant"] + ["statue"] * 3 + ["hero"] * 3 + ["palace"] * 2
    s = make(2, hands={0: hand0}, buildings={0: eleven}, roles_taken=["producer", "trader"], picks=2)
    play(s, "builder", "build indigo_plant")   # the governor's last pick of the round: 12 buildings
    assert s.is_terminal()
    assert hand_size(s, 0) == 8 and seat(s, 0)["chapel"] == {}   # no tuck, no discard to 7
    assert s.to_dict()["governor"] == 0 and s.to_dict()["rounds"] == 1


def test_chapel_tucks_go_clockwise_from_the_new_governor():
    chapel = ["indigo_plant", "chapel"]
    s = make(3, governor=0, hands={0: ["well"], 2: ["crane"]}, buildings={0: chapel, 2: chapel},
             roles_taken=["builder", "producer"], picks=2, actor=2, chooser=2)
    play(s, "prospector")                 # p2 chooses the round's last role; p1 becomes governor
    d = s.to_dict()
    assert d["governor"] == 1 and d["phase"] == "chapel" and s.current_player() == 2
    play(s, "tuck crane")
    assert s.current_player() == 0 and s.to_dict()["phase"] == "chapel"
    play(s, "tuck well")
    assert seat(s, 0)["chapel"] == {"well": 1}
    assert s.to_dict()["phase"] == "role" and s.current_player() == 1


def test_tie_break_counts_goods_with_the_hand():
    # equal points; p0 holds 2 cards, p1 holds 1 card and 2 goods: p1 wins
    b1 = [("indigo_plant", "crane"), ("indigo_plant", "statue")]
    s = make(2, hands={0: ["well", "well"], 1: ["hero"]}, buildings={0: ["indigo_plant", "indigo_plant"], 1: b1})
    assert s.scores() == [2, 2] and s.ranks() == [1, 0] and s.returns() == [0.0, 1.0]
