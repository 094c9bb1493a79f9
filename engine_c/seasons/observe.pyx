# cython: language_level=3
"""A Castle for All Seasons: the observation tensor, written straight from the CS struct.

Everything is public but the chance RNG and, during the card selection, the cards the other players
chose this round (``cs_resample``, view.pyx): those appear as a count until the reveal. Seats are
relative to the observer (slot 0); seat numbers in the struct (spots, places, the resolution queue,
the start player) are turned into relative seats.
"""
from libc.string cimport memset
from engine_c.observe_kit cimport Cursor, put, onehot, bits, skip, rel, seat_of
from engine_c.seasons.types cimport *
from engine_c.seasons.state cimport SeasonsState
from engine_c import observing

cdef enum:
    NPHASE = 11
    QENTRY = 4 + NCARD + 1              # a queue entry: relative seat, card, or the trader payout
    SEAT_SIZE = 1 + 1 + NRES + 1 + NCARD + NCARD + 1 + 3 * NRES + 1 + NHB + NCARD + NB + 1 + 1 + 1 + 1 + NRES + 1 + 1
    HEAD_SIZE = 4 + 4 + 1 + NPHASE + 4 + 1 + 1 + 1 + 1 + 1 + NRES + NRES + 1 + NB + 4 * NSPOT + NSPOT \
        + 4 * NPLACE + 1 + MAXQ * QENTRY + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 4 + 1 + 1 + 1 + NWCARD + 1 + NMOD
    OBS_SIZE = HEAD_SIZE + 4 * SEAT_SIZE

HEAD = [
    ("players", 4), ("to_act", 4), ("over", 1), ("phase", NPHASE), ("start_player", 4), ("round", 1),
    ("rounds", 1), ("track", 1), ("last_round", 1), ("bank", 1), ("stock", NRES), ("tower", NRES),
    ("forge", 1), ("tiles", NB), ("spot_owner", 4 * NSPOT), ("spot_round", NSPOT), ("place_owner", 4 * NPLACE),
    ("picks", 1), ("queue", MAXQ * QENTRY), ("queue_length", 1), ("queue_pos", 1), ("equip_pos", 1),
    ("traders", 1), ("builds", 1), ("helpers_placed", 1), ("building", 1), ("pay_step", 1), ("pay_left", 1),
    ("paid", 4), ("place", 1), ("winter", 1), ("winter_count", 1), ("winter_cards", NWCARD), ("winter_asked", 1),
    ("winter_modifiers", NMOD),
]
SEAT = [
    ("vp", 1), ("talers", 1), ("resources", NRES), ("helpers", 1), ("hand", NCARD), ("selected", NCARD),
    ("selected_count", 1), ("worker_cards", 3 * NRES), ("built_this_round", 1), ("helped_this_round", NHB),
    ("played", NCARD), ("built", NB), ("vp_build", 1), ("vp_master", 1), ("vp_final", 1), ("converted_talers", 1),
    ("converted_resources", NRES), ("vp_winter", 1), ("vp_seat", 1),
]
_SLICES = observing.layout(HEAD, SEAT)
SIZE = OBS_SIZE
if observing.total(_SLICES) != SIZE:        # the C writer and the names must agree
    raise ImportError(f"seasons observe: describe() covers {observing.total(_SLICES)} floats, the encoder {SIZE}")


cdef void seat_block(CS* s, int p, int o, Cursor* c) noexcept nogil:
    """Player ``p`` as seat ``o`` sees him: his selection of this round only once revealed (or his own)."""
    cdef int k, w
    cdef bint secret = s.phase == PH_SELECT and p != o
    put(c, s.vp[p])
    put(c, s.talers[p])
    for k in range(NRES):
        put(c, s.res[p][k])
    put(c, s.helpers[p])
    bits(c, s.hand[p], NCARD)
    bits(c, 0 if secret else s.sel[p], NCARD)
    put(c, __builtin_popcount(s.sel[p]))
    for w in range(3):
        for k in range(NRES):
            put(c, s.wcard[p][w][k])
    put(c, s.built_round[p])
    bits(c, s.hb_round[p], NHB)
    for k in range(NCARD):
        put(c, s.played[p][k])
    for k in range(NB):
        put(c, s.built[p][k])
    put(c, s.vp_build[p])
    put(c, s.vp_master[p])
    put(c, s.vp_final[p])
    put(c, s.conv_talers[p])
    for k in range(NRES):
        put(c, s.conv_res[p][k])
    put(c, s.vp_winter[p])
    put(c, s.vp_seat[p])


