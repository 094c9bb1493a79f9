# The search tree: a pool of Node structs with its per-action tables, grown by the search
# (solver/ismcts, a subclass), re-rooted for tree reuse and read for the results.
from libc.stdint cimport int32_t, int64_t

from solver.search.nodes cimport Node
from solver.search.secret_table cimport SecretTable

cdef enum:
    ROOT_MOMENTS = 6      # per root action: visits, sums of r, s, r^2, s^2, r*s (the moves' standard errors)


cdef class SearchTree:
    cdef Node* nodes
    cdef int32_t n_nodes
    cdef int32_t capacity
    cdef readonly int32_t max_nodes
    cdef int n_actions                 # num_distinct_actions of the game searched
    cdef int64_t* mark                 # per action: stamp of "legal at this node now"
    cdef int64_t* tried                # per action: stamp of "has an available child"
    cdef int64_t stamp
    cdef char* root_allowed            # per action: 1 if the root may visit it (see Searcher.search's root_actions)
    cdef double* root_rank             # per root action: sum of the root player's rank reward
    cdef double* root_score            # per root action and player: sum of final scores
    cdef double* root_moments          # per root action, this search only: ROOT_MOMENTS sums of the
                                       # root player's reward r and clipped score s (n, r, s, r^2, s^2, r s)
    cdef public double score_weight    # > 0: blend the reward with own score / largest score seen
    cdef readonly double score_seen    # largest |final score| this tree has seen (the blend's scale)
    cdef readonly int num_players
    cdef readonly bint out_of_memory   # the pool hit max_nodes or realloc failed: tree stopped growing
    cdef SecretTable joint             # decoupled statistics of secret choices (solver/search/secret_table.pyx)

    cdef int _ensure_actions(self, int n_actions) except -1
    cdef int32_t _new_node(self, int32_t parent, int action, int player) noexcept nogil
    cdef int32_t _add_child(self, int32_t node, int action, int player) noexcept nogil
    cdef void _drop_illegal_root_children(self, int* legal, int n_legal, int root_player) noexcept
