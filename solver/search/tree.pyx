# cython: language_level=3
"""The search tree of solver/ismcts: a pool of 48-byte ``Node`` structs (int32 indices, grown with
realloc) and the per-action tables the search fills, with what is done to a tree outside the search
loop: re-rooting it for tree reuse (``advance``) and reading it (root statistics, the best move,
visits along a line, the principal variation).

``Searcher`` (solver/search/ismcts.pyx) is a subclass: its loop reads and grows these fields directly (one
struct, no calls across modules), and everything here is reached through it.
"""
from libc.stdint cimport uint64_t, int32_t, int64_t
from libc.stdlib cimport malloc, realloc, free
from libc.string cimport memset

from engine_c.game cimport MAX_PLAYERS
from solver.search.nodes cimport Node, node_value
from solver.search.secret_table cimport JointStat, table_slot, table_clear, table_free, own_start, own_after, choice_key

import numbers

from engine_c.errors import BoardlabError


cdef class SearchTree:
    """A node pool and its per-action tables; searched by its subclass ``solver.search.ismcts.Searcher``."""

    def __cinit__(self):
        self.nodes = NULL
        self.n_nodes = 0
        self.capacity = 0
        self.mark = NULL
        self.tried = NULL
        self.root_rank = NULL
        self.root_score = NULL
        self.root_moments = NULL
        self.root_allowed = NULL
        self.n_actions = 0
        self.stamp = 0
        self.joint.slots = NULL
        self.joint.capacity = 0
        self.joint.count = 0
        self.score_seen = 1.0

    def __dealloc__(self):
        free(self.nodes)
        free(self.mark)
        free(self.tried)
        free(self.root_rank)
        free(self.root_score)
        free(self.root_moments)
        free(self.root_allowed)
        table_free(&self.joint)

    cdef int _ensure_actions(self, int n_actions) except -1:
        if n_actions <= self.n_actions:
            return 0
        free(self.mark); free(self.tried); free(self.root_rank); free(self.root_score); free(self.root_moments)
        free(self.root_allowed)
        self.mark = <int64_t*>malloc(n_actions * sizeof(int64_t))
        self.tried = <int64_t*>malloc(n_actions * sizeof(int64_t))
        self.root_rank = <double*>malloc(n_actions * sizeof(double))
        self.root_score = <double*>malloc(n_actions * MAX_PLAYERS * sizeof(double))
        self.root_moments = <double*>malloc(n_actions * ROOT_MOMENTS * sizeof(double))
        self.root_allowed = <char*>malloc(n_actions * sizeof(char))
        if not (self.mark and self.tried and self.root_rank and self.root_score and self.root_moments
                and self.root_allowed):
            self.n_actions = 0
            raise MemoryError("ismcts: cannot allocate per-action tables")
        memset(self.mark, 0, n_actions * sizeof(int64_t))
        memset(self.tried, 0, n_actions * sizeof(int64_t))
        self.stamp = 0
        self.n_actions = n_actions
        return 0

    cdef int32_t _new_node(self, int32_t parent, int action, int player) noexcept nogil:
        cdef int32_t i
        cdef Node* grown
        cdef int64_t cap
        if self.n_nodes >= self.max_nodes:
            return -1
        if self.n_nodes == self.capacity:
            cap = <int64_t>self.capacity * 2 if self.capacity else 1024
            if cap > self.max_nodes:
                cap = self.max_nodes
            grown = <Node*>realloc(self.nodes, cap * sizeof(Node))
            if grown == NULL:
                return -1
            self.nodes = grown
            self.capacity = <int32_t>cap
        i = self.n_nodes
        self.n_nodes += 1
        self.nodes[i].parent = parent
        self.nodes[i].first_child = -1
        self.nodes[i].next_sibling = -1
        self.nodes[i].action = action
        self.nodes[i].player = player
        self.nodes[i].visits = 0
        self.nodes[i].avail = 0
        self.nodes[i].prior = 0.0
        self.nodes[i].reward = 0.0
        self.nodes[i].score = 0.0
        if parent >= 0:
            self.nodes[i].next_sibling = self.nodes[parent].first_child
            self.nodes[parent].first_child = i
        return i

    cdef int32_t _add_child(self, int32_t node, int action, int player) noexcept nogil:
        """Expand ``node`` with ``action``: the new child (available once), or ``node`` itself when the
        pool is full (out of memory: the tree stays as it is and the playout starts from there)."""
        cdef int32_t created = self._new_node(node, action, player)
        if created < 0:
            self.out_of_memory = True
            return node
        self.nodes[created].avail = 1
        return created

    cdef void _drop_illegal_root_children(self, int* legal, int n_legal, int root_player) noexcept:
        """Unlink the kept root's children whose move is not ``root_player``'s legal move now.

        A kept subtree was grown over many determinizations: when the move that led to it
        revealed something to the searcher (cards drawn, a die), its children include moves
        that were legal only in the worlds that did not happen; they would otherwise still
        be counted (and chosen) at the new root; in some of those worlds the next decision may
        even have been another player's.  Their nodes stay in the pool, unreachable.
        """
        cdef int i
        cdef int32_t child, previous = -1
        self.stamp += 1
        for i in range(n_legal):
            self.mark[legal[i]] = self.stamp
        child = self.nodes[0].first_child
        while child >= 0:
            if self.mark[self.nodes[child].action] != self.stamp or self.nodes[child].player != root_player:
                if previous < 0:
                    self.nodes[0].first_child = self.nodes[child].next_sibling
                else:
                    self.nodes[previous].next_sibling = self.nodes[child].next_sibling
            else:
                previous = child
            child = self.nodes[child].next_sibling

    def advance(self, int action):
        """Keep only the subtree under root move ``action``, as the new root (tree reuse).

        For the searching player's next decision when ``action`` led to it directly:
        the subtree is the same information set's tree.  Returns the number of nodes
        kept (0: the move had no node, the next search starts afresh).
        """
        cdef int32_t child = self.nodes[0].first_child if self.n_nodes else -1
        while child >= 0 and self.nodes[child].action != action:
            child = self.nodes[child].next_sibling
        table_clear(&self.joint)            # node indices change (and the phases kept lose their start)
        if child < 0:
            self.n_nodes = 0
            return 0
        cdef Node* fresh = <Node*>malloc(self.capacity * sizeof(Node))
        cdef int32_t* origin = <int32_t*>malloc(self.n_nodes * sizeof(int32_t))
        if fresh == NULL or origin == NULL:
            free(fresh); free(origin)
            self.n_nodes = 0
            return 0
        cdef int32_t count = 1, q = 0, old, previous, copy
        fresh[0] = self.nodes[child]
        fresh[0].parent = -1
        fresh[0].next_sibling = -1
        fresh[0].first_child = -1
        origin[0] = child
        # breadth-first copy: children keep their sibling order, so the search behaves the
        # same on the kept tree as on the original subtree
        while q < count:
            old = self.nodes[origin[q]].first_child
            previous = -1
            while old >= 0:
                copy = count
                count += 1
                fresh[copy] = self.nodes[old]
                fresh[copy].parent = q
                fresh[copy].first_child = -1
                fresh[copy].next_sibling = -1
                origin[copy] = old
                if previous < 0:
                    fresh[q].first_child = copy
                else:
                    fresh[previous].next_sibling = copy
                previous = copy
                old = self.nodes[old].next_sibling
            q += 1
        free(origin)
        free(self.nodes)
        self.nodes = fresh
        self.n_nodes = count
        return count

    def reserve(self, long count):
        """Grow the node pool to hold ``count`` nodes now (a search that will add many saves the reallocations)."""
        cdef Node* grown
        if count <= self.capacity:
            return
        grown = <Node*>realloc(self.nodes, count * sizeof(Node))
        if grown != NULL:
            self.nodes = grown
            self.capacity = count

    # ---- reading the tree ---------------------------------------------------------
    @property
    def node_count(self):
        return self.n_nodes

    @property
    def decoupled_entries(self):
        """Statistics the decoupled secret choices hold (one per phase start, player, own earlier choices, move)."""
        return self.joint.count

    @property
    def memory_bytes(self):
        """Bytes held by the node pool, the per-action tables and the decoupled statistics."""
        return (self.capacity * sizeof(Node) + self.joint.capacity * sizeof(JointStat)
                + self.n_actions * (2 * sizeof(int64_t) + sizeof(char) + (1 + MAX_PLAYERS + ROOT_MOMENTS) * sizeof(double)))

    def root_stats(self):
        """One dict per root child: action, visits, avail, reward_sum (the search's value of the move
        times its visits), rank_sum, score_sums (per player), prior (the playout policy's share of
        PRIOR_SAMPLES draws when the move was added; 0 without ``prior``), and this search's samples of
        the move's value: value_n, value_sum, value_sq_sum (their spread gives the value's standard error)."""
        out = []
        if self.n_nodes == 0:
            return out
        cdef int32_t child = self.nodes[0].first_child
        cdef int a, p
        while child >= 0:
            a = self.nodes[child].action
            v = self.nodes[child].visits
            out.append({
                "action": a,
                "visits": v,
                "avail": self.nodes[child].avail,
                # the search's value of the move (the score blend included)
                "reward_sum": node_value(&self.nodes[child], self.score_weight, self.score_seen) * v if v else 0.0,
                "rank_sum": self.root_rank[a],
                "score_sums": [self.root_score[a * MAX_PLAYERS + p] for p in range(self.num_players)],
                "prior": self.nodes[child].prior,
                **self._value_moments(a),
            })
            child = self.nodes[child].next_sibling
        out.sort(key=lambda d: d["action"])
        return out

    def _value_moments(self, int action):
        """This search's playouts through root move ``action``: count, sum and sum of squares of
        their values as the nodes blend them (reward and own score over the largest score seen)."""
        cdef double* m = self.root_moments + action * ROOT_MOMENTS
        cdef double w = self.score_weight if self.score_weight > 0 else 0.0
        cdef double k = w / self.score_seen          # a clipped score's weight in the value
        cdef double u = 1.0 - w
        return {"value_n": int(m[0]), "value_sum": u * m[1] + k * m[2],
                "value_sq_sum": u * u * m[3] + k * k * m[4] + 2.0 * u * k * m[5]}

    def best_action(self):
        """Most-visited root child (ties: higher mean reward, then lower action)."""
        cdef int32_t child = self.nodes[0].first_child if self.n_nodes else -1
        cdef int32_t best = -1
        cdef double mean, best_mean = -1.0
        while child >= 0:
            mean = node_value(&self.nodes[child], self.score_weight, self.score_seen) if self.nodes[child].visits else 0.0
            if best < 0 or self.nodes[child].visits > self.nodes[best].visits or (
                    self.nodes[child].visits == self.nodes[best].visits and (
                        mean > best_mean or (mean == best_mean and self.nodes[child].action < self.nodes[best].action))):
                best = child
                best_mean = mean
            child = self.nodes[child].next_sibling
        if best < 0:
            raise BoardlabError("ismcts: the search has no root child (budget too small?)")
        return self.nodes[best].action

    def child_visits(self, line=()):
        """Visits of the children of the node reached from the root by the actions ``line``
        ({action: visits}; empty if the tree has no such node)."""
        cdef int32_t node = 0 if self.n_nodes else -1
        cdef int32_t child
        for action in line:
            child = self.nodes[node].first_child if node >= 0 else -1
            while child >= 0 and self.nodes[child].action != action:
                child = self.nodes[child].next_sibling
            node = child
            if node < 0:
                return {}
        out = {}
        child = self.nodes[node].first_child if node >= 0 else -1
        while child >= 0:
            out[self.nodes[child].action] = self.nodes[child].visits
            child = self.nodes[child].next_sibling
        return out

    def phase_choice_visits(self, int player, own_choices=()):
        """Visits of ``player``'s secret choices in the phase that begins at the root (decoupled
        search; with ``decoupled=2`` also when the root player chooses after others): {action:
        visits} for the choice after the player's own earlier ones of the phase, ``own_choices``."""
        cdef uint64_t own = own_start()
        cdef int64_t slot
        cdef int a
        for a in own_choices:
            own = own_after(own, a)
        out = {}
        if self.joint.count == 0:
            return out
        for a in range(self.n_actions):
            slot = table_slot(&self.joint, 0, choice_key(own, player), a, False)
            if slot >= 0 and self.joint.slots[slot].stats.visits > 0:
                out[a] = self.joint.slots[slot].stats.visits
        return out

    def principal_variation(self, action, length=6):
        """Actions of the most-visited line starting with root action ``action`` (at most ``length``)."""
        for name, value in (("action", action), ("length", length)):
            if isinstance(value, bool) or not isinstance(value, numbers.Integral) or not 0 <= value < 2**31:
                raise BoardlabError(f"principal_variation: {name} must be a non-negative integer, got {value!r:.40}")
        cdef int32_t node = self.nodes[0].first_child if self.n_nodes else -1
        cdef int32_t child, best
        while node >= 0 and self.nodes[node].action != action:
            node = self.nodes[node].next_sibling
        line = []
        while node >= 0 and len(line) < length:
            line.append(self.nodes[node].action)
            best = -1
            child = self.nodes[node].first_child
            while child >= 0:
                if best < 0 or self.nodes[child].visits > self.nodes[best].visits or (
                        self.nodes[child].visits == self.nodes[best].visits
                        and self.nodes[child].action < self.nodes[best].action):
                    best = child
                child = self.nodes[child].next_sibling
            node = best
        return line
