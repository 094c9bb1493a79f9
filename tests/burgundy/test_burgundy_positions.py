"""Positions read from JSON: one-line errors naming the field, pending sub-decisions checked against
the position, finished games and round goods, playouts at a dead end, the deal of the starting goods."""
import copy
import json
import math
import re
import subprocess
import sys
import textwrap
from collections import Counter
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest

from burgundy_helpers import (at_round, clear_depot_goods, fresh, load, positions, put, seat, set_depot, set_goods,
                              store, take_tile)
from engine_c import state_from_json
from engine_c.burgundy import BurgundyState
from engine_c.errors import InvalidPositionError
from engine_c.validate import at


def refused(d):
    """The one-line message with which ``d`` is refused."""
    with pytest.raises(InvalidPositionError) as err:
        load(d)
    message = str(err.value)
    assert "\n" not in message and message.startswith("burgundy: ")
    return message


def with_pending(players=3, seed=4):
    """A position of a random game in which a sub-decision is pending."""
    state = BurgundyState(players, seed)
    rng = np.random.default_rng(seed)
    while not state.to_dict()["turn"]["pending"]:
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state.to_dict()


def leaves(node, path="", keys=()):
    """(path, keys, is_container) of every value inside ``node``; the path as the reader names fields."""
    items = node.items() if isinstance(node, dict) else enumerate(node) if isinstance(node, list) else ()
    out = []
    for key, value in items:
        where = at(path, key)
        container = isinstance(value, (dict, list))
        out.append((where, keys + (key,), container))
        if container:
            out.extend(leaves(value, where, keys + (key,)))
    return out


def edited(base, keys, value=None, drop=False):
    """A copy of ``base`` with the value at ``keys`` replaced (or dropped)."""
    d = copy.deepcopy(base)
    node = d
    for key in keys[:-1]:
        node = node[key]
    if drop:
        del node[keys[-1]]
    else:
        node[keys[-1]] = value
    return d


# ---- wrong types and values: one line naming the field --------------------------------------

WRONG = ("x", 0.5, -1.5, 2**31, 2**64, 10**30, -10**30, [], {"a": 1})
# lists a short position may end early (the rest is empty)
PADDED = r"depots\[\d\]|black_depot|seats\[\d\]\.(storage|goods)"
REQUIRED = {"game", "phase", "round", "seats", "depots", "black_depot", "seats[].silverlings", "seats[].workers",
            "seats[].vp", "seats[].dice"}


def test_every_field_with_a_wrong_type_is_refused_naming_its_path():
    base = with_pending()
    assert base["turn"]["pending"]
    checked = 0
    for where, keys, container in leaves(base):
        for value in WRONG + ((True,) if container else ()):
            if (where == "rng" and isinstance(value, int) and 0 <= value < 2**64) or \
                    (where == "turn.pending" and value == []) or \
                    (value == [] and re.fullmatch(PADDED, where)):      # all valid
                continue
            message = refused(edited(base, keys, value))
            assert re.match(rf"burgundy: {re.escape(where)}[:.\[]", message), (where, value, message)
            checked += 1
    assert checked > 2000


def flat(node, path=""):
    """{path: value} of every scalar inside ``node``."""
    if isinstance(node, (dict, list)):
        out = {}
        for where, keys, container in leaves(node, path):
            if not container:
                value = node
                for key in keys:
                    value = value[key]
                out[where] = value
        return out
    return {path: node}


def test_every_field_left_out_is_named_or_changes_only_itself():
    """A required field left out is refused as missing; any other is derived or defaulted: the
    position loads and differs from the original at most in that field (or is refused in one line
    naming a field path or, when what is left out held tiles or goods, where they were counted)."""
    for base in (with_pending(), positions(2, 11, 3)[1], positions(4, 12, 3)[2]):
        original = flat(base)
        for where, keys, _ in leaves(base):
            parent = where.rsplit(".", 1)[0] if "." in where else ""
            if isinstance(keys[-1], int) or parent.startswith(("supply_", "out_of_game", "bonus_taken")) \
                    or ".estate" in where:
                continue                           # list entries; tables of counts and tiles
            d = edited(base, keys, drop=True)
            if re.sub(r"\[\d+\]", "[]", where) in REQUIRED:
                assert refused(d) == (f"burgundy: {where}: missing field" if where != "game" else
                                      'burgundy: game: not a burgundy position (game: missing; a burgundy '
                                      'position has "game": "burgundy")')
                continue
            try:
                state = load(d)
            except InvalidPositionError as exc:
                assert re.match(r"burgundy: ([\w\[\]\".]+: |tile '|goods type )", str(exc)), (where, str(exc))
                continue
            now = flat(state.to_dict())
            changed = {path for path in set(now) | set(original) if now.get(path, now) != original.get(path, now)}
            assert all(path == where or path.startswith((where + ".", where + "[")) for path in changed), \
                (where, changed)


