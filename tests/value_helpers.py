"""What the tests of the engines' fitted values (engine_c/<game>/value.pyx) share."""
import contextlib
import math

import numpy as np

from engine_c import new_state


def policy_states(game, players=2, seed=0, every=5):
    """Every ``every``-th position (quiet or not) of a game played by the engine's playout policy."""
    state = new_state(game, players, seed)
    rng = np.random.default_rng(seed)
    k = 0
    while not state.is_terminal():
        if k % every == 0:
            yield state.clone()
        state.apply_action(state.playout_action(int(rng.integers(2**62))))
        k += 1


@contextlib.contextmanager
def weights_restored(value):
    """Put back the weights the engine's ``value`` module loaded at import, whatever the body changes."""
    loaded = {n: value.value_weights(n) for n in (2, 3, 4)}
    try:
        yield
    finally:
        for n, weights in loaded.items():
            value.use_value_weights(n, weights)


def reward_sd(searcher):
    """The per-visit spread of the root player's reward within each root move of the last search, pooled."""
    visits = squares = 0.0
    for row in searcher.root_stats():
        n = row["value_n"]
        if n >= 2:
            mean = row["value_sum"] / n
            visits += n
            squares += row["value_sq_sum"] - n * mean * mean
    return math.sqrt(squares / visits)


def check_learned_rows(rows, blocks, shared, inputs):
    """Assert each player's learned-value input (``rows``) is his own block, the mean of the other
    players' blocks and the ``shared`` numbers, ``inputs`` in all; returns how many rows it checked."""
    import pytest

    block = len(blocks[0])
    for p, row in enumerate(rows):
        assert len(row) == inputs == 2 * block + len(shared)
        assert row[:block] == pytest.approx(blocks[p])
        others = np.mean([blocks[q] for q in range(len(blocks)) if q != p], axis=0)
        assert row[block:2 * block] == pytest.approx(others)
        assert row[2 * block:] == pytest.approx(shared)
    return len(rows)


def learned_quiet_points(game, every, skipped):
    """Policy positions of 2, 3 and 4 players (seeds 3, 4, 5): at each quiet point yields ``(data,
    stage, rows, linear_rows)`` (the JSON position, the learned inputs and the linear features);
    elsewhere asserts there are no learned inputs and appends the position to ``skipped``."""
    for players, seed in ((2, 3), (3, 4), (4, 5)):
        for state in policy_states(game, players, seed, every=every):
            found = state.learned_value_inputs()
            if state.value_features() is None:
                assert found is None
                skipped.append(state)
                continue
            stage, rows = found
            linear_stage, linear_rows = state.value_features()
            assert stage == linear_stage
            yield state.to_dict(), stage, rows, linear_rows
