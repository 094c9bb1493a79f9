"""Tree reuse keeps only the kept root's children that are the searcher's legal moves now."""
from engine_c import new_state
from solver.search import ismcts
from solver.search.agents import make_agent


def test_kept_tree_offers_only_moves_legal_after_the_draw():
    # The councillor's draw is hidden while searching (the supply's order is resampled), so the
    # subtree under "councillor" holds "keep" moves for cards that were not drawn in the end.
    state = new_state("sanjuan", 2, 3)
    before = state.clone()
    councillor = state.string_to_action("councillor")
    state.apply_action(councillor)
    assert state.current_player() == before.current_player()
    legal = set(state.legal_actions())
    searcher = ismcts.Searcher(0.25, "margin")
    searcher.search(before, iterations=3000, seed=1)
    searcher.advance(councillor)
    assert {child["action"] for child in searcher.root_stats()} - legal     # stale moves were kept
    searcher.search(state, iterations=50, seed=2, keep_tree=True)
    assert {child["action"] for child in searcher.root_stats()} <= legal
    assert searcher.best_action() in legal


def test_reusing_agent_plays_legal_moves_through_draws():
    for seed in range(3):
        state = new_state("sanjuan", 2, seed)
        agents = [make_agent("ismcts:iterations=300,reuse=1", 20 + i) for i in range(2)]
        while not state.is_terminal():
            action = agents[state.current_player()].choose(state)
            assert action in state.legal_actions()
            state.apply_action(action)


def test_tiletum_agents_keep_their_tree_within_a_turn():
    # reuse=1 in Tiletum (measured, not a default: docs/stronger-defaults.md): a turn is a chain of one
    # player's decisions (a wheel die, then its actions), and each later search grows the subtree the
    # previous one built.
    state = new_state("tiletum", 2, 5)
    agents = [make_agent("ismcts:iterations=1000,reuse=1", 30 + i) for i in range(2)]
    grown = 0
    for _ in range(60):
        if state.is_terminal():
            break
        agent = agents[state.current_player()]
        action = agent.choose(state)
        assert action in state.legal_actions()
        if len(state.legal_actions()) > 1:
            # a fresh search's root visits sum to its 1,000 iterations; a kept tree has more (a node
            # grows children after 200 visits, so only a well-visited move leaves a subtree)
            if sum(child["visits"] for child in agent.searcher().root_stats()) > 1000:
                grown += 1
        state.apply_action(action)
    assert grown >= 10
