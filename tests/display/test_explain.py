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
                # every point is accounted for by name: no remainder (starting points come only from seat_vp)
                assert "starting points" not in named and all(vp > 0 for vp in named.values()), (seed, parts)
                # each completed region scored at least the smallest phase bonus; animals iff a pasture tile
                regions = [int(re.search(r"\((\d+)\)", name).group(1)) for name in named if name.startswith("completed")]
                assert named.get("phase bonuses of the regions", 0) >= 2 * sum(regions), (seed, parts)
                pastures = [t for t in data["seats"][seat]["estate"].values() if re.fullmatch(r"(cow|sheep|pig|chicken)\d", t)]
                assert (named.get("animals", 0) > 0) == bool(pastures), (seed, parts)
            if game == "tiletum":
                final = sum(vp for name, vp in named.items() if not name.startswith("during"))
                assert final == data["seats"][seat]["final_vp"], (seed, parts)
            if game in ("sanjuan", "seasons"):
                assert all(vp > 0 for vp in named.values()) or named == {"no points": 0}, (seed, parts)
        lines = breakdown_lines(game, data, scores)
        assert len(lines) == players and lines[0].startswith(f"  seat 0: {scores[0]} = ")


def test_burgundy_starting_points_and_a_position_without_vp_parts():
    """seat_vp's points are their own part; a position file without vp_parts (written before they were
    kept) still adds up, animals and phase bonuses then one part."""
    from engine_c import state_from_json
    import json

    state = new_state("burgundy", 2, 4, seat_vp="0,7")
    state.playout(4, policy=True)
    named = [{p["part"]: p["vp"] for p in parts} for parts in score_breakdown("burgundy", state.to_dict())]
    assert "starting points" not in named[0] and named[1]["starting points"] == 7
    data = json.loads(state.to_json())
    kept = [seat.pop("vp_parts") for seat in data["seats"]]
    old = state_from_json(json.dumps(data))
    assert "vp_parts" not in old.to_dict()["seats"][0]          # not known: not invented
    for seat, parts in enumerate(score_breakdown("burgundy", old.to_dict())):
        named_old = {p["part"]: p["vp"] for p in parts}
        assert sum(named_old.values()) == old.scores()[seat]
        assert named_old["animals and phase bonuses of the regions"] == (
            kept[seat]["animals"] + kept[seat]["phase_bonuses"] + (7 if seat == 1 else 0))
