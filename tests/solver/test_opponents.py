"""Opponent models (``opponents``): the others' hidden choices drawn uniformly (the default, the
search as it was) or from the engine's playout policy (solver/search/opponents.pxd)."""
import pickle
import random
from collections import Counter

import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import ismcts
from solver.search.agents import make_agent
from solver.search.opponents import determinize, opponent_model

# Recorded from the search before the opponent models existed (commit e152507): for each game and
# seed, the move ``make_agent("ismcts:iterations=400", seed + 11)`` chose in the position below and
# its root visit counts in action order.  The default (uniform) model must reproduce them exactly.
RECORDED = {
    "seasons": [(0, 1, [82, 65, 59, 64, 60, 70]), (1, 7, [65, 95, 75, 165]), (2, 55, [209, 191])],
    "sanjuan": [(0, 1, [221, 43, 51, 85]), (1, 55, [253, 147]), (2, 79, [29, 47, 64, 41, 24, 32, 69, 94])],
    "burgundy": [(0, 0, [58, 12, 14, 11, 13, 27, 25, 13, 40, 47, 17, 40, 15, 19, 20, 18, 11]),
                 (1, 84, [49, 351]), (2, 8, [42, 95, 42, 17, 38, 73, 37, 21, 35])],
    "tiletum": [(0, 106, [13, 11, 11, 9, 44, 19, 11, 17, 13, 26, 13, 23, 12, 57, 14, 14, 13, 8, 15, 40, 17]),
                (1, 93, [80, 42, 93, 103, 44, 38]), (2, 86, [96, 186, 102, 16])],
}


