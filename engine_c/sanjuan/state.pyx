# cython: language_level=3
"""San Juan (first edition base game, 2-4 players) behind boardlab's game interface.

Rules live in engine_c/sanjuan_rules.pyx (flow, legal actions, playouts) and
engine_c/sanjuan_view.pyx (scores, resampling); this module adds the Python side:
construction, notation, JSON positions and features.  See docs/sanjuan.md.
"""
from libc.string cimport memset, memcpy
from libc.stdint cimport uint64_t

from engine_c.game cimport GameState, TERMINAL, MAX_LEGAL
from engine_c._rng cimport rng_next
from engine_c.sanjuan_rules cimport *
from engine_c.sanjuan_moves cimport (sj_legal, sj_apply_legal, sj_playout, sj_policy_action,
                                     sj_policy_playout)
from engine_c.sanjuan_view cimport sj_scores, sj_ranks, sj_resample, sj_tiebreak

import json

from engine_c.game import parse_position, seed_to_state
from engine_c.errors import BoardlabError, InvalidActionError, InvalidPositionError
from engine_c.sanjuan_data import (CARD_IDS, CARD_INDEX, COPIES as _COPIES, GOODS, GOOD_INDEX,
                                   ROLES, ROLE_INDEX, NUM_PRODUCTION)

PHASES = ["role", "build", "place", "pay", "produce", "sell", "keep", "council_discard",
          "gold_mine", "chapel", "hand_limit", "over"]
PHASE_INDEX = {name: i for i, name in enumerate(PHASES)}
TILE_NAMES = ["T1", "T2", "T3", "T4", "T5"]

# verbs of the "one card of kind K" and "one good of type G" actions, by phase
_CARD_VERB = {PH_PAY: "pay", PH_KEEP: "keep", PH_CDISCARD: "discard", PH_LIMIT: "discard",
              PH_TUCK: "tuck", PH_GOLD: "keep"}
_GOOD_VERB = {PH_PAY: "pay-good", PH_PRODUCE: "produce", PH_SELL: "sell"}
_CARD_VERBS = ("pay", "keep", "discard", "tuck", "card")
_GOOD_VERBS = ("pay-good", "produce", "sell", "good")


def _card_name(text):
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    if key not in CARD_INDEX:
        raise KeyError(text)
    return CARD_INDEX[key]


