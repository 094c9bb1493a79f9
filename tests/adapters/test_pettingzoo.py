"""boardlab's games as PettingZoo AEC environments: PettingZoo's API and seed tests on every game
and player count, rewards, masks, seeds, refusals and the ANSI picture."""
import warnings

import numpy as np
import pytest
from pettingzoo.test import api_test, render_test, seed_test

import engine_c
from solver.adapters.pettingzoo import BoardlabEnv, env, raw_env
from solver.display import render

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")
COUNTS = (2, 3, 4)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_api_and_seed_tests(game, players):
    with warnings.catch_warnings():
        # PettingZoo suggests a Box observation; a dict with an action mask is its own convention
        warnings.filterwarnings("ignore", message="Observation is not a NumPy array")
        warnings.filterwarnings("ignore", message="Observation space for each agent probably should be")
        api_test(env(game, players), num_cycles=1000)
        seed_test(lambda: env(game, players), num_cycles=50)


def play_to_the_end(environment, seed):
    """Plays random legal moves to the end; returns the agents in the order they acted, and the rewards."""
    rng = np.random.default_rng(seed)
    acted, rewards = [], {}
    for agent in environment.agent_iter():
        observation, reward, terminated, truncated, info = environment.last()
        rewards[agent] = reward
        if terminated or truncated:
            environment.step(None)
            continue
        acted.append(agent)
        environment.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
    return acted, rewards


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_a_game_to_the_end(game, players):
    environment = raw_env(game, players)
    environment.reset(seed=12)
    board = environment.game_state
    observation = environment.observe(environment.agent_selection)
    assert list(np.flatnonzero(observation["action_mask"])) == board.legal_actions()
    others = [agent for agent in environment.possible_agents if agent != environment.agent_selection]
    assert not any(environment.observe(agent)["action_mask"].any() for agent in others)
    assert np.array_equal(observation["observation"], board.observation_tensor(board.current_player()))
    acted, rewards = play_to_the_end(environment, seed=1)
    assert environment.agents == [] and board.is_terminal()
    assert [rewards[f"player_{seat}"] for seat in range(players)] == list(board.returns())
    assert len(acted) > 20 and set(acted) == set(environment.possible_agents)


def test_the_same_seed_gives_the_same_deals_and_another_seed_others():
    first, second = raw_env("sanjuan", 2), raw_env("sanjuan", 2)
    first.reset(seed=5)
    second.reset(seed=5)
    assert first.game_state.to_json() == second.game_state.to_json()
    expected = engine_c.new_state("sanjuan", 2, np.random.SeedSequence(5, spawn_key=(0,)))
    assert first.game_state.to_json() == expected.to_json()
    first.reset()
    second.reset()
    assert first.game_state.to_json() == second.game_state.to_json() != expected.to_json()
    second.reset(seed=6)
    assert second.game_state.to_json() != first.game_state.to_json()


def test_render_is_the_terminal_picture():
    environment = raw_env("burgundy", 2, render_mode="ansi")
    environment.reset(seed=3)
    assert environment.render() == render(environment.game_state, seat=None, color=False)
    seat_one = raw_env("sanjuan", 2, render_mode="ansi", render_seat=1)
    seat_one.reset(seed=3)
    picture = seat_one.render()
    assert picture == render(seat_one.game_state, seat=1, color=False)
    assert picture != render(seat_one.game_state, seat=0, color=False)
    silent = raw_env("burgundy", 2)
    silent.reset(seed=3)
    with pytest.warns(UserWarning, match="render_mode"):
        assert silent.render() is None


def test_refusals():
    with pytest.raises(ValueError, match="unknown game"):
        BoardlabEnv("chess")
    with pytest.raises(ValueError, match="players"):
        BoardlabEnv("burgundy", 5)
    with pytest.raises(ValueError, match="render_mode"):
        BoardlabEnv("burgundy", 2, render_mode="rgb_array")
    with pytest.raises(ValueError, match="render_seat"):
        BoardlabEnv("burgundy", 2, render_seat=2)
    environment = raw_env("seasons", 2)
    environment.reset(seed=1)
    illegal = int(np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"] == 0)[0])
    before = environment.game_state.to_json()
    with pytest.raises(ValueError, match="not legal"):
        environment.step(illegal)
    assert environment.game_state.to_json() == before


def test_an_action_or_seed_that_is_not_an_integer_is_refused():
    """int() made 1.7 action 1 and a seed of 1.5 seed 1: a policy's mistake played on silently."""
    environment = raw_env("sanjuan", 2)
    environment.reset(seed=1)
    legal = int(np.flatnonzero(environment.observe(environment.agent_selection)["action_mask"])[0])
    before = environment.game_state.to_json()
    for bad in (legal + 0.5, float(legal), str(legal), True, None):
        with pytest.raises(ValueError, match="an action is an integer"):
            environment.step(bad)
        assert environment.game_state.to_json() == before
    environment.step(np.array(legal))               # numpy integers and 0-d arrays are integers
    assert environment.game_state.to_json() != before
    for bad in (1.5, -1, "3", True):
        with pytest.raises(ValueError, match="seed must be None or a non-negative integer"):
            environment.reset(seed=bad)
    environment.reset(seed=np.int64(3))
    again = raw_env("sanjuan", 2)
    again.reset(seed=3)
    assert again.game_state == environment.game_state


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_pettingzoo_render_test(game, players, capsys):
    render_test(lambda render_mode=None: env(game, players, render_mode=render_mode))
    assert "\n" in capsys.readouterr().out          # "human" printed the board


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_info_names_the_last_move_to_those_who_see_it(game, players):
    environment = raw_env(game, players)
    environment.reset(seed=4)
    rng = np.random.default_rng(0)
    hidden_seen = named = 0
    for _ in range(150):
        agent = environment.agent_selection
        if environment.terminations[agent]:
            break
        state = environment.game_state
        action = int(rng.choice(state.legal_actions()))
        notation, name = state.action_to_string(action), state.action_name(action)
        secret = state.private_choice() or state.secret_choice()
        environment.step(action)
        for other in environment.possible_agents:
            info = environment.infos[other]
            if other == agent or not secret:
                assert info == {"action": notation, "action_name": name}
                named += 1
            else:
                assert info == {"action": None, "action_name": None, "hidden": True}
                hidden_seen += 1
    assert named > 0
    if game in ("sanjuan", "seasons"):       # cards paid face down, secret selections
        assert hidden_seen > 0
