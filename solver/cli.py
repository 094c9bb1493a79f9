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
@click.option("--save-positions", type=int, default=0, metavar="K",
              help="Also save every K-th position of each game as JSON under OUT/_positions/.")
@click.option("--progress/--no-progress", default=None, help="Progress bar (default: when stderr is a terminal).")
def simulate(game, players, agents, num_games, jobs, seed, out, paired, resume, backend, address,
             save_positions, progress):
    """Play many games between agents and summarise who wins."""
    from solver.runner import RunConfig, run
    from solver.summary import format_summary

    config = RunConfig(game=game, players=players, agents=tuple(agents), games=num_games, seed=seed,
                       paired=paired)
    out = out or Path("runs") / f"{game}-{players}p-seed{seed}.parquet"
    show = sys.stderr.isatty() if progress is None else progress
    started = time.perf_counter()
    with click.progressbar(length=num_games, label="games", file=sys.stderr, show_pos=True, show_eta=True,
                           item_show_func=lambda rate: rate, hidden=not show) as bar:
        played = [0]          # games played in this session (a resumed run's earlier games excluded)

        def games_done(count, resumed):
            """Advance the bar and show the rate of this session's games."""
            played[0] += 0 if resumed else count
            rate = played[0] / max(time.perf_counter() - started, 1e-9)
            bar.update(count, current_item=f"{rate:.2f} games/s")

        rows = run(config, out, jobs=jobs, resume=resume, backend=backend, address=address,
                   on_games_done=games_done, save_positions=save_positions)
    elapsed = time.perf_counter() - started
    click.echo(format_summary(rows, elapsed, played[0]))
    click.echo(f"results: {out}")


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True, help="Report directory to write.")
def report(paths, out):
    """Write plots and an HTML report from one or more simulation results."""
    from analysis.report import write_report

    page = write_report(list(paths), out)
    click.echo(f"report: {page}")


@cli.command()
@click.option("--game", required=True, help="Game short name.")
@click.option("--players", type=int, default=2, show_default=True, help="Players.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deal and of the random moves.")
@click.option("--random-moves", type=int, default=0, show_default=True, help="Random moves to play from the opening.")
@click.option("--out", type=click.Path(path_type=Path), default=None, help="File to write (default: print).")
def position(game, players, seed, random_moves, out):
    """Write a position (JSON) to analyse or edit: an opening, or after random moves."""
    from solver.positions import pretty_json, random_position

    text = pretty_json(random_position(game, players, seed, random_moves).to_json())
    if out is None:
        click.echo(text)
    else:
        _write_text(out, text + "\n")
        click.echo(f"position: {out}")


@cli.command()
@click.option("--game", required=True, help="Game short name the position must belong to.")
@click.option("--position", "position_path", required=True, type=click.Path(path_type=Path),
              help="Position file (JSON, as written by `boardlab position`).")
@click.option("--iterations", type=int, default=None, help="ISMCTS iterations in all (default 20000).")
@click.option("--time", "seconds", type=float, default=None, help="Search for this many seconds instead.")
@click.option("--jobs", type=int, default=1, show_default=True, help="Root-parallel searches.")
@click.option("--seed", type=int, default=0, show_default=True, help="Search seed.")
@click.option("--top", type=int, default=8, show_default=True, help="Candidate moves to show.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for programs.")
def suggest(game, position_path, iterations, seconds, jobs, seed, top, as_json):
    """Rank the moves of the player to act in a position by ISMCTS."""
    import json

    from solver.positions import load_position
    from solver.search import analyse

    if iterations is not None and seconds is not None:
        raise BoardlabError("give --iterations or --time, not both")
    if iterations is None and seconds is None:
        iterations = 20000
    if iterations is not None and iterations <= 0:
        raise BoardlabError(f"--iterations must be positive, got {iterations}")
    if seconds is not None and seconds <= 0:
        raise BoardlabError(f"--time must be positive, got {seconds}")
    if jobs <= 0:
        raise BoardlabError(f"--jobs must be positive, got {jobs}")
    state = load_position(position_path, game)
    candidates = analyse(state, iterations=iterations, time=seconds, jobs=jobs, seed=seed)
    shown = candidates[:top]
    if as_json:
        click.echo(json.dumps({"game": game, "player": state.current_player(), "candidates": shown}, indent=2))
        return
    total = sum(c["visits"] for c in candidates)
    click.echo(f"player {state.current_player()} to move; {total} root visits over {len(candidates)} moves")
    click.echo(f"{'#':>2s} {'move':28s} {'visits':>8s} {'win prob':>8s} {'exp. score':>10s}  line of play")
    for rank, c in enumerate(shown, 1):
        click.echo(f"{rank:2d} {c['move'][:28]:28s} {c['visits']:8d} {c['win_prob']:8.3f} "
                   f"{c['expected_score']:10.1f}  {' '.join(c['pv'])}")


def _write_text(path, text):
    """Write a file, turning OS errors into one-line BoardlabErrors."""
    try:
        Path(path).write_text(text)
    except OSError as exc:
        raise BoardlabError(f"cannot write {path}: {exc.strerror}") from None


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
