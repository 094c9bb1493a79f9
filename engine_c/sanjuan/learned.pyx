# cython: language_level=3
"""San Juan: each player's expected final score from the position, a small network.

The same quiet points as the fitted linear value (value.pyx: a player about to choose a role).
Player p's input is his own block of 84 numbers, the mean of the other players' blocks and 21
numbers everyone shares; the network (engine_c/learned_value.pyx) gives the points he goes on to
score, and ``evaluate_learned`` adds his score as it stands (``state.scores()``).  A block: the
linear value's 20 features but the bias (19), his uncovered buildings per card kind (29), his hand
per card kind (29), the goods on his production buildings per good (5), whether he is the governor
and whether he chooses the next role (2).  Shared: the stage one-hot (the most buildings anyone has,
less one: 11), the roles taken this round (5 bits), the next trader phase's tile one-hot where it is
revealed (5; all 0 where it is not).  In a search the hands are those of the determinized world, as
for the linear value.  Trained by ``scripts/fit_learned_value.py --game sanjuan`` (weights in
engine_c/sanjuan/learned_weights.py, one network per player count); a search asks for it with
``value=net`` (docs/agents.md).  Without a network for the player count it returns 0.
"""
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.tables cimport *
from engine_c.sanjuan.value cimport quiet, value_stage, value_features, VALUE_FEATURES, VALUE_STAGES
from engine_c.sanjuan.view cimport sj_scores

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


cdef void learned_block(SJ* s, int* scores, int p, double* f) noexcept nogil:
    """Player ``p``'s block of LEARNED_BLOCK numbers (the order of the module's docstring)."""
    cdef double linear[VALUE_FEATURES]
    cdef int k, i, at = 0
    value_features(s, scores, p, linear)
    for k in range(1, VALUE_FEATURES):
        f[at] = linear[k]
        at += 1
    for k in range(NK):
        f[at] = s.owned[p][k]
        at += 1
    for k in range(NK):
        f[at] = s.hand[p][k]
        at += 1
    for k in range(NPROD):
        f[at + k] = 0.0
    for i in range(s.nbld[p]):
        if s.bld[p][i] < NPROD and s.good[p][i]:
            f[at + s.bld[p][i]] += 1.0
    at += NPROD
    f[at] = 1.0 if s.governor == p else 0.0
    f[at + 1] = 1.0 if s.actor == p else 0.0


cdef void _inputs_from_blocks(SJ* s, double* blocks, int p, double* x) noexcept nogil:
    """Player ``p``'s network input from every player's block."""
    cdef int k, at = 2 * LEARNED_BLOCK, stage = value_stage(s)
    own_and_others(blocks, LEARNED_BLOCK, s.np, p, x)
    for k in range(VALUE_STAGES):
        x[at + k] = 1.0 if k == stage else 0.0
    at += VALUE_STAGES
    for k in range(5):
        x[at + k] = 1.0 if s.roles_taken & (1 << k) else 0.0
    at += 5
    for k in range(5):
        x[at + k] = 1.0 if s.tiles_seen > s.tile_next and s.tiles[s.tile_next] == k else 0.0


cdef void _blocks(SJ* s, double* blocks) noexcept nogil:
    """Every player's block, one after the other."""
    cdef int scores[MAXP]
    cdef int q
    sj_scores(s, scores)
    for q in range(s.np):
        learned_block(s, scores, q, blocks + q * LEARNED_BLOCK)


cdef void learned_inputs(SJ* s, int p, double* x) noexcept nogil:
    """Player ``p``'s network input at a quiet point (LEARNED_INPUTS numbers)."""
    cdef double blocks[MAXP * LEARNED_BLOCK]
    _blocks(s, blocks)
    _inputs_from_blocks(s, blocks, p, x)


cdef int evaluate_learned(SJ* s, double* out) noexcept nogil:
    """Every player's expected final score at a quiet point with a network loaded: 1; else 0."""
    cdef double blocks[MAXP * LEARNED_BLOCK]
    cdef double x[LEARNED_INPUTS]
    cdef int scores[MAXP]
    cdef int p
    if not quiet(s) or not NETS.ready(s.np):
        return 0
    sj_scores(s, scores)
    for p in range(s.np):
        learned_block(s, scores, p, blocks + p * LEARNED_BLOCK)
    for p in range(s.np):
        _inputs_from_blocks(s, blocks, p, x)
        out[p] = scores[p] + NETS.forward(s.np, x)
    return 1
