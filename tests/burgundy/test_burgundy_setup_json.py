"""Setup by player count and scenario, the JSON format and its validation, notation, hidden info."""
import json

import numpy as np
import pytest

from burgundy_helpers import fresh, load, put, seat, store
from engine_c.burgundy import data as D
from engine_c import new_state, state_from_json
from engine_c.burgundy import BurgundyState
from engine_c.errors import BoardlabError, InvalidActionError, InvalidPositionError


@pytest.mark.parametrize("players,spaces,black,vp_per_good", [(2, 12, 4, 2), (3, 18, 6, 3), (4, 24, 8, 4)])
def test_setup_by_player_count(players, spaces, black, vp_per_good):
    d = fresh(players, 5)
    assert sum(t is not None for depot in d["depots"] for t in depot) == spaces
    assert sum(t is not None for t in d["black_depot"]) == black
    for depot_index, depot in enumerate(d["depots"], 1):
        for slot, tile in enumerate(depot, 1):
            used = D.DEPOTS[depot_index - 1][slot - 1][1] <= players
            assert (tile is not None) == used
    for p, s in enumerate(d["seats"]):
        assert s["silverlings"] == 1 and s["workers"] == p + 1
        assert sum(g[1] for g in s["goods"] if g) == 3
        assert s["estate"] == {"19": "castle"} and s["board"] == 1
    assert d["turn"]["order"] == list(range(players))
    assert sum(d["goods_pool"]) == 42 - 3 * players - 5


def _first_decision_of(phase, players, seed):
    state = new_state("burgundy", players, seed)
    rng = np.random.default_rng(seed)
    while state.to_dict()["phase"] != phase:
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state.to_dict()


@pytest.mark.parametrize("phase,tile", [("A", "castle"), ("B", "mine"), ("C", "castle"), ("D", "mine")])
def test_three_player_depot_6_castle_mine_exception(phase, tile):
    d = _first_decision_of(phase, 3, 2)
    assert d["depots"][5][2] == tile
    d4 = _first_decision_of(phase, 4, 2)
    assert d4["depots"][5][2] == "castle"


def test_advanced_scenario_boards_and_castle_choice():
    state = BurgundyState(3, 4, board="advanced")
    d = state.to_dict()
    boards = [s["board"] for s in d["seats"]]
    assert len(set(boards)) == 3 and all(2 <= b <= 9 for b in boards)
    for p in range(3):
        assert state.current_player() == p
        choices = [state.action_to_string(a) for a in state.legal_actions()]
        assert choices == [f"castle@{j}" for j in D.START_CASTLE_SPACES[boards[p]]]
        state.apply_action(choices[-1])
    d = state.to_dict()
    for p, s in enumerate(d["seats"]):
        assert s["estate"] == {str(D.START_CASTLE_SPACES[boards[p]][-1]): "castle"}
    assert d["setup_player"] is None and state.current_player() == 0
    assert sum(map(sum, d["depot_goods"])) == 1                  # the first round has begun


def test_random_scenario_boards_and_castles():
    for seed in range(5):
        d = BurgundyState(4, seed, board="random").to_dict()
        boards = [s["board"] for s in d["seats"]]
        assert len(set(boards)) == 4
        for s in d["seats"]:
            assert s["start_castle"] in D.START_CASTLE_SPACES[s["board"]]
        assert d["setup_player"] is None


def test_free_scenario_boards_and_castles_as_given():
    d = BurgundyState(2, 1, board="free", boards=[8, 8], castles=[6, 30]).to_dict()
    assert [s["board"] for s in d["seats"]] == [8, 8]
    assert [s["start_castle"] for s in d["seats"]] == [6, 30]
    with pytest.raises(BoardlabError):
        BurgundyState(2, 1, board="free", boards=[8, 8], castles=[19, 19])   # 19 is a mine on 8


