"""SO-ISMCTS behaviour: finds wins, beats random, keeps to the information set, tree invariants."""
import time

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import ismcts
from solver.search.agents import make_agent

from solver_helpers import highcard_position, play_game


@pytest.mark.parametrize("spec", ["ismcts:iterations=2000", "ismcts:iterations=2000,reward=margin",
                                  "ismcts:time=0.05"])
def test_finds_the_sure_win(spec):
    state = highcard_position()
    for seed in range(5):
        assert state.action_to_string(make_agent(spec, seed).choose(state)) == "7"


def test_sure_win_has_win_probability_one():
    searcher = ismcts.Searcher(0.7, "rank")
    searcher.search(highcard_position(), iterations=3000, seed=4)
    stats = {s["action"]: s for s in searcher.root_stats()}
    seven, ten = stats[6], stats[9]
    assert seven["rank_sum"] == seven["visits"]           # every playout after 7 is won
    assert ten["rank_sum"] / ten["visits"] < 0.9           # the 10 can lose the last round
    assert seven["visits"] > ten["visits"]


def test_beats_random_clearly():
    total, wins, games = 0.0, 0, 200
    for g in range(games):
        seat = g % 2
        specs = ["ismcts:iterations=500", "random"] if seat == 0 else ["random", "ismcts:iterations=500"]
        state = play_game("highcard", specs, g)
        total += state.returns()[seat]
        wins += state.ranks()[seat] == 0 and state.ranks()[1 - seat] == 1
    assert total / games > 0.65, total / games
    assert wins > games * 0.6


def test_beats_random_three_players():
    total = 0.0
    for g in range(300):
        seat = g % 3
        specs = ["random"] * 3
        specs[seat] = "ismcts:iterations=500"
        total += play_game("highcard", specs, 1000 + g).returns()[seat]
    assert total / 300 > 0.58        # a random seat averages 0.5 (measured: 0.64)


@pytest.mark.parametrize("spec", ["ismcts:iterations=1500", "pimc:determinizations=5,iterations=500",
                                  "flat:iterations=500", "greedy", "random"])
def test_does_not_use_hidden_information(spec):
    """Swapping the opponent's secret card with the stock changes nothing the searcher sees:
    with the same seed every agent must behave identically."""
    real = highcard_position(opponent_hand=(8,), stock=(1, 1, 2, 3, 4, 5, 6, 8, 9, 10))
    other = highcard_position(opponent_hand=(1,), stock=(1, 2, 3, 4, 5, 6, 8, 8, 9, 10))
    assert real != other
    for seed in range(4):
        assert make_agent(spec, seed).choose(real) == make_agent(spec, seed).choose(other)


def test_search_statistics_identical_when_only_hidden_info_changes():
    real = highcard_position(opponent_hand=(10,), stock=(1, 1, 2, 3, 4, 5, 6, 8, 8, 9))
    other = highcard_position(opponent_hand=(1,), stock=(1, 2, 3, 4, 5, 6, 8, 8, 9, 10))
    a, b = ismcts.Searcher(0.7, "rank"), ismcts.Searcher(0.7, "rank")
    a.search(real, iterations=2000, seed=9)
    b.search(other, iterations=2000, seed=9)
    assert a.root_stats() == b.root_stats()
    # ...whereas searching the true hidden state (no determinization) would differ: the
    # opponent's real 10 ties the 10 and beats the 7 in the last round.
    pimc = ismcts.Searcher(0.7, "rank")
    pimc.search(real, iterations=2000, seed=9, resample=False)
    assert pimc.root_stats() != a.root_stats()


