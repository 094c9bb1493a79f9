"""The search options beyond the basic loop: fixed worlds, progressive widening, tree reuse."""
import math
import pickle

import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import ismcts
from solver.search.agents import (SEARCH_C, SEARCH_SCORE_WEIGHT, make_agent, parse_agent_spec, tree_c, tree_decoupled,
                           tree_leaf_value, tree_prior, tree_shape)

from solver_helpers import highcard_position


def test_options_parse():
    name, params = parse_agent_spec("ismcts:iterations=500,worlds=8,widening=1.5,reuse=1")
    assert (params["worlds"], params["widening"], params["reuse"]) == (8, 1.5, 1)
    assert parse_agent_spec("pimc:widening=2")[1]["widening"] == 2.0
    assert parse_agent_spec("flat:worlds=4")[1]["worlds"] == 4


@pytest.mark.parametrize("spec, message", [
    ("ismcts:worlds=-1", "ismcts: parameter worlds must be a non-negative integer up to 1000000, got '-1'"),
    ("ismcts:worlds=two", "ismcts: parameter worlds must be a non-negative integer up to 1000000, got 'two'"),
    ("ismcts:widening=-0.5", "ismcts: parameter widening must be a non-negative number up to 1e+09, got '-0.5'"),
    ("ismcts:reuse=yes", "ismcts: parameter reuse must be 0 or 1, got 'yes'"),
    ("pimc:worlds=3", "unknown agent parameter 'worlds' for pimc "
                      "(known: determinizations, iterations, time, c, reward, playout, widening, score_weight)"),
])
def test_option_errors_are_one_line(spec, message):
    with pytest.raises(BoardlabError) as info:
        make_agent(spec, 0)
    assert str(info.value) == message


def _rank_means(searcher):
    return {s["action"]: s["rank_sum"] / s["visits"] for s in searcher.root_stats()}


def test_one_world_makes_every_outcome_certain():
    """With worlds=1 every iteration plays in the same determinization: in this position the
    last round is then decided by the world alone, so each move's result is 0, 1/2 or 1,
    never a mixture, unlike a fresh determinization per iteration."""
    fixed = ismcts.Searcher(0.7, "rank", worlds=1)
    fresh = ismcts.Searcher(0.7, "rank")
    for seed in range(4):
        fixed.search(highcard_position(), iterations=600, seed=seed)
        assert all(mean in (0.0, 0.5, 1.0) for mean in _rank_means(fixed).values())
    fresh.search(highcard_position(), iterations=600, seed=0)
    assert 0.0 < _rank_means(fresh)[9] < 1.0          # the 10 wins in some worlds only


def test_worlds_do_not_use_hidden_information():
    real = highcard_position(opponent_hand=(10,), stock=(1, 1, 2, 3, 4, 5, 6, 8, 8, 9))
    other = highcard_position(opponent_hand=(1,), stock=(1, 2, 3, 4, 5, 6, 8, 8, 9, 10))
    a, b = ismcts.Searcher(0.7, "rank", worlds=5), ismcts.Searcher(0.7, "rank", worlds=5)
    a.search(real, iterations=1000, seed=3)
    b.search(other, iterations=1000, seed=3)
    assert a.root_stats() == b.root_stats()


def test_progressive_widening_limits_children():
    state = new_state("burgundy", 2, 4)
    state.apply_action(state.legal_actions()[0])
    while len(state.legal_actions()) < 20:           # a decision with many moves
        state.apply_action(state.legal_actions()[-1])
    legal = len(state.legal_actions())
    wide = ismcts.Searcher(0.25, "margin")
    wide.search(state, iterations=30, seed=1)
    assert len(wide.root_stats()) == min(30, legal)
    narrow = ismcts.Searcher(0.25, "margin", widening=1.0)
    narrow.search(state, iterations=30, seed=1)
    # a child is added only while children < sqrt(visits + 1): at most ceil(sqrt(31)) = 6
    assert 2 <= len(narrow.root_stats()) <= math.ceil(math.sqrt(31))
    assert sum(s["visits"] for s in narrow.root_stats()) == 30


