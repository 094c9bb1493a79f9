# cython: language_level=3
"""A Castle for All Seasons (base game, summer side, 2-4 players) behind boardlab's game interface.

Rules live in engine_c/seasons_rules.pyx (flow, apply), engine_c/seasons_moves.pyx (legal
actions, playouts) and engine_c/seasons_view.pyx (ranks, resampling); this module adds the
Python side: construction, notation, JSON positions and features.  See docs/seasons.md.
"""
from libc.string cimport memset, memcpy
from libc.stdint cimport uint64_t

from engine_c.game cimport GameState, TERMINAL
from engine_c._rng cimport rng_next
from engine_c.seasons_rules cimport *
from engine_c.seasons_moves cimport (cs_legal, cs_apply_legal, cs_playout, cs_policy_action,
                                     cs_policy_playout)
from engine_c.seasons_view cimport cs_scores, cs_ranks, cs_resample

import json

from engine_c.game import parse_position, seed_to_state
from engine_c.errors import BoardlabError, InvalidActionError, InvalidPositionError
from engine_c.seasons_data import (BUILDING_IDS, BUILDING_INDEX, CARDS, CARD_INDEX, LOAD_OPTIONS,
                                   PAY_ORDER, PLACE_IDS, PLACE_INDEX, RESOURCES, RESOURCE_INDEX, SPOTS)

SOURCES = ["stock"] + SPOTS


def _action_names():
    """Every action's notation, by action id."""
    names = {}
    for c, name in enumerate(CARDS):
        names[A_PICK + c] = "pick " + name
    for i, (a, b) in enumerate(LOAD_OPTIONS):
        names[A_LOAD + i] = f"load {a}+{b}"
    for k, name in enumerate(SPOTS):
        names[A_SPOT + k] = "trader " + name
    for k, name in enumerate(RESOURCES):
        names[A_TOWER + k] = "tower " + name
    for q in range(MAXP):
        for k, name in enumerate(RESOURCES):
            names[A_BUY + 5 * q + k] = f"buy p{q} {name}"
    names[A_PASS] = "pass"
    for t, name in enumerate(BUILDING_IDS):
        names[A_BUILD + t] = "build " + name
    for j in range(3):
        for n in range(16):
            names[A_PAY + 16 * j + n] = f"pay {PAY_ORDER[j]} {n}"
    for pl, name in enumerate(PLACE_IDS):
        names[A_PLACE + pl] = "helper " + name
    for i, name in enumerate(SOURCES):
        names[A_SOURCE + i] = "from " + name
    return names


ACTION_NAMES = _action_names()
ACTION_IDS = {name: a for a, name in ACTION_NAMES.items()}
assert len(ACTION_NAMES) == NUM_ACTIONS


