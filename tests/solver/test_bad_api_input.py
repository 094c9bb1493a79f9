"""The Python API refuses out-of-range input with one clear BoardlabError, in every game: seeds,
observer seats, action numbers and move texts reach C code that would otherwise read past its
arrays (an observer of 100000 crashed the interpreter) or wrap silently (seed -1)."""
import re

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError, IllegalActionError, InvalidActionError
from solver import ismcts
from solver.agents import make_agent

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")
BAD_SEEDS = (-1, 1.7, "x", None, True, 2**64)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", BAD_SEEDS, ids=repr)
def test_bad_seeds_are_refused_everywhere(game, seed):
    state = new_state(game, 2, 0)
    message = "seed must be an integer 0..2^64-1"
    for call in (lambda: new_state(game, 2, seed), lambda: state.resample_hidden(0, seed),
                 lambda: state.clone().playout(seed), lambda: make_agent("random", seed)):
        with pytest.raises(BoardlabError, match=re.escape(message)):
            call()
    with pytest.raises(BoardlabError, match="ismcts: seed must be an integer 0..2.64-1"):
        ismcts.Searcher().search(state, iterations=5, seed=seed)


@pytest.mark.parametrize("game", GAMES)
def test_good_seeds_still_play(game):
    assert new_state(game, 2, np.uint64(7)) == new_state(game, 2, 7)
    assert new_state(game, 2, 2**64 - 1).current_player() in (0, 1)
    assert new_state(game, 2, np.random.SeedSequence(3)) is not None


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("observer", (100000, 3, -1, True, 1.5, None), ids=repr)
def test_an_observer_outside_the_game_is_refused(game, observer):
    state = new_state(game, 3, 0)
    with pytest.raises(BoardlabError, match=r"observer must be a seat 0..2, got "):
        state.resample_hidden(observer, 1)
    assert state.resample_hidden(np.int64(2), 1).current_player() == state.current_player()


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("action", (None, 10**12, -1, 2**31, 1.0), ids=repr)
def test_action_numbers_outside_the_game_are_refused(game, action):
    state = new_state(game, 2, 0)
    before = state.clone()
    assert state.is_legal(action) is False
    with pytest.raises(IllegalActionError, match="is not legal here"):
        state.apply_action(action)
    with pytest.raises(InvalidActionError, match="out of range"):
        state.action_to_string(action)
    assert state == before


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text", (None, 3, b"pass", ["pass"]), ids=repr)
def test_a_move_that_is_not_text_is_refused(game, text):
    state = new_state(game, 2, 0)
    with pytest.raises(InvalidActionError, match="a move is written as text, got "):
        state.string_to_action(text)


def test_a_negative_exploration_constant_is_refused():
    with pytest.raises(BoardlabError, match=r"c must be in \[0, 1e9\], got -1"):
        ismcts.Searcher(c=-1)
    with pytest.raises(BoardlabError, match=r"c must be in \[0, 1e9\], got nan"):
        ismcts.Searcher(c=float("nan"))


@pytest.mark.parametrize("game", GAMES)
def test_a_position_of_another_game_is_named(game):
    from engine_c import state_class

    for other in GAMES:
        if other != game:           # the game field is read first, before the other game's fields
            with pytest.raises(BoardlabError) as info:
                state_class(game).from_json(new_state(other, 2, 0).to_json())
            assert f"'{other}'" in str(info.value) and "unknown field" not in str(info.value), str(info.value)
