# cython: language_level=3
"""What the engines' fitted values (engine_c/<game>/value.pyx) share: checking a weight table and
holding one per player count in C memory (``WeightTable``), read without the GIL by ``evaluate``."""
from libc.stdlib cimport calloc, free


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


cdef class WeightTable:
    """A game's fitted weights: ``stages`` rows of ``features`` numbers per player count (2-4)."""

    def __cinit__(self, int stages, int features):
        self.stages = stages
        self.features = features
        self.weights = <double*>calloc(5 * stages * features, sizeof(double))
        if self.weights == NULL:
            raise MemoryError("no memory for a weight table")

    def __dealloc__(self):
        free(self.weights)

    def use(self, int players, weights):
        """Estimate ``players``-player positions with these weights (``stages`` rows of ``features``
        numbers); None: no estimate for that player count (playouts run to the end)."""
        cdef int k, j
        cdef double* row
        rows = checked_weights(players, weights, self.stages, self.features)
        self.loaded[players] = False
        if rows is None:
            return
        for k in range(self.stages):
            row = self.weights + (players * self.stages + k) * self.features
            for j in range(self.features):
                row[j] = rows[k][j]
        self.loaded[players] = True

    def get(self, int players):
        """The weights in use for ``players`` players, or None."""
        if not 2 <= players <= 4 or not self.loaded[players]:
            return None
        return [[self.stage_weights(players, k)[j] for j in range(self.features)] for k in range(self.stages)]