cdef class SeasonsState(GameState):
    """A Castle for All Seasons position.  Seat 0 is the first start player."""

    game_name = "seasons"
    min_players = 2
    max_players = 4
    num_distinct_actions = NUM_ACTIONS

    def __cinit__(self, *args, **kwargs):
        self._data = <char*>&self.st
        self._size = sizeof(CS)
        memset(&self.st, 0, sizeof(CS))
        self._nlegal = -1

    def __init__(self, players, seed, **options):
        if options:
            raise BoardlabError(f"seasons: unknown option(s) {', '.join(sorted(options))}")
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise BoardlabError(f"seasons: player count must be 2-4, got {players!r}")
        self.num_players = players
        self.st.rng = seed_to_state(seed)
        cs_new_game(&self.st, players)
        self._nlegal = -1

    # ---- C hooks -------------------------------------------------------------
    cdef int c_current_player(self) noexcept nogil:
        if self.st.phase == PH_OVER:
            return TERMINAL
        return self.st.actor

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self._nlegal < 0:
            self._nlegal = cs_legal(&self.st, self._legal)
        memcpy(out, self._legal, self._nlegal * sizeof(int))
        return self._nlegal

    cdef bint c_is_legal(self, int action) noexcept nogil:
        cdef int i
        if action < 0 or action >= NUM_ACTIONS:
            return False
        if self._nlegal < 0:
            self._nlegal = cs_legal(&self.st, self._legal)
        for i in range(self._nlegal):
            if self._legal[i] == action:
                return True
        return False

    cdef void c_apply(self, int action) noexcept nogil:
        self._nlegal = cs_apply_legal(&self.st, action, self._legal)

    cdef void c_copy_from(self, GameState other) noexcept nogil:
        memcpy(self._data, other._data, self._size)
        self._nlegal = -1

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.st.phase == PH_OVER

    cdef void c_scores(self, int* out) noexcept nogil:
        cs_scores(&self.st, out)

    cdef void c_ranks(self, int* out) noexcept nogil:
        cs_ranks(&self.st, out)

    cdef void c_resample_hidden(self, int observer, uint64_t* rng) noexcept nogil:
        cs_resample(&self.st, observer, rng)
        self._nlegal = -1

    cdef void c_playout(self, uint64_t* rng) noexcept nogil:
        cs_policy_playout(&self.st, rng)
        self._nlegal = -1

    cdef int c_playout_action(self, int* legal, int n, uint64_t* rng) noexcept nogil:
        return cs_policy_action(&self.st, legal, n, rng)

    cdef void c_random_playout(self, uint64_t* rng) noexcept nogil:
        cs_playout(&self.st, rng)
        self._nlegal = -1

    # ---- notation ------------------------------------------------------------
    def action_to_string(self, int action):
        """Readable notation, e.g. ``pick trader``, ``trader clay``, ``tower stone``, ``buy p1 wood``,
        ``build tower``, ``pay stone 2``, ``helper tavern12``, ``from rider``, ``pass``."""
        if action not in ACTION_NAMES:
            raise InvalidActionError(f"seasons: no action {action}")
        return ACTION_NAMES[action]

    def string_to_action(self, str text):
        """Parse the notation of :meth:`action_to_string` (any case, extra spaces allowed)."""
        key = " ".join(text.strip().lower().split())
        if key not in ACTION_IDS:
            raise InvalidActionError(f"seasons: cannot parse action {text!r}")
        return ACTION_IDS[key]

    # ---- analysis ------------------------------------------------------------
    def features(self):
        """Per player: ``built_<type>``, ``buildings``, ``played_<card>``, ``helpers_castle``,
        ``helpers_trader``, ``vp_buildings``, ``vp_master``, ``vp_final``, ``talers``, ``resources``."""
        cdef CS* s = &self.st
        out = []
        for p in range(self.num_players):
            f = {f"built_{BUILDING_IDS[t]}": int(s.built[p][t]) for t in range(NB)}
            f["buildings"] = sum(int(s.built[p][t]) for t in range(NB))
            for c in range(NCARD):
                f[f"played_{CARDS[c]}"] = int(s.played[p][c])
            f["helpers_castle"] = sum(1 for pl in range(NPLACE) if s.place_owner[pl] == p)
            f["helpers_trader"] = sum(1 for k in range(NSPOT) if s.spot_owner[k] == p)
            f["vp_buildings"] = int(s.vp_build[p])
            f["vp_master"] = int(s.vp_master[p])
            f["vp_final"] = int(s.vp_final[p])
            f["talers"] = int(s.talers[p])
            f["resources"] = sum(int(s.res[p][k]) for k in range(NRES))
            out.append(f)
        return out

    def tiebreak_values(self):
        """Tie-break keys per player: (talers left, building-point value of resources left)."""
        return [(int(self.st.talers[p]), int(res_value(&self.st, p))) for p in range(self.num_players)]

    # ---- JSON ------------------------------------------------------------------
    def to_json(self):
        """The position as JSON (format: docs/seasons.md)."""
        from engine_c.seasons_json import position_to_dict
        return json.dumps(position_to_dict(self), separators=(",", ":"))

    def _load(self, data):
        """Fill this state from position data (docs/seasons.md); GameState.from_json checks the rest."""
        from engine_c.seasons_json import position_from_dict
        position_from_dict(self, data)


def bench_playouts(int players=2, int games=20000, seed=0):
    """Random playouts per CPU second in C alone (no per-call Python overhead), a new game each."""
    import time
    cdef CS st
    cdef uint64_t rng = seed_to_state(seed)
    cdef int g
    t0 = time.process_time()
    with nogil:
        for g in range(games):
            memset(&st, 0, sizeof(CS))
            st.rng = rng_next(&rng)
            cs_new_game(&st, players)
            cs_playout(&st, &rng)
    return games / (time.process_time() - t0)


def c_tables():
    """The tables compiled into the engine (checked against seasons_data by the tests)."""
    return {"bp": [CS_BP[k] for k in range(5)], "box": [CS_BOX[k] for k in range(5)],
            "pay_kind": [CS_PAY_KIND[j] for j in range(4)],
            "tiles": [CS_TILES[t] for t in range(NB)], "value": [CS_VALUE[t] for t in range(NB)],
            "vp": [CS_VP[t] for t in range(NB)], "fee": [CS_FEE[i] for i in range(NPLACE)],
            "place_hb": [CS_PLACE_HB[i] for i in range(NPLACE)], "hb_type": [CS_HB_TYPE[i] for i in range(NHB)],
            "yield": [CS_YIELD[k] for k in range(NSPOT)],
            "worker": [[CS_WORKER[w][k] for k in range(5)] for w in range(3)],
            "load": [(CS_LOAD_A[i], CS_LOAD_B[i]) for i in range(6)],
            "group": [CS_GROUP[c] for c in range(NCARD)],
            "twin": [CS_TWIN[i] for i in range(NPLACE)]}