@pytest.mark.parametrize("path,value,expected", [
    (("turn", "order", 1), None, "turn.order[1]: must be an integer in 0..1, got null"),
    (("depots", 0, 0), ["castle"], "depots[0][0]: unknown tile ['castle']"),
    (("depot_goods", 3), [0, 0, 0, 1, 0], "depot_goods[3]: must be a list of 6 entries"),
    (("seats", 1, "silverlings"), "3", "seats[1].silverlings: must be an integer in 0..10000, got a string '3'"),
    (("seats", 0, "vp"), 2**31, "seats[0].vp: must be an integer in 0..10000, got 2147483648"),
    (("seats", 0, "workers"), 2**64, "seats[0].workers: must be an integer in 0..10000"),
    (("seats", 1, "dice", 0), 3.0, "seats[1].dice[0]: must be an integer in 1..6, got a number 3.0"),
    (("goods_pool", 2), 10**30, "goods_pool[2]: must be an integer in 0..7"),
    (("round", ), True, "round: must be an integer in 1..5, got a boolean True"),
    (("rng", ), 2**64, "rng: must be an integer in 0..18446744073709551615"),
    (("seats", 0, "estate", "19"), "castl", 'seats[0].estate["19"]: unknown tile \'castl\''),
    (("seats", 0, "board"), 1.0, "seats[0].board: must be an integer in 1..9, got a number 1.0"),
    (("seats", 0, "start_castle"), True, "seats[0].start_castle: must be an integer in 1..37"),
    (("supply_coloured", "ship"), 1e3, "supply_coloured.ship: must be an integer in 0..20"),
    (("turn", "pending"), [["slot"]], "turn.pending[0]: must be a list of 3 entries, got 1 entry"),
    (("bonus_taken", "mine"), None, "bonus_taken.mine: must be an integer in 0..2, got null"),
])
def test_wrong_types_name_the_field(path, value, expected):
    d = fresh(2, 0)
    node = d
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = value
    assert f"burgundy: {expected}" in refused(d)


def test_estate_keys_must_be_space_ids_as_written():
    for key in ("²", "019", " 19", "38", "0"):       # '²'.isdigit() is true but int('²') fails
        d = fresh(2, 0)
        d["seats"][0]["estate"][key] = "mine"
        take_tile(d, "mine")
        assert f"seats[0].estate[\"{key}\"]: estate spaces are" in refused(d)


def test_a_position_must_be_an_object():
    for text in ("[]", "3", "null", '"burgundy"'):
        with pytest.raises(InvalidPositionError, match="a position must be a JSON object"):
            BurgundyState.from_json(text)


# ---- pending sub-decisions --------------------------------------------------------------------

def _turn_begun(d, used=(True, False)):
    """Seat 0 (to act) has used its first die: the moment a sub-decision can be open."""
    seat(d, 0)["dice_used"] = list(used)
    return d


def _pending(d, *items):
    d["turn"]["pending"] = [list(item) for item in items]
    return d


