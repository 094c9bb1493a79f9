"""``boardlab play``: a game against the AI in the terminal (solver.play)."""
from __future__ import annotations

import click

from solver.runs.config import MAX_SEED, check_int
from solver.cli.common import INT, data_option, options_option, parse_options, position_input


@click.command()
@click.option("--game", default=None, help="Game short name (not needed with a POSITION).")
@click.option("--players", type=INT, default=None, help="Players of a new game (default 2).")
@click.option("--seed", type=INT, default=0, show_default=True, help="Seed of the deal and of the AI (0..2^64-1).")
@click.option("--seat", type=INT, default=0, show_default=True, help="Your seat; the AI plays the others.")
@click.option("--ai", default=None, help="Agent spec of the AI (default ismcts:iterations=10000).")
@click.option("--color/--no-color", default=None, help="ANSI colours (default: when stdout is a terminal).")
@data_option()
@options_option()
@position_input("play on from this position file (JSON); - reads it from standard input, the commands "
                "following it; without one, a new game of --game.")
def play(game, players, seed, position_path, seat, ai, color, data_path, options):
    """Play a game against the AI in the terminal (type help during the game)."""
    from solver.play.session import play_in_terminal

    check_int("--seed", seed, 0, MAX_SEED)
    options = parse_options(options)
    return play_in_terminal(game, players, seed, position_path, seat, ai, color, data=data_path,
                            options=dict(options))
