"""boardlab's ISMCTS against OpenSpiel's ISMCTSBot on the same games, at the same budget.

    python scripts/peer_ismcts.py --iterations 1000 --pairs 50 --seed 1 --out runs/peer.jsonl
    python scripts/peer_ismcts.py --games seasons --pairs 2 --iterations 200

Two players. Each pair of games plays one deal twice (common random numbers), boardlab in seat 0
and then in seat 1; pair k's deal is ``SeedSequence(seed, spawn_key=(k,))``, the agents' seeds are
drawn from ``SeedSequence(seed, spawn_key=(k, order))``.

- boardlab: ``make_agent(--spec)``, by default ``ismcts:iterations=N`` (its own defaults: the
  engine's playout policy, margin reward, the game's ``search_defaults``).
- OpenSpiel: ``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with one random rollout per
  simulation (``mcts.RandomRolloutEvaluator``), N simulations, UCT constant ``--uct-c``, most
  visits wins, seeded, and determinizations from ``resample_from_infostate`` with a seeded sampler
  (``solver.adapters.openspiel``).

A win counts 1 for boardlab, a shared first place 1/2 (OpenSpiel's ``returns``); intervals are 95%
Wilson intervals. Time per move is CPU time of the agent's decision (every decision, forced ones
included), so other programs on the machine do not inflate it. With ``--out`` every finished game
is appended to a JSON-lines file, and games already in it (same settings) are not played again:
a stopped run continues with the same command. ``--max-moves K`` stops every game after K
decisions, to measure the time per move where whole games take too long.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pyspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

from analysis.stats import wilson_interval  # noqa: E402
from engine_c import new_state  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402
from solver.adapters import openspiel as adapter  # noqa: E402
from solver.search.agents import make_agent  # noqa: E402
from solver.runs.config import MAX_SEED, check_int  # noqa: E402

GAMES = adapter.GAMES
PLAYERS = 2


def openspiel_bot(game, iterations, uct_c, seed_sequence):
    """OpenSpiel's ISMCTSBot with a random-rollout evaluator, every random draw from ``seed_sequence``."""
    bot_seed, rollout_seed, sampler_seed = (int(x) for x in seed_sequence.generate_state(3) % 2**31)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=np.random.RandomState(rollout_seed))
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c, iterations,
                           random_state=np.random.RandomState(bot_seed),
                           final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
    sampler = pyspiel.UniformProbabilitySampler(sampler_seed, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def play_game(name, pair, boardlab_seat, settings):
    """One game of a pair; returns its record (a dict, one line of the ``--out`` file)."""
    seed, iterations = settings["seed"], settings["iterations"]
    deal = new_state(name, PLAYERS, np.random.SeedSequence(seed, spawn_key=(pair,)))
    agents_seed = np.random.SeedSequence(seed, spawn_key=(pair, boardlab_seat))
    boardlab_seed, openspiel_seed = agents_seed.spawn(2)
    game = adapter.load_game(name, PLAYERS, seed)
    state = game.new_initial_state(deal.to_json())
    boardlab = make_agent(settings["spec"], boardlab_seed)
    bot = openspiel_bot(game, iterations, settings["uct_c"], openspiel_seed)
    cpu = {"boardlab": 0.0, "openspiel": 0.0}
    moves = {"boardlab": 0, "openspiel": 0}
    limit = settings.get("max_moves")
    while not state.is_terminal() and (limit is None or sum(moves.values()) < limit):
        side = "boardlab" if state.current_player() == boardlab_seat else "openspiel"
        started = time.process_time()
        action = boardlab.choose(state.engine) if side == "boardlab" else bot.step(state)
        cpu[side] += time.process_time() - started
        moves[side] += 1
        state.apply_action(int(action))
    return {"game": name, "pair": pair, "boardlab_seat": boardlab_seat, **settings,
            "finished": state.is_terminal(), "returns": state.returns(), "scores": list(state.engine.scores()),
            "moves": moves, "cpu_seconds": cpu}


def read_journal(path):
    """The records already in the ``--out`` file (none if it does not exist); BoardlabError naming
    the file and line when a line is not a game this script wrote."""
    if path is None or not path.exists():
        return []
    records = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if line.strip():
            try:
                record = json.loads(line)
            except ValueError as exc:
                raise BoardlabError(f"--out {path}: line {number} is not a game of this script ({exc})") from None
            if not isinstance(record, dict):
                raise BoardlabError(f"--out {path}: line {number} is not a game of this script")
            records.append(record)
    return records


def same_settings(record, settings):
    """True if ``record`` was played with ``settings``."""
    return all(record.get(key) == value for key, value in settings.items())


def summary(records, name):
    """One table row (dict) for game ``name`` from its records: results from the finished games,
    time per move from all (``--max-moves`` cuts games short to measure time alone)."""
    played = [r for r in records if r["game"] == name]
    rows = [r for r in played if r.get("finished", True)]
    n = len(rows)
    credit = sum(r["returns"][r["boardlab_seat"]] for r in rows)
    low, high = wilson_interval(credit, n)
    mean = lambda side: sum(r["scores"][r["boardlab_seat"] if side == "boardlab" else 1 - r["boardlab_seat"]]
                            for r in rows) / n if n else float("nan")
    ms = lambda side: 1000 * sum(r["cpu_seconds"][side] for r in played) / max(1, sum(r["moves"][side] for r in played))
    return {"game": name, "games": n, "win_rate": credit / n if n else float("nan"), "low": low, "high": high,
            "score_boardlab": mean("boardlab"), "score_openspiel": mean("openspiel"),
            "ms_boardlab": ms("boardlab"), "ms_openspiel": ms("openspiel"),
            "moves": sum(sum(r["moves"].values()) for r in played)}


def table(rows, iterations):
    """The results as a Markdown table."""
    lines = [f"| game | games (pairs) | boardlab ISMCTS win rate | 95% CI | mean score boardlab / OpenSpiel "
             f"| ms per move boardlab | ms per move OpenSpiel | moves timed |",
             "|---|---|---|---|---|---|---|---|"]
    for row in rows:
        result = (f"{row['win_rate']:.3f} | {row['low']:.3f}-{row['high']:.3f} "
                  f"| {row['score_boardlab']:.1f} / {row['score_openspiel']:.1f}") if row["games"] else "- | - | -"
        lines.append(f"| {row['game']} | {row['games']} ({row['games'] // 2}) | {result} "
                     f"| {row['ms_boardlab']:.1f} | {row['ms_openspiel']:.1f} | {row['moves']} |")
    return f"{iterations} iterations each, {PLAYERS} players\n" + "\n".join(lines)


def main(argv=None):
    """Plays the pairs (skipping those already in ``--out``) and prints the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES), help="games to play (default: all four)")
    parser.add_argument("--pairs", type=int, default=50, help="paired games per game (default 50: 100 games)")
    parser.add_argument("--iterations", type=int, default=1000, help="iterations (simulations) per move for both (default 1000)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--uct-c", type=float, default=2 ** 0.5,
                        help="OpenSpiel's UCT constant (default sqrt(2), UCB1's for rewards in [0, 1])")
    parser.add_argument("--spec", default=None, help="boardlab agent spec (default ismcts:iterations=N)")
    parser.add_argument("--max-moves", type=int, default=None,
                        help="stop each game after this many decisions (time per move only, no result)")
    parser.add_argument("--out", type=Path, default=None, help="JSON-lines file of finished games (resumable)")
    parser.add_argument("--quiet", action="store_true", help="no line per finished game on stderr")
    args = parser.parse_args(argv)
    settings = {"iterations": args.iterations, "seed": args.seed, "uct_c": args.uct_c,
                "spec": args.spec or f"ismcts:iterations={args.iterations}", "max_moves": args.max_moves}
    # every argument checked before the first game: a mistake is one line naming it, as in the
    # other scripts, not a traceback
    try:
        check_int("--pairs", args.pairs, 1, 10**9)
        check_int("--iterations", args.iterations, 1, 10**9)
        check_int("--seed", args.seed, 0, MAX_SEED)
        if args.max_moves is not None:
            check_int("--max-moves", args.max_moves, 1, 10**9)
        if not (args.uct_c >= 0 and np.isfinite(args.uct_c)):
            raise BoardlabError(f"--uct-c must be a non-negative number, got {args.uct_c}")
        make_agent(settings["spec"], 0)
        adapter.load_game(args.games[0], PLAYERS, args.seed)       # the seed is an OpenSpiel game parameter
        if args.out is not None and args.out.is_dir():
            raise BoardlabError(f"--out {args.out} is a folder; give a JSON-lines file")
        records = [r for r in read_journal(args.out) if same_settings(r, settings)]
    except (BoardlabError, ValueError) as exc:
        raise SystemExit(f"peer_ismcts.py: error: {exc}") from None
    done = {(r["game"], r["pair"], r["boardlab_seat"]) for r in records}
    for name in args.games:
        for pair in range(args.pairs):
            for seat in range(PLAYERS):
                if (name, pair, seat) in done:
                    continue
                record = play_game(name, pair, seat, settings)
                records.append(record)
                if args.out is not None:
                    args.out.parent.mkdir(parents=True, exist_ok=True)
                    with args.out.open("a") as out:
                        out.write(json.dumps(record) + "\n")
                if not args.quiet:
                    print(f"{name} pair {pair} boardlab in seat {seat}: returns {record['returns']}, "
                          f"scores {record['scores']}", file=sys.stderr, flush=True)
    wanted = {(name, pair, seat) for name in args.games for pair in range(args.pairs) for seat in range(PLAYERS)}
    chosen = [r for r in records if (r["game"], r["pair"], r["boardlab_seat"]) in wanted]
    print(table([summary(chosen, name) for name in args.games], args.iterations))


if __name__ == "__main__":
    main()
