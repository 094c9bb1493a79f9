# The simulation step of a search iteration: the rest of the game from the tree's leaf, played by
# the engine's playout policy (or uniformly), cut short by the game's fitted value (``cutoff``) or
# blended with it (``leaf_value``); ``learned``: the game's learned network stands in for its fitted
# linear value (Searcher(value="net")).  Inline in a .pxd, so the search loop (solver/search/ismcts.pyx)
# calls it without leaving C; the rewards are then made by solver/search/rewards.pxd.
from libc.stdint cimport uint64_t

from engine_c.game cimport GameState, MAX_PLAYERS
from engine_c._rng cimport rng_below


cdef inline bint _playout_step(GameState s, bint uniform, int* legal, uint64_t* rng) noexcept nogil:
    """One playout move; False at a stuck position (no legal move: readers refuse them)."""
    cdef int n = s.c_legal_actions(legal)
    if n == 0:
        return False
    s.c_apply(legal[rng_below(rng, n)] if uniform else s.c_playout_action(legal, n, rng))
    return True


cdef inline bint simulate(GameState s, int cutoff, double leaf_value, bint learned, bint uniform, uint64_t* rng,
                          int* legal, int num_players, double* estimate) noexcept nogil:
    """Play on from ``s``. True when ``estimate`` holds the final scores to reward (a truncated
    playout's estimate, or the blend of the fitted value and the final scores); False when the
    game as it now stands (finished, or stuck) is to be rewarded."""
    cdef double leaf[MAX_PLAYERS]
    cdef int scores[MAX_PLAYERS]
    cdef int k = 0, p
    cdef bint can_evaluate = (s.hooks.evaluate_learned if learned else s.hooks.evaluate) != NULL
    if cutoff > 0 and can_evaluate:
        # truncated: the cutoff's moves, on to the next point the game can evaluate, then its
        # estimate of the final scores instead of the rest of the game
        while not s.c_is_terminal():
            if k >= cutoff and s.c_evaluate(learned, estimate):
                return True
            if not _playout_step(s, uniform, legal, rng):
                return False
            k += 1
        return False
    if leaf_value > 0.0 and can_evaluate:
        # blended: the fitted value at the first quiet point, then the playout to the end
        while not s.c_is_terminal():
            if s.c_evaluate(learned, leaf):
                if uniform:
                    s.c_random_playout(rng)
                else:
                    s.c_playout(rng)
                s.c_scores(scores)
                for p in range(num_players):
                    estimate[p] = leaf_value * leaf[p] + (1.0 - leaf_value) * scores[p]
                return True
            if not _playout_step(s, uniform, legal, rng):
                return False
        return False
    if not s.c_is_terminal():
        if uniform:
            s.c_random_playout(rng)
        else:
            s.c_playout(rng)
    return False
