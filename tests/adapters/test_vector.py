"""VectorEnv: many PettingZoo environments stepped together are the same games as each played alone,
finished games give their returns once and restart on the next deal, seeds fix everything, bad
input is refused."""
import numpy as np
import pytest

from solver.adapters.pettingzoo import raw_env
from solver.adapters.vector import VectorEnv


def random_actions(masks, rng):
    """One random legal action per row."""
    return np.array([rng.choice(np.flatnonzero(row)) for row in masks], dtype=np.int64)


@pytest.mark.parametrize("game, players", [("seasons", 2), ("sanjuan", 3), ("tiletum", 4), ("burgundy", 2)])
def test_the_vector_is_the_single_environments_played_side_by_side(game, players):
    vector = VectorEnv(game, players, num_envs=3, seed=9)
    observations, masks, seats = vector.reset()
    # the same games played alone: the same first deal seeds, then each env's own next deals
    alone = [raw_env(game, players) for _ in range(3)]
    for row, env in enumerate(alone):
        env.reset(seed=int(np.random.SeedSequence(9, spawn_key=(row,)).generate_state(1)[0]))
    rng, finished = np.random.default_rng(0), 0
    steps = 700 if game == "seasons" else 150
    for _ in range(steps):
        for row, env in enumerate(alone):
            seat = env.agent_seat[env.agent_selection]
            seen = env.observe(env.agent_selection)
            assert seats[row] == seat
            assert np.array_equal(observations[row], seen["observation"])
            assert np.array_equal(masks[row], seen["action_mask"])
            assert list(np.flatnonzero(masks[row])) == env.game_state.legal_actions()
        actions = random_actions(masks, rng)
        observations, masks, seats, rewards, done = vector.step(actions)
        for row, env in enumerate(alone):
            env.step(int(actions[row]))
            if env.game_state.is_terminal():
                assert done[row] and list(rewards[row]) == list(env.game_state.returns())
                assert rewards[row].sum() == pytest.approx(players / 2)
                finished += 1
                env.reset()
            else:
                assert not done[row] and not rewards[row].any()
    if game == "seasons":
        assert finished >= 3              # the restart was exercised (a 2-player Seasons game is ~130 steps)


def test_the_same_seed_gives_the_same_run_and_another_seed_another():
    def run(seed):
        vector, rng, seen = VectorEnv("sanjuan", 2, num_envs=2, seed=seed), np.random.default_rng(1), []
        observations, masks, _seats = vector.reset()
        for _ in range(30):
            seen.append(observations.copy())
            observations, masks, _seats, _rewards, _done = vector.step(random_actions(masks, rng))
        return np.array(seen)
    assert np.array_equal(run(4), run(4))
    assert not np.array_equal(run(4), run(5))


def test_rows_are_different_deals():
    observations, _masks, _seats = VectorEnv("tiletum", 2, num_envs=4, seed=0).reset()
    assert len({row.tobytes() for row in observations}) == 4


def test_bad_input_is_refused():
    for num_envs in (0, -1, 1.5, True):
        with pytest.raises(ValueError, match="num_envs must be a positive integer"):
            VectorEnv("seasons", 2, num_envs=num_envs)
    with pytest.raises(ValueError, match="unknown game"):
        VectorEnv("chess", 2)
    vector = VectorEnv("seasons", 2, num_envs=2, seed=1)
    with pytest.raises(ValueError, match="call reset"):
        vector.step([0, 0])
    with pytest.raises(ValueError, match="seed must be"):
        vector.reset(seed=-3)
    observations, masks, _seats = vector.reset(seed=1)
    with pytest.raises(ValueError, match="actions must be 2 integers"):
        vector.step([0, 0, 0])
    with pytest.raises(ValueError, match="actions must be 2 integers"):
        vector.step([0.0, 1.0])
    before = observations.copy()
    illegal = np.flatnonzero(masks[1] == 0)[0]
    with pytest.raises(ValueError, match="environment 1: action .* is not legal"):
        vector.step([np.flatnonzero(masks[0])[0], illegal])
    # nothing was played: the refused step left environment 0 where it was too
    assert np.array_equal(vector._gather()[0], before)
