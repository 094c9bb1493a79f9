"""Do two seeds of `boardlab suggest` pick the same best move? Measured on positions of real games.

    python scripts/suggest_stability.py --game sanjuan --positions 100 --iterations 20000 --jobs 2

1. Positions: seeded self-play games of --source agent (default ismcts:iterations=200); game g
   deals from SeedSequence(seed, spawn_key=(g,)) (child 0 the chance stream, child 1 + s seat
   s's agent). Of each game's decisions with more than one legal move, --per-game (default 10)
   evenly spaced ones are kept (forced moves are left out: both seeds would agree trivially),
   games are played until there are --positions; they are written to OUT/positions/ as
   position files (`boardlab suggest --position FILE` reads them).
2. Each position is analysed twice by solver.search.best_move.analyse, the search behind `boardlab suggest`,
   with its defaults (2 root-parallel searches, the game's search_defaults) and --iterations,
   once with --seeds' first seed and once with the second. OUT/results.jsonl holds one line per
   position (written as it goes; a rerun with the same settings skips what is there).
3. Printed: the agreement rate of the best move with a 95% Wilson interval, and for the
   disagreements how close the two choices were: B's best among A's top 2 (by visits), and
   a *near tie*: in the merged statistics of both runs, the two moves' mean search rewards
   differ by less than 1.96 standard errors, each error taken as sqrt(m (1 - m) / visits)
   (rewards lie in [0, 1], so this bounds the true error from above: generous to "near tie");
   and again with the error measured by the two runs themselves: the per-visit sd estimated
   from how far apart the two runs' values of the same move are (``reward_sd``). Last, how many
   disagreements `suggest` itself showed as toss-ups: each run marks the other's best with "="
   (``analyse``'s ``tied``: within 1.96 standard errors of its best, the error measured from the
   spread of the playouts' values), and on how many positions the first run shows any tie.
"""
import argparse
import json
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.stats import wilson_interval  # noqa: E402
from engine_c import new_state, state_from_json  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402
from solver.search.agents import make_agent  # noqa: E402
from solver.search.ismcts import MAX_ITERATIONS  # noqa: E402
from solver.runs.config import MAX_JOBS, MAX_SEED, RunConfig, check_int, validate  # noqa: E402
from solver.search.best_move import analyse  # noqa: E402

TOP = 3           # candidates kept per run in results.jsonl


def game_positions(game, players, source, seed, game_index, per_game):
    """Up to ``per_game`` evenly spaced non-forced positions (JSON texts) of one seeded self-play game."""
    children = np.random.SeedSequence(seed, spawn_key=(game_index,)).spawn(1 + players)
    state = new_state(game, players, children[0])
    agents = [make_agent(source, children[1 + s]) for s in range(players)]
    seen = []
    while not state.is_terminal():
        if len(state.legal_actions()) > 1:
            seen.append(state.to_json())
        state.apply_action(agents[state.current_player()].choose(state))
    if len(seen) <= per_game:
        return seen
    return [seen[int((i + 0.5) * len(seen) / per_game)] for i in range(per_game)]


def collect_positions(game, players, count, source, seed, per_game):
    """``count`` positions as (name, JSON text), from as many self-play games as it takes."""
    out = []
    g = 0
    while len(out) < count:
        texts = game_positions(game, players, source, seed, g, per_game)
        out += [(f"g{g:04d}-p{i:02d}.json", t) for i, t in enumerate(texts)]
        g += 1
        if g > 100 * count:
            raise BoardlabError(f"no positions with a choice in {g} games of {game}")
    return out[:count]


def _summary(candidates):
    return [{k: c[k] for k in ("action", "move", "visits", "win_prob", "mean_reward", "reward_se", "tied",
                               "same_turn", "same_outcome")}
            for c in candidates]


def _each_marks_the_other(run_a, run_b, key):
    """True when the two runs' best moves differ and each run's ``key`` marks the other's best."""
    best_a, best_b = run_a[0]["action"], run_b[0]["action"]
    if best_a == best_b:
        return False
    return (any(c["action"] == best_b and c[key] for c in run_a)
            and any(c["action"] == best_a and c[key] for c in run_b))


def same_turn_pair(run_a, run_b):
    """True when the two runs' best moves differ and each run marks the other's best as the same
    moves this turn in another order (analyse's ``same_turn``: its line plays the first's move
    before the turn passes, and the first's line plays it), as ``suggest`` shows with '~'."""
    return _each_marks_the_other(run_a, run_b, "same_turn")


