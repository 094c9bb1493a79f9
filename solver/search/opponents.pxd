# The search's model of the other players (``Searcher(opponents=...)``): where their hidden or
# simultaneous choices are drawn from.  ``uniform`` (0) keeps each engine's uniform redraw;
# ``policy`` (1) draws them from the engine's playout policy, read from each player's own side of
# the determinized world.  Inline here so the search loop (solver/search/ismcts.pyx) calls them
# without leaving C; solver/search/opponents.pyx gives them to Python for tests and inspection.
from libc.stdint cimport uint64_t

from engine_c.game cimport GameState, MAX_LEGAL
from engine_c._rng cimport rng_below

cdef enum:
    OPPONENTS_UNIFORM = 0
    OPPONENTS_POLICY = 1


cdef inline int policy_secret_redraw(GameState s, int observer, uint64_t* rng, int* legal,
                                     int* replay) noexcept nogil:
    """Redraw the secret choices the others made before ``observer``'s turn in the current
    simultaneous phase (the engine's ``c_rewind_secret``) from the playout policy, each in turn
    from the phase's start; ``observer``'s own earlier choices are replayed.  The number of the
    others' choices drawn; -1 and no change when nothing is hidden that way."""
    cdef int n_replay = s.c_rewind_secret(observer, replay)
    cdef int i = 0, drawn = 0, p, n, a
    if n_replay < 0:
        return -1
    while True:
        p = s.c_current_player()
        if p < 0 or (p == observer and i >= n_replay):
            break
        if p == observer:
            a = replay[i]
            i += 1
        else:
            n = s.c_legal_actions(legal)
            a = s.c_playout_action(legal, n, rng)
            drawn += 1
        s.c_apply(a)
    return drawn


cdef inline bint hides_hands(GameState s) noexcept nogil:
    """True for a game whose players hold what the others never see (it has the engine's
    ``private_choice`` hook: San Juan's hands), so another player's every decision depends on
    something the searcher only samples."""
    return s.hooks.private_choice != NULL


cdef inline int policy_choice(GameState s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """Another player's move by the playout policy, reading the hand the determinization dealt
    him (one of ``legal``; a uniform one if the policy answers outside them)."""
    cdef int a = s.c_playout_action(legal, n, rng)
    cdef int i
    for i in range(n):
        if legal[i] == a:
            return a
    return legal[rng_below(rng, n)]
