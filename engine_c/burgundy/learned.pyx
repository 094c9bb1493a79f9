# cython: language_level=3
"""The Castles of Burgundy: each player's expected final score from the position, a small network.

The same quiet points as the fitted linear value (value.pyx: a main decision, nothing of a turn
half done).  Player p's input is his own block of 67 numbers, the mean of the other players' blocks
and 31 numbers everyone shares; the network (engine_c/learned_value.pyx) gives the points he goes
on to score, and ``evaluate_learned`` adds his VP now.  A block: the linear value's 19 features but
the bias (18), his knowledge tiles (27 bits, tile n at n), his filled spaces per colour (6) and the
empty ones per colour (6), his unused dice's values (2, 0 once used), his place on the turn-order
track and height there (2), the goods in his storage per type (6).  Shared: the stage one-hot
(phase x 5 + round: 25) and how many of each colour's bonus tiles are taken (6).  Trained by
``scripts/fit_learned_value.py --game burgundy`` (weights in engine_c/burgundy/learned_weights.py,
one network per player count); a search asks for it with ``value=net`` (docs/agents.md).  Without a
network for the player count it returns 0.
"""
from engine_c.burgundy.types cimport *
from engine_c.burgundy.tables cimport COLMASK
from engine_c.burgundy.value cimport quiet, value_features, VALUE_FEATURES, VALUE_STAGES

from engine_c.learned_value cimport NetTable, own_and_others

INPUTS = LEARNED_INPUTS          # Python-visible sizes
BLOCK = LEARNED_BLOCK
SHARED = LEARNED_SHARED
HIDDEN = LEARNED_HIDDEN

# the network per player count; state.pyx loads the shipped ones (learned_weights.py, written by
# scripts/fit_learned_value.py)
cdef NetTable NETS = NetTable(LEARNED_INPUTS, LEARNED_HIDDEN)
use_learned_value = NETS.use            # (players, net dict or None)
learned_value_loaded = NETS.loaded_for  # (players) -> bool


cdef void learned_block(BState* s, int p, double* f) noexcept nogil:
    """Player ``p``'s block of LEARNED_BLOCK numbers (the order of the module's docstring)."""
    cdef double linear[VALUE_FEATURES]
    cdef BPlayer* P = &s.pl[p]
    cdef int k, at = 0
    cdef uint64_t m
    value_features(s, p, linear)
    for k in range(1, VALUE_FEATURES):
        f[at] = linear[k]
        at += 1
    for k in range(27):
        f[at] = (P.know >> k) & 1
        at += 1
    for k in range(6):
        m = COLMASK[P.board][k]
        f[at] = popcount(m & P.filled)
        f[at + 6] = popcount(m & ~P.filled)
        at += 1
    at += 6
    for k in range(2):
        f[at] = P.dice[k] if P.used[k] == 0 else 0
        at += 1
    f[at] = P.track_pos
    f[at + 1] = P.track_h
    at += 2
    for k in range(6):
        f[at + k] = 0.0
    for k in range(3):
        if 1 <= P.gtype[k] <= 6:
            f[at + P.gtype[k] - 1] += P.gcount[k]


cdef void _inputs_from_blocks(BState* s, double* blocks, int p, double* x) noexcept nogil:
    """Player ``p``'s network input from every player's block."""
    cdef int k, at = 2 * LEARNED_BLOCK, stage = s.phase * 5 + s.round
    own_and_others(blocks, LEARNED_BLOCK, s.nplayers, p, x)
    for k in range(VALUE_STAGES):
        x[at + k] = 1.0 if k == stage else 0.0
    at += VALUE_STAGES
    for k in range(6):
        x[at + k] = s.bonus_taken[k]


cdef void learned_inputs(BState* s, int p, double* x) noexcept nogil:
    """Player ``p``'s network input at a quiet point (LEARNED_INPUTS numbers)."""
    cdef double blocks[4 * LEARNED_BLOCK]
    cdef int q
    for q in range(s.nplayers):
        learned_block(s, q, blocks + q * LEARNED_BLOCK)
    _inputs_from_blocks(s, blocks, p, x)


cdef int evaluate_learned(BState* s, double* out) noexcept nogil:
    """Every player's expected final score at a quiet point with a network loaded: 1; else 0."""
    cdef double blocks[4 * LEARNED_BLOCK]
    cdef double x[LEARNED_INPUTS]
    cdef int p
    if not quiet(s) or s.phase > 4 or not NETS.ready(s.nplayers):
        return 0
    for p in range(s.nplayers):
        learned_block(s, p, blocks + p * LEARNED_BLOCK)
    for p in range(s.nplayers):
        _inputs_from_blocks(s, blocks, p, x)
        out[p] = s.pl[p].vp + NETS.forward(s.nplayers, x)
    return 1
