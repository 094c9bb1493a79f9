"""``boardlab games``: the games and their player counts."""
from __future__ import annotations

import click



@click.command()
def games():
    """List the games and their player counts."""
    from engine_c import game_names, state_class

    for name in game_names():
        cls = state_class(name)
        click.echo(f"{name:10s} {cls.min_players}-{cls.max_players} players")
