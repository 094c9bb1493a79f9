"""Any data ``data check`` accepts gives positions the readers read back: the data's bounds and the
position readers' bounds are one (issue 52).  The data is random within the bounds the check itself
declares (recorded from its integer checks), pushed to the ends of those bounds half of the time."""
import os
import random
import re

import pytest

from engine_c import content, new_state, state_from_json
from engine_c.content import DataError

GAMES = ("burgundy", "seasons", "tiletum")
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


def pushed_data(game, bounds, pick):
    """The shipped data with each integer the check bounds set to ``pick(low, high)``; changes the
    check refuses (a rule across fields: distinct values, sums, orders) are taken back: those under
    the path its error names (one check a round), else one at a time."""
    data = content.load(game)
    changed = {}
    for path, (low, high) in sorted(bounds.items()):
        if low is not None and high is not None:
            changed[path] = _set(data, path, pick(low, high))
    check = content.game_module(game).check
    while True:
        try:
            check(data)
            return data
        except DataError as exc:
            under = [path for path in changed if path == exc.where or path.startswith(exc.where + ".")
                     or path.startswith(exc.where + "[")]
        if not under:                  # the error names a number no change touched: one change at a time
            return _one_at_a_time(data, changed, check)
        for path in under:
            _set(data, path, changed.pop(path))


def _one_at_a_time(data, changed, check):
    """Take every change back, then make each again that the check still accepts."""
    wanted = {path: _set(data, path, old) for path, old in changed.items()}
    for path, value in wanted.items():
        old = _set(data, path, value)
        try:
            check(data)
        except DataError:
            _set(data, path, old)
    check(data)
    return data


def random_data(game, bounds, seed):
    """The shipped data with integers drawn within the check's bounds, often at their ends."""
    rng = random.Random(seed)
    return pushed_data(game, bounds, lambda low, high: rng.choice([low, high, rng.randint(low, high)]))


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
    assert _play_and_read_back(game, 2 + seed % 3, seed) >= 2       # 2, 3 and 4 players across the seeds


def _get(data, path):
    """The leaf at ``path``."""
    for key in _steps(path):
        data = data[key]
    return data


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("end", ["high", "low"])
def test_numbers_at_the_ends_of_their_bounds(shipped, monkeypatch, game, end):
    """Every number at one end of its bound (where the check allows it): Tiletum's cathedral costs of
    20, 8 start houses, 7 start pillars; Seasons' 4 builds and 4 helpers a card ... and the positions
    of games played with it still read back."""
    bounds = _declared_bounds(game, monkeypatch)
    data = pushed_data(game, bounds, lambda low, high: high if end == "high" else low)
    numbers = {item["id"]: item["value"] for table in ("rule_numbers", "constants")
               for item in data["tables"].get(table, {}).get("items", [])}
    if end == "high" and game == "tiletum":
        assert numbers["start_houses"] == 8 and numbers["start_pillars"] == 7
        assert set(data["tables"]["cathedral_costs"]["values"]) == {20}
    if end == "high" and game == "seasons":
        assert numbers["max_builds"] == 4 and numbers["max_helpers"] == 4
    content.use(game, data)
    for players in (2, 3, 4):
        assert _play_and_read_back(game, players, players) >= 2
