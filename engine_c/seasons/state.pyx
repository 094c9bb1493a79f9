# cython: language_level=3
"""A Castle for All Seasons (base game, 2-4 players; option winter=True: the winter variant) behind
boardlab's game interface.

The state class binds the CS struct (types.pxd) to the rule functions (moves, view, policy);
the other rooms of this package hold the rest (table in docs/interface.md).  See docs/seasons.md.
"""
from engine_c.game cimport GameState, GameHooks, game_hooks, apply_fn, secret_choice_fn, rewind_secret_fn, evaluate_fn
from libc.string cimport memcpy
from libc.stdint cimport uint64_t
from engine_c.seasons.types cimport *
from engine_c.seasons.rules cimport cs_new_game, cs_setup, res_value, do_apply, valid_cards
from engine_c.seasons.moves cimport cs_current_player, cs_legal, cs_apply_legal
from engine_c.seasons.policy cimport cs_playout, cs_policy_action, cs_policy_playout, card_value
from engine_c.seasons.view cimport cs_scores, cs_ranks, cs_resample, cs_secret_choice, cs_rewind_secret, final_scoring
from engine_c.seasons.value cimport evaluate, value_features, value_stage, quiet, VALUE_FEATURES
from engine_c.seasons.learned cimport evaluate_learned, learned_inputs, LEARNED_INPUTS

from engine_c.seasons.data import BUILDING_IDS, CARDS
from engine_c.errors import BoardlabError
from engine_c.seasons.value import use_value_weights
from engine_c.seasons.value_weights import WEIGHTS as _VALUE_WEIGHTS   # scripts/fit_value.py
for _players, _weights in _VALUE_WEIGHTS.items():
    use_value_weights(_players, _weights)
from engine_c.seasons.learned import use_learned_value, learned_value_loaded
from engine_c.seasons.policy import use_card_model
from engine_c.seasons.card_model import MODELS as _CARD_MODELS     # scripts/fit_card_model.py
for _players, _model in _CARD_MODELS.items():
    use_card_model(_players, _model)
from engine_c.seasons.learned_weights import NETS as _LEARNED_NETS     # scripts/fit_learned_value.py
for _players, _net in _LEARNED_NETS.items():
    use_learned_value(_players, _net)

# the rule functions, in GameHooks order (engine_c/game.pxd); NULL: the base class's generic one
cdef GameHooks HOOKS = game_hooks(
    <void*>cs_current_player, <void*>cs_legal, NULL, <void*>cs_scores,
    <void*>cs_apply_legal, <void*>cs_ranks, <void*>cs_resample,
    <void*>cs_policy_playout, <void*>cs_policy_action, <void*>cs_playout, <void*>cs_new_game)
HOOKS.secret_choice = <secret_choice_fn>cs_secret_choice      # the card selection is simultaneous
HOOKS.rewind_secret = <rewind_secret_fn>cs_rewind_secret      # and can be replayed from its start
HOOKS.evaluate = <evaluate_fn>evaluate       # the fitted value (value.pyx), for blended playouts
HOOKS.evaluate_learned = <evaluate_fn>evaluate_learned      # the learned network (learned.pyx), value=net
HOOKS.apply_step = <apply_fn>do_apply       # one action alone: apply_action_steps tells the forced ones


cdef class SeasonsState(GameState):
    """A Castle for All Seasons position.  Seat 0 is the first start player; the cards chosen
    this round stay hidden from the others until they are revealed (see view.pyx)."""

    game_name = "seasons"
    num_distinct_actions = NUM_ACTIONS
    # the card selection is simultaneous: a player's secret card is chosen without seeing the others',
    # below the root and, replayed from the phase's start, before it (docs/stronger-defaults.md,
    # "A Castle for All Seasons: decoupled secret choices" and "The others' choices before the root");
    # half of every playout's result is the fitted value at its first quiet point (value.pyx;
    # same document, "A Castle for All Seasons' fitted value"), from the learned network where one is
    # trained for the player count (learned.pyx; "A Castle for All Seasons' learned value")
    search_defaults = {"decoupled": 2, "leaf_value": 0.5, "value": "net"}

    def __cinit__(self, *args, **kwargs):
        self.bind(&self.st, sizeof(CS), &HOOKS)

    def __init__(self, players, seed, winter=False, seat_vp=None, **options):
        """A new game; ``winter=True`` plays the winter variant (winter cards in the marked rounds);
        ``seat_vp`` gives each seat starting points ("0,3" or a list; docs/data.md, "Game options")."""
        cdef uint64_t rng = self._begin(players, seed, options)
        if not isinstance(winter, bool):
            raise BoardlabError(f"seasons: winter must be true or false, got {winter!r}")
        bonus = self._seat_vp(seat_vp)
        cs_setup(&self.st, players, rng, 1 if winter else 0)
        for p in range(players):
            # kept apart too (vp_seat) so a position still shows vp as the sum of its parts
            self.st.vp_seat[p] = bonus[p]
            self.st.vp[p] += bonus[p]

    @property
    def winter(self):
        """True when this game plays the winter variant."""
        return bool(self.st.winter)

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
            f["vp_winter"] = int(s.vp_winter[p])
            f["talers"] = int(s.talers[p])
            f["resources"] = sum(int(s.res[p][k]) for k in range(NRES))
            out.append(f)
        return out

    def value_features(self):
        """``(stage, rows)``: the fitted value's stage (rounds left after this one) and per player its
        features (engine_c.seasons.value.FEATURE_NAMES order); None away from a quiet point (a
        round's card selection under way or its cards being resolved, the game over)."""
        cdef double f[VALUE_FEATURES]
        cdef CS scored
        cdef int p, k
        if not quiet(&self.st) or self.is_terminal():
            return None
        memcpy(&scored, &self.st, sizeof(CS))
        final_scoring(&scored)
        out = []
        for p in range(self.st.np):
            value_features(&self.st, &scored, p, f)
            out.append([f[k] for k in range(VALUE_FEATURES)])
        return value_stage(&self.st), out

    def card_values(self):
        """In a card selection: ``(stage, {card id: worth})``, the fitted card model's stage (rounds left
        after this one, capped at 14) and the playout policy's worth (tenths of VP)
        of each card the player to choose may take; None elsewhere."""
        cdef int p = self.st.actor, c
        if self.st.phase != PH_SELECT or self.is_terminal():
            return None
        left = 0 if self.st.last_round else max(0, min(14, self.st.rounds - self.st.round))
        return left, {CARDS[c]: card_value(&self.st, p, c) for c in range(NCARD)
                      if valid_cards(&self.st, p) & (1 << c)}

    def has_learned_value(self):
        """Whether a learned network is loaded for this player count (learned_weights.py)."""
        return learned_value_loaded(self.st.np)

    def learned_value_inputs(self):
        """``(stage, rows)``: the fitted value's stage and per player the learned network's input
        (engine_c/seasons/learned.pyx); None away from a quiet point, as ``value_features``."""
        cdef double x[LEARNED_INPUTS]
        cdef int p, k
        if not quiet(&self.st) or self.is_terminal():
            return None
        out = []
        for p in range(self.st.np):
            learned_inputs(&self.st, p, x)
            out.append([x[k] for k in range(LEARNED_INPUTS)])
        return value_stage(&self.st), out

    def tiebreak_values(self):
        """Tie-break keys per player: (talers left, building-point value of resources left)."""
        return [(int(self.st.talers[p]), int(res_value(&self.st, p))) for p in range(self.num_players)]
