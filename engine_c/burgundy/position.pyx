# cython: language_level=3
"""Castles of Burgundy positions: the BState struct to plain data and back (format: docs/burgundy.md).

A short position is completed first (position_short.py fills in every key it may leave out), then
checked field by field (position_checks.py) before anything here writes to C memory; the pending
sub-decisions, which need the rules to judge, are checked here after filling."""
from libc.string cimport memset
from libc.stdint cimport uint64_t, int16_t

from engine_c.burgundy.state cimport BurgundyState
from engine_c.burgundy.types cimport *
from engine_c.burgundy.tables cimport NBMASK, COLOUR_OF, DEPOT_NB
from engine_c.burgundy.rules cimport placeable, goods_slot

from engine_c.burgundy import data as _D
from engine_c.burgundy import position_checks as _J
from engine_c.burgundy import position_short as _S
from engine_c.burgundy.notation import SRC_NAMES
from engine_c.burgundy.state import SCENARIOS, TIEBREAKS, TILE_NAMES, PICKS


cdef dict counts(int16_t* arr):
    return {TILE_NAMES[c]: arr[c] for c in range(1, NCODES) if arr[c]}


def position_to_dict(BurgundyState state):
    """The position as plain data (format: docs/burgundy.md)."""
    cdef BState* s = &state.s
    cdef int p, d, k, t, i
    cdef BPlayer* P
    def tile(code):
        return TILE_NAMES[code] if code else None
    players = []
    for p in range(s.nplayers):
        P = &s.pl[p]
        seat = {
            "board": P.board,
            "start_castle": P.castle + 1 if P.castle >= 0 else None,
            "estate": {str(j + 1): TILE_NAMES[P.est[j]] for j in range(NSP) if P.est[j]},
            "storage": [tile(P.store[k]) for k in range(3)],
            "goods": [[P.gtype[k], P.gcount[k]] if P.gtype[k] else None for k in range(3)],
            "sold": [P.sold[t] for t in range(1, 7)],
            "silverlings": P.silver,
            "workers": P.workers,
            "vp": P.vp,
            "dice": [P.dice[0], P.dice[1]],
            "dice_used": [bool(P.used[0]), bool(P.used[1])],
            "track": [P.track_pos, P.track_h],
            "bonus_large": P.bonus_large,
            "bonus_small": P.bonus_small,
            "black_purchases": P.n_black,
            "worker_actions": P.n_work,
        }
        if P.vp_animals >= 0:       # known when the game was played from its start
            seat["vp_parts"] = {"animals": P.vp_animals, "phase_bonuses": P.vp_phase}
        players.append(seat)
    return {
        "game": "burgundy",
        "players": s.nplayers,
        "scenario": SCENARIOS[s.scenario],
        "tiebreak": TIEBREAKS[s.tiebreak],
        "phase": "ABCDE"[min(s.phase, 4)],
        "round": 5 if s.over else s.round + 1,        # the engine's counter wraps after the last round
        "over": bool(s.over),
        "rng": int(s.rng),
        "setup_player": s.setup_idx if s.setup_idx >= 0 else None,
        "turn": {
            "order": [s.order[i] for i in range(s.nplayers)],
            "index": s.turn_idx,
            "white_die": s.white,
            "bought": bool(s.bought),
            "pending": [[_J.TASK_NAMES[s.task[i]], s.ta[i], s.tb[i]] for i in range(s.sp)],
            "pending_tile": tile(s.pend_tile),
        },
        "depots": [[tile(s.depot[d][k]) for k in range(NSLOT)] for d in range(NDEPOT)],
        "black_depot": [tile(s.black[k]) for k in range(NBLACK)],
        "depot_goods": [[s.dgoods[d][t] for t in range(1, 7)] for d in range(NDEPOT)],
        "round_goods": [s.round_goods[k] or None for k in range(5)],
        "goods_pool": [s.goods_pool[t] for t in range(1, 7)],
        "supply_coloured": counts(s.sup_col),
        "supply_black": counts(s.sup_black),
        "out_of_game": counts(s.out),
        "bonus_taken": {name: s.bonus_taken[c] for c, name in enumerate(_D.COLOUR_NAMES)},
        "seats": players,
    }


def position_from_dict(BurgundyState state, data):
    """Fill ``state`` from position data, full or short; InvalidPositionError naming the field if it is wrong."""
    _fill(state, _J.check(_S.complete(data)))
    _check_pending(state)


