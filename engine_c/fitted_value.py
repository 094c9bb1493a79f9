"""What the engines' fitted values (engine_c/<game>/value.pyx) share: checking a weight table."""


def checked_weights(players, weights, stages, features):
    """``weights`` as ``stages`` rows of ``features`` floats for a ``players``-player fit, or None for
    no fit; ValueError for a player count out of 2-4 or a table of another shape."""
    if not 2 <= players <= 4:
        raise ValueError(f"players must be 2 to 4, got {players}")
    if weights is None:
        return None
    if len(weights) != stages or any(len(row) != features for row in weights):
        raise ValueError(f"the value takes {stages} rows of {features} weights")
    return [[float(w) for w in row] for row in weights]
