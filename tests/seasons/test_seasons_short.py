"""Short positions (docs/seasons.md, "Short positions"): what may be left out, what it becomes, the
documented example, the renamed key, and every refusal of the short-form reader naming its field."""
import copy
import json
import re
from collections import Counter
from pathlib import Path

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import InvalidPositionError
from engine_c.seasons import SeasonsState
from engine_c.seasons.data import SPOTS
from solver.search.best_move import analyse

DOC = Path(__file__).resolve().parents[2] / "docs" / "seasons.md"
CARD_DECISIONS = ("trader", "tower", "buy", "build", "pay", "helper", "source")
BUILDING_DECISIONS = ("build", "pay", "helper", "source")
DERIVED = ("players", "rounds", "track", "start", "last_round", "bank", "tiles", "picks", "queue", "traders",
           "equip_pos")


def load(d):
    """from_json of a position dict."""
    return SeasonsState.from_json(json.dumps(d))


def refused(d):
    """The one-line message from_json refuses ``d`` with."""
    with pytest.raises(InvalidPositionError) as info:
        load(d)
    text = str(info.value)
    assert "\n" not in text and text.startswith("seasons: ") and "malformed position" not in text
    return text


def real_positions(players, seed):
    """Every position of one game mixing policy and uniformly random moves, as dicts."""
    rng = np.random.default_rng(seed)
    state = new_state("seasons", players, seed)
    while True:
        yield state.to_dict()
        if state.is_terminal():
            return
        if rng.random() < 0.6:
            state.apply_action(state.playout_action(int(rng.integers(2**30))))
        else:
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])


def _drop_zeros(obj):
    """``obj`` (a {name: count} object) without its zero entries."""
    return {key: value for key, value in obj.items() if value}


def shorten(d, variant):
    """``d`` with every key the short form derives left out, and every defaulted key whose value is
    the default; ``variant`` picks between the alternatives (stock or tower, actor or queue_pos, vp or
    vp_buildings)."""
    s = copy.deepcopy(d)
    phase, players = d["phase"], d["players"]
    for key in DERIVED:
        del s[key]
    del s["stock" if variant % 2 else "tower"]
    if variant % 3 == 0 and players > 2 and phase in CARD_DECISIONS:
        del s["queue_pos"]                      # with 3-4 players the actor's one card
    else:
        del s["actor"]
        if phase == "over":
            del s["queue_pos"]
    for key, default in (("rng", 0), ("phase", "select"), ("forge", 0)):
        if d[key] == default:
            del s[key]
    for key in ("spots", "places"):
        s[key] = {name: owner for name, owner in d[key].items() if owner is not None}
    if d["spot_rounds"] == [0 if d["spots"][name] is None else max(d["round"] - 1, 1) for name in SPOTS]:
        del s["spot_rounds"]
    turn = s["turn"]
    del turn["pay_left"]
    for key, phases in (("builds", BUILDING_DECISIONS), ("helpers", ("helper", "source"))):
        if (phase in phases and players > 2) or (phase not in phases and turn[key] == 0):
            del turn[key]
    if turn["building"] == "palace" and phase != "pay":
        del turn["building"]
    if turn["place"] == "market_a" and phase != "source":
        del turn["place"]
    if turn["pay_step"] == 0:
        del turn["pay_step"]
    if turn["paid"] == [0, 0, 0, 0]:
        del turn["paid"]
    if not turn:
        del s["turn"]
    for seat in s["seats"]:
        del seat["helpers"]
        del seat["vp" if variant % 2 else "vp_buildings"]
        for key in ("vp_master", "vp_final", "built_round", "converted_talers"):
            if seat[key] == 0:
                del seat[key]
        for key in ("helped_round", "selected"):
            if not seat[key]:
                del seat[key]
        for key in ("resources", "converted", "built", "played"):
            seat[key] = _drop_zeros(seat[key])
        seat["workers"] = {w: _drop_zeros(pieces) for w, pieces in seat["workers"].items() if any(pieces.values())}
        for key in ("converted", "built", "played", "workers"):
            if not seat[key]:
                del seat[key]
    return s


# ---- (a) positions of real games, shortened ------------------------------------------------------

