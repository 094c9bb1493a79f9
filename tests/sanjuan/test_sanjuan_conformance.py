"""The shared interface contract plus San Juan invariants over random games."""
import pytest

from engine_c.testing import check_game

from sanjuan_helpers import invariant


@pytest.mark.parametrize("players,games", [(2, 60), (3, 30), (4, 20)])
def test_check_game(players, games):
    decisions = check_game("sanjuan", players, games=games, seed=players, invariant=invariant)
    assert decisions > games * 30
