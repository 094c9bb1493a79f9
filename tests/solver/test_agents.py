"""Agent specs, errors, determinism, purity (no mutation), pickling."""
import pickle

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search.agents import make_agent, parse_agent_spec

ALL_SPECS = ["random", "greedy", "greedy:playouts=2", "flat:iterations=200", "ismcts:iterations=300",
             "ismcts:iterations=300,c=1.2,reward=margin", "pimc:determinizations=4,iterations=200",
             "ismcts:time=0.01"]


def test_parse_examples():
    assert parse_agent_spec("ismcts:iterations=2000,c=0.7") == ("ismcts", {"iterations": 2000, "c": 0.7, "reward": "margin", "playout": "policy", "score_weight": 0.0})
    assert parse_agent_spec("ismcts:time=0.5") == ("ismcts", {"time": 0.5, "c": 0.25, "reward": "margin", "playout": "policy", "score_weight": 0.0})
    assert parse_agent_spec("random") == ("random", {})
    assert parse_agent_spec("greedy") == ("greedy", {"playouts": 4})
    assert parse_agent_spec("flat:iterations=1000")[1]["iterations"] == 1000
    assert parse_agent_spec("pimc:determinizations=20,iterations=200")[1] == {
        "determinizations": 20, "iterations": 200, "c": 0.25, "reward": "margin", "playout": "policy", "score_weight": 0.0}
    assert parse_agent_spec("ismcts:reward=rank,playout=uniform") == ("ismcts", {"iterations": 1000, "c": 0.25, "reward": "rank", "playout": "uniform", "score_weight": 0.0})
    assert parse_agent_spec(" ismcts : iterations = 5 ")[1]["iterations"] == 5


@pytest.mark.parametrize("spec, message", [
    ("ismcts:iteration=2000", "unknown agent parameter 'iteration' for ismcts (known: iterations, time, c, reward, playout, widening, score_weight, worlds, reuse, trees, depth, expand, prior, halving, decoupled, cutoff, leaf_value, unseen, opponents, value)"),
    ("mcts", "unknown agent 'mcts' (known: flat, greedy, ismcts, pimc, random, study)"),
    ("random:iterations=3", "unknown agent parameter 'iterations' for random (known: none)"),
    ("ismcts:iterations=0", "ismcts: parameter iterations must be a positive integer up to 1000000000, got '0'"),
    ("ismcts:iterations=-5", "ismcts: parameter iterations must be a positive integer up to 1000000000, got '-5'"),
    ("ismcts:iterations=many", "ismcts: parameter iterations must be a positive integer up to 1000000000, got 'many'"),
    ("flat:iterations=2.5", "flat: parameter iterations must be a positive integer up to 1000000000, got '2.5'"),
    ("ismcts:time=0", "ismcts: parameter time must be a positive number up to 1e+06, got '0'"),
    ("ismcts:time=nan", "ismcts: parameter time must be a positive number up to 1e+06, got 'nan'"),
    ("ismcts:c=-0.1", "ismcts: parameter c must be a non-negative number up to 1e+09, got '-0.1'"),
    ("ismcts:reward=points", "ismcts: parameter reward must be rank or margin, got 'points'"),
    ("ismcts:playout=smart", "ismcts: parameter playout must be policy or uniform, got 'smart'"),
    ("greedy:playouts=0", "greedy: parameter playouts must be a positive integer up to 1000000, got '0'"),
    ("pimc:determinizations=0", "pimc: parameter determinizations must be a positive integer up to 10000, got '0'"),
    ("ismcts:iterations", "ismcts: expected key=value in agent spec, got 'iterations'"),
    ("ismcts:c=1,c=2", "ismcts: parameter c given twice"),
    ("ismcts:", "ismcts: empty parameter list after ':' in 'ismcts:'"),
    ("", "agent spec must be a non-empty string, got ''"),
    ("ismcts:iterations=99999999999999999999999",
     "ismcts: parameter iterations must be a positive integer up to 1000000000, got '99999999999999999999999'"),
    ("ismcts:time=inf", "ismcts: parameter time must be a positive number up to 1e+06, got 'inf'"),
    ("ismcts:time=1e7", "ismcts: parameter time must be a positive number up to 1e+06, got '1e7'"),
    ("ismcts:depth=-1", "ismcts: parameter depth must be a non-negative integer up to 10000, got '-1'"),
    ("ismcts:depth=deep", "ismcts: parameter depth must be a non-negative integer up to 10000, got 'deep'"),
    ("ismcts:iterations=5,trees=10",
     "ismcts: iterations (5) must be at least trees (10): the budget is shared among the trees"),
    ("ismcts:halving=1,trees=2", "ismcts: halving=1 needs an iteration budget (not time) and one tree (trees=1)"),
    ("ismcts:halving=1,time=1", "ismcts: halving=1 needs an iteration budget (not time) and one tree (trees=1)"),
    ("ismcts:halving=1,iterations=100,time=1",
     "ismcts: halving=1 needs an iteration budget (not time) and one tree (trees=1)"),
    # the shares of 0..1 say so, below 0 as above 1
    ("ismcts:leaf_value=-0.1", "ismcts: parameter leaf_value must be between 0 and 1, got '-0.1'"),
    ("ismcts:score_weight=-1", "ismcts: parameter score_weight must be between 0 and 1, got '-1'"),
    ("flat:score_weight=nan", "flat: parameter score_weight must be between 0 and 1, got 'nan'"),
    ("ismcts:leaf_value=1.5", "ismcts: parameter leaf_value must be between 0 and 1, got '1.5'"),
])
def test_spec_errors_are_one_line(spec, message):
    with pytest.raises(BoardlabError) as info:
        make_agent(spec, 0)
    assert str(info.value) == message
    assert "\n" not in str(info.value)


