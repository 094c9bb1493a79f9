"""The ``boardlab`` command line: simulate, report, suggest, position, show, play, serve, games, data.

Each command parses its options, calls one library function and prints; bad
input of any kind ends with one line on stderr naming the problem, exit code 2
and no traceback.
"""
from __future__ import annotations

import contextlib
import math
import sys
import time
from pathlib import Path

import click

from engine_c.errors import BoardlabError
from solver.runconfig import MAX_JOBS, MAX_SEED, check_int

ITERATIONS_MAX = 10**9            # a search of 10^9 iterations already needs tens of GB of nodes
SECONDS_MAX = 86400.0             # --time: at most a day
SECONDS_MIN = 0.001               # --time: less ends before the search's first iteration (README, suggest)
RANDOM_MOVES_MAX = 10**6          # far past the end of any game


def _one_line(message):
    """A message as one line (click's and some library messages can hold line breaks)."""
    return " ".join(str(message).split()) or "unknown error"


def _fail(message):
    """Print one error line and exit 2."""
    click.echo(f"boardlab: error: {_one_line(message)}", err=True)
    sys.exit(2)


def _check_seconds(name, value):
    """``value`` if it is a finite number of seconds in (0, SECONDS_MAX]; else BoardlabError."""
    if not math.isfinite(value):
        raise BoardlabError(f"{name} must be a finite number of seconds, got {value}")
    if value <= 0:
        raise BoardlabError(f"{name} must be positive, got {value}")
    if value < SECONDS_MIN:
        raise BoardlabError(f"{name} must be at least {SECONDS_MIN} seconds (a shorter search ends before its "
                            f"first iteration), got {value}")
    if value > SECONDS_MAX:
        raise BoardlabError(f"{name} must be at most {SECONDS_MAX:.0f} seconds (one day), got {value}")
    return value


def _data_option(help_text="Game data file (JSON) to use instead of the shipped one (docs/data.md)."):
    """The ``--data FILE`` option of the commands that play or show a game."""
    return click.option("--data", "data_path", type=click.Path(path_type=Path), default=None, help=help_text)


def _options_option():
    """The repeatable ``--option KEY=VALUE`` of the commands that start a new game."""
    return click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
                        help="Game option (rules variant), repeatable, e.g. winter=true for seasons, "
                             "die_wrap=false or action_tiles=true for tiletum.")


def _parse_options(pairs):
    """``--option`` values as sorted (key, value) pairs (one-line BoardlabError if malformed)."""
    from solver.gameoptions import parse

    return parse(pairs)


def _echo_note(game, err=False):
    """Print the one line saying ``game``'s data holds placeholders, if it does (on standard error
    where standard output is the command's result: a table, a picture, JSON)."""
    from solver.datafiles import note

    line = note(game)
    if line:
        click.echo(line, err=err)


_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())   # click >= 8.2


class _Interrupted(Exception):
    """Ctrl-C inside a command, carried past click (which would print a blank line and 'Aborted!');
    ``hint``: what the command says about its work so far (a run: where its games are), or None."""

    def __init__(self, hint=None):
        super().__init__(hint)
        self.hint = hint


class _Group(click.Group):
    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            raise _Interrupted(getattr(exc, "hint", None)) from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
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
              help="Result directory (Parquet dataset); default runs/<game>-<players>p-seed<seed>.parquet.")
@click.option("--paired", is_flag=True, help="Replay each deal with the seats permuted (common random numbers).")
@click.option("--resume", is_flag=True, help="Continue the run stored in --out.")
@click.option("--backend", type=click.Choice(["loky", "dask"]), default="loky", show_default=True,
              help="Where games run: local processes, or a Dask cluster.")
@click.option("--address", default=None, help="Dask scheduler address, e.g. tcp://HOST:8786.")
@click.option("--save-positions", type=int, default=0, metavar="K",
              help="Also save every K-th position of each game as JSON under OUT/_positions/.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar (default: when stderr is a terminal; elsewhere, with --progress, a line every 10 s).")
