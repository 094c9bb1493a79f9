# cython: language_level=3
"""Tiletum (2-4 players, no solo) behind boardlab's game interface.

Rules live in engine_c/tiletum_rules.pyx (setup, round flow, effects, scoring) and
engine_c/tiletum_moves.pyx (legal actions, apply); engine_c/tiletum_view.pyx has scores,
ranks and resampling; this module adds the Python side: construction, notation, JSON
positions (engine_c/tiletum_json.pyx) and features.  See docs/tiletum.md.
"""
from libc.string cimport memset, memcpy
from libc.stdint cimport uint64_t

from engine_c.game cimport GameState, TERMINAL, MAX_LEGAL
from engine_c._rng cimport rng_next
from engine_c.tiletum_rules cimport *
from engine_c.tiletum_moves cimport tt_legal, tt_apply
from engine_c.tiletum_view cimport (tt_scores, tt_ranks, tt_resample, tt_playout, tt_random_playout,
                                    tt_policy_action)

import json

from engine_c.game import parse_position, seed_to_state
from engine_c.errors import BoardlabError, InvalidActionError, InvalidPositionError
from engine_c.tiletum_data import (ACTIONS, CITIES, RES_SHORT, RESOURCES, PERSON_TYPES, neighbours)

_NB = neighbours()
_CITY_INDEX = {c.lower(): i for i, c in enumerate(CITIES)}
_RES_INDEX = {}
for _i, _r in enumerate(RESOURCES):
    _RES_INDEX[_r] = _i
    _RES_INDEX[RES_SHORT[_i].lower()] = _i
_ACTION_INDEX = {a: i for i, a in enumerate(ACTIONS)}
PIECES = ["merchant", "architect"]

# fixed-word actions
_WORDS = {"bonus": A_WB_TAKE, "nobonus": A_WB_SKIP, "refresh": A_REFRESH, "king": A_KING,
          "end": A_END, "kingbonus": A_KB_TAKE, "nokingbonus": A_KB_SKIP}
_WORD_OF = {v: k for k, v in _WORDS.items()}
# "verb N" actions with a small index argument: verb -> (base, count)
_INDEXED = {"mapbonus": (A_MAPBONUS, 2), "build": (A_BUILD, 3), "person": (A_TAKEPERSON, 5),
            "contract": (A_TAKECONTRACT, 5), "fulfil": (A_FULFIL, 4), "use": (A_USE, 4),
            "discard": (A_DISCARD, 4)}


def _building(text):
    """Building text B1..B6 -> index 0..5 (KeyError otherwise)."""
    t = text.strip().lower()
    if len(t) == 2 and t[0] == "b" and t[1] in "123456":
        return int(t[1]) - 1
    raise KeyError(text)


