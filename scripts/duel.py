"""Two agent specs head to head on paired deals: is a candidate setting better than the default?

    python scripts/duel.py --game burgundy --a ismcts:iterations=2000,depth=1 --b ismcts:iterations=2000 --deals 100 --seed 2 --jobs 2

Two players. Deal d (0 <= d < --deals) comes from SeedSequence(seed, spawn_key=(d,)), whose three
children seed the deal and the agents in seats 0 and 1; every deal is played twice, A in seat 0
then in seat 1 (the agents' seeds follow the seat), so the luck of the deal and of the seat cancels
out of the comparison. Prints A's win rate (a win 1, a shared first place 1/2) with its 95% Wilson
interval and both mean scores; the same command gives the same numbers whatever --jobs.
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.stats import wilson_interval  # noqa: E402
from engine_c import new_state  # noqa: E402
from solver.agents import make_agent  # noqa: E402


def play(game, specs, seed, deal):
    """One game of ``deal`` with specs[i] in seat i; returns (scores, ranks)."""
    children = np.random.SeedSequence(seed, spawn_key=(deal,)).spawn(3)
    state = new_state(game, 2, children[0])
    agents = [make_agent(specs[i], children[1 + i]) for i in range(2)]
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].choose(state))
    return state.scores(), state.ranks()


def duel(game, a, b, deals, seed=1, jobs=1, progress=False):
    """A's win credit, games, A's mean score and B's over ``deals`` deals played twice."""
    from joblib import Parallel, delayed

    plan = [(d, swap) for d in range(deals) for swap in (0, 1)]
    results = Parallel(n_jobs=jobs, return_as="generator")(
        delayed(play)(game, [b, a] if swap else [a, b], seed, d) for d, swap in plan)
    wins, scores_a, scores_b = 0.0, [], []
    for (_, swap), (scores, ranks) in zip(plan, results):
        seat_a, seat_b = swap, 1 - swap
        wins += 1.0 if ranks[seat_a] < ranks[seat_b] else 0.5 if ranks[seat_a] == ranks[seat_b] else 0.0
        scores_a.append(scores[seat_a])
        scores_b.append(scores[seat_b])
        if progress:     # a running tally on stderr, so a long duel can be watched (and cut short)
            print(f"{len(scores_a)} games: A {wins / len(scores_a):.3f}, scores {np.mean(scores_a):.1f} "
                  f"vs {np.mean(scores_b):.1f}", file=sys.stderr, flush=True)
    return wins, len(plan), float(np.mean(scores_a)), float(np.mean(scores_b))


def main(argv=None):
    """Play the duel and print one line."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--a", required=True, help="candidate agent spec")
    parser.add_argument("--b", required=True, help="reference agent spec")
    parser.add_argument("--deals", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--progress", action="store_true", help="print the tally after every game (stderr)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    wins, games, mean_a, mean_b = duel(args.game, args.a, args.b, args.deals, args.seed, args.jobs,
                                       args.progress)
    low, high = wilson_interval(wins, games)
    print(f"{args.game} A={args.a} B={args.b} seed={args.seed} games={games} A_win={wins / games:.3f} "
          f"[{low:.3f}-{high:.3f}] score A {mean_a:.1f} B {mean_b:.1f} ({time.perf_counter() - started:.0f}s)")
    return wins, games


if __name__ == "__main__":
    main()
