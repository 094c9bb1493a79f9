# cython: language_level=3
"""A Castle for All Seasons playouts: uniform random moves and the playout policy (nogil)."""
from libc.stdint cimport uint8_t, uint64_t

from engine_c._rng cimport rng_below
from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *
from engine_c.seasons.rules cimport *
from engine_c.seasons.moves cimport cs_legal

cdef void cs_playout(CS* s, uint64_t* rng) noexcept nogil:
    """Uniformly random legal moves to the end (forced moves take no random draw)."""
    cdef int buf[64]
    cdef int n
    n = cs_legal(s, buf)
    while n > 0:
        if n == 1:
            do_apply(s, buf[0])
        else:
            do_apply(s, buf[rng_below(rng, n)])
        n = cs_legal(s, buf)


cdef int cs_policy_action(CS* s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """Playout policy: where passing is an option (buy, build, helper), pass only one time in
    ten and otherwise take a uniform non-pass move; elsewhere uniform.  ``legal`` may be any
    subset of the legal moves (the search asks among its untried moves), so the pass is looked
    for, not assumed.  A single move is returned without drawing, so the policy loop and the
    per-decision hook draw the same numbers."""
    cdef int j, pass_at = -1
    if n == 1:
        return legal[0]
    if s.phase == PH_BUY or s.phase == PH_BUILD or s.phase == PH_HELPER:
        for j in range(n):
            if legal[j] == A_PASS:
                pass_at = j
        if pass_at >= 0:
            if rng_below(rng, 10) == 0:
                return A_PASS
            j = rng_below(rng, n - 1)
            return legal[j] if j < pass_at else legal[j + 1]
    return legal[rng_below(rng, n)]


cdef void cs_policy_playout(CS* s, uint64_t* rng) noexcept nogil:
    """The playout policy to the end of the game."""
    cdef int buf[64]
    cdef int n
    n = cs_legal(s, buf)
    while n > 0:
        do_apply(s, cs_policy_action(s, buf, n, rng))
        n = cs_legal(s, buf)
