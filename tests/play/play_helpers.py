"""A scripted person for ``PlaySession``: reads the session's output and answers as a person would."""
import io
import re

import numpy as np

from solver.play.session import PlaySession

LISTING = re.compile(r"legal moves \((\d+)\):\n((?:  .*\n)+)")


def listed_moves(text):
    """The moves of the last ``moves`` listing in ``text`` (its count checked against the header)."""
    found = LISTING.findall(text)
    assert found, "no listing of legal moves in the output"
    count, body = found[-1]
    # one move a line, in words with the notation in brackets (just the notation when that is all it says)
    moves = [re.sub(r"^.* \[(.+)\]$", r"\1", line.strip()) for line in body.splitlines() if line.strip()]
    assert len(moves) == int(count), (count, moves)
    return moves


class ScriptedPerson:
    """Asks for the legal moves before every decision and plays one of them (seeded choice);
    ``extra`` maps a decision number to commands typed before that decision's move."""

    def __init__(self, out, seed, extra=None):
        self.out = out
        self.rng = np.random.default_rng(seed)
        self.extra = {k: list(v) for k, v in (extra or {}).items()}
        self.session = None
        self.read_upto = 0
        self.decisions = 0          # moves played so far
        self.typed = []             # every line sent, in order
        self.before_moves = []      # the position (JSON) before each of our moves still standing
        self.undone = []            # (position expected after an undo, position found)
        self.saved = []             # (path, position when it was saved)
        self.commands = []          # (extra command, legal moves when it was typed)
        self.expect_after_undo = None

    def readline(self):
        """The next command, decided from what the session printed since the last one."""
        new = self.out.getvalue()[self.read_upto:]
        self.read_upto += len(new)
        state = self.session.state
        if self.expect_after_undo is not None:
            self.undone.append((self.expect_after_undo, state.to_json()))
            self.expect_after_undo = None
        queued = self.extra.get(self.decisions)
        if queued:
            line = queued.pop(0)
            self.commands.append((line, [state.action_to_string(a) for a in state.legal_actions()]))
            if line == "undo":
                self.expect_after_undo = self.before_moves.pop()
                self.decisions -= 1
            elif line.startswith("save "):
                self.saved.append((line[5:], state.to_json()))
            return self._send(line)
        if "legal moves (" not in new:
            return self._send("moves")
        moves = listed_moves(new)
        legal = sorted(state.action_to_string(a) for a in state.legal_actions())
        assert sorted(moves) == legal
        self.before_moves.append(state.to_json())
        self.decisions += 1
        return self._send(moves[int(self.rng.integers(len(moves)))])

    def _send(self, line):
        self.typed.append(line)
        return line + "\n"


def scripted_game(state, human, ai, seed, extra=None, person_seed=0, hint_iterations=200):
    """Play ``state`` to the end with a scripted person at ``human``: (exit code, output, person, session)."""
    out = io.StringIO()
    person = ScriptedPerson(out, person_seed, extra)
    session = PlaySession(state, human, ai, seed, out, color=False, hint_iterations=hint_iterations, echo=True)
    person.session = session
    code = session.run(person)
    return code, out.getvalue(), person, session