def test_advance_keeps_the_subtree():
    state = new_state("burgundy", 2, 6)
    searcher = ismcts.Searcher(0.25, "margin")
    searcher.search(state, iterations=3000, seed=2)
    action = searcher.best_action()
    child_visits = next(s["visits"] for s in searcher.root_stats() if s["action"] == action)
    kept = searcher.advance(action)
    assert 1 < kept == searcher.node_count
    # a node's visits are its creation plus its children's visits
    assert sum(s["visits"] for s in searcher.root_stats()) == child_visits - 1
    following = state.clone()
    following.apply_action(action)
    searcher.search(following, iterations=1000, seed=3, keep_tree=True)
    assert sum(s["visits"] for s in searcher.root_stats()) == child_visits - 1 + 1000
    assert searcher.node_count <= kept + 1000
    assert searcher.advance(-7) == 0 and searcher.node_count == 0


def _play_decisions(spec, seed, count):
    state = new_state("burgundy", 2, seed)
    agents = [make_agent(spec, np.random.SeedSequence(seed, spawn_key=(i,))) for i in range(2)]
    moves, nodes = [], []
    for _ in range(count):
        agent = agents[state.current_player()]
        action = agent.choose(state)
        assert action in state.legal_actions()
        moves.append(action)
        nodes.append(max((s.node_count for s in agent._searchers), default=0))
        state.apply_action(action)
    return moves, nodes


@pytest.mark.parametrize("trees", [1, 2])
def test_reuse_grows_the_kept_tree_and_is_reproducible(trees):
    spec = f"ismcts:iterations=400,reuse=1,trees={trees},expand=0"     # every iteration grows the tree
    moves, nodes = _play_decisions(spec, 3, 12)
    assert _play_decisions(spec, 3, 12)[0] == moves
    # Burgundy turns are several decisions by one player, so some search kept a tree:
    # more nodes than one search of 400 / trees iterations can make
    assert max(nodes) > 400 // trees + 1


def test_reuse_only_after_own_move():
    agent = make_agent("ismcts:iterations=300,reuse=1", 1)
    state = new_state("burgundy", 2, 2)
    agent.choose(state)
    # a position that is not what our move led to: the search must start afresh
    other = new_state("burgundy", 2, 9)
    agent.choose(other)
    assert agent.searcher().node_count <= 301


def test_trees_vote_sums_root_visits():
    """ismcts:trees=K runs K searches sharing the budget (seeds from the agent's stream, as
    for PIMC) and plays the move with the most visits summed over them."""
    state = new_state("burgundy", 2, 8)
    agent = make_agent("ismcts:iterations=900,trees=3", 5)
    seed = make_agent("ismcts", 5)._next_seed()          # the seed the agent's first choice gets
    visits = {}
    stream = seed
    for _ in range(3):
        stream, tree_seed = ismcts.split_rng(stream)
        # the agent's settings on this game: boardlab's defaults and the game's search_defaults
        depth, expand = tree_shape(state)
        searcher = ismcts.Searcher(tree_c(state), "margin", depth, expand_after=expand,
                                   score_weight=type(state).search_defaults.get("score_weight", SEARCH_SCORE_WEIGHT),
                                   prior=tree_prior(state), leaf_value=tree_leaf_value(state))
        searcher.search(state, iterations=300, seed=tree_seed)
        for s in searcher.root_stats():
            visits[s["action"]] = visits.get(s["action"], 0) + s["visits"]
    top = max(visits.values())
    assert agent.choose(state) == min(a for a in visits if visits[a] == top)
    assert make_agent("ismcts:iterations=500,trees=1", 2).choose(state) == \
        make_agent("ismcts:iterations=500", 2).choose(state)


