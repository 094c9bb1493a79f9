"""A move typed as text that is not a move here: the refusal echoes the text and lists the legal moves."""
import pytest

from engine_c import new_state
from engine_c.errors import IllegalActionError, InvalidActionError

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


@pytest.mark.parametrize("game", GAMES)
def test_unparseable_text_is_echoed_with_the_legal_moves(game):
    state = new_state(game, 2, 3)
    legal = [state.action_to_string(a) for a in state.legal_actions()]
    with pytest.raises(InvalidActionError) as info:
        state.apply_action("take the blue one")
    message = str(info.value)
    assert "\n" not in message and "'take the blue one'" in message
    assert "legal here: " + ", ".join(legal[:20]) in message


@pytest.mark.parametrize("game", GAMES)
def test_a_move_of_the_game_that_is_not_legal_now_is_echoed_with_the_legal_moves(game):
    state = new_state(game, 2, 3)
    legal = set(state.legal_actions())
    text = next(state.action_to_string(a) for a in range(state.num_distinct_actions) if a not in legal
                and state.string_to_action(state.action_to_string(a)) == a)
    before = state.to_json()
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(text)
    message = str(info.value)
    assert f"{text!r} is not legal here" in message and "legal here: " in message
    assert state.to_json() == before                      # nothing was applied


def test_a_long_legal_list_is_cut_and_says_how_many_more():
    state = new_state("tiletum", 2, 3)
    n = len(state.legal_actions())
    assert n > 3
    assert state.legal_moves_text(limit=3).endswith(f"(and {n - 3} more)")