@pytest.mark.parametrize("players,seed", [(2, 1), (2, 8), (3, 2), (3, 5), (4, 3), (4, 6)])
def test_shortened_real_positions_load_into_the_same_state(players, seed):
    phases = Counter()
    for i, d in enumerate(real_positions(players, seed)):
        phases[d["phase"]] += 1
        assert load(shorten(d, i)) == load(d), (i, d["phase"])
    assert {"select", "build", "pay", "over"} <= set(phases)


def test_two_player_building_counters_follow_unless_another_card_built_first():
    derived = 0
    for seed in range(4):
        for d in real_positions(2, seed):
            if d["phase"] not in BUILDING_DECISIONS:
                continue
            s = copy.deepcopy(d)
            del s["turn"]["builds"]
            try:
                state = load(s)
            except InvalidPositionError as error:
                assert "seasons: turn.builds: missing field: seat" in str(error)
                continue
            assert state == load(d)
            derived += 1
    assert derived > 0


def test_selections_given_as_counts_are_drawn_from_what_the_rules_allow():
    for seed in range(3):
        for d in real_positions(2 + seed, seed):
            if d["phase"] != "select" or not d["picks"]:
                continue
            s = copy.deepcopy(d)
            for p, seat in enumerate(s["seats"]):
                if p != d["actor"]:                  # the player to act knows his own first card
                    seat["selected"] = len(seat["selected"])
            state = load(s)                          # refused if a drawn choice broke a rule
            got = state.to_dict()
            assert [len(x["selected"]) for x in got["seats"]] == [len(x["selected"]) for x in d["seats"]]
            assert state.legal_actions() == load(d).legal_actions()
            assert load(s) == state                  # the same short position, the same draw


# ---- (b) the documented example --------------------------------------------------------------------

def documented_example():
    """The JSON block of docs/seasons.md, section "Short positions"."""
    section = DOC.read_text().split("## Short positions", 1)[1].split("\n## ", 1)[0]
    return re.search(r"```json\n(.*?)```", section, re.S).group(1)


# the 23 moves of the documented example's game (seed 0, 3 players): what the playout policy of the
# time chose with playout_action(k) at move k; recorded, so a new policy leaves the example alone
EXAMPLE_GAME = [0, 2, 3, 19, 7, 1, 6, 17, 52, 4, 2, 3, 23, 38, 53, 55, 51, 5, 0, 0, 10, 53, 2]


def test_the_documented_example_loads_as_the_game_it_was_taken_from():
    state = SeasonsState.from_json(documented_example())
    d = state.to_dict()
    real = new_state("seasons", 3, 0)
    for a in EXAMPLE_GAME:                                   # the game it was taken from
        real.apply_action(a)
    r = real.to_dict()
    assert d["bank"] == 57 and state.legal_actions() == real.legal_actions()
    for key in ("round", "rounds", "start", "track", "last_round", "bank", "phase", "actor", "stock", "tower",
                "forge", "tiles", "spots", "places", "picks", "queue", "queue_pos", "equip_pos", "traders"):
        assert d[key] == r[key], key
    for mine, theirs in zip(d["seats"], r["seats"]):
        for key in ("vp", "talers", "resources", "helpers", "hand", "workers", "built", "vp_buildings", "vp_master"):
            assert mine[key] == theirs[key], key
        assert len(mine["selected"]) == len(theirs["selected"])


def test_a_search_runs_on_the_documented_example():
    state = SeasonsState.from_json(documented_example())
    out = analyse(state, iterations=300, jobs=1, seed=2, pv_length=2)
    assert {c["action"] for c in out} == set(state.legal_actions())
    assert sum(c["visits"] for c in out) == 300


# ---- the renamed key -----------------------------------------------------------------------------

def test_num_players_is_still_read_and_players_written():
    d = new_state("seasons", 2, 0).to_dict()
    assert "num_players" not in d and d["players"] == 2
    old = dict(d)
    old["num_players"] = old.pop("players")
    assert load(old) == load(d)
    assert load(dict(d, num_players=2)) == load(d)
    assert "seasons: num_players: 3 disagrees with players 2" in refused(dict(d, num_players=3))


# ---- refusals: one row per error path, with the field it names ----------------------------------

DELETE = object()