cdef _fill(BurgundyState state, data):
    """Fill the struct from data checked by position_checks.check (every list length, range and
    tile name is checked there before anything here writes to C memory)."""
    cdef BState* s = &state.s
    cdef int p, d, k, t, i, j, code
    cdef BPlayer* P
    memset(s, 0, sizeof(BState))
    n = data["players"]
    state.num_players = n
    s.nplayers = n
    s.scenario = SCENARIOS.index(data["scenario"])
    s.tiebreak = TIEBREAKS.index(data["tiebreak"])
    s.phase = "ABCDE".index(data["phase"])
    s.round = data["round"] - 1
    s.over = data["over"]
    if s.over:
        s.phase = 5
        s.round = 0          # the round counter after round 5 of phase E (written as round 5; 1 read too)
    s.rng = data["rng"]
    s.setup_idx = -1 if data["setup_player"] is None else data["setup_player"]
    turn = data["turn"]
    for i, p in enumerate(turn["order"]):
        s.order[i] = p
    s.turn_idx = turn["index"]
    s.white = turn["white_die"]
    s.bought = turn["bought"]
    s.sp = len(turn["pending"])
    for i, (kind, a, b) in enumerate(turn["pending"]):
        s.task[i] = _J.TASK_NAMES.index(kind)
        s.ta[i] = a
        s.tb[i] = b
    s.pend_tile = _J.code(turn["pending_tile"])
    for d, depot in enumerate(data["depots"]):
        for k, name in enumerate(depot):
            s.depot[d][k] = _J.code(name)
    for d, counts in enumerate(data["depot_goods"]):
        for t, c in enumerate(counts):
            s.dgoods[d][t + 1] = c
    for k, name in enumerate(data["black_depot"]):
        s.black[k] = _J.code(name)
    for k, g in enumerate(data["round_goods"]):
        s.round_goods[k] = g or 0
    for t, c in enumerate(data["goods_pool"]):
        s.goods_pool[t + 1] = c
    for name, c in data["supply_coloured"].items():
        s.sup_col[_J.code(name)] = c
    for name, c in data["supply_black"].items():
        s.sup_black[_J.code(name)] = c
    for name, c in data["out_of_game"].items():
        s.out[_J.code(name)] = c
    for c, name in enumerate(_D.COLOUR_NAMES):
        s.bonus_taken[c] = data["bonus_taken"][name]
    for p, pd in enumerate(data["seats"]):
        P = &s.pl[p]
        P.board = pd["board"]
        P.castle = -1 if pd["start_castle"] is None else pd["start_castle"] - 1
        for key, name in pd["estate"].items():
            j = _J.SPACE_KEYS[key] - 1
            code = _J.code(name)
            P.est[j] = code
            P.filled |= (<uint64_t>1) << j
            P.adj |= NBMASK[j]
            if COLOUR_OF[code] == COL_KNOWLEDGE:
                P.know |= 1u << (code - TILE_KNOW0)
        for k, name in enumerate(pd["storage"]):
            P.store[k] = _J.code(name)
        for k, slot in enumerate(pd["goods"]):
            if slot is not None:
                P.gtype[k] = slot[0]
                P.gcount[k] = slot[1]
        for t, c in enumerate(pd["sold"]):
            P.sold[t + 1] = c
        P.silver = pd["silverlings"]
        P.workers = pd["workers"]
        P.vp = pd["vp"]
        P.dice[0], P.dice[1] = pd["dice"]
        P.used[0], P.used[1] = pd["dice_used"]
        P.track_pos, P.track_h = pd["track"]
        P.bonus_large = pd["bonus_large"]
        P.bonus_small = pd["bonus_small"]
        P.n_black = pd["black_purchases"]
        P.n_work = pd["worker_actions"]
        parts = pd.get("vp_parts")
        P.vp_animals, P.vp_phase = (parts["animals"], parts["phase_bonuses"]) if parts is not None else (-1, -1)


cdef _check_pending(BurgundyState state):
    """Each pending sub-decision (turn.pending, the last entry on top) must be one the rules can
    leave open in this position: the stack has a shape play can build, and each entry has
    something to act on (a tile to take or place, a space, goods, a building that opened it)."""
    cdef BState* s = &state.s
    cdef int i, top_i, p
    cdef BPlayer* P
    if s.sp == 0 or s.over or s.setup_idx >= 0:
        return
    p = s.order[s.turn_idx]
    P = &s.pl[p]
    if not (P.used[0] or P.used[1] or s.bought):
        _J.F.fail("turn.pending", f"sub-decisions are pending but seat {p}, to act, has used no die and "
                                  f"bought nothing this turn (they follow an action)")
    top_i = s.sp - 1
    for i in range(s.sp):
        where = f"turn.pending[{i}]"
        item = f"[{_J.TASK_NAMES[s.task[i]]!r}, {s.ta[i]}, {s.tb[i]}]"
        if i < top_i and not (i == top_i - 1 and s.task[i] == K_SHIP and s.ta[i] == 1
                              and s.task[top_i] == K_GOODS and s.ta[top_i] == s.tb[i]):
            _J.F.fail(where, f"{item} cannot wait under another sub-decision (only a knowledge-5 second "
                             f"ship pick ['ship', 1, d] waits, under the goods choice ['goods', d, 0])")
        problem = _pending_problem(s, p, s.task[i], s.ta[i], s.tb[i], i == top_i)
        if problem:
            _J.F.fail(where, f"{item}: {problem}")


