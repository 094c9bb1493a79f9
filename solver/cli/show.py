"""``boardlab show``: draw a position in the terminal (solver.display)."""
from __future__ import annotations

import click

from solver.cli.common import INT, data_option, position_input


@click.command()
@click.option("--seat", type=INT, default=None, help="Draw only what this seat can see (default: everything).")
@click.option("--color/--no-color", default=None, help="ANSI colours (default: when stdout is a terminal).")
@data_option("Game data file (JSON) for the position's game, instead of the shipped one (docs/data.md).")
@position_input("a position file (JSON), or - for standard input.", required=True)
def show(position_path, seat, color, data_path):
    """Draw a position in the terminal."""
    from solver.display import show_position

    picture, line = show_position(position_path, seat, color, data=data_path)
    if line:
        click.echo(line, err=True)
    click.echo(picture, color=color)
