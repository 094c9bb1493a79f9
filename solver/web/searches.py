"""Searches that run beside the server: a suggestion with live progress, and an agent's move.

``Suggestion(state, iterations=..., seconds=..., jobs=..., seed=...)`` ranks the moves of the
player to act like ``boardlab suggest`` (root-parallel ISMCTS with the same search settings: one
tree per job, root statistics merged by move), but grows each tree in short slices of
``SLICE_ITERATIONS`` iterations (the tree is kept between slices), so that between two slices it
can publish its progress (visits so far, the best move so far) and see a stop request.  The
slices have fixed sizes, so with an iteration budget the result depends only on the seed.  The
search loop releases the GIL: the server keeps answering while it runs on its own threads.

``AgentMove(state, agent)`` asks an agent for its move on a thread of its own.
"""
from __future__ import annotations

import threading
import time

import numpy as np

from engine_c.errors import BoardlabError
from engine_c.validate import seed_to_state
from solver.search import ismcts
from solver.search.agents import game_searcher
from solver.search.best_move import TURN_LINE, render_named_line, same_outcome, same_turn, standard_error, ties_best   # as suggest prints and marks them

SLICE_ITERATIONS = 1000       # iterations between two looks at a tree: a few milliseconds to 0.1 s
FIRST_SLICE = 100             # the first slices are shorter (100, 200, 400, ...): the first report comes at once
SLICE_SECONDS = 0.2           # a timed search looks at its trees at least this often
PV_LENGTH = 6
TOP_MOVES = 5                 # moves listed in each progress report
RESERVE_NODES = 1 << 20       # nodes reserved before a search (48 MB); a longer search grows its pool


