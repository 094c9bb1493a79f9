"""What the commands share: one-line failures, the --data and --option options, checks of files
and times, and the limits of the numbers a command takes."""
from __future__ import annotations

import math
import sys
from pathlib import Path

import click

from engine_c.errors import BoardlabError

class _AsciiNumber(click.ParamType):
    """A whole or real number written in ASCII digits: Python's int() and float() also read other
    scripts' digits (Arabic-Indic, Devanagari ...), which a typo or a pasted text should not pass."""

    def __init__(self, kind):
        self.kind = kind
        self.name = "integer" if kind is int else "float"

    def convert(self, value, param, ctx):
        """The number, or click's one-line usage error naming the option."""
        if isinstance(value, self.kind) and not isinstance(value, bool):
            return value
        text = str(value)
        shown = repr(text) if len(text) <= 40 else f"{text[:20]!r}... ({len(text)} characters)"
        if not text.isascii():
            self.fail(f"{shown} is not a valid {self.name} (write it in ASCII digits).", param, ctx)
        if len(text) > 40:
            # Python reads at most 4300 digits, and echoing thousands back buries the message
            try:
                return self.kind(text)
            except ValueError:
                self.fail(f"{shown} is not a valid {self.name}.", param, ctx)
        return (click.INT if self.kind is int else click.FLOAT).convert(value, param, ctx)   # click's own words


INT = _AsciiNumber(int)           # every whole-number option of the commands
FLOAT = _AsciiNumber(float)

ITERATIONS_MAX = 10**9            # a search of 10^9 iterations already needs tens of GB of nodes
SECONDS_MAX = 86400.0             # --time: at most a day
SECONDS_MIN = 0.001               # --time: less ends before the search's first iteration (README, suggest)
RANDOM_MOVES_MAX = 10**6          # far past the end of any game


def one_line(message):
    """A message as one line (click's and some library messages can hold line breaks)."""
    return " ".join(str(message).split()) or "unknown error"


def fail(message):
    """Print one error line and exit 2."""
    click.echo(f"boardlab: error: {one_line(message)}", err=True)
    sys.exit(2)


def check_seconds(name, value):
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


def data_option(help_text="Game data file (JSON) to use instead of the shipped one (docs/data.md)."):
    """The ``--data FILE`` option of the commands that play or show a game."""
    return click.option("--data", "data_path", type=click.Path(path_type=Path), default=None, help=help_text)


def options_option():
    """The repeatable ``--option KEY=VALUE`` of the commands that start a new game."""
    return click.option("--option", "options", multiple=True, metavar="KEY=VALUE",
                        help="Game option (rules variant), repeatable, e.g. winter=true for seasons, "
                             "die_wrap=false or action_tiles=true for tiletum, seat_vp=0,3 (starting "
                             "points per seat) for every game.")


def parse_options(pairs):
    """``--option`` values as sorted (key, value) pairs (one-line BoardlabError if malformed)."""
    from solver.games.options import parse

    return parse(pairs)


def echo_note(game, err=False):
    """Print the one line saying ``game``'s data holds placeholders, if it does (on standard error
    where standard output is the command's result: a table, a picture, JSON)."""
    from solver.games.datafiles import note

    line = note(game)
    if line:
        click.echo(line, err=err)




def check_new_file(path, force):
    """Refuse to overwrite an existing file (a position or data file the user may have edited), and a
    FIFO or device, which would block or swallow the file (engine_c.userfiles)."""
    from engine_c.userfiles import NotRegularFile, check_writable

    try:
        if path is not None:
            check_writable(path)
    except NotRegularFile as exc:
        fail(f"cannot write {path}: it {exc}, not a file; give a file name for --out")
    if path is not None and not force and Path(path).is_file():
        fail(f"{path} exists; give --force to overwrite it, or another --out")


def write_text(path, text):
    """Write a file, turning OS errors into one-line BoardlabErrors."""
    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        raise BoardlabError(f"cannot write {path}: {exc.strerror or exc}") from None


def backend_options(command):
    """The ``--jobs``, ``--backend``, ``--address`` and ``--progress`` options of the commands that play."""
    for option in reversed((
            click.option("--jobs", type=INT, default=1, show_default=True, help="Worker processes."),
            click.option("--backend", type=click.Choice(["loky", "dask"]), default="loky", show_default=True,
                         help="Where games run: local processes, or a Dask cluster."),
            click.option("--address", default=None, help="Dask scheduler address, e.g. tcp://HOST:8786."),
            click.option("--progress/--no-progress", default=None,
                         help="Progress bar (default: when stderr is a terminal; elsewhere, with --progress, "
                              "a line every 10 s)."))):
        command = option(command)
    return command


def play_study(study_runs, out, jobs, backend, address, progress):
    """Play a study's runs (solver.runs.study) with one progress bar over all their games;
    returns the runs' paths. A stopped study says where its games are and how to continue."""
    import contextlib

    from solver.runs import study
    from solver.runs.progress import progress_bar

    study.check_study(study_runs, jobs, backend, address)     # refused before the bar appears
    show = sys.stderr.isatty() if progress is None else progress
    total = sum(r.config.games for r in study_runs)
    with contextlib.ExitStack() as stack:
        bar = stack.enter_context(progress_bar(total, "games", show, show_pos=True, show_eta=True))
        try:
            return study.play_study(study_runs, out, jobs, backend, address,
                                    echo=lambda text: None if show else click.echo(text, err=True),
                                    on_games_done=lambda name, count: bar.update(count))
        except KeyboardInterrupt as exc:
            exc.hint = f"the finished games are kept in {out}; give the same command again to continue"
            raise


def position_input(purpose, required=False):
    """The one way commands take a position: ``POSITION`` (an argument) or ``--position POSITION``,
    both accepted by every command that reads one (``-``: standard input); the decorated command
    receives ``position_path`` (None when neither is given and ``required`` is False)."""
    def decorate(command):
        """Add the argument and the option, and merge them into ``position_path``."""
        import functools

        @functools.wraps(command)
        def merged(*args, position_arg=None, position_opt=None, **kwargs):
            """Call the command with the one position given."""
            if position_arg is not None and position_opt is not None:
                fail(f"two positions given ({position_arg} and --position {position_opt}): give one, "
                     "as POSITION or as --position POSITION")
            path = position_arg if position_arg is not None else position_opt
            if required and path is None:
                fail("give a position file: POSITION (or --position POSITION; - reads standard input)")
            return command(*args, position_path=None if path is None else Path(path), **kwargs)
        merged = click.option("--position", "position_opt", default=None, metavar="POSITION",
                              help="The same as the POSITION argument (either form works in every command).")(merged)
        merged = click.argument("position_arg", metavar="[POSITION]", required=False, default=None)(merged)
        merged.__doc__ = (command.__doc__ or "").rstrip() + f"\n\nPOSITION: {purpose}"
        return merged
    return decorate
