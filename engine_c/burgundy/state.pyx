# cython: language_level=3
"""Castles of Burgundy (2011 base game, 2-4 players) behind the shared game interface.

The position is one flat ``BState`` (engine_c/burgundy_types.pxd); the rules live in
engine_c/burgundy_rules.pyx (decisions), burgundy_effects.pyx (effects, scoring) and
burgundy_tables.pyx (C tables), the JSON format and its validation in engine_c/burgundy_json.py,
the data tables in engine_c/burgundy_data.py.  Documentation: docs/burgundy.md.
"""
cimport cython
from libc.string cimport memset
from libc.stdint cimport uint64_t, int16_t

from engine_c._rng cimport rng_next, rng_below
from engine_c.game cimport GameState, MAX_PLAYERS
from engine_c.burgundy_types cimport *
from engine_c.burgundy_rules cimport (current_player, legal_actions, apply_action, playout,
                                     policy_action, policy_playout)
from engine_c.burgundy_effects cimport (phase_setup, round_start, put_castle, ranks, final_bonus, placeable,
                                       draw_counts, goods_slot)
from engine_c.burgundy_tables cimport INV_COL, INV_BLACK, NBMASK, COLOUR_OF, DEPOT_NB

import json

from engine_c.game import seed_to_state
from engine_c.errors import BoardlabError, InvalidActionError
from engine_c import burgundy_data as _D
from engine_c import burgundy_json as _J

SCENARIOS = ("basic", "advanced", "random", "free")
TIEBREAKS = ("fewest", "most")
TILE_NAMES = _D.tile_names()
SRC_NAMES = ("die1", "die2", "castle", "hall")
# colour mask of a pick sub-decision -> the building that opens it (carpenter, church, market)
PICKS = {1 << COL_BUILDING: B_CARPENTER, (1 << COL_MINE) | (1 << COL_KNOWLEDGE) | (1 << COL_CASTLE): B_CHURCH,
         (1 << COL_SHIP) | (1 << COL_PASTURE): B_MARKET}


def _action_names():
    names = [None] * N_ACTIONS
    for src in range(3):
        for d in range(6):
            names[A_TAKE + src * 6 + d] = f"{SRC_NAMES[src]}:take{d + 1}"
            names[A_SELL + src * 6 + d] = f"{SRC_NAMES[src]}:sell{d + 1}"
        names[A_WORK + src] = f"{SRC_NAMES[src]}:workers"
    for src in range(4):
        for k in range(3):
            names[A_PLACE + src * 3 + k] = f"{SRC_NAMES[src]}:place{k + 1}"
    for b in range(8):
        names[A_BUYB + b] = f"buy:black{b + 1}"
    for d in range(6):
        for k in range(4):
            names[A_BUYD + d * 4 + k] = f"buy:d{d + 1}s{k + 1}"
            names[A_PICK + d * 4 + k] = f"pick:d{d + 1}s{k + 1}"
        names[A_SHIP + d] = f"ship{d + 1}"
        names[A_GOODS + d] = f"goods{d + 1}"
        names[A_WARE + d] = f"warehouse:sell{d + 1}"
    for k in range(4):
        names[A_SLOT + k] = f"slot{k + 1}"
    for k in range(3):
        names[A_DISC + k] = f"discard{k + 1}"
    for j in range(37):
        names[A_SPACE + j] = f"space{j + 1}"
        names[A_START + j] = f"castle@{j + 1}"
    names[A_PASS] = "pass"
    assert None not in names and len(set(names)) == N_ACTIONS
    return names


ACTION_NAMES = _action_names()
ACTION_INDEX = {name: i for i, name in enumerate(ACTION_NAMES)}


cdef dict counts(int16_t* arr):
    return {TILE_NAMES[c]: arr[c] for c in range(1, NCODES) if arr[c]}


