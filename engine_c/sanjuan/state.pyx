# cython: language_level=3
"""San Juan (first edition base game, 2-4 players) behind boardlab's game interface.

The state class binds the SJ struct (types.pxd) to the rule functions (moves, view, policy);
the other rooms of this package hold the rest (table in docs/interface.md).  See docs/sanjuan.md.
"""
from libc.stdint cimport uint64_t

from engine_c.game cimport GameState, GameHooks, game_hooks, apply_fn, private_choice_fn, evaluate_fn
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.rules cimport sj_new_game, do_apply
from engine_c.sanjuan.moves cimport sj_current_player, sj_legal, sj_apply, sj_apply_legal
from engine_c.sanjuan.policy cimport sj_playout, sj_policy_action, sj_policy_playout
from engine_c.sanjuan.view cimport sj_scores, sj_ranks, sj_resample, sj_tiebreak, sj_private_choice
from engine_c.sanjuan.value cimport evaluate, value_features, value_stage, quiet, VALUE_FEATURES
from engine_c.sanjuan.learned cimport evaluate_learned, learned_inputs, LEARNED_INPUTS

from engine_c.sanjuan.data import CARD_IDS
from engine_c.sanjuan.value import use_value_weights
from engine_c.sanjuan.value_weights import WEIGHTS as _VALUE_WEIGHTS   # scripts/fit_value.py
for _players, _weights in _VALUE_WEIGHTS.items():
    use_value_weights(_players, _weights)
from engine_c.sanjuan.learned import use_learned_value, learned_value_loaded
from engine_c.sanjuan.learned_weights import NETS as _LEARNED_NETS     # scripts/fit_learned_value.py
for _players, _net in _LEARNED_NETS.items():
    use_learned_value(_players, _net)

# the rule functions, in GameHooks order (engine_c/game.pxd); NULL: the base class's generic one
cdef GameHooks HOOKS = game_hooks(
    <void*>sj_current_player, <void*>sj_legal, <void*>sj_apply, <void*>sj_scores,
    <void*>sj_apply_legal, <void*>sj_ranks, <void*>sj_resample,
    <void*>sj_policy_playout, <void*>sj_policy_action, <void*>sj_playout, <void*>sj_new_game)
HOOKS.private_choice = <private_choice_fn>sj_private_choice     # payments, kept and discarded cards
HOOKS.evaluate = <evaluate_fn>evaluate       # the fitted value (value.pyx), for blended playouts
HOOKS.evaluate_learned = <evaluate_fn>evaluate_learned      # the learned network (learned.pyx), value=net
HOOKS.apply_step = <apply_fn>do_apply       # one action alone: apply_action_steps tells the forced ones


cdef class SanJuanState(GameState):
    """A San Juan position.  Seat 0 is the first governor."""

    game_name = "sanjuan"
    num_distinct_actions = NUM_ACTIONS
    # keep the tree between a player's own consecutive decisions (role, then building, then each
    # card of the payment): with the playout policy it beats the previous default 0.682
    # [0.615-0.743] over 200 paired games at 2,000 iterations; and the playout policy as a
    # progressive-bias prior (prior=3) beats that 0.578 [0.508-0.644] over 200 (docs/stronger-defaults.md)
    search_defaults = {"reuse": 1, "prior": 3.0}

    def __cinit__(self, *args, **kwargs):
        self.bind(&self.st, sizeof(SJ), &HOOKS)

    def __init__(self, players, seed, seat_vp=None, **options):
        """A new game; ``seat_vp`` gives each seat starting points added to its final score ("0,3" or a
        list; docs/data.md, "Game options")."""
        cdef uint64_t rng = self._begin(players, seed, options)
        bonus = self._seat_vp(seat_vp)
        sj_new_game(&self.st, players, rng)
        for p in range(players):
            self.st.seat_vp[p] = bonus[p]

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

    def value_features(self):
        """``(stage, rows)``: the fitted value's stage (the most buildings any player has, less one)
        and per player its features (engine_c.sanjuan.value.FEATURE_NAMES order); None away from a
        quiet point (a role's phase or the round's start under way, the game over)."""
        cdef double f[VALUE_FEATURES]
        cdef int scores[MAXP]
        cdef int p, k
        if not quiet(&self.st) or self.is_terminal():
            return None
        sj_scores(&self.st, scores)
        out = []
        for p in range(self.st.np):
            value_features(&self.st, scores, p, f)
            out.append([f[k] for k in range(VALUE_FEATURES)])
        return value_stage(&self.st), out

    def has_learned_value(self):
        """Whether a learned network is loaded for this player count (learned_weights.py)."""
        return learned_value_loaded(self.st.np)

    def learned_value_inputs(self):
        """``(stage, rows)``: the fitted value's stage and per player the learned network's input
        (engine_c/sanjuan/learned.pyx); None away from a quiet point, as ``value_features``."""
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
        """Tie-break value per player: hand cards plus goods on production buildings."""
        return [sj_tiebreak(&self.st, p) for p in range(self.num_players)]