cdef class SanJuanState(GameState):
    """A San Juan position.  Seat 0 is the first governor."""

    game_name = "sanjuan"
    min_players = 2
    max_players = 4
    num_distinct_actions = NUM_ACTIONS

    def __cinit__(self, *args, **kwargs):
        self._data = <char*>&self.st
        self._size = sizeof(SJ)
        memset(&self.st, 0, sizeof(SJ))
        self._nlegal = -1

    def __init__(self, players, seed, **options):
        if options:
            raise BoardlabError(f"sanjuan: unknown option(s) {', '.join(sorted(options))}")
        if not isinstance(players, int) or not 2 <= players <= 4:
            raise BoardlabError(f"sanjuan: player count must be 2-4, got {players!r}")
        self.num_players = players
        self.st.rng = seed_to_state(seed)
        sj_new_game(&self.st, players)
        self._nlegal = -1

    # ---- C hooks -------------------------------------------------------------
    cdef int c_current_player(self) noexcept nogil:
        if self.st.phase == PH_OVER:
            return TERMINAL
        return self.st.actor

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self._nlegal < 0:
            self._nlegal = sj_legal(&self.st, self._legal)
        memcpy(out, self._legal, self._nlegal * sizeof(int))
        return self._nlegal

    cdef bint c_is_legal(self, int action) noexcept nogil:
        cdef int i
        if action < 0 or action >= NUM_ACTIONS:
            return False
        if self._nlegal < 0:
            self._nlegal = sj_legal(&self.st, self._legal)
        for i in range(self._nlegal):
            if self._legal[i] == action:
                return True
        return False

    cdef void c_apply(self, int action) noexcept nogil:
        self._nlegal = sj_apply_legal(&self.st, action, self._legal)

    cdef void c_copy_from(self, GameState other) noexcept nogil:
        memcpy(self._data, other._data, self._size)
        self._nlegal = -1

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.st.phase == PH_OVER

    cdef void c_scores(self, int* out) noexcept nogil:
        sj_scores(&self.st, out)

    cdef void c_ranks(self, int* out) noexcept nogil:
        sj_ranks(&self.st, out)

    cdef void c_resample_hidden(self, int observer, uint64_t* rng) noexcept nogil:
        sj_resample(&self.st, observer, rng)
        self._nlegal = -1

    cdef void c_playout(self, uint64_t* rng) noexcept nogil:
        # the heuristic playout policy (docs/sanjuan.md); same moves as c_playout_action
        sj_policy_playout(&self.st, rng)
        self._nlegal = -1

    cdef int c_playout_action(self, int* legal, int n, uint64_t* rng) noexcept nogil:
        return sj_policy_action(&self.st, legal, n, rng)

    cdef void c_random_playout(self, uint64_t* rng) noexcept nogil:
        # uniformly random moves to the end, in one C loop
        sj_playout(&self.st, rng)
        self._nlegal = -1

    # ---- notation ------------------------------------------------------------
    def action_to_string(self, int action):
        """Readable notation, e.g. ``builder``, ``trader+library``, ``build sugar_mill``,
        ``cover 2``, ``pay indigo_plant``, ``pay-good coffee``, ``sell silver``, ``keep well``."""
        cdef int ph = self.st.phase
        if action == A_PASS:
            return "pass"
        if A_ROLE <= action < A_ROLE + 5:
            return ROLES[action - A_ROLE]
        if A_ROLE_LIB <= action < A_ROLE_LIB + 5:
            return ROLES[action - A_ROLE_LIB] + "+library"
        if A_BUILD <= action < A_BUILD + NK:
            return "build " + CARD_IDS[action - A_BUILD]
        if action == A_PLACE_NEW:
            return "place new"
        if A_COVER <= action < A_COVER + MAXB:
            return f"cover {action - A_COVER}"
        if A_CARD <= action < A_CARD + NK:
            return _CARD_VERB.get(ph, "card") + " " + CARD_IDS[action - A_CARD]
        if A_GOOD <= action < A_GOOD + NPROD:
            return _GOOD_VERB.get(ph, "good") + " " + GOODS[action - A_GOOD]
        raise InvalidActionError(f"sanjuan: no action {action}")

    def string_to_action(self, str text):
        """Parse the notation of :meth:`action_to_string` (any verb of the same family)."""
        words = text.strip().lower().split(None, 1)
        if not words:
            raise InvalidActionError("sanjuan: empty action text")
        verb = words[0]
        arg = words[1].strip() if len(words) > 1 else ""
        try:
            if verb == "pass" and not arg:
                return A_PASS
            if not arg:
                if verb.endswith("+library") and verb[:len(verb) - 8] in ROLE_INDEX:
                    return A_ROLE_LIB + ROLE_INDEX[verb[:len(verb) - 8]]
                if verb in ROLE_INDEX:
                    return A_ROLE + ROLE_INDEX[verb]
            elif verb == "build":
                return A_BUILD + _card_name(arg)
            elif verb == "place" and arg == "new":
                return A_PLACE_NEW
            elif verb == "cover" and arg.isdigit() and int(arg) < MAXB:
                return A_COVER + int(arg)
            elif verb in _CARD_VERBS:
                return A_CARD + _card_name(arg)
            elif verb in _GOOD_VERBS:
                return A_GOOD + GOOD_INDEX[arg]
        except KeyError:
            pass
        raise InvalidActionError(f"sanjuan: cannot parse action {text!r}")

    # ---- analysis ------------------------------------------------------------
    def features(self):
        """Per player: ``built_<card>`` (buildings of that kind in his area), ``goods_sold``,
        ``cards_drawn`` (cards added to his hand after the deal, kept councillor cards only)."""
        out = []
        for p in range(self.num_players):
            f = {f"built_{CARD_IDS[k]}": int(self.st.owned[p][k]) for k in range(NK)}
            f["goods_sold"] = int(self.st.goods_sold[p])
            f["cards_drawn"] = int(self.st.cards_drawn[p])
            out.append(f)
        return out

    def tiebreak_values(self):
        """Tie-break value per player: hand cards plus goods on production buildings."""
        return [sj_tiebreak(&self.st, p) for p in range(self.num_players)]

    # ---- JSON ------------------------------------------------------------------
    def to_json(self):
        """The position as JSON (format: docs/sanjuan.md)."""
        from engine_c.sanjuan_json import position_to_dict
        return json.dumps(position_to_dict(self), separators=(",", ":"))

    def _load(self, data):
        """Fill this state from position data (docs/sanjuan.md); GameState.from_json checks the rest."""
        from engine_c.sanjuan_json import position_from_dict
        position_from_dict(self, data)



def bench_playouts(int players=2, int games=20000, seed=0):
    """Random playouts per CPU second in C alone (no per-call Python overhead), a new deal per game."""
    import time
    cdef SJ st
    cdef uint64_t rng = seed_to_state(seed)
    cdef int g
    t0 = time.process_time()
    with nogil:
        for g in range(games):
            memset(&st, 0, sizeof(SJ))
            st.rng = rng_next(&rng)
            sj_new_game(&st, players)
            sj_playout(&st, &rng)
    return games / (time.process_time() - t0)


def c_tables():
    """The card and tile tables compiled into the engine (checked against sanjuan_data by the tests)."""
    return {"cost": [SJ_COST[k] for k in range(NK)], "vp": [SJ_VP[k] for k in range(NK)],
            "copies": [SJ_COPIES[k] for k in range(NK)],
            "prices": [[SJ_PRICE[t][g] for g in range(5)] for t in range(5)]}