def test_tree_invariants():
    state = new_state("highcard", 3, 8)
    searcher = ismcts.Searcher(0.7, "rank")
    done = searcher.search(state, iterations=5000, seed=2)
    assert done == 5000 == searcher.iterations_done
    stats = searcher.root_stats()
    assert sum(s["visits"] for s in stats) == 5000
    assert {s["action"] for s in stats} == set(state.legal_actions())
    for s in stats:
        assert 0 < s["visits"] <= s["avail"] <= 5000           # root moves are always available
        assert 0.0 <= s["reward_sum"] <= s["visits"]
    assert searcher.node_count <= 5001
    pv = searcher.principal_variation(searcher.best_action(), 10)
    assert pv[0] == searcher.best_action() and 1 < len(pv) <= 10


def test_best_action_is_most_visited():
    searcher = ismcts.Searcher(0.7, "rank")
    searcher.search(new_state("highcard", 2, 3), iterations=3000, seed=1)
    stats = searcher.root_stats()
    top = max(s["visits"] for s in stats)
    assert searcher.best_action() == min(s["action"] for s in stats if s["visits"] == top)


def test_time_budget_is_respected():
    # the budget is wall time, so only its lower bound holds on a loaded machine; a search that
    # overran it would keep spending CPU time, which load does not stretch
    searcher = ismcts.Searcher(0.7, "rank")
    cpu = time.process_time()
    searcher.search(new_state("highcard", 4, 3), time=0.05, seed=1)
    assert 0.05 <= searcher.seconds
    assert time.process_time() - cpu < 0.2
    assert searcher.iterations_done > 100


def test_node_size_and_bench():
    assert ismcts.NODE_BYTES == 48
    figures = ismcts.bench_search(new_state("highcard", 2, 0), 20000, 1)
    assert figures["iterations"] == 20000 and figures["node_bytes"] == 48
    assert figures["memory_bytes"] >= 40 * figures["nodes"]
    assert ismcts.bench_iterations(new_state("highcard", 2, 0), 2000, 1) > 1000


def test_flat_is_a_depth_one_tree():
    searcher = ismcts.Searcher(0.7, "rank", 1)
    state = new_state("highcard", 2, 5)
    searcher.search(state, iterations=1000, seed=3)
    assert searcher.node_count == 1 + len(state.legal_actions())


def test_greedy_takes_the_immediate_points():
    # the 7 and the 10 both win the prize now; greedy must not throw the hand away
    state = highcard_position()
    assert state.action_to_string(make_agent("greedy", 0).choose(state)) in ("7", "10")


def test_node_cap_stops_growth_not_search():
    searcher = ismcts.Searcher(0.7, "rank", 0, 100)
    state = new_state("highcard", 2, 5)
    assert searcher.search(state, iterations=5000, seed=1) == 5000
    assert searcher.node_count == 100 and searcher.out_of_memory
    assert searcher.best_action() in state.legal_actions()
    assert sum(s["visits"] for s in searcher.root_stats()) == 5000


def test_expand_after_grows_only_visited_nodes():
    """expand_after=T: a node below the root gets children only after T visits; beyond the
    budget it is the flat search, move for move; and the tree shrinks as T grows."""
    state = new_state("burgundy", 2, 4)
    stats = {}
    for depth, expand in ((1, 0), (0, 10**6), (0, 0), (0, 20), (0, 200)):
        searcher = ismcts.Searcher(0.25, "margin", depth, expand_after=expand)
        searcher.search(state, iterations=1500, seed=7)
        stats[depth, expand] = (searcher.node_count, searcher.root_stats())
    assert stats[0, 10**6] == stats[1, 0]          # never expanded below the root: flat
    counts = [stats[0, expand][0] for expand in (0, 20, 200, 10**6)]
    assert counts == sorted(counts, reverse=True) and len(set(counts)) == 4
    with pytest.raises(BoardlabError, match="expand_after"):
        ismcts.Searcher(0.25, "margin", expand_after=-1)


def test_expand_after_survives_pickling():
    import pickle

    searcher = pickle.loads(pickle.dumps(ismcts.Searcher(0.25, "margin", expand_after=30)))
    assert searcher.expand_after == 30
