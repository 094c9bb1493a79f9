"""boardlab play: whole games driven through the command loop, and everything a person can mistype."""
import io
import json
import re
import subprocess
import sys

import pytest

from engine_c import new_state, state_from_json
from solver.display.seat_views import seat_view
from solver.play.session import PlaySession
from solver.games.positions import pretty_json

from play_helpers import listed_moves, scripted_game

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")
FINAL = re.compile(r"^  (1st|2nd|3rd|4th)  seat (\d) \((you|AI)\): (-?\d+) points$", re.M)


def _boardlab(*args, stdin=""):
    return subprocess.run([sys.executable, "-m", "solver.cli", *args], capture_output=True, text=True, input=stdin,
                          timeout=300)


def _one_line_error(result, message):
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardlab: error:") and message in lines[0], result.stderr


def _check_final_scores(output, session, human):
    """The output ends with every seat's final score and place, as the engine has them."""
    assert "game over. final scores:" in output
    finals = FINAL.findall(output.split("game over. final scores:")[-1])
    scores, ranks = session.state.scores(), session.state.ranks()
    assert sorted(int(seat) for _, seat, _, _ in finals) == list(range(session.state.num_players))
    places = ("1st", "2nd", "3rd", "4th")
    for place, seat, who, points in finals:
        seat = int(seat)
        assert int(points) == scores[seat] and place == places[ranks[seat]]
        assert who == ("you" if seat == human else "AI")
    # then where each seat's points came from: parts that add up to its score
    breakdown = re.findall(r"^  seat (\d): (-?\d+) = (.+)$", output.split("where the points came from:")[-1], re.M)
    assert [int(seat) for seat, _, _ in breakdown] == list(range(session.state.num_players))
    for seat, points, parts in breakdown:
        assert int(points) == scores[int(seat)]
        assert sum(int(part.rsplit(" ", 1)[1]) for part in parts.split(" + ")) == int(points)


@pytest.mark.parametrize("game", GAMES)
def test_a_scripted_game_to_the_final_scores_with_undo_and_save(game, tmp_path):
    saved_path = tmp_path / "saved.json"
    extra = {2: [f"save {saved_path}"], 4: ["undo"], 5: ["show", "hint"], 7: ["undo", "undo"]}
    state = new_state(game, 3 if game == "sanjuan" else 2, 11)
    code, output, person, session = scripted_game(state, 1, "random", 5, extra=extra, person_seed=3)
    assert code == 0
    assert session.state.is_terminal()
    _check_final_scores(output, session, 1)
    # undo went back to the position before our previous move, the AI's replies included
    assert len(person.undone) == 3
    assert all(expected == found for expected, found in person.undone)
    assert output.count("taken back: you are at your previous decision again") == 3
    # save wrote the position of that moment as seat 1 knows it: loadable, the same to seat 1, the RNG
    # (and the AI's secrets) drawn anew and said so
    [(path, position)] = person.saved
    saved = json.loads(saved_path.read_text())
    truth = state_from_json(position).to_dict()
    assert saved["redrawn"] and "seat 1's view" in saved["redrawn"][0]
    kept = state_from_json(saved_path.read_text()).to_dict()
    assert seat_view(kept, 1) == seat_view(truth, 1) and kept["rng"] != truth["rng"]
    assert "your seat's view, hidden parts drawn anew" in output
    # the hint ranks the legal moves of that moment, best first
    [legal] = [moves for command, moves in person.commands if command == "hint"]
    block = output.split("hint (200 search iterations):\n")[1]
    # each move in words, its notation in brackets
    ranked = re.findall(r"^  (\d)\. .+ \[(.+)\]: win (\d\.\d\d), value -?\d\.\d+, expected score", block, re.M)[:len(legal)]
    assert [int(place) for place, _, _ in ranked] == list(range(1, min(3, len(legal)) + 1))
    assert all(move in legal for _, move, _ in ranked)
    # the AI's moves are shown, and the person sees the game from seat 1 only
    assert re.search(r"^seat 0 \(AI\) plays: \S", output, re.M)
    assert "seat 1 (you)" in output and "seat 0 (you)" not in output


def test_secret_moves_and_cards_of_the_ai_are_not_shown():
    code, output, _, session = scripted_game(new_state("sanjuan", 2, 4), 0, "random", 4, person_seed=1)
    assert code == 0 and session.state.is_terminal()
    ai_lines = re.findall(r"^seat 1 \(AI\) plays: (.*)$", output, re.M)
    secret = [line for line in ai_lines if line.split()[0] in ("pay", "keep", "discard", "tuck")]
    named = [line for line in secret if not line.endswith("a card (face down)")]
    assert len(secret) > 10
    assert all(line.startswith("keep ") for line in named)          # only a gold mine's keep is public
    # the AI's hand is drawn as backs in every picture (cards it took face up by name), the person's by name
    ai_hands = re.findall(r"^seat 1: -?\d+ VP, (hand .*)$", output, re.M)
    assert ai_hands and all("face down" in hand for hand in ai_hands)
    assert re.search(r"^seat 0 \(you\): -?\d+ VP, hand \d+: [a-z]", output, re.M)


