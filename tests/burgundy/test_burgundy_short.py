"""Short positions: every key that follows from the rest may be left out (docs/burgundy.md,
"Short positions").  Positions of real games with their derivable keys deleted load as the same
state where the derivation is exact, and keep what they must where it is not; the documented
example loads and a search runs on it; each derivation rule on positions built for it."""
import copy
import json
import re
from collections import Counter
from pathlib import Path

import pytest

from burgundy_helpers import at_round, fresh, load, positions, put, seat, store
from engine_c.burgundy import data as D
from engine_c.errors import InvalidPositionError
from solver.search.best_move import analyse

SUPPLIES = ("supply_coloured", "supply_black", "out_of_game")
DOC = Path(__file__).parents[2] / "docs" / "burgundy.md"


def games():
    """Positions spread over random games: 2, 3 and 4 players, several seeds, the end included; the
    basic game, and boards 2-9 with the starting castles chosen (setup positions first)."""
    out = []
    for players, seed in ((2, 1), (3, 2), (4, 3), (2, 4), (3, 5), (4, 6)):
        out += positions(players, seed, 24, finished=True)
    for players, seed, board in ((2, 8, "advanced"), (3, 9, "advanced"), (4, 10, "random")):
        out += positions(players, seed, 12, finished=True, board=board)
    return out


GAMES = games()


def refusal(d):
    """The one-line message with which position data ``d`` is refused."""
    with pytest.raises(InvalidPositionError) as err:
        load(d)
    assert "\n" not in str(err.value)
    return str(err.value)


def trimmed(values):
    """A list without its trailing nulls."""
    values = list(values)
    while values and values[-1] is None:
        values.pop()
    return values


def waiting(d):
    """The round spaces whose goods still wait."""
    if d["over"]:
        return 0
    return 5 if d["setup_player"] is not None else 5 - d["round"]


def exact_short(d, k):
    """``d`` with every key deleted whose derivation or default is exact here (a different one of the
    three supply tables by ``k``); the turn order, the track and the bonus tiles are kept."""
    s = copy.deepcopy(d)
    for key, default in (("tiebreak", "fewest"), ("over", False), ("setup_player", None), ("scenario", "basic")):
        if s[key] == default:
            del s[key]
    for key in ("players", "goods_pool", "bonus_taken", SUPPLIES[k % 3]):
        del s[key]
    for key, default in (("bought", False), ("pending", []), ("pending_tile", None)):
        if s["turn"][key] == default:
            del s["turn"][key]
    s["depots"] = [trimmed(depot) for depot in s["depots"]]
    s["black_depot"] = trimmed(s["black_depot"])
    if not any(map(any, s["depot_goods"])):
        del s["depot_goods"]
    s["round_goods"] = s["round_goods"][5 - waiting(d):]
    for seat_data in s["seats"]:
        spaces = D.START_CASTLE_SPACES[seat_data["board"]]
        castles = [j for j in spaces if seat_data["estate"].get(str(j)) == "castle"]
        if len(castles) == 1 or seat_data["start_castle"] == 19 or seat_data["start_castle"] is None:
            del seat_data["start_castle"]               # the one castle on a starting space, or 19
        for key, default in (("board", 1), ("sold", [0] * 6), ("black_purchases", 0), ("worker_actions", 0)):
            if seat_data[key] == default:
                del seat_data[key]
        for key in ("storage", "goods"):
            seat_data[key] = trimmed(seat_data[key])
            if not seat_data[key]:
                del seat_data[key]
    for p, seat_data in enumerate(s["seats"]):        # the start space keeps the starting stack
        if seat_data["track"] == [0, d["players"] - 1 - p]:
            del seat_data["track"]
        elif seat_data["track"][1] == 0 and [t["track"][0] for t in d["seats"]].count(seat_data["track"][0]) == 1:
            seat_data["track"] = seat_data["track"][0]
    return s


def test_real_positions_with_exact_keys_left_out_load_as_the_same_state():
    for k, d in enumerate(GAMES):
        s = exact_short(d, k)
        assert load(s) == load(d), k
        assert len(json.dumps(s)) < len(json.dumps(d)) - 250


def _actor(d):
    """The seat to act in full position data (None when the game is over)."""
    return None if d["over"] else d["turn"]["order"][d["turn"]["index"]]