@cython.final
cdef class BurgundyState(GameState):
    """A Castles of Burgundy position.

    ``BurgundyState(players, seed, board="basic", tiebreak="fewest", boards=None, castles=None)``:
    ``board`` is the scenario (basic: everyone board 1, castle in the centre; advanced: a
    different random board 2-9 each, castle chosen by the player; random: a different random
    board 1-9 each and a random castle space; free: ``boards`` as given, castle chosen unless
    ``castles`` gives the space ids).  ``tiebreak`` "fewest" (rulebook) or "most" (BGA) empty
    estate spaces wins a tie on points.
    """
    game_name = "burgundy"
    min_players = 2
    max_players = 4
    num_distinct_actions = N_ACTIONS
    # blend own score into the search reward: stronger than margin only (0.62 at w=0.5; w=0.7 is
    # even with w=0.5) and higher scoring (10,000-iteration self-play 194 against 175); docs/agents.md
    search_defaults = {"score_weight": 0.7}
    # a game has 25 rounds of at most a few dozen decisions per player (random games: ~450 at 4
    # players); a loaded position whose random play runs longer than this is refused as endless
    max_game_length = 20000

    def __cinit__(self, *args, **kwargs):
        memset(&self.s, 0, sizeof(BState))
        self._data = <char*>&self.s
        self._size = sizeof(BState)

    def __init__(self, players, seed, board="basic", tiebreak="fewest", boards=None, castles=None):
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise BoardlabError(f"burgundy: player count must be 2-4, got {players!r}")
        if board not in SCENARIOS:
            raise BoardlabError(f"burgundy: board must be one of {', '.join(SCENARIOS)}, got {board!r}")
        if tiebreak not in TIEBREAKS:
            raise BoardlabError(f"burgundy: tiebreak must be 'fewest' or 'most', got {tiebreak!r}")
        cdef BState* s = &self.s
        cdef int p, k, t, g, code
        cdef BPlayer* P
        self.num_players = players
        s.nplayers = players
        s.scenario = SCENARIOS.index(board)
        s.tiebreak = TIEBREAKS.index(tiebreak)
        s.rng = seed_to_state(seed)
        for code in range(NCODES):
            s.sup_col[code] = INV_COL[code]
            s.sup_black[code] = INV_BLACK[code]
        s.sup_col[TILE_CASTLE] -= players          # the starting castles
        for t in range(1, 7):
            s.goods_pool[t] = _D.GOODS_PER_TYPE
        # boards
        if boards is None:
            if board == "basic" or board == "free":
                boards = [1] * players
            else:
                pool = list(_D.RULE_CHOICES["advanced_boards" if board == "advanced" else "random_boards"])
                boards = []
                for p in range(players):
                    boards.append(pool.pop(rng_below(&s.rng, len(pool))))
        elif board == "basic" or board == "random":
            raise BoardlabError(f"burgundy: the {board} scenario deals the boards itself; boards= is for advanced/free")
        if len(boards) != players or any(b not in _D.BOARDS for b in boards):
            raise BoardlabError(f"burgundy: boards must list {players} board numbers 1-9, got {boards!r}")
        if castles is not None:
            if board in ("basic", "random"):
                raise BoardlabError(f"burgundy: the {board} scenario places the starting castles itself")
            if len(castles) != players or any(
                    c not in _D.START_CASTLE_SPACES.get(b, ()) for b, c in zip(boards, castles)):
                raise BoardlabError(f"burgundy: castles must give a dark-green space id per board, got {castles!r}")
        for p in range(players):
            P = &s.pl[p]
            P.board = boards[p]
            P.castle = -1
            P.silver = _D.START_SILVERLINGS
            P.workers = _D.START_WORKERS_BY_SEAT[p]
            P.track_h = players - 1 - p
            for k in range(_D.START_GOODS):
                # a random goods *tile* of the shuffled pile (not a random type): types with more
                # tiles left are likelier, as when dealing from the face-down tiles
                t = draw_counts(s.goods_pool, 1, 7, &s.rng)
                for g in range(3):
                    if P.gtype[g] == t or P.gtype[g] == 0:
                        P.gtype[g] = t
                        P.gcount[g] += 1
                        break
            if board == "basic":
                put_castle(s, p, _D.BASIC_START_SPACE - 1)
            elif board == "random":
                spaces = _D.START_CASTLE_SPACES[boards[p]]
                put_castle(s, p, spaces[rng_below(&s.rng, len(spaces))] - 1)
            elif castles is not None:
                put_castle(s, p, castles[p] - 1)
        s.setup_idx = -1 if s.pl[0].castle >= 0 else 0
        phase_setup(s)
        if s.setup_idx < 0:
            round_start(s)

    # ---- C hooks ---------------------------------------------------------------------------
    cdef int c_current_player(self) noexcept nogil:
        return current_player(&self.s)

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        return legal_actions(&self.s, out)

    cdef void c_apply(self, int action) noexcept nogil:
        apply_action(&self.s, action)

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.s.over != 0

    cdef void c_scores(self, int* out) noexcept nogil:
        cdef int p
        for p in range(self.s.nplayers):
            out[p] = self.s.pl[p].vp

    cdef void c_ranks(self, int* out) noexcept nogil:
        ranks(&self.s, out)

    cdef void c_resample_hidden(self, int observer, uint64_t* rng) noexcept nogil:
        # Undrawn tiles and future goods are kept as counts only; which of them come out
        # (and the dice) is decided by the state's RNG when drawn, so reseeding it redraws
        # everything nobody has seen and keeps everything public.
        self.s.rng = rng_next(rng)

    cdef void c_playout(self, uint64_t* rng) noexcept nogil:
        # the heuristic playout policy (docs/burgundy.md); same moves as c_playout_action
        policy_playout(&self.s, rng)

    cdef int c_playout_action(self, int* legal, int n, uint64_t* rng) noexcept nogil:
        return policy_action(&self.s, legal, n, rng)

    cdef void c_random_playout(self, uint64_t* rng) noexcept nogil:
        playout(&self.s, rng)

    # ---- Python interface -------------------------------------------------------------------
    def action_to_string(self, int action):
        """Notation: ``die1:take3``, ``die2:place1``, ``space19``, ``buy:black2``, ``pass`` …"""
        if not 0 <= action < N_ACTIONS:
            raise InvalidActionError(f"burgundy: action {action} out of range 0..{N_ACTIONS - 1}")
        return ACTION_NAMES[action]

    def string_to_action(self, str text):
        key = text.strip().lower()
        if key not in ACTION_INDEX:
            raise InvalidActionError(f"burgundy: cannot parse action {text!r}")
        return ACTION_INDEX[key]

    def to_json(self):
        return json.dumps(self._to_dict())

    def _load(self, data):
        """Fill this state from position data (docs/burgundy.md); GameState.from_json checks the rest."""
        self._from_dict(_J.check(data))
        self._check_pending()

    def features(self):
        """Per-player counts for analysis (keys documented in docs/results.md, without ``f_``)."""
        out = []
        cdef int p, j
        cdef BPlayer* P
        for p in range(self.s.nplayers):
            P = &self.s.pl[p]
            est = [P.est[j] for j in range(NSP)]
            if P.castle >= 0:
                est[P.castle] = 0          # the starting castle was not placed by the player
            f = {}
            for c, name in enumerate(_D.COLOUR_NAMES):
                f[f"placed_{name}"] = sum(1 for code in est if code and COLOUR_OF[code] == c)
            for n in range(1, 27):
                f[f"knowledge_{n:02d}"] = int((P.know >> n) & 1)
            for b, name in enumerate(_D.BUILDINGS):
                f[f"building_{name}"] = est.count(TILE_BUILDING0 + b)
            f["animals"] = sum(1 for code in est if TILE_ANIMAL0 <= code < TILE_BUILDING0)
            f["goods_sold"] = sum(P.sold[t] for t in range(1, 7))
            f["black_purchases"] = P.n_black
            f["bonus_large"] = P.bonus_large
            f["bonus_small"] = P.bonus_small
            f["workers_taken"] = P.n_work
            out.append(f)
        return out

    def final_bonus(self, int player):
        """End-of-game points the player would add now (goods, silverlings, workers, knowledge)."""
        return final_bonus(&self.s, player)

    def placeable_spaces(self, int player, str tile, int src=3):
        """Space ids (1-based) where ``tile`` could go for ``player`` with die source ``src``."""
        cdef uint64_t m = placeable(&self.s, player, TILE_NAMES.index(tile), src)
        return [j + 1 for j in range(NSP) if (m >> j) & 1]

    # ---- struct <-> plain data ----------------------------------------------------------------
    def _to_dict(self):
        cdef BState* s = &self.s
        cdef int p, d, k, t, i
        cdef BPlayer* P
        def tile(code):
            return TILE_NAMES[code] if code else None
        players = []
        for p in range(s.nplayers):
            P = &s.pl[p]
            players.append({
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
            })
        return {
            "game": "burgundy",
            "players": s.nplayers,
            "scenario": SCENARIOS[s.scenario],
            "tiebreak": TIEBREAKS[s.tiebreak],
            "phase": "ABCDE"[min(s.phase, 4)],
            "round": s.round + 1,
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

    def _from_dict(self, data):
        """Fill the struct from data checked by burgundy_json.check (every list length, range and
        tile name is checked there before anything here writes to C memory)."""
        cdef BState* s = &self.s
        cdef int p, d, k, t, i, j, code
        cdef BPlayer* P
        memset(s, 0, sizeof(BState))
        n = data["players"]
        self.num_players = n
        s.nplayers = n
        s.scenario = SCENARIOS.index(data["scenario"])
        s.tiebreak = TIEBREAKS.index(data["tiebreak"])
        s.phase = "ABCDE".index(data["phase"])
        s.round = data["round"] - 1
        s.over = data["over"]
        if s.over:
            s.phase = 5
            s.round = 0          # the round counter after round 5 of phase E (written as round 1)
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

    def _check_pending(self):
        """Each pending sub-decision (turn.pending, the last entry on top) must be one the rules can
        leave open in this position: the stack has a shape play can build, and each entry has
        something to act on (a tile to take or place, a space, goods, a building that opened it)."""
        cdef BState* s = &self.s
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
