"""The Python API refuses out-of-range input with one clear BoardlabError, in every game: seeds,
observer seats, action numbers and move texts reach C code that would otherwise read past its
arrays (an observer of 100000 crashed the interpreter) or wrap silently (seed -1)."""
import re

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError, IllegalActionError, InvalidActionError
from solver.search import ismcts
from solver.search.agents import make_agent

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


@pytest.mark.parametrize("game", GAMES)
def test_the_rest_of_the_state_api_refuses_in_one_boardlab_line(game):
    from engine_c.game import _restore
    with pytest.raises(BoardlabError, match=f"{game}: unknown option"):
        new_state(game, 2, 0, no_such_option=1)          # Burgundy's own options took no others
    state = new_state(game, 2, 0)
    for among in (["x"], 5, "12"):
        with pytest.raises(BoardlabError, match="among must be a non-empty list of legal actions"):
            state.playout_action(0, among=among)
    for observer in (5, "a"):
        with pytest.raises(BoardlabError, match="observer must be a seat 0..1"):
            state.rewind_secret(observer)
    with pytest.raises(BoardlabError, match="pickled state has 3 bytes"):
        _restore(type(state), b"abc", 2)


@pytest.mark.parametrize("game", GAMES)
def test_numpy_integers_and_move_text_are_taken_where_numbers_and_moves_are(game):
    state = new_state(game, np.int64(2), 0)
    assert state.num_players == 2 and state == new_state(game, 2, 0)
    first = state.legal_actions()[0]
    assert state.is_legal(state.action_to_string(first)) and not state.is_legal("no such move")
    legal = state.legal_actions()
    assert state.playout_action(3, among=[legal[0], legal[0]]) == legal[0]    # a move given twice is one move


def test_the_searcher_and_the_baselines_refuse_in_one_boardlab_line():
    from solver.search import baselines
    state = new_state("sanjuan", 2, 0)
    for settings, message in (({"c": "a"}, "c must be a number"), ({"max_depth": -1}, "max_depth must be >= 0"),
                              ({"worlds": 1.5}, "worlds must be an integer")):
        with pytest.raises(BoardlabError, match=message):
            ismcts.Searcher(**settings)
    searcher = ismcts.Searcher(c=0.25)
    with pytest.raises(BoardlabError, match="ismcts: time must be a number of seconds"):
        searcher.search(state, time="x")
    with pytest.raises(BoardlabError, match="principal_variation: action must be a non-negative integer"):
        searcher.principal_variation("x")
    with pytest.raises(BoardlabError, match="random: seed must be an integer"):
        baselines.random_action(state, -1)
    with pytest.raises(BoardlabError, match="greedy: unknown reward 'x'"):
        baselines.greedy_action(state, 1, 4, "x")
    with pytest.raises(BoardlabError, match="greedy: playouts must be an integer 1..10.6, got 0"):
        baselines.greedy_action(state, 1, 0)


def test_a_seed_sequence_and_numpy_budgets_work_in_the_search_and_the_baselines():
    from solver.search import baselines
    state = new_state("sanjuan", 2, 0)
    first, second = ismcts.Searcher(c=0.25), ismcts.Searcher(c=0.25)
    assert first.search(state, iterations=np.int64(50), seed=np.random.SeedSequence(4)) == 50
    second.search(state, iterations=50, seed=np.random.SeedSequence(4))
    assert first.root_stats() == second.root_stats()             # the same sequence, the same search
    assert baselines.random_action(state, np.random.SeedSequence(2)) in state.legal_actions()


def test_the_test_game_refuses_a_move_that_is_not_text():
    from engine_c.toygames import HighCardState
    state = HighCardState(2, 0)
    with pytest.raises(InvalidActionError, match="a move is written as text"):
        state.string_to_action(5)
    with pytest.raises(InvalidActionError, match="no action"):
        state.action_to_string(99)


@pytest.mark.parametrize("state", [-1, 2**64, 1.5, "7", True, None])
def test_split_rng_refuses_what_is_not_a_uint64_in_one_line(state):
    with pytest.raises(BoardlabError, match=r"^split_rng: the state must be an integer 0\.\.2\*\*64-1, got "):
        ismcts.split_rng(state)
    assert ismcts.split_rng(2**64 - 1)[0] == ismcts.split_rng(np.uint64(2**64 - 1))[0]
