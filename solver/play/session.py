"""A game against the AI in the terminal: one person at one seat, agents at the others.

``PlaySession(state, human, ai_spec, seed, out).run(commands)`` reads one command per line from
``commands`` (anything with ``readline()``) and writes to ``out``, so a test can drive a whole game
without a terminal.  Moves are shown in words with their notation in brackets (``die1: take mine from
depot 5 [die1:take5]``, ``state.action_name``); the person types a move in the notation or a command:

- ``moves`` (or ``?``): list the legal moves;
- ``hint``: a short search for the player to act, printing the best moves;
- ``undo``: back to the person's previous decision (the AI's replies are taken back too);
- ``save FILE``: write the position to FILE as your seat may know it: everything it cannot see (the
  AI's hands, the deck order, the dice to come) drawn anew, named in the file's ``"redrawn"`` note
  (it loads again: play on from it); ``reveal`` leaves this fair play for good, after which ``save``
  writes the whole position;
- several cards of one payment, keep or discard at once, in any order: ``pay crane, indigo_plant``;
- ``show``: draw the position again; ``help``: list the commands; ``quit``: leave the game.

The person sees the position as their seat sees it (``solver.display.seat_views``), and the AI's
secret moves (a card paid or chosen face down) without the card.  Steps the engine plays by itself
(decisions with a single legal move, which San Juan and A Castle for All Seasons do not ask for: a
payment completed, a card kept or discarded, a turn with only ``pass`` legal) are told after the
move, as the person's seat may know them.  The game ends with the final
scores and places; ``quit`` or the end of the input leaves it unfinished.  ``run`` returns the
exit code: 0 in every case (bad commands are answered and the game goes on).
"""
from __future__ import annotations

import json
import os
import secrets
import shlex

import numpy as np

from engine_c.errors import BoardlabError
from solver.search.agents import make_agent
from solver.display import render
from solver.display.explain import breakdown_lines
from solver.display.seat_views import name_seen_by, redrawn_position
from solver.games.positions import pretty_json
from solver.play.forced import drawn_line, forced_lines

DEFAULT_AI = "ismcts:iterations=10000"      # about half a second a move on one core
HINT_ITERATIONS = 4000
HINT_MOVES = 3
PROMPT_LISTS_UP_TO = 6                       # the prompt names the legal moves when there are this few
SHORT_LIST = 12                              # legal moves named after an illegal one
HINT_SEED_KEY = 1 << 30                      # spawn key of the hints' seeds (the agents use their seats)
HELP = ("commands: a move in the game's notation | moves (or ?): the legal moves | hint: the best moves "
        "by a short search | undo: back to your previous decision | save FILE: write the position as your seat "
        "knows it | reveal: show everything from now on (save writes the whole position) | show: draw the "
        "position | quit: leave the game")
PLACES = ("1st", "2nd", "3rd", "4th")


CARD_SET_VERBS = ("pay", "keep", "discard", "tuck")      # one step of several cards (San Juan)


def card_set(state, text):
    """The actions of a set of cards given at once (``pay crane, indigo_plant``: the verb once, the
    cards in any order), in an order the engine takes them; (None, why) if it is not a legal set."""
    parts = [part.strip() for part in text.split(",")]
    verb = parts[0].split()[0].lower() if parts[0].split() else ""
    if verb not in CARD_SET_VERBS or not all(parts):
        return None, f"{text!r}: only cards of one payment, keep or discard are given as a set, e.g. `pay crane, well`"
    actions = []
    for part in parts:
        words = part if part.split()[0].lower() == verb else f"{verb} {part}"
        try:
            actions.append(state.string_to_action(words))
        except (BoardlabError, ValueError):
            return None, f"{text!r}: {words!r} is not a move of this game"
    for order in (actions, sorted(actions)):        # as given, then the card list's order (the engine's)
        trial = state.clone()
        player = trial.current_player()
        for action in order:
            if trial.is_terminal() or trial.current_player() != player or not trial.is_legal(action):
                break
            trial.apply_action(action)
        else:
            return list(order), None
    return None, (f"{text!r} is not a legal set here: each card must be in your hand and the set no larger "
                  f"than the {verb} asks (`moves` lists the cards you may give now)")