def _impossible_pending_positions():
    """(position, message) pairs: each pending sub-decision has nothing to act on."""
    cases = []
    d = fresh(2, 0)                                   # the example: nothing was done this turn
    cases.append((_pending(d, ("space", 0, 0)), "turn.pending: sub-decisions are pending but seat 0"))
    d = _turn_begun(fresh(2, 0))
    cases.append((_pending(d, ("space", 0, 0)), "turn.pending[0]: ['space', 0, 0]: storage space 1 is empty"))
    d = _turn_begun(fresh(2, 0))
    for k in range(1, 5):
        set_depot(d, 3, k, None)
    cases.append((_pending(d, ("slot", 2, 0)), "turn.pending[0]: ['slot', 2, 0]: depot 3 is empty"))
    d = _turn_begun(fresh(2, 0))
    store(d, 0, 1, "ship")
    cases.append((_pending(d, ("space", 0, 1)), "die 2 of seat 0 is not used"))
    d = _turn_begun(fresh(2, 0))
    seat(d, 0)["dice"], seat(d, 0)["workers"] = [1, 1], 0
    store(d, 0, 1, "mine")                            # the mine next to the castle is M4: 3 steps from 1
    cases.append((_pending(d, ("space", 0, 0)), "'mine' (storage space 1) fits no space"))
    d = _turn_begun(fresh(2, 0))
    d["turn"]["pending_tile"] = "mine"
    take_tile(d, "mine")
    cases.append((_pending(d, ("discard", 0, 0)), "the storage has an empty space"))
    d = _turn_begun(fresh(2, 0))
    cases.append((_pending(d, ("ship", 0, 0)), "seat 0 has no ship in the estate"))
    d = _turn_begun(fresh(2, 0))
    put(d, 0, 18, "ship")
    clear_depot_goods(d)
    cases.append((_pending(d, ("ship", 0, 0)), "no depot has goods"))
    d = _turn_begun(fresh(2, 0))
    put(d, 0, 18, "ship")
    cases.append((_pending(d, ("ship", 1, 2)), "needs knowledge 5"))
    d = _turn_begun(fresh(2, 0))
    put(d, 0, 18, "ship")
    set_goods(d, 0, [(1, 1), (2, 1), (3, 1)])
    cases.append((_pending(d, ("goods", 3, 0)), "goods storage is full"))
    d = _turn_begun(fresh(2, 0))
    cases.append((_pending(d, ("warehouse", 0, 0)), "no warehouse"))
    d = _turn_begun(fresh(2, 0))
    cases.append((_pending(d, ("pick", 5, 0)), "colour mask must be"))
    d = _turn_begun(fresh(2, 0))
    cases.append((_pending(d, ("pick", 16, 0)), "no carpenter"))
    d = _turn_begun(fresh(2, 0))
    cases.append((_pending(d, ("free", 0, 0)), "no castle besides the starting one"))
    d = _turn_begun(fresh(2, 0))
    cases.append((_pending(d, ("hall", 0, 0)), "no city hall"))
    d = _turn_begun(fresh(2, 0))
    store(d, 0, 1, "ship")
    cases.append((_pending(d, ("slot", 0, 0), ("space", 0, 0)), "turn.pending[0]: ['slot', 0, 0] cannot wait"))
    return cases


def test_impossible_pending_sub_decisions_are_refused_naming_them():
    cases = _impossible_pending_positions()
    for d, expected in cases:
        message = refused(d)
        assert "turn.pending" in message and expected in message, (expected, message)


def test_possible_pending_sub_decisions_load():
    d = _turn_begun(fresh(2, 0))
    store(d, 0, 1, "ship")
    seat(d, 0)["dice"] = [2, 5]
    state = load(_pending(d, ("space", 0, 0)))
    assert [state.action_to_string(a) for a in state.legal_actions()] == ["space18"]
    d = _turn_begun(fresh(2, 0))
    d["turn"]["pending_tile"] = "mine"
    take_tile(d, "mine")
    for k, tile in enumerate(("k1", "k2", "castle"), 1):
        store(d, 0, k, tile)
    state = load(_pending(d, ("discard", 0, 0)))
    assert len(state.legal_actions()) == 3


def test_random_pending_edits_are_refused_or_playable():
    """Random sub-decisions written into positions of random games: each is refused in one line, or
    loads with a legal move and plays to the end (randomly and with the policy)."""
    rng = np.random.default_rng(7)
    kinds = ("free", "hall", "slot", "space", "discard", "ship", "goods", "warehouse", "pick")
    args = {"slot": (5, 0), "space": (2, 3), "ship": (1, 5), "goods": (5, 0), "pick": (63, 0)}
    accepted = refused_count = 0
    bases = [d for players, seed in ((2, 1), (3, 2), (4, 3)) for d in positions(players, seed, 25)
             if not d["over"]]
    for k in range(1500):
        d = copy.deepcopy(bases[k % len(bases)])
        items = []
        for _ in range(int(rng.choice([1, 1, 1, 2]))):
            kind = str(rng.choice(kinds))
            a_hi, b_hi = args.get(kind, (0, 0))
            a = int(rng.choice([16, 37, 10])) if kind == "pick" and rng.random() < 0.7 else int(rng.integers(a_hi + 1))
            items.append([kind, a, int(rng.integers(b_hi + 1))])
        d["turn"]["pending"] = items
        if items[-1][0] == "discard" and d["turn"]["pending_tile"] is None:
            for name in ("ship", "mine", "castle"):
                if d["supply_coloured"].get(name):
                    d["turn"]["pending_tile"] = name
                    take_tile(d, name)
                    break
        try:
            state = load(d)
        except InvalidPositionError as exc:
            assert "\n" not in str(exc)
            refused_count += 1
            continue
        accepted += 1
        assert state.legal_actions(), items
        for policy in (False, True):
            world = state.clone()
            world.playout(k, policy=policy)
            assert world.is_terminal()
        assert state_from_json(state.to_json()) == state
    assert accepted >= 100 and refused_count >= 2 * accepted, (accepted, refused_count)   # most are impossible