@_data_option()
@_options_option()
def simulate(game, players, agents, num_games, jobs, seed, out, paired, resume, backend, address,
             save_positions, progress, data_path, options):
    """Play many games between agents and summarise who wins."""
    from solver.gameoptions import describe
    from solver.progress import progress_bar
    from solver.runconfig import RunConfig
    from solver.runner import run

    config = RunConfig(game=game, players=players, agents=tuple(agents), games=num_games, seed=seed,
                       paired=paired, options=_parse_options(options))
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
    from solver.summary import format_summary      # scipy and pandas load here: a refused run stays quick

    summary = format_summary(rows, elapsed, played[0])
    if config.options:          # the first line names the variant: "10 games of seasons (winter=true), ..."
        summary = summary.replace(f" of {game},", f" of {game} ({describe(config.options)}),", 1)
    click.echo(summary)
    _echo_note(game, err=True)
    click.echo(f"results: {out}")


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True, help="Report directory to write.")
def report(paths, out):
    """Write plots and an HTML report from one or more simulation results."""
    # a mistyped path is refused before pandas and matplotlib load (seconds)
    from analysis.names import VALUES_MANIFEST, holds_results

    for path in paths:
        if not path.exists():
            _fail(f"{path}: no such file or directory")
        # a values folder is read (and its faults named) by the report itself
        if path.is_dir() and not holds_results(path) and not (path / VALUES_MANIFEST).is_file():
            _fail(f"{path}: empty dataset (no .parquet part files in the directory)")
    from analysis.report import write_report

    page, notes = write_report(list(paths), out, with_notes=True)
    for line in notes:
        click.echo(line)
    click.echo(f"report: {page}")


@cli.command()
@click.argument("run", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="Folder for the pairs, estimates and figure (new or empty, or with --resume).")
@click.option("--kinds", default="", help="Comma-separated kinds or groups, e.g. knowledge,ship,k7 (default: all).")
@click.option("--continuations", type=int, default=8, show_default=True,
              help="Pairs of continuations per position and kind (at most 10^6).")
@click.option("--positions-per-kind", type=int, default=0, show_default=True,
              help="Saved positions per kind at most, chosen at random by --seed (0: all).")
@click.option("--agent", "agents", multiple=True,
              help="Agent spec for the continuations, once per seat (default: the run's agents).")
@click.option("--jobs", type=int, default=1, show_default=True, help="Worker processes (at most 1024).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the continuations (0..2^64-1).")
@click.option("--resume", is_flag=True, help="Continue the values run stored in --out.")
@click.option("--progress/--no-progress", default=None,
              help="Progress bar (default: when stderr is a terminal; elsewhere, with --progress, a line every 10 s).")
def values(run, out, kinds, continuations, positions_per_kind, agents, jobs, seed, resume, progress):
    """Value each tile or card kind by forcing its take in a run's saved positions."""
    check_int("--continuations", continuations, 1, 10**6)
    check_int("--positions-per-kind", positions_per_kind, 0, 10**9)
    check_int("--jobs", jobs, 1, MAX_JOBS)
    check_int("--seed", seed, 0, MAX_SEED)
    # a mistyped run folder is refused before pandas loads (seconds)
    if not run.is_dir():
        _fail(f"{run}: no such run folder")
    from analysis.names import has_manifest

    if not has_manifest(run):
        _fail(f"{run}: not a run folder (no _manifest.json with its settings)")
    from solver.values_cli import values_command
    click.echo(values_command(run, out, kinds, continuations, positions_per_kind, agents, jobs, seed,
                              resume, progress))


