"""Two agent specs head to head on paired deals: is a candidate setting better than the default?

    python scripts/duel.py --game burgundy --a ismcts:iterations=2000,depth=1 --b ismcts:iterations=2000 --deals 100 --seed 2 --jobs 2

Two players. Deal d (0 <= d < --deals) comes from SeedSequence(seed, spawn_key=(d,)), whose three
children seed the deal and the agents in seats 0 and 1; every deal is played twice, A in seat 0
then in seat 1 (the agents' seeds follow the seat), so the luck of the deal and of the seat cancels
out of the comparison. Prints A's win rate (a win 1, a shared first place 1/2) with its 95% Wilson
interval and both mean scores; the same command gives the same numbers whatever --jobs.

--b-tree DIR plays B with another checkout's build (its engines and agents, in a process of its
own fed the positions), so two builds compare head to head: a playout policy before and after,

    python scripts/duel.py --game seasons --a ismcts:iterations=1000 --b ismcts:iterations=1000 --b-tree ../old --deals 50
"""
import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.stats import wilson_interval  # noqa: E402
from engine_c import new_state, state_class  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402
from solver.search.agents import make_agent  # noqa: E402
from solver.runs.config import MAX_JOBS, MAX_SEED, check_int  # noqa: E402


# Agent B's side of a duel with --b-tree: a process importing boardlab from another checkout reads
# the agent's spec and seed, then one position per line, and answers each with the chosen action.
# It uses only make_agent and state_from_json, so any checkout with those can serve.
_SERVE_AGENT = """
import json, sys
import numpy as np
from engine_c import state_from_json
from solver.search.agents import make_agent
first = json.loads(sys.stdin.readline())
agent = make_agent(first["spec"], np.random.SeedSequence(first["entropy"], spawn_key=tuple(first["spawn_key"])))
for line in sys.stdin:
    print(agent.choose(state_from_json(line)), flush=True)
"""


class OtherTreeAgent:
    """An agent played by another checkout's build (``tree``), so two builds of an engine can be
    compared move for move: it sees the whole position, as an agent in this process does, and
    chooses exactly as that checkout's ``make_agent(spec, seed)`` would."""

    def __init__(self, tree, spec, seed):
        tree = str(Path(tree).resolve())
        env = dict(os.environ, PYTHONPATH=tree)
        self.process = subprocess.Popen([sys.executable, "-c", _SERVE_AGENT], cwd=tree, env=env, text=True,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self._send({"spec": spec, "entropy": seed.entropy, "spawn_key": list(seed.spawn_key)})

    def _send(self, message):
        self.process.stdin.write((message if isinstance(message, str) else json.dumps(message)) + "\n")
        self.process.stdin.flush()

    def choose(self, state):
        """The other build's choice in ``state``."""
        self._send(state.to_json().replace("\n", " "))
        answer = self.process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the agent process of {self.process.args} ended")
        return int(answer)

    def close(self):
        """End the agent's process."""
        self.process.stdin.close()
        self.process.wait()


def play(game, specs, seed, deal, b_tree=None, b_seat=1):
    """One game of ``deal`` with specs[i] in seat i; returns (scores, ranks).  With ``b_tree``
    the agent in seat ``b_seat`` is played by that checkout's build."""
    children = np.random.SeedSequence(seed, spawn_key=(deal,)).spawn(3)
    state = new_state(game, 2, children[0])
    agents = [OtherTreeAgent(b_tree, specs[i], children[1 + i]) if b_tree and i == b_seat
              else make_agent(specs[i], children[1 + i]) for i in range(2)]
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].choose(state))
    for agent in agents:
        if isinstance(agent, OtherTreeAgent):
            agent.close()
    return state.scores(), state.ranks()


def duel(game, a, b, deals, seed=1, jobs=1, progress=False, b_tree=None):
    """A's win credit, games, A's mean score and B's over ``deals`` deals played twice
    (``b_tree``: B is played by the build in that checkout)."""
    from joblib import Parallel, delayed

    plan = [(d, swap) for d in range(deals) for swap in (0, 1)]
    results = Parallel(n_jobs=jobs, return_as="generator")(
        delayed(play)(game, [b, a] if swap else [a, b], seed, d, b_tree, 0 if swap else 1) for d, swap in plan)
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


def check_args(args):
    """BoardlabError naming the first bad argument (before any game is played)."""
    cls = state_class(args.game)
    if cls.min_players > 2:
        raise BoardlabError(f"{args.game} is not played by 2 players: a duel needs 2")
    check_int("--deals", args.deals, 1, 10**9)
    check_int("--seed", args.seed, 0, MAX_SEED)
    check_int("--jobs", args.jobs, 1, MAX_JOBS)
    make_agent(args.a, 0)
    if args.b_tree is None:
        make_agent(args.b, 0)
    elif not (Path(args.b_tree) / "engine_c" / "__init__.py").is_file():
        raise BoardlabError(f"--b-tree {args.b_tree} is not a boardlab checkout (no engine_c/ package there)")


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
    parser.add_argument("--b-tree", help="another checkout of boardlab, built: B plays with its engines and agents "
                                         "(to compare two builds, e.g. a playout policy before and after)")
    args = parser.parse_args(argv)
    try:
        check_args(args)
    except BoardlabError as exc:
        raise SystemExit(f"duel.py: error: {exc}") from None
    started = time.perf_counter()
    wins, games, mean_a, mean_b = duel(args.game, args.a, args.b, args.deals, args.seed, args.jobs,
                                       args.progress, args.b_tree)
    low, high = wilson_interval(wins, games)
    where = f" (B from {args.b_tree})" if args.b_tree else ""
    print(f"{args.game} A={args.a} B={args.b}{where} seed={args.seed} games={games} A_win={wins / games:.3f} "
          f"[{low:.3f}-{high:.3f}] score A {mean_a:.1f} B {mean_b:.1f} ({time.perf_counter() - started:.0f}s)")
    return wins, games


if __name__ == "__main__":
    main()
