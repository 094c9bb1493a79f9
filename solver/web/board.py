"""One analysis board: a game, its moves with undo and redo, the seats played by agents, and at
most one search at a time (a suggestion or an agent's move).

Every change happens under the board's lock; a search works on a copy of the position and its
result is only used while the position is still the one it searched (``version``).

Play mode: while an agent plays a seat and nobody has revealed the board, the board is a fair
game against the AI: only the seats people play may be viewed, a download is that seat's copy
with everything it cannot see drawn anew, and a suggestion or an AI move for a person's seat
searches such a copy. ``reveal()`` leaves play mode for good (analysis: everything is shown).
"""
from __future__ import annotations

import secrets
import threading

import numpy as np

from engine_c import new_state, state_from_json
from engine_c.errors import BoardlabError
from solver.search.agents import make_agent
from solver.games.datafiles import note
from solver.display.seat_views import move_seen_by, name_seen_by, redrawn_position
from solver.web.searches import AgentMove, Suggestion
from solver.web.views import breakdown, changed_marks, check_drawn, full_position, seat_position

DEFAULT_AGENT = "ismcts:iterations=2000"
MAX_SUGGEST_ITERATIONS = 10**8
MAX_SUGGEST_SECONDS = 3600.0
AGENT_SEED_KEY = 1 << 20        # spawn key of the agents' seeds (one agent per move, seeded by seat and move)


def _step_seen_by(game, data, forced, step, seat, now):
    """The text ``seat`` sees of a forced ``step`` (``apply_action_steps``' tuple) played after the
    move from the position ``data`` (``forced``: the move's steps and the round after them): another
    seat's private step without its card; a Seasons secret pick named once its round's selection is
    over (the pick's round is the move's or the one after it: a chain of steps stops at a decision)."""
    player, _, text, private = step
    if player == seat or not private:
        return text
    if game == "seasons":
        selecting = {(data.get("round"), "select"), (forced[1], "select")}
        if (now.get("round"), now.get("phase")) not in selecting:
            return text
    return f"{text.split()[0]} a card (face down)"


def _seat_to_act(state):
    """The seat to act, or None when the game is over."""
    return None if state.is_terminal() else state.current_player()


