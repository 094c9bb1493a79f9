# Single-observer ISMCTS (Cowling, Powley & Whitehouse 2012) over the shared
# GameState interface; see docs/agents.md.
from libc.stdint cimport uint64_t, int32_t, int64_t

from engine_c.game cimport GameState, MAX_PLAYERS
from solver.search.nodes cimport Node
from solver.search.rewards cimport REWARD_RANK, REWARD_MARGIN, _rewards, _estimated_rewards
from solver.search.tree cimport SearchTree, ROOT_MOMENTS

cdef enum:
    PRIOR_SAMPLES = 16    # playout-policy draws that estimate a new child's prior (progressive bias)


cdef enum:
    SECRET_PATH = 64        # secret choices per iteration whose statistics are updated


cdef class Searcher(SearchTree):
    # the node pool and its tables: SearchTree (solver/search/tree.pxd)
    cdef bint root_round_robin         # this search visits only the root_allowed moves, fewest visits first
    cdef int root_allowed_count        # how many moves root_allowed marks (a turn of the round robin)
    cdef uint64_t rng
    cdef public double c               # UCB exploration constant
    cdef public int reward_mode
    cdef public int max_depth          # tree depth limit (1 = flat Monte-Carlo); <= 0 unlimited
    cdef public int expand_after       # visits a node below the root needs before it grows children (0: at once)
    cdef public bint uniform_playout   # True: c_random_playout; False: the engine's c_playout policy
    cdef public double prior_weight    # > 0: progressive bias, + prior_weight * prior / (visits + 1) in selection
    cdef public double widening        # > 0: progressive widening, at most widening * sqrt(visits) children
    cdef public int worlds             # > 0: cycle through this many fixed determinizations; 0: fresh each iteration
    cdef public int cutoff             # > 0: playouts stop after this many moves, at the next point the game can
                                       # evaluate (c_evaluate), and its estimate stands for the final scores
    cdef public double leaf_value      # > 0: the final scores blended with the game's fitted value at the playout's
                                       # first quiet point, leaf_value x estimate + (1 - leaf_value) x final
    cdef readonly bint learned_value   # the estimate of cutoff and leaf_value from the game's learned network
                                       # (value="net"), not its fitted linear value (value="linear")
    cdef bint learned_now              # this search uses the network: value="net" and one for its player count
    cdef public int decoupled          # 1: simultaneous secret choices below the root chosen from statistics shared
                                       # across the other players' choices of the phase (decoupled UCT); 2: also the
                                       # others' choices made before the root, unseen (the phase replayed from its start)
    cdef public int unseen             # 1: the other players' private choices (the engine's c_private_choice) are
                                       # played by the playout policy and get no tree node: the searcher's tree
                                       # tells apart only what it sees
    cdef readonly int opponents        # where the others' hidden choices come from: 0 uniform, 1 the playout policy
                                       # (their secret choices before the root, every move of a player with a
                                       # hidden hand in the tree; solver/search/opponents.pxd)
    cdef uint64_t* world_seeds         # the resampling seed of each fixed determinization
    cdef readonly int root_player
    cdef readonly long iterations_done
    cdef readonly double seconds
    cdef readonly bint stop_requested    # set by stop() from another thread; the loop ends at the next iteration
    cdef GameState scratch
    cdef GameState world                # the fixed determinization (PIMC mode)

    cdef int _set_root_actions(self, root_actions, int* legal, int n_legal) except -1
    cdef int _joint_select(self, GameState s, int32_t anchor, int32_t key, int* legal, int n) noexcept nogil
    cdef long _run(self, GameState root, GameState s, long max_iterations, double max_seconds, bint resample) except -1 nogil