cdef str _pending_problem(BState* s, int p, int kind, int a, int b, bint on_top):
    """Why sub-decision (kind, a, b) of seat p (the player to act) is impossible here; None if
    it is possible.  ``on_top``: it is the decision open now (the engine skips a top decision with
    nothing to choose, so one is impossible; lower ones are checked when they come up)."""
    cdef BPlayer* P = &s.pl[p]
    cdef int d, k, t, j, free = 0, new = 0, castles = 0
    cdef bint found = False
    est = [P.est[j] for j in range(NSP)]
    store = [P.store[k] for k in range(3)]
    goods_on = [any(s.dgoods[d][t] for t in range(1, 7)) for d in range(NDEPOT)]
    if kind == K_FREE:
        for j in range(NSP):
            castles += P.est[j] == TILE_CASTLE and j != P.castle
        if castles == 0:
            return f"seat {p} has no castle besides the starting one (the free action follows placing a castle)"
    elif kind == K_HALL:
        if TILE_BUILDING0 + B_CITYHALL not in est:
            return f"seat {p} has no city hall in the estate"
        for k in range(3):
            found = found or (P.store[k] != 0 and placeable(s, p, P.store[k], 3) != 0)
        if on_top and not found:
            return "no stored tile can be placed (an empty city-hall placement is skipped)"
    elif kind == K_SLOT:
        for k in range(NSLOT):
            found = found or s.depot[a][k] != 0
        if not found:
            return f"depot {a + 1} is empty: there is no tile to take"
    elif kind == K_SPACE:
        if P.store[a] == 0:
            return f"storage space {a + 1} is empty: there is no tile to place"
        if b < 2 and not P.used[b]:
            return f"die {b + 1} of seat {p} is not used, but the place action that opens this used it"
        if placeable(s, p, P.store[a], b) == 0:
            return (f"{TILE_NAMES[P.store[a]]!r} (storage space {a + 1}) fits no space of seat {p}'s estate "
                    f"with {SRC_NAMES[b]}")
    elif kind == K_DISCARD:
        if 0 in store:
            return "the storage has an empty space: a gained tile goes there, no discard is needed"
    elif kind == K_SHIP:
        if TILE_SHIP not in est:
            return f"seat {p} has no ship in the estate"
        if a == 0:
            if b != 0:
                return "a first ship pick takes no depot (['ship', 0, 0])"
            if on_top and not any(goods_on):
                return "no depot has goods (a ship with nothing to take is skipped)"
        else:
            if not has_k(P, 5):
                return f"a second ship pick needs knowledge 5, which seat {p} does not have"
            if on_top and not (goods_on[DEPOT_NB[b][0]] or goods_on[DEPOT_NB[b][1]]):
                return f"no goods on the depots next to depot {b + 1} (an empty second pick is skipped)"
    elif kind == K_GOODS:
        if TILE_SHIP not in est:
            return f"seat {p} has no ship in the estate"
        for k in range(3):
            free += P.gtype[k] == 0
        for t in range(1, 7):
            new += s.dgoods[a][t] != 0 and goods_slot(P, t) < 0
        if free == 0:
            return f"seat {p}'s goods storage is full: no new goods type can be kept"
        if new <= free:
            return f"the new goods of depot {a + 1} ({new} types) fit the free goods slots: no choice to make"
    elif kind == K_WARE:
        if TILE_BUILDING0 + B_WAREHOUSE not in est:
            return f"seat {p} has no warehouse in the estate"
        for k in range(3):
            found = found or P.gtype[k] != 0
        if on_top and not found:
            return f"seat {p} has no goods to sell (an empty warehouse sale is skipped)"
    elif kind == K_PICK:
        building = PICKS.get(a)
        if building is None:
            return "the colour mask must be a carpenter's (16), church's (37) or market's (10)"
        if TILE_BUILDING0 + building not in est:
            return f"seat {p} has no {_D.BUILDINGS[building]} in the estate"
        for d in range(NDEPOT):
            for k in range(NSLOT):
                found = found or (s.depot[d][k] != 0 and (a >> COLOUR_OF[s.depot[d][k]]) & 1)
        if on_top and not found:
            return f"no depot tile of those colours (an empty {_D.BUILDINGS[building]} pick is skipped)"
    return None
