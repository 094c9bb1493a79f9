"""The top of a position is refused in the same words by every game's reader (engine_c.validate.Fields.position)."""
import json

import pytest

from engine_c import state_class
from engine_c.errors import InvalidPositionError

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


def refusal(game, text):
    """The one-line message game's reader refuses the JSON ``text`` with."""
    with pytest.raises(InvalidPositionError) as info:
        state_class(game).from_json(text)
    return str(info.value)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("text, kind", [("[1, 2]", "a list"), ('"x"', "a string"), ("3", "an integer"),
                                        ("null", "null")])
def test_a_position_that_is_not_an_object(game, text, kind):
    assert refusal(game, text) == f"{game}: a position must be a JSON object, got {kind}"


@pytest.mark.parametrize("game", GAMES)
def test_a_position_of_another_game(game):
    other = "chess"
    assert refusal(game, json.dumps({"game": other, "players": 2})) == (
        f"{game}: game: not a {game} position (game: 'chess'; a {game} position has \"game\": \"{game}\")")
