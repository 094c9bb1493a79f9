# cython: language_level=3
"""San Juan: the observation tensor, written straight from the SJ struct.

What a seat cannot see follows ``sj_resample`` (view.pyx): the others' hands appear as counts plus
the cards taken face up, chapels as counts, goods only as present or not, the supply as a count,
the discard pile as a count plus the cards this seat saw go there, another player's councillor draw
as a count, unrevealed trading-house tiles as unknown, and the ordering floor of another player's
secret card sequence as the resampler resets it. Seats are relative to the observer (slot 0).
"""
from libc.string cimport memset
from engine_c.observe_kit cimport Cursor, put, onehot, bits, skip, rel, seat_of
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.state cimport SanJuanState
from engine_c import observing

cdef enum:
    NPHASE = 12
    SEAT_SIZE = NK + 1 + MAXB + MAXB + 1 + NK + NK + 1 + NK + 1 + 1 + 1
    HEAD_SIZE = 4 + 4 + 1 + 4 + NPHASE + 5 + 4 + 4 + 1 + 1 + 5 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 5 \
        + 1 + 1 + 1 + 1 + 1 + 1 + 4 + 1 + NK + NK + 25 + NK
    OBS_SIZE = HEAD_SIZE + 4 * SEAT_SIZE

HEAD = [
    ("players", 4), ("to_act", 4), ("over", 1), ("governor", 4), ("phase", NPHASE), ("role", 5),
    ("chooser", 4), ("actor", 4), ("acted", 1), ("picks", 1), ("roles_taken", 5), ("role_library", 1),
    ("library_used", 1), ("count", 1), ("limit", 1), ("order_floor", 1), ("build_kind", 1), ("income", 1),
    ("trading_tile", 5), ("supply_count", 1), ("discard_count", 1), ("tile_next", 1), ("tiles_seen", 1),
    ("pending_count", 1), ("pending_public", 1), ("pending_owner", 4), ("rounds", 1),
    ("discard_known", NK), ("discard_public", NK), ("tiles", 25), ("pending", NK),
]
SEAT = [
    ("hand", NK), ("hand_count", 1), ("buildings", MAXB), ("goods", MAXB), ("building_count", 1),
    ("covered", NK), ("public_hand", NK), ("chapel_count", 1), ("chapel", NK),
    ("goods_sold", 1), ("cards_drawn", 1), ("seat_vp", 1),
]
_SLICES = observing.layout(HEAD, SEAT)
SIZE = OBS_SIZE
if observing.total(_SLICES) != SIZE:        # the C writer and the names must agree
    raise ImportError(f"sanjuan observe: describe() covers {observing.total(_SLICES)} floats, the encoder {SIZE}")


cdef void seat_block(SJ* s, int p, int o, Cursor* c) noexcept nogil:
    """Player ``p`` as seat ``o`` sees him: his own hand and chapel only when p is o."""
    cdef int k, i
    for k in range(NK):
        put(c, s.hand[p][k] if p == o else 0)
    put(c, s.hand_n[p])
    for i in range(MAXB):
        put(c, s.bld[p][i] + 1 if i < s.nbld[p] else 0)
    for i in range(MAXB):
        put(c, 1 if i < s.nbld[p] and s.good[p][i] else 0)      # a good lies there; which card is unseen
    put(c, s.nbld[p])
    for k in range(NK):
        put(c, s.covered[p][k])
    for k in range(NK):
        put(c, s.public_hand[p][k])
    put(c, s.chapel_n[p])
    for k in range(NK):
        put(c, s.chapel[p][k] if p == o else 0)
    put(c, s.goods_sold[p])
    put(c, s.cards_drawn[p])
    put(c, s.seat_vp[p])


cdef int encode(SJ* s, int o, float* out) noexcept nogil:
    """Writes what seat ``o`` sees into ``out`` (OBS_SIZE floats); returns the floats written."""
    cdef Cursor c
    cdef int n = s.np, k, i, slot, last = s.last
    cdef bint over = s.phase == PH_OVER
    cdef bint secret_pending = s.pending_n > 0 and not s.pending_public and s.pending_owner != o
    c.out = out
    c.at = 0
    memset(out, 0, OBS_SIZE * sizeof(float))
    # another player's secret card sequence: his earlier picks are unseen, so is their floor (as sj_resample)
    if s.actor != o:
        if s.phase == PH_LIMIT or s.phase == PH_CDISCARD or (s.phase == PH_KEEP and secret_pending):
            last = 0
        elif s.phase == PH_PAY and last > NPROD:
            last = NPROD
    onehot(&c, n - 1, 4)
    onehot(&c, -1 if over else rel(s.actor, o, n), 4)
    put(&c, over)
    onehot(&c, rel(s.governor, o, n), 4)
    onehot(&c, s.phase, NPHASE)
    onehot(&c, s.role, 5)
    onehot(&c, rel(s.chooser, o, n), 4)
    onehot(&c, rel(s.actor, o, n), 4)
    put(&c, s.acted)
    put(&c, s.picks)
    bits(&c, s.roles_taken, 5)
    put(&c, s.role_lib)
    put(&c, s.lib_used)
    put(&c, s.cnt)
    put(&c, s.limit)
    put(&c, last)
    put(&c, s.build_kind)
    put(&c, s.income)
    onehot(&c, s.tile, 5)
    put(&c, s.supply_n)
    put(&c, s.discard_n)
    put(&c, s.tile_next)
    put(&c, s.tiles_seen)
    put(&c, s.pending_n)
    put(&c, s.pending_public)
    onehot(&c, rel(s.pending_owner, o, n) if s.pending_n > 0 else -1, 4)
    put(&c, s.rounds)
    for k in range(NK):
        put(&c, s.known_disc[o][k])
    for k in range(NK):
        put(&c, s.public_disc[k])
    for i in range(5):              # after four reveals the fifth tile is known too
        onehot(&c, s.tiles[i] if i < s.tiles_seen or s.tiles_seen >= 4 else -1, 5)
    for k in range(NK):
        put(&c, 0 if secret_pending else s.pending[k])
    for slot in range(4):
        if slot < n:
            seat_block(s, seat_of(slot, o, n), o, &c)
        else:
            skip(&c, SEAT_SIZE)
    return c.at


def describe():
    """The observation's slices as (name, start, size), in order."""
    return list(_SLICES)


def observation_into(SanJuanState state, int seat, float[::1] out):
    """Writes ``seat``'s observation of ``state`` into ``out`` (SIZE float32)."""
    if out.shape[0] != OBS_SIZE:
        raise ValueError(f"the observation needs {OBS_SIZE} floats, got {out.shape[0]}")
    if encode(&state.st, seat, &out[0]) != OBS_SIZE:
        raise AssertionError("sanjuan observe: the encoder wrote a different size than its layout")


def bench(SanJuanState state, int seat, long count):
    """Encodes ``seat``'s observation ``count`` times in C into one buffer (the encoder's own speed)."""
    cdef float buf[OBS_SIZE]
    cdef long i
    cdef int written = 0
    with nogil:
        for i in range(count):
            written += encode(&state.st, seat, buf)
    return written
