"""Decoupled secret choices (``decoupled``): the engines' ``secret_choice`` hook and the search's
statistics shared across the other players' secret choices of a phase."""
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import ismcts
from solver.search.agents import make_agent


def _shares(searcher, line):
    visits = searcher.child_visits(line)
    total = sum(visits.values())
    return {a: v / total for a, v in visits.items()}


def _spread(searcher, root_moves, reply):
    """How far apart the share of ``reply`` among the next player's choices is under the given root moves."""
    shares = [_shares(searcher, [a]).get(reply, 0.0) for a in root_moves]
    return max(shares) - min(shares)


def test_only_the_card_selection_of_seasons_is_a_secret_choice():
    state = new_state("seasons", 4, 1)
    assert state.secret_choice()
    while state.secret_choice():                 # all four choose, then the cards are revealed
        state.apply_action(state.legal_actions()[0])
    assert not state.secret_choice() and not state.is_terminal()
    for game in ("burgundy", "sanjuan", "tiletum", "highcard"):
        assert not new_state(game, 2, 1).secret_choice()


def test_the_next_player_cannot_answer_a_secret_choice():
    """Four players choose a card in secret, seat 0 first. Without decoupling, seat 1's choices
    in the tree are children of seat 0's card, so seat 1 answers it (it chooses very differently
    under different cards of seat 0); decoupled, seat 1 chooses from statistics shared by all of
    seat 0's cards, so its choices are nearly the same under each."""
    state = new_state("seasons", 4, 1)
    spreads = {}
    for decoupled in (False, True):
        searcher = ismcts.Searcher(0.25, "margin", decoupled=decoupled)
        searcher.search(state, iterations=20000, seed=1)
        root = searcher.child_visits()
        top = sorted(root, key=lambda a: (-root[a], a))[:3]
        reply = max(_shares(searcher, [top[0]]).items(), key=lambda kv: kv[1])[0]
        spreads[decoupled] = _spread(searcher, top, reply)
    assert spreads[True] < 0.1 < spreads[False]


def test_a_players_own_second_secret_choice_follows_the_first():
    """With 2 players each chooses two cards one after the other (the second a higher one): the
    search still offers, under each first card, only the second cards it allows."""
    state = new_state("seasons", 2, 1)
    searcher = ismcts.Searcher(0.25, "margin", decoupled=True)
    searcher.search(state, iterations=20000, seed=1)
    first, second = sorted(searcher.child_visits(), key=lambda a: -searcher.child_visits()[a])[:2]
    after_first, after_second = _shares(searcher, [first]), _shares(searcher, [second])
    assert set(after_first) != set(after_second)            # different legal second cards
    assert state.current_player() == 0


def test_games_without_secret_choices_search_exactly_as_before():
    state = new_state("burgundy", 2, 3)
    plain = ismcts.Searcher(0.15, "margin", score_weight=0.7, expand_after=50, prior=1.0)
    decoupled = ismcts.Searcher(0.15, "margin", score_weight=0.7, expand_after=50, prior=1.0, decoupled=True)
    plain.search(state, iterations=3000, seed=4)
    decoupled.search(state, iterations=3000, seed=4)
    assert decoupled.root_stats() == plain.root_stats()


def test_decoupled_search_is_reproducible_and_the_agent_option_parses():
    state = new_state("seasons", 3, 2)
    runs = []
    for _ in range(2):
        searcher = ismcts.Searcher(0.25, "margin", decoupled=True)
        searcher.search(state, iterations=4000, seed=9)
        runs.append(searcher.root_stats())
    assert runs[0] == runs[1]
    agent = make_agent("ismcts:iterations=300,decoupled=1", 5)
    assert agent.choose(state) in state.legal_actions()
    assert agent.searcher().decoupled
    assert make_agent("ismcts:iterations=300,decoupled=2", 5).searcher().decoupled == 2
    with pytest.raises(BoardlabError, match="decoupled must be 0, 1 or 2"):
        make_agent("ismcts:decoupled=3")
    with pytest.raises(BoardlabError, match="decoupled must be 0, 1 or 2"):
        ismcts.Searcher(0.25, "margin", decoupled=3)


