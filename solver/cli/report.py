"""``boardlab report``: plots and an HTML page from runs (analysis.report)."""
from __future__ import annotations

from pathlib import Path

import click

from solver.cli.common import fail


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True, help="Report directory to write.")
def report(paths, out):
    """Write plots and an HTML report from one or more simulation results."""
    # a mistyped path is refused before pandas and matplotlib load (seconds)
    from analysis.names import VALUES_MANIFEST, holds_results

    for path in paths:
        if not path.exists():
            fail(f"{path}: no such file or directory")
        # a values folder is read (and its faults named) by the report itself
        if path.is_dir() and not holds_results(path) and not (path / VALUES_MANIFEST).is_file():
            fail(f"{path}: empty dataset (no .parquet part files in the directory)")
    from analysis.report import write_report

    page, notes = write_report(list(paths), out, with_notes=True)
    for line in notes:
        click.echo(line)
    click.echo(f"report: {page}")