cdef int encode(CS* s, int o, float* out) noexcept nogil:
    """Writes what seat ``o`` sees into ``out`` (OBS_SIZE floats); returns the floats written."""
    cdef Cursor c
    cdef int n = s.np, k, slot, e
    cdef bint over = s.phase == PH_OVER
    c.out = out
    c.at = 0
    memset(out, 0, OBS_SIZE * sizeof(float))
    onehot(&c, n - 1, 4)
    onehot(&c, -1 if over else rel(s.actor, o, n), 4)
    put(&c, over)
    onehot(&c, s.phase, NPHASE)
    onehot(&c, rel(s.start, o, n), 4)
    put(&c, s.round)
    put(&c, s.rounds)
    put(&c, s.track)
    put(&c, s.last_round)
    put(&c, s.bank)
    for k in range(NRES):
        put(&c, s.stock[k])
    for k in range(NRES):
        put(&c, s.tower[k])
    put(&c, s.forge)
    for k in range(NB):
        put(&c, s.tiles[k])
    for k in range(NSPOT):
        onehot(&c, rel(s.spot_owner[k], o, n), 4)      # NOBODY: no seat
    for k in range(NSPOT):
        put(&c, s.spot_round[k])
    for k in range(NPLACE):
        onehot(&c, rel(s.place_owner[k], o, n), 4)
    put(&c, s.picks)
    for k in range(MAXQ):
        e = s.queue[k]
        if k >= s.qn:
            skip(&c, QENTRY)
        elif e == Q_PAYOUT:
            skip(&c, 4 + NCARD)
            put(&c, 1)
        else:
            onehot(&c, rel(e >> 3, o, n), 4)
            onehot(&c, e & 7, NCARD)
            put(&c, 0)
    put(&c, s.qn)
    put(&c, s.qi)
    put(&c, s.eq_i)                 # counted from the start player, so already relative to a seat
    put(&c, s.traders)
    put(&c, s.builds)
    put(&c, s.placed)
    put(&c, s.bld)
    put(&c, s.pay_k)
    put(&c, s.pay_rem)
    for k in range(4):
        put(&c, s.pay_y[k])
    put(&c, s.place)
    put(&c, s.winter)
    put(&c, s.w_n)
    for k in range(NWCARD):
        put(&c, s.w_drawn[k] + 1 if k < s.w_n else 0)
    put(&c, s.w_asked)
    for k in range(NMOD):
        put(&c, s.w_mod[k])
    for slot in range(4):
        if slot < n:
            seat_block(s, seat_of(slot, o, n), o, &c)
        else:
            skip(&c, SEAT_SIZE)
    return c.at


def describe():
    """The observation's slices as (name, start, size), in order."""
    return list(_SLICES)


def observation_into(SeasonsState state, int seat, float[::1] out):
    """Writes ``seat``'s observation of ``state`` into ``out`` (SIZE float32)."""
    if out.shape[0] != OBS_SIZE:
        raise ValueError(f"the observation needs {OBS_SIZE} floats, got {out.shape[0]}")
    if encode(&state.st, seat, &out[0]) != OBS_SIZE:
        raise AssertionError("seasons observe: the encoder wrote a different size than its layout")


def bench(SeasonsState state, int seat, long count):
    """Encodes ``seat``'s observation ``count`` times in C into one buffer (the encoder's own speed)."""
    cdef float buf[OBS_SIZE]
    cdef long i
    cdef int written = 0
    with nogil:
        for i in range(count):
            written += encode(&state.st, seat, buf)
    return written
