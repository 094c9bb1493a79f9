"""``boardlab values``: interventional tile and card values from a run's saved positions.

The work is :func:`analysis.intervene.run_values`; this module draws the progress bar and
formats the table the command prints.
"""
from __future__ import annotations

import contextlib
import sys

import numpy as np


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
    from analysis.intervene import run_values
    from solver.progress import progress_bar

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
            from pathlib import Path

            from analysis.intervene import VALUES_MANIFEST
            from solver.runner import RunInterrupted
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
    import json
    from pathlib import Path

    from analysis.load import VALUES_MANIFEST
    return json.loads((Path(out) / VALUES_MANIFEST).read_text())["settings"]["game"]
