"""Sequential halving at the root of an ISMCTS search (Karnin, Koren & Somekh 2013).

A move is chosen for its value, so what matters is picking the best root move (simple regret),
not spending few playouts on the others (UCB's cumulative regret).  Sequential halving shares the
iteration budget among ``ceil(log2 K)`` rounds: in each round the moves still in the running are
visited in turn (``Searcher.search(root_actions=...)``, each turn on one shared determinization and
playout stream), the tree below them growing as usual; after the round the better half by value
stays.  The last few moves end with many visits each, so close moves are compared on more playouts
than a UCB runner-up gets.  Used by ``solver.search.best_move.analyse`` (``halving``) and the ISMCTS agent
(``halving=1``); the searchers do the work, this module only keeps the schedule.
"""
import math


def halving_rounds(moves):
    """Rounds of sequential halving for ``moves`` root moves: ceil(log2(moves)), at least 1."""
    return max(1, math.ceil(math.log2(moves))) if moves > 1 else 1


def round_share(budget, rounds, r):
    """Iterations of round ``r`` of ``rounds`` for one tree of ``budget`` (the remainder goes to the last rounds)."""
    return budget // rounds + (1 if r >= rounds - budget % rounds else 0)


def _value(totals, action):
    """Mean value of the playouts through root move ``action``, merged over the trees (-inf if none)."""
    n = sum(t[action]["value_n"] for t in totals if action in t)
    return sum(t[action]["value_sum"] for t in totals if action in t) / n if n else -math.inf


def sequential_halving(budgets, legal, run_round):
    """Run the rounds; return (per tree: its last root stats with this search's sums over all rounds,
    or None if it never ran; per move: the number of rounds it was in).

    ``budgets``: iterations per tree; ``legal``: the root moves; ``run_round(tasks)`` runs one round,
    ``tasks`` a list of ``(tree index, round, iterations, survivors)`` (a tree's first task starts
    its tree, later ones grow it), and returns each task's ``Searcher.root_stats()`` in order.
    """
    rounds = halving_rounds(len(legal))
    survivors = sorted(legal)
    survived = {a: 0 for a in legal}
    totals = [dict() for _ in budgets]         # per tree: action -> this search's sums over the rounds
    last = [None] * len(budgets)
    for r in range(rounds):
        tasks = [(i, r, round_share(budget, rounds, r), survivors) for i, budget in enumerate(budgets)
                 if round_share(budget, rounds, r) > 0]
        for (i, _, _, _), stats in zip(tasks, run_round(tasks)):
            last[i] = stats
            for s in stats:
                total = totals[i].setdefault(s["action"], {"rank_sum": 0.0, "score_sums": None, "value_n": 0,
                                                           "value_sum": 0.0, "value_sq_sum": 0.0})
                for key in ("rank_sum", "value_n", "value_sum", "value_sq_sum"):
                    total[key] += s[key]
                total["score_sums"] = (list(s["score_sums"]) if total["score_sums"] is None
                                       else [a + b for a, b in zip(total["score_sums"], s["score_sums"])])
        for a in survivors:
            survived[a] = r + 1
        if r < rounds - 1:
            ranked = sorted(survivors, key=lambda a: (-_value(totals, a), a))
            survivors = sorted(ranked[:math.ceil(len(survivors) / 2)])
    # node counts (visits, the tree's value) cover every round; the per-search sums are the rounds' totals
    merged = [None if stats is None else [{**s, **totals[i][s["action"]]} for s in stats]
              for i, stats in enumerate(last)]
    return merged, survived


def halving_choice(stats, survived):
    """The chosen move of one halving search: the best value among the moves of the last round (ties: lower action)."""
    top = max(survived.values())
    finalists = [s for s in stats if survived.get(s["action"]) == top]
    best = max(finalists, key=lambda s: (s["value_sum"] / s["value_n"] if s["value_n"] else -math.inf,
                                         -s["action"]))
    return best["action"]
