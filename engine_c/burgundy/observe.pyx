# cython: language_level=3
"""Castles of Burgundy: the observation tensor, written straight from the BState struct.

Only the chance RNG is hidden in this game (future dice, tiles and goods: the supplies are public
counts), so the tensor holds every other field; seats are relative to the observer (seat slot 0),
player indices in the struct are turned into relative seats. The layout is ``describe()``.
"""
from libc.string cimport memset
from engine_c.observe_kit cimport Cursor, put, onehot, bits, skip, rel, seat_of
from engine_c.burgundy.types cimport *
from engine_c.burgundy.state cimport BurgundyState
from engine_c import observing

cdef enum:
    NKNOW = 27              # knowledge tiles 1..26 (bit n), bit 0 unused
    SEAT_SIZE = 37 + NKNOW + 1 + 1 + 1 + 3 + 7 + 1 + 1 + NSP + 3 + 3 + 2 + 2 + 9 + 1 + 1 + 1 + 1 + 1
    HEAD_SIZE = 4 + 4 + 1 + 3 * NCODES + NDEPOT * 7 + 7 + 4 + 1 + 5 + 5 + 1 + 4 + 16 + 1 + 1 + 1 + 1 + 1 \
        + 3 * STACK + NDEPOT * NSLOT + NBLACK + 5 + 6
    OBS_SIZE = HEAD_SIZE + 4 * SEAT_SIZE

HEAD = [
    ("players", 4), ("to_act", 4), ("over", 1),
    ("supply_coloured", NCODES), ("supply_black", NCODES), ("out_of_game", NCODES),
    ("depot_goods", NDEPOT * 7), ("goods_pool", 7), ("scenario", 4), ("tiebreak", 1),
    ("phase", 5), ("round", 5), ("setup_seat_to_place", 1), ("setup_seat", 4),
    ("turn_order", 16), ("turn_index", 1), ("white_die", 1), ("bought", 1), ("stack_depth", 1),
    ("pending_tile", 1), ("stack_task", STACK), ("stack_a", STACK), ("stack_b", STACK),
    ("depot_tiles", NDEPOT * NSLOT), ("black_depot", NBLACK), ("round_goods", 5), ("colour_bonus_taken", 6),
]
SEAT = [
    ("filled", NSP), ("knowledge", NKNOW), ("vp", 1), ("silver", 1), ("workers", 1), ("goods_count", 3),
    ("sold", 7), ("black_buys", 1), ("work_actions", 1), ("estate", NSP), ("storage", 3), ("goods_type", 3),
    ("dice", 2), ("dice_used", 2), ("board", 9), ("castle", 1), ("track", 1), ("track_height", 1),
    ("bonus_large", 1), ("bonus_small", 1),
]
_SLICES = observing.layout(HEAD, SEAT)
SIZE = OBS_SIZE
if observing.total(_SLICES) != SIZE:        # the C writer and the names must agree
    raise ImportError(f"burgundy observe: describe() covers {observing.total(_SLICES)} floats, the encoder {SIZE}")


cdef void seat_block(BState* s, int p, Cursor* c) noexcept nogil:
    """One player's board, as every seat sees it."""
    cdef BPlayer* P = &s.pl[p]
    cdef int j
    bits(c, P.filled, NSP)
    bits(c, P.know, NKNOW)
    put(c, P.vp)
    put(c, P.silver)
    put(c, P.workers)
    for j in range(3):
        put(c, P.gcount[j])
    for j in range(7):
        put(c, P.sold[j])
    put(c, P.n_black)
    put(c, P.n_work)
    for j in range(NSP):
        put(c, P.est[j])            # tile code (0 none, docs/burgundy.md)
    for j in range(3):
        put(c, P.store[j])
    for j in range(3):
        put(c, P.gtype[j])
    for j in range(2):
        put(c, P.dice[j])
    for j in range(2):
        put(c, P.used[j])
    onehot(c, P.board - 1, 9)
    put(c, P.castle)
    put(c, P.track_pos)
    put(c, P.track_h)
    put(c, P.bonus_large)
    put(c, P.bonus_small)


cdef int encode(BState* s, int o, float* out) noexcept nogil:
    """Writes what seat ``o`` sees into ``out`` (OBS_SIZE floats); returns the floats written."""
    cdef Cursor c
    cdef int n = s.nplayers, j, k, slot
    c.out = out
    c.at = 0
    memset(out, 0, OBS_SIZE * sizeof(float))
    onehot(&c, n - 1, 4)
    onehot(&c, -1 if s.over else rel(cur(s), o, n), 4)
    put(&c, s.over)
    for j in range(NCODES):
        put(&c, s.sup_col[j])
    for j in range(NCODES):
        put(&c, s.sup_black[j])
    for j in range(NCODES):
        put(&c, s.out[j])
    for j in range(NDEPOT):
        for k in range(7):
            put(&c, s.dgoods[j][k])
    for k in range(7):
        put(&c, s.goods_pool[k])
    onehot(&c, s.scenario, 4)
    put(&c, s.tiebreak)
    onehot(&c, s.phase, 5)
    onehot(&c, s.round, 5)
    put(&c, s.setup_idx >= 0)
    onehot(&c, rel(s.setup_idx, o, n), 4)
    for j in range(4):
        onehot(&c, rel(s.order[j], o, n) if j < n else -1, 4)
    put(&c, s.turn_idx)
    put(&c, s.white)
    put(&c, s.bought)
    put(&c, s.sp)
    put(&c, s.pend_tile)
    for j in range(STACK):
        put(&c, s.task[j])
    for j in range(STACK):
        put(&c, s.ta[j])
    for j in range(STACK):
        put(&c, s.tb[j])
    for j in range(NDEPOT):
        for k in range(NSLOT):
            put(&c, s.depot[j][k])
    for j in range(NBLACK):
        put(&c, s.black[j])
    for j in range(5):
        put(&c, s.round_goods[j])
    for j in range(6):
        put(&c, s.bonus_taken[j])
    for slot in range(4):
        if slot < n:
            seat_block(s, seat_of(slot, o, n), &c)
        else:
            skip(&c, SEAT_SIZE)
    return c.at


def describe():
    """The observation's slices as (name, start, size), in order."""
    return list(_SLICES)


def observation_into(BurgundyState state, int seat, float[::1] out):
    """Writes ``seat``'s observation of ``state`` into ``out`` (SIZE float32)."""
    if out.shape[0] != OBS_SIZE:
        raise ValueError(f"the observation needs {OBS_SIZE} floats, got {out.shape[0]}")
    if encode(&state.s, seat, &out[0]) != OBS_SIZE:
        raise AssertionError("burgundy observe: the encoder wrote a different size than its layout")


def bench(BurgundyState state, int seat, long count):
    """Encodes ``seat``'s observation ``count`` times in C into one buffer (the encoder's own speed)."""
    cdef float buf[OBS_SIZE]
    cdef long i
    cdef int written = 0
    with nogil:
        for i in range(count):
            written += encode(&state.s, seat, buf)
    return written
