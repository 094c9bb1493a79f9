"""Playing strength: a rated ladder of agents per game, or head-to-head ISMCTS matches.

Ladder (the default mode):

    python scripts/strength.py --game sanjuan --players 2 --deals 4 --jobs 2 --out runs/ladder-sanjuan-2p
    python scripts/strength.py --game seasons --players 4 --budgets 500,2000,10000 --resume ...

The pool is random, greedy, and flat, PIMC (--determinizations trees) and ISMCTS at each
--budgets iteration count (default 500,2000; add 10000 for the expensive rung). Every agent
uses its defaults and the game's search_defaults. Schedule: the games come in deals; on every
deal each *table* (a set of --players agents of the pool) plays once in every seat rotation
(table (a, b, c), rotation r: seat s is held by agent (s + r) % 3 of the table), all on the
same deal (cards, tiles, dice), so every agent meets the same luck in every seat.
  --design all      every --players-subset of the pool is a table (with 2 players: every pair
                    plays every deal twice, seats swapped); the default for 2 players
  --design cyclic   per deal, a seeded permutation of the pool, and the P windows of --players
                    consecutive agents in it (cyclically) are the tables: every agent sits at
                    exactly --players tables per deal, and over deals every pair meets equally
                    often on average; the default for 3-4 players (all subsets cost too much)
Game g is deal g // (tables * players), table (g // players) % tables, rotation g % players.
Seeds: the deal's chance stream is SeedSequence(seed, spawn_key=(deal,)).spawn(1)[0]; seat s's
agent gets SeedSequence(seed, spawn_key=(g,)).spawn(1 + players)[1 + s]; the cyclic design's
permutation comes from SeedSequence([seed, 1], spawn_key=(deal,)). So every number is the same
whatever --jobs is (except the time per move). The run is written in the runner's format
(docs/results.md: _manifest.json with settings.agents = the pool, paired = true, so a block of
--players games of one table is one deal for analysis.load; the extra manifest key "ladder"
holds the schedule); every finished game is journalled at once, --resume plays the missing
games (and a larger --deals extends the run). Extra row columns: ladder_deal, table,
decisions (the seat's decisions with more than one legal move) and think_s (the CPU time of
the seat's decisions). `boardlab report` and analysis.load read the folder. --data FILE plays
a game with a data file (Castles of Burgundy, Tiletum, A Castle for All Seasons) with that file, as simulate does:
the manifest's "data" entry and the copy _data.json record it (the shipped data otherwise), every
worker installs it, and --resume refuses a run played with other data.
The table: Plackett-Luce rating (analysis.ratings, Elo-like, mean 0) with a 95% bootstrap
interval over deal blocks, win rate (win credit per seat), mean score, CPU ms per decision.

Matches (2 players; chosen by --match, or by any of the match options --games,
--selfplay-games, --iterations, --selfplay-iterations, --options, --paired):

    python scripts/strength.py --games 100 --jobs 2              # all four matches, Burgundy
    python scripts/strength.py --match ismcts-vs-pimc --paired --games 100 --seed 3

  ismcts-vs-random    ISMCTS (--iterations, 2000) vs random
  ismcts-vs-greedy    ISMCTS vs greedy
  ismcts-vs-pimc      ISMCTS vs PIMC with the same total iterations (--determinizations trees)
  selfplay            ISMCTS (--selfplay-iterations, 10000) against itself: mean score
  all                 the four
--options 'reward=margin,c=0.5' adds parameters to every ISMCTS spec (not to the baselines).
Game g of every match uses SeedSequence(seed, spawn_key=(g,)) (its children seed the
deal and each seat's agent), so all matches see the same deals; ISMCTS sits in seat g % 2.
With --paired, games 2k and 2k+1 play the same deal (spawn_key=(k,)) with the seats swapped,
so the luck of the deal cancels out of the comparison (common random numbers).
A win counts 1, a shared first place 1/2; intervals are 95% Wilson score intervals.
"""
import argparse
import itertools
import math
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_c import new_state, state_class  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402
from solver.runs import data as rundata  # noqa: E402
from solver.search.agents import make_agent  # noqa: E402
from solver.runs.config import MAX_JOBS, MAX_SEED, check_int  # noqa: E402
from analysis.stats import wilson_interval  # noqa: E402