def test_turn_order_and_index_left_out():
    """Exact, except where the dice used cannot tell: refused when several seats have used both dice
    and a sub-decision is pending or every seat has played (the round's order is needed); and a seat
    that has used both dice and may still buy reads as the next seat's turn."""
    refused = moved = exact = over = 0
    for d in GAMES:
        s = copy.deepcopy(d)
        del s["turn"]["order"], s["turn"]["index"]
        used = [sum(seat_data["dice_used"]) for seat_data in d["seats"]]
        played = used.count(2)
        if not d["over"] and 1 not in used and played > 1 and (d["turn"]["pending"] or played == d["players"]):
            assert "burgundy: turn.order: left out, but seats" in refusal(s)
            refused += 1
            continue
        got = load(s).to_dict()
        turn, original = got.pop("turn"), dict(d)
        assert got == {key: value for key, value in original.items() if key != "turn"}
        index = d["turn"]["index"]
        if d["over"]:                                 # the last round's order: read from the final track
            assert turn["index"] == 0 and sorted(turn["order"]) == list(range(d["players"]))
            over += 1
            continue
        assert sorted(turn["order"][:index]) == sorted(d["turn"]["order"][:index])
        assert turn["order"][index + 1:] == d["turn"]["order"][index + 1:]
        if _actor(got | {"turn": turn}) == _actor(d):
            exact += 1
            assert turn["index"] == index
            continue
        actor = d["turn"]["order"][index]          # at the purchase-or-pass decision after both dice
        assert used[actor] == 2 and not d["turn"]["pending"] and not d["turn"]["bought"], d["turn"]
        assert turn["index"] == index + 1 and turn["order"][index + 1] == d["turn"]["order"][index + 1]
        moved += 1
    assert exact > 100 and refused + moved > 0 and over == 9, (exact, refused, moved, over)


def test_dice_used_left_out_follow_the_turn():
    for d in GAMES:
        s = copy.deepcopy(d)
        actor = _actor(d)
        for p, seat_data in enumerate(s["seats"]):
            if p != actor or seat_data["dice_used"] == [False, False]:
                del seat_data["dice_used"]
        assert load(s) == load(d)


def test_everything_derivable_left_out_keeps_what_it_must():
    """Supplies, round goods, goods pool, the track, the bonus tiles and the white die all left out:
    the tiles and goods not elsewhere are the same, shared by the documented rules; the track keeps
    every space; everything else, the legal moves and the scores are the same."""
    for k, d in enumerate(GAMES):
        s = copy.deepcopy(d)
        for key in SUPPLIES + ("round_goods", "goods_pool", "bonus_taken"):
            del s[key]
        del s["turn"]["white_die"]
        for seat_data in s["seats"]:
            for key in ("track", "bonus_large", "bonus_small"):
                del seat_data[key]
        state = load(s)
        got = state.to_dict()
        unseen = Counter()
        for key in SUPPLIES:
            unseen.update(d[key])
            unseen.subtract(got[key])
        assert not +unseen and not -unseen and got["out_of_game"] == {}
        for code, name in enumerate(D.tile_names()[1:], 1):      # coloured-back ones were used first
            black_left = D.inventory()[code][1] - d["black_depot"].count(name)
            assert got["supply_black"].get(name, 0) == black_left or got["supply_coloured"].get(name, 0) == 0, name
        pool = lambda data: Counter({t: c for t, c in enumerate(data["goods_pool"], 1)}) + \
            Counter(g for g in data["round_goods"] if g)
        assert pool(got) == pool(d)
        assert [g is None for g in got["round_goods"]] == [g is None for g in d["round_goods"]]
        for now, before in zip(got["seats"], d["seats"]):
            assert now["track"][0] == before["track"][0]
            if before["track"][0] == 0:
                assert now["track"] == before["track"]
        held = lambda data: [x["bonus_large"] + x["bonus_small"] for x in data["seats"]]
        assert sum(held(got)) == sum(held(d)) and got["bonus_taken"] == d["bonus_taken"]
        same = lambda data: {key: value for key, value in data.items()
                             if key not in SUPPLIES + ("round_goods", "goods_pool", "turn", "seats")}
        assert same(got) == same(d)
        strip = ("track", "bonus_large", "bonus_small")
        assert [{key: v for key, v in x.items() if key not in strip} for x in got["seats"]] == \
            [{key: v for key, v in x.items() if key not in strip} for x in d["seats"]]
        assert state.legal_actions() == load(d).legal_actions() and state.scores() == load(d).scores()
        if k % 12 == 0:
            state.playout(k, policy=True)
            assert state.is_terminal()