def _edit(d, **changes):
    """``d`` with ``a__b__0=value`` edits (DELETE removes the key, a function maps the old value)."""
    for key, value in changes.items():
        node, path = d, key.split("__")
        for part in path[:-1]:
            node = node[int(part)] if isinstance(node, list) else node[part]
        last = int(path[-1]) if isinstance(node, list) else path[-1]
        if value is DELETE:
            del node[last]
        elif callable(value):
            node[last] = value(node[last])
        else:
            node[last] = value
    return d


def _first(players, phase, seed=0):
    """The first position of a real game in ``phase`` (full form)."""
    for s in range(seed, seed + 50):
        for d in real_positions(players, s):
            if d["phase"] == phase:
                return d
    raise AssertionError(f"no {phase} position")


def _opening(players=2):
    return new_state("seasons", players, 0).to_dict()


def _two_fitting():
    """A 3-player trader decision with a second trader queued (two entries fit without an actor)."""
    for seed in range(200):
        for d in real_positions(3, seed):
            if d["phase"] == "trader" and sum(e != "payout" and e[1] == "trader" for e in d["queue"]) > 1:
                return d
    raise AssertionError("no position with two traders")


def _second_build_card():
    """A 2-player building decision of a card whose seat built with another card earlier this round."""
    for seed in range(200):
        for d in real_positions(2, seed):
            if d["phase"] in BUILDING_DECISIONS:
                s = copy.deepcopy(d)
                del s["turn"]["builds"]
                try:
                    load(s)
                except InvalidPositionError:
                    return d
    raise AssertionError("no such position")


BASES = {
    "opening": _opening,
    "short": lambda: shorten(_opening(3), 1),
    "pay": lambda: _first(3, "pay"),
    "source": lambda: _first(3, "source"),
    "build": lambda: _first(3, "build"),
    "helper": lambda: _first(3, "helper"),
    "two_traders": _two_fitting,
    "second_build": _second_build_card,
}

