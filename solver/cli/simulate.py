"""``boardlab simulate``: play a run of games (solver.runs.runner) and print its summary."""
from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path

import click

from solver.cli.common import INT, data_option, echo_note, options_option, parse_options


@click.command()
@click.option("--game", required=True, help="Game short name (see `boardlab games`).")
@click.option("--players", type=INT, default=2, show_default=True, help="Players per game.")
@click.option("--agent", "agents", multiple=True, required=True,
              help="Agent spec, once per seat, e.g. ismcts:iterations=1000, greedy, random, or study (a "
                   "preset for mass simulation, at most about 5 ms a decision: docs/agents.md); fewer than the "
                   "players are repeated over the seats (K agents: seat s plays agent s mod K), and the "
                   "line-up rotates from game to game.")
@click.option("--games", "num_games", type=INT, default=100, show_default=True, help="Games to play.")
@click.option("--jobs", type=INT, default=1, show_default=True, help="Worker processes.")
@click.option("--seed", type=INT, default=0, show_default=True, help="Root seed of the run.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Result directory (Parquet dataset); default runs/<game>-<players>p-seed<seed>.parquet.")
@click.option("--paired", is_flag=True, help="Replay each deal with the seats permuted (common random numbers).")
@click.option("--resume", is_flag=True, help="Continue the run stored in --out.")
@click.option("--backend", type=click.Choice(["loky", "dask"]), default="loky", show_default=True,
              help="Where games run: local processes, or a Dask cluster.")
@click.option("--address", default=None, help="Dask scheduler address, e.g. tcp://HOST:8786.")
@click.option("--save-positions", type=INT, default=0, metavar="K",
              help="Also save every K-th position of each game as JSON under OUT/_positions/.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar (default: when stderr is a terminal; elsewhere, with --progress, a line every 10 s).")
@data_option()
@options_option()
def simulate(game, players, agents, num_games, jobs, seed, out, paired, resume, backend, address,
             save_positions, progress, data_path, options):
    """Play many games between agents and summarise who wins."""
    from solver.games.options import describe
    from solver.runs.progress import progress_bar
    from solver.runs.config import RunConfig
    from solver.runs.runner import run

    config = RunConfig(game=game, players=players, agents=tuple(agents), games=num_games, seed=seed,
                       paired=paired, options=parse_options(options))
    out = out or Path("runs") / f"{game}-{players}p-seed{seed}.parquet"
    show = sys.stderr.isatty() if progress is None else progress
    started = time.perf_counter()
    with contextlib.ExitStack() as stack:
        played = [0]          # games played in this session (a resumed run's earlier games excluded)
        bars = []             # the bar appears once the run has started: a refused run prints one line

        def games_done(count, resumed):
            """Advance the bar and show the rate of this session's games."""
            if not bars:
                bars.append(stack.enter_context(progress_bar(
                    num_games, "games", show, show_pos=True, show_eta=True,
                    item_show_func=lambda rate: rate)))
            played[0] += 0 if resumed else count
            rate = played[0] / max(time.perf_counter() - started, 1e-9)
            bars[0].update(count, current_item=f"{rate:.2f} games/s")

        rows = run(config, out, jobs=jobs, resume=resume, backend=backend, address=address,
                   on_games_done=games_done, save_positions=save_positions, data=data_path)
    elapsed = time.perf_counter() - started
    from solver.runs.summary import format_summary      # scipy and pandas load here: a refused run stays quick

    summary = format_summary(rows, elapsed, played[0])
    if config.options:          # the first line names the variant: "10 games of seasons (winter=true), ..."
        summary = summary.replace(f" of {game},", f" of {game} ({describe(config.options)}),", 1)
    click.echo(summary)
    echo_note(game, err=True)
    click.echo(f"results: {out}")