def test_every_position_of_random_and_policy_games_loads():
    """The reader's checks never refuse a position play reaches (every decision of a few games)."""
    rng = np.random.default_rng(3)
    for g, (players, board) in enumerate(((2, "basic"), (3, "advanced"), (4, "random"), (2, "random"))):
        state = BurgundyState(players, 100 + g, board=board)
        while True:
            assert state_from_json(state.to_json()) == state
            if state.is_terminal():
                break
            action = state.playout_action(int(rng.integers(2**32))) if g % 2 else \
                int(rng.choice(state.legal_actions()))
            state.apply_action(action)


# ---- finished games, round goods, dice --------------------------------------------------------

def finished(players=2, seed=5):
    state = BurgundyState(players, seed)
    state.playout(seed)
    return state


def test_a_game_that_cannot_be_over_is_refused():
    d = fresh(2, 0)
    d["over"] = True
    assert "phase: a finished game ends after phase E, got over in phase 'A'" in refused(d)
    end = finished().to_dict()
    assert end["phase"] == "E" and end["round"] == 5 and load(end) == finished()
    old = dict(end, round=1)                      # as written before: the engine's round counter wrapped
    assert load(old) == finished()
    assert "round: a finished game ends after round 5" in refused(dict(end, round=3))
    for edit, expected in (
            (lambda d: d.update(phase="D"), "got over in phase 'D'"),
            (lambda d: d["turn"].update(pending=[["warehouse", 0, 0]]), "turn.pending: a finished game"),
            (lambda d: d["seats"][1].update(dice_used=[True, False]), "seats[1].dice_used: in a finished game")):
        d = copy.deepcopy(end)
        edit(d)
        assert expected in refused(d)
    d = copy.deepcopy(end)
    for t in range(6):                               # a round's goods still waiting: the game is not over
        if d["goods_pool"][t]:
            d["goods_pool"][t] -= 1
            d["round_goods"][4] = t + 1
            break
    assert "round_goods[4]: a finished game has placed all the round goods" in refused(d)


def test_round_goods_must_match_the_round():
    d = fresh(2, 0)
    d["round"] = 3                                  # the goods of rounds 2 and 3 still on the round spaces
    assert "round_goods[1]: in round 3 the goods of rounds 1..3 are placed" in refused(d)
    d = fresh(2, 0)
    t = d["goods_pool"].index(max(d["goods_pool"]))
    d["goods_pool"][t] -= 1
    d["round_goods"][0] = t + 1                     # round 1 has begun: its goods are on a depot
    assert "round_goods[0]" in refused(d)
    d = at_round(fresh(2, 0), 4)
    assert load(d).to_dict()["round"] == 4
    d = fresh(2, 0)
    d["round_goods"][3] = None                      # a goods tile missing from a later round space
    d["goods_pool"][0] += 1
    assert "round_goods[3]" in refused(d)


def test_used_dice_must_fit_the_turn_order():
    d = fresh(3, 0)
    seat(d, d["turn"]["order"][2])["dice_used"] = [True, False]      # a later player has not had a turn
    assert "has not had its turn this round" in refused(d)
    d = fresh(3, 0)
    d["turn"]["index"] = 2                                           # earlier players have used both dice
    assert "has had its turn this round" in refused(d)
    assert load(at_round(fresh(3, 0), 1, index=2)).current_player() == fresh(3, 0)["turn"]["order"][2]


