"""The shared interface contract plus San Juan invariants over random games."""
import pytest

from engine_c.testing import check_game

from helpers import invariant


@pytest.mark.parametrize("players,games", [(2, 25), (3, 12), (4, 8)])
def test_check_game(players, games):
    decisions = check_game("sanjuan", players, games=games, seed=players, invariant=invariant)
    assert decisions > games * 30