@cli.command()
@click.option("--game", required=True, help="Game short name.")
@click.option("--players", type=int, default=2, show_default=True, help="Players.")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deal and of the random moves (0..2^64-1).")
@click.option("--random-moves", type=int, default=0, show_default=True, help="Random moves to play from the opening (at most 10^6).")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="File to write (default: print); an existing file is kept unless --force.")
@click.option("--force", is_flag=True, help="Overwrite --out if it exists.")
@_data_option()
@_options_option()
def position(game, players, seed, random_moves, out, force, data_path, options):
    """Write a position (JSON) to analyse or edit: an opening, or after random moves."""
    from solver.positions import pretty_json, random_position

    check_int("--seed", seed, 0, MAX_SEED)
    check_int("--random-moves", random_moves, 0, RANDOM_MOVES_MAX)
    _check_new_file(out, force)
    options = _parse_options(options)
    text = pretty_json(random_position(game, players, seed, random_moves, data=data_path, options=dict(options),
                                       names={"seed": "--seed", "random_moves": "--random-moves"}).to_json())
    _echo_note(game, err=True)             # standard output stays one JSON object
    if out is None:
        click.echo(text)
    else:
        _write_text(out, text + "\n")
        click.echo(f"position: {out}")


@cli.command()
@click.option("--game", default=None, help="Game short name the position must belong to (default: the one it names).")
@click.option("--position", "position_path", required=True, type=click.Path(path_type=Path),
              help="Position file (JSON, as written by `boardlab position`); - reads standard input.")
@click.option("--iterations", type=int, default=None, help="ISMCTS iterations in all (default 20000, at most 10^9).")
@click.option("--time", "seconds", type=float, default=None, help="Search for this many seconds instead (at most 86400).")
@click.option("--jobs", type=int, default=1, show_default=True, help="Threads running the searches (at most 1024).")
@click.option("--searches", type=int, default=None,
              help="Independent trees sharing the iterations (default 2; with --time: --jobs). More trees "
                   "keep more threads busy, fewer deeper ones give steadier suggestions.")
@click.option("--seed", type=int, default=0, show_default=True, help="Search seed (0..2^64-1).")
@click.option("--top", type=int, default=8, show_default=True, help="Candidate moves to show.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON for programs.")
@_data_option()
def suggest(game, position_path, iterations, seconds, jobs, searches, seed, top, as_json, data_path):
    """Rank the moves of the player to act in a position by ISMCTS."""
    import json

    from solver.datafiles import note
    from solver.positions import load_position
    from solver.search import SAME_OUTCOME_PLAYOUTS, analyse, mark, ties_best

    if iterations is not None and seconds is not None:
        raise BoardlabError("give --iterations or --time, not both")
    if iterations is None and seconds is None:
        iterations = 20000
    if iterations is not None:
        check_int("--iterations", iterations, 1, ITERATIONS_MAX)
    if seconds is not None:
        _check_seconds("--time", seconds)
    check_int("--jobs", jobs, 1, MAX_JOBS)
    if searches is not None:
        check_int("--searches", searches, 1, MAX_JOBS)
        if iterations is not None and searches > iterations:     # the trees past the iterations stay empty
            raise BoardlabError(f"--searches {searches} is more than --iterations {iterations}: each search "
                                "needs at least one iteration")
    check_int("--seed", seed, 0, MAX_SEED)
    check_int("--top", top, 1, sys.maxsize)
    state = load_position(position_path, game, data=data_path)
    game = state.game_name                 # --game only checks the position; the position names its game
    candidates = analyse(state, iterations=iterations, time=seconds, jobs=jobs, seed=seed, searches=searches)
    if seconds is not None and not sum(c["visits"] for c in candidates):   # a loaded machine may spend it on setup
        raise BoardlabError(f"--time {seconds} ended before the search's first iteration: give more time")
    shown = candidates[:top]
    line = note(game)
    if as_json:
        extra = {"data": state.data_hash, "note": line} if line else {}
        click.echo(json.dumps({"game": game, "player": state.current_player(), "candidates": shown, **extra},
                              indent=2))
        return
    if line:
        click.echo(line, err=True)
    total = sum(c["visits"] for c in candidates)
    click.echo(f"seat {state.current_player()} to move; {total} root visits over {len(candidates)} moves")
    click.echo(f"{'#':>3s} {'move':28s} {'visits':>8s} {'win prob':>8s} {'exp. score':>10s}  line of play")
    for rank, c in enumerate(shown, 1):
        click.echo(f"{mark(c, rank == 1) or ' '}{rank:2d} {c['move'][:28]:28s} {c['visits']:8d} {c['win_prob']:8.3f} "
                   f"{c['expected_score']:10.1f}  {', '.join(c['pv'])}")    # moves may hold spaces
    marks = [mark(c) for c in candidates[1:]]
    reordered, alike, tied = marks.count("~"), marks.count("*"), marks.count("=")
    if reordered:
        click.echo(f"~ the same moves this turn as #1 in another order (each line plays the other's move before "
                   f"the turn passes): {reordered} such move{'s' if reordered > 1 else ''}")
    if alike:
        click.echo(f"* no difference: {SAME_OUTCOME_PLAYOUTS} paired playouts after this move and after #1 end with "
                   f"the same scores: {alike} such move{'s' if alike > 1 else ''}")
    if tied:
        click.echo(f"= the search cannot tell this move from #1 at this budget (values within 95% error): "
                   f"{tied} such move{'s' if tied > 1 else ''}; more iterations may separate them")
    # ties_best(c, #1) is False when c's value exceeds #1's by more than the error of the difference
    better = [rank for rank, c in enumerate(shown[1:], 2) if not ties_best(c, candidates[0])]
    if better:
        click.echo(f"#1 leads on visits, not on value: the search values #{better[0]} higher, beyond its error; at "
                   f"this budget the playout policy's preference still steers the visits: more iterations decide")


