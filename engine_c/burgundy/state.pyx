# cython: language_level=3
"""Castles of Burgundy (2011 base game, 2-4 players) behind the shared game interface.

The state class binds the BState struct (types.pxd) to the rule functions (moves, view, policy)
and deals the opening; the other rooms of this package hold the rest (table in
docs/interface.md).  Documentation: docs/burgundy.md.
"""
cimport cython
from libc.stdint cimport uint64_t

from engine_c._rng cimport rng_below
from engine_c.game cimport GameState, GameHooks, game_hooks, evaluate_fn
from engine_c.burgundy.types cimport *
from engine_c.burgundy.moves cimport current_player, legal_actions, apply_action
from engine_c.burgundy.policy cimport playout, policy_action, policy_playout, action_features, POLICY_FEATURES
from engine_c.burgundy.view cimport scores, ranks, resample_hidden
from engine_c.burgundy.value cimport evaluate, value_features, quiet, VALUE_FEATURES
from engine_c.burgundy.learned cimport evaluate_learned, learned_inputs, LEARNED_INPUTS
from engine_c.burgundy.rules cimport phase_setup, round_start, put_castle, final_bonus, placeable, draw_counts
from engine_c.burgundy.tables cimport INV_COL, INV_BLACK, COLOUR_OF

from engine_c.errors import BoardlabError
from engine_c.burgundy import data as _D
from engine_c.burgundy.policy import use_fitted_weights

try:        # the fitted playout policy's weights (scripts/fit_policy.py), when a fit was kept
    from engine_c.burgundy.policy_weights import WEIGHTS as _FITTED_WEIGHTS
except ImportError:
    _FITTED_WEIGHTS = None
use_fitted_weights(_FITTED_WEIGHTS)
from engine_c.burgundy.value import use_value_weights
from engine_c.burgundy.value_weights import WEIGHTS as _VALUE_WEIGHTS   # scripts/fit_value.py
for _players, _weights in _VALUE_WEIGHTS.items():
    use_value_weights(_players, _weights)
from engine_c.burgundy.learned import use_learned_value, learned_value_loaded
from engine_c.burgundy.learned_weights import NETS as _LEARNED_NETS     # scripts/fit_learned_value.py
for _players, _net in _LEARNED_NETS.items():
    use_learned_value(_players, _net)

# the rule functions, in GameHooks order (engine_c/game.pxd); NULL: the base class's generic one
cdef GameHooks HOOKS = game_hooks(
    <void*>current_player, <void*>legal_actions, <void*>apply_action, <void*>scores,
    NULL, <void*>ranks, <void*>resample_hidden,
    <void*>policy_playout, <void*>policy_action, <void*>playout, NULL)
HOOKS.evaluate = <evaluate_fn>evaluate       # the fitted value (value.pyx), for truncated playouts
HOOKS.evaluate_learned = <evaluate_fn>evaluate_learned      # the learned network (learned.pyx), value=net

SCENARIOS = ("basic", "advanced", "random", "free")
TIEBREAKS = ("fewest", "most")
TILE_NAMES = _D.tile_names()
# colour mask of a pick sub-decision -> the building that opens it (carpenter, church, market)
PICKS = {1 << COL_BUILDING: B_CARPENTER, (1 << COL_MINE) | (1 << COL_KNOWLEDGE) | (1 << COL_CASTLE): B_CHURCH,
         (1 << COL_SHIP) | (1 << COL_PASTURE): B_MARKET}


