"""Playing strength of the ISMCTS agent: matches against baselines, seats rotated.

    python scripts/strength.py --games 100 --jobs 2              # Castles of Burgundy, 2 players
    python scripts/strength.py --game highcard --games 200 --quick

Matches (2 players):
  ismcts-vs-random    ISMCTS (--iterations, 2000) vs random
  ismcts-vs-greedy    ISMCTS vs greedy
  ismcts-vs-pimc      ISMCTS vs PIMC with the same total iterations (--determinizations trees)
  selfplay            ISMCTS (--selfplay-iterations, 10000) against itself: mean score
--options 'reward=margin,c=0.5' adds parameters to every ISMCTS spec (not to the baselines).
Game g of every match uses SeedSequence(seed, spawn_key=(g,)) (its children seed the
deal and each seat's agent), so all matches see the same deals; ISMCTS sits in seat g % 2.
With --paired, games 2k and 2k+1 play the same deal (spawn_key=(k,)) with the seats swapped,
so the luck of the deal cancels out of the comparison (common random numbers).
A win counts 1, a shared first place 1/2; intervals are 95% Wilson score intervals.
"""
import argparse
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_c import new_state  # noqa: E402
from solver.agents import make_agent  # noqa: E402
from analysis.stats import wilson_interval  # noqa: E402


def wilson(wins, n):
    """95% Wilson score interval of a proportion (wins may be fractional: ties count 1/2)."""
    if n == 0:
        return (0.0, 1.0)
    return wilson_interval(wins, n)


def play(game, players, specs, seed, game_index):
    """One game; specs[i] is the agent in seat i. Returns (scores, ranks, decisions, seconds)."""
    started = time.perf_counter()
    seq = np.random.SeedSequence(seed, spawn_key=(game_index,))
    children = seq.spawn(1 + players)
    state = new_state(game, players, children[0])
    agents = [make_agent(spec, children[1 + i]) for i, spec in enumerate(specs)]
    decisions = 0
    while not state.is_terminal():
        state.apply_action(agents[state.current_player()].choose(state))
        decisions += 1
    return state.scores(), state.ranks(), decisions, time.perf_counter() - started


def matches(args):
    extra = "".join("," + o.replace(" ", "") for o in (args.options,) if o)
    ismcts = f"ismcts:iterations={args.iterations}{extra}"
    pimc = f"pimc:determinizations={args.determinizations},iterations={args.iterations}"
    table = {
        "ismcts-vs-random": (ismcts, "random", args.games),
        "ismcts-vs-greedy": (ismcts, "greedy", args.games),
        "ismcts-vs-pimc": (ismcts, pimc, args.games),
        "selfplay": (f"ismcts:iterations={args.selfplay_iterations}{extra}",) * 2 + (args.selfplay_games,),
    }
    chosen = args.match or list(table)
    for name in chosen:
        if name not in table:
            raise SystemExit(f"unknown match {name!r} (known: {', '.join(table)})")
    return [(name,) + table[name] for name in chosen]


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="burgundy")
    parser.add_argument("--games", type=int, default=100, help="games per match (default 100)")
    parser.add_argument("--selfplay-games", type=int, default=None, help="self-play games (default: --games // 5, at least 2)")
    parser.add_argument("--iterations", type=int, default=2000)
    parser.add_argument("--selfplay-iterations", type=int, default=10000)
    parser.add_argument("--determinizations", type=int, default=10, help="PIMC trees (default 10)")
    parser.add_argument("--jobs", type=int, default=1, help="parallel games (joblib processes)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--options", default="", help="extra ISMCTS parameters, e.g. 'reward=margin,c=0.5'")
    parser.add_argument("--match", action="append", help="run only this match (repeatable)")
    parser.add_argument("--paired", action="store_true", help="play every deal twice, seats swapped")
    args = parser.parse_args(argv)
    if args.selfplay_games is None:
        args.selfplay_games = max(2, args.games // 5)
    from joblib import Parallel, delayed

    players = 2
    rows = []
    with Parallel(n_jobs=args.jobs) as parallel:
        for name, a, b, games in matches(args):
            started = time.perf_counter()
            # ISMCTS (agent a) sits in seat g % 2
            seatings = [[a, b] if g % 2 == 0 else [b, a] for g in range(games)]
            deal = (lambda g: g // 2) if args.paired else (lambda g: g)
            results = parallel(delayed(play)(args.game, players, s, args.seed, deal(g))
                               for g, s in enumerate(seatings))
            a_scores, b_scores, wins, decisions, seconds = [], [], 0.0, 0, 0.0
            for g, (scores, ranks, n, t) in enumerate(results):
                sa = g % 2
                sb = 1 - sa
                a_scores.append(scores[sa])
                b_scores.append(scores[sb])
                wins += 1.0 if ranks[sa] < ranks[sb] else 0.5 if ranks[sa] == ranks[sb] else 0.0
                decisions += n
                seconds += t
            low, high = wilson(wins, games)
            rows.append({
                "match": name, "a": a, "b": b, "games": games, "win_rate": wins / games, "ci": (low, high),
                "score_a": float(np.mean(a_scores)), "score_b": float(np.mean(b_scores)),
                "sd_a": float(np.std(a_scores)), "decisions": decisions / games, "game_s": seconds / games,
                "wall_s": time.perf_counter() - started,
            })
            r = rows[-1]
            print(f"# {name}: {games} games in {r['wall_s']:.0f} s ({r['game_s']:.1f} s per game, "
                  f"{r['decisions']:.0f} decisions per game)", file=sys.stderr, flush=True)
    print(f"{args.game}, {players} players, seed {args.seed}; A = first agent, seats rotated"
          f"{' (paired deals)' if args.paired else ''}; win = 1, shared first = 1/2")
    print(f"{'match':18s} {'A':28s} {'B':42s} {'games':>5s} {'A win rate':>10s} {'95% CI':>15s} "
          f"{'A score':>8s} {'B score':>8s}")
    for r in rows:
        print(f"{r['match']:18s} {r['a']:28s} {r['b']:42s} {r['games']:5d} {r['win_rate']:10.3f} "
              f"{r['ci'][0]:7.3f}-{r['ci'][1]:.3f} {r['score_a']:8.1f} {r['score_b']:8.1f}")
    for r in rows:
        if r["a"] == r["b"]:
            print(f"self-play {r['a']}: mean score {(r['score_a'] + r['score_b']) / 2:.1f} "
                  f"(seat rotation: first agent {r['score_a']:.1f}, second {r['score_b']:.1f}, sd {r['sd_a']:.1f})")
    return rows


if __name__ == "__main__":
    main()