@cli.command()
@click.argument("position_path", metavar="POSITION", type=click.Path(path_type=Path))
@click.option("--seat", type=int, default=None, help="Draw only what this seat can see (default: everything).")
@click.option("--color/--no-color", default=None, help="ANSI colours (default: when stdout is a terminal).")
@_data_option("Game data file (JSON) for the position's game, instead of the shipped one (docs/data.md).")
def show(position_path, seat, color, data_path):
    """Draw a position in the terminal (POSITION: a position file, or - for standard input)."""
    from solver.display import show_position

    picture, line = show_position(position_path, seat, color, data=data_path)
    if line:
        click.echo(line, err=True)
    click.echo(picture, color=color)


@cli.command()
@click.option("--game", default=None, help="Game short name (not needed with --position).")
@click.option("--players", type=int, default=None, help="Players of a new game (default 2).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the deal and of the AI (0..2^64-1).")
@click.option("--position", "position_path", default=None,
              help="Play on from this position file; - reads it from standard input, the commands following it.")
@click.option("--seat", type=int, default=0, show_default=True, help="Your seat; the AI plays the others.")
@click.option("--ai", default=None, help="Agent spec of the AI (default ismcts:iterations=10000).")
@click.option("--color/--no-color", default=None, help="ANSI colours (default: when stdout is a terminal).")
@_data_option()
@_options_option()
def play(game, players, seed, position_path, seat, ai, color, data_path, options):
    """Play a game against the AI in the terminal (type help during the game)."""
    from solver.play import play_in_terminal

    check_int("--seed", seed, 0, MAX_SEED)
    options = _parse_options(options)
    return play_in_terminal(game, players, seed, position_path, seat, ai, color, data=data_path,
                            options=dict(options))


@cli.command()
@click.option("--port", type=int, default=8765, show_default=True, help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but 127.0.0.1 lets other machines in.")
@click.option("--position", "position_path", default=None,
              help="Position file new pages start from (default: a new 2-player Castles of Burgundy game).")
@click.option("--data", "data_paths", multiple=True, type=click.Path(path_type=Path),
              help="Game data file (JSON) to use for the game it names, instead of the shipped one; "
                   "once per game (docs/data.md).")
def serve(port, host, position_path, data_paths):
    """The analysis board in the browser: draw positions, play the AI, ask for the best move."""
    from solver.web.server import serve as serve_board

    check_int("--port", port, 0, 65535)
    serve_board(host, port, position_path, echo=lambda text: click.echo(text), data=list(data_paths))


@cli.group()
def data():
    """Game data files: export the tables a game plays with, check an edited file (docs/data.md)."""


@data.command("export")
@click.option("--game", required=True, help="Game short name (a game with a data file: seasons, tiletum).")
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="File to write (JSON); an existing file is kept unless --force.")
@click.option("--force", is_flag=True, help="Overwrite --out if it exists (an edited data file is lost).")
@_data_option("Export this data file (checked, with comments) instead of the shipped one.")
def data_export(game, out, force, data_path):
    """Write a game's data file: every table with its comments, placeholders marked."""
    from solver.datafiles import export

    _check_new_file(out, force)
    info = export(game, out, data_path)
    click.echo(f"{game} data {info.hash}: {info.placeholders} placeholders; written to {out}")


