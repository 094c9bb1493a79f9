"""boardlab play tells the steps the engine plays by itself (a single legal move each) in San Juan and
A Castle for All Seasons (payments completed, turns skipped with only `pass` legal), and what it
prints after a save plays on from the saved position."""
import io

import numpy as np

from engine_c import new_state
from solver.play.session import PlaySession, named


class Commands:
    """The lines of a script, one per readline, then the end of the input."""

    def __init__(self, lines):
        self.lines = iter(lines)

    def readline(self):
        return next(self.lines, "")


def _random_until(game, seed, found):
    """Play random moves from a new 2-player deal until ``found(state, move_text)`` holds for the next move."""
    state = new_state(game, 2, seed)
    rng = np.random.default_rng(seed)
    while not state.is_terminal():
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        text = state.action_to_string(action)
        if found(state, text):
            return state, text
        state.apply_action(action)
    raise AssertionError("no such move in this game")


def _play(state, script, ai="random"):
    out = io.StringIO()
    PlaySession(state, state.current_player(), ai, 0, out, echo=True).run(Commands(script))
    return out.getvalue()



def _ai_plays_first(state, move):
    """The person at the other seat of a 2-player game; the AI to act plays ``move``, then its own
    choices until the person's turn. Returns what play printed (a StringIO)."""
    ai_seat = state.current_player()
    out = io.StringIO()
    session = PlaySession(state, 1 - ai_seat, "random", 0, out)
    agent = session.agents[ai_seat]
    choose, chosen = agent.choose, []

    def move_first(s):
        """The move to test, then the agent's own choices."""
        if chosen:
            return choose(s)
        chosen.append(move)
        return s.string_to_action(move)

    agent.choose = move_first
    session.play_ai_moves()
    return out

def _named(state, move):
    """How the session shows ``move`` (notation) played in ``state``: in words, the notation in brackets."""
    return named(state.action_name(state.string_to_action(move)), move)


def _whole_payment_forced(state, text):
    """A San Juan build whose whole payment has one legal card at every step."""
    if not text.startswith("build "):
        return False
    after = state.clone()
    after.apply_action(text)
    hand_before = state.to_dict()["seats"][state.current_player()]["hand"]
    hand_after = after.to_dict()["seats"][state.current_player()]["hand"]
    return sum(hand_before.values()) - sum(hand_after.values()) >= 2 and after.to_dict()["phase"] != "pay"


def test_a_build_whose_payment_is_forced_tells_the_cards_paid():
    state, move = _random_until("sanjuan", 1, _whole_payment_forced)
    seat = state.current_player()
    hand = dict(state.to_dict()["seats"][seat]["hand"])
    said = f"you play: {_named(state, move)}\n"          # named before the move changes the position
    text = _play(state, [move + "\n", "quit\n"])
    line = text.split(said)[1].splitlines()[0]
    assert line.startswith("forced, the only legal move each time (San Juan applies those itself): pay ")
    paid = [step.split()[1] for step in line.split(": ", 1)[1].split(", ")]
    hand[move.split()[1]] -= 1
    for card in paid:
        hand[card] -= 1
    assert min(hand.values()) >= 0 and len(paid) >= 1


def _role_skipping_the_other_seat(state, text):
    """A San Juan role chosen while the next seat has no good to sell or no empty production building."""
    data = state.to_dict()
    if data["phase"] != "role" or text.split("+")[0] not in ("trader", "producer"):
        return False
    other = data["seats"][1 - state.current_player()]["buildings"]
    if text.startswith("trader"):
        return not any(isinstance(b, dict) for b in other)
    return all(isinstance(b, dict) for b in other)


def test_the_persons_turn_skipped_with_only_pass_legal_is_told():
    state, move = _random_until("sanjuan", 2, _role_skipping_the_other_seat)
    ai_seat = state.current_player()
    role = move.split("+")[0]
    said = f"seat {ai_seat} (AI) plays: {_named(state, move)}\n"
    out = _ai_plays_first(state, move)
    reason = "no good to sell" if role == "trader" else "no empty production building"
    assert said in out.getvalue()
    assert f"you: pass (forced, {reason}: the {role}'s turn is skipped)\n" in out.getvalue()


