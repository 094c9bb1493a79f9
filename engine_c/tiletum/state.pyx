# cython: language_level=3
"""Tiletum (2-4 players, no solo) behind boardlab's game interface.

The state class binds the TT struct (types.pxd) to the rule functions (moves, view, policy);
the other rooms of this package hold the rest (table in docs/interface.md).  See docs/tiletum.md.
"""
from engine_c.game cimport GameState, GameHooks, game_hooks, evaluate_fn
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport TT_TAB
from engine_c.tiletum.rules cimport tt_new_game, n_persons, n_full, n_crested, total_res
from engine_c.tiletum.moves cimport tt_current_player, tt_legal, tt_apply
from engine_c.tiletum.policy cimport tt_playout, tt_random_playout, tt_policy_action
from engine_c.tiletum.view cimport tt_scores, tt_ranks, tt_resample
from engine_c.tiletum.value cimport evaluate, value_features, quiet, VALUE_FEATURES

from engine_c.errors import BoardlabError
from engine_c.tiletum.data import ACTIONS
from engine_c.tiletum.value import use_value_weights
from engine_c.tiletum.value_weights import WEIGHTS as _VALUE_WEIGHTS   # scripts/fit_value.py
for _players, _weights in _VALUE_WEIGHTS.items():
    use_value_weights(_players, _weights)

# the rule functions, in GameHooks order (engine_c/game.pxd); NULL: the base class's generic one
cdef GameHooks HOOKS = game_hooks(
    <void*>tt_current_player, <void*>tt_legal, <void*>tt_apply, <void*>tt_scores,
    NULL, <void*>tt_ranks, <void*>tt_resample,
    <void*>tt_playout, <void*>tt_policy_action, <void*>tt_random_playout, NULL)
HOOKS.evaluate = <evaluate_fn>evaluate       # the fitted value (value.pyx), for blended playouts


cdef class TiletumState(GameState):
    """A Tiletum position.  ``TiletumState(players, seed, action_tiles=False, die_wrap=True)``: with
    ``action_tiles`` the six actions lie around the wheel in a random order (optional variant);
    ``die_wrap=False`` forbids adjusting a die from 6 to 1 or 1 to 6 (the reading before the
    publisher's strategy guide, docs/tiletum.md); ``seat_vp`` gives each seat starting points ("0,3" or
    a list; docs/data.md, "Game options")."""

    game_name = "tiletum"
    num_distinct_actions = NUM_ACTIONS
    # blend own score into the search reward: w=0.3 beats margin only 0.585 [0.516-0.651] over 200
    # paired games at 1,000 iterations (docs/agents.md); measured on the placeholder data.
    # expand=200: a node below the root grows children after 200 visits; with the position-reading
    # playout policy the full tree lost to flat Monte-Carlo (docs/stronger-defaults.md, "Tiletum's tree")
    # prior=3: the playout policy as a progressive-bias prior, 0.560 and 0.620 over two runs of 200
    # paired games at 2,000 iterations (docs/stronger-defaults.md, "Progressive bias")
    # leaf_value=0.25: the fitted value blended into every playout's result at a quarter, 0.542
    # [0.502-0.581] over three runs of 200 paired games at 2,000 iterations (docs/stronger-defaults.md,
    # "Tiletum's value blended alone"; one half steadies suggest more but plays no stronger)
    search_defaults = {"score_weight": 0.3, "expand": 200, "prior": 3.0, "leaf_value": 0.25}

    def __cinit__(self, *args, **kwargs):
        self.bind(&self.st, sizeof(TT), &HOOKS)

    def __init__(self, players, seed, action_tiles=False, die_wrap=True, seat_vp=None, **options):
        for name, value in (("action_tiles", action_tiles), ("die_wrap", die_wrap)):
            if not isinstance(value, bool):
                raise BoardlabError(f"tiletum: {name} must be true or false, got {value!r}")
        self.st.rng = self._begin(players, seed, options)
        bonus = self._seat_vp(seat_vp)
        tt_new_game(&self.st, players, action_tiles, die_wrap)
        for p in range(players):
            self.st.pl[p].vp += bonus[p]      # seat_vp: starting points, scored as any others

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

    def value_features(self):
        """``(stage, rows)``: the fitted value's stage (round * 3 + pass) and per player its features
        (engine_c.tiletum.value.FEATURE_NAMES order); None away from a quiet point (a turn or a
        round end under way, the game over)."""
        cdef double f[VALUE_FEATURES]
        cdef int p, k
        if not quiet(&self.st):
            return None
        out = []
        for p in range(self.st.np):
            value_features(&self.st, p, f)
            out.append([f[k] for k in range(VALUE_FEATURES)])
        return self.st.round * 3 + self.st.pass_, out


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
