# The search tree's node, shared by the search (solver/ismcts) and the decoupled statistics of
# secret choices (solver/secret_table), which keep a node's counters per (phase start, key, move).
from libc.stdint cimport int32_t


# One tree node = one information set of the player who chose `action`
# (the player acting at the parent).  48 bytes.
cdef struct Node:
    int32_t parent          # index in the pool, -1 for the root
    int32_t first_child     # -1 if none
    int32_t next_sibling    # -1 if last
    int32_t action          # action leading here from the parent (-1 for the root)
    int32_t player          # player who chose `action` (whose reward this node sums)
    int32_t visits          # times selected
    int32_t avail           # times available (legal in the iteration's determinization)
    float prior             # share of PRIOR_SAMPLES playout-policy draws at the parent that chose `action`
                            # (set only when the searcher's prior weight is > 0)
    double reward           # sum of `player`'s rewards (rank or margin) over the visits
    double score            # sum of `player`'s own final scores (clipped at 0) over the visits


cdef inline double node_value(Node* n, double w, double score_seen) noexcept nogil:
    """A visited node's mean value for its player: the mean reward, blended (weight ``w``) with
    the mean own score over ``score_seen``, the largest |score| the tree has seen so far.

    The score part is scaled when read, not when each playout ends, so every node is measured
    on the same scale (scaling at the end of each playout overrated the nodes visited early,
    while the largest score seen was still growing).
    """
    if w <= 0:
        return n.reward / n.visits
    return (1.0 - w) * n.reward / n.visits + w * n.score / (n.visits * score_seen)
