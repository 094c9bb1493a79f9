"""OpenSpiel's playthroughs as golden tests, as OpenSpiel keeps them for its own games: one random
2-player game per boardlab game, every observer OpenSpiel asks for (information state, observation,
public, private), replayed from its recorded actions and compared line by line; and at 3 and 4
players, a playthrough made to the end (the golden files stay at 2 players: a 4-player one is
several megabytes).

Regenerate after an intended change (and read the diff), from the work tree:
``PYTHONPATH=. python tests/adapters/test_playthroughs.py``.
"""
import gzip
import pathlib

import pytest
from absl import flags
from open_spiel.python.algorithms import generate_playthrough

import solver.adapters.openspiel  # noqa: F401  (registers the games)
from solver.adapters.game_length import max_decisions

HERE = pathlib.Path(__file__).parent / "playthroughs"
GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")
SEED = 7            # the playthrough's own random choices


def path(game):
    """The stored playthrough of ``game`` (gzip: the positions are long JSON lines)."""
    return HERE / f"boardlab_{game}.txt.gz"


def generate(game):
    """A fresh playthrough of ``game`` (2 players, deal seed 1)."""
    return generate_playthrough.playthrough(f"boardlab_{game}(players=2,seed=1)", None, seed=SEED)


@pytest.mark.parametrize("game", GAMES)
def test_playthrough_replays_as_stored(game, tmp_path):
    if not flags.FLAGS.is_parsed():         # replay reads an absl flag (the action ids), outside any absl app
        flags.FLAGS.mark_as_parsed()
    plain = tmp_path / f"boardlab_{game}.txt"
    plain.write_text(gzip.decompress(path(game).read_bytes()).decode("utf-8"))
    original, again = generate_playthrough.replay(str(plain))
    assert original == again


# Each game at one player count above 2 by default, both counts covered across the games (the
# cheaper count for the two slow games); ``--every-player-count`` plays all eight.
MORE_PLAYERS = (("burgundy", 3), ("tiletum", 3), ("sanjuan", 4), ("seasons", 4))


def pytest_generate_tests(metafunc):
    """Parametrize the more-players playthroughs by the ``--every-player-count`` option."""
    if metafunc.definition.name == "test_playthrough_at_more_players":
        if metafunc.config.getoption("--every-player-count"):
            cases = [(game, players) for game in GAMES for players in (3, 4)]
        else:
            cases = list(MORE_PLAYERS)
        metafunc.parametrize(("game", "players"), cases, ids=[f"{g}-{p}" for g, p in cases])


@pytest.mark.slow
def test_playthrough_at_more_players(game, players):
    # 5-25 s each: every step prints every observer of every player
    text = generate_playthrough.playthrough(f"boardlab_{game}(players={players},seed=1)", None, seed=SEED)
    lines = text.splitlines()
    assert f"NumPlayers() = {players}" in lines and f"MaxGameLength() = {max_decisions(game, players)}" in lines
    steps = sum(line.startswith("action: ") for line in lines)
    assert 0 < steps <= max_decisions(game, players)
    assert "IsTerminal() = True" in lines                     # played to the end
    assert len({line for line in lines if line.startswith(f"InformationStateString({players - 1}) = ")}) > 1


if __name__ == "__main__":
    HERE.mkdir(exist_ok=True)
    for name in GAMES:
        path(name).write_bytes(gzip.compress(generate(name).encode("utf-8"), mtime=0))
        print("wrote", path(name))
