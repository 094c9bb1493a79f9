"""``boardlab data export`` and ``boardlab data check``: game data files (solver.games.datafiles)."""
from __future__ import annotations

from pathlib import Path

import click

from solver.cli.common import check_new_file, data_option


@click.group()
def data():
    """Game data files: export the tables a game plays with, check an edited file (docs/data.md)."""


@data.command("export")
@click.option("--game", required=True, help="Game short name (a game with a data file: burgundy, seasons, tiletum).")
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="File to write (JSON); an existing file is kept unless --force.")
@click.option("--force", is_flag=True, help="Overwrite --out if it exists (an edited data file is lost).")
@data_option("Export this data file (checked, with comments) instead of the shipped one.")
def data_export(game, out, force, data_path):
    """Write a game's data file: every table with its comments, placeholders marked."""
    from solver.games.datafiles import export

    check_new_file(out, force)
    info = export(game, out, data_path)
    click.echo(f"{game} data {info.hash}: {info.placeholders} placeholders; written to {out}")


@data.command("check")
@click.argument("path", metavar="FILE", type=click.Path(path_type=Path))
def data_check(path):
    """Check a data file: format, counts, ids, references; say how many placeholders remain."""
    from solver.games.datafiles import check

    game, digest, holes = check(path)
    click.echo(f"{path}: valid {game} data, hash {digest}; {len(holes)} placeholders remain"
               + (f" (first: {holes[0]})" if holes else ""))
