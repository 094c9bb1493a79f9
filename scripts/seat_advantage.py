"""Seat advantage by playing strength: self-play at rising strength and several player counts.

    python scripts/seat_advantage.py --out seats/ --jobs 2                 # Castles of Burgundy
    python scripts/seat_advantage.py --game sanjuan --players 2 3 --games 100 --out sj/

For every player count and agent (weakest to strongest: random, greedy, ISMCTS at rising
budgets) one self-play run (``solver.runs.runner.run``: seats rotated, game ``i`` seeded by
``SeedSequence(seed, spawn_key=(i,))``, so the numbers do not depend on ``--jobs``) is played into
``OUT/runs/``; a stopped script continues where it stopped when run again with the same options.
Then ``OUT/seat_advantage.csv`` (the start player's share of wins, Wilson 95%, and the mean score
gap to the other seats), ``OUT/compensation.csv`` (per later seat the points that let it beat the
start player in half the games, bootstrap 95%) and ``OUT/seat_advantage.png`` are written and a
Markdown table is printed (analysis/seats.py).
"""
import argparse
import re
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.load import load_runs  # noqa: E402
from analysis.plots import save_png  # noqa: E402
from analysis.seats import compensation, plot_seat_by_skill, seat_by_skill, skill_key  # noqa: E402
from engine_c.errors import BoardlabError  # noqa: E402
from solver.runs.config import RunConfig, validate  # noqa: E402
from solver.runs.runner import run  # noqa: E402

AGENTS = ["random", "greedy", "ismcts:iterations=100", "ismcts:iterations=300",
          "ismcts:iterations=1000"]


def _slug(spec):
    return re.sub(r"[^A-Za-z0-9]+", "-", spec).strip("-")


def _pct(x):
    return f"{100 * x:.1f}%"


def markdown(table, comp):
    """The measured table as Markdown: one row per player count and agent."""
    lines = ["| players | agents (self-play) | games | start player wins | 95% CI | fair | humans "
             "| start player's lead (VP) | 95% CI | bonus for the last seat (VP) | 95% CI |",
             "|---|---|---|---|---|---|---|---|---|---|---|"]
    for row in table.itertuples():
        last = comp[(comp["players"] == row.players) & (comp["agent"] == row.agent)
                    & (comp["seat"] == row.players - 1)].iloc[0]
        human = "" if row.human_start_win_share != row.human_start_win_share else _pct(row.human_start_win_share)
        lines.append(f"| {row.players} | {row.agent} | {row.games} | {_pct(row.start_win_share)} | "
                     f"{_pct(row.lo)}-{_pct(row.hi)} | {_pct(row.fair)} | {human} | {row.gap:.1f} | "
                     f"{row.gap_lo:.1f} to {row.gap_hi:.1f} | {last.bonus:.1f} | "
                     f"{last.bonus_lo:.1f} to {last.bonus_hi:.1f} |")
    return "\n".join(lines)


def main(argv=None):
    """Play the runs (or continue them), then write the tables and the figure."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="burgundy")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4])
    parser.add_argument("--agents", nargs="+", default=AGENTS,
                        help="agent specs, one self-play run each; SPEC@N plays N games with it")
    parser.add_argument("--games", type=int, default=200, help="games per run of random and greedy")
    parser.add_argument("--search-games", type=int, default=100, help="games per run of a search agent")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    try:
        plan = []                 # every run checked before the first is played
        for players in args.players:
            for item in sorted(args.agents, key=lambda a: skill_key(a.split("@")[0])):
                spec, at, count = item.partition("@")
                if at and not (count.isdigit() and int(count) > 0):
                    raise BoardlabError(f"--agents: SPEC@N needs a positive number of games after @, got {item!r}")
                games = int(count) if count else (
                    args.games if spec.split(":")[0] in ("random", "greedy") else args.search_games)
                config = RunConfig(game=args.game, players=players, agents=(spec,), games=games,
                                   seed=args.seed)
                validate(config)
                plan.append((config, args.out / "runs" / f"{args.game}-{players}p-{_slug(spec)}.parquet"))
        paths = []
        for config, path in plan:
            print(f"{config.players} players, {config.agents[0]}: {config.games} games", file=sys.stderr, flush=True)
            run(config, path, jobs=args.jobs, resume=(path / "_manifest.json").is_file())
            paths.append(path)
        df = load_runs(paths)
        table, comp = seat_by_skill(df), compensation(df)
        table.to_csv(args.out / "seat_advantage.csv", index=False, float_format="%.6g")
        comp.to_csv(args.out / "compensation.csv", index=False, float_format="%.6g")
        save_png(plot_seat_by_skill(table, comp, args.game), args.out / "seat_advantage.png")
    except BoardlabError as exc:
        sys.exit(f"seat_advantage: error: {exc}")
    print(markdown(table, comp))


if __name__ == "__main__":
    main()