@cython.final
cdef class BurgundyState(GameState):
    """A Castles of Burgundy position.

    ``BurgundyState(players, seed, board="basic", tiebreak="fewest", boards=None, castles=None)``:
    ``board`` is the scenario (basic: everyone board 1, castle in the centre; advanced: a
    different random board 2-9 each, castle chosen by the player; random: a different random
    board 1-9 each and a random castle space; free: ``boards`` as given, castle chosen unless
    ``castles`` gives the space ids).  ``tiebreak`` "fewest" (rulebook) or "most" (BGA) empty
    estate spaces wins a tie on points.  ``seat_vp``: starting points per seat ("0,3" or a list;
    docs/data.md, "Game options").
    """
    game_name = "burgundy"
    num_distinct_actions = N_ACTIONS
    # blend own score into the search reward: stronger than margin only (0.62 at w=0.5; w=0.7 is
    # even with w=0.5) and higher scoring (10,000-iteration self-play 194 against 175); grow a
    # node's children only after 50 visits: the policy finishes a compound turn (die, action,
    # target) as well as a thin subtree does (beats the full tree at 2,000 iterations); and explore
    # less (c 0.15) with the playout policy as a light prior (0.600 over 200 games against the
    # previous default at 2,000 iterations); docs/stronger-defaults.md
    search_defaults = {"score_weight": 0.7, "expand": 50, "c": 0.15, "prior": 1.0, "leaf_value": 0.25}
    # a game has 25 rounds of at most a few dozen decisions per player (random games: ~450 at 4
    # players); a loaded position whose random play runs longer than this is refused as endless
    max_game_length = 20000

    def __cinit__(self, *args, **kwargs):
        self.bind(&self.s, sizeof(BState), &HOOKS)

    def __init__(self, players, seed, board="basic", tiebreak="fewest", boards=None, castles=None, seat_vp=None,
                 **options):
        seed_state = self._begin(players, seed, options)       # refuses unknown options in one line
        bonus = self._seat_vp(seat_vp)
        if board not in SCENARIOS:
            raise BoardlabError(f"burgundy: board must be one of {', '.join(SCENARIOS)}, got {board!r}")
        if tiebreak not in TIEBREAKS:
            raise BoardlabError(f"burgundy: tiebreak must be 'fewest' or 'most', got {tiebreak!r}")
        cdef BState* s = &self.s
        cdef int p, k, t, g, code
        cdef BPlayer* P
        s.nplayers = self.num_players
        s.scenario = SCENARIOS.index(board)
        s.tiebreak = TIEBREAKS.index(tiebreak)
        s.rng = seed_state
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
            P.silver = _D.START_SILVERLINGS[p]
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
        for p in range(players):
            s.pl[p].vp += bonus[p]        # seat_vp: starting points, scored as any others

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

    def value_features(self):
        """``(stage, rows)``: the fitted value's stage (phase * 5 + round) and per player its features
        (engine_c.burgundy.value.FEATURE_NAMES order); None away from a quiet point (a
        sub-decision pending, setup, the game over)."""
        cdef double f[VALUE_FEATURES]
        cdef int p, k
        if not quiet(&self.s):
            return None
        out = []
        for p in range(self.s.nplayers):
            value_features(&self.s, p, f)
            out.append([f[k] for k in range(VALUE_FEATURES)])
        return self.s.phase * 5 + self.s.round, out

    def has_learned_value(self):
        """Whether a learned network is loaded for this player count (learned_weights.py)."""
        return learned_value_loaded(self.s.nplayers)

    def learned_value_inputs(self):
        """``(stage, rows)``: the fitted value's stage and per player the learned network's input
        (engine_c/burgundy/learned.pyx); None away from a quiet point, as ``value_features``."""
        cdef double x[LEARNED_INPUTS]
        cdef int p, k
        if not quiet(&self.s) or self.s.phase > 4:
            return None
        out = []
        for p in range(self.s.nplayers):
            learned_inputs(&self.s, p, x)
            out.append([x[k] for k in range(LEARNED_INPUTS)])
        return self.s.phase * 5 + self.s.round, out

    def policy_features(self):
        """``(legal moves, rows)``: the fitted playout policy's features of each legal move (lists)."""
        cdef int buf[256]
        cdef double f[POLICY_FEATURES]
        cdef int n = legal_actions(&self.s, buf)
        cdef int i, k
        cdef int p = cur(&self.s), kind = top(&self.s)
        cdef int a = self.s.ta[self.s.sp - 1] if self.s.sp else 0
        cdef int b = self.s.tb[self.s.sp - 1] if self.s.sp else 0
        rows = []
        for i in range(n):
            action_features(&self.s, p, kind, a, b, buf[i], f)
            rows.append([f[k] for k in range(POLICY_FEATURES)])
        return [buf[i] for i in range(n)], rows

    def final_bonus(self, int player):
        """End-of-game points the player would add now (goods, silverlings, workers, knowledge)."""
        return final_bonus(&self.s, player)

    def placeable_spaces(self, int player, str tile, int src=3):
        """Space ids (1-based) where ``tile`` could go for ``player`` with die source ``src``."""
        cdef uint64_t m = placeable(&self.s, player, TILE_NAMES.index(tile), src)
        return [j + 1 for j in range(NSP) if (m >> j) & 1]