@pytest.mark.parametrize("weight", [0.0, 0.4, 1.0])
def test_score_weight_blends_own_score_into_the_reward(weight):
    """In one fixed world every root move has a certain result, so each move's mean reward
    must be (1 - w) * margin reward + w * own score / largest score seen."""
    searcher = ismcts.Searcher(0.7, "margin", worlds=1, score_weight=weight)
    searcher.search(highcard_position(), iterations=400, seed=5)
    stats = searcher.root_stats()
    finals = {s["action"]: [total / s["visits"] for total in s["score_sums"]] for s in stats}
    seen = max(abs(x) for scores in finals.values() for x in scores)
    for s in stats:
        own, other = finals[s["action"]]
        assert own == int(own) and other == int(other)          # one world: certain results
        margin = 0.5 + 0.5 * max(-1.0, min(1.0, (own - other) / max(abs(own), abs(other), 1)))
        expected = (1 - weight) * margin + weight * max(own, 0) / seen
        # the score part is scaled at read time, so every visit is on the same scale
        assert s["reward_sum"] / s["visits"] == pytest.approx(expected, abs=1e-12)


def test_score_weight_errors():
    with pytest.raises(BoardlabError) as info:
        make_agent("ismcts:score_weight=1.5", 0)
    assert str(info.value) == "ismcts: parameter score_weight must be between 0 and 1, got '1.5'"
    assert parse_agent_spec("ismcts:score_weight=0.3")[1]["score_weight"] == 0.3


def test_game_search_defaults_fill_only_what_the_spec_leaves_out():
    burgundy, sanjuan = new_state("burgundy", 2, 1), new_state("sanjuan", 2, 1)
    assert burgundy.search_defaults == {"score_weight": 0.7, "expand": 50, "c": 0.15, "prior": 1.0, "leaf_value": 0.25}
    assert sanjuan.search_defaults == {"reuse": 1, "prior": 3.0}
    assert new_state("tiletum", 2, 1).search_defaults == {"score_weight": 0.3, "expand": 200, "prior": 3.0, "leaf_value": 0.25}
    assert new_state("seasons", 2, 1).search_defaults == {"decoupled": 2, "leaf_value": 0.5, "value": "net"}
    seasons_agent = make_agent("ismcts:iterations=50", 0)
    seasons_agent.choose(new_state("seasons", 2, 1))
    assert seasons_agent.searcher().learned_value
    assert not make_agent("ismcts:iterations=50,value=linear", 0).searcher().learned_value
    agent = make_agent("ismcts:iterations=50", 0)
    agent.choose(burgundy)
    assert agent.settings["score_weight"] == 0.7 and agent.searcher().score_weight == 0.7
    assert agent.searcher().expand_after == 50
    assert agent.searcher().c == 0.15 and agent.searcher().prior_weight == 1.0
    explicit = make_agent("ismcts:iterations=50,c=0.4", 0)
    explicit.choose(burgundy)
    assert explicit.searcher().c == 0.4                  # a c the spec sets wins over the game's
    agent.choose(sanjuan)                            # another game: its own settings
    assert agent.settings["score_weight"] == 0.0 and agent.searcher().score_weight == 0.0
    assert agent.searcher().expand_after == 0 and agent.searcher().c == SEARCH_C
    assert agent.settings["reuse"] == 1                  # San Juan keeps its tree between own moves
    assert agent.searcher().prior_weight == 3.0          # and starts on its playout policy's moves
    pimc = make_agent("pimc:iterations=50", 0)
    pimc.choose(sanjuan)
    assert "reuse" not in pimc.settings                  # only for agents that take the parameter
    full_tree = make_agent("ismcts:iterations=50,expand=0", 0)
    full_tree.choose(burgundy)
    assert full_tree.searcher().expand_after == 0            # the spec wins here too
    explicit = make_agent("ismcts:iterations=50,score_weight=0.2", 0)
    explicit.choose(burgundy)
    assert explicit.settings["score_weight"] == 0.2          # the spec wins
    assert agent.params["score_weight"] == 0.0               # the parsed spec itself is unchanged


def test_score_blend_is_scaled_when_read():
    """Every visit counts on the same scale, the largest score the tree has seen by the end:
    with w=1 a move's value is exactly its mean own score over that scale.  (Scaling each
    playout as it ended gave early visits, seen while the largest score was still growing,
    more weight, and this equality failed.)"""
    state = new_state("burgundy", 2, 4)
    me = state.current_player()
    searcher = ismcts.Searcher(0.25, "margin", score_weight=1.0)
    searcher.search(state, iterations=600, seed=3)
    seen = searcher.score_seen
    assert seen > 100
    for s in searcher.root_stats():
        expected = s["score_sums"][me] / s["visits"] / seen
        assert s["reward_sum"] / s["visits"] == pytest.approx(expected, rel=1e-9)


