# The search reward of every player: from a finished game (``_rewards``) or from a game's estimate
# of the final scores at the end of a truncated playout (``_estimated_rewards``).  Inline functions
# live in a .pxd: the search (solver/search/ismcts.pyx) and the baselines (solver/search/baselines.pyx) share them.
cimport cython

from engine_c.game cimport GameState

cdef enum:
    REWARD_RANK = 0       # c_returns: 1 first .. 0 last
    REWARD_MARGIN = 1     # own score minus best other, scaled to [0, 1]


cdef inline void _rewards(GameState s, int mode, int n, double* rank, int* scores,
                          double* reward) noexcept nogil:
    """Rank returns, scores and the search reward of every player at a terminal state."""
    cdef int p, q, best, scale
    cdef double m
    s.c_returns(rank)
    s.c_scores(scores)
    if mode == REWARD_RANK:
        for p in range(n):
            reward[p] = rank[p]
        return
    # margin: own score minus the best other score, over the largest |score|
    scale = 1
    for p in range(n):
        if scores[p] > scale:
            scale = scores[p]
        elif -scores[p] > scale:
            scale = -scores[p]
    for p in range(n):
        best = -2147483647
        for q in range(n):
            if q != p and scores[q] > best:
                best = scores[q]
        m = (scores[p] - best) / <double>scale
        if m > 1.0:
            m = 1.0
        elif m < -1.0:
            m = -1.0
        reward[p] = 0.5 + 0.5 * m


@cython.cdivision(True)
cdef inline void _estimated_rewards(double* estimate, int mode, int n, double* rank, int* scores,
                                    double* reward) noexcept nogil:
    """As _rewards, from the game's estimate of the final scores (a truncated playout): ranks by
    the estimates (ties shared), scores rounded, the margin over the largest |estimate|."""
    cdef int p, q, better, tied
    cdef double best, m, scale = 1.0
    for p in range(n):
        better = 0
        tied = 0
        for q in range(n):
            if estimate[q] > estimate[p]:
                better += 1
            elif estimate[q] == estimate[p]:
                tied += 1
        rank[p] = 1.0 - (better + (tied - 1) / 2.0) / (n - 1)
        scores[p] = <int>(estimate[p] + 0.5) if estimate[p] >= 0 else -<int>(0.5 - estimate[p])
        if estimate[p] > scale:
            scale = estimate[p]
        elif -estimate[p] > scale:
            scale = -estimate[p]
    if mode == REWARD_RANK:
        for p in range(n):
            reward[p] = rank[p]
        return
    for p in range(n):
        best = -1e300
        for q in range(n):
            if q != p and estimate[q] > best:
                best = estimate[q]
        m = (estimate[p] - best) / scale
        if m > 1.0:
            m = 1.0
        elif m < -1.0:
            m = -1.0
        reward[p] = 0.5 + 0.5 * m