REFUSALS = [
    ("opening", dict(num_players=3), "num_players: 3 disagrees with players 2"),
    ("opening", dict(players=3), "seats: must be a list of 3 entries, got 2"),
    ("short", dict(round=DELETE), "round: missing field"),
    ("short", dict(round=16), "round: must be an integer in 1..15, got 16"),
    ("short", dict(rounds=12), "rounds: must be an integer in 15..15, got 12"),
    ("short", dict(track=3), "track: round 1 of 15 leaves 14 talers on the round track, not 3"),
    ("short", dict(start=3), "start: must be an integer in 0..2, got 3"),
    ("short", dict(phase="selekt"), "phase: unknown phase 'selekt' (did you mean select? valid: select, load,"),
    ("short", dict(seats__0__hand=DELETE), "seats[0].hand: missing field"),
    ("short", dict(seats__0__hand=["tradr"]), "seats[0].hand[0]: unknown card 'tradr' (did you mean trader? valid:"),
    ("short", dict(seats__0__hand=["trader", "trader"]), "seats[0].hand: lists trader twice"),
    ("short", dict(seats__0__resources=DELETE), "seats[0].resources: missing field"),
    ("short", dict(seats__0__resources={"gold": 1}), "seats[0].resources.gold: unknown field"),
    ("short", dict(seats__0__talers=DELETE), "seats[0].talers: missing field"),
    ("short", dict(seats__0__selected=2), "seats[0].selected: must be an integer in 0..1, got 2"),
    ("short", dict(seats__0__selected=1, seats__0__hand=[]), "seats[0].selected: 1 cards, but the hand [] leaves nothing"),
    ("short", dict(seats__0__workers={"worker4": {}}), "seats[0].workers.worker4: unknown field"),
    ("short", dict(seats__0__built={"castle": 1}), "seats[0].built.castle: unknown field"),
    ("short", dict(seats__0__played={"messenger": 61}), "seats[0].played.messenger: must be an integer in 0..60"),
    ("short", dict(seats__0__vp=3, seats__0__vp_master=5, seats__0__vp_buildings=DELETE), "seats[0].vp: 3, less than vp_master + vp_final + vp_winter = 5"),
    ("short", dict(seats__0__vp=3, seats__0__vp_buildings=1), "seats[0].vp: must be vp_buildings + vp_master + vp_final + vp_winter = 1"),
    ("short", dict(spots={"sand": 5}), "spots.sand: must be an integer in 0..2, got 5"),
    ("short", dict(spots={"gold": 0}), "spots.gold: unknown field (known: sand, wood, clay, stone, rider)"),
    ("short", dict(places={"market_c": 0}), "places.market_c: unknown field (known: market_a,"),
    ("short", dict(seats__0__hand=["messenger"] * 9), "seats[0].hand: must be a list of 0..8 entries, got 9"),
    ("short", dict(seats__0__vp_master=-1), "seats[0].vp_master: must be an integer in 0..30000, got -1"),
    ("short", dict(tower=DELETE), "tower: missing field: the general stock and the tower cannot both be left out"),
    ("short", dict(seats__0__resources={"sand": 20}),
     "stock: cannot hold the rest of the sand: 23 sand pieces are elsewhere, the box has 20: 1 in tower, "
     "20 in seats[0].resources, 1 in seats[1].resources, 1 in seats[2].resources"),
    ("opening", dict(tower=DELETE, seats__0__resources={"stone": 15}),
     "tower: cannot hold the rest of the stone: 29 stone pieces are elsewhere, the box has 15: 14 in stock, 15 in seats[0]"),
    ("opening", dict(seats__0__resources={"sand": 5}),
     "stock: 24 sand pieces in the position, the box has 20: 17 in stock, 1 in tower, 5 in seats[0].resources, 1 in seats[1]"),
    ("short", dict(seats__0__talers=100),
     "bank: cannot hold the rest: 120 talers are elsewhere, the game has 105: 14 in track, 100 in seats[0].talers"),
    ("opening", dict(bank=80), "bank: 98 talers in the position, the game has 105: 80 in bank, 11 in track, 4 in seats[0]"),
    ("short", dict(places={"market_a": 0, "market_b": 0, "forge10": 0, "forge6": 0, "servants_a": 0, "servants_b": 0,
                           "palace_a": 0}),
     "seats[0].helpers: seat 0 has 6 helpers, but 0 on spots [], 7 on places"),
    ("opening", dict(seats__1__helpers=2), "seats[1].helpers: seat 1 has 2 helpers in all, not 7: 2 in his stock, 0 on spots"),
    ("short", dict(seats__0__built={"house": 3}, seats__1__built={"house": 2}),
     "seats[1].built.house: 5 house built in all, the board has 4: 3 in seats[0].built.house, 2 in seats[1].built.house"),
    ("opening", dict(tiles__house=2), "tiles.house: 2 left plus 0 built make 2, not 4"),
    ("opening", dict(spots={"sand": 1}, spot_rounds=[0, 0, 0, 0, 0], seats__1__helpers=6),
     "spot_rounds[0]: 0, but seat 1's helper holds the sand spot: the round it was placed, 1..1"),
    ("pay", dict(turn__building=DELETE), "turn.building: missing field: the pay decision needs it"),
    ("source", dict(turn__place=DELETE), "turn.place: missing field: the source decision needs it"),
    ("build", dict(turn__builds=1), "turn.builds: 1, but seat 0 erected 0 buildings this round"),
    ("helper", dict(turn__helpers=1), "turn.helpers: 1, but seat 1 placed 0 castle helpers this round"),
    ("two_traders", dict(queue_pos=DELETE, actor=DELETE), "queue_pos: missing field: 2 entries of the queue could be "
                                                          "resolving the trader decision; give the position"),
    ("second_build", dict(turn__builds=DELETE), "turn.builds: missing field: seat "),
]


@pytest.mark.parametrize("base,edit,message", REFUSALS, ids=[m[:40] for _, _, m in REFUSALS])
def test_refusals_name_their_field(base, edit, message):
    d = _edit(copy.deepcopy(BASES[base]()), **edit)
    assert f"seasons: {message}" in refused(d)


@pytest.mark.parametrize("base", sorted(set(BASES) - {"second_build"}))
def test_the_bases_of_the_refusal_table_load(base):
    """Each position the refusals edit is valid before the edit (so each refusal is its edit's)."""
    load(BASES[base]())