def same_outcome_pair(run_a, run_b):
    """True when the two runs' best moves differ and each run finds the other's best makes no
    difference (analyse's ``same_outcome``: paired playouts after both end with the same scores),
    as ``suggest`` shows with '*'."""
    return _each_marks_the_other(run_a, run_b, "same_outcome")


def flagged_tie(run_a, run_b):
    """True when the two runs' best moves differ and each run marks the other's best as tied with
    its own (``tied``: the search could not tell them apart), so ``suggest`` showed the choice as
    a toss-up both times."""
    best_a, best_b = run_a[0]["action"], run_b[0]["action"]
    if best_a == best_b:
        return False
    tied_a = {c["action"] for c in run_a if c["tied"]}
    tied_b = {c["action"] for c in run_b if c["tied"]}
    return best_b in tied_a and best_a in tied_b


def _merged(cands_a, cands_b, action):
    """(mean reward, visits) of ``action`` over both runs."""
    visits = reward = 0.0
    for cands in (cands_a, cands_b):
        for c in cands:
            if c["action"] == action:
                visits += c["visits"]
                reward += c["mean_reward"] * c["visits"]
    return (reward / visits if visits else 0.0), visits


def near_tie(cands_a, cands_b):
    """True if the two runs' best moves differ by less than 1.96 (bounding) standard errors."""
    a, b = cands_a[0]["action"], cands_b[0]["action"]
    if a == b:
        return True
    (ma, na), (mb, nb) = _merged(cands_a, cands_b, a), _merged(cands_a, cands_b, b)
    if na == 0 or nb == 0:
        return False
    se = math.sqrt(ma * (1 - ma) / na + mb * (1 - mb) / nb)
    return abs(ma - mb) < 1.96 * se


def reward_sd(records):
    """Per-visit sd of the search reward, estimated from how much the two runs' values of the same
    move differ: mean of (m_A - m_B)^2 / (1/n_A + 1/n_B) over moves in both runs' top lists."""
    terms = []
    for r in records:
        b = {c["action"]: c for c in r["b"]}
        for ca in r["a"]:
            cb = b.get(ca["action"])
            if cb and ca["visits"] and cb["visits"]:
                terms.append((ca["mean_reward"] - cb["mean_reward"]) ** 2 / (1 / ca["visits"] + 1 / cb["visits"]))
    return math.sqrt(float(np.mean(terms))) if terms else float("nan")


def near_tie_measured(record, sd):
    """True if the two best moves' merged values differ by less than 1.96 errors of size sd / sqrt(visits)."""
    a, b = record["a"], record["b"]
    if a[0]["action"] == b[0]["action"]:
        return True
    (ma, na), (mb, nb) = _merged(a, b, a[0]["action"]), _merged(a, b, b[0]["action"])
    return bool(na and nb and abs(ma - mb) < 1.96 * sd * math.sqrt(1 / na + 1 / nb))


def compare(text, iterations, seeds, jobs, prior=None, searches=None, c=None, halving=None, leaf_value=None):
    """Analyse one position with both seeds (``prior``: the search's progressive-bias weight, ``c`` its
    exploration constant, ``leaf_value`` its fitted value's share, None for the game's default; ``searches``: root-parallel trees, None for
    suggest's; ``halving``: sequential halving at the root, None for suggest's); return its result record."""
    state = state_from_json(text)
    runs = [analyse(state, iterations=iterations, jobs=jobs, seed=s, pv_length=0, prior=prior, searches=searches,
                    c=c, halving=halving, leaf_value=leaf_value) for s in seeds]
    a, b = runs
    top2 = [c["action"] for c in a[:2]]
    return {"legal": len(state.legal_actions()), "player": state.current_player(),
            "best_a": a[0]["move"], "best_b": b[0]["move"], "agree": a[0]["action"] == b[0]["action"],
            "b_in_top2_a": b[0]["action"] in top2, "near_tie": near_tie(a, b),
            "flagged_tie": flagged_tie(a, b), "ties_shown_a": sum(1 for c in a[1:] if c["tied"]),
            "same_turn": same_turn_pair(a, b), "same_outcome": same_outcome_pair(a, b),
            "share_a": a[0]["visits"] / sum(c["visits"] for c in a),
            "a": _summary(a[:TOP]), "b": _summary(b[:TOP])}


