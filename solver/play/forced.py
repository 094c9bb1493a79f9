"""Steps the engine plays by itself (a decision with one legal move), and San Juan cards drawn into the
person's hand, told in words to one seat.

San Juan and A Castle for All Seasons do not ask for those decisions (a payment completed, a card kept
or discarded, a turn with only ``pass`` legal); the terminal game says what happened, as the person's
seat may know it: another player's private step (a card paid or kept face down) without the card.
"""
from __future__ import annotations

from collections import Counter

FORCED = "forced, the only legal move each time ({game} applies those itself): "
GAME_NAMES = {"sanjuan": "San Juan", "seasons": "A Castle for All Seasons"}
SKIPPED_TURNS = {"builder": "nothing to build", "producer": "no empty production building",
                 "trader": "no good to sell"}


def forced_lines(game, before, move, steps, seat):
    """Lines telling ``seat`` the steps the engine played by itself after ``move`` in the position
    ``before`` (a dict): ``steps`` as ``apply_action_steps`` gives them, one line per run of steps of
    one player; another player's private steps (a card paid or kept face down) without the card."""
    lines, run = [], []
    for step in steps + [None]:
        if run and (step is None or step[0] != run[-1][0]):
            lines.append(_forced_line(game, before, move, run, seat))
            run = []
        if step is not None:
            run.append(step)
    return lines


def _forced_line(game, before, move, run, seat):
    """One line for a run of forced steps of one player (see forced_lines)."""
    player = run[0][0]
    who = "you" if player == seat else f"seat {player}"
    texts = [text if player == seat or not private else f"{text.split()[0]} a card (face down)"
             for _, _, text, private in run]
    if texts == ["pass"]:
        role = _sanjuan_role(before, move) if game == "sanjuan" else None
        if role in SKIPPED_TURNS:
            return f"{who}: pass (forced, {SKIPPED_TURNS[role]}: the {role}'s turn is skipped)"
        return f"{who}: pass (forced, the only legal move)"
    if player == seat:
        return FORCED.format(game=GAME_NAMES.get(game, game)) + ", ".join(texts)
    return f"{who} (forced, the only legal move each time): " + ", ".join(texts)


def _sanjuan_role(before, move):
    """The San Juan role being played after ``move`` from the position ``before`` (a dict)."""
    if before.get("phase") == "role":
        return move.lower().split("+")[0].strip()
    return before.get("role")


def drawn_line(game, before, after, seat, move=""):
    """The line telling ``seat`` the cards that came into its hand between the positions ``before``
    and ``after`` (dicts), or None: a San Juan draw happens inside a move (a prospector's or trader's
    card, a library, a well ...) and otherwise shows only in the hand. A card the seat's own ``move``
    kept (a councillor's ``keep X``) is not counted as a draw."""
    if game != "sanjuan":
        return None
    gained = Counter(after["seats"][seat]["hand"]) - Counter(before["seats"][seat]["hand"])
    words = move.lower().split()
    if words[:1] == ["keep"]:
        gained -= Counter(card.strip(",") for card in words[1:])
    if not gained:
        return None
    cards = sorted(gained.elements())
    return f"you draw: {', '.join(cards)} (now in your hand)"