def test_a_seasons_build_tells_the_payment_steps_the_engine_took():
    def paid_at_once(state, text):
        if not text.startswith("build "):
            return False
        after = state.clone()
        after.apply_action(text)
        return after.to_dict()["phase"] != "pay"

    state, move = _random_until("seasons", 3, paid_at_once)
    seat = state.current_player()
    have = state.to_dict()["seats"][seat]["resources"]
    said = f"you play: {_named(state, move)}\n"          # named before the move changes the position
    text = _play(state, [move + "\n", "quit\n"])
    line = text.split(said)[1].splitlines()[0]
    prefix = "forced, the only legal move each time (A Castle for All Seasons applies those itself): "
    assert line.startswith(prefix + "pay stone ")
    steps = line[len(prefix):].split(", ")
    assert [step.split()[1] for step in steps[:3]] == ["stone", "clay", "wood"]
    assert all(0 <= int(step.split()[2]) <= have[step.split()[1]] for step in steps[:3])


def test_the_command_a_save_prints_plays_on_with_the_games_data_and_ai(tmp_path):
    import json
    import shlex
    import subprocess
    import sys

    def boardlab(args, stdin):
        return subprocess.run([sys.executable, "-m", "solver.cli", *args], capture_output=True, text=True,
                              input=stdin, timeout=300)

    data = tmp_path / "tiletum data.json"
    assert boardlab(["data", "export", "--game", "tiletum", "--out", str(data)], "").returncode == 0
    tables = json.loads(data.read_text())
    tables["about"] = tables["about"] + " (edited)"
    tables["tables"]["rule_numbers"]["items"][5]["value"] += 1
    data.write_text(json.dumps(tables))
    saved = tmp_path / "saved.json"
    played = boardlab(["play", "--game", "tiletum", "--data", str(data), "--ai", "random", "--no-color"],
                      f"save {saved}\nquit\n")
    assert played.returncode == 0, played.stderr
    command = played.stdout.split("(play on from it with: ")[1].split(")\n")[0]
    words = shlex.split(command)
    assert words[:2] == ["boardlab", "play"] and words[words.index("--ai") + 1] == "random"
    resumed = boardlab(words[1:] + ["--no-color"], "quit\n")
    assert resumed.returncode == 0 and "game left unfinished." in resumed.stdout, resumed.stderr


def _forced_private_steps_follow(state, text):
    """A San Juan move after which the engine first plays a private step (a card face down) of the mover."""
    steps = state.clone().apply_action_steps(text)
    return bool(steps) and steps[0][0] == state.current_player() and steps[0][3]


def test_another_seats_forced_private_steps_are_told_without_the_cards():
    state, move = _random_until("sanjuan", 4, _forced_private_steps_follow)
    ai_seat = state.current_player()
    steps = state.clone().apply_action_steps(move)
    run = []
    for player, _, text, private in steps:
        if player != ai_seat:
            break
        run.append(f"{text.split()[0]} a card (face down)" if private else text)
    out = _ai_plays_first(state, move)
    told = out.getvalue().split(f"seat {ai_seat} (AI) plays: ")[1].splitlines()[1]
    assert told == f"seat {ai_seat} (forced, the only legal move each time): " + ", ".join(run)
    hidden = [text for player, _, text, private in steps[:len(run)] if private]
    assert hidden and not any(text in told for text in hidden)      # the cards themselves stay hidden


def _hand(state, seat):
    """A San Juan seat's hand as a sorted list of card names."""
    return sorted(card for card, n in state.to_dict()["seats"][seat]["hand"].items() for _ in range(n))


def test_the_cards_a_move_draws_into_the_persons_hand_are_named():
    state = new_state("sanjuan", 2, 0)
    seat = state.current_player()
    after = state.clone()
    after.apply_action("prospector")
    drawn = sorted(set(_hand(after, seat)) - set(_hand(state, seat)))
    assert len(drawn) == 1                        # the prospector's card, told nowhere else
    printed = _play(state, ["prospector", "quit"])
    told = [line for line in printed.splitlines() if line.startswith("you draw:")]
    assert told == [f"you draw: {drawn[0]} (now in your hand)"]


def test_a_councillors_kept_card_is_not_told_as_a_draw_and_others_draws_stay_unsaid():
    state = new_state("sanjuan", 2, 0)
    after = state.clone()
    after.apply_action("councillor")
    keep = after.action_to_string(after.legal_actions()[0])
    lines = _play(state, ["councillor", keep, "quit"]).splitlines()
    kept = next(i for i, line in enumerate(lines) if line.startswith("you play: ") and line.endswith(f"[{keep}]"))
    assert not lines[kept + 1].startswith("you draw:"), lines[kept:kept + 3]
    # the AI's own draws (its prospector's card) never reach the person's output
    out = _ai_plays_first(*_random_until("sanjuan", 3, lambda s, text: text == "prospector"))
    assert "you draw:" not in out.getvalue()
