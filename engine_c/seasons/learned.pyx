# cython: language_level=3
"""A Castle for All Seasons: each player's expected final score from the position, a small network.

The same quiet points as the fitted linear value (value.pyx: a round about to start its card
selection).  Player p's input is his own block of 85 numbers, the mean of the other players' blocks
and the stage (rounds left after this one) one-hot; the network (engine_c/learned_value.pyx) gives
the points he goes on to score, and ``evaluate_learned`` adds his points now.  A block: the linear
value's 19 features (no bias), the cards in hand (8 bits), the cards played so far (8 counts), the
buildings erected per type (10), the pieces on his worker cards (15), the tiles left per type (10),
his helpers per castle place (15 bits).  Trained by ``scripts/fit_learned_value.py`` (weights in
engine_c/seasons/learned_weights.py, one network per player count); a search asks for it with
``value=net`` (docs/agents.md).  Without a network for the player count it returns 0.
"""
from libc.string cimport memcpy

from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *
from engine_c.seasons.value cimport quiet, value_stage, value_features, VALUE_FEATURES
from engine_c.seasons.view cimport final_scoring

from engine_c.learned_value cimport NetTable, own_and_others

INPUTS = LEARNED_INPUTS          # Python-visible sizes
BLOCK = LEARNED_BLOCK
HIDDEN = LEARNED_HIDDEN

# the network per player count; state.pyx loads the shipped ones (learned_weights.py, written by
# scripts/fit_learned_value.py)
cdef NetTable NETS = NetTable(LEARNED_INPUTS, LEARNED_HIDDEN)
use_learned_value = NETS.use            # (players, net dict or None)
learned_value_loaded = NETS.loaded_for  # (players) -> bool


cdef void learned_block(CS* s, CS* scored, int p, double* f) noexcept nogil:
    """Player ``p``'s block of LEARNED_BLOCK numbers (the order of the module's docstring)."""
    cdef double linear[VALUE_FEATURES]
    cdef int k, w, at = 0
    value_features(s, scored, p, linear)
    for k in range(1, VALUE_FEATURES):
        f[at] = linear[k]
        at += 1
    for k in range(NCARD):
        f[at] = 1.0 if s.hand[p] & (1 << k) else 0.0
        at += 1
    for k in range(NCARD):
        f[at] = s.played[p][k]
        at += 1
    for k in range(NB):
        f[at] = s.built[p][k]
        at += 1
    for w in range(3):
        for k in range(NRES):
            f[at] = s.wcard[p][w][k]
            at += 1
    for k in range(NB):
        f[at] = s.tiles[k]
        at += 1
    for k in range(NPLACE):
        f[at] = 1.0 if s.place_owner[k] == p else 0.0
        at += 1


cdef void _inputs_from_blocks(CS* s, double* blocks, int p, double* x) noexcept nogil:
    """Player ``p``'s network input from every player's block."""
    cdef int k, stage = value_stage(s)
    own_and_others(blocks, LEARNED_BLOCK, s.np, p, x)
    for k in range(LEARNED_STAGES):
        x[2 * LEARNED_BLOCK + k] = 1.0 if k == stage else 0.0


cdef void learned_inputs(CS* s, int p, double* x) noexcept nogil:
    """Player ``p``'s network input at a quiet point (LEARNED_INPUTS numbers)."""
    cdef double blocks[MAXP * LEARNED_BLOCK]
    cdef CS scored
    cdef int q
    memcpy(&scored, s, sizeof(CS))
    final_scoring(&scored)
    for q in range(s.np):
        learned_block(s, &scored, q, blocks + q * LEARNED_BLOCK)
    _inputs_from_blocks(s, blocks, p, x)


cdef int evaluate_learned(CS* s, double* out) noexcept nogil:
    """Every player's expected final score at a quiet point with a network loaded: 1; else 0."""
    cdef double blocks[MAXP * LEARNED_BLOCK]
    cdef double x[LEARNED_INPUTS]
    cdef CS scored
    cdef int p
    if not quiet(s) or not NETS.ready(s.np):
        return 0
    memcpy(&scored, s, sizeof(CS))
    final_scoring(&scored)
    for p in range(s.np):
        learned_block(s, &scored, p, blocks + p * LEARNED_BLOCK)
    for p in range(s.np):
        _inputs_from_blocks(s, blocks, p, x)
        out[p] = s.vp[p] + NETS.forward(s.np, x)
    return 1
