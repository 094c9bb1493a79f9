"""``boardlab serve``: the analysis board in the browser (solver.web)."""
from __future__ import annotations

from pathlib import Path

import click

from solver.cli.common import INT, position_input
from solver.runs.config import check_int


@click.command()
@click.option("--port", type=INT, default=8765, show_default=True, help="Port to listen on (0: any free port).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on; anything but 127.0.0.1 lets other machines in.")
@click.option("--data", "data_paths", multiple=True, type=click.Path(path_type=Path),
              help="Game data file (JSON) to use for the game it names, instead of the shipped one; "
                   "once per game (docs/data.md).")
@position_input("a position file new pages start from (default: a new 2-player Castles of Burgundy game).")
def serve(port, host, position_path, data_paths):
    """The analysis board in the browser: draw positions, play the AI, ask for the best move."""
    from solver.web.server import serve as serve_board

    check_int("--port", port, 0, 65535)
    serve_board(host, port, position_path, echo=lambda text: click.echo(text), data=list(data_paths))