def build_fingerprint(game):
    """A short digest of the compiled search and of ``game``'s compiled engine, plus the game's
    search defaults: stored results are reused only by the same build (an engine's playout
    policy or the search can change without any setting changing)."""
    import hashlib
    import importlib

    from engine_c import state_class
    from solver.search import ismcts

    digest = hashlib.sha256()
    state_module = importlib.import_module(state_class(game).__module__)
    for path in sorted(Path(state_module.__file__).parent.glob("*.so")) + [Path(ismcts.__file__)]:
        digest.update(path.name.encode() + path.read_bytes())
    digest.update(json.dumps(state_class(game).search_defaults, sort_keys=True).encode())
    return digest.hexdigest()[:12]


def run(game, players=2, positions=100, iterations=20000, seeds=(1, 2), seed=0, jobs=1,
        source="ismcts:iterations=200", per_game=10, out=None, progress=False, prior=None,
        searches=None, c=None, halving=None, leaf_value=None):
    """Collect the positions, analyse each with both seeds; return the list of result records."""
    if len(seeds) != 2 or seeds[0] == seeds[1]:
        raise BoardlabError(f"give two different search seeds, got {list(seeds)}")
    # everything checked before the folder is made: a refused run leaves nothing behind
    validate(RunConfig(game, players, (source,), 1, seed))
    check_int("--iterations", iterations, 1, MAX_ITERATIONS)
    check_int("--jobs", jobs, 1, MAX_JOBS)
    for search_seed in seeds:
        check_int("--seeds", search_seed, 0, MAX_SEED)
    out = Path(out or f"runs/stability-{game}-{players}p")
    settings = {"game": game, "players": players, "positions": positions, "iterations": iterations,
                "seeds": list(seeds), "seed": seed, "source": source, "per_game": per_game, "prior": prior}
    for key, value in (("searches", searches), ("c", c), ("halving", halving), ("leaf_value", leaf_value)):
        if value is not None:         # stored only when set: folders measured before the option stay readable
            settings[key] = value
    (out / "positions").mkdir(parents=True, exist_ok=True)
    meta = out / "settings.json"
    build = build_fingerprint(game)
    if meta.exists():
        stored = json.loads(meta.read_text())
        if {k: v for k, v in stored.items() if k != "build"} != settings:
            raise BoardlabError(f"{out} holds a measurement with other settings: choose another --out")
        if stored.get("build") != build:
            raise BoardlabError(f"{out} was measured by another build (engine or search {stored.get('build')}, "
                                f"now {build}): choose another --out")
    meta.write_text(json.dumps({**settings, "build": build}, indent=2) + "\n")
    results_path = out / "results.jsonl"
    done = {}
    if results_path.exists():
        for line in results_path.read_text().splitlines():
            if line.strip():
                record = json.loads(line)
                done[record["position"]] = record
    started = time.perf_counter()
    records = []
    for k, (name, text) in enumerate(collect_positions(game, players, positions, source, seed, per_game)):
        path = out / "positions" / name
        if not path.exists():
            path.write_text(text + "\n")
        if name in done:
            records.append(done[name])
            continue
        record = {"position": name, **compare(text, iterations, seeds, jobs, prior, searches, c, halving,
                                                      leaf_value)}
        with open(results_path, "a") as handle:
            handle.write(json.dumps(record) + "\n")
        records.append(record)
        if progress and (k + 1) % 10 == 0:
            print(f"# {k + 1}/{positions} positions, {time.perf_counter() - started:.0f} s", file=sys.stderr,
                  flush=True)
    return records


def summarise(records):
    """Counts and rates: agreement with its 95% Wilson interval, top-2 and near-tie shares."""
    n = len(records)
    agree = sum(r["agree"] for r in records)
    lo, hi = wilson_interval(agree, n)
    differ = [r for r in records if not r["agree"]]
    sd = reward_sd(records)
    return {"positions": n, "agree": agree, "rate": agree / n if n else float("nan"), "lo": lo, "hi": hi,
            "disagree": len(differ), "disagree_top2": sum(r["b_in_top2_a"] for r in differ),
            "disagree_near_tie": sum(r["near_tie"] for r in differ),
            "reward_sd": sd, "disagree_near_tie_measured": sum(near_tie_measured(r, sd) for r in differ),
            "disagree_flagged": sum(r["flagged_tie"] for r in differ),
            "shown_tie": sum(r["ties_shown_a"] > 0 for r in records),
            # None for results stored before the measure existed
            "disagree_same_turn": (sum(r["same_turn"] for r in differ)
                                   if all("same_turn" in r for r in records) else None),
            "disagree_same_outcome": (sum(r["same_outcome"] and not r["same_turn"] for r in differ)
                                      if all("same_outcome" in r for r in records) else None),
            "within_top2": sum(r["b_in_top2_a"] for r in records) / n if n else float("nan"),
            "median_legal": float(np.median([r["legal"] for r in records])) if n else float("nan"),
            "median_share": float(np.median([r["share_a"] for r in records])) if n else float("nan")}


