"""Play mode, generically for every game: the page a seat receives after another seat's move is a
function of what that seat may see. Two moves of the AI that leave the seat's view of the position
the same (say, two different cards paid face down) must give the same page: the same history line,
the same marks, the same everything; otherwise the history would name what the seat cannot know.
The one exception is two moves that lead to the very same position (two equal dice), whose
notation may differ without telling anything hidden."""
import json

import numpy as np
import pytest

from solver.web.board import Board
from tests.web.test_api import GAMES
from tests.web.test_play_mode import random_states

MOVES_PER_STATE = 8      # the AI's moves tried from each state (sampled when it has more)


def page_after(state, action, human):
    """The page ``human`` receives after the AI (every other seat) plays ``action`` from ``state``,
    and the position that move really leads to."""
    board = Board(state.clone(), seed=0)
    board.agents = [None if seat == human else "random" for seat in range(state.num_players)]
    board._apply(action)
    page = board.seat_view(human)
    return page, board.state.to_dict()


@pytest.mark.parametrize("game", GAMES)
def test_moves_the_seat_cannot_tell_apart_give_the_same_page(game):
    rng = np.random.default_rng(53)
    groups_checked = 0
    for index, state in enumerate(random_states(game)):
        if state.is_terminal():
            continue
        actor = state.current_player()
        human = (actor + 1) % state.num_players
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        tried = legal if len(legal) <= MOVES_PER_STATE else \
            [legal[i] for i in rng.choice(len(legal), MOVES_PER_STATE, replace=False)]
        by_view = {}
        for action in tried:
            page, truth = page_after(state, action, human)
            assert page["play_mode"]
            by_view.setdefault(json.dumps(page["position"], sort_keys=True), []).append((action, page, truth))
        for outcomes in by_view.values():
            if len(outcomes) < 2:
                continue
            groups_checked += 1
            first_action, first_page, first_truth = outcomes[0]
            for action, page, truth in outcomes[1:]:
                if page != first_page:
                    assert truth == first_truth, (
                        f"state {index}: seat {actor}'s moves {state.action_to_string(first_action)!r} and "
                        f"{state.action_to_string(action)!r} look the same to seat {human} but its page tells "
                        f"them apart: {first_page['moves'][-1]} / {page['moves'][-1]}")
    if game in ("sanjuan", "seasons"):
        assert groups_checked > 0       # the games with secret moves did offer look-alike moves