FAMILIES = ("random", "greedy", "flat", "pimc", "ismcts")
SEARCH_FAMILIES = ("flat", "pimc", "ismcts")
DESIGNS = ("all", "cyclic")
SCHEDULE_TAG = 1                 # the cyclic design's permutations: SeedSequence([seed, 1], ...)
MATCH_OPTIONS = ("games", "selfplay_games", "iterations", "selfplay_iterations", "options")


# --------------------------------------------------------------------------- matches

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
    """The chosen matches as (name, spec A, spec B, games)."""
    extra = "".join("," + o.replace(" ", "") for o in (args.options,) if o)
    ismcts = f"ismcts:iterations={args.iterations}{extra}"
    pimc = f"pimc:determinizations={args.determinizations},iterations={args.iterations}"
    table = {
        "ismcts-vs-random": (ismcts, "random", args.games),
        "ismcts-vs-greedy": (ismcts, "greedy", args.games),
        "ismcts-vs-pimc": (ismcts, pimc, args.games),
        "selfplay": (f"ismcts:iterations={args.selfplay_iterations}{extra}",) * 2 + (args.selfplay_games,),
    }
    chosen = args.match or ["all"]
    if "all" in chosen:
        chosen = list(table)
    for name in chosen:
        if name not in table:
            raise SystemExit(f"strength.py: error: unknown match {name!r} (known: {', '.join(table)}, all)")
    return [(name,) + table[name] for name in chosen]


def check_common(args):
    """BoardlabError naming the first bad setting both modes share (checked before anything is written)."""
    state_class(args.game)
    check_int("--jobs", args.jobs, 1, MAX_JOBS)
    check_int("--seed", args.seed, 0, MAX_SEED)
    check_int("--determinizations", args.determinizations, 1, 10**6)


def check_matches(args):
    """BoardlabError naming the first bad setting of the matches."""
    check_common(args)
    for name, a, b, games in matches(args):
        check_int("--selfplay-games" if name == "selfplay" else "--games", games, 1, 10**9)
        make_agent(a, 0)            # names a bad --iterations or --options
        make_agent(b, 0)


def run_matches(args):
    """Play the head-to-head matches and print their table; return its rows."""
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


# --------------------------------------------------------------------------- ladder schedule

def ladder_pool(families=FAMILIES, budgets=(500, 2000), determinizations=10):
    """Agent specs of the ladder: random and greedy once, each search family at every budget."""
    pool = []
    for family in families:
        if family not in FAMILIES:
            raise BoardlabError(f"unknown agent family {family!r} (known: {', '.join(FAMILIES)})")
        if family not in SEARCH_FAMILIES:
            pool.append(family)
            continue
        for budget in budgets:
            extra = f",determinizations={determinizations}" if family == "pimc" and determinizations != 10 else ""
            pool.append(f"{family}:iterations={budget}{extra}")
    if len(set(pool)) < len(pool):
        raise BoardlabError("the ladder pool holds an agent twice (repeated family or budget)")
    return pool


def table_count(pool_size, players, design):
    """Tables per deal: every subset (all) or one window per agent (cyclic)."""
    return math.comb(pool_size, players) if design == "all" else pool_size


def deal_tables(pool_size, players, design, seed, deal):
    """The tables (tuples of pool indices, one per seat before rotation) that play ``deal``."""
    if design == "all":
        return list(itertools.combinations(range(pool_size), players))
    rng = np.random.default_rng(np.random.SeedSequence([seed, SCHEDULE_TAG], spawn_key=(deal,)))
    order = [int(a) for a in rng.permutation(pool_size)]
    return [tuple(order[(j + k) % pool_size] for k in range(players)) for j in range(pool_size)]