def test_bonus_tiles_of_a_colour_filled_by_one_seat_are_exact():
    checked = 0
    for d in GAMES:
        fillers = Counter()
        for p, seat_data in enumerate(d["seats"]):
            board = D.BOARDS[seat_data["board"]]
            for letter in D.COLOURS:
                if all(str(j + 1) in seat_data["estate"] for j in range(37) if board[j] == letter):
                    fillers[letter] += 1
        if all(c <= 1 for c in fillers.values()) and fillers:
            s = copy.deepcopy(d)
            del s["bonus_taken"]
            for seat_data in s["seats"]:
                del seat_data["bonus_large"], seat_data["bonus_small"]
            assert load(s) == load(d)
            checked += 1
    assert checked >= 2


# ---- the documented short example ----------------------------------------------------------------

def documented_short_example():
    """The JSON block of docs/burgundy.md's "Short positions" section."""
    text = DOC.read_text()
    section = text[text.index("## Short positions"):]
    return re.search(r"```json\n(.*?)```", section, re.S).group(1)


def test_the_documented_short_example_fits_a_screen_loads_and_a_search_runs():
    block = documented_short_example()
    assert len(block.splitlines()) <= 40
    state = load(json.loads(block))
    full = state.to_dict()
    assert full["phase"] == "C" and full["round"] == 3 and state.current_player() == 0
    assert full["turn"]["order"] == [1, 0] and full["round_goods"] == [None, None, None, 4, 6]
    assert sum(full["goods_pool"]) + sum(map(sum, full["depot_goods"])) + 2 == 42 - sum(
        g[1] for x in full["seats"] for g in x["goods"] if g)
    assert load(full) == state                                  # the full form it becomes reads the same
    out = analyse(state, iterations=400, seed=1)
    assert {c["action"] for c in out} == set(state.legal_actions())
    assert sum(c["visits"] for c in out) == 400 and out[0]["pv"][0] == out[0]["move"]


# ---- each rule on a position built for it -----------------------------------------------------------

def test_both_supplies_left_out_take_estate_tiles_from_the_coloured_back_ones_first():
    d = fresh(2, 0)
    for space in (18, 20, 21, 17, 16):
        put(d, 0, space, "ship")
    for key in SUPPLIES:
        del d[key]
    got = load(d).to_dict()
    ships_on_depots = sum(depot.count("ship") for depot in got["depots"])
    assert got["supply_coloured"]["ship"] == 20 - ships_on_depots - 5
    assert got["supply_black"]["ship"] == 6 - got["black_depot"].count("ship")
    assert got["supply_coloured"]["castle"] == 14 - 2 - sum(depot.count("castle") for depot in got["depots"])
    d = fresh(2, 0)
    store(d, 0, 1, "k7")                           # knowledge 7 has only a black back
    for key in SUPPLIES:
        del d[key]
    got = load(d).to_dict()
    assert "k7" not in got["supply_coloured"] and "k7" not in got["supply_black"]


def test_one_table_left_out_is_the_rest_of_the_box():
    d = fresh(3, 2)
    store(d, 0, 1, "k1")                                   # a tile of the supply into a storage
    store(d, 0, 1, "k2")                                   # k1 then leaves the game
    assert d["out_of_game"] == {"k1": 1}
    for key in SUPPLIES:
        s = copy.deepcopy(d)
        del s[key]
        assert load(s) == load(d), key


def test_round_goods_left_out_are_drawn_from_the_goods_nowhere_else_by_the_rng():
    d = at_round(fresh(2, 0), 2)                  # rounds 1 and 2 placed their goods on depot 1
    s = copy.deepcopy(d)
    del s["round_goods"], s["goods_pool"]
    draws = set()
    for rng in range(12):
        got = load(dict(s, rng=rng)).to_dict()
        assert got["round_goods"][:2] == [None, None] and None not in got["round_goods"][2:]
        assert sum(got["goods_pool"]) == 42 - 3 * 2 - 2 - 3
        assert got == load(dict(s, rng=rng)).to_dict()           # the same rng, the same draw
        draws.add(tuple(got["round_goods"]))
    assert len(draws) > 3
    given = load(dict(s, rng=5, goods_pool=d["goods_pool"])).to_dict()   # the pool given: the rest, shuffled
    assert sorted(given["round_goods"][2:]) == sorted(d["round_goods"][2:])
    assert given["goods_pool"] == d["goods_pool"]


