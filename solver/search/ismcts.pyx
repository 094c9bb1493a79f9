# cython: language_level=3
"""SO-ISMCTS and the baselines' hot loops, game-agnostic, over engine_c.game.GameState.

Single-observer information-set MCTS (Cowling, Powley & Whitehouse 2012): one
tree over the searching player's information sets, keyed by action ints from
the root.  Every iteration copies the root into a scratch state (memcpy, no
allocation), determinizes it from the searcher's own RNG, descends only
through actions legal in that determinization (UCB1 with availability counts),
expands one node, plays out (the engine's playout policy ``c_playout``, or
uniformly random moves with ``playout="uniform"``) and back-propagates.  Each node
maximises the reward of the player acting at its parent.

This file is the search: its settings and its loop.  The file is long because the loop
(``_run``, about 300 lines) is one nogil function whose options share its C locals.  The tree it grows (the node pool, tree
reuse's re-rooting, and reading the results) is ``SearchTree`` in solver/search/tree.pyx, whose
subclass ``Searcher`` is, so the loop reads the pool's fields directly.  The random and greedy
baselines are in solver/search/baselines.pyx, the node struct in solver/search/nodes.pxd, the rewards in
solver/search/rewards.pxd, the simulation step in solver/search/playouts.pxd and the decoupled search's hash
table in solver/search/secret_table.pyx.  The loop runs under ``with nogil`` without touching Python
objects.

The same loop gives the other search baselines (flat, PIMC) and options:
- ``max_depth=1``: flat Monte-Carlo (UCB1 over the root actions, determinized
  every playout);
- ``expand_after=T``: a node below the root grows children only once it has T
  visits, so the tree deepens where the search spends its budget (flat at small
  budgets, a full tree at large ones);
- ``prior=W``: progressive bias (Chaslot et al. 2008): each child carries the playout
  policy's preference for its move (its share of PRIOR_SAMPLES policy draws at the parent,
  taken when the child is added) and selection adds W * prior / (visits + 1), so the
  search tries the policy's moves first and lets its own statistics take over;
- ``resample=False`` after one determinization: a perfect-information UCT tree
  of that world (one PIMC tree);
- ``decoupled=1``: a simultaneous secret choice below the root (the engine's
  ``c_secret_choice``) is chosen from statistics shared by the paths that differ only in
  the other players' secret choices of the phase (decoupled UCT), so nobody answers a
  card he cannot see; ``decoupled=2`` also for the choices the others made before the
  root, which the searcher has not seen: instead of a uniform redraw, each iteration
  replays the phase from its start (the engine's ``c_rewind_secret``) and those players
  choose from the same statistics, so the searcher faces what the others would choose;
- ``cutoff=K``: truncated playouts, K moves and on to the next point where the game's fitted
  value (``c_evaluate``) stands for the final scores (solver/search/rewards.pxd turns it into rewards);
- ``leaf_value=L``: the playout runs to the end as usual, but the game's fitted value at the
  playout's first quiet point (``c_evaluate``) is blended into the final scores, L x estimate +
  (1 - L) x final, so one playout's luck weighs less (the blend of AlphaGo's leaf evaluation);
- ``value="net"``: the estimate of ``cutoff`` and ``leaf_value`` comes from the game's learned
  network (``evaluate_learned``) instead of its fitted linear value, at the player counts it has
  a network for (the linear value at the others);
- ``search(root_actions=...)``: the iterations visit only those root moves, in turn, each
  turn on one shared determinization and playout stream (a round of sequential halving,
  solver/search/halving.py);
- ``opponents="policy"``: the others' hidden choices from the playout policy instead of
  uniformly (solver/search/opponents.pxd, docs/agents.md).
"""
cimport cython
from libc.stdint cimport uint64_t, int32_t, int64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset
from libc.math cimport log, sqrt, INFINITY
from posix.time cimport clock_gettime, timespec, CLOCK_MONOTONIC
from cpython.exc cimport PyErr_CheckSignals

from engine_c.game cimport GameState, MAX_PLAYERS, MAX_LEGAL, TERMINAL
from engine_c._rng cimport rng_next, rng_below
from solver.search.playouts cimport simulate
from solver.search.nodes cimport node_value
from solver.search.secret_table cimport table_slot, table_clear, own_start, own_after, choice_key, SecretStep, path_add
from solver.search.opponents cimport OPPONENTS_POLICY, policy_secret_redraw, hides_hands, policy_choice

