"""Progress of long commands (simulate, values) on standard error: click's bar on a terminal, and
plain lines where standard error is not one (a log file, a batch job) but ``--progress`` asks."""
from __future__ import annotations

import sys
import time

import click

EVERY_S = 10.0          # a line at most this often in a log, and one at the end


class LineProgress:
    """The bar's interface (``update``, ``pos``) written as a line ``label: done/total`` at most
    every ``every`` seconds, and once more at the end."""

    def __init__(self, length, label, file, every=EVERY_S):
        self.length, self.label, self.file, self.every = length, label, file, every
        self.pos = 0
        self.item = None
        self.written = None          # the pos of the last line written
        self.last = time.monotonic()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.written != self.pos:
            self._write()
        return False

    def update(self, n_steps, current_item=None):
        """Advance by ``n_steps``; write a line if the last one is ``every`` seconds old."""
        self.pos += n_steps
        self.item = current_item if current_item is not None else self.item
        if time.monotonic() - self.last >= self.every:
            self._write()

    def _write(self):
        item = f" ({self.item})" if self.item else ""
        click.echo(f"{self.label}: {self.pos}/{self.length}{item}", file=self.file)
        self.file.flush()
        self.written, self.last = self.pos, time.monotonic()


def progress_bar(length, label, show, file=None, **bar_options):
    """A click progress bar when ``show`` and ``file`` (standard error) is a terminal, progress
    lines when ``show`` and it is not, nothing when not ``show``."""
    file = sys.stderr if file is None else file
    if show and not file.isatty():
        return LineProgress(length, label, file)
    return click.progressbar(length=length, label=label, file=file, hidden=not show, **bar_options)