def test_suggest_searches_with_the_games_tree_shape(monkeypatch):
    """A game's ``depth``/``expand``/``prior``/``c`` search defaults reach analyse (suggest) as they
    reach the agents; an explicit ``c`` still wins."""
    from solver.search import agents, best_move as search

    state = new_state("highcard", 2, 5)
    seen = []
    real = ismcts.Searcher

    def spy(*args, **kwargs):
        searcher = real(*args, **kwargs)
        seen.append((searcher.max_depth, searcher.expand_after, searcher.prior_weight, searcher.c))
        return searcher

    game = type("Game", (), {"search_defaults": {"depth": 3, "expand": 40, "prior": 2.5, "c": 0.15}})
    assert tree_shape(game) == (3, 40) and tree_shape(state) == (0, 0)
    assert tree_prior(game) == 2.5 and tree_prior(state) == 0.0
    assert tree_c(game) == 0.15 and tree_c(state) == SEARCH_C
    monkeypatch.setattr(search.ismcts, "Searcher", spy)
    monkeypatch.setattr(agents, "tree_shape", lambda _: tree_shape(game))   # engine classes are immutable
    monkeypatch.setattr(agents, "tree_prior", lambda _: tree_prior(game))
    monkeypatch.setattr(agents, "tree_c", lambda _: tree_c(game))
    search.analyse(state, iterations=200, searches=2)
    assert seen == [(3, 40, 2.5, 0.15), (3, 40, 2.5, 0.15)]
    seen.clear()
    search.analyse(state, iterations=200, searches=1, c=0.6)
    assert seen == [(3, 40, 2.5, 0.6)]


def test_seasons_searches_decouple_the_secret_card_choice_everywhere(monkeypatch):
    """A Castle for All Seasons' ``decoupled`` default reaches the agents, suggest and the web board;
    a spec can still turn it off, and games without it search as before."""
    from solver.search import best_move as search
    from solver.web import searches

    seasons, burgundy = new_state("seasons", 3, 1), new_state("burgundy", 2, 1)
    assert tree_decoupled(seasons) == 2 and tree_decoupled(burgundy) == 0
    agent = make_agent("ismcts:iterations=50", 1)
    agent.choose(seasons)
    assert agent.searcher().decoupled == 2
    for setting in (0, 1):
        other = make_agent(f"ismcts:iterations=50,decoupled={setting}", 1)
        other.choose(seasons)
        assert other.searcher().decoupled == setting
    made = []
    real = ismcts.Searcher

    def spy(*args, **kwargs):
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(ismcts, "Searcher", spy)        # the module suggest and the web board build from
    search.analyse(seasons, iterations=100, searches=2)
    searches.Suggestion(seasons, iterations=100, jobs=2)
    search.analyse(burgundy, iterations=100, searches=1)
    assert [s.decoupled for s in made] == [2, 2, 2, 2, 0]


def test_suggest_shares_its_budget_among_two_trees_unless_told(monkeypatch, tmp_path):
    """Two deep trees by default (steadier best moves than eight shallow ones, docs/strength.md);
    ``suggest --searches N`` sets the number, and the result does not depend on --jobs."""
    from solver.search import best_move as search
    from solver.cli import main

    state = new_state("sanjuan", 2, 3)
    budgets = []
    real = search._run_searches

    def spy(tasks, jobs):
        budgets.append([task[2] for task in tasks])
        return real(tasks, jobs)

    monkeypatch.setattr(search, "_run_searches", spy)
    one = search.analyse(state, iterations=1001, jobs=1, seed=4, pv_length=0)
    two = search.analyse(state, iterations=1001, jobs=2, seed=4, pv_length=0)
    assert budgets == [[501, 500], [501, 500]] and one == two
    path = tmp_path / "pos.json"
    path.write_text(state.to_json())
    with pytest.raises(SystemExit) as info:
        main(["suggest", "--game", "sanjuan", "--position", str(path), "--iterations", "900", "--searches", "3",
              "--json"])
    assert info.value.code == 0 and budgets[-1] == [300, 300, 300]