class Board:
    """A game on the analysis board (the position, the moves played, what is running on it)."""

    def __init__(self, state, seed=0):
        self.lock = threading.RLock()
        self.seed = seed
        self.agents = [None] * state.num_players       # per seat: an agent spec, or None (a person)
        self.revealed = False      # play mode was left: everything may be shown (for good)
        self._reset(state)

    def _reset(self, state):
        """Start over from ``state``: no moves, nothing running."""
        self.state = state
        # per move, oldest first: (position before, action, text, actor, data before, (forced steps, round
        # after), the move in words)
        self.history = []
        self.future = []           # moves taken back, the next one last
        self.version = 0
        self.suggestion = None
        self.agent_move = None
        self.agent_error = None
        if len(self.agents) != state.num_players:
            self.agents = [None] * state.num_players

    # ---- play mode --------------------------------------------------------------------------

    @property
    def play_mode(self):
        """True while the board is a game against the AI: an agent plays a seat, nothing was revealed."""
        return not self.revealed and any(spec is not None for spec in self.agents)

    def check_seat(self, seat, what="view"):
        """``seat`` if it is a seat of the game that may be shown now (in play mode: a person's)."""
        players = self.state.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
            raise BoardlabError(f"seat must be a seat of this {players}-player game (0..{players - 1}), got {seat!r}")
        if self.play_mode and self.agents[seat] is not None:
            raise BoardlabError(f"play mode: seat {seat} is the AI's, its {what} is hidden from you "
                                "(leave play mode to reveal everything)")
        return seat

    def reveal(self):
        """Leave play mode for good: every seat's view and the whole position may be shown."""
        with self.lock:
            self.revealed = True

    def download(self, seat):
        """The position to save: the whole of it, or in play mode ``seat``'s copy with what it cannot
        see drawn anew (a top-level ``redrawn`` note says what)."""
        with self.lock:
            if not self.play_mode:
                return full_position(self.state)
            self.check_seat(seat, "position")
            return redrawn_position(self.state, seat, secrets.randbits(63))

    def _searched(self, seat):
        """The position a search for ``seat`` may see: in play mode a copy with what that seat cannot
        see drawn anew (from its view only), else the position itself."""
        if not self.play_mode:
            return self.state
        seed = int(np.random.SeedSequence(self.seed, spawn_key=(AGENT_SEED_KEY + 1, len(self.history))).generate_state(1)[0])
        return self.state.resample_hidden(seat, seed)

    # ---- starting and loading ------------------------------------------------------------

    @classmethod
    def new_game(cls, game, players, seed):
        """A board with the opening of ``game`` for ``players`` players, dealt from ``seed``."""
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise BoardlabError(f"seed must be an integer in 0..2^64-1, got {seed!r}")
        if isinstance(players, bool) or not isinstance(players, int):
            raise BoardlabError(f"players must be an integer, got {players!r}")
        check_drawn(game)
        return cls(new_state(game, players, seed), seed)

    def load(self, text):
        """Replace the game by the position in ``text`` (JSON); one-line BoardlabError if it is refused."""
        state = state_from_json(text)
        check_drawn(state.game_name)
        with self.lock:
            self.stop()
            self._reset(state)
            self.version += 1
            self.after_move()           # an agent's seat to act plays, as after any move

    # ---- moves ----------------------------------------------------------------------------

    def _changed(self):
        """The position changed: whatever ran on the old one is stopped."""
        self.version += 1
        self.stop()

    def _apply(self, action, keep_future=False):
        """Play ``action`` (legal) for the player to act and record it."""
        before = self.state.clone()
        actor = self.state.current_player()
        text, name = self.state.action_to_string(action), self.state.action_name(action)
        data = self.state.to_dict()
        steps = self.state.apply_action_steps(action)     # forced follow-ups, told in the history
        self.history.append((before, action, text, actor, data, (steps, self.state.to_dict().get("round")), name))
        if not keep_future:
            if self.future and self.future[-1][1] == action:
                self.future.pop()              # the move taken back, played again: the rest stays
            else:
                self.future = []

    def play(self, move):
        """Play ``move`` (its notation or action id) for the player to act; BoardlabError if not legal."""
        with self.lock:
            if self.state.is_terminal():
                raise BoardlabError("the game is over: there is no move to play")
            if self.agent_move is not None:
                raise BoardlabError(f"seat {self.agent_move.seat} (AI) is thinking: wait, or press stop")
            action = self._action(move)
            self._changed()
            self._apply(action)
            self.after_move()

    def _action(self, move):
        """The legal action ``move`` names (notation or id)."""
        if isinstance(move, bool) or not isinstance(move, (int, str)):
            raise BoardlabError(f"move must be a move in the game's notation or an action id, got {move!r}")
        try:
            action = self.state.string_to_action(move) if isinstance(move, str) else move
            legal = self.state.is_legal(action)
        except (BoardlabError, ValueError, OverflowError, TypeError):
            legal = False
        if not legal:
            shown = move if isinstance(move, int) else repr(move[:60])
            raise BoardlabError(f"{shown} is not a legal move here")
        return action

    def undo(self):
        """Take back moves to the previous decision of a seat a person plays (one move if nobody or
        everybody is a person)."""
        with self.lock:
            if not self.history:
                raise BoardlabError("nothing to undo: this is the start of the game on the board")
            self._changed()
            while True:
                entry = self.history.pop()
                self.state = entry[0]
                self.future.append(entry)
                if (not self.history or self.agents[self.state.current_player()] is None
                        or all(spec is not None for spec in self.agents)):
                    break

    def redo(self):
        """Play again the last move taken back."""
        with self.lock:
            if not self.future:
                raise BoardlabError("nothing to redo")
            self._changed()
            entry = self.future.pop()
            self._apply(entry[1], keep_future=True)
            self.after_move()           # an agent's seat to act plays, as after any move

    # ---- agents ---------------------------------------------------------------------------

    def set_agents(self, agents):
        """Seats played by agents: one spec (or None for a person) per seat; checked before use."""
        with self.lock:
            if not isinstance(agents, list) or len(agents) != self.state.num_players:
                raise BoardlabError(f"agents must be a list of {self.state.num_players} entries (a spec or null per seat)")
            for seat, spec in enumerate(agents):
                if spec is not None:
                    try:
                        make_agent(spec)
                    except BoardlabError as exc:
                        raise BoardlabError(f"seat {seat}: {exc}") from None
            self.agents = [None if spec is None else spec.strip() for spec in agents]
            self.after_move()

    def after_move(self):
        """If an agent plays the seat to act, let it choose its move."""
        seat = _seat_to_act(self.state)
        if seat is not None and self.agents[seat] is not None and self.agent_move is None:
            self.start_agent(self.agents[seat])

    def start_agent(self, spec=None):
        """Let an agent (``spec``, default the seat's own or ``DEFAULT_AGENT``) choose the move to play now."""
        with self.lock:
            seat = _seat_to_act(self.state)
            if seat is None:
                raise BoardlabError("the game is over: there is no move to play")
            if self.agent_move is not None:
                raise BoardlabError(f"seat {self.agent_move.seat} (AI) is already thinking")
            spec = spec or self.agents[seat] or DEFAULT_AGENT
            seed = np.random.SeedSequence(self.seed, spawn_key=(AGENT_SEED_KEY, seat, len(self.history)))
            agent = make_agent(spec, seed)
            if self.suggestion is not None:
                self.suggestion.stop()
            self.agent_error = None
            # an agent's own seat searches the position (its agent sees only its seat's view anyway);
            # a person's seat in play mode only what that seat may see
            searched = self.state if self.agents[seat] is not None else self._searched(seat)
            self.agent_move = AgentMove(searched, agent, seat, spec)
            version = self.version
            self.agent_move.start(lambda job: self._agent_done(job, version))

    def _agent_done(self, job, version):
        """An agent has chosen: play its move if the position is still the one it searched."""
        with self.lock:
            if self.agent_move is not job:
                return
            self.agent_move = None
            if job.cancelled.is_set() or version != self.version:
                return
            if job.error is not None:
                self.agent_error = f"seat {job.seat} (AI {job.spec}): {job.error}"
                return
            self.version += 1
            self._apply(job.action)
            self.after_move()

    # ---- suggestions ----------------------------------------------------------------------

    def suggest(self, seat, iterations=None, seconds=None, jobs=1):
        """Start a suggestion for the player to act, who must be ``seat`` (the seat the page shows)."""
        with self.lock:
            self.check_seat(seat, "suggestion")
            to_act = _seat_to_act(self.state)
            if to_act is None:
                raise BoardlabError("the game is over: there is no move to suggest")
            if seat != to_act:
                raise BoardlabError(f"suggestions are for the player to act: view the board as seat {to_act}")
            if self.agent_move is not None:
                raise BoardlabError(f"seat {self.agent_move.seat} (AI) is thinking: wait, or press stop")
            if iterations is not None and (isinstance(iterations, bool) or not isinstance(iterations, int)
                                           or not 1 <= iterations <= MAX_SUGGEST_ITERATIONS):
                raise BoardlabError(f"iterations must be an integer in 1..{MAX_SUGGEST_ITERATIONS}, got {iterations!r}")
            if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))
                                        or not 0 < seconds <= MAX_SUGGEST_SECONDS):
                raise BoardlabError(f"seconds must be a number in (0, {MAX_SUGGEST_SECONDS:g}], got {seconds!r}")
            if isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 8:
                raise BoardlabError(f"jobs must be an integer in 1..8, got {jobs!r}")
            if self.suggestion is not None:
                self.suggestion.stop()
            seed = int(np.random.SeedSequence(self.seed, spawn_key=(len(self.history),)).generate_state(1)[0])
            self.suggestion = Suggestion(self._searched(seat), iterations, seconds, jobs, seed).start()
            self.suggestion.version = self.version
            return self.suggestion

    def stop(self):
        """Stop the suggestion and the agent's move running on this board, if any."""
        with self.lock:
            if self.suggestion is not None:
                self.suggestion.stop()
            if self.agent_move is not None:
                self.agent_move.cancel()
                self.agent_move = None

    # ---- what a seat sees -----------------------------------------------------------------

    def _recent(self, seat):
        """How many of the last moves to mark for ``seat``: the others' moves since its own last one, or
        that one when it moved last (all moves if it has not moved; 0 at the start)."""
        for back, entry in enumerate(reversed(self.history), 1):
            if entry[3] == seat:
                return max(back - 1, 1)
        return len(self.history)

    def seat_view(self, seat):
        """Everything the page shows ``seat``: the position as it sees it, its legal moves when it
        is to act, the moves so far as it saw them, scores, seats' agents and what is running."""
        with self.lock:
            state = self.state
            players = state.num_players
            self.check_seat(seat)
            to_act = _seat_to_act(state)
            legal = []
            if to_act == seat:
                actions = state.legal_actions()
                legal = [{"id": a, "move": state.action_to_string(a), "name": name}
                         for a, name in zip(actions, state.action_names(actions))]
            now = state.to_dict()           # Seasons' secret picks are named once their round reveals them
            # "name": the move in words, unless the seat may not know what it concerns (a card face down)
            moves = [{"seat": actor, "move": move_seen_by(state.game_name, data, text, actor, seat, now),
                      "name": name_seen_by(state.game_name, data, text, name, actor, seat, now),
                      "forced": [{"seat": step[0], "move": _step_seen_by(state.game_name, data, forced, step, seat, now)}
                                 for step in forced[0]]}
                     for _, _, text, actor, data, forced, name in self.history]
            recent = self._recent(seat)
            marks = changed_marks(state.game_name, self.history[-recent][4], now, seat) if recent else []
            thinking = None
            if self.agent_move is not None:
                thinking = {"seat": self.agent_move.seat, "spec": self.agent_move.spec}
            searching = self.suggestion is not None and not self.suggestion.finished.is_set()
            return {
                "game": state.game_name, "players": players, "seat": seat, "to_act": to_act,
                "over": state.is_terminal(), "scores": list(state.scores()),
                "ranks": list(state.ranks()) if state.is_terminal() else None,
                "position": seat_position(state, seat), "legal": legal, "moves": moves,
                # the last moves to mark (the others' since this seat's own, else its own) and the pieces
                # they changed, which the drawing marks
                "recent": recent, "marks": marks, "breakdown": breakdown(state),
                "can_undo": bool(self.history), "can_redo": bool(self.future),
                "agents": list(self.agents), "thinking": thinking, "agent_error": self.agent_error,
                "searching": searching, "version": self.version,
                "play_mode": self.play_mode, "revealed": self.revealed,
                "data": state.data_hash, "data_note": note(state.game_name),
            }