def _midgame(seed, players=3, moves=4):
    state = new_state("highcard", players, seed)
    rng = np.random.default_rng(seed)
    for _ in range(moves):
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
    return state


@pytest.mark.parametrize("spec", [s for s in ALL_SPECS if "time" not in s])
def test_same_seed_same_choices(spec):
    states = [_midgame(seed) for seed in range(6)]
    a = make_agent(spec, 11)
    b = make_agent(spec, np.random.SeedSequence(11))   # ints and SeedSequences seed alike
    assert [a.choose(s) for s in states] == [b.choose(s) for s in states]


def test_different_seeds_differ_somewhere():
    states = [new_state("highcard", 2, seed) for seed in range(20)]
    first = [make_agent("random", 1).choose(s) for s in states]
    second = [make_agent("random", 2).choose(s) for s in states]
    assert first != second


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_choose_is_legal_and_does_not_mutate(spec):
    agent = make_agent(spec, 5)
    for seed in range(4):
        state = _midgame(seed)
        before = state.to_bytes()
        action = agent.choose(state)
        assert state.to_bytes() == before, "the agent changed the state it was given"
        assert isinstance(action, int) and action in state.legal_actions()


@pytest.mark.parametrize("spec", ALL_SPECS)
def test_agents_pickle_and_continue_identically(spec):
    agent = make_agent(spec, 3)
    state = _midgame(1)
    agent.choose(state)                      # advance the stream and build the node pool
    copy = pickle.loads(pickle.dumps(agent))
    if "time" not in spec:
        assert [copy.choose(_midgame(s)) for s in range(3)] == [agent.choose(_midgame(s)) for s in range(3)]


def test_agents_do_not_use_global_rngs():
    import random
    state = _midgame(2)
    np.random.seed(0); random.seed(0)
    first = make_agent("ismcts:iterations=200", 9).choose(state)
    np.random.seed(1); random.seed(1)
    assert make_agent("ismcts:iterations=200", 9).choose(state) == first


def test_finished_game_is_refused():
    state = new_state("highcard", 2, 0)
    state.playout(1)
    with pytest.raises(BoardlabError):
        make_agent("ismcts:iterations=10", 0).choose(state)


@pytest.mark.parametrize("spec", ["random", "greedy", "ismcts:iterations=10", "pimc:determinizations=2,iterations=10"])
def test_choose_needs_a_state(spec):
    with pytest.raises(BoardlabError, match="game state"):
        make_agent(spec, 0).choose("highcard")


def test_depth_limits_the_tree():
    """depth=D: no node deeper than D moves below the root; depth=1 (without a prior) plays like flat
    Monte-Carlo."""
    from engine_c import new_state

    state = new_state("burgundy", 2, 3)
    shallow = make_agent("ismcts:iterations=400,depth=2", 1)
    deep = make_agent("ismcts:iterations=400,expand=0", 1)       # the full tree (Burgundy grows it after 50 visits)
    shallow.choose(state)
    deep.choose(state)
    assert shallow.searcher().max_depth == 2 and deep.searcher().max_depth == 0
    assert shallow.searcher().node_count < deep.searcher().node_count
    flat = make_agent("flat:iterations=300", 5)
    # flat has neither a prior nor a leaf value (Burgundy's ISMCTS has both)
    one = make_agent("ismcts:iterations=300,depth=1,prior=0,leaf_value=0", 5)
    for _ in range(3):
        assert flat.choose(state) == one.choose(state)
        state.apply_action(state.legal_actions()[0])
