"""The analysis board's web server: the page, its static files and the JSON API.

Every API call names its board (``board``: the id ``/api/new`` returned) and answers JSON; a
refusal is HTTP 400 with ``{"error": "<one line>"}``.

=======================  ===================================================================
POST /api/new            ``{game, players, seed}`` a new game, or ``{}`` the server's start
                         position; optional ``board`` to replace; -> ``{board}``
GET  /api/view           ``?board=&seat=`` the position as that seat sees it, its legal moves
                         (when it is to act), the moves so far, scores, agents, what runs
GET  /api/tables         ``?game=`` the fixed data the page draws the game with
POST /api/move           ``{board, move}`` play a move (notation or action id)
POST /api/undo, /redo    ``{board}``
POST /api/agents         ``{board, agents: [spec or null per seat]}`` seats played by agents
POST /api/ai             ``{board, spec?}`` an agent plays the move of the seat to act
POST /api/suggest        ``{board, seat, iterations? | seconds?, jobs?}`` start a suggestion
GET  /api/suggest/events ``?board=`` its progress as server-sent events, then the ranked moves
POST /api/stop           ``{board}`` stop the suggestion and the agent's move at once
POST /api/position       ``{board, text}`` load a position (JSON text)
GET  /api/position       ``?board=`` the whole position as a JSON file (the user's own game)
=======================  ===================================================================
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
import threading
import time
from collections import OrderedDict
from importlib import resources

from starlette.applications import Starlette
from starlette.responses import FileResponse, JSONResponse, Response, StreamingResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from engine_c import game_names
from engine_c.errors import BoardlabError
from solver.web.board import Board
from solver.web.views import TABLES, full_position, game_tables

MAX_BODY_BYTES = (1 << 20) + 4096     # a position (at most 1 MiB) and a few fields
MAX_BOARDS = 16                        # boards kept; the least recently used one goes first
PROGRESS_EVERY = 0.2                   # seconds between two progress events
LOOK_EVERY = 0.02                      # seconds between two looks at a search (the first best move goes out at once)
DEFAULT_START = ("burgundy", 2, 0)     # the start position when the server is given none


class Refused(Exception):
    """A request the API refuses: HTTP ``status`` with one line."""

    def __init__(self, message, status=400):
        super().__init__(" ".join(str(message).split()) or "refused")
        self.status = status


class Boards:
    """The boards of the pages using this server, by id (at most ``MAX_BOARDS``)."""

    def __init__(self, start_text=None):
        self.start_text = start_text
        self.boards = OrderedDict()
        self.lock = threading.Lock()

    def start_board(self):
        """A board with the server's start position (``--position``), or the default new game."""
        if self.start_text is not None:
            board = Board.new_game(*DEFAULT_START)
            board.load(self.start_text)
            return board
        return Board.new_game(*DEFAULT_START)

    def add(self, board, board_id=None):
        """Keep ``board`` under ``board_id`` (a new id if None); returns the id."""
        with self.lock:
            if board_id is None or board_id not in self.boards:
                board_id = secrets.token_urlsafe(12)
            else:
                self.boards[board_id].stop()
            self.boards[board_id] = board
            self.boards.move_to_end(board_id)
            while len(self.boards) > MAX_BOARDS:
                _, old = self.boards.popitem(last=False)
                old.stop()
            return board_id

    def get(self, board_id):
        """The board ``board_id``; Refused (404) if there is none."""
        with self.lock:
            board = self.boards.get(board_id) if isinstance(board_id, str) else None
            if board is None:
                raise Refused("no such board (the server was restarted or the board was closed): start a new game",
                              404)
            self.boards.move_to_end(board_id)
            return board

    def stop_all(self):
        """Stop every search (the server is shutting down)."""
        with self.lock:
            for board in self.boards.values():
                board.stop()


async def read_json(request):
    """The request's JSON object, at most ``MAX_BODY_BYTES``; Refused otherwise."""
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY_BYTES):
        raise Refused(f"request too large (at most {MAX_BODY_BYTES} bytes)", 413)
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_BODY_BYTES:
            raise Refused(f"request too large (at most {MAX_BODY_BYTES} bytes)", 413)
    if not body:
        return {}
    try:
        data = json.loads(body.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError, RecursionError, ValueError):
        raise Refused("request body is not JSON") from None
    if not isinstance(data, dict):
        raise Refused("request body must be a JSON object")
    return data


def _int_param(value, name):
    """A query parameter as an int; Refused otherwise."""
    try:
        return int(value)
    except (TypeError, ValueError):
        raise Refused(f"{name} must be an integer, got {value!r}") from None


def api(handler):
    """Wrap an API handler: one-line refusals as JSON with their status, results as JSON."""
    async def endpoint(request):
        """The handler's answer, or its refusal as one JSON line."""
        try:
            result = await handler(request)
        except Refused as exc:
            return JSONResponse({"error": str(exc)}, status_code=exc.status)
        except BoardlabError as exc:
            return JSONResponse({"error": " ".join(str(exc).split())}, status_code=400)
        if isinstance(result, Response):
            return result
        return JSONResponse(result)
    return endpoint