def test_a_game_against_a_search_ai():
    code, output, _, session = scripted_game(new_state("seasons", 2, 2), 0, "ismcts:iterations=50", 2)
    assert code == 0 and session.state.is_terminal()
    _check_final_scores(output, session, 0)


def test_the_command_line_replays_a_scripted_game_exactly(tmp_path):
    # the same seeds and the same typed lines give the same game through `boardlab play`
    extra = {3: [f"save {tmp_path / 'mid.json'}"], 6: ["undo"], 8: ["moves", "nonsense move"]}
    code, output, person, _ = scripted_game(new_state("sanjuan", 2, 9), 0, "random", 9, extra=extra)
    assert code == 0
    assert "(it replaces the file that was there)" not in output
    (tmp_path / "mid.json").unlink()           # the replay saves it afresh, as the first run did
    typed = "\n".join(person.typed) + "\n"
    result = _boardlab("play", "--game", "sanjuan", "--seed", "9", "--ai", "random", "--no-color", stdin=typed)
    assert result.returncode == 0, result.stderr
    assert result.stderr == ""
    assert result.stdout == output
    again = _boardlab("play", "--game", "sanjuan", "--seed", "9", "--ai", "random", "--no-color", stdin=typed)
    assert "mid.json (it replaces the file that was there)" in again.stdout    # saving over a file says so


def test_mistyped_commands_are_answered_and_the_game_goes_on(tmp_path):
    lines = ["die1:take9", "Hello World", "undo", "save", f"save {tmp_path / 'no' / 'dir.json'}", "hint please",
             "moves", ""]
    commands = iter(line + "\n" for line in lines)

    class Commands:
        def readline(self):
            return next(commands, "")

    import io
    out = io.StringIO()
    state = new_state("burgundy", 2, 0)
    code = PlaySession(state, 0, "random", 0, out, echo=True).run(Commands())
    text = out.getvalue()
    assert code == 0
    assert "'die1:take9' is not a legal move here (or a command: `help`). Legal moves: die1:take4, die1:take5" in text
    assert "'Hello World' is not a legal move here" in text
    assert "'hint please' is not a legal move here" in text
    assert "nothing to undo: this is your first decision of the session" in text
    assert "save needs a file name: save FILE" in text
    assert f"cannot write {tmp_path / 'no' / 'dir.json'}: No such file or directory" in text
    assert listed_moves(text) == ["die1:take4", "die1:take5", "die1:take6", "die1:workers"]
    assert text.rstrip().endswith("end of input: the game is left unfinished (`save FILE` keeps a position to "
                                  "resume with --position)")
    assert state.current_player() == 0 and not (tmp_path / "no").exists()


def test_end_of_input_and_quit_end_the_game_cleanly():
    ended = _boardlab("play", "--game", "seasons", "--ai", "random", "--no-color", stdin="")
    assert ended.returncode == 0 and ended.stderr == ""
    assert "end of input: the game is left unfinished" in ended.stdout
    quit_ = _boardlab("play", "--game", "tiletum", "--ai", "random", "--no-color", stdin="moves\nquit\n")
    assert quit_.returncode == 0 and quit_.stdout.rstrip().endswith("game left unfinished.")


def _mid_turn_burgundy():
    """A Castles of Burgundy position in the middle of a turn: a depot chosen, its space still to pick."""
    state = new_state("burgundy", 2, 0)
    state.apply_action("die1:take4")
    assert state.to_dict()["turn"]["pending"] == [["slot", 3, 0]]
    return state


def test_play_on_from_a_position_with_a_pending_sub_decision(tmp_path):
    state = _mid_turn_burgundy()
    path = tmp_path / "mid.json"
    path.write_text(pretty_json(state.to_json()))
    from_file = _boardlab("play", "--position", str(path), "--ai", "random", "--no-color", stdin="moves\n")
    assert from_file.returncode == 0, from_file.stderr
    slot1, slot2 = state.action_names([state.string_to_action("slot1"), state.string_to_action("slot2")])
    assert slot1.startswith("take ") and slot1.endswith(" from depot 4 space 1")
    assert f"your move, seat 0 (2 legal: {slot1} [slot1]; {slot2} [slot2])> " in from_file.stdout
    assert listed_moves(from_file.stdout) == ["slot1", "slot2"]
    # the same position on standard input, the commands after it
    piped = _boardlab("play", "--position", "-", "--game", "burgundy", "--ai", "random", "--no-color",
                      stdin=path.read_text() + "\nmoves\nslot2\nquit\n")
    assert piped.returncode == 0, piped.stderr
    assert from_file.stdout.split("> ")[0] == piped.stdout.split("> ")[0]        # the same picture
    assert f"you play: {slot2} [slot2]" in piped.stdout and piped.stdout.rstrip().endswith("game left unfinished.")


