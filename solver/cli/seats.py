"""``boardlab seats``: seat advantage by skill: self-play at a ladder of skill levels, per player
count (solver.runs.study plays it, analysis.ladder estimates)."""
from __future__ import annotations

from pathlib import Path

import click

from solver.cli.common import (INT, backend_options, data_option, echo_note, options_option, parse_options,
                               play_study)
from solver.runs.config import MAX_SEED, check_int

# greedy, then the search at three budgets up to the default agent's (solver.search.agents.DEFAULT_ITERATIONS)
LADDER = ("greedy", "ismcts:iterations=100", "ismcts:iterations=300", "ismcts:iterations=1000")


def ladder_runs(game, players, agents, games, seed, options, data):
    """The study: one self-play run per player count and agent."""
    from solver.runs.config import RunConfig
    from solver.runs.study import StudyRun, slug

    return [StudyRun(f"{game}-{n}p-{slug(agent)}",
                     RunConfig(game=game, players=n, agents=(agent,), games=games, seed=seed, options=options),
                     data)
            for n in players for agent in agents]


def ladder_text(table, trend, game, options_text=""):
    """The printed answer: per player count, each level's seat figures, the human figures, the trend."""
    from analysis.ladder import trend_text

    lines = []
    for players, t in table.groupby("players", sort=True):
        lines.append(f"{game}{options_text}, {players} players, self-play: each figure is about the agent named "
                     "on its line playing every seat")
        lines.append(f"  {'agent':26s} {'seat':>4s} {'games':>6s} {'win share':>9s} {'95% CI':>16s} "
                     f"{'p vs fair':>9s} {'score diff':>10s} {'95% CI':>16s}")
        for row in t.sort_values(["level", "seat"]).itertuples():
            lines.append(f"  {row.agent[:26]:26s} {row.seat:4d} {row.games:6d} {100 * row.win_share:8.1f}% "
                         f"[{100 * row.lo:5.1f}, {100 * row.hi:5.1f}]% {row.p_binom:9.3f} {row.diff:+10.1f} "
                         f"[{row.diff_lo:+6.1f}, {row.diff_hi:+6.1f}]")
        human = t["human_win_share"].dropna()
        if len(human):
            lines.append(f"  humans: the start player wins {100 * human.iloc[0]:.1f}% "
                         "(docs/analysis.md, \"Seat advantage by skill\", cites the source)")
        else:
            lines.append("  humans: no published seat figures for this game (docs/analysis.md)")
        lines.append(f"  fair share {100 / players:.1f}%; " + trend_text(trend[trend["players"] == players].iloc[0]))
        lines.append("")
    return "\n".join(lines)


@click.command()
@click.option("--game", required=True, help="Game short name (see `boardlab games`).")
@click.option("--players", "player_counts", type=INT, multiple=True, help="Player count, repeatable (default 2).")
@click.option("--agent", "agents", multiple=True,
              help=f"Agent of one level of the ladder, repeatable (default: {', '.join(LADDER)}).")
@click.option("--games", "num_games", type=INT, default=200, show_default=True, help="Games per level and player count.")
@click.option("--seed", type=INT, default=0, show_default=True, help="Root seed of every run (0..2^64-1).")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Study folder (runs, table, figure); default runs/seats-<game>-seed<seed>/. "
                   "The same command again continues a stopped study.")
@backend_options
@data_option()
@options_option()
def seats(game, player_counts, agents, num_games, seed, out, jobs, backend, address, progress, data_path, options):
    """Seat advantage by skill: each seat's win share and score difference in self-play at each level."""
    from solver.games.options import describe

    check_int("--seed", seed, 0, MAX_SEED)
    options = parse_options(options)
    out = out or Path("runs") / f"seats-{game}-seed{seed}"
    study_runs = ladder_runs(game, player_counts or (2,), agents or LADDER, num_games, seed, options, data_path)
    paths = play_study(study_runs, out, jobs, backend, address, progress)

    from analysis.ladder import plot_seat_ladder, seat_ladder, skill_trend
    from analysis.load import load_runs
    from analysis.plots import save_png

    frame = load_runs(paths)
    table, trend = seat_ladder(frame), skill_trend(frame)
    table.to_csv(out / "seats.csv", index=False, float_format="%.6g")
    trend.to_csv(out / "trend.csv", index=False, float_format="%.6g")
    save_png(plot_seat_ladder(table, game), out / "seats.png")
    click.echo(ladder_text(table, trend, game, f" ({describe(options)})" if options else ""))
    echo_note(game, err=True)
    click.echo(f"study: {out} (seats.csv, trend.csv, seats.png)")
