# cython: language_level=3
"""The search's opponent models (solver/search/opponents.pxd) from Python: one determinization as the
search makes it with ``opponents=uniform`` or ``opponents=policy`` (docs/agents.md)."""
from libc.stdint cimport uint64_t

from engine_c.game cimport GameState, MAX_LEGAL
from solver.search.opponents cimport OPPONENTS_UNIFORM, OPPONENTS_POLICY, policy_secret_redraw

from engine_c.errors import BoardlabError

MODELS = {"uniform": OPPONENTS_UNIFORM, "policy": OPPONENTS_POLICY}


def opponent_model(value):
    """The number of an ``opponents`` setting ("uniform" or "policy"); one BoardlabError line otherwise."""
    if not isinstance(value, str) or value not in MODELS:
        raise BoardlabError(f"opponents must be uniform or policy, got {value!r:.40}")
    return MODELS[value]


def determinize(GameState state not None, int observer, seed, opponents="uniform"):
    """A copy of ``state`` with what ``observer`` cannot see redrawn as one search iteration does
    (``c_resample_hidden``, then under ``opponents=policy`` the others' secret choices of the
    phase from the playout policy); ``seed`` is a uint64."""
    cdef int model = opponent_model(opponents)
    if not 0 <= observer < state.num_players:
        raise BoardlabError(f"determinize: observer must be a player 0..{state.num_players - 1}, got {observer!r}")
    cdef uint64_t rng = <uint64_t>seed
    cdef int legal[MAX_LEGAL]
    cdef int replay[MAX_LEGAL]
    cdef GameState s = state.c_clone()
    with nogil:
        s.c_resample_hidden(observer, &rng)
        if model == OPPONENTS_POLICY:
            policy_secret_redraw(s, observer, &rng, legal, replay)
    return s
