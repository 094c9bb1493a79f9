"""The ``boardlab`` command line: simulate, report, suggest, position, games.

Each command parses its options, calls one library function and prints; bad
input of any kind ends with one line on stderr naming the problem, exit code 2
and no traceback.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import click

from engine_c.errors import BoardlabError


def _fail(message):
    """Print one error line and exit 2."""
    click.echo(f"boardlab: error: {message}", err=True)
    sys.exit(2)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="boardlab")
def cli():
    """Monte-Carlo (ISMCTS) solver and strategy analyser for Euro board games."""


@cli.command()
def games():
    """List the games and their player counts."""
    from engine_c import game_names, state_class

    for name in game_names():
        cls = state_class(name)
        click.echo(f"{name:10s} {cls.min_players}-{cls.max_players} players")


@cli.command()
@click.option("--game", required=True, help="Game short name (see `boardlab games`).")
@click.option("--players", type=int, default=2, show_default=True, help="Players per game.")
@click.option("--agent", "agents", multiple=True, required=True,
              help="Agent spec, once per seat, e.g. ismcts:iterations=1000, greedy, random.")
@click.option("--games", "num_games", type=int, default=100, show_default=True, help="Games to play.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes.")
@click.option("--seed", type=int, default=0, show_default=True, help="Root seed of the run.")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="Result directory (Parquet dataset); default runs/<game>-<seed>.parquet.")
@click.option("--paired", is_flag=True, help="Replay each deal with the seats permuted (common random numbers).")
@click.option("--resume", is_flag=True, help="Continue the run stored in --out.")
@click.option("--backend", type=click.Choice(["loky", "dask"]), default="loky", show_default=True,
              help="Where games run: local processes, or a Dask cluster.")
@click.option("--address", default=None, help="Dask scheduler address, e.g. tcp://HOST:8786.")
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: when stderr is a terminal).")
def simulate(game, players, agents, num_games, jobs, seed, out, paired, resume, backend, address, progress):
    """Play many games between agents and summarise who wins."""
    from solver.runner import RunConfig, run
    from solver.summary import format_summary

    config = RunConfig(game=game, players=players, agents=tuple(agents), games=num_games, seed=seed,
                       paired=paired)
    out = out or Path("runs") / f"{game}-{players}p-seed{seed}.parquet"
    show = sys.stderr.isatty() if progress is None else progress
    started = time.perf_counter()
    with click.progressbar(length=num_games, label="games", file=sys.stderr, show_pos=True,
                           show_eta=True, hidden=not show) as bar:
        rows = run(config, out, jobs=jobs, resume=resume, backend=backend, address=address,
                   on_games_done=bar.update)
    elapsed = time.perf_counter() - started
    click.echo(format_summary(rows, elapsed))
    click.echo(f"results: {out}")


def main(argv=None):
    """Entry point: run the CLI, turning every input error into one line and exit code 2."""
    try:
        cli.main(args=argv, prog_name="boardlab", standalone_mode=False)
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except click.exceptions.Abort:
        _fail("aborted")
    except click.ClickException as exc:
        _fail(exc.format_message())
    except BoardlabError as exc:
        _fail(str(exc))
    except (FileNotFoundError, PermissionError, IsADirectoryError) as exc:
        _fail(f"{exc.filename}: {exc.strerror}")


if __name__ == "__main__":
    main()
