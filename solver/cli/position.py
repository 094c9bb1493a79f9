"""``boardlab position``: write a position to analyse or edit (solver.games.positions)."""
from __future__ import annotations

from pathlib import Path

import click

from solver.runs.config import MAX_SEED, check_int
from solver.cli.common import (INT, RANDOM_MOVES_MAX, check_new_file, data_option, echo_note, options_option,
                               parse_options, write_text)


@click.command()
@click.option("--game", required=True, help="Game short name.")
@click.option("--players", type=INT, default=2, show_default=True, help="Players.")
@click.option("--seed", type=INT, default=0, show_default=True, help="Seed of the deal and of the random moves (0..2^64-1).")
@click.option("--random-moves", type=INT, default=0, show_default=True, help="Random moves to play from the opening (at most 10^6).")
@click.option("--out", type=click.Path(path_type=Path), default=None,
              help="File to write (default: print); an existing file is kept unless --force.")
@click.option("--force", is_flag=True, help="Overwrite --out if it exists.")
@data_option()
@options_option()
def position(game, players, seed, random_moves, out, force, data_path, options):
    """Write a position (JSON) to analyse or edit: an opening, or after random moves."""
    from solver.games.positions import pretty_json, random_position

    check_int("--seed", seed, 0, MAX_SEED)
    check_int("--random-moves", random_moves, 0, RANDOM_MOVES_MAX)
    check_new_file(out, force)
    options = parse_options(options)
    text = pretty_json(random_position(game, players, seed, random_moves, data=data_path, options=dict(options),
                                       names={"seed": "--seed", "random_moves": "--random-moves"}).to_json())
    echo_note(game, err=True)             # standard output stays one JSON object
    if out is None:
        click.echo(text)
    else:
        write_text(out, text + "\n")
        click.echo(f"position: {out}")
