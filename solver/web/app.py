"""The analysis board's web server: the page, its static files and the JSON API.

Every API call names its board (``board``: the id ``/api/new`` returned) and answers JSON; a
refusal is HTTP 4xx with ``{"error": "<one line>"}``. POST bodies must be JSON objects sent as
``Content-Type: application/json``, and a request from another origin or for a host the server does
not answer to is refused (solver/web/guard.py). Boards live while used (solver/web/boards.py).

=======================  ===================================================================
POST /api/new            ``{game, players, seed}`` a new game, or ``{}`` the server's start
                         position; optional ``board`` to replace; -> ``{board}``
GET  /api/view           ``?board=&seat=`` the position as that seat sees it, its legal moves
                         (when it is to act), the moves so far, scores, agents, what runs,
                         the last moves' marks (``recent``, ``marks``), the points' ``breakdown``;
                         in play mode (an AI seat, not revealed) only a person's seat
GET  /api/tables         ``?game=`` the fixed data the page draws the game with, ``piece_texts``
POST /api/move           ``{board, move}`` play a move (notation or action id)
POST /api/undo, /redo    ``{board}``
POST /api/agents         ``{board, agents: [spec or null per seat]}`` seats played by agents
POST /api/ai             ``{board, spec?}`` an agent plays the move of the seat to act
POST /api/suggest        ``{board, seat, iterations? | seconds?, jobs?}`` start a suggestion
GET  /api/suggest/events ``?board=`` its progress as server-sent events, then the ranked moves
POST /api/stop           ``{board}`` stop the suggestion and the agent's move at once
POST /api/position       ``{board, text}`` load a position (JSON text)
GET  /api/position       ``?board=&seat=`` the position as a JSON file: the whole of it, or in play
                         mode that seat's copy with its hidden parts drawn anew (``"redrawn"``)
POST /api/reveal         ``{board}`` leave play mode for good: every seat and the whole position
=======================  ===================================================================
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import threading
import time
from importlib import resources

from starlette.applications import Starlette
from starlette.responses import FileResponse, Response, StreamingResponse
from starlette.middleware import Middleware
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from engine_c import game_names
from solver.web.board import Board
from solver.web.boards import Boards
from solver.web.guard import Door, Refused, api, int_param, read_json
from solver.web.views import TABLES, game_tables

PROGRESS_EVERY = 0.2                   # seconds between two progress events
LOOK_EVERY = 0.02                      # seconds between two looks at a search (the first best move goes out at once)


def drawn_games():
    """The games the page can draw (the registry's real games)."""
    return [game for game in game_names() if game in TABLES]


def _board_id(data):
    """The ``board`` field of a request body (text), for the registry to look up."""
    return data.get("board")


def create_app(start_text=None, hosts=None):
    """The ASGI app; ``start_text``: the position JSON new pages start from (None: a new game);
    ``hosts``: the Host names it answers to (None: any; ``guard.allowed_hosts``)."""
    boards = Boards(start_text)
    if start_text is not None:
        boards.start_board()                   # a bad start position is refused before serving
    static = resources.files("solver.web") / "static"
    closing = threading.Event()                # set when the server stops: event streams end at once

    async def page(request):
        """The board page."""
        return FileResponse(str(static / "index.htm"), media_type="text/html")

    async def new(request):
        """A new board: a new game, or the server's start position."""
        data = await read_json(request)
        if data.get("game") is None:
            board = boards.start_board()
        else:
            players, seed = data.get("players", 2), data.get("seed", 0)
            board = Board.new_game(data["game"], players, seed)
        return {"board": boards.add(board, data.get("board")), "games": drawn_games()}

    async def view(request):
        """What one seat sees of the board."""
        board = boards.get(request.query_params.get("board"))
        answer = board.seat_view(int_param(request.query_params.get("seat", "0"), "seat"))
        answer["games"] = drawn_games()        # a reopened page fills its game list from here
        return answer

    async def tables(request):
        """The fixed data the page draws a game with."""
        game = request.query_params.get("game")
        if game not in drawn_games():
            raise Refused(f"unknown game {game!r} (known: {', '.join(drawn_games())})")
        return game_tables(game)

    def posted(method):
        """A POST handler that calls ``method(board, data)`` on the board the body names."""
        async def handler(request):
            """Call the board's method; ``{"ok": true}``."""
            data = await read_json(request)
            method(boards.get(_board_id(data)), data)
            return {"ok": True}
        return handler

    def ai(board, data):
        """Let an agent play the move to act."""
        spec = data.get("spec")
        if spec is not None and not isinstance(spec, str):
            raise Refused(f"spec must be an agent spec such as ismcts:iterations=2000, got {type(spec).__name__}")
        board.start_agent(spec)

    def suggest(board, data):
        """Start a suggestion for the player to act."""
        iterations, seconds = data.get("iterations"), data.get("seconds")
        if iterations is None and seconds is None:
            iterations = 20000
        if iterations is not None and seconds is not None:
            raise Refused("give iterations or seconds, not both")
        board.suggest(data.get("seat"), iterations=iterations, seconds=seconds, jobs=data.get("jobs", 1))

    def position_in(board, data):
        """Load a pasted or uploaded position."""
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Refused("paste or upload a position (JSON text)")
        board.load(text)

    async def suggest_events(request):
        """The suggestion's progress as server-sent events; leaving stops the search."""
        board = boards.get(request.query_params.get("board"))
        search = board.suggestion
        if search is None:
            raise Refused("no suggestion was started on this board")

        async def events():
            """Progress events until the search ends (or the server stops)."""
            sent_at, sent_best = None, False
            try:
                yield "retry: 100000\n\n"
                while not closing.is_set():
                    report = search.snapshot()
                    kind = {"running": "progress", "error": "failed"}.get(report["status"], report["status"])
                    now = time.monotonic()
                    first_best = report["best"] is not None and not sent_best
                    if kind != "progress" or first_best or sent_at is None or now - sent_at >= PROGRESS_EVERY:
                        yield f"event: {kind}\ndata: {json.dumps(report)}\n\n"
                        sent_at, sent_best = now, sent_best or report["best"] is not None
                    if kind != "progress":
                        return
                    await asyncio.sleep(LOOK_EVERY)
                yield 'event: closed\ndata: {"error": "the server stopped"}\n\n'
            except asyncio.CancelledError:
                return                         # the server is going down: end quietly
            finally:
                search.stop()                  # the page went away (or the search ended): stop it
        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def position_out(request):
        """The position as a JSON file (in play mode the seat's copy, hidden parts drawn anew)."""
        board = boards.get(request.query_params.get("board"))
        seat = int_param(request.query_params.get("seat", "0"), "seat")
        with board.lock:
            data = board.download(seat)
            name = f"{board.state.game_name}-position.json"
        return Response(json.dumps(data, indent=1) + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    routes = [
        Route("/", page),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/new", api(new), methods=["POST"]),
        Route("/api/view", api(view)),
        Route("/api/tables", api(tables)),
        Route("/api/move", api(posted(lambda board, data: board.play(data.get("move")))), methods=["POST"]),
        Route("/api/undo", api(posted(lambda board, data: board.undo())), methods=["POST"]),
        Route("/api/redo", api(posted(lambda board, data: board.redo())), methods=["POST"]),
        Route("/api/agents", api(posted(lambda board, data: board.set_agents(data.get("agents")))), methods=["POST"]),
        Route("/api/ai", api(posted(ai)), methods=["POST"]),
        Route("/api/suggest", api(posted(suggest)), methods=["POST"]),
        Route("/api/suggest/events", api(suggest_events)),
        Route("/api/stop", api(posted(lambda board, data: board.stop())), methods=["POST"]),
        Route("/api/reveal", api(posted(lambda board, data: board.reveal())), methods=["POST"]),
        Route("/api/position", api(posted(position_in)), methods=["POST"]),
        Route("/api/position", api(position_out), methods=["GET"]),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]

    @contextlib.asynccontextmanager
    async def lifespan(app):
        """Stop every search when the server shuts down."""
        yield
        closing.set()
        boards.stop_all()

    app = Starlette(routes=routes, lifespan=lifespan, middleware=[Middleware(Door, hosts=hosts)])
    app.state.boards = boards
    app.state.closing = closing
    return app
