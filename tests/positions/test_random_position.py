"""random_position's errors name its own parameters from Python and the flags from the command line."""
import subprocess
import sys

import pytest

from engine_c.errors import BoardlabError
from solver.games.positions import random_position


@pytest.mark.parametrize("kwargs, message", [
    ({"random_moves": -1}, "random_moves must be a non-negative integer, got -1"),
    ({"random_moves": 2.5}, "random_moves must be a non-negative integer, got 2.5"),
    ({"seed": -3}, "seed must be a non-negative integer, got -3"),
])
def test_python_errors_name_the_parameters(kwargs, message):
    args = {"seed": 0, "random_moves": 0, **kwargs}
    with pytest.raises(BoardlabError) as info:
        random_position("burgundy", 2, **args)
    assert str(info.value) == message


def test_a_game_too_short_names_the_parameter_from_python_and_the_flag_from_the_cli():
    with pytest.raises(BoardlabError) as info:
        random_position("sanjuan", 2, 1, 10**6)
    played = int(str(info.value).split("after ")[1].split(" ")[0])
    assert str(info.value).endswith(f"give random_moves={played} or fewer")
    result = subprocess.run([sys.executable, "-m", "solver.cli", "position", "--game", "sanjuan", "--seed", "1",
                             "--random-moves", "1000000"], capture_output=True, text=True, timeout=120)
    assert result.returncode != 0 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        f"boardlab: error: the game ended after {played} random moves, before 1000000: "
        f"give --random-moves {played} or fewer"]
