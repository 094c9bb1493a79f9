"""The ``boardlab`` command line: the group, its entry point and its one-line errors.

One module per command beside this one (``simulate.py``, ``report.py``, ``values.py``,
``position.py``, ``suggest.py``, ``show.py``, ``play.py``, ``serve.py``, ``games.py``, ``data.py``);
each parses its options, calls one library function and prints. What they share is ``common.py``.
Bad input of any kind ends with one line on stderr naming the problem, exit code 2 and no traceback.
"""
from __future__ import annotations

import os
import sys

# The analysis (regressions, bootstraps) multiplies small matrices; a multi-threaded BLAS gains
# little there and, on a machine whose cores are busy, its spinning threads made a report's
# fits about a hundred times slower. One thread unless the user says otherwise; set before numpy loads.
for _variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import click  # noqa: E402

from engine_c.errors import BoardlabError  # noqa: E402
from solver.cli import compare, compensation, data, games, play, position, report, seats, serve, show, simulate, suggest, values # noqa: E402
from solver.cli.common import fail  # noqa: E402

_NO_ARGS_IS_HELP = getattr(click.exceptions, "NoArgsIsHelpError", ())   # click >= 8.2


class _Interrupted(Exception):
    """Ctrl-C inside a command, carried past click (which would print a blank line and 'Aborted!');
    ``hint``: what the command says about its work so far (a run: where its games are), or None."""

    def __init__(self, hint=None):
        super().__init__(hint)
        self.hint = hint


class _Group(click.Group):
    """The command group: Ctrl-C inside a command becomes _Interrupted (one line, exit 130)."""

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt as exc:
            raise _Interrupted(getattr(exc, "hint", None)) from None


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="boardlab")
def cli():
    """Monte-Carlo (ISMCTS) solver and strategy analyser for Euro board games."""


for _module in (compare, compensation, data, games, play, position, report, seats, serve, show, simulate, suggest, values):
    cli.add_command(getattr(_module, _module.__name__.rsplit(".", 1)[1]))


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
        fail(f"missing command (one of: {', '.join(group.list_commands(ctx))}); see {path} --help")
    except click.exceptions.Exit as exc:
        sys.exit(exc.exit_code)
    except (_Interrupted, KeyboardInterrupt) as exc:
        hint = getattr(exc, "hint", None)          # a run says where its finished games are
        click.echo(f"boardlab: interrupted: {hint}" if hint else "boardlab: interrupted", err=True)
        sys.exit(130)
    except click.exceptions.Abort:
        fail("aborted")
    except click.ClickException as exc:
        fail(exc.format_message())
    except BoardlabError as exc:
        fail(str(exc))
    except (FileNotFoundError, PermissionError, IsADirectoryError, NotADirectoryError) as exc:
        fail(f"{exc.filename}: {exc.strerror}")
    sys.exit(code if isinstance(code, int) else 0)