def test_setup_positions():
    state = BurgundyState(2, 3, board="advanced")
    d = state.to_dict()
    assert d["setup_player"] == 0 and load(d) == state
    for edit, expected in (
            (lambda d: d.update(round=2), "setup_player: 0 (setup), but the starting castles are placed before round 1"),
            (lambda d: d["seats"][0].update(dice=[3, 4]), "seats[0].dice: no dice are rolled"),
            (lambda d: d.update(over=True), "setup_player: 0, but a finished game (over) cannot be in setup")):
        e = copy.deepcopy(d)
        edit(e)
        assert expected in refused(e)


# ---- playouts stop at a dead end --------------------------------------------------------------

def test_playouts_stop_at_a_position_without_a_legal_move():
    """A dead end (not loadable, built byte by byte) must end playouts instead of hanging them."""
    code = textwrap.dedent(f"""
        import json, sys
        sys.path.insert(0, {str(Path(__file__).parent)!r})
        from burgundy_helpers import fresh, load, set_depot
        from engine_c.game import benchmark_playouts
        open_ = fresh(2, 0)
        open_["seats"][0]["dice_used"] = [True, False]
        slot = json.loads(json.dumps(open_))
        slot["turn"]["pending"] = [["slot", 0, 0]]
        a, b = load(slot).to_bytes(), load(open_).to_bytes()
        for k in range(1, 5):
            set_depot(open_, 1, k, None)
        empty = load(open_)
        raw = bytearray(empty.to_bytes())
        for i in range(len(raw)):
            if a[i] != b[i]:
                raw[i] = a[i]                   # the pending slot choice, now on an empty depot
        fn, (cls, _, n), *_ = empty.__reduce__()      # (function, args[, data hash])
        stuck = fn(cls, bytes(raw), n)
        assert stuck.legal_actions() == [] and not stuck.is_terminal()
        for policy in (False, True):
            world = stuck.clone()
            world.playout(1, policy=policy)
            assert world == stuck
            benchmark_playouts(stuck, 3, 0, policy=policy)
        print("ok")
    """)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0 and done.stdout.strip() == "ok", done.stderr[-2000:]


# ---- the starting goods -----------------------------------------------------------------------

def _hand_odds(draw):
    """Exact odds of 1, 2, 3 different types among a seat's 3 starting goods, ``draw(counts)`` giving
    the chance of each type for the next goods tile."""
    odds = Counter()

    def deal(counts, hand, p):
        if len(hand) == 3:
            odds[len(set(hand))] += p
            return
        for t, q in enumerate(draw(counts)):
            if q:
                rest = list(counts)
                rest[t] -= 1
                deal(rest, hand + [t], p * q)
    deal([7] * 6, [], Fraction(1))
    return odds


def by_tile(counts):
    return [Fraction(c, sum(counts)) for c in counts]


def by_type(counts):                                 # the old deal: a random type, redrawn when empty
    return [Fraction(1, sum(1 for c in counts if c)) if c else 0 for c in counts]


def test_exact_odds_of_the_starting_goods():
    right, wrong = _hand_odds(by_tile), _hand_odds(by_type)
    assert right[3] == Fraction(35 * 28, 41 * 40) and right[1] == Fraction(6 * 5, 41 * 40)
    assert round(100 * float(right[3]), 1) == 59.8 and round(100 * float(right[1]), 1) == 1.8
    assert round(100 * float(wrong[3]), 1) == 55.6 and round(100 * float(wrong[1]), 1) == 2.8


def test_starting_goods_are_dealt_as_tiles_from_the_pile():
    """20,000 openings: the share of seats holding 3 different types / 3 of one type is within 4.5
    standard errors of the exact odds of dealing 3 tiles from the 42 (59.8 % / 1.8 %); dealing a
    random type each time (55.6 % / 2.8 %) lies more than 9 standard errors away."""
    games = 20000
    right, wrong = _hand_odds(by_tile), _hand_odds(by_type)
    hands = {0: Counter(), 3: Counter()}            # the first and the last seat to be dealt
    for seed in range(games):
        seats = BurgundyState(4, seed).to_dict()["seats"]
        for p in hands:
            hands[p][sum(1 for g in seats[p]["goods"] if g)] += 1
            assert sum(g[1] for g in seats[p]["goods"] if g) == 3
    for types in (3, 1):
        p = float(right[types])
        se = math.sqrt(p * (1 - p) / games)
        assert abs(float(wrong[types]) - p) > 9 * se      # the test tells the two deals apart
        for seat_hands in hands.values():
            share = seat_hands[types] / games
            assert abs(share - p) < 4.5 * se, (types, share, p)