@data.command("check")
@click.argument("path", metavar="FILE", type=click.Path(path_type=Path))
def data_check(path):
    """Check a data file: format, counts, ids, references; say how many placeholders remain."""
    from solver.datafiles import check

    game, digest, holes = check(path)
    click.echo(f"{path}: valid {game} data, hash {digest}; {len(holes)} placeholders remain"
               + (f" (first: {holes[0]})" if holes else ""))


def _check_new_file(path, force):
    """Refuse to overwrite an existing file (a position or data file the user may have edited), and a
    FIFO or device, which would block or swallow the file (engine_c.userfiles)."""
    from engine_c.userfiles import NotRegularFile, check_writable

    try:
        if path is not None:
            check_writable(path)
    except NotRegularFile as exc:
        _fail(f"cannot write {path}: it {exc}, not a file; give a file name for --out")
    if path is not None and not force and Path(path).is_file():
        _fail(f"{path} exists; give --force to overwrite it, or another --out")


def _write_text(path, text):
    """Write a file, turning OS errors into one-line BoardlabErrors."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BoardlabError(f"cannot write {path}: {exc.strerror or exc}") from None


# joblib's process pool starts a resource tracker that inherits the interpreter's -W options; a
# run stopped by SIGTERM or Ctrl-C terminates the workers, and the tracker then warns about their
# semaphores on stderr, after the one line the stop prints.  That is bookkeeping, not news.
_TRACKER_WARNINGS = ("ignore::UserWarning:joblib.externals.loky.backend.resource_tracker",
                     "ignore::UserWarning:multiprocessing.resource_tracker")


def _quiet_worker_bookkeeping():
    """Keep the worker pool's resource trackers from warning on stderr when a run is stopped."""
    for option in _TRACKER_WARNINGS:
        if option not in sys.warnoptions:
            sys.warnoptions.append(option)


def main(argv=None):
    """Entry point: run the CLI, turning every input error into one line and exit code 2.

    Usage errors (unknown commands or options, bad option values) are click's, printed as one
    line instead of click's usage block; Ctrl-C prints one line and exits 130.  Other exceptions
    are bugs and keep their traceback.
    """
    _quiet_worker_bookkeeping()
    try:
        code = cli.main(args=argv, prog_name="boardlab", standalone_mode=False)
    except _NO_ARGS_IS_HELP as exc:   # bare `boardlab` (or `boardlab data`): click 8.2+ would print the help as an error
        ctx = getattr(exc, "ctx", None)
        group = ctx.command if ctx is not None and isinstance(ctx.command, click.Group) else cli
        path = ctx.command_path if group is not cli else "boardlab"
        _fail(f"missing command (one of: {', '.join(group.list_commands(ctx))}); see {path} --help")
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except (_Interrupted, KeyboardInterrupt) as exc:
        hint = getattr(exc, "hint", None)          # a run says where its finished games are
        click.echo(f"boardlab: interrupted: {hint}" if hint else "boardlab: interrupted", err=True)
        sys.exit(130)
    except click.exceptions.Abort:
        _fail("aborted")
    except click.ClickException as exc:
        _fail(exc.format_message())
    except BoardlabError as exc:
        _fail(str(exc))
    except (FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError) as exc:
        _fail(f"{exc.filename}: {exc.strerror}")
    sys.exit(code if isinstance(code, int) else 0)


if __name__ == "__main__":
    main()