def named(name, move):
    """A move in words with its notation, what the person types: ``take mine from depot 5 [die1:take5]``."""
    return name if name == move else f"{name} [{move}]"


class PlaySession:
    """One game between a person at seat ``human`` and agents built from ``ai_spec`` at the other seats."""

    def __init__(self, state, human, ai_spec=DEFAULT_AI, seed=0, out=None, color=False,
                 hint_iterations=HINT_ITERATIONS, echo=False, data=None):
        if isinstance(human, bool) or not isinstance(human, int) or not 0 <= human < state.num_players:
            raise BoardlabError(f"--seat must be a seat of this {state.num_players}-player game "
                                f"(0..{state.num_players - 1}), got {human}")
        self.state = state
        self.human = human
        self.game = state.game_name
        self.agents = {seat: make_agent(ai_spec, np.random.SeedSequence(seed, spawn_key=(seat,)))
                       for seat in range(state.num_players) if seat != human}
        self.seed = seed
        self.out = out
        self.color = color
        self.hint_iterations = hint_iterations
        self.echo = echo           # repeat each command after the prompt (input that is not a terminal)
        self.ai_spec = ai_spec
        self.data = data           # the game data file the game was opened with (the resume command needs it)
        self.history = []          # the positions at the person's earlier decisions, latest last
        self.hints = 0
        self.redraw = True         # draw the position before the next prompt
        self.revealed = False      # fair play left: save writes the whole position

    def say(self, text=""):
        """Write one or more lines to the output."""
        self.out.write(text + "\n")
        self.out.flush()

    def picture(self):
        """The position as the person's seat sees it."""
        return render(self.state, seat=self.human, color=self.color)

    def run(self, commands):
        """Play until the game ends, the person quits or the input ends; returns the exit code (0)."""
        self.say(f"You play seat {self.human}; {HELP}.")
        from solver.games.datafiles import note
        if note(self.game):
            self.say(note(self.game))
        while True:
            self.play_ai_moves()
            if self.state.is_terminal():
                self.finish()
                return 0
            if self.redraw:
                self.say(self.picture())
                self.redraw = False
            self.out.write(self.prompt())
            self.out.flush()
            line = commands.readline()
            if self.echo and line:
                self.say(line.rstrip("\n"))
            if not line:
                self.say("\nend of input: the game is left unfinished (`save FILE` keeps a position to resume with --position)")
                return 0
            if not self.command(line.strip()):
                self.say("game left unfinished.")
                return 0

    def play_ai_moves(self):
        """Let the agents move until it is the person's turn or the game is over, printing each move."""
        while not self.state.is_terminal() and self.state.current_player() != self.human:
            seat = self.state.current_player()
            before = self.state.to_dict()
            action = self.agents[seat].choose(self.state)
            text, name = self.state.action_to_string(action), self.state.action_name(action)
            steps = self.state.apply_action_steps(action)
            shown = name_seen_by(self.game, before, text, name, seat, self.human)
            self.say(f"seat {seat} (AI) plays: {named(shown, text) if shown == name else shown}")
            self.tell_forced(before, text, steps)
            self.tell_drawn(before)
            self.redraw = True

    def prompt(self):
        """The prompt line: whose move, and the legal moves when there are only a few."""
        legal = self.legal_moves()
        if len(legal) <= PROMPT_LISTS_UP_TO:
            choices = f"{len(legal)} legal: {'; '.join(named(name, move) for move, name in legal)}"
        else:
            choices = f"{len(legal)} legal moves, `moves` lists them"
        return f"your move, seat {self.human} ({choices})> "

    def command(self, text):
        """Carry out one line of input; False when the person quits."""
        word, _, rest = text.partition(" ")
        word = word.lower()
        if not text:
            return True
        if word in ("quit", "exit") and not rest:
            return False
        if word in ("moves", "?") and not rest:
            self.list_moves()
        elif word == "help" and not rest:
            self.say(HELP)
        elif word == "show" and not rest:
            self.say(self.picture())
        elif word == "hint" and not rest:
            self.hint()
        elif word == "undo" and not rest:
            self.undo()
        elif word == "save":
            self.save(rest.strip())
        elif word == "reveal" and not rest:
            self.revealed = True
            self.say("play mode left for good: `save` now writes the whole position (the AI's hands, the deck "
                     "order, the dice to come)")
        else:
            self.move(text)
        return True

    def legal_moves(self):
        """The legal moves of the player to act: (notation, words) pairs."""
        actions = self.state.legal_actions()
        return list(zip((self.state.action_to_string(a) for a in actions), self.state.action_names(actions)))

    def list_moves(self):
        """Print every legal move in words, one to a line, each with its notation (what to type)."""
        legal = self.legal_moves()
        self.say(f"legal moves ({len(legal)}):")
        self.say("\n".join(f"  {named(name, move)}" for move, name in legal))

    def move(self, text):
        """Play the person's move ``text`` (or a set of cards, ``pay a, b``), or say why it cannot be
        played and list some legal moves."""
        if "," in text:
            actions, why = card_set(self.state, text)
            if actions is None:
                self.say(why)
                return
            self.history.append(self.state.clone())
            for action in actions:
                self.play_one(action)
            return
        try:
            action = self.state.string_to_action(text)
            legal = self.state.is_legal(action)
        except (BoardlabError, ValueError, OverflowError):
            action, legal = None, False
        if not legal:
            moves = [move for move, _ in self.legal_moves()]
            shown = ", ".join(moves[:SHORT_LIST]) + (f", ... ({len(moves) - SHORT_LIST} more: `moves`)"
                                                    if len(moves) > SHORT_LIST else "")
            verb = text.split()[0].lower() if text.split() else ""
            if action is not None and verb in CARD_SET_VERBS and any(m.split()[0] == verb for m in moves):
                # the engine takes one set's cards in the card list's order: say so, and how to give a set
                self.say(f"{text!r} is not a legal move here: the cards of one {verb} go in the card list's order, "
                         f"so it cannot follow the cards given already (or you do not hold it); give the whole set "
                         f"at once in any order, e.g. `{verb} A, B`, or `undo`. Legal moves: {shown}")
                return
            self.say(f"{text!r} is not a legal move here (or a command: `help`). Legal moves: {shown}")
            return
        self.history.append(self.state.clone())
        self.play_one(action)

    def play_one(self, action):
        """Play one legal ``action`` of the person and tell it (and the steps forced after it)."""
        before_state = self.state.clone()
        before = self.state.to_dict()
        name = self.state.action_name(action)
        steps = self.state.apply_action_steps(action)
        text = before_state.action_to_string(action)
        self.say(f"you play: {named(name, text)}")
        self.tell_forced(before, text, steps)
        self.tell_drawn(before, text)

    def tell_drawn(self, before, move=""):
        """Say which cards came into the person's hand since the position ``before`` (a dict)."""
        line = drawn_line(self.game, before, self.state.to_dict(), self.human, move)
        if line:
            self.say(line)

    def tell_forced(self, before, move, steps):
        """Say which steps the engine played by itself after ``move`` (``steps``: apply_action_steps')."""
        for line in forced_lines(self.game, before, move, steps, self.human):
            self.say(line)

    def hint(self):
        """Rank the person's moves by a short search and print the best few."""
        from solver.search.best_move import analyse, mark

        self.hints += 1
        seed = int(np.random.SeedSequence(self.seed, spawn_key=(HINT_SEED_KEY, self.hints)).generate_state(1)[0])
        ranked = analyse(self.state, iterations=self.hint_iterations, seed=seed, pv_length=0)
        self.say(f"hint ({self.hint_iterations} search iterations):")
        for place, move in enumerate(ranked[:HINT_MOVES], 1):
            tie = {"~": " (the same moves this turn as 1, in another order)",
                   "*": " (no different from 1: the same scores in every paired playout)",
                   "=": " (as good as 1 for all this search can tell: its value within error of 1's)",
                   "": ""}[mark(move, place == 1)]
            # value: the search's reward, which the "=" mark compares (the win may differ more)
            self.say(f"  {place}. {named(move['name'], move['move'])}: win {move['win_prob']:.2f}, value "
                     f"{move['mean_reward']:.3f}, expected score {move['expected_score']:.1f}, {move['visits']} visits{tie}")

    def undo(self):
        """Go back to the person's previous decision, taking back the AI's replies too."""
        if not self.history:
            self.say("nothing to undo: this is your first decision of the session")
            return
        self.state = self.history.pop()
        self.say("taken back: you are at your previous decision again (chance repeats the same dice and draws)")
        self.redraw = True

    def save(self, path):
        """Write the position as JSON to ``path``: the person's seat's copy with what it cannot see
        drawn anew (after ``reveal``: the whole position); a problem is reported and the game goes on."""
        if not path:
            self.say("save needs a file name: save FILE")
            return
        replaced = os.path.isfile(path)
        if self.revealed:
            text = self.state.to_json()
        else:
            text = json.dumps(redrawn_position(self.state, self.human, secrets.randbits(63)))
        try:
            with open(path, "w", encoding="utf-8") as handle:
                handle.write(pretty_json(text) + "\n")
        except OSError as exc:
            self.say(f"cannot write {path}: {exc.strerror or exc}")
            return
        what = "the whole position" if self.revealed else "your seat's view, hidden parts drawn anew"
        self.say(f"position saved to {path}{' (it replaces the file that was there)' if replaced else ''}: {what} "
                 f"(play on from it with: {self.resume_command(path)})")

    def resume_command(self, path):
        """The command line that plays on from the position saved at ``path`` with this game's settings."""
        words = ["boardlab", "play", "--position", path, "--seat", str(self.human)]
        if self.data is not None:
            words += ["--data", str(self.data)]
        if self.ai_spec != DEFAULT_AI:
            words += ["--ai", self.ai_spec]
        return " ".join(shlex.quote(word) for word in words)

    def finish(self):
        """Print the final position, scores and places, and where each seat's points came from."""
        self.say(self.picture())
        scores, ranks = self.state.scores(), self.state.ranks()
        self.say("game over. final scores:")
        for seat in sorted(range(self.state.num_players), key=lambda s: (ranks[s], s)):
            who = "you" if seat == self.human else "AI"
            self.say(f"  {PLACES[ranks[seat]]}  seat {seat} ({who}): {scores[seat]} points")
        self.say("where the points came from:")
        for line in breakdown_lines(self.state.game_name, self.state.to_dict(), scores):
            self.say(line)


