"""The observation shared by the adapters: built from the seat view only, fixed size, its layout."""
import zlib

import numpy as np
import pytest

import engine_c
from solver.adapters import observation as ob

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


def played(game, players, moves, seed):
    """A boardlab state after ``moves`` seeded random moves."""
    state = engine_c.new_state(game, players, seed)
    for step in range(moves):
        if state.is_terminal():
            break
        legal = state.legal_actions()
        state.apply_action(legal[(seed * 7919 + step * 104729) % len(legal)])
    return state


@pytest.mark.parametrize("game", GAMES)
def test_what_a_seat_cannot_see_does_not_change_its_observation(game):
    state = played(game, 3, 25, seed=4)
    for seat in range(3):
        for seed in range(3):
            other = state.resample_hidden(seat, seed)
            assert np.array_equal(ob.observation_vector(other, seat), ob.observation_vector(state, seat))
            assert ob.view_string(ob.seat_view(other.to_dict(), seat, game), seat) == \
                ob.view_string(ob.seat_view(state.to_dict(), seat, game), seat)


@pytest.mark.parametrize("game", GAMES)
def test_vector_shape_bounds_and_one_hot_seats(game):
    state = played(game, 4, 30, seed=2)
    for seat in range(4):
        vector = ob.observation_vector(state, seat)
        assert vector.shape == (ob.OBSERVATION_SIZE,) and vector.dtype == np.float32
        assert np.all(np.abs(vector) <= ob.VALUE_BOUND)
        assert list(np.flatnonzero(vector[:ob.MAX_SEATS])) == [seat]
        assert list(np.flatnonzero(vector[ob.MAX_SEATS:2 * ob.MAX_SEATS])) == [state.current_player()]
        assert np.count_nonzero(vector[2 * ob.MAX_SEATS:]) > 20
    assert not np.array_equal(ob.observation_vector(state, 0)[8:], ob.observation_vector(played(game, 4, 31, 2), 0)[8:])


def test_a_finished_game_has_no_seat_to_act():
    state = engine_c.new_state("seasons", 2, 3)
    state.playout(5)
    vector = ob.observation_vector(state, 1)
    assert state.is_terminal() and not vector[ob.MAX_SEATS:2 * ob.MAX_SEATS].any()


def test_leaves_go_to_the_crc32_bucket_of_their_path():
    view = {"round": 3, "seats": [{"hand": {"tower": 2}, "ready": True}], "phase": "role", "tile": None}
    sums = ob.hashed_view(view)
    expected = np.zeros(ob.HASH_BUCKETS)
    for name, amount in (("round", 3), ("seats.0.hand.tower", 2), ("seats.0.ready", 1),
                         ("phase=role", 1), ("tile=None", 1)):
        expected[zlib.crc32(name.encode()) % ob.HASH_BUCKETS] += amount
    assert np.array_equal(sums, expected)
    state = engine_c.new_state("sanjuan", 2, 1)
    view = ob.seat_view(state.to_dict(), 0, "sanjuan")
    vector = ob.observation_vector(state, 0)
    squashed = np.sign(ob.hashed_view(view)) * np.log1p(np.abs(ob.hashed_view(view)))
    assert np.allclose(vector[2 * ob.MAX_SEATS:], squashed)


def test_a_seat_outside_the_game_is_refused():
    state = engine_c.new_state("burgundy", 2, 1)
    for seat in (2, -1, True, "0"):
        with pytest.raises(ValueError, match="seat"):
            ob.observation_vector(state, seat)