def test_board_layouts_have_the_shared_colour_counts():
    for b, layout in D.BOARDS.items():
        assert [layout.count(c) for c in "CSMPBK"] == [4, 6, 3, 6, 12, 6], b


def test_bad_options_are_refused():
    for kwargs in ({"board": "nope"}, {"tiebreak": "sideways"}):
        with pytest.raises(BoardlabError):
            BurgundyState(2, 0, **kwargs)
    with pytest.raises(BoardlabError):
        new_state("burgundy", 5, 0)


def test_json_round_trip_and_example_loads():
    state = new_state("burgundy", 3, 8)
    rng = np.random.default_rng(1)
    for _ in range(150):
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    again = state_from_json(state.to_json())
    assert again == state
    d = fresh(2, 0)
    put(d, 0, 12, "bank")
    store(d, 0, 2, "k7")
    assert load(d).to_dict() == d


def invalid(mutate, players=2):
    d = fresh(players, 0)
    mutate(d)
    with pytest.raises(InvalidPositionError) as err:
        load(d)
    message = str(err.value)
    assert "\n" not in message
    return message


def test_from_json_refuses_unknown_and_missing_fields():
    assert "colour: unknown field" in invalid(lambda d: d.update(colour=1))
    assert "phase: missing field" in invalid(lambda d: d.pop("phase"))
    assert "seats[1].silverlings: missing field" in invalid(lambda d: d["seats"][1].pop("silverlings"))
    assert "seats[0].hand: unknown field" in invalid(lambda d: d["seats"][0].update(hand=[]))


def test_from_json_refuses_wrong_player_counts():
    assert "players: must be an integer in 2..4, got 5" in invalid(lambda d: d.update(players=5))
    assert "seats: must list one seat per player (3" in invalid(lambda d: d.update(players=3))


def test_from_json_refuses_wrong_tile_counts():
    def extra(d):
        d["seats"][0]["storage"][0] = "ship"
    where = ", ".join(f"{place} {count}" for place, count in (
        ("depots", 2), ("seats[0].estate", 0), ("seats[0].storage", 1), ("supply_coloured", 18), ("supply_black", 6))
        if count)
    assert f"burgundy: tile 'ship': 27 counted ({where}), the box has 26 (20 coloured-back, 6 black-back) " \
           f"(leave the supplies out and they follow from the rest)" == invalid(extra)

    def twice(d):
        d["supply_coloured"]["k1"] = 2
    assert "supply_coloured.k1: must be an integer in 0..1, got 2" in invalid(twice)


def test_from_json_refuses_tiles_on_wrong_colours():
    def wrong(d):
        d["supply_coloured"]["ship"] -= 1
        d["seats"][0]["estate"]["12"] = "ship"
    assert "on space 12 of colour building" in invalid(wrong)

    def depot(d):
        d["depots"][0][0], d["depots"][0][1] = d["depots"][0][1], d["depots"][0][0]
    assert "depot 1 space 1 of colour building" in invalid(depot)


def test_from_json_refuses_impossible_estates_and_goods():
    def floating(d):
        d["supply_coloured"]["mine"] -= 1
        d["seats"][0]["estate"]["34"] = "mine"
    assert "not connected" in invalid(floating)

    def goods(d):
        d["goods_pool"][0] += 1
    assert "goods type 1: 8 counted (round_goods 1, seats[0].goods 1, goods_pool 6), the box has 7" in invalid(goods)

    def order(d):
        d["turn"]["order"] = [0, 0]
    assert "turn.order: must hold 0..1 once each" in invalid(order)

    assert "not valid JSON" in str(pytest.raises(InvalidPositionError, BurgundyState.from_json, "{oops").value)


def test_action_notation_round_trips_and_rejects_garbage():
    state = new_state("burgundy", 2, 0)
    for a in range(state.num_distinct_actions):
        assert state.string_to_action(state.action_to_string(a)) == a
    with pytest.raises(InvalidActionError):
        state.string_to_action("die3:take1")
    assert state.action_to_string(0) == "die1:take1"
    assert state.string_to_action("space19") == 87 + 18
    assert state.string_to_action(" Pass ") == state.string_to_action("pass")