def game_plan(lad, game_index):
    """(deal, table number, agent index per seat) of ladder game ``game_index``."""
    players = lad["players"]
    tables = table_count(len(lad["pool"]), players, lad["design"])
    deal = game_index // (tables * players)
    table = (game_index // players) % tables
    rotation = game_index % players
    members = deal_tables(len(lad["pool"]), players, lad["design"], lad["seed"], deal)[table]
    return deal, table, [members[(seat + rotation) % players] for seat in range(players)]


def ladder_seeds(seed, players, deal, game_index):
    """(chance seed of the deal, agent seed per seat) of one ladder game."""
    chance = np.random.SeedSequence(seed, spawn_key=(deal,)).spawn(1)[0]
    agents = np.random.SeedSequence(seed, spawn_key=(game_index,)).spawn(1 + players)[1:]
    return chance, agents


def play_ladder_game(lad, game_index):
    """Play one ladder game; return its rows (the runner's columns plus the ladder's)."""
    from solver.runs.runner import play_to_end, result_rows

    started = time.perf_counter()
    if lad.get("data") is not None:
        rundata.install(lad["data"].payload())
    players = lad["players"]
    deal, table, seats = game_plan(lad, game_index)
    chance, agent_seeds = ladder_seeds(lad["seed"], players, deal, game_index)
    agents = [make_agent(lad["pool"][seats[s]], agent_seeds[s]) for s in range(players)]
    played = play_to_end(new_state(lad["game"], players, chance), agents)
    rows = result_rows(played, lad["game"], game_index, [lad["pool"][s] for s in seats], seats,
                       lad["seed"], time.perf_counter() - started)
    ladder_rows = []
    for seat, row in enumerate(rows):
        # the ladder's columns before the features, as in runs written before
        ladder = {"ladder_deal": deal, "table": table, "decisions": played.decisions[seat],
                  "think_s": played.think_s[seat]}
        ladder_rows.append({**{k: v for k, v in row.items() if not k.startswith("f_")}, **ladder,
                            **{k: v for k, v in row.items() if k.startswith("f_")}})
    return ladder_rows


# --------------------------------------------------------------------------- ladder run

def ladder_settings(args):
    """The ladder's settings (compared on --resume) from the command line."""
    check_common(args)
    cls = state_class(args.game)
    if not cls.min_players <= args.players <= cls.max_players:
        raise BoardlabError(f"--players must be {cls.min_players}-{cls.max_players} for {args.game}, "
                            f"got {args.players}")
    try:
        budgets = tuple(int(b) for b in args.budgets.split(","))
    except ValueError:
        raise BoardlabError(f"--budgets must be iteration counts separated by commas, got {args.budgets!r}") from None
    if not budgets or min(budgets) < 1:
        raise BoardlabError(f"--budgets must be positive, got {args.budgets!r}")
    families = tuple(f.strip() for f in args.agents.split(","))
    pool = ladder_pool(families, budgets, args.determinizations)
    design = args.design or ("all" if args.players == 2 else "cyclic")
    if design not in DESIGNS:
        raise BoardlabError(f"unknown --design {design!r} (known: {', '.join(DESIGNS)})")
    if len(pool) < args.players or (design == "cyclic" and len(pool) == args.players):
        raise BoardlabError(f"{len(pool)} agents in the pool: too few for {args.players}-player tables")
    if args.deals < 1:
        raise BoardlabError(f"--deals must be positive, got {args.deals}")
    for spec in pool:
        make_agent(spec, 0)
    tables = table_count(len(pool), args.players, design)
    run_data = rundata.prepare(args.game, getattr(args, "data", None))     # installs it here too
    return {"game": args.game, "players": args.players, "pool": pool, "design": design,
            "seed": args.seed, "deals": args.deals, "tables": tables,
            "games": args.deals * tables * args.players, "data": run_data}


def _manifest(lad, command):
    from solver import __version__
    from solver.runs.store import timestamp

    return {"boardlab_version": __version__, "command": command,
            "settings": {"game": lad["game"], "players": lad["players"], "agents": list(lad["pool"]),
                         "games": lad["games"], "seed": lad["seed"], "paired": True, "options": {}},
            "ladder": {k: lad[k] for k in ("design", "deals", "tables")},
            "search_defaults": dict(state_class(lad["game"]).search_defaults),
            **({"data": lad["data"].manifest_entry()} if lad.get("data") is not None else {}),
            "started": timestamp(), "finished": None, "status": "running"}


def open_ladder(lad, out, resume, command):
    """Create the run folder, or reopen it with --resume; return (store, game indices done)."""
    from solver.runs.store import ResultStore

    store = ResultStore(out)
    if store.exists():
        if not resume:
            raise BoardlabError(f"{out} already holds a run: pass --resume to continue it or choose another --out")
        manifest = store.read_manifest()
        old, new = manifest["settings"], _manifest(lad, command)["settings"]
        ladder = manifest.get("ladder", {})
        same = {k: v for k, v in old.items() if k != "games"} == {k: v for k, v in new.items() if k != "games"}
        if not same or ladder.get("design") != lad["design"] or ladder.get("tables") != lad["tables"]:
            raise BoardlabError(f"cannot resume {out}: its ladder has other settings (only --deals may grow)")
        rundata.check_resume(out, manifest, lad.get("data"))
        if lad["games"] < old["games"]:
            raise BoardlabError(f"cannot resume {out}: it holds {ladder.get('deals')} deals; --deals may only grow")
        manifest["settings"]["games"] = lad["games"]
        manifest["ladder"]["deals"] = lad["deals"]
        manifest["status"] = "running"
        store.write_manifest(manifest)
        rows = store.finished_rows(manifest)
        done = set(int(i) for i in rows["game_index"].unique()) if len(rows) else set()
        return store, done
    if store.path.exists() and any(store.path.iterdir()):
        raise BoardlabError(f"{out} is not empty and holds no run: choose a new or empty folder for --out")
    store.path.mkdir(parents=True, exist_ok=True)
    store.write_manifest(_manifest(lad, command))
    rundata.write_copy(store.path, lad.get("data"))
    return store, set()


def run_ladder(lad, out, jobs=1, resume=False, command="", progress=True):
    """Play the ladder's missing games into the run folder ``out``; return all its rows."""
    from joblib import Parallel, delayed

    from analysis.load import load_runs
    from solver.runs.runner import backend_context
    from solver.runs.store import timestamp

    store, done = open_ladder(lad, out, resume, command)
    todo = [g for g in range(lad["games"]) if g not in done]
    started = time.perf_counter()
    finished = 0
    if todo:
        with backend_context("loky", jobs, None):
            results = Parallel(n_jobs=jobs, return_as="generator_unordered")(
                delayed(play_ladder_game)(lad, g) for g in todo)
            for rows in results:
                store.append([rows])
                finished += 1
                if progress and (finished % max(1, len(todo) // 20) == 0 or finished == len(todo)):
                    print(f"# {finished}/{len(todo)} games, {time.perf_counter() - started:.0f} s",
                          file=sys.stderr, flush=True)
    store.compact()
    manifest = store.read_manifest()
    manifest.update(status="finished", finished=timestamp())
    store.write_manifest(manifest)
    return load_runs(out)


def ladder_table(df, n_boot=1000, seed=0):
    """One row per agent: rating and 95% interval, win rate, mean score, ms per decision, games."""
    from analysis.ratings import ratings

    rated = ratings(df, by=("game",), n_boot=n_boot, seed=seed).set_index("agent")
    per = df.groupby("agent").agg(score=("score", "mean"), think=("think_s", "sum"),
                                  decisions=("decisions", "sum"))
    out = rated[["games", "seats", "win_rate", "rating", "lo", "hi", "separated"]].join(per)
    out["ms_per_move"] = 1000 * out["think"] / out["decisions"].where(out["decisions"] > 0)
    return out.drop(columns=["think", "decisions"]).sort_values("rating", ascending=False)


def format_ladder(table, lad):
    """The ladder table as Markdown (one row per agent, best first)."""
    lines = [f"{lad['game']}, {lad['players']} players, {lad['deals']} deals x {lad['tables']} tables x "
             f"{lad['players']} seatings = {lad['games']} games (design {lad['design']}, seed {lad['seed']})",
             "",
             "| agent | rating | 95% interval | win rate | mean score | ms per move | games |",
             "|---|---|---|---|---|---|---|"]
    for agent, r in table.iterrows():
        if r["separated"]:          # ahead of (or behind) everyone in every game: only the direction counts
            interval = "unbounded (separated)"
        elif not (math.isfinite(r["lo"]) and math.isfinite(r["hi"])):
            interval = "none (the games all ended alike)"
        else:
            interval = f"{r['lo']:+.0f} to {r['hi']:+.0f}"
        lines.append(f"| `{agent}` | {r['rating']:+.0f} | {interval} | "
                     f"{r['win_rate']:.3f} | {r['score']:.1f} | {r['ms_per_move']:.1f} | {int(r['games'])} |")
    return "\n".join(lines)


# --------------------------------------------------------------------------- command line

def parse_args(argv=None):
    """The command line; ``args.mode`` is 'ladder' or 'matches'."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--game", default="burgundy")
    parser.add_argument("--jobs", type=int, default=1, help="parallel games (joblib processes)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--determinizations", type=int, default=10, help="PIMC trees (default 10)")
    ladder = parser.add_argument_group("ladder")
    ladder.add_argument("--players", type=int, default=2)
    ladder.add_argument("--budgets", default="500,2000", help="iterations of flat, PIMC, ISMCTS (default 500,2000)")
    ladder.add_argument("--agents", default=",".join(FAMILIES), help="agent families in the pool")
    ladder.add_argument("--deals", type=int, default=2, help="deals every table plays (default 2)")
    ladder.add_argument("--design", choices=DESIGNS, default=None, help="tables per deal (default: all for "
                        "2 players, cyclic for 3-4)")
    ladder.add_argument("--out", default=None, help="run folder (default runs/ladder-GAME-Np-sSEED)")
    ladder.add_argument("--resume", action="store_true", help="continue the run in --out")
    ladder.add_argument("--data", default=None, help="game data file (Tiletum, Seasons; default: the shipped one)")
    ladder.add_argument("--boot", type=int, default=1000, help="bootstrap resamples for the intervals")
    match = parser.add_argument_group("matches")
    match.add_argument("--match", action="append", help="run only this match (repeatable; 'all': the four)")
    match.add_argument("--games", type=int, default=None, help="games per match (default 100)")
    match.add_argument("--selfplay-games", type=int, default=None,
                       help="self-play games (default: --games // 5, at least 2)")
    match.add_argument("--iterations", type=int, default=None, help="ISMCTS and PIMC iterations (default 2000)")
    match.add_argument("--selfplay-iterations", type=int, default=None, help="default 10000")
    match.add_argument("--options", default=None, help="extra ISMCTS parameters, e.g. 'reward=margin,c=0.5'")
    match.add_argument("--paired", action="store_true", help="play every deal twice, seats swapped")
    args = parser.parse_args(argv)
    legacy = args.match or args.paired or any(getattr(args, o) is not None for o in MATCH_OPTIONS)
    args.mode = "matches" if legacy else "ladder"
    if legacy:
        args.games = 100 if args.games is None else args.games
        args.iterations = 2000 if args.iterations is None else args.iterations
        args.selfplay_iterations = 10000 if args.selfplay_iterations is None else args.selfplay_iterations
        args.options = args.options or ""
        if args.selfplay_games is None:
            args.selfplay_games = max(2, args.games // 5)
    return args


def main(argv=None):
    """Run the ladder or the matches; return the ladder's table (DataFrame) or the match rows."""
    args = parse_args(argv)
    if args.mode == "matches":
        if args.data is not None:
            raise SystemExit("strength.py: error: --data is for the ladder; the matches play the shipped data")
        try:
            check_matches(args)
        except BoardlabError as exc:
            raise SystemExit(f"strength.py: error: {exc}") from None
        return run_matches(args)
    try:
        lad = ladder_settings(args)
        out = args.out or f"runs/ladder-{args.game}-{args.players}p-s{args.seed}"
        command = "python scripts/strength.py " + " ".join(sys.argv[1:] if argv is None else argv)
        df = run_ladder(lad, out, args.jobs, args.resume, command)
        table = ladder_table(df, n_boot=args.boot, seed=args.seed)
    except BoardlabError as exc:
        raise SystemExit(f"strength.py: error: {exc}") from None
    print(format_ladder(table, lad))
    print(f"\nrun: {out}; ratings: Plackett-Luce, Elo-like, mean 0, 95% bootstrap intervals over deal blocks "
          f"({args.boot} resamples); win rate = win credit per seat; ms per move = CPU time per decision "
          "with more than one legal move")
    return table


if __name__ == "__main__":
    main()
