"""boardlab's games as OpenSpiel games: registration, OpenSpiel's own random simulation test on
every game and player count, serialization, information states and resampling, deals and seeds,
and OpenSpiel's IS-MCTS playing them, at every player count of every game."""
import pickle

import numpy as np
import pyspiel
import pytest
from open_spiel.python.algorithms import ismcts, mcts
from open_spiel.python.observation import make_observation

import engine_c
from engine_c.observing import OWN_RECALL
from solver.adapters import openspiel as adapter
from solver.adapters.game_length import max_decisions

GAMES = adapter.GAMES
COUNTS = (2, 3, 4)


def random_moves(state, moves, seed):
    """Applies up to ``moves`` uniformly random legal actions to an OpenSpiel state, in place."""
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


@pytest.mark.parametrize("game", GAMES)
def test_registered_with_the_engine_facts(game):
    cls = engine_c.state_class(game)
    names = pyspiel.registered_names()
    assert "boardlab_" + game in names
    kind = pyspiel.load_game("boardlab_" + game).get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.chance_mode == pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert kind.utility == pyspiel.GameType.Utility.CONSTANT_SUM
    assert kind.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert (kind.min_num_players, kind.max_num_players) == (cls.min_players, cls.max_players)
    assert kind.provides_information_state_string and kind.provides_observation_string
    assert kind.provides_observation_tensor and kind.provides_information_state_tensor
    for players in COUNTS:
        loaded = pyspiel.load_game(f"boardlab_{game}", {"players": players})
        assert loaded.num_players() == players
        assert loaded.num_distinct_actions() == cls.num_distinct_actions
        assert loaded.max_game_length() == max_decisions(game, players)
        assert (loaded.min_utility(), loaded.max_utility()) == (0.0, 1.0)
        assert loaded.utility_sum() == players / 2
        engine = cls(players, 0)
        assert loaded.observation_tensor_shape() == list(engine.observation_shape())
        assert loaded.information_state_tensor_shape() == list(engine.information_state_shape())