cdef class TiletumState(GameState):
    """A Tiletum position.  ``TiletumState(players, seed, action_tiles=False)``: with
    ``action_tiles`` the six actions lie around the wheel in a random order (optional variant)."""

    game_name = "tiletum"
    min_players = 2
    max_players = 4
    num_distinct_actions = NUM_ACTIONS
    # blend own score into the search reward: w=0.3 beats margin only 0.585 [0.516-0.651] over 200
    # paired games at 1,000 iterations (docs/agents.md); measured on the placeholder data
    search_defaults = {"score_weight": 0.3}

    def __cinit__(self, *args, **kwargs):
        self._data = <char*>&self.st
        self._size = sizeof(TT)
        memset(&self.st, 0, sizeof(TT))

    def __init__(self, players, seed, action_tiles=False, **options):
        if options:
            raise BoardlabError(f"tiletum: unknown option(s) {', '.join(sorted(options))}")
        if not isinstance(action_tiles, bool):
            raise BoardlabError(f"tiletum: action_tiles must be true or false, got {action_tiles!r}")
        if not isinstance(players, int) or isinstance(players, bool) or not 2 <= players <= 4:
            raise BoardlabError(f"tiletum: player count must be 2-4, got {players!r}")
        self.num_players = players
        self.st.rng = seed_to_state(seed)
        tt_new_game(&self.st, players, action_tiles)

    # ---- C hooks -------------------------------------------------------------
    cdef int c_current_player(self) noexcept nogil:
        if self.st.phase == PH_OVER:
            return TERMINAL
        return self.st.actor

    cdef int c_legal_actions(self, int* out) noexcept nogil:
        if self.st.phase == PH_OVER:
            return 0
        return tt_legal(&self.st, out)

    cdef void c_apply(self, int action) noexcept nogil:
        tt_apply(&self.st, action)

    cdef bint c_is_terminal(self) noexcept nogil:
        return self.st.phase == PH_OVER

    cdef void c_scores(self, int* out) noexcept nogil:
        tt_scores(&self.st, out)

    cdef void c_ranks(self, int* out) noexcept nogil:
        tt_ranks(&self.st, out)

    cdef void c_resample_hidden(self, int observer, uint64_t* rng) noexcept nogil:
        tt_resample(&self.st, observer, rng)

    cdef void c_playout(self, uint64_t* rng) noexcept nogil:
        tt_playout(&self.st, rng)

    cdef int c_playout_action(self, int* legal, int n, uint64_t* rng) noexcept nogil:
        return tt_policy_action(&self.st, legal, n, rng)

    cdef void c_random_playout(self, uint64_t* rng) noexcept nogil:
        tt_random_playout(&self.st, rng)

    # ---- notation ------------------------------------------------------------
    def _piece_city(self, piece):
        """City of the actor's merchant (0) or architect (1)."""
        return self.st.pl[self.st.actor].merchant if piece == 0 else self.st.pl[self.st.actor].architect

    def action_to_string(self, int action):
        """Readable notation, e.g. ``take W3``, ``take W3>5``, ``bonus``, ``jester king``,
        ``move Paris``, ``build 0``, ``place 1>B2``, ``trade W>I``, ``buy S``, ``crest B1``,
        ``cathedral Paris``, ``freemove architect Reims``, ``choose F``, ``choose B3``, ``end``."""
        cdef int a = action
        if a < 0 or a >= NUM_ACTIONS:
            raise InvalidActionError(f"tiletum: no action {action}")
        if a < A_WB_TAKE:
            c, v, w = a // 36, (a // 6) % 6 + 1, a % 6 + 1
            return f"take {RES_SHORT[c]}{v}" + (f">{w}" if w != v else "")
        if a in _WORD_OF:
            return _WORD_OF[a]
        if A_JESTER <= a < A_MOVE:
            return "jester " + ACTIONS[a - A_JESTER]
        if A_MOVE <= a < A_MAPBONUS:
            j = a - A_MOVE
            nb = _NB[self._piece_city(self.st.act if self.st.act <= 1 else 0)]
            return "move " + (CITIES[nb[j]] if j < len(nb) else f"#{j}")
        for verb, (base, count) in _INDEXED.items():
            if base <= a < base + count:
                return f"{verb} {a - base}"
        if A_PLACE <= a < A_TAKECONTRACT:
            return f"place {(a - A_PLACE) // 6}>B{(a - A_PLACE) % 6 + 1}"
        if A_TRADE <= a < A_KING:
            return f"trade {RES_SHORT[(a - A_TRADE) // 5]}>{RES_SHORT[(a - A_TRADE) % 5]}"
        if A_BUY <= a < A_CREST:
            return "buy " + RES_SHORT[a - A_BUY]
        if A_CREST <= a < A_FULFIL:
            return f"crest B{a - A_CREST + 1}"
        if A_CATH <= a < A_USE:
            return "cathedral " + CITIES[TT_CATH_CITY[a - A_CATH]]
        if A_FREEMOVE <= a < A_END:
            piece, j = (a - A_FREEMOVE) // 6, (a - A_FREEMOVE) % 6
            nb = _NB[self._piece_city(piece)]
            return f"freemove {PIECES[piece]} " + (CITIES[nb[j]] if j < len(nb) else f"#{j}")
        k = a - A_CHOOSE
        if self.st.phase == PH_CHOOSE and self.st.choose_mode == CH_RETRIG:
            return f"choose B{k + 1}"
        return "choose " + RES_SHORT[k] if k < NRES else f"choose B{k + 1}"

    def _neighbour(self, piece, text):
        """Neighbour index of a city name (or #j) from the piece's city."""
        t = text.strip().lower()
        nb = _NB[self._piece_city(piece)]
        if t.startswith("#") and t[1:].isdigit() and int(t[1:]) < 6:
            return int(t[1:])
        return nb.index(_CITY_INDEX[t])

    def string_to_action(self, str text):
        """Parse the notation of :meth:`action_to_string`."""
        words = text.strip().lower().split()
        if not words:
            raise InvalidActionError("tiletum: empty action text")
        verb, args = words[0], words[1:]
        try:
            if not args and verb in _WORDS:
                return _WORDS[verb]
            if len(args) == 1:
                arg = args[0]
                if verb == "take":
                    die, _, target = arg.partition(">")
                    c = _RES_INDEX[die[:1]]
                    v = int(die[1:])
                    w = int(target) if target else v
                    if 1 <= v <= 6 and 1 <= w <= 6:
                        return A_DIE + c * 36 + (v - 1) * 6 + (w - 1)
                elif verb == "jester" and _ACTION_INDEX[arg] < 5:
                    return A_JESTER + _ACTION_INDEX[arg]
                elif verb == "move":
                    return A_MOVE + self._neighbour(self.st.act if self.st.act <= 1 else 0, arg)
                elif verb in _INDEXED and arg.isdigit() and int(arg) < _INDEXED[verb][1]:
                    return _INDEXED[verb][0] + int(arg)
                elif verb == "place":
                    slot, _, b = arg.partition(">")
                    if slot.isdigit() and int(slot) < 4:
                        return A_PLACE + int(slot) * 6 + _building(b)
                elif verb == "trade":
                    r, _, k = arg.partition(">")
                    return A_TRADE + _RES_INDEX[r] * 5 + _RES_INDEX[k]
                elif verb == "buy":
                    return A_BUY + _RES_INDEX[arg]
                elif verb == "crest":
                    return A_CREST + _building(arg)
                elif verb == "cathedral":
                    return A_CATH + [TT_CATH_CITY[i] for i in range(NCATH)].index(_CITY_INDEX[arg])
                elif verb == "choose":
                    if arg in _RES_INDEX:
                        return A_CHOOSE + _RES_INDEX[arg]
                    return A_CHOOSE + _building(arg)
            if verb == "freemove" and len(args) == 2 and args[0] in PIECES:
                piece = PIECES.index(args[0])
                return A_FREEMOVE + piece * 6 + self._neighbour(piece, args[1])
        except (KeyError, ValueError, IndexError):
            pass
        raise InvalidActionError(f"tiletum: cannot parse action {text!r}")

    # ---- analysis ------------------------------------------------------------
    def features(self):
        """Per player: buildings on the map and board, persons, contracts, cathedrals, king track."""
        cdef int p, b, r
        cdef TTPlayer* pl
        out = []
        for p in range(self.num_players):
            pl = &self.st.pl[p]
            f = {
                "vp": int(pl.vp),
                "houses": int(pl.houses_built) + 1,
                "pillars": int(pl.pillars_built),
                "persons": n_persons(&self.st, p),
                "full_buildings": n_full(&self.st, p),
                "crests": n_crested(&self.st, p),
                "contracts": int(pl.contracts_done),
                "crest_contracts": int(pl.crest_contracts),
                "cathedral_tiles": int(pl.cath_tiles),
                "king": int(pl.king),
                "resources": total_res(&self.st, p),
                "gold": int(pl.res[GOLD]),
                "storage": int(pl.nstore),
            }
            for a in range(NACT):
                f["bonus_ap_" + ACTIONS[a]] = int(pl.bonus_ap[a])
            out.append(f)
        return out

    # ---- JSON ------------------------------------------------------------------
    def to_json(self):
        """The position as JSON (format: docs/tiletum.md)."""
        from engine_c.tiletum_json import position_to_dict
        return json.dumps(position_to_dict(self), separators=(",", ":"))

    def _load(self, data):
        """Fill this state from position data (docs/tiletum.md); GameState.from_json checks the rest."""
        from engine_c.tiletum_json import position_from_dict
        position_from_dict(self, data)


def bench_playouts(int players=2, int games=2000, seed=0, bint policy=False):
    """Random (or policy) playouts per CPU second in C alone, a new deal per game."""
    import time
    cdef TT st
    cdef uint64_t rng = seed_to_state(seed)
    cdef int g
    t0 = time.process_time()
    with nogil:
        for g in range(games):
            memset(&st, 0, sizeof(TT))
            st.rng = rng_next(&rng)
            tt_new_game(&st, players, False)
            if policy:
                tt_playout(&st, &rng)
            else:
                tt_random_playout(&st, &rng)
    return games / (time.process_time() - t0)
