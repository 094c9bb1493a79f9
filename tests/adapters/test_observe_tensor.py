"""The compiled observation tensors (each game's `observe` room) against an independent oracle.

The oracle is the seat view (solver.display.seat_views: the position JSON with what the seat cannot
see covered, written separately from the encoders). For every sampled state and seat, and the same
state with everything the seat cannot know redrawn (``resample_hidden``), the tensor must be equal
exactly when the seat views are: grouping the samples by tensor and by view must give the same
groups. That checks every pair of samples (well over 10,000 per game): no hidden field reaches the
tensor (a resampled state would fall in another group) and no two positions the seat tells apart
collide (their views differ, so their tensors must).
"""
import itertools

import numpy as np
import pytest

import engine_c
from solver.adapters.observation import seat_view, view_json

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


def sampled_states(game, players, games, every, seed):
    """States along ``games`` seeded random games, one every ``every`` decisions, the last included."""
    rng = np.random.default_rng(seed)
    states = []
    for number in range(games):
        state = engine_c.new_state(game, players, int(rng.integers(2**31)))
        step = 0
        while True:
            if step % every == 0 or state.is_terminal():
                states.append(state.clone())
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(int(legal[rng.integers(len(legal))]))
            step += 1
    return states


def groups(labels):
    """The partition of sample indices by label, as a set of frozensets."""
    by = {}
    for index, label in enumerate(labels):
        by.setdefault(label, []).append(index)
    return {frozenset(members) for members in by.values()}


@pytest.mark.parametrize("game", GAMES)
def test_describe_covers_the_tensor_without_overlap(game):
    for players in (2, 3, 4):
        state = engine_c.new_state(game, players, 1)
        slices = state.observation_describe()
        assert len({name for name, _, _ in slices}) == len(slices)
        start = 0
        for name, begin, size in slices:
            assert begin == start and size > 0, name
            start += size
        assert (start,) == state.observation_shape() == state.observation_tensor(0).shape
        info = state.information_state_describe()
        assert info[:len(slices)] == slices
        assert sum(size for _, _, size in info) == state.information_state_shape()[0]


@pytest.mark.parametrize("game", GAMES)
def test_tensor_equal_exactly_when_the_seat_view_is(game):
    pairs = 0
    for players in (2, 3, 4):
        states = sampled_states(game, players, games=3, every=4, seed=players)
        for seat in range(players):
            samples = []
            for index, state in enumerate(states):
                samples.append(state)
                if index % 2 == 0:          # its indistinguishable twins: hidden parts and the RNG redrawn
                    samples.extend(state.resample_hidden(seat, 1000 * index + k) for k in range(2))
            tensors = [s.observation_tensor(seat) for s in samples]
            for tensor in tensors:
                assert tensor.dtype == np.float32 and np.isfinite(tensor).all()
            views = [view_json(seat_view(s.to_dict(), seat, game)) for s in samples]
            assert groups(t.tobytes() for t in tensors) == groups(views)
            twins = sum(1 for a, b in itertools.combinations(range(len(samples)), 2) if views[a] == views[b])
            assert twins >= len(states) // 2          # the redrawn twins really are compared
            pairs += len(samples) * (len(samples) - 1) // 2
    assert pairs >= 10_000


@pytest.mark.parametrize("game", GAMES)
def test_seats_are_relative_to_the_observer(game):
    for players in (2, 3, 4):
        for state in sampled_states(game, players, games=1, every=25, seed=9):
            slices = state.observation_describe()
            seat_slices = {}
            for name, start, size in slices:
                if name.startswith("seat"):
                    slot, field = name[4:].split(".", 1)
                    seat_slices.setdefault(int(slot), []).append((field, start, size))
            tensors = [state.observation_tensor(seat) for seat in range(players)]
            for seat in range(players):
                for other in range(players):
                    # player `other` is slot (other - seat) mod n for `seat`, slot 0 for itself;
                    # fields naming what only the owner sees differ, so compare the public ones
                    mine = dict((f, tensors[other][a:a + n]) for f, a, n in seat_slices[0])
                    seen = dict((f, tensors[seat][a:a + n]) for f, a, n in seat_slices[(other - seat) % players])
                    for field in PUBLIC_SEAT_FIELDS[game]:
                        assert np.array_equal(mine[field], seen[field]), (seat, other, field)
            to_act = [start for name, start, size in slices if name == "to_act"][0]
            if not state.is_terminal():
                for seat in range(players):
                    expected = (state.current_player() - seat) % players
                    assert tensors[seat][to_act:to_act + 4].tolist() == [float(k == expected) for k in range(4)]


PUBLIC_SEAT_FIELDS = {
    "burgundy": ("vp", "estate", "storage", "dice", "board"),
    "sanjuan": ("buildings", "hand_count", "chapel_count", "public_hand"),
    "seasons": ("vp", "talers", "resources", "hand"),
    "tiletum": ("vp", "resources", "king", "storage"),
}


@pytest.mark.parametrize("game", GAMES)
def test_information_state_recalls_own_actions_and_keys_it(game):
    state = engine_c.new_state(game, 2, 4)
    actions = type(state).num_distinct_actions
    base = state.information_state_tensor(0)
    assert np.array_equal(base[:state.observation_shape()[0]], state.observation_tensor(0))
    assert not base[state.observation_shape()[0]:].any()
    after = state.information_state_tensor(0, [1, 2])
    start = state.observation_shape()[0]
    assert after[start + 2] == 1 and after[start + actions + 1] == 1     # most recent first
    assert state.information_state_key(0, [1, 2]) != state.information_state_key(0, [2, 1])
    assert state.information_state_key(0) != state.information_state_key(1)
    assert state.information_state_key(0, [1]) == state.clone().information_state_key(0, [1])


@pytest.mark.parametrize("game", GAMES)
def test_the_key_is_a_digest_of_the_observation_and_the_last_own_actions(game):
    from engine_c.infokey import observation_key
    state = engine_c.new_state(game, 3, 8)
    rng = np.random.default_rng(2)
    for _ in range(25):
        state.apply_action(state.legal_actions()[rng.integers(len(state.legal_actions()))])
    recent = [5, 1, 4, 1, 5, 9, 2, 6, 5, 3]
    observation = state.observation_tensor(1)
    key = state.information_state_key(1, recent)
    # the compiled path (a reused buffer) and the cached-tensor path give the same key, again and again
    assert key == observation_key(1, observation, recent) == state.information_state_key(1, recent)
    assert key.startswith("p1:") and len(key) == 3 + 32 and int(key[3:], 16) >= 0
    assert key == state.information_state_key(1, recent[-8:])              # only the last 8 are recalled
    assert key != state.information_state_key(1, recent[-7:])              # fewer recalled actions differ
    assert key != state.information_state_key(1, recent[:-1] + [4])
    # every single value of the observation reaches the digest
    keys = set()
    for index in range(observation.shape[0]):
        changed = observation.copy()
        changed[index] += 1.0
        keys.add(observation_key(1, changed, recent))
    assert len(keys) == observation.shape[0] and key not in keys