def open_game(game, players, seed, position, commands, data=None, options=None):
    """The state to play: a new deal of ``game`` (with the game ``options``), or the position in
    the file ``position`` (``-``: read from ``commands`` first, the commands following it);
    ``data``: a game data file to install first."""
    from solver.games.options import new_game
    from solver.games.positions import STDIN, load_leading_position, load_position

    if position is None:
        if game is None:
            raise BoardlabError("give --game (a new game) or --position (a position to play on from)")
        return new_game(game, 2 if players is None else players, seed, options, data=data)
    if options:
        raise BoardlabError("--option starts a new game with a variant; a position carries its own options "
                            "(edit them in the file)")
    if str(position) == STDIN:
        state = load_leading_position(commands, game, data=data)
    else:
        state = load_position(position, game, data=data)
    if players is not None and players != state.num_players:
        raise BoardlabError(f"--players {players} does not match the position, a {state.num_players}-player game")
    return state


def play_in_terminal(game, players, seed, position, seat, ai, color, data=None, options=None):
    """``boardlab play``: commands from standard input, output to standard output; returns the exit code."""
    import io
    import sys

    ai = DEFAULT_AI if ai is None else ai
    make_agent(ai)                       # a bad spec is refused before anything is read
    commands = io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", errors="replace") \
        if getattr(sys.stdin, "buffer", None) is not None else sys.stdin
    state = open_game(game, players, seed, position, commands, data, options)
    session = PlaySession(state, seat, ai, seed, sys.stdout, color=sys.stdout.isatty() if color is None else color,
                          echo=not commands.isatty(), data=data)
    return session.run(commands)
