"""How self-play games go: game length and role/card choices, to tell an agent's habits from the game's.

    python scripts/play_stats.py --game sanjuan --agent ismcts:iterations=2000 --games 12
    python scripts/play_stats.py --game seasons --players 4 --agent ismcts:iterations=2000 --games 6

Every seat plays the same agent spec; game g is dealt from SeedSequence(seed, spawn_key=(g,)) (its
children seed the deal and each seat's agent), so the same command gives the same games whatever
--jobs.  Printed per game and summarised:
  rounds            the round the game ended in (San Juan, A Castle for All Seasons, Tiletum): the
                    median with a distribution-free 95% interval, and every game's
  choices           how often each role (San Juan) or character card (A Castle for All Seasons)
                    was chosen, as a share of all such choices
  all_same_card     A Castle for All Seasons: rounds in which every player chose the master builder
  vp_master         A Castle for All Seasons: mean victory points per player from the master builder
  score             mean final score per player, with a 95% t interval over the games
  winner, loser     mean score of the winner and of the last player (t intervals over the games)
  start player      seat 0's share of the wins (a shared first place splits the win), Wilson 95%
  cost              CPU milliseconds per decision with more than one legal move, and such
                    decisions per game (CPU time varies with the machine's load: not reproducible)
A preset agent (``study``) prints the spec it plays in the game.
"""
import argparse
import collections
import json
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.stats import mean_interval, median_interval, wilson_interval  # noqa: E402
from engine_c import new_state  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402
from solver.search import presets  # noqa: E402
from solver.search.agents import make_agent  # noqa: E402
from solver.runs.config import MAX_JOBS, RunConfig, check_int, validate  # noqa: E402

# Notation prefix of a role / card choice per game: the move text after it names the choice.
CHOICE_PREFIX = {"sanjuan": "", "seasons": "pick "}
SANJUAN_ROLES = ("builder", "producer", "trader", "councillor", "prospector")


def choice_name(game, text):
    """The role or card a move chooses, or None when the move is not such a choice."""
    if game == "seasons":
        return text[5:] if text.startswith("pick ") else None
    if game == "sanjuan":
        role = text.split("+")[0]
        return role if role in SANJUAN_ROLES else None
    return None


def play(game, players, spec, seed, game_index):
    """One self-play game: ``(summary dict, CPU seconds spent choosing)``; the summary is reproducible."""
    seq = np.random.SeedSequence(seed, spawn_key=(game_index,))
    children = seq.spawn(1 + players)
    state = new_state(game, players, children[0])
    agents = [make_agent(spec, children[1 + i]) for i in range(players)]
    choices = collections.Counter()
    rounds_with = collections.defaultdict(list)
    decisions, think = 0, 0.0
    while not state.is_terminal():
        chooses = len(state.legal_actions()) > 1
        clock = time.thread_time()
        action = agents[state.current_player()].choose(state)
        if chooses:
            decisions += 1
            think += time.thread_time() - clock
        name = choice_name(game, state.action_to_string(action))
        if name is not None:
            choices[name] += 1
            rounds_with[json.loads(state.to_json()).get("round")].append(name)
        state.apply_action(action)
    position = json.loads(state.to_json())
    summary = {"rounds": position.get("rounds", position.get("round")), "scores": state.scores(),
               "ranks": state.ranks(), "decisions": decisions, "choices": dict(choices)}
    if game == "seasons":
        summary["all_master"] = sum(1 for names in rounds_with.values()
                                    if len(names) >= players and all(n == "masterbuilder" for n in names))
        summary["rounds_played"] = len(rounds_with)
        summary["vp_master"] = [seat.get("vp_master", 0) for seat in position["seats"]]
    return summary, think


def start_player_credit(game):
    """Seat 0's win credit in one game: 1 alone in first place, 1/k sharing it with k-1 others, else 0."""
    firsts = [seat for seat, rank in enumerate(game["ranks"]) if rank == 0]
    return 1.0 / len(firsts) if 0 in firsts else 0.0


def outcome_lines(games, think):
    """The printed lines on scores by place, the start player's share and the cost per decision."""
    lines = []
    for label, pick in (("winner", max), ("loser", min)):
        mean, low, high = mean_interval([pick(g["scores"]) for g in games])
        interval = f" (95% interval {low:.1f}-{high:.1f})" if np.isfinite(low) else ""
        lines.append(f"{label}'s score: mean {mean:.1f}{interval}")
    credit = sum(start_player_credit(g) for g in games)
    low, high = wilson_interval(credit, len(games))
    lines.append(f"start player (seat 0) wins: {credit / len(games):.3f} (95% interval {low:.3f}-{high:.3f}, "
                 f"{len(games)} games)")
    decisions = sum(g["decisions"] for g in games)
    per = f"{1000 * think / decisions:.2f} ms CPU per decision" if decisions else "no decisions"
    lines.append(f"cost: {per}, {decisions / len(games):.1f} decisions per game (with more than one legal move)")
    return lines


def main(argv=None):
    """Play the games and print the summary."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--agent", default="ismcts:iterations=2000")
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:              # the run's checks: game, players, games, seed, the agent spec
        validate(RunConfig(args.game, args.players, (args.agent,), args.games, args.seed))
        check_int("--jobs", args.jobs, 1, MAX_JOBS)
    except BoardlabError as exc:
        raise SystemExit(f"play_stats.py: error: {exc}") from None
    from joblib import Parallel, delayed

    played = Parallel(n_jobs=args.jobs)(delayed(play)(args.game, args.players, args.agent, args.seed, g)
                                        for g in range(args.games))
    games = [summary for summary, _ in played]
    rounds = np.array([g["rounds"] for g in games if g["rounds"] is not None])
    totals = collections.Counter()
    for g in games:
        totals.update(g["choices"])
    print(f"{args.game}, {args.players} players, {args.agent}, {args.games} games, seed {args.seed}")
    name = args.agent.strip()
    if name in presets.PRESETS:
        print("preset: " + presets.resolved_text(name, args.game))
    if len(rounds):
        median, low, high = median_interval(rounds)
        interval = f"95% interval {low:g}-{high:g}" if np.isfinite(low) and np.isfinite(high) else "too few games for an interval"
        print(f"rounds: median {median:.1f} ({interval}), mean {rounds.mean():.2f}, "
              f"min {rounds.min()}, max {rounds.max()}")
        print("rounds per game: " + " ".join(str(r) for r in rounds))
    mean, low, high = mean_interval([np.mean(g["scores"]) for g in games])
    interval = f"95% interval {low:.1f}-{high:.1f}" if np.isfinite(low) and np.isfinite(high) else "one game: no interval"
    print(f"score: mean {mean:.1f} ({interval}) per player")
    for line in outcome_lines(games, sum(seconds for _, seconds in played)):
        print(line)
    if totals:
        n = sum(totals.values())
        print("choices: " + ", ".join(f"{k} {v / n:.3f}" for k, v in totals.most_common()))
    if args.game == "seasons":
        played = sum(g["rounds_played"] for g in games)
        print(f"rounds where every player chose the master builder: {sum(g['all_master'] for g in games)}"
              f" of {played}; victory points from the master builder: "
              f"{np.mean([v for g in games for v in g['vp_master']]):.1f} per player")
    return games


if __name__ == "__main__":
    main()
