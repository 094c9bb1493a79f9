"""``boardlab values``: interventional tile and card values from a run's saved positions.

The games are played by :func:`solver.runs.forced_takes.run_values` (force a take, play both
branches on) and estimated by :mod:`analysis.causal`; this module checks the options, draws the
progress bar and formats the table the command prints.
"""
from __future__ import annotations

import contextlib
import sys
from pathlib import Path

import click
import numpy as np

from solver.cli.common import INT, fail
from solver.runs.config import MAX_JOBS, MAX_SEED, check_int


@click.command()
@click.argument("run", type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="Folder for the pairs, estimates and figure (new or empty, or with --resume).")
@click.option("--kinds", default="", help="Comma-separated kinds or groups, e.g. knowledge,ship,k7 (default: all).")
@click.option("--continuations", type=INT, default=8, show_default=True,
              help="Pairs of continuations per position and kind (at most 10^6).")
@click.option("--positions-per-kind", type=INT, default=0, show_default=True,
              help="Saved positions per kind at most, chosen at random by --seed (0: all).")
@click.option("--agent", "agents", multiple=True,
              help="Agent spec for the continuations, once per seat or fewer (repeated over the seats as in "
                   "simulate); default: the run's agents.")
@click.option("--jobs", type=INT, default=1, show_default=True, help="Worker processes (at most 1024).")
@click.option("--seed", type=INT, default=0, show_default=True, help="Seed of the continuations (0..2^64-1).")
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
        fail(f"{run}: no such run folder")
    from analysis.names import has_manifest

    if not has_manifest(run):
        fail(f"{run}: not a run folder (no _manifest.json with its settings)")
    click.echo(values_command(run, out, kinds, continuations, positions_per_kind, agents, jobs, seed,
                              resume, progress))


def _ci(lo, hi, scale=1.0):
    if not (np.isfinite(lo) and np.isfinite(hi)):
        return ""
    return f"[{scale * lo:.1f}, {scale * hi:.1f}]"


def format_estimates(est) -> str:
    """The estimates by kind as a text table: value in VP and win points with 95% intervals,
    the share of pairs where the agent took the kind itself, and the association beside."""
    lines = [f"{'kind':22s} {'pos.':>5s} {'pairs':>6s} {'took':>5s} {'value VP':>8s} {'95% CI':>16s} "
             f"{'win pp':>7s} {'95% CI':>16s} {'assoc. VP':>9s} {'95% CI':>16s}"]
    for row in est.itertuples():
        value = f"{row.value:.1f}" if np.isfinite(row.value) else "-"
        win = f"{100 * row.win_value:.1f}" if np.isfinite(row.win_value) else "-"
        assoc = f"{row.assoc:.1f}" if np.isfinite(row.assoc) else ""
        flag = "  disagree" if row.disagree else ""
        lines.append(f"{row.label[:22]:22s} {row.positions:5d} {row.pairs:6d} {100 * row.own_share:4.0f}% "
                     f"{value:>8s} {_ci(row.value_lo, row.value_hi):>16s} {win:>7s} "
                     f"{_ci(row.win_lo, row.win_hi, 100):>16s} {assoc:>9s} "
                     f"{_ci(row.assoc_lo, row.assoc_hi):>16s}{flag}")
    return "\n".join(lines)


def values_command(run, out, kinds, continuations, positions_per_kind, agents, jobs, seed, resume,
                   progress):
    """Run the values experiment with a progress bar; returns the text to print."""
    import pandas as pd

    from analysis.causal import ESTIMATES
    from analysis.games import placeholder_note
    from solver.runs.forced_takes import run_values
    from solver.runs.progress import progress_bar

    show = sys.stderr.isatty() if progress is None else progress
    with contextlib.ExitStack() as stack:
        bars = []

        def advance(done, total):
            """Move the bar to ``done`` of ``total`` pairs of continuations."""
            if not bars:
                bars.append(stack.enter_context(progress_bar(
                    total, "continuations", show, show_pos=True, show_eta=True)))
            bars[0].update(done - bars[0].pos)

        try:
            pairs = run_values(run, out, kinds=[k for k in kinds.split(",")] if kinds else (),
                               continuations=continuations, positions_per_kind=positions_per_kind,
                               agents=agents or None, jobs=jobs, seed=seed, resume=resume,
                               on_progress=advance)
        except KeyboardInterrupt:
            from solver.runs.forced_takes import VALUES_MANIFEST
            from solver.runs.runner import RunInterrupted
            if (Path(out) / VALUES_MANIFEST).exists():        # the run had begun: its pairs are kept
                raise RunInterrupted(f"the finished pairs are kept in {out}; continue with --resume") from None
            raise
    est = pd.read_csv(f"{out}/{ESTIMATES}")
    lines = [f"{len(pairs)} pairs from {pairs['position'].nunique()} positions "
             f"({pairs['game_index'].nunique()} games); value = final score of taking the kind "
             "minus the agent's own other choice, 95% cluster-robust intervals"]
    note = placeholder_note(_game_of(out))
    if note:
        lines.append(note)
    lines += ["", format_estimates(est), "", f"values: {out}"]
    return "\n".join(lines)


def _game_of(out):
    """The game a values folder was played for (its manifest's settings)."""
    import json

    from analysis.load import VALUES_MANIFEST
    return json.loads((Path(out) / VALUES_MANIFEST).read_text())["settings"]["game"]