import numbers
import time as _time

from engine_c.errors import BoardlabError
from engine_c.game import VALUE_MODELS
from solver.search.opponents import opponent_model, MODELS as OPPONENT_MODELS

REWARDS = {"rank": REWARD_RANK, "margin": REWARD_MARGIN}
PLAYOUTS = ("policy", "uniform")
NODE_BYTES = sizeof(Node)
DEFAULT_MAX_NODES = 1 << 25      # 33.5M nodes = 1.34 GB; beyond it the tree stops growing
# Budgets beyond any useful search, small enough for the C counters (agents and analyse check them).
MAX_ITERATIONS = 10**9
MAX_SECONDS = 10**6
# The search loop runs without the GIL; every SIGNAL_EVERY iterations it takes the GIL to let
# Python handle signals (Ctrl-C raises KeyboardInterrupt out of the search).
DEF SIGNAL_EVERY = 256           # a power of two, at least 16


cdef inline double _now() noexcept nogil:
    cdef timespec ts
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec + ts.tv_nsec * 1e-9


def split_rng(state):
    """Advance a uint64 splitmix64 stream: returns (new_state, 64 random bits)."""
    if isinstance(state, bool) or not isinstance(state, numbers.Integral) or not 0 <= state < 2 ** 64:
        raise BoardlabError(f"split_rng: the state must be an integer 0..2**64-1, got {state!r}")
    cdef uint64_t s = state
    cdef uint64_t value = rng_next(&s)
    return s, value


