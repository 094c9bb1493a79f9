"""What the pieces do and where the points came from (solver/display/explain.py): every piece of every
game has a text, and each seat's breakdown adds up to its final score exactly in 50 seeded games per
game and player count."""
import re

import pytest

from engine_c import new_state
from solver.display.explain import breakdown_lines, piece_texts, score_breakdown

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


@pytest.mark.parametrize("game", GAMES)
def test_every_piece_has_a_text(game):
    texts = piece_texts(game)
    assert len(texts) >= 20
    assert all(isinstance(text, str) and len(text) > 10 for text in texts.values())


def test_burgundy_and_sanjuan_texts_name_what_the_tile_does():
    burgundy, sanjuan = piece_texts("burgundy"), piece_texts("sanjuan")
    assert set(burgundy) >= {"watchtower", "boardinghouse", "k11", "k26", "cow2", "chicken4"}
    assert "4 VP" in burgundy["watchtower"] and "castle, mine or knowledge" in burgundy["k11"]
    assert "cost 6" in sanjuan["palace"] and "quarter" in sanjuan["palace"]


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_parts_add_up_to_the_final_score(game, players):
    for seed in range(50):
        state = new_state(game, players, seed)
        state.playout(seed, policy=True)
        assert state.is_terminal()
        data = state.to_dict()
        scores = state.scores()
        for seat, parts in enumerate(score_breakdown(game, data)):
            assert sum(part["vp"] for part in parts) == scores[seat], (seed, seat, parts)
            named = {part["part"]: part["vp"] for part in parts}
            if game == "burgundy":
                # the rest (animals, phase bonuses) holds at least the smallest phase bonus per completed region
                regions = [int(re.search(r"\((\d+)\)", name).group(1)) for name in named if name.startswith("completed")]
                assert named.get("animals and phase bonuses of the regions", 0) >= 2 * sum(regions), (seed, parts)
                assert all(vp > 0 for vp in named.values()), (seed, parts)
            if game == "tiletum":
                final = sum(vp for name, vp in named.items() if not name.startswith("during"))
                assert final == data["seats"][seat]["final_vp"], (seed, parts)
            if game in ("sanjuan", "seasons"):
                assert all(vp > 0 for vp in named.values()) or named == {"no points": 0}, (seed, parts)
        lines = breakdown_lines(game, data, scores)
        assert len(lines) == players and lines[0].startswith(f"  seat 0: {scores[0]} = ")
