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


def _nested(depth):
    """A list nested ``depth`` levels deep."""
    value = 0
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("depth", [40, 500, 900])
def test_a_field_nested_hundreds_deep_is_named_not_a_recursion_error(game, depth):
    """Readers recurse (copies, comparisons), so a field nested 500-990 deep was a RecursionError (issue 52)."""
    from engine_c import new_state

    field = {"tiletum": "king_bonus", "seasons": "seats", "sanjuan": "seats", "burgundy": "depots"}[game]
    position = json.loads(new_state(game, 2, 0).to_json())
    position[field] = _nested(depth)
    message = refusal(game, json.dumps(position))
    assert message.startswith(f"{game}: {field}[0][0]") and "nested more than 32 levels deep" in message
    assert "Recursion" not in message and "\n" not in message


def test_the_deepest_position_fields_are_well_inside_the_nesting_bound():
    from engine_c.validate import MAX_NESTING, too_deep

    assert too_deep({"a": _nested(MAX_NESTING - 1)}) is None
    assert too_deep({"a": _nested(MAX_NESTING)}) == "a" + "[0]" * (MAX_NESTING - 1)
