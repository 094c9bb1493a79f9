# Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) over the shared
# GameState interface; see docs/agents.md.
from libc.stdint cimport uint64_t, int32_t, int64_t

from engine_c.game cimport GameState, MAX_PLAYERS
from solver.nodes cimport Node
from solver.rewards cimport REWARD_RANK, REWARD_MARGIN, _rewards, _estimated_rewards
from solver.secret_table cimport JointStat, SecretTable

cdef enum:
    ROOT_MOMENTS = 6      # per root action: visits, sums of r, s, r^2, s^2, r*s (the moves' standard errors)

cdef enum:
    PRIOR_SAMPLES = 16    # playout-policy draws that estimate a new child's prior (progressive bias)



cdef enum:
    SECRET_PATH = 64        # secret choices per iteration whose statistics are updated


cdef class Searcher:
    cdef Node* nodes
    cdef int32_t n_nodes
    cdef int32_t capacity
    cdef int n_actions                 # num_distinct_actions of the game searched
    cdef int64_t* mark                 # per action: stamp of "legal at this node now"
    cdef int64_t* tried                # per action: stamp of "has an available child"
    cdef int64_t stamp
    cdef char* root_allowed            # per action: 1 if the root may visit it (see root_actions)
    cdef bint root_round_robin         # this search visits only the root_allowed moves, fewest visits first
    cdef int root_allowed_count        # how many moves root_allowed marks (a turn of the round robin)
    cdef double* root_rank             # per root action: sum of the root player's rank reward
    cdef double* root_score            # per root action and player: sum of final scores
    cdef double* root_moments          # per root action, this search only: ROOT_MOMENTS sums of the
                                       # root player's reward r and clipped score s (n, r, s, r^2, s^2, r s)
    cdef uint64_t rng
    cdef public double c               # UCB exploration constant
    cdef public int reward_mode
    cdef public int max_depth          # tree depth limit (1 = flat Monte-Carlo); <= 0 unlimited
    cdef public int expand_after       # visits a node below the root needs before it grows children (0: at once)
    cdef public bint uniform_playout   # True: c_random_playout; False: the engine's c_playout policy
    cdef public double score_weight    # > 0: blend the reward with own score / largest score seen
    cdef readonly double score_seen    # largest |final score| this tree has seen (the blend's scale)
    cdef public double prior_weight    # > 0: progressive bias, + prior_weight * prior / (visits + 1) in selection
    cdef public double widening        # > 0: progressive widening, at most widening * sqrt(visits) children
    cdef public int worlds             # > 0: cycle through this many fixed determinizations; 0: fresh each iteration
    cdef public int cutoff             # > 0: playouts stop after this many moves, at the next point the game can
                                       # evaluate (c_evaluate), and its estimate stands for the final scores
    cdef public double leaf_value      # > 0: the final scores blended with the game's fitted value at the playout's
                                       # first quiet point, leaf_value x estimate + (1 - leaf_value) x final
    cdef public int decoupled          # 1: simultaneous secret choices below the root chosen from statistics shared
                                       # across the other players' choices of the phase (decoupled UCT); 2: also the
                                       # others' choices made before the root, unseen (the phase replayed from its start)
    cdef SecretTable joint             # those statistics (solver/secret_table.pyx)
    cdef public int unseen             # 1: the other players' private choices (the engine's c_private_choice) are
                                       # played by the playout policy and get no tree node: the searcher's tree
                                       # tells apart only what it sees
    cdef uint64_t* world_seeds         # the resampling seed of each fixed determinization
    cdef readonly int root_player
    cdef readonly int num_players
    cdef readonly long iterations_done
    cdef readonly double seconds
    cdef readonly bint out_of_memory     # the pool hit max_nodes or realloc failed: tree stopped growing
    cdef readonly bint stop_requested    # set by stop() from another thread; the loop ends at the next iteration
    cdef readonly int32_t max_nodes
    cdef GameState scratch
    cdef GameState world                # the fixed determinization (PIMC mode)

    cdef int _ensure_actions(self, int n_actions) except -1
    cdef int32_t _new_node(self, int32_t parent, int action, int player) noexcept nogil
    cdef int32_t _add_child(self, int32_t node, int action, int player) noexcept nogil
    cdef int _set_root_actions(self, root_actions, int* legal, int n_legal) except -1
    cdef int _joint_select(self, GameState s, int32_t anchor, int32_t key, int* legal, int n) noexcept nogil
    cdef void _drop_illegal_root_children(self, int* legal, int n_legal, int root_player) noexcept
    cdef long _run(self, GameState root, GameState s, long max_iterations, double max_seconds, bint resample) except -1 nogil
