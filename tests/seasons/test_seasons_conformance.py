"""The shared interface contract plus seasons invariants over random games."""
import pytest

from engine_c import new_state
from engine_c.testing import check_game

from seasons_helpers import invariant


@pytest.mark.parametrize("players,games", [(2, 40), (3, 25), (4, 20)])
def test_check_game(players, games):
    decisions = check_game("seasons", players, games=games, seed=players, invariant=invariant)
    assert decisions > games * 50


@pytest.mark.parametrize("players,rounds", [(2, 12), (3, 15), (4, 12)])
def test_random_games_last_the_right_number_of_rounds(players, rounds):
    for seed in range(30):
        s = new_state("seasons", players, seed)
        s.playout(seed)
        d = s.to_dict()
        assert d["phase"] == "over"
        if sum(d["tiles"].values()):
            assert d["round"] == rounds and d["track"] == 0
        else:
            assert d["round"] <= rounds     # early end: the round of the last tile was the last


def test_playout_policy_plays_legal_moves_to_the_end_and_builds_more_than_random():
    built = {True: 0, False: 0}
    for policy in (True, False):
        for seed in range(40):
            s = new_state("seasons", 2, seed)
            s.playout(seed, policy=policy)
            assert s.is_terminal()
            invariant(s)
            built[policy] += sum(f["buildings"] for f in s.features())
    assert built[True] > built[False]
    s = new_state("seasons", 3, 1)
    for seed in range(30):
        if s.is_terminal():
            break
        a = s.playout_action(seed)
        assert a in s.legal_actions()
        s.apply_action(a)
