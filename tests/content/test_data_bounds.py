"""Any data ``data check`` accepts gives positions the readers read back: the data's bounds and the
position readers' bounds are one (issue 52).  The data is random within the bounds the check itself
declares (recorded from its integer checks), pushed to the ends of those bounds half of the time."""
import os
import random
import re

import pytest

from engine_c import content, new_state, state_from_json
from engine_c.content import DataError

GAMES = ("seasons", "tiletum")
SEEDS = int(os.environ.get("BOARDLAB_DATA_SEEDS", "4"))     # more for a long run


@pytest.fixture
def shipped():
    """The shipped data installed before and after the test (the test installs others)."""
    for game in GAMES:
        content.use(game)
    yield
    for game in GAMES:
        content.use(game)


def _declared_bounds(game, monkeypatch):
    """{path: (low, high)} of every integer the game's check tests, with the bounds it tests it against."""
    module = content.game_module(game)
    seen = {}
    checked = content.integer

    def recording(value, path, low=None, high=None):
        seen[path] = (low, high)
        return checked(value, path, low, high)

    with monkeypatch.context() as patch:
        patch.setattr(content, "integer", recording)        # values() and ints() call it by this name
        if hasattr(module, "integer"):
            patch.setattr(module, "integer", recording)
        module.check(content.load(game))
    data = content.load(game)
    return {path: bound for path, bound in seen.items() if path.startswith("tables.") and _has(data, path)}


def _has(data, path):
    """Whether the file holds the leaf at ``path`` (a check may test a default it fills in)."""
    try:
        _get(data, path)
    except (KeyError, IndexError, TypeError):
        return False
    return True


def _steps(path):
    """'tables.a.items[3].b' -> ['tables', 'a', 'items', 3, 'b']."""
    return [int(k) if k.isdigit() else k for k in re.findall(r"[^.\[\]]+", path)]


def _set(data, path, value):
    """Set the leaf at ``path``; its old value."""
    *head, last = _steps(path)
    for key in head:
        data = data[key]
    old, data[last] = data[last], value
    return old


def random_data(game, bounds, seed):
    """The shipped data with integers drawn within the check's bounds; a change the check refuses
    (a rule across fields: distinct values, sums, orders) is taken back."""
    rng = random.Random(seed)
    data = content.load(game)
    for path, (low, high) in sorted(bounds.items()):
        if low is None or high is None:
            continue
        value = rng.choice([low, high, rng.randint(low, high)])
        old = _set(data, path, value)
        try:
            content.game_module(game).check(data)
        except DataError:
            _set(data, path, old)
    return data


def _play_and_read_back(game, players, seed):
    """Play a random game, reading every position back from its JSON; the number of positions."""
    rng = random.Random(seed)
    state = new_state(game, players, seed)
    read = 0
    while not state.is_terminal():
        text = state.to_json()
        assert state_from_json(text).to_json() == text
        read += 1
        state.apply_action(rng.choice(state.legal_actions()))
    assert state_from_json(state.to_json()).to_json() == state.to_json()
    return read + 1


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("seed", range(SEEDS))
def test_data_the_check_accepts_gives_positions_that_read_back(shipped, monkeypatch, game, seed):
    bounds = _declared_bounds(game, monkeypatch)
    assert len(bounds) > 50, "the check's bounds were not recorded"
    data = random_data(game, bounds, seed)
    changed = sum(1 for path in bounds if _get(data, path) != _get(content.load(game), path))
    assert changed > 10, "the random data hardly differs from the shipped"
    content.use(game, data)
    for players in (2, 4):
        assert _play_and_read_back(game, players, seed) >= 2


def _get(data, path):
    """The leaf at ``path``."""
    for key in _steps(path):
        data = data[key]
    return data


@pytest.mark.parametrize("end", ["high", "low"])
def test_tiletum_at_the_ends_of_its_bounds(shipped, monkeypatch, end):
    """Every Tiletum number at one end of its bound (where the check allows it): cathedral costs of
    20, 8 start houses, 7 start pillars ... and their positions still read back."""
    bounds = _declared_bounds("tiletum", monkeypatch)
    data = content.load("tiletum")
    for path, (low, high) in sorted(bounds.items()):
        if low is not None and high is not None:
            old = _set(data, path, high if end == "high" else low)
            try:
                content.game_module("tiletum").check(data)
            except DataError:
                _set(data, path, old)
    numbers = {item["id"]: item["value"] for item in data["tables"]["rule_numbers"]["items"]}
    if end == "high":
        assert numbers["start_houses"] == 8 and numbers["start_pillars"] == 7
        assert set(data["tables"]["cathedral_costs"]["values"]) == {20}
    content.use("tiletum", data)
    for players in (2, 3, 4):
        assert _play_and_read_back("tiletum", players, players) > 20