def test_round_goods_may_list_only_the_goods_still_waiting():
    d = fresh(2, 0)
    s = dict(d, round_goods=d["round_goods"][1:])
    assert load(s) == load(d)


def test_turn_index_from_the_dice_used():
    d = fresh(3, 0)
    order = d["turn"]["order"]
    seat(d, order[0])["dice_used"] = [True, True]
    seat(d, order[1])["dice_used"] = [False, True]
    s = copy.deepcopy(d)
    del s["turn"]["order"], s["turn"]["index"]
    state = load(s)
    assert state.current_player() == order[1] and state.to_dict()["turn"]["order"] == order
    seat(s, order[1])["dice_used"] = [False, False]
    assert load(s).current_player() == order[1]               # the first seat that has used no die


def test_track_as_a_space_and_left_out():
    d = fresh(3, 0)
    put(d, 2, 18, "ship")
    seat(d, 2)["dice_used"] = [True, True]             # seat 2 placed it and jumped ahead: it has played
    d["turn"]["order"], d["turn"]["index"] = [2, 0, 1], 1
    full = load(d).to_dict()
    assert [x["track"] for x in full["seats"]] == [[0, 2], [0, 1], [1, 0]]
    s = copy.deepcopy(d)
    for x in s["seats"]:
        del x["track"]
    assert load(s) == load(d)
    seat(s, 2)["track"] = 1
    assert load(s) == load(d)


def test_old_spelling_num_players_is_read():
    d = fresh(2, 0)
    s = {("num_players" if key == "players" else key): value for key, value in d.items()}
    assert load(s) == load(d)


def test_a_finished_game_is_written_after_round_5():
    d = positions(2, 7, 1, finished=True)[-1]
    assert d["over"] and d["phase"] == "E" and d["round"] == 5
    short = {key: d[key] for key in ("game", "phase", "round", "over", "rng", "depots", "black_depot",
                                     "depot_goods")}
    short["seats"] = [{key: x[key] for key in ("estate", "storage", "goods", "sold", "silverlings", "workers",
                                               "vp", "dice", "bonus_large", "bonus_small")} for x in d["seats"]]
    state = load(short)
    assert state.is_terminal() and state.scores() == load(d).scores()


def test_a_ship_added_to_an_estate():
    """The edit the short form is for: with the supplies and the track kept, the reader says where the
    ships were counted; with them left out, the position follows the edit."""
    d = fresh(2, 0)
    seat(d, 0)["estate"]["18"] = "ship"
    seat(d, 0)["track"] = [1, 0]
    assert refusal(d) == ("burgundy: tile 'ship': 27 counted (depots 2, seats[0].estate 1, supply_coloured 18, "
                          "supply_black 6), the box has 26 (20 coloured-back, 6 black-back) (leave the supplies out "
                          "and they follow from the rest)")
    del seat(d, 0)["track"]
    for key in SUPPLIES:
        del d[key]
    got = load(d).to_dict()
    assert got["supply_coloured"]["ship"] == 17 and seat(got, 0)["track"] == [1, 0]


@pytest.mark.parametrize("track, path, said", [
    ([3, [0]], "seats[0].track[1]", "got a list [0]"),          # was "unhashable type: 'list'" (issue 52)
    ([[3], 0], "seats[0].track[0]", "got a list [3]"),
    ([3, "x"], "seats[0].track[1]", "got a string 'x'"),
])
def test_a_given_track_beside_a_bare_space_names_its_field(track, path, said):
    d = json.loads(documented_short_example())
    d["seats"][0]["track"], d["seats"][1]["track"] = track, 3     # seat 1 is stacked around seat 0's height
    with pytest.raises(InvalidPositionError) as info:
        load(d)
    assert str(info.value).startswith(f"burgundy: {path}: must be an integer") and said in str(info.value)
