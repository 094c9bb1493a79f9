# cython: language_level=3
"""The simple baselines' hot loops (random and greedy agents), over engine_c.game.GameState.

They share the search's reward (``_rewards`` in solver/search/rewards.pxd), so a greedy tie-break
measures a playout as the search does.
"""
from libc.stdint cimport uint64_t
from libc.math cimport INFINITY

from engine_c.game cimport GameState, MAX_PLAYERS, MAX_LEGAL
from engine_c._rng cimport rng_below
from solver.search.rewards cimport _rewards

import numbers

from engine_c.errors import BoardlabError
from solver.search.ismcts import REWARDS, search_seed


def random_action(GameState state not None, seed):
    """A uniformly random legal action, drawn from ``seed`` (an integer 0..2^64-1 or a SeedSequence)."""
    cdef int legal[MAX_LEGAL]
    cdef int n = state.c_legal_actions(legal)
    cdef uint64_t rng = search_seed(seed, "random")
    if n == 0:
        raise BoardlabError("random: no legal action (game over?)")
    return legal[rng_below(&rng, n)]


def greedy_action(GameState state not None, seed, playouts=4, reward="margin"):
    """Greedy baseline on one determinization drawn from ``seed``.

    For each legal action: apply it on a copy of the determinized state and
    measure the acting player's immediate score gain.  Among the actions with
    the best gain, tie-break by the mean reward (``reward``: margin or rank) of
    ``playouts`` uniformly random playouts after the action; remaining ties go
    to the first action in legal order.
    """
    cdef int legal[MAX_LEGAL]
    cdef int tied[MAX_LEGAL]
    cdef int before[MAX_PLAYERS]
    cdef int after[MAX_PLAYERS]
    cdef double rank[MAX_PLAYERS]
    cdef double rew[MAX_PLAYERS]
    cdef uint64_t rng = search_seed(seed, "greedy")
    if not isinstance(reward, str) or reward not in REWARDS:
        raise BoardlabError(f"greedy: unknown reward {reward!r:.40} (known: rank, margin)")
    if isinstance(playouts, bool) or not isinstance(playouts, numbers.Integral) or not 1 <= playouts <= 10**6:
        raise BoardlabError(f"greedy: playouts must be an integer 1..10^6, got {playouts!r:.40}")
    cdef int mode = REWARDS[reward]
    cdef int n_playouts = playouts
    cdef int n, i, j, p, gain, best_gain, n_tied = 0, best
    cdef double value, best_value
    n = state.c_legal_actions(legal)
    if n == 0:
        raise BoardlabError("greedy: no legal action (game over?)")
    if n == 1:
        return legal[0]
    p = state.c_current_player()
    cdef GameState world = state.c_clone()
    cdef GameState s = state.c_clone()
    cdef GameState after_state = state.c_clone()
    with nogil:
        world.c_resample_hidden(p, &rng)
        world.c_scores(before)
        best_gain = -2147483647
        for i in range(n):
            s.c_copy_from(world)
            s.c_apply(legal[i])
            s.c_scores(after)
            gain = after[p] - before[p]
            if gain > best_gain:
                best_gain = gain
                n_tied = 0
            if gain == best_gain:
                tied[n_tied] = legal[i]
                n_tied += 1
        best = tied[0]
        if n_tied > 1 and n_playouts > 0:
            best_value = -INFINITY
            for i in range(n_tied):
                after_state.c_copy_from(world)
                after_state.c_apply(tied[i])
                value = 0.0
                for j in range(n_playouts):
                    s.c_copy_from(after_state)
                    s.c_random_playout(&rng)
                    _rewards(s, mode, s.num_players, rank, after, rew)
                    value += rew[p]
                if value > best_value:
                    best_value = value
                    best = tied[i]
    return best