def format_summary(s, game, iterations):
    """The summary as a few lines of text."""
    return (f"{game}: best move agrees on {s['agree']}/{s['positions']} positions = {s['rate']:.3f} "
            f"[95% {s['lo']:.3f}-{s['hi']:.3f}] at {iterations} iterations\n"
            f"  disagreements {s['disagree']}: second seed's best in the first's top 2 in {s['disagree_top2']}, "
            f"near ties (value gap < 1.96 SE) {s['disagree_near_tie']} with the bounding error, "
            f"{s['disagree_near_tie_measured']} with the measured one (per-visit sd {s['reward_sd']:.3f})\n"
            f"  shown as ties by suggest (each run marks the other's best '=' with its own): "
            f"{s['disagree_flagged']} of the {s['disagree']} disagreements; positions where the first seed "
            f"shows a tie with its best: {s['shown_tie']}\n"
            + (f"  the same moves this turn in another order (each run's line plays the other's best before the "
               f"turn passes; suggest marks it '~'): {s['disagree_same_turn']} of the {s['disagree']} "
               f"disagreements, so the same turn on {s['agree'] + s['disagree_same_turn']}/{s['positions']}\n"
               if s["disagree_same_turn"] is not None else "")
            + (f"  no difference (each run finds that paired playouts after the other's best end with the same "
               f"scores; suggest marks it '*'): {s['disagree_same_outcome']} more, so the same advice on "
               f"{s['agree'] + s['disagree_same_turn'] + s['disagree_same_outcome']}/{s['positions']}\n"
               if s["disagree_same_outcome"] is not None and s["disagree_same_turn"] is not None else "")
            + f"  best of B within A's top 2 overall: {s['within_top2']:.3f}; median legal moves "
            f"{s['median_legal']:.0f}; median visit share of A's best {s['median_share']:.2f}")


def main(argv=None):
    """Command line: measure and print the agreement; return the summary dict."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", required=True)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--positions", type=int, default=100)
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--seeds", default="1,2", help="the two search seeds (default 1,2)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the self-play games (default 0)")
    parser.add_argument("--source", default="ismcts:iterations=200", help="agent of the self-play games")
    parser.add_argument("--per-game", type=int, default=10, help="positions kept per game (default 10)")
    parser.add_argument("--jobs", type=int, default=1, help="search threads (the result does not depend on it)")
    parser.add_argument("--out", default=None, help="folder (default runs/stability-GAME-Np)")
    parser.add_argument("--prior", type=float, default=None,
                        help="the search's progressive-bias weight (default: the game's, as suggest)")
    parser.add_argument("--searches", type=int, default=None,
                        help="root-parallel trees sharing the iterations (default: suggest's)")
    parser.add_argument("--c", type=float, default=None,
                        help="the search's exploration constant (default: the game's, as suggest)")
    parser.add_argument("--leaf-value", type=float, default=None,
                        help="the fitted value's share of a playout's result (default: the game's, as suggest)")
    parser.add_argument("--halving", action=argparse.BooleanOptionalAction, default=None,
                        help="sequential halving at the root on or off (default: suggest's)")
    args = parser.parse_args(argv)
    try:
        seeds = tuple(int(s) for s in args.seeds.split(","))
        if args.positions < 1 or args.per_game < 1 or (args.searches is not None and args.searches < 1):
            raise BoardlabError("--positions, --per-game and --searches must be positive")
        if args.c is not None and not 0 <= args.c <= 1e9:
            raise BoardlabError("--c must be a non-negative number")
        if args.leaf_value is not None and not 0 <= args.leaf_value <= 1:
            raise BoardlabError("--leaf-value must be between 0 and 1")
        records = run(args.game, args.players, args.positions, args.iterations, seeds, args.seed, args.jobs,
                      args.source, args.per_game, args.out, progress=True, prior=args.prior,
                      searches=args.searches, c=args.c, halving=args.halving,
                      leaf_value=args.leaf_value)
    except (BoardlabError, ValueError) as exc:
        raise SystemExit(f"suggest_stability.py: error: {exc}") from None
    summary = summarise(records)
    print(format_summary(summary, args.game, args.iterations))
    return summary


if __name__ == "__main__":
    main()