def _policy_favourite(state, draws=400):
    """The move the engine's playout policy picks most often at ``state``."""
    picks = [state.playout_action(seed) for seed in range(draws)]
    return max(set(picks), key=picks.count)


def test_prior_is_the_policys_share_of_draws():
    """Each root move's prior is its share of PRIOR_SAMPLES policy draws: a multiple of 1/16, the
    policy's favourite highest; without the option no draws are taken and every prior is 0."""
    state = new_state("sanjuan", 2, 1)
    searcher = ismcts.Searcher(0.25, "margin", prior=1.0)
    searcher.search(state, iterations=300, seed=1)
    priors = {s["action"]: s["prior"] for s in searcher.root_stats()}
    assert all((16 * p).is_integer() and 0.0 <= p <= 1.0 for p in priors.values())
    assert max(priors, key=priors.get) == _policy_favourite(state)
    plain = ismcts.Searcher(0.25, "margin")
    plain.search(state, iterations=300, seed=1)
    assert all(s["prior"] == 0.0 for s in plain.root_stats())


def test_prior_steers_the_search_to_the_policys_moves():
    """A heavy prior sends nearly every visit to the policy's favourite root move; without it
    (at this opening the search prefers another move) the visits spread."""
    state = new_state("sanjuan", 2, 1)
    favourite = _policy_favourite(state)
    visits = {}
    for weight in (0.0, 1000.0):
        searcher = ismcts.Searcher(0.25, "margin", prior=weight)
        searcher.search(state, iterations=300, seed=1)
        visits[weight] = {s["action"]: s["visits"] for s in searcher.root_stats()}
    assert visits[1000.0][favourite] >= 300 - len(visits[1000.0])
    assert visits[0.0][favourite] < 150


def test_prior_option_parses_pickles_and_refuses_bad_values():
    assert parse_agent_spec("ismcts:prior=3")[1]["prior"] == 3.0
    agent = make_agent("ismcts:iterations=50,prior=3", 0)
    agent.choose(new_state("sanjuan", 2, 1))
    assert agent.searcher().prior_weight == 3.0
    assert pickle.loads(pickle.dumps(ismcts.Searcher(0.25, "margin", prior=2.5))).prior_weight == 2.5
    with pytest.raises(BoardlabError) as info:
        make_agent("ismcts:prior=-1", 0)
    assert str(info.value) == "ismcts: parameter prior must be a non-negative number up to 1e+09, got '-1'"
    with pytest.raises(BoardlabError, match="prior must be in"):
        ismcts.Searcher(0.25, "margin", prior=-1.0)


@pytest.mark.parametrize("prior", [-1.0, "3", True, float("nan")])
def test_analyse_refuses_a_bad_prior(prior):
    from solver.search.best_move import analyse
    with pytest.raises(BoardlabError, match="analyse: prior must be a non-negative number"):
        analyse(new_state("highcard", 2, 5), iterations=50, prior=prior)


def test_analyse_takes_a_leaf_value_else_the_games(monkeypatch):
    """analyse's ``leaf_value`` reaches its searchers, None leaves the game's default (Seasons': 0.5),
    and a share outside [0, 1] is a one-line error."""
    from solver.search import best_move as search

    state = new_state("seasons", 2, 3)
    seen = []
    real = ismcts.Searcher

    def spy(*args, **kwargs):
        searcher = real(*args, **kwargs)
        seen.append(searcher.leaf_value)
        return searcher

    monkeypatch.setattr(search.ismcts, "Searcher", spy)
    search.analyse(state, iterations=40, searches=2, pv_length=0)
    assert seen == [tree_leaf_value(state)] * 2 and seen[0] == 0.5
    seen.clear()
    search.analyse(state, iterations=40, searches=1, pv_length=0, leaf_value=0.25)
    assert seen == [0.25]
    for bad in (-0.1, 1.5, True, "0.3"):
        with pytest.raises(BoardlabError, match="analyse: leaf_value must be between 0 and 1"):
            search.analyse(state, iterations=40, leaf_value=bad)
