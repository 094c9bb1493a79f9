"""The seat_vp game option: starting points per seat, for every game (docs/data.md, "Game options")."""
import json
import random

import pytest

from engine_c import new_state, state_class
from engine_c.errors import BoardlabError
from engine_c.validate import seat_vp_option
from solver.games.options import new_game, parse
from solver.runs.config import RunConfig
from solver.runs.runner import run

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


def _same_game(game, seed, bonus, players=2):
    """A seeded random game played twice, without and with ``seat_vp=bonus``, with the same moves:
    returns both end states (every move of the first must be legal in the second)."""
    plain, given = new_state(game, players, seed), new_state(game, players, seed, seat_vp=bonus)
    choose = random.Random(seed)
    while not plain.is_terminal():
        legal = plain.legal_actions()
        assert given.legal_actions() == legal, "the bonus changed the legal moves"
        action = choose.choice(legal)
        plain.apply_action(action)
        given.apply_action(action)
    assert given.is_terminal()
    return plain, given


@pytest.mark.parametrize("game", GAMES)
def test_seat_1_starts_five_points_ahead_and_ends_five_points_ahead(game):
    plain, given = new_state(game, 2, 11), new_state(game, 2, 11, seat_vp="0,5")
    assert [b - a for a, b in zip(plain.scores(), given.scores())] == [0, 5]
    plain, given = _same_game(game, 11, "0,5")
    assert [b - a for a, b in zip(plain.scores(), given.scores())] == [0, 5]


@pytest.mark.parametrize("game", GAMES)
def test_three_players_take_one_bonus_each(game):
    plain, given = new_state(game, 3, 4), new_state(game, 3, 4, seat_vp=[0, 1, 2])
    assert [b - a for a, b in zip(plain.scores(), given.scores())] == [0, 1, 2]


@pytest.mark.parametrize("game", GAMES)
def test_the_ranks_count_the_bonus(game):
    # a seeded game won by one seat: the bonus that lifts the other seat one point past it wins it for him
    plain, _ = _same_game(game, 5, None)
    scores = plain.scores()
    winner = plain.ranks().index(0)
    loser = 1 - winner
    gap = scores[winner] - scores[loser] + 1
    assert 1 <= gap <= 100
    bonus = [0, 0]
    bonus[loser] = gap
    plain, given = _same_game(game, 5, bonus)
    assert given.scores()[loser] == given.scores()[winner] + 1
    assert given.ranks()[loser] == 0 and given.ranks()[winner] == 1
    assert given.returns()[loser] == 1.0


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("value", ["0,3,4", "3", 3, "-1,2", "1.5,2", "0,101", "0,x", "0,,1", "", [0], [0, -1],
                                   [0, 1.0], [0, True], {"a": 1}])
def test_malformed_values_are_refused_in_one_line(game, value):
    with pytest.raises(BoardlabError) as info:
        new_state(game, 2, 1, seat_vp=value)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{game}: seat_vp must be one whole number of points 0..100 per seat (2 seats")


def test_the_parser_reads_text_lists_and_nothing():
    assert seat_vp_option("sanjuan", 2, None) == (0, 0)
    assert seat_vp_option("sanjuan", 3, "0, 1 ,2") == (0, 1, 2)
    assert seat_vp_option("sanjuan", 2, [0, 100]) == (0, 100)
    assert seat_vp_option("sanjuan", 2, (4, 0)) == (4, 0)
    # --option seat_vp=0,3 arrives as text, the parser of options leaving it alone
    assert parse(["seat_vp=0,3"]) == (("seat_vp", "0,3"),)
    assert new_game("burgundy", 2, 1, parse(["seat_vp=0,3"])).scores() == [0, 3]


@pytest.mark.parametrize("game", GAMES)
def test_a_position_with_the_bonus_round_trips(game):
    cls = state_class(game)
    state = new_state(game, 2, 8, seat_vp="2,7")
    state.playout(3)
    again = cls.from_json(state.to_json())
    assert again == state and again.scores() == state.scores()
    start = new_state(game, 2, 8, seat_vp="2,7")
    assert cls.from_json(start.to_json()) == start
    # a position made without the bonus looks as before (the optional field is left out)
    assert "seat_vp" not in new_state(game, 2, 8).to_json()


def test_sanjuan_positions_carry_the_bonus_per_seat_and_refuse_it_out_of_bounds():
    cls = state_class("sanjuan")
    data = json.loads(new_state("sanjuan", 2, 8, seat_vp="0,7").to_json())
    assert [seat.get("seat_vp", 0) for seat in data["seats"]] == [0, 7]
    for bad, words in ((101, "got 101"), (-1, "got -1"), ("3", "got a string")):
        data["seats"][1]["seat_vp"] = bad
        with pytest.raises(BoardlabError, match=r"^sanjuan: seats\[1\]\.seat_vp: must be an integer in 0\.\.100, "
                                                + r".*" + words):
            cls.from_json(json.dumps(data))
    # the short form takes it too
    short = {"game": "sanjuan", "players": 2, "governor": 0,
             "seats": [{"hand": 4, "buildings": ["indigo_plant"]},
                       {"hand": 4, "buildings": ["indigo_plant"], "seat_vp": 7}]}
    assert cls.from_json(json.dumps(short)).scores() == [1, 8]


def test_sanjuan_palace_does_not_multiply_the_bonus():
    # 1 + 3 + 4 = 8 building points, the palace adds a quarter (2): 10, and the bonus 5 after it: 15
    cls = state_class("sanjuan")
    seats = [{"hand": 4, "buildings": ["indigo_plant"]},
             {"hand": 4, "buildings": ["indigo_plant", "statue", "victory_column", "palace"]}]
    short = {"game": "sanjuan", "players": 2, "governor": 0, "seats": seats}
    without = cls.from_json(json.dumps(short)).scores()[1]
    seats[1]["seat_vp"] = 5
    assert cls.from_json(json.dumps(short)).scores()[1] == without + 5


def test_seasons_positions_count_the_bonus_as_a_part_of_vp():
    cls = state_class("seasons")
    data = json.loads(new_state("seasons", 2, 8, seat_vp="0,7").to_json())
    assert data["seats"][1]["seat_vp"] == 7 and data["seats"][1]["vp"] == 7
    data["seats"][1]["seat_vp"] = 6
    with pytest.raises(BoardlabError, match=r"seats\[1\]\.vp: must be .* \+ seat_vp = 6, got 7"):
        cls.from_json(json.dumps(data))


@pytest.mark.parametrize("game", ("burgundy", "sanjuan", "seasons", "tiletum"))
def test_the_fitted_values_carry_the_bonus(game):
    # the fitted value is the VP so far plus what is still to come: the bonus moves it by itself
    plain, given = new_state(game, 2, 2), new_state(game, 2, 2, seat_vp="0,5")
    choose = random.Random(2)
    while plain.evaluate() is None or plain.current_player() < 0:
        action = choose.choice(plain.legal_actions())
        plain.apply_action(action)
        given.apply_action(action)
    a, b = plain.evaluate(), given.evaluate()
    assert b[0] == pytest.approx(a[0]) and b[1] == pytest.approx(a[1] + 5)


def test_a_run_records_the_option(tmp_path):
    config = RunConfig(game="sanjuan", players=2, agents=("random",), games=4, seed=3,
                       options=parse(["seat_vp=0,3"]))
    rows = run(config, tmp_path / "run")
    manifest = json.loads((tmp_path / "run" / "_manifest.json").read_text())
    assert manifest["settings"]["options"] == {"seat_vp": "0,3"}
    assert len(rows) == 8