cdef class Searcher(SearchTree):
    """A reusable SO-ISMCTS search (keeps its node pool between searches; the tree: solver/search/tree.pyx).

    ``search(state, iterations=None, time=None, seed=0, resample=True)`` runs one
    search from ``state`` (never modified) for the player to act; then
    ``root_stats()``, ``best_action()`` and ``principal_variation(action)`` read
    the tree until the next search.
    """

    def __cinit__(self):
        # SearchTree.__cinit__ has run: the pool and its tables are empty
        self.root_round_robin = False
        self.world_seeds = NULL
        self.worlds = 0

    def __init__(self, c=0.7, reward="rank", max_depth=0, max_nodes=DEFAULT_MAX_NODES,
                 playout="policy", worlds=0, widening=0.0, score_weight=0.0,
                 expand_after=0, prior=0.0, decoupled=0, cutoff=0, leaf_value=0.0,
                 unseen=0, opponents="uniform", value="linear"):
        self.opponents = opponent_model(opponents)
        if not isinstance(value, str) or value not in VALUE_MODELS:
            raise BoardlabError(f"unknown value {value!r} (known: {', '.join(VALUE_MODELS)})")
        self.learned_value = VALUE_MODELS[value]
        # numbers first (one line naming the setting), so the range checks below compare numbers
        c, widening, score_weight, prior, leaf_value = (
            _setting(name, value, numbers.Real, float) for name, value in (
                ("c", c), ("widening", widening), ("score_weight", score_weight), ("prior", prior),
                ("leaf_value", leaf_value)))
        max_depth, max_nodes, worlds, expand_after, cutoff = (
            _setting(name, value, numbers.Integral, int) for name, value in (
                ("max_depth", max_depth), ("max_nodes", max_nodes), ("worlds", worlds),
                ("expand_after", expand_after), ("cutoff", cutoff)))
        # modes 0, 1 or 2: True and False read as 1 and 0
        decoupled, unseen = (int(value) if isinstance(value, bool) else _setting(name, value, numbers.Integral, int)
                             for name, value in (("decoupled", decoupled), ("unseen", unseen)))
        if max_depth < 0:
            raise BoardlabError(f"max_depth must be >= 0 (0: no limit), got {max_depth}")
        if not 0 <= unseen <= 2:
            raise BoardlabError(f"unseen must be 0, 1 or 2, got {unseen}")
        self.unseen = unseen
        if not 0.0 <= leaf_value <= 1.0:
            raise BoardlabError(f"leaf_value must be in [0, 1], got {leaf_value}")
        self.leaf_value = leaf_value
        if cutoff < 0:
            raise BoardlabError(f"cutoff must be >= 0, got {cutoff}")
        self.cutoff = cutoff
        if not 0.0 <= prior <= 1e9:
            raise BoardlabError(f"prior must be in [0, 1e9], got {prior}")
        self.prior_weight = prior
        if not 0 <= decoupled <= 2:
            raise BoardlabError(f"decoupled must be 0, 1 or 2, got {decoupled}")
        self.decoupled = decoupled
        if expand_after < 0:
            raise BoardlabError(f"expand_after must be >= 0, got {expand_after}")
        self.expand_after = expand_after
        if not 0.0 <= score_weight <= 1.0:
            raise BoardlabError(f"score_weight must be in [0, 1], got {score_weight}")
        self.score_weight = score_weight
        if widening < 0:
            raise BoardlabError(f"widening must be >= 0, got {widening}")
        self.widening = widening
        if worlds < 0:
            raise BoardlabError(f"worlds must be >= 0, got {worlds}")
        self.worlds = worlds
        if reward not in REWARDS:
            raise BoardlabError(f"unknown reward {reward!r} (known: rank, margin)")
        if playout not in PLAYOUTS:
            raise BoardlabError(f"unknown playout {playout!r} (known: policy, uniform)")
        self.uniform_playout = playout == "uniform"
        if not 2 <= max_nodes <= 0x7FFFFFFF:
            raise BoardlabError(f"max_nodes must be 2..2^31-1, got {max_nodes}")
        self.max_nodes = max_nodes
        if not 0.0 <= c <= 1e9:                   # refuses nan too
            raise BoardlabError(f"c must be in [0, 1e9], got {c}")
        self.c = c
        self.reward_mode = REWARDS[reward]
        self.max_depth = max_depth

    def __dealloc__(self):
        # SearchTree.__dealloc__ frees the pool and its tables after this
        free(self.world_seeds)

    def __reduce__(self):
        # A searcher is scratch memory: pickling gives a fresh one with the same settings.
        return (_new_searcher, (self.c, self.reward_mode, self.max_depth, self.max_nodes, self.uniform_playout,
                                self.worlds, self.widening, self.score_weight, self.expand_after,
                                self.prior_weight, self.decoupled, self.cutoff, self.leaf_value, self.unseen,
                                self.opponents, self.learned_value))

    @cython.cdivision(True)
    cdef int _joint_select(self, GameState s, int32_t anchor, int32_t key, int* legal, int n) noexcept nogil:
        """A secret choice by UCB over the statistics of (anchor, key): the same for every
        choice the other players made in secret before it on the path.  -1: out of memory."""
        cdef int untried[MAX_LEGAL]
        cdef int i, k = 0, best = -1, a
        cdef int64_t slot
        cdef Node* stat
        cdef double value, best_value = -INFINITY
        for i in range(n):
            slot = table_slot(&self.joint, anchor, key, legal[i], True)
            if slot < 0:
                return -1
            stat = &self.joint.slots[slot].stats
            stat.avail += 1
            if stat.visits == 0:
                untried[k] = legal[i]
                k += 1
            else:
                value = (node_value(stat, self.score_weight, self.score_seen)
                         + self.c * sqrt(log(<double>stat.avail) / stat.visits))
                if value > best_value:
                    best_value = value
                    best = legal[i]
        if k > 0:                 # untried choices first, the playout policy's pick among them
            if self.uniform_playout:
                return untried[rng_below(&self.rng, k)]
            a = s.c_playout_action(untried, k, &self.rng)
            for i in range(k):
                if untried[i] == a:
                    return a
            return untried[rng_below(&self.rng, k)]
        return best

    @cython.cdivision(True)     # every divisor in the loop is positive (visits, worlds, samples)
    cdef long _run(self, GameState root, GameState s, long max_iterations, double max_seconds,
                   bint resample) except -1 nogil:
        """The search loop: iterations from ``root`` (resampled each time if ``resample``).

        Ends at the budget, at ``stop()`` (from another thread) or with KeyboardInterrupt
        when a signal handler raises (checked every SIGNAL_EVERY iterations)."""
        cdef int legal[MAX_LEGAL]
        cdef int untried[MAX_LEGAL]
        cdef double rank[MAX_PLAYERS]
        cdef double reward[MAX_PLAYERS]
        cdef int scores[MAX_PLAYERS]
        cdef Node* nodes
        cdef int32_t node, child, best, created
        cdef int n, i, k, a, p, depth, first_action, n_avail
        cdef int64_t st
        cdef double value, best_value, start = _now(), cc = self.c, r, sc, pw = self.prior_weight
        cdef int hits, draw
        cdef double* moment
        cdef long it = 0
        cdef int np = self.num_players, root_player = self.root_player
        cdef uint64_t world, turn_world = 0, turn_stream = 0
        cdef uint64_t master = self.rng        # round-robin mode: the source of each turn's seeds
        cdef int turn_left = 0
        cdef int32_t anchor, key                 # decoupled: where the secret phase began on the path
        cdef uint64_t own[MAX_PLAYERS]           # each player's own secret choices of the phase so far (a hash)
        cdef int root_secret
        cdef SecretStep secret_path[SECRET_PATH]
        cdef int n_secret, j
        cdef int replay[MAX_LEGAL]               # decoupled=2: the root player's own choices of the phase, replayed
        cdef int n_replay, i_replay
        cdef int32_t private_node                # unseen=2: the node the others' private choices are made at
        cdef uint64_t private_own[MAX_PLAYERS]   # and each player's own private choices there so far (a hash)
        cdef double estimate[MAX_PLAYERS]
        cdef int64_t slot
        while max_iterations < 0 or it < max_iterations:
            if (it & 15) == 0:               # the clock, stop() and signals: every 16th iteration only
                if max_seconds > 0 and _now() - start >= max_seconds:
                    break
                if self.stop_requested:
                    break
                if (it & (SIGNAL_EVERY - 1)) == SIGNAL_EVERY - 16:
                    with gil:
                        PyErr_CheckSignals()      # raises (and ends the search) if a handler raised
            s.c_copy_from(root)
            if self.root_round_robin and resample:
                # paired comparisons: the moves in the running are visited in turn, and each turn
                # plays them all on the same determinization and the same playout stream (common
                # random numbers), so their values differ by the moves more than by the luck
                if turn_left == 0:
                    turn_world = rng_next(&master)
                    turn_stream = rng_next(&master)
                    turn_left = self.root_allowed_count
                turn_left -= 1
                world = turn_world
                s.c_resample_hidden(root_player, &world)
                self.rng = turn_stream
            elif resample and self.worlds > 0:
                # a fixed set of determinizations, visited in turn: sibling moves are compared
                # on the same worlds (common random numbers), which lowers the noise of the
                # comparison; resampling is a pure function of (observer's view, seed)
                world = self.world_seeds[it % self.worlds]
                s.c_resample_hidden(root_player, &world)
            elif resample:
                s.c_resample_hidden(root_player, &self.rng)
            if resample and self.opponents == OPPONENTS_POLICY:
                # the others' secret choices before the root from the playout policy, not uniform
                policy_secret_redraw(s, root_player, &self.rng, legal, replay)
            node = 0
            depth = 0
            first_action = -1
            anchor = -1
            n_secret = 0
            root_secret = 0
            private_node = -1
            if self.decoupled == 2 and resample and self.opponents != OPPONENTS_POLICY:
                n_replay = s.c_rewind_secret(root_player, replay)
                if n_replay >= 0:
                    # the others' secret choices before the root, which the searcher has not seen:
                    # the phase is replayed from its start, they choose as below the root (from the
                    # statistics of the phase started here, by their own choices so far), the
                    # searcher's own earlier choices are replayed, and the iteration goes on at the root
                    anchor = 0
                    root_secret = 1
                    for j in range(np):
                        own[j] = own_start()
                    i_replay = 0
                    while True:
                        p = s.c_current_player()
                        if p < 0 or (p == root_player and i_replay >= n_replay):
                            break
                        if p == root_player:
                            a = replay[i_replay]
                            i_replay += 1
                        else:
                            n = s.c_legal_actions(legal)
                            key = choice_key(own[p], p)
                            a = self._joint_select(s, anchor, key, legal, n)
                            if a < 0:                  # the table could not grow: the playout policy's pick
                                self.out_of_memory = True
                                a = s.c_playout_action(legal, n, &self.rng)
                            else:
                                n_secret = path_add(secret_path, n_secret, SECRET_PATH, p, anchor, key, a)
                        own[p] = own_after(own[p], a)
                        s.c_apply(a)
            # --- selection / expansion
            while not s.c_is_terminal():
                if self.max_depth > 0 and depth >= self.max_depth:
                    break
                if depth > 0 and self.nodes[node].visits < self.expand_after:
                    break            # a young node: its value comes from playouts until it has expand_after visits
                p = s.c_current_player()
                n = s.c_legal_actions(legal)
                if n == 0:
                    break            # a dead end (readers refuse such positions): score it as it stands
                if self.unseen and p != root_player and s.c_private_choice():
                    # which card another player pays, keeps or discards is never seen by the
                    # searcher: the tree does not branch on it, so the searcher's later nodes pool
                    # every way the choice could have gone; the playout policy makes it (unseen=1),
                    # or UCB over statistics kept per (node, player, own private choices made there)
                    a = -1
                    if self.unseen == 2:
                        if private_node != node:
                            private_node = node
                            for j in range(np):
                                private_own[j] = own_start()
                        key = choice_key(private_own[p], p)
                        a = self._joint_select(s, node, key, legal, n)
                        if a >= 0:
                            private_own[p] = own_after(private_own[p], a)
                            n_secret = path_add(secret_path, n_secret, SECRET_PATH, p, node, key, a)
                        else:
                            self.out_of_memory = True
                    if a < 0:
                        a = s.c_playout_action(legal, n, &self.rng)
                    s.c_apply(a)
                    continue
                if self.opponents == OPPONENTS_POLICY and p != root_player and hides_hands(s):
                    # another player's move depends on the hand the determinization dealt him: the
                    # playout policy reads it and chooses (solver/search/opponents.pxd), not UCB over
                    # statistics pooled over every hand he might hold; the tree keeps the move's node
                    a = policy_choice(s, legal, n, &self.rng)
                    child = self.nodes[node].first_child
                    while child >= 0 and self.nodes[child].action != a:
                        child = self.nodes[child].next_sibling
                    s.c_apply(a)
                    if child < 0:
                        node = self._add_child(node, a, p)
                        break
                    node = child
                    depth += 1
                    continue
                if depth == 0 and self.root_round_robin:
                    # root_actions: only the moves still in the running (sequential halving)
                    k = 0
                    for i in range(n):
                        if self.root_allowed[legal[i]]:
                            legal[k] = legal[i]
                            k += 1
                    if k > 0:
                        n = k
                    else:        # none of them legal in this world: the whole root as usual
                        n = s.c_legal_actions(legal)
                if self.decoupled:
                    if not s.c_secret_choice():
                        anchor = -1
                    else:
                        if anchor < 0:               # a secret phase starts here on this path
                            anchor = node
                            for j in range(np):
                                own[j] = own_start()
                            root_secret = 1 if depth == 0 else 0
                        if root_secret == 1 and depth > 0:
                            # the root player's choice at the root is its own first one of the phase
                            own[root_player] = own_after(own[root_player], first_action)
                            root_secret = 2
                        # below the root, a secret choice must not depend on the others' secret choices
                        # of the phase that precede it on the path, only on the player's own: it is
                        # chosen from statistics kept per (phase start, player, own choices so far),
                        # shared by all the paths that differ in the others' choices
                        key = choice_key(own[p], p)
                        a = self._joint_select(s, anchor, key, legal, n) if depth > 0 else -1
                        if a >= 0:
                            own[p] = own_after(own[p], a)
                            n_secret = path_add(secret_path, n_secret, SECRET_PATH, p, anchor, key, a)
                            nodes = self.nodes
                            child = nodes[node].first_child
                            while child >= 0 and nodes[child].action != a:
                                child = nodes[child].next_sibling
                            s.c_apply(a)
                            if child < 0:                # a new node: the playout starts after it
                                node = self._add_child(node, a, p)
                                break
                            node = child
                            depth += 1
                            continue
                        if depth > 0:
                            self.out_of_memory = True      # the table could not grow: UCB on the tree below
                self.stamp += 1
                st = self.stamp
                for i in range(n):
                    self.mark[legal[i]] = st
                nodes = self.nodes
                n_avail = 0
                best = -1
                best_value = -INFINITY
                child = nodes[node].first_child
                while child >= 0:
                    a = nodes[child].action
                    if self.mark[a] == st:
                        self.tried[a] = st
                        n_avail += 1
                        nodes[child].avail += 1
                        if depth == 0 and self.root_round_robin:
                            value = -<double>nodes[child].visits      # an even share: fewest visits first
                        elif nodes[child].visits == 0:
                            value = INFINITY
                        else:
                            value = (node_value(&nodes[child], self.score_weight, self.score_seen)
                                     + cc * sqrt(log(<double>nodes[child].avail) / nodes[child].visits))
                            if pw > 0.0:
                                # progressive bias: the playout policy's preference, fading with visits
                                value += pw * nodes[child].prior / (nodes[child].visits + 1.0)
                        if value > best_value:
                            best_value = value
                            best = child
                    child = nodes[child].next_sibling
                if n_avail < n and (n_avail == 0 or self.widening <= 0
                                    or n_avail < self.widening * sqrt(<double>nodes[node].visits + 1.0)):
                    # expand one untried action: the playout policy's choice among them (uniform
                    # for playout=uniform and engines without a policy).  With progressive
                    # widening only while the node has few children for its visits, so the
                    # search goes deeper on the policy's preferred lines.
                    k = 0
                    for i in range(n):
                        if self.tried[legal[i]] != st:
                            untried[k] = legal[i]
                            k += 1
                    if self.uniform_playout:
                        a = untried[rng_below(&self.rng, k)]
                    else:
                        a = s.c_playout_action(untried, k, &self.rng)
                        if self.mark[a] != st or self.tried[a] == st:
                            # a policy that ignores the offered moves would make a twin child:
                            # fall back to a uniform choice (engine_c.testing checks policies)
                            a = untried[rng_below(&self.rng, k)]
                    hits = 0
                    if pw > 0.0 and not self.uniform_playout:
                        # the child's prior: how often the policy picks it among all the moves here
                        for draw in range(PRIOR_SAMPLES):
                            if s.c_playout_action(legal, n, &self.rng) == a:
                                hits += 1
                    if depth == 0:
                        first_action = a
                    s.c_apply(a)
                    created = self._add_child(node, a, p)
                    if created != node:
                        self.nodes[created].prior = <float>hits / PRIOR_SAMPLES
                    node = created
                    break
                node = best
                a = self.nodes[node].action
                if depth == 0:
                    first_action = a
                s.c_apply(a)
                depth += 1
            # --- simulation (solver/search/playouts.pxd)
            if simulate(s, self.cutoff, self.leaf_value, self.learned_now, self.uniform_playout, &self.rng, legal, np, estimate):
                _estimated_rewards(estimate, self.reward_mode, np, rank, scores, reward)
            else:
                _rewards(s, self.reward_mode, np, rank, scores, reward)
            for p in range(np):
                # the blend's scale: the largest |score| seen (game-free; applied in node_value)
                if scores[p] > self.score_seen:
                    self.score_seen = scores[p]
                elif -scores[p] > self.score_seen:
                    self.score_seen = -scores[p]
            # --- back-propagation
            nodes = self.nodes
            while node > 0:
                nodes[node].visits += 1
                nodes[node].reward += reward[nodes[node].player]
                if scores[nodes[node].player] > 0:
                    nodes[node].score += scores[nodes[node].player]
                node = nodes[node].parent
            nodes[0].visits += 1
            for j in range(n_secret):
                slot = table_slot(&self.joint, secret_path[j].anchor, secret_path[j].key, secret_path[j].action, False)
                if slot >= 0:
                    p = secret_path[j].player
                    self.joint.slots[slot].stats.visits += 1
                    self.joint.slots[slot].stats.reward += reward[p]
                    if scores[p] > 0:
                        self.joint.slots[slot].stats.score += scores[p]
            if first_action >= 0:
                self.root_rank[first_action] += rank[root_player]
                for p in range(np):
                    self.root_score[first_action * MAX_PLAYERS + p] += scores[p]
                # the root player's reward and clipped score (as the nodes sum them), with their
                # squares and product: the spread of the move's value, for its standard error
                moment = self.root_moments + first_action * ROOT_MOMENTS
                r = reward[root_player]
                sc = scores[root_player] if scores[root_player] > 0 else 0.0
                moment[0] += 1.0
                moment[1] += r
                moment[2] += sc
                moment[3] += r * r
                moment[4] += sc * sc
                moment[5] += r * sc
            it += 1
        if self.root_round_robin and resample:
            self.rng = master
        self.seconds = _now() - start
        return it

    def search(self, GameState state not None, iterations=None, time=None, seed=0, bint resample=True,
               bint keep_tree=False, root_actions=None):
        """Search from ``state`` for the player to act; returns the number of iterations run.

        Budget: ``iterations`` and/or ``time`` (seconds), whichever ends first
        (1000 iterations if neither).  ``seed`` is a uint64 seeding the search's
        own RNG.  With ``resample=False`` the search determinizes once and builds
        a perfect-information tree of that world (one PIMC tree).  With
        ``keep_tree=True`` the search grows the tree left by ``advance`` (tree
        reuse) instead of starting a new one; root visits then include the
        earlier ones, while ``rank_sum``/``score_sums`` count this search only.
        ``root_actions`` (legal moves of ``state``): the iterations visit only these
        root moves, each in turn (the least visited first) rather than by UCB, as a
        round of sequential halving does (``solver.search.best_move.analyse``).
        """
        if state.c_is_terminal():
            raise BoardlabError("ismcts: cannot search a finished game")
        if self.learned_value and state.hooks.evaluate_learned == NULL:
            raise BoardlabError(f"ismcts: {type(state).game_name} has no learned value (value=net); use value=linear")
        # a player count without a trained network keeps the fitted linear value (docs/agents.md)
        self.learned_now = self.learned_value and state.has_learned_value()
        cdef int legal[MAX_LEGAL]
        cdef int n_legal = state.c_legal_actions(legal)
        if n_legal == 0:
            raise BoardlabError(f"ismcts: player {state.c_current_player()} is to act but has no legal move")
        if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, numbers.Integral)
                                       or not 1 <= iterations <= MAX_ITERATIONS):
            raise BoardlabError(f"ismcts: iterations must be an integer in 1..{MAX_ITERATIONS}, got {iterations!r}")
        if time is not None and (isinstance(time, bool) or not isinstance(time, numbers.Real)
                                 or not 0 < time <= MAX_SECONDS):       # refuses nan and inf too
            raise BoardlabError(f"ismcts: time must be a number of seconds in (0, {MAX_SECONDS}], got {time!r}")
        cdef long max_it = -1 if iterations is None else int(iterations)
        cdef double max_s = 0.0 if time is None else float(time)
        cdef int world_index
        if iterations is None and time is None:
            max_it = 1000
        self.stop_requested = False
        self._ensure_actions(int(type(state).num_distinct_actions))
        self._set_root_actions(root_actions, legal, n_legal)
        memset(self.root_rank, 0, self.n_actions * sizeof(double))
        memset(self.root_score, 0, self.n_actions * MAX_PLAYERS * sizeof(double))
        memset(self.root_moments, 0, self.n_actions * ROOT_MOMENTS * sizeof(double))
        if self.scratch is None or type(self.scratch) is not type(state):
            self.scratch = state.c_clone()
        self.scratch.num_players = state.num_players
        self.rng = <uint64_t>search_seed(seed, "ismcts")
        if resample and self.worlds > 0:
            free(self.world_seeds)
            self.world_seeds = <uint64_t*>malloc(self.worlds * sizeof(uint64_t))
            if self.world_seeds == NULL:
                raise MemoryError("ismcts: cannot allocate the world seeds")
            for world_index in range(self.worlds):
                self.world_seeds[world_index] = rng_next(&self.rng)
        self.root_player = state.c_current_player()
        self.num_players = state.num_players
        self.out_of_memory = False
        if not (keep_tree and resample and self.n_nodes > 0):
            self.n_nodes = 0
            self.score_seen = 1.0
            table_clear(&self.joint)
        else:
            self._drop_illegal_root_children(legal, n_legal, state.c_current_player())
        if max_it >= 0 and self.capacity < self.n_nodes + max_it + 1:
            self.reserve(min(self.n_nodes + max_it + 1, self.max_nodes))
        if self.n_nodes == 0:
            self._new_node(-1, -1, -1)
        cdef GameState root = state
        cdef GameState scratch = self.scratch
        if not resample:
            self.world = state.c_clone()
            self.world.c_resample_hidden(self.root_player, &self.rng)
            root = self.world
        with nogil:
            self.iterations_done = self._run(root, scratch, max_it, max_s, resample)
        return self.iterations_done

    cdef int _set_root_actions(self, root_actions, int* legal, int n_legal) except -1:
        """Mark ``root_actions`` (None: every move, by UCB) as the root moves this search may visit."""
        cdef int i
        self.root_round_robin = False
        if root_actions is None:
            return 0
        memset(self.root_allowed, 0, self.n_actions * sizeof(char))
        for i in range(n_legal):
            self.root_allowed[legal[i]] = 2          # 2: legal here, not (yet) chosen
        chosen = 0
        for action in root_actions:
            if (isinstance(action, bool) or not isinstance(action, int) or not 0 <= action < self.n_actions
                    or self.root_allowed[action] == 0):
                raise BoardlabError(f"ismcts: root_actions must be legal moves of the position, got {action!r}")
            if self.root_allowed[action] == 2:
                self.root_allowed[action] = 1
                chosen += 1
        self.root_allowed_count = chosen
        if chosen == 0:
            raise BoardlabError("ismcts: root_actions is empty")
        for i in range(n_legal):
            if self.root_allowed[legal[i]] == 2:
                self.root_allowed[legal[i]] = 0
        self.root_round_robin = True
        return 0

    def stop(self):
        """Ask a running search (in another thread) to end after its current iteration."""
        self.stop_requested = True