def test_decoupled_statistics_are_dropped_with_the_tree():
    """Tree reuse re-indexes the nodes; the statistics keyed by node are forgotten, not misread."""
    state = new_state("seasons", 4, 1)
    searcher = ismcts.Searcher(0.25, "margin", decoupled=True)
    searcher.search(state, iterations=2000, seed=1)
    assert searcher.decoupled_entries > 0
    move = max(searcher.child_visits().items(), key=lambda kv: kv[1])[0]
    assert searcher.advance(move) > 1
    assert searcher.decoupled_entries == 0
    after = state.clone()
    after.apply_action(move)
    searcher.search(after, iterations=2000, seed=2, keep_tree=True)
    assert sum(searcher.child_visits().values()) >= 2000           # the kept subtree grew
    assert searcher.decoupled_entries > 0


def test_plain_search_keeps_no_decoupled_statistics():
    searcher = ismcts.Searcher(0.25, "margin")
    searcher.search(new_state("seasons", 4, 1), iterations=2000, seed=1)
    assert searcher.decoupled_entries == 0


def test_where_nobody_chose_before_the_root_decoupled_2_searches_as_1():
    state = new_state("seasons", 3, 2)                 # the first chooser of the round
    runs = {}
    for decoupled in (1, 2):
        searcher = ismcts.Searcher(0.25, "margin", decoupled=decoupled)
        searcher.search(state, iterations=3000, seed=6)
        runs[decoupled] = searcher.root_stats()
    assert runs[1] == runs[2]


def _after_first_choice(players, seed):
    state = new_state("seasons", players, seed)
    first = state.current_player()
    while state.current_player() == first:
        state.apply_action(state.legal_actions()[0])
    return first, state


def test_decoupled_2_searches_the_choice_made_before_the_root():
    """Seat 1 chooses after seat 0 has chosen in secret.  With decoupled=1 the searcher redraws
    seat 0's card uniformly and keeps no statistics of it; with decoupled=2 every iteration
    replays the selection from its start and seat 0 chooses by UCB from statistics of the
    phase begun at the root, so its choices concentrate on the cards that serve it best."""
    first, state = _after_first_choice(4, 1)
    iterations = 20000
    plain = ismcts.Searcher(0.25, "margin", decoupled=1)
    plain.search(state, iterations=iterations, seed=1)
    assert plain.phase_choice_visits(first) == {}
    searcher = ismcts.Searcher(0.25, "margin", decoupled=2)
    searcher.search(state, iterations=iterations, seed=1)
    visits = searcher.phase_choice_visits(first)
    assert sum(visits.values()) == iterations                # one choice of seat 0 per iteration
    start = new_state("seasons", 4, 1)
    assert set(visits) == set(start.legal_actions())        # every card seat 0 could have chosen
    assert max(visits.values()) > 2 * iterations / len(visits)    # a search, not a uniform redraw
    assert searcher.phase_choice_visits(state.current_player()) == {}    # the root player's: the tree's
    assert searcher.best_action() in state.legal_actions()


def test_decoupled_2_replays_the_searchers_own_earlier_choice():
    """Two players choose a pair each, the start player first: seat 1 between its two picks.  The
    replayed phase gives seat 1 its own first card back, so the root's moves stay its own."""
    state = new_state("seasons", 2, 0)
    for move in ("pick trader", "pick worker1", "pick messenger"):
        state.apply_action(move)
    searcher = ismcts.Searcher(0.25, "margin", decoupled=2)
    searcher.search(state, iterations=4000, seed=2)
    assert set(searcher.child_visits()) == set(state.legal_actions())
    first_cards = searcher.phase_choice_visits(0)
    assert sum(first_cards.values()) == 4000
    second_cards = searcher.phase_choice_visits(0, own_choices=[max(first_cards, key=first_cards.get)])
    assert second_cards and min(second_cards) > max(first_cards, key=first_cards.get)   # a pair is increasing
    again = ismcts.Searcher(0.25, "margin", decoupled=2)
    again.search(state, iterations=4000, seed=2)
    assert again.root_stats() == searcher.root_stats()        # reproducible
