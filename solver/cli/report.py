"""``boardlab report``: plots and an HTML page from runs (analysis.report)."""
from __future__ import annotations

from pathlib import Path

import click

from solver.cli.common import fail


@click.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(path_type=Path))
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="Report directory to write; an existing one that holds files is kept unless --force.")
@click.option("--force", is_flag=True, help="Write into --out even if it holds files (an earlier report is replaced).")
def report(paths, out, force):
    """Write plots and an HTML report from one or more simulation results."""
    # the one convention for outputs (as position and data --out): never replace silently
    if out.exists() and not out.is_dir():
        fail(f"--out {out} is a file, not a directory: give a directory for the report")
    if not force and out.is_dir() and any(out.iterdir()):
        fail(f"{out} exists and holds files; give --force to replace the report there, or another --out")
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
