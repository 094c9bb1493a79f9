"""The boards a server keeps, by id: a board lives while it is used.

A board touched (any request naming it) in the last ``IDLE_SECONDS`` is never dropped. At most
``MAX_BOARDS`` are kept: a new board first drops the boards idle longest (idle over an hour);
when all are in use the new one is refused (HTTP 503, one line) and the open games stay.
"""
from __future__ import annotations

import secrets
import threading
import time

from solver.web.board import Board
from solver.web.guard import Refused

MAX_BOARDS = 64                        # boards kept at most
IDLE_SECONDS = 3600.0                  # a board untouched this long may be dropped for a new one
DEFAULT_START = ("burgundy", 2, 0)     # the start position when the server is given none


class Boards:
    """The boards of the pages using this server, by id, with the time each was last used."""

    def __init__(self, start_text=None, clock=time.monotonic, limit=MAX_BOARDS, idle=IDLE_SECONDS):
        self.start_text = start_text
        self.boards = {}          # id -> board
        self.used = {}            # id -> clock() of its last request
        self.clock, self.limit, self.idle = clock, limit, idle
        self.lock = threading.Lock()

    def start_board(self):
        """A board with the server's start position (``--position``), or the default new game."""
        board = Board.new_game(*DEFAULT_START)
        if self.start_text is not None:
            board.load(self.start_text)
        return board

    def add(self, board, board_id=None):
        """Keep ``board`` under ``board_id`` (replacing that board; a new id if None or unknown);
        Refused (503) when ``limit`` boards are all in use."""
        if board_id is not None and not isinstance(board_id, str):
            raise Refused(f"board must be a board id (text), got {type(board_id).__name__}")
        with self.lock:
            now = self.clock()
            if board_id in self.boards:
                self.boards[board_id].stop()
            else:
                self._make_room(now)
                board_id = secrets.token_urlsafe(12)
            self.boards[board_id] = board
            self.used[board_id] = now
            return board_id

    def _make_room(self, now):
        """Drop boards idle over ``idle`` seconds, longest idle first, until one more fits."""
        idle = sorted((used, board_id) for board_id, used in self.used.items() if now - used > self.idle)
        while len(self.boards) >= self.limit and idle:
            _, board_id = idle.pop(0)
            self.boards.pop(board_id).stop()
            del self.used[board_id]
        if len(self.boards) >= self.limit:
            raise Refused(f"the server keeps {self.limit} boards and each was used in the last "
                          f"{self.idle / 60:g} minutes: reopen one (its page address names it) or try later", 503)

    def get(self, board_id):
        """The board ``board_id`` (marked as used now); Refused (404) if there is none."""
        with self.lock:
            board = self.boards.get(board_id) if isinstance(board_id, str) else None
            if board is None:
                raise Refused("no such board (the server was restarted, or the board was idle over an hour "
                              "and its place was needed): start a new game", 404)
            self.used[board_id] = self.clock()
            return board

    def stop_all(self):
        """Stop every search (the server is shutting down)."""
        with self.lock:
            for board in self.boards.values():
                board.stop()
