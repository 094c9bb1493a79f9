"""``boardlab serve``: the analysis board on a local address, until Ctrl-C."""
from __future__ import annotations

import errno
import json
import socket

from engine_c.errors import BoardlabError

DEFAULT_HOST = "127.0.0.1"
DEFAULT_PORT = 8765


def listening_socket(host, port):
    """A TCP socket bound to ``host``:``port`` (0: any free port); one-line BoardlabError if it cannot be."""
    try:
        infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM, flags=socket.AI_PASSIVE)
    except (socket.gaierror, UnicodeError) as exc:
        raise BoardlabError(f"--host {host!r}: not an address of this machine ({exc})") from None
    family, kind, proto, _, address = infos[0]
    sock = socket.socket(family, kind, proto)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind(address)
        sock.listen(128)
    except OSError as exc:
        sock.close()
        reason = "address already in use" if exc.errno == errno.EADDRINUSE else (exc.strerror or str(exc))
        raise BoardlabError(f"cannot listen on {host}:{port}: {reason}") from None
    return sock


def start_text(position_path):
    """The JSON text of the ``--position`` file (checked as every command checks one), or None."""
    if position_path is None:
        return None
    from solver.games.positions import load_position

    state = load_position(position_path, finished_ok=True)
    return json.dumps(state.to_dict())


def address_of(sock):
    """``http://host:port/`` of a listening socket (IPv6 hosts in brackets)."""
    host, port = sock.getsockname()[:2]
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def use_data_files(paths):
    """Install each game data file for the game it names (one file per game); returns those games."""
    from engine_c import content

    games = {}
    for path in paths or ():
        game = content.game_of(path)
        if game in games:
            raise BoardlabError(f"--data {path}: a second data file for {game} (the first: {games[game]}); "
                                "give one per game")
        content.use(game, path)
        games[game] = path
    return list(games)


def serve(host=DEFAULT_HOST, port=DEFAULT_PORT, position_path=None, echo=print, data=None):
    """Serve the analysis board on ``host``:``port``; ``echo`` prints the address once listening;
    ``data``: game data files to install first (each for the game it names)."""
    import uvicorn

    from engine_c import content
    from solver.games.datafiles import note
    from solver.web.app import create_app

    from solver.web.guard import allowed_hosts

    use_data_files(data)
    app = create_app(start_text(position_path), hosts=allowed_hosts(host))
    sock = listening_socket(host, port)
    config = uvicorn.Config(app, log_level="warning", access_log=False, timeout_graceful_shutdown=1,
                            lifespan="on")

    class Server(uvicorn.Server):
        """uvicorn's server that, on Ctrl-C, ends the event streams and searches at once (not after
        the graceful timeout), so the pages learn that the server stopped."""

        def handle_exit(self, sig, frame):
            """Stop what runs, then shut down as uvicorn does."""
            app.state.closing.set()
            app.state.boards.stop_all()
            super().handle_exit(sig, frame)

    server = Server(config)
    echo(f"boardlab analysis board: {address_of(sock)} (Ctrl-C stops the server)")
    for game in content.data_games():
        if note(game):
            echo(note(game))
    try:
        server.run(sockets=[sock])
    finally:
        sock.close()