def drawn_games():
    """The games the page can draw (the registry's real games)."""
    return [game for game in game_names() if game in TABLES]


def create_app(start_text=None):
    """The ASGI app; ``start_text``: the position JSON new pages start from (None: a new game)."""
    boards = Boards(start_text)
    if start_text is not None:
        boards.start_board()                   # a bad start position is refused before serving
    static = resources.files("solver.web") / "static"

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
        return board.seat_view(_int_param(request.query_params.get("seat", "0"), "seat"))

    async def tables(request):
        """The fixed data the page draws a game with."""
        game = request.query_params.get("game")
        if game not in drawn_games():
            raise Refused(f"unknown game {game!r} (known: {', '.join(drawn_games())})")
        return game_tables(game)

    async def move(request):
        """Play a move."""
        data = await read_json(request)
        boards.get(data.get("board")).play(data.get("move"))
        return {"ok": True}

    async def undo(request):
        """Take back to the previous decision of a person."""
        data = await read_json(request)
        boards.get(data.get("board")).undo()
        return {"ok": True}

    async def redo(request):
        """Play again the last move taken back."""
        data = await read_json(request)
        boards.get(data.get("board")).redo()
        return {"ok": True}

    async def agents(request):
        """Set the seats played by agents."""
        data = await read_json(request)
        boards.get(data.get("board")).set_agents(data.get("agents"))
        return {"ok": True}

    async def ai(request):
        """Let an agent play the move to act."""
        data = await read_json(request)
        spec = data.get("spec")
        if spec is not None and not isinstance(spec, str):
            raise Refused(f"spec must be an agent spec such as ismcts:iterations=2000, got {spec!r}")
        boards.get(data.get("board")).start_agent(spec)
        return {"ok": True}

    async def suggest(request):
        """Start a suggestion for the player to act."""
        data = await read_json(request)
        board = boards.get(data.get("board"))
        iterations, seconds = data.get("iterations"), data.get("seconds")
        if iterations is None and seconds is None:
            iterations = 20000
        if iterations is not None and seconds is not None:
            raise Refused("give iterations or seconds, not both")
        board.suggest(data.get("seat"), iterations=iterations, seconds=seconds, jobs=data.get("jobs", 1))
        return {"ok": True}

    async def suggest_events(request):
        """The suggestion's progress as server-sent events; leaving stops the search."""
        board = boards.get(request.query_params.get("board"))
        search = board.suggestion
        if search is None:
            raise Refused("no suggestion was started on this board")

        async def events():
            """Progress events until the search ends."""
            sent_at, sent_best = None, False
            try:
                yield "retry: 100000\n\n"
                while True:
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
            finally:
                search.stop()                  # the page went away (or the search ended): stop it
        return StreamingResponse(events(), media_type="text/event-stream",
                                 headers={"Cache-Control": "no-cache", "X-Accel-Buffering": "no"})

    async def stop(request):
        """Stop what runs on the board."""
        data = await read_json(request)
        boards.get(data.get("board")).stop()
        return {"ok": True}

    async def position_in(request):
        """Load a pasted or uploaded position."""
        data = await read_json(request)
        board = boards.get(data.get("board"))
        text = data.get("text")
        if not isinstance(text, str) or not text.strip():
            raise Refused("paste or upload a position (JSON text)")
        board.load(text)
        return {"ok": True}

    async def position_out(request):
        """The whole position as a JSON file."""
        board = boards.get(request.query_params.get("board"))
        with board.lock:
            data = full_position(board.state)
            name = f"{board.state.game_name}-position.json"
        return Response(json.dumps(data, indent=1) + "\n", media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})

    routes = [
        Route("/", page),
        Route("/favicon.ico", lambda request: Response(status_code=204)),
        Route("/api/new", api(new), methods=["POST"]),
        Route("/api/view", api(view)),
        Route("/api/tables", api(tables)),
        Route("/api/move", api(move), methods=["POST"]),
        Route("/api/undo", api(undo), methods=["POST"]),
        Route("/api/redo", api(redo), methods=["POST"]),
        Route("/api/agents", api(agents), methods=["POST"]),
        Route("/api/ai", api(ai), methods=["POST"]),
        Route("/api/suggest", api(suggest), methods=["POST"]),
        Route("/api/suggest/events", api(suggest_events)),
        Route("/api/stop", api(stop), methods=["POST"]),
        Route("/api/position", api(position_in), methods=["POST"]),
        Route("/api/position", api(position_out), methods=["GET"]),
        Mount("/static", StaticFiles(directory=str(static)), name="static"),
    ]
    @contextlib.asynccontextmanager
    async def lifespan(app):
        """Stop every search when the server shuts down."""
        yield
        boards.stop_all()

    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.boards = boards
    return app