def _setting(name, value, kind, convert):
    """A Searcher setting as a number of ``kind`` (converted); one BoardlabError line otherwise."""
    if isinstance(value, bool) or not isinstance(value, kind):
        wanted = "an integer" if kind is numbers.Integral else "a number"
        raise BoardlabError(f"{name} must be {wanted}, got {value!r:.40}")
    return convert(value)


def search_seed(seed, who):
    """The search RNG's start from ``seed``: an integer 0..2^64-1 as it is, or a numpy SeedSequence's
    first word; one BoardlabError line otherwise (``who`` names the searcher in it)."""
    import numpy as np
    if isinstance(seed, np.random.SeedSequence):
        return int(seed.generate_state(1, np.uint64)[0])
    if isinstance(seed, bool) or not isinstance(seed, numbers.Integral) or not 0 <= seed <= 0xFFFFFFFFFFFFFFFF:
        raise BoardlabError(f"{who}: seed must be an integer 0..2^64-1 (or a numpy SeedSequence), got {seed!r:.40}")
    return int(seed)


def _new_searcher(c, reward_mode, max_depth, max_nodes, uniform_playout=False, worlds=0, widening=0.0,
                  score_weight=0.0, expand_after=0, prior=0.0, decoupled=0, cutoff=0, leaf_value=0.0,
                  unseen=0, opponents=0, learned_value=False):
    name = "rank" if reward_mode == REWARD_RANK else "margin"
    return Searcher(c, name, max_depth, max_nodes, "uniform" if uniform_playout else "policy", worlds, widening,
                    score_weight, expand_after, prior, decoupled, cutoff, leaf_value, unseen,
                    {v: k for k, v in OPPONENT_MODELS.items()}[opponents], "net" if learned_value else "linear")


def bench_search(GameState state not None, long iterations=20000, seed=0, double c=0.7, reward="rank",
                 playout="policy"):
    """Run one ISMCTS search of ``iterations`` from ``state``; returns a dict with
    ``iterations_per_second``, ``seconds``, ``nodes``, ``memory_bytes`` (node pool
    and tables) and ``node_bytes``."""
    cdef Searcher searcher = Searcher(c, reward, playout=playout)
    searcher.search(state, iterations=iterations, seed=seed)
    return {
        "iterations": searcher.iterations_done,
        "seconds": searcher.seconds,
        "iterations_per_second": searcher.iterations_done / searcher.seconds if searcher.seconds > 0 else float("inf"),
        "nodes": searcher.n_nodes,
        "memory_bytes": searcher.memory_bytes,
        "node_bytes": sizeof(Node),
    }


def bench_iterations(GameState state not None, long iterations=20000, seed=0, double c=0.7, reward="rank",
                     playout="policy"):
    """ISMCTS iterations per second (one core) of one search of ``iterations`` from ``state``."""
    return bench_search(state, iterations, seed, c, reward, playout)["iterations_per_second"]
