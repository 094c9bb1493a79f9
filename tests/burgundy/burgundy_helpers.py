"""Building Castles of Burgundy test positions from a fresh game's JSON.

Every helper keeps the position valid: a tile put somewhere is taken from wherever it still
is (supply, depots, out of the game), and goods likewise, so ``load`` passes from_json's
conservation checks.
"""
import json

import numpy as np

from engine_c.burgundy import BurgundyState


def fresh(players=2, seed=0, **options):
    """Plain data of a new game (round 1 of phase A, seat 0 to act)."""
    return BurgundyState(players, seed, **options).to_dict()


def load(data):
    """The state of position data (full or short)."""
    return BurgundyState.from_json(json.dumps(data))


def positions(players, seed, count, finished=False, **options):
    """``count`` positions of one game of uniformly random moves, spread over it (plain data); with
    ``finished``, the final position too."""
    state = BurgundyState(players, seed, **options)
    rng = np.random.default_rng(seed)
    line = []
    while not state.is_terminal():
        line.append(state.to_json())
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    picks = np.linspace(0, len(line) - 1, count).astype(int)
    return [json.loads(line[i]) for i in picks] + ([state.to_dict()] if finished else [])


def take_tile(data, name):
    """Remove one tile ``name`` from wherever it is not in play (supply, out, depots)."""
    for key in ("supply_coloured", "supply_black", "out_of_game"):
        if data[key].get(name, 0) > 0:
            data[key][name] -= 1
            if data[key][name] == 0:
                del data[key][name]
            return
    for depot in data["depots"]:
        for k, tile in enumerate(depot):
            if tile == name:
                depot[k] = None
                return
    for k, tile in enumerate(data["black_depot"]):
        if tile == name:
            data["black_depot"][k] = None
            return
    raise AssertionError(f"no spare {name} tile")


def put(data, seat, space, name):
    """A tile in seat's estate on space id ``space`` (1..37); a ship moves the seat's pawn one track
    space on, onto the top of the pawns there, as placing it in play does."""
    take_tile(data, name)
    data["seats"][seat]["estate"][str(space)] = name
    if name == "ship":
        track = data["seats"][seat]["track"]
        if track[0] < 6:
            there = [s["track"][1] for s in data["seats"] if s["track"][0] == track[0] + 1]
            data["seats"][seat]["track"] = [track[0] + 1, max(there, default=-1) + 1]


def store(data, seat, slot, name):
    """A tile in seat's storage space ``slot`` (1..3)."""
    old = data["seats"][seat]["storage"][slot - 1]
    if old is not None:
        data["out_of_game"][old] = data["out_of_game"].get(old, 0) + 1
    take_tile(data, name)
    data["seats"][seat]["storage"][slot - 1] = name


def set_depot(data, depot, slot, name):
    """Depot ``depot`` (1..6) space ``slot`` (1..4) holds ``name`` (None empties it)."""
    old = data["depots"][depot - 1][slot - 1]
    if old is not None:
        data["supply_coloured"][old] = data["supply_coloured"].get(old, 0) + 1
    data["depots"][depot - 1][slot - 1] = None
    if name is not None:
        take_tile(data, name)
        data["depots"][depot - 1][slot - 1] = name


def set_black(data, slot, name):
    old = data["black_depot"][slot - 1]
    if old is not None:
        data["supply_black"][old] = data["supply_black"].get(old, 0) + 1
    data["black_depot"][slot - 1] = None
    if name is not None:
        take_tile(data, name)
        data["black_depot"][slot - 1] = name


def _take_goods(data, t, n):
    """Remove n goods of type t from the pool / round spaces / depots / other storages."""
    pool = data["goods_pool"]
    while n and pool[t - 1]:
        pool[t - 1] -= 1
        n -= 1
    for k, g in enumerate(data["round_goods"]):
        if n and g == t:
            data["round_goods"][k] = None
            n -= 1
    for dg in data["depot_goods"]:
        while n and dg[t - 1]:
            dg[t - 1] -= 1
            n -= 1
    for seat in data["seats"]:
        for k, slot in enumerate(seat["goods"]):
            while n and slot is not None and slot[0] == t and slot[1] > 0:
                slot[1] -= 1
                n -= 1
            if slot is not None and slot[1] == 0:
                seat["goods"][k] = None
    assert n == 0, f"not enough goods of type {t}"


def _return_goods(data, t, n):
    data["goods_pool"][t - 1] += n


def set_goods(data, seat, slots):
    """Seat's goods storage: list of up to 3 (type, count) pairs."""
    for slot in data["seats"][seat]["goods"]:
        if slot is not None:
            _return_goods(data, slot[0], slot[1])
    data["seats"][seat]["goods"] = [None, None, None]
    for k, (t, c) in enumerate(slots):
        _take_goods(data, t, c)
        data["seats"][seat]["goods"][k] = [t, c]


def set_sold(data, seat, sold):
    """Seat's sold goods: {type: count}."""
    for t, c in enumerate(data["seats"][seat]["sold"], 1):
        _return_goods(data, t, c)
    data["seats"][seat]["sold"] = [0] * 6
    for t, c in sold.items():
        _take_goods(data, t, c)
        data["seats"][seat]["sold"][t - 1] = c


def set_depot_goods(data, depot, goods):
    """Goods on depot ``depot`` (1..6): {type: count}."""
    dg = data["depot_goods"][depot - 1]
    for t in range(1, 7):
        _return_goods(data, t, dg[t - 1])
        dg[t - 1] = 0
    for t, c in goods.items():
        _take_goods(data, t, c)
        dg[t - 1] = c


def clear_depot_goods(data):
    for d in range(1, 7):
        set_depot_goods(data, d, {})


def at_round(data, rnd, index=0):
    """Move a fresh position to round ``rnd`` (1..5) of its phase with ``turn.index`` = index, as
    play would leave it: the goods of rounds 1..rnd lie on depot 1's goods space (round goods not
    yet placed stay on the round spaces), and the players before ``index`` in turn order have used
    both dice."""
    for k, g in enumerate(data["round_goods"]):
        if k < rnd and g is not None:
            data["depot_goods"][0][g - 1] += 1
            data["round_goods"][k] = None
    data["round"] = rnd
    data["turn"]["index"] = index
    for p in data["turn"]["order"][:index]:
        data["seats"][p]["dice_used"] = [True, True]
    return data


def seat(data, p):
    return data["seats"][p]


def act(state, *names):
    """Apply actions given in notation."""
    for name in names:
        state.apply_action(name)
    return state


def legal_names(state):
    return {state.action_to_string(a) for a in state.legal_actions()}


def finish_turn(state):
    """Use the acting player's unused dice for workers and pass on buying, until the turn ends."""
    def when(st):
        d = st.to_dict()
        return d["phase"], d["round"], d["turn"]["index"]
    start = when(state)
    while when(state) == start and not state.is_terminal():
        names = legal_names(state)
        for name in ("die1:workers", "die2:workers", "pass"):
            if name in names:
                state.apply_action(name)
                break
        else:
            raise AssertionError(f"cannot finish the turn: {sorted(names)}")
    return state