def _recorded_position(game, seed):
    """The 2-player position of ``RECORDED``: ``7 * seed + 3`` seeded random moves, then on to a real choice."""
    state = new_state(game, 2, seed)
    rng = random.Random(seed)
    for _ in range(7 * seed + 3):
        state.apply_action(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply_action(state.legal_actions()[0])
    return state


def _total_variation(a, b):
    """Total variation distance between two Counters of samples."""
    na, nb = sum(a.values()), sum(b.values())
    return 0.5 * sum(abs(a[k] / na - b[k] / nb) for k in set(a) | set(b))


@pytest.mark.parametrize("game", sorted(RECORDED))
@pytest.mark.parametrize("spec", ["ismcts:iterations=400", "ismcts:iterations=400,opponents=uniform"])
def test_the_uniform_model_chooses_exactly_as_before(game, spec):
    # A Castle for All Seasons' default blends its learned value since (value=net); the recording is of the
    # linear value's search, which the opponent models must leave alone
    spec += ",value=linear" if game == "seasons" else ""
    for seed, move, visits in RECORDED[game]:
        agent = make_agent(spec, seed + 11)
        assert agent.choose(_recorded_position(game, seed)) == move
        assert [c["visits"] for c in sorted(agent.searcher().root_stats(), key=lambda c: c["action"])] == visits
        assert agent.searcher().opponents == 0


def _seasons_second_chooser():
    """2-player Seasons, first round: seat 0 has chosen its two cards in secret, seat 1 chooses."""
    state = new_state("seasons", 2, 0)
    for move in ("pick trader", "pick worker1"):
        state.apply_action(move)
    assert state.current_player() == 1 and state.secret_choice()
    return state


def test_policy_draws_the_others_secret_cards_from_the_playout_policy():
    """Seat 1's determinizations of seat 0's two hidden cards: uniform over the pairs, or as seat 0's
    playout policy chooses them from the start of the selection (which favours the workers)."""
    state = _seasons_second_chooser()
    start = new_state("seasons", 2, 0)
    direct = Counter()
    for seed in range(2000):
        world = start.clone()
        for k in range(2):
            world.apply_action(world.playout_action(seed * 2 + k))
        direct[tuple(world.to_dict()["seats"][0]["selected"])] += 1
    drawn = {model: Counter(tuple(determinize(state, 1, seed, model).to_dict()["seats"][0]["selected"])
                            for seed in range(2000)) for model in ("uniform", "policy")}
    assert _total_variation(drawn["policy"], direct) < 0.06
    assert _total_variation(drawn["uniform"], direct) > 0.5
    assert len(drawn["uniform"]) == 21                       # every pair of seat 0's seven cards
    for model in drawn:                                      # seat 1 sees its own hand as it is
        assert determinize(state, 1, 5, model).to_dict()["seats"][1] == state.to_dict()["seats"][1]


def test_the_searcher_uses_the_model_for_the_secret_cards():
    """The same search seed gives other root statistics once the hidden cards follow the policy; the
    decoupled statistics of seat 0's cards (``decoupled=2``) are then not kept."""
    state = _seasons_second_chooser()
    stats, kept = {}, {}
    for model in ("uniform", "policy"):
        searcher = ismcts.Searcher(0.25, "margin", decoupled=2, leaf_value=0.5, opponents=model)
        searcher.search(state, iterations=3000, seed=4)
        stats[model], kept[model] = searcher.root_stats(), searcher.phase_choice_visits(0)
    assert stats["uniform"] != stats["policy"]
    assert sum(kept["uniform"].values()) == 3000 and kept["policy"] == {}


def _san_juan_reply():
    """A 2-player San Juan position (seat 0 chooses a role) and a role after which seat 1 builds."""
    state = new_state("sanjuan", 2, 3)
    rng = random.Random(3)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    while True:
        if state.current_player() == 0 and len(state.legal_actions()) > 1:
            for role in state.legal_actions():
                after = state.clone()
                after.apply_action(role)
                if after.current_player() == 1 and len(after.legal_actions()) > 2 and not after.private_choice():
                    return state, role
        state.apply_action(rng.choice(state.legal_actions()))


def test_policy_plays_a_hidden_hand_by_the_playout_policy_in_the_tree():
    """Below seat 0's role, seat 1's buildings (which depend on the hand the determinization dealt
    him) are chosen as his playout policy chooses them, not by UCB over pooled statistics."""
    state, role = _san_juan_reply()
    direct = Counter()
    for seed in range(4000):
        world = state.resample_hidden(0, seed)
        world.apply_action(role)
        direct[world.playout_action(seed + 10**6)] += 1
    replies = {}
    for model in ("uniform", "policy"):
        searcher = ismcts.Searcher(0.25, "margin", opponents=model)
        searcher.search(state, iterations=12000, seed=1)
        replies[model] = Counter(searcher.child_visits([role]))
    assert _total_variation(replies["policy"], direct) < 0.08
    assert _total_variation(replies["uniform"], direct) > 0.3


def test_the_option_reaches_the_searcher_and_pickles():
    agent = make_agent("ismcts:iterations=200,opponents=policy", 3)
    state = _seasons_second_chooser()
    assert agent.choose(state) in state.legal_actions()
    assert agent.searcher().opponents == 1
    again = pickle.loads(pickle.dumps(agent))
    assert again.choose(state) in state.legal_actions() and again.searcher().opponents == 1
    assert pickle.loads(pickle.dumps(ismcts.Searcher(opponents="policy"))).opponents == 1
    assert pickle.loads(pickle.dumps(ismcts.Searcher())).opponents == 0


@pytest.mark.parametrize("make", [lambda: make_agent("ismcts:opponents=smart"),
                                  lambda: ismcts.Searcher(opponents="smart"),
                                  lambda: ismcts.Searcher(opponents=1),
                                  lambda: determinize(new_state("seasons", 2, 0), 1, 0, "Policy"),
                                  lambda: opponent_model(None)])
def test_a_bad_model_is_one_line(make):
    with pytest.raises(BoardlabError, match="opponents must be uniform or policy") as caught:
        make()
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("game", ["burgundy", "tiletum"])
def test_games_that_hide_only_chance_search_alike_under_both_models(game):
    """The Castles of Burgundy and Tiletum hide draws from everybody alike, no player's choice: the
    policy model has nothing to redraw and the search is the uniform one."""
    state = _recorded_position(game, 2)
    stats = []
    for model in ("uniform", "policy"):
        searcher = ismcts.Searcher(0.25, "margin", opponents=model)
        searcher.search(state, iterations=1500, seed=3)
        stats.append(searcher.root_stats())
    assert stats[0] == stats[1]