def test_suggest_reads_a_pending_position_from_standard_input():
    state = _mid_turn_burgundy()
    result = _boardlab("suggest", "--game", "burgundy", "--position", "-", "--iterations", "300", "--json",
                       stdin=state.to_json())
    assert result.returncode == 0, result.stderr
    moves = [candidate["move"] for candidate in json.loads(result.stdout)["candidates"]]
    assert sorted(moves) == ["slot1", "slot2"]


def test_play_bad_input(tmp_path):
    position = tmp_path / "pos.json"
    position.write_text(new_state("burgundy", 2, 1).to_json())
    finished = new_state("seasons", 2, 1)
    finished.playout(1)
    over = tmp_path / "over.json"
    over.write_text(finished.to_json())
    _one_line_error(_boardlab("play"), "give --game (a new game) or --position (a position to play on from)")
    _one_line_error(_boardlab("play", "--game", "chess"), "unknown game 'chess'")
    _one_line_error(_boardlab("play", "--game", "burgundy", "--players", "5"), "player count must be 2-4, got 5")
    _one_line_error(_boardlab("play", "--game", "burgundy", "--seat", "2"),
                    "--seat must be a seat of this 2-player game (0..1), got 2")
    _one_line_error(_boardlab("play", "--game", "burgundy", "--seat", "-1"), "got -1")
    _one_line_error(_boardlab("play", "--game", "burgundy", "--ai", "wizard"), "unknown agent 'wizard'")
    _one_line_error(_boardlab("play", "--game", "burgundy", "--ai", "ismcts:iterations=0"), "iterations")
    _one_line_error(_boardlab("play", "--game", "burgundy", "--seed", "-1"), "--seed must be non-negative")
    _one_line_error(_boardlab("play", "--position", str(tmp_path / "none.json")), "no such position file")
    _one_line_error(_boardlab("play", "--position", str(over)), "the game in this position is over")
    _one_line_error(_boardlab("play", "--position", str(position), "--players", "3"),
                    "--players 3 does not match the position, a 2-player game")
    _one_line_error(_boardlab("play", "--position", str(position), "--game", "sanjuan"),
                    "position is a 'burgundy' position, not 'sanjuan'")
    _one_line_error(_boardlab("play", "--position", "-", stdin="{not json\nmoves\n"),
                    "<stdin>: position is not valid JSON")
    _one_line_error(_boardlab("play", "--position", "-", stdin="[1, 2]\n"), "position must be a JSON object")


def test_hint_says_which_moves_the_search_cannot_tell_from_the_first(monkeypatch):
    from solver.search import best_move as search

    state = new_state("sanjuan", 2, 4)
    legal = state.legal_actions()[:3]
    ranked = [{"action": a, "move": state.action_to_string(a), "name": state.action_name(a), "visits": 30 - i, "win_prob": 0.5 - 0.1 * i,
               "mean_reward": 0.25 + 0.001 * i, "expected_score": 20.0, "tied": i < 2, "same_turn": i == 0} for i, a in enumerate(legal)]
    monkeypatch.setattr(search, "analyse", lambda *args, **kwargs: ranked)
    out = io.StringIO()
    PlaySession(state, state.current_player(), "random", 0, out, color=False).hint()
    lines = [line for line in out.getvalue().splitlines() if line.startswith("  ")]
    assert ["as good as 1" in line for line in lines] == [False, True, False]
    # the "=" compares the value (the search's reward), so the hint shows it beside the win
    assert ["value 0.25" in line for line in lines] == [True, True, True] and "win 0.40, value 0.251" in lines[1]
    assert not any("another order" in line for line in lines)
    ranked[1]["same_turn"] = True                # the same moves this turn as the first, in another order
    out = io.StringIO()
    PlaySession(state, state.current_player(), "random", 0, out, color=False).hint()
    lines = [line for line in out.getvalue().splitlines() if line.startswith("  ")]
    assert ["in another order" in line for line in lines] == [False, True, False]


def test_a_payment_the_engine_completes_by_itself_is_told():
    import io

    import numpy as np

    # San Juan seed 0, random moves: seat 0 pays for a victory column; after coffee_roaster the only
    # legal card is a smithy, which the engine pays without asking
    state = new_state("sanjuan", 2, 0)
    rng = np.random.default_rng(0)
    while True:
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        if state.action_to_string(action) == "pay coffee_roaster":
            break
        state.apply_action(action)
    lines = iter(["pay coffee_roaster\n", "quit\n"])

    class Commands:
        def readline(self):
            return next(lines, "")

    out = io.StringIO()
    PlaySession(state, state.current_player(), "random", 0, out, echo=True).run(Commands())
    text = out.getvalue()
    assert "you play: pay with the coffee roaster card [pay coffee_roaster]\nforced, the only legal move each time (San Juan applies those itself): " \
           "pay smithy\n" in text
