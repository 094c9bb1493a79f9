"""Unseen choices (``unseen``): the engines' ``private_choice`` hook and a search tree that does not
branch on the other players' private choices (which card they pay with, keep, discard or tuck)."""
import pickle
import random

import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import ismcts
from solver.search.agents import make_agent, parse_agent_spec

# San Juan phases whose choice only the player to act sees (docs/sanjuan.md, "Hidden information")
PRIVATE_PHASES = {"pay", "keep", "council_discard", "chapel", "hand_limit"}
CARD_ACTIONS = range(53, 82)          # pay / keep / discard / tuck <card>
ROLE_ACTIONS = range(1, 11)


def test_private_choice_follows_the_san_juan_phase():
    seen = set()
    for seed in range(6):
        state = new_state("sanjuan", 2 + seed % 3, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            phase = state.to_dict()["phase"]
            seen.add((phase, state.private_choice()))
            assert state.private_choice() == (phase in PRIVATE_PHASES), phase
            state.apply_action(rng.choice(state.legal_actions()))
        assert not state.private_choice()
    assert {("pay", True), ("keep", True), ("role", False), ("build", False)} <= seen


def test_no_other_game_has_private_choices():
    for game in ("burgundy", "seasons", "tiletum", "highcard"):
        state = new_state(game, 2, 1)
        rng = random.Random(1)
        for _ in range(200):
            if state.is_terminal():
                break
            assert not state.private_choice()
            state.apply_action(rng.choice(state.legal_actions()))


def _seat_one_pays_next():
    """A 2-player San Juan position (seat 0 to act) where seat 0's ``pass`` then seat 1's ``build``
    (action 17) leave seat 1 paying in secret; after the payment a role is chosen."""
    state = new_state("sanjuan", 2, 0)
    rng = random.Random(0)
    for _ in range(19):
        state.apply_action(rng.choice(state.legal_actions()))
    after = state.clone()
    after.apply_action(0)
    after.apply_action(17)
    assert state.current_player() == 0 and after.current_player() == 1
    assert after.private_choice() and len(after.legal_actions()) > 1
    return state


def test_the_tree_does_not_branch_on_the_others_payment():
    state = _seat_one_pays_next()
    children, entries = {}, {}
    for unseen in (0, 1, 2):
        searcher = ismcts.Searcher(0.25, "margin", unseen=unseen)
        searcher.search(state, iterations=20000, seed=1)
        children[unseen] = searcher.child_visits([0, 17])
        entries[unseen] = searcher.decoupled_entries
    # the full tree: below seat 1's build come the cards it pays with, which seat 0 never sees
    assert children[0] and set(children[0]) <= set(CARD_ACTIONS)
    # unseen: the payment is made off the tree and the next node is the next role choice
    assert children[1] and set(children[1]) <= set(ROLE_ACTIONS)
    assert children[2] and set(children[2]) <= set(ROLE_ACTIONS)
    # unseen=2 chooses the others' private cards from statistics of their own; unseen=1 by the policy
    assert entries[0] == entries[1] == 0 and entries[2] > 0


def test_the_searchers_own_private_choices_stay_in_the_tree():
    """Seat 0's own payment is a private choice too, but seat 0 sees it: its cards stay nodes."""
    state = new_state("sanjuan", 2, 0)
    rng = random.Random(0)
    while not (state.current_player() == 0 and state.private_choice() and len(state.legal_actions()) > 1):
        state.apply_action(rng.choice(state.legal_actions()))
    searcher = ismcts.Searcher(0.25, "margin", unseen=1)
    searcher.search(state, iterations=2000, seed=1)
    assert {child["action"] for child in searcher.root_stats()} == set(state.legal_actions())


def test_unseen_is_seeded_and_pickles():
    state = _seat_one_pays_next()
    moves = []
    for _ in range(2):
        agent = pickle.loads(pickle.dumps(make_agent("ismcts:iterations=3000,unseen=2", seed=7)))
        moves.append(agent.choose(state))
    assert moves[0] == moves[1]
    searcher = pickle.loads(pickle.dumps(ismcts.Searcher(0.25, "margin", unseen=2)))
    assert searcher.unseen == 2


def test_unseen_spec_values():
    assert parse_agent_spec("ismcts:unseen=1")[1]["unseen"] == 1
    assert parse_agent_spec("ismcts:unseen=2")[1]["unseen"] == 2
    with pytest.raises(BoardlabError, match="unseen must be 0, 1 or 2"):
        make_agent("ismcts:unseen=3")
    with pytest.raises(BoardlabError, match="unseen must be 0, 1 or 2"):
        ismcts.Searcher(0.25, "margin", unseen=3)