@pytest.mark.parametrize("game", GAMES)
def test_bad_parameters_are_refused(game):
    cls = engine_c.state_class(game)
    with pytest.raises(Exception, match="players"):
        adapter.load_game(game, cls.max_players + 1)
    with pytest.raises(Exception, match="seed"):
        adapter.load_game(game, 2, -1)
    with pytest.raises(ValueError, match="unknown game"):
        adapter.load_game("chess")


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_openspiel_random_simulation_test(game, players):
    # OpenSpiel's C++ checks on a whole random game: legal actions sorted and empty for the others,
    # the mask, clones equal, history, observations and tensors for every player, rewards adding
    # up to the returns, returns within the utility bounds, the game no longer than max_game_length.
    # serialize=False: OpenSpiel serializes a sampled-stochastic game together with the game's own
    # RNG, which a Python game cannot provide; state serialization is tested below.
    pyspiel.random_sim_test(adapter.load_game(game, players, seed=3), num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_serialization_round_trips(game, players):
    loaded = adapter.load_game(game, players, seed=5)
    for moves in (0, 7, 40):
        state = random_moves(loaded.new_initial_state(), moves, seed=moves)
        back = loaded.deserialize_state(state.serialize())
        assert str(back) == str(state)
        assert back.history() == state.history()
        for player in range(players):
            assert back.information_state_string(player) == state.information_state_string(player)
        again = pickle.loads(pickle.dumps(state))
        assert str(again) == str(state) and again.history() == state.history()
        # both copies play on alike, chance included (the RNG travels with the position)
        random_moves(back, 15, seed=1)
        random_moves(state, 15, seed=1)
        assert str(back) == str(state)
    game_again = pickle.loads(pickle.dumps(loaded))
    assert str(game_again) == str(loaded)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_resampling_keeps_what_the_player_knows(game, players):
    loaded = adapter.load_game(game, players, seed=11)
    sampler = pyspiel.UniformProbabilitySampler(7, 0.0, 1.0)
    state = loaded.new_initial_state()
    redrawn = 0
    for step in range(6):
        random_moves(state, 9, seed=step)
        if state.is_terminal():
            break
        for player in range(players):
            other = state.resample_from_infostate(player, sampler)
            assert other.information_state_string(player) == state.information_state_string(player)
            assert other.observation_string(player) == state.observation_string(player)
            assert other.current_player() == state.current_player()
            if player == state.current_player():      # another seat's moves may hang on its hidden cards
                assert other.legal_actions() == state.legal_actions()
            redrawn += str(other) != str(state)
    assert redrawn > 0            # the RNG (and any hidden cards) is redrawn, not copied


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_information_state_is_the_observation_and_own_last_actions(game, players):
    loaded = adapter.load_game(game, players, seed=2)
    state = random_moves(loaded.new_initial_state(), 12, seed=3)
    for player in range(players):
        own = [item.action for item in state.full_history() if item.player == player][-OWN_RECALL:]
        tensor = np.asarray(state.information_state_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, state.engine.information_state_tensor(player, own))
        assert state.information_state_string(player) == state.engine.information_state_key(player, own)
        assert state.observation_string(player).startswith(f"seat {player} sees ")
        # the key is kept with the state: asked again, it is not computed again
        assert ("key", player) in state._position.cache
    assert state.information_state_string(0) != state.information_state_string(1)
    # a fresh state (only the key asked: written and hashed in one call) and one whose observation
    # tensor is already kept (hashed from it) name the information state alike
    fresh, kept = state.clone(), state.clone()
    kept.observation_tensor(1)
    assert ("tensor", 1) in kept._position.cache and ("tensor", 1) not in fresh._position.cache
    assert fresh.information_state_string(1) == kept.information_state_string(1) == state.information_state_string(1)
    # the Python shortcut answers as OpenSpiel's C++ call through the observer does, errors included
    other = state.clone()
    assert pyspiel.State.information_state_string(other, 0) == state.information_state_string(0)
    assert state.information_state_string() == state.information_state_string(state.current_player())
    with pytest.raises(pyspiel.SpielError, match="player < NumPlayers"):
        state.information_state_string(players)
    assert "rng" not in state.observation_string(0)
    assert '"rng"' in str(state)


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_observation_tensor_is_the_compiled_one(game, players):
    loaded = adapter.load_game(game, players, seed=4)
    state = random_moves(loaded.new_initial_state(), 12, seed=4)
    for player in range(players):
        tensor = np.asarray(state.observation_tensor(player), dtype=np.float32)
        assert np.array_equal(tensor, state.engine.observation_tensor(player))


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_public_and_private_observers(game, players):
    loaded = adapter.load_game(game, players, seed=6)
    public = make_observation(loaded, pyspiel.IIGObservationType(
        public_info=True, perfect_recall=False, private_info=pyspiel.PrivateInfoType.NONE))
    private = make_observation(loaded, pyspiel.IIGObservationType(
        public_info=False, perfect_recall=False, private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER))
    state = loaded.new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    for step in range(8):
        random_moves(state, 7, seed=step)
        if state.is_terminal():
            break
        text = public.string_from(state, 0)
        assert all(public.string_from(state, p) == text for p in range(players))    # the same for every seat
        for player in range(players):
            other = state.resample_from_infostate(player, sampler)      # what no one else sees is redrawn
            assert private.string_from(other, player) == private.string_from(state, player)
            assert public.string_from(other, player) == text
        if game == "sanjuan":       # hands are private: each seat sees its own
            assert len({private.string_from(state, p) for p in range(players)}) == players


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_returns_are_zero_until_the_end(game, players):
    loaded = adapter.load_game(game, players, seed=8)
    state = loaded.new_initial_state()
    while not state.is_terminal():
        assert state.returns() == [0.0] * players
        random_moves(state, 1, seed=len(state.history()))
    returns = state.returns()
    assert returns == list(state.engine.returns())
    assert sum(returns) == loaded.utility_sum() == players / 2
    # places pay 0, 1/(n-1), .., 1 from last to first; tied seats share their places' mean
    ordered, place = sorted(returns), 0
    while place < players:
        tied = ordered.count(ordered[place])
        assert ordered[place] == pytest.approx(np.mean([(place + k) / (players - 1) for k in range(tied)]))
        place += tied


def test_deals_follow_the_seed_whatever_else_is_asked():
    first = adapter.load_game("sanjuan", 2, seed=9)
    a = first.new_initial_state()
    a.observation_tensor(0)                 # OpenSpiel makes a scratch state to size the tensor
    a.clone()
    random_moves(a, 3, seed=0)
    b = first.new_initial_state()
    second = adapter.load_game("sanjuan", 2, seed=9)
    a2, b2 = second.new_initial_state(), second.new_initial_state()
    assert str(b2) != str(a2)               # two live states, two deals, in the order they were made
    assert str(random_moves(a2, 3, seed=0)) == str(a) and str(b2) == str(b)
    third = adapter.load_game("sanjuan", 2, seed=9)
    unused = third.new_initial_state()
    unused.legal_actions()
    del unused                              # never played: its deal number is given back
    assert str(third.new_initial_state()) == str(adapter.load_game("sanjuan", 2, seed=9).new_initial_state())
    expected = engine_c.new_state("sanjuan", 2, np.random.SeedSequence(9, spawn_key=(1,)))
    assert str(b) == expected.to_json()
    other_seed = adapter.load_game("sanjuan", 2, seed=10).new_initial_state()
    assert str(other_seed) != str(adapter.load_game("sanjuan", 2, seed=9).new_initial_state())


def test_a_state_from_a_boardlab_position():
    engine = engine_c.new_state("burgundy", 3, 21)
    state = adapter.load_game("burgundy", 3).new_initial_state(engine.to_json())
    assert str(state) == engine.to_json()
    assert state.legal_actions() == engine.legal_actions()
    with pytest.raises(ValueError, match="3 players"):
        adapter.load_game("burgundy", 2).new_initial_state(engine.to_json())


@pytest.mark.parametrize("players", COUNTS)
@pytest.mark.parametrize("game", GAMES)
def test_openspiel_ismcts_plays_a_legal_seeded_move(game, players):
    loaded = adapter.load_game(game, players, seed=1)
    state = random_moves(loaded.new_initial_state(), 4, seed=2)
    while len(state.legal_actions()) < 2:
        random_moves(state, 1, seed=3)

    def choose():
        """The move of a freshly made, seeded bot."""
        bot = ismcts.ISMCTSBot(loaded, mcts.RandomRolloutEvaluator(1, np.random.RandomState(1)), 1.4, 8,
                               random_state=np.random.RandomState(2))
        sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
        bot.set_resampler(lambda st, player: st.resample_from_infostate(player, sampler))
        return bot.step(state.clone())

    action = choose()
    assert action in state.legal_actions()
    assert choose() == action


def test_a_seed_beyond_an_openspiel_int_is_refused_by_name():
    """OpenSpiel's int parameters are C++ ints: a larger seed failed inside pybind11 as a RuntimeError
    naming neither the parameter nor its range."""
    assert adapter.load_game("sanjuan", 2, adapter.MAX_PARAMETER).get_parameters()["seed"] == adapter.MAX_PARAMETER
    for seed in (adapter.MAX_PARAMETER + 1, 2**40, 1.5, "7"):
        with pytest.raises(ValueError, match=r"seed must be an integer 0\.\.2147483647"):
            adapter.load_game("sanjuan", 2, seed)
    assert adapter.load_game("sanjuan", np.int64(3), np.int64(4)).get_parameters() == {"players": 3, "seed": 4}


def test_a_sampler_may_return_one():
    """A probability sampler's values lie in [0, 1]; 1.0 made a seed of 2^64 or more, refused by the engine."""
    state = random_moves(adapter.load_game("sanjuan", 2, 1).new_initial_state(), 5, 0)
    player = state.current_player()
    top = state.resample_from_infostate(player, lambda: 1.0)
    almost = state.resample_from_infostate(player, lambda: 1.0 - 2**-40)
    assert str(top) == str(almost)             # 1.0 draws the seed of all ones, as the largest value below does
    assert top.observation_string(player) == state.observation_string(player)
    assert str(state.resample_from_infostate(player, lambda: 0.0)) != str(top)