class Suggestion:
    """A ranked-moves search of ``state`` (never modified) on ``jobs`` threads; ``start()``, then
    ``snapshot()`` any time, ``stop()`` to end it at once."""

    def __init__(self, state, iterations=None, seconds=None, jobs=1, seed=0):
        if state.is_terminal():
            raise BoardlabError("the game is over: there is no move to suggest")
        if (iterations is None) == (seconds is None):
            raise BoardlabError("give a number of iterations or of seconds for the search, not both")
        self.state = state.clone()
        self.player = state.current_player()
        self.iterations = iterations
        self.seconds = seconds
        self.seed = seed
        self.searchers = [game_searcher(state) for _ in range(jobs)]     # suggest's settings
        self.lock = threading.Lock()
        self.tables = [dict() for _ in range(jobs)]      # per tree: action -> [visits, rank sum, score sums]
        self.names = {}                                  # action -> the move in words (state.action_name)
        self.iterations_done = [0] * jobs
        self.stopped = threading.Event()
        self.finished = threading.Event()
        self.started = None
        self.error = None
        self.ranked = None
        self.threads = []

    def start(self):
        """Start the trees' threads and return at once."""
        self.started = time.monotonic()
        for index in range(len(self.searchers)):
            thread = threading.Thread(target=self._grow, args=(index,), daemon=True, name=f"suggest-{index}")
            self.threads.append(thread)
            thread.start()
        threading.Thread(target=self._finish, daemon=True, name="suggest-finish").start()
        return self

    def stop(self):
        """End the search at once (the trees stop after their current iteration)."""
        self.stopped.set()
        for searcher in self.searchers:
            searcher.stop()

    def _budget(self, index):
        """Iterations of tree ``index`` (the total shared as ``analyse`` shares it), or None when timed."""
        if self.iterations is None:
            return None
        jobs = len(self.searchers)
        return self.iterations // jobs + (1 if index < self.iterations % jobs else 0)

    def _grow(self, index):
        """Grow tree ``index`` slice by slice until its budget is spent or the search is stopped."""
        searcher = self.searchers[index]
        budget = self._budget(index)
        stream = seed_to_state(np.random.SeedSequence(self.seed, spawn_key=(index,)))
        try:
            if budget is not None:
                searcher.reserve(min(budget, RESERVE_NODES) + 1)     # one node per iteration at most
                if budget == 0:
                    return
            done = slices = 0
            while not self.stopped.is_set():
                stream, slice_seed = ismcts.split_rng(stream)
                if budget is None:
                    left = self.seconds - (time.monotonic() - self.started)
                    if left <= 0:
                        break
                    done += searcher.search(self.state, time=min(SLICE_SECONDS, left), seed=slice_seed,
                                            keep_tree=done > 0)
                else:
                    size = min(SLICE_ITERATIONS, FIRST_SLICE << slices, budget - done)
                    done += searcher.search(self.state, iterations=size, seed=slice_seed, keep_tree=done > 0)
                slices += 1
                self._record(index, searcher.root_stats(), done)
                if budget is not None and done >= budget:
                    break
        except Exception as exc:            # reported to the page as one line
            self.error = " ".join(str(exc).split()) or type(exc).__name__
            self.stopped.set()

    def _record(self, index, stats, done):
        """Add one slice's root statistics to tree ``index``'s table (visits are the tree's own total)."""
        with self.lock:
            table = self.tables[index]
            for entry in stats:
                row = table.setdefault(entry["action"], [0, 0.0, [0.0] * len(entry["score_sums"]), [0, 0.0, 0.0]])
                row[0] = entry["visits"]
                row[1] += entry["rank_sum"]
                row[2] = [a + b for a, b in zip(row[2], entry["score_sums"])]
                # the playouts' values (a slice counts its own): the moves' errors, for the ties
                row[3] = [row[3][0] + entry["value_n"], row[3][1] + entry["value_sum"],
                          row[3][2] + entry["value_sq_sum"]]
            self.iterations_done[index] = done

    def _merged(self):
        """Root moves over all trees, most visited first: (action, visits, win_prob, expected score)."""
        merged = {}
        with self.lock:
            for table in self.tables:
                for action, (visits, rank, scores, _) in table.items():
                    total = merged.setdefault(action, [0, 0.0, 0.0])
                    total[0] += visits
                    total[1] += rank
                    total[2] += scores[self.player]
        rows = [(action, v, r / v if v else 0.0, s / v if v else 0.0) for action, (v, r, s) in merged.items()]
        rows.sort(key=lambda row: (-row[1], row[0]))
        return rows

    def _move(self, action, visits, win_prob, expected_score):
        """One ranked move as the page shows it."""
        if action not in self.names:           # the position is fixed: each move is named once
            self.names[action] = self.state.action_name(action)
        return {"action": int(action), "move": self.state.action_to_string(action), "name": self.names[action],
                "visits": int(visits),
                "win_prob": round(win_prob, 4), "expected_score": round(expected_score, 2)}

    def _finish(self):
        """Wait for the trees, then rank the moves with their lines of play."""
        for thread in self.threads:
            thread.join()
        if self.error is None:
            ranked = []
            values = self._values()
            first_line = None
            for action, visits, win_prob, score in self._merged():
                move = self._move(action, visits, win_prob, score)
                holder = max(self.searchers, key=lambda s: self._tree_visits(s, action))
                line = holder.principal_variation(action, max(PV_LENGTH, TURN_LINE))
                move["pv"], move["pv_names"] = render_named_line(self.state, line[:PV_LENGTH], self.seed)
                # the value the tie compares (the search's reward), shown beside the win probability
                move["value"] = round(values[action]["mean_reward"], 4)
                move["tied"] = not ranked or ties_best(values[ranked[0]["action"]], values[action])
                first_line = line if first_line is None else first_line
                move["same_turn"] = same_turn(self.state, first_line, line, self.seed)
                move["same_outcome"] = same_outcome(self.state, ranked[0]["action"] if ranked else action,
                                                    action, self.seed)
                ranked.append(move)
            self.ranked = ranked
        self.finished.set()

    def _values(self):
        """Per root move, over all trees: the mean value of its playouts and its standard error
        (``mean_reward``, ``reward_se``), which say whether a move ties the first (as in suggest)."""
        sums = {}
        for table in self.tables:
            for action, row in table.items():
                total = sums.setdefault(action, [0, 0.0, 0.0])
                total[:] = [a + b for a, b in zip(total, row[3])]
        return {action: {"mean_reward": s / n if n else 0.0, "reward_se": standard_error(n, s, q)}
                for action, (n, s, q) in sums.items()}

    def _tree_visits(self, searcher, action):
        """Visits of root move ``action`` in ``searcher``'s tree."""
        table = self.tables[self.searchers.index(searcher)]
        return table.get(action, [0])[0]

    def snapshot(self):
        """The search as it stands: state (running, done, stopped, error), visits, elapsed seconds,
        the best moves so far, and the ranked moves with their lines once it is done."""
        elapsed = time.monotonic() - self.started if self.started else 0.0
        rows = self._merged()
        top = [self._move(*row) for row in rows[:TOP_MOVES]]
        if self.finished.is_set():
            status = "error" if self.error else "stopped" if self.stopped.is_set() else "done"
        else:
            status = "running"
        report = {"status": status, "player": self.player, "iterations": sum(self.iterations_done),
                  "visits": sum(row[1] for row in rows),
                  "elapsed": round(elapsed, 3), "best": top[0] if top else None, "top": top,
                  "budget": {"iterations": self.iterations, "seconds": self.seconds}}
        if self.error:
            report["error"] = self.error
        if self.ranked is not None and status in ("done", "stopped"):
            report["ranked"] = self.ranked
        return report


class AgentMove:
    """An agent choosing its move for the player to act in ``state`` on a thread of its own."""

    def __init__(self, state, agent, seat, spec):
        self.state = state.clone()
        self.agent = agent
        self.seat = seat
        self.spec = spec
        self.action = None
        self.error = None
        self.cancelled = threading.Event()
        self.finished = threading.Event()
        self.started = None

    def start(self, on_done):
        """Start choosing; ``on_done(self)`` is called on the thread once the agent has chosen."""
        self.started = time.monotonic()

        def run():
            """Choose the move, then report."""
            try:
                self.action = self.agent.choose(self.state)
            except Exception as exc:        # reported to the page as one line
                self.error = " ".join(str(exc).split()) or type(exc).__name__
            self.finished.set()
            on_done(self)
        threading.Thread(target=run, daemon=True, name=f"agent-seat-{self.seat}").start()
        return self

    def cancel(self):
        """Drop the move: a search agent's trees stop after their current iteration."""
        self.cancelled.set()
        stop = getattr(self.agent, "stop", None)         # search agents; the baselines end at once
        if stop is not None:
            stop()