def test_resample_hidden_keeps_public_information_and_redraws_the_future():
    state = new_state("burgundy", 2, 0)
    public = state.to_dict()
    futures = set()
    for seed in range(6):
        det = state.resample_hidden(0, seed)
        d = det.to_dict()
        assert {k: v for k, v in d.items() if k != "rng"} == {k: v for k, v in public.items() if k != "rng"}
        det.playout(0)
        futures.add(json.dumps(det.to_dict()["seats"]))
    assert len(futures) > 1


def test_same_seed_same_game():
    a = new_state("burgundy", 4, 12)
    b = new_state("burgundy", 4, 12)
    a.playout(5)
    b.playout(5)
    assert a == b and a.is_terminal()
    assert state_from_json(a.to_json()) == a           # a finished game round-trips too


def test_features_keys():
    state = new_state("burgundy", 2, 3)
    state.playout(1)
    feats = state.features()
    keys = {f"placed_{c}" for c in ("castle", "ship", "mine", "pasture", "building", "knowledge")}
    keys |= {f"knowledge_{n:02d}" for n in range(1, 27)}
    keys |= {f"building_{b}" for b in D.BUILDINGS}
    keys |= {"animals", "goods_sold", "black_purchases", "bonus_large", "bonus_small", "workers_taken"}
    assert len(feats) == 2 and set(feats[0]) == keys
    d = state.to_dict()
    for p, f in enumerate(feats):
        s = d["seats"][p]
        assert sum(f[f"placed_{c}"] for c in ("castle", "ship", "mine", "pasture", "building", "knowledge")) \
            == len(s["estate"]) - 1
        assert f["goods_sold"] == sum(s["sold"])
        assert f["workers_taken"] == s["worker_actions"]
        assert sum(f[f"knowledge_{n:02d}"] for n in range(1, 27)) == f["placed_knowledge"]


def test_from_json_refuses_bad_pending_decisions():
    assert "turn.pending[0][1]: must be an integer in 0..2" in invalid(
        lambda d: d["turn"].update(pending=[["space", 5, 0]]))
    assert "turn.pending[0]: 'main' cannot be a pending" in invalid(
        lambda d: d["turn"].update(pending=[["main", 0, 0]]))
    assert "turn.pending[0]: a 'discard' is pending but turn.pending_tile is null" in invalid(
        lambda d: d["turn"].update(pending=[["discard", 0, 0]]))


def test_docs_example_position_loads():
    import pathlib
    import re
    text = (pathlib.Path(__file__).parents[2] / "docs" / "burgundy.md").read_text()
    block = re.search(r"```json\n(.*?)```", text, re.S).group(1)
    state = state_from_json(block)
    assert state.current_player() == 0 and state.to_dict() == json.loads(block)
    state.playout(1)
    assert state.is_terminal()


@pytest.mark.parametrize("players", [2, 3, 4])
def test_start_pawns_stack_on_the_first_track_space_start_player_on_top(players):
    d = fresh(players, 7)
    assert [s["track"] for s in d["seats"]] == [[0, players - 1 - p] for p in range(players)]
    assert d["phase"] == "A" and d["round"] == 1 and d["turn"]["index"] == 0
    assert 1 <= d["turn"]["white_die"] <= 6
    assert all(1 <= v <= 6 for s in d["seats"] for v in s["dice"])
    assert all(s["vp"] == 0 and s["storage"] == [None] * 3 for s in d["seats"])
    # the first round's goods tile has left the round spaces for the white die's depot
    assert d["round_goods"][0] is None and sum(g is not None for g in d["round_goods"]) == 4
    assert sum(d["depot_goods"][d["turn"]["white_die"] - 1]) == 1
