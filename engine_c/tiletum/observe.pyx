# cython: language_level=3
"""Tiletum: the observation tensor, written straight from the TT struct.

Nothing is private in Tiletum: only the chance RNG is hidden (future dice, draws, corruption tokens),
and the face-down stacks (bonus, person and contract tiles) appear as counts, as the seat view
shows them (their order does not exist: each draw picks from the set with the RNG). Seats are
relative to the observer (slot 0); owners on the map and the turn order are relative seats.
"""
from libc.string cimport memset
from engine_c.observe_kit cimport Cursor, put, onehot, bits, skip, rel, seat_of
from engine_c.tiletum.types cimport *
from engine_c.tiletum.state cimport TiletumState
from engine_c import observing

cdef enum:
    NPHASE = 7
    NCORR = 6
    SEAT_SIZE = 1 + 1 + NRES + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + NSTORE + NBLD + NBLD + 3 * NBLD + NBLD \
        + NACT + 1 + 1 + NCATH + 1 + NC_TILES
    HEAD_SIZE = 4 + 4 + 1 + NPHASE + 1 + 1 + 1 + 16 + 1 + NACT + NACT + 1 + NCORR + 1 + 11 + NRES * 6 + NACT + 3 \
        + NCITY * 2 + NCITY * 3 + NCITY * 2 + NCATH + NCATH + ROUNDS + ROUNDS + NDISP + NDISP + NP_TILES + 1 \
        + NB_TILES + NC_TILES + 3
    OBS_SIZE = HEAD_SIZE + 4 * SEAT_SIZE

HEAD = [
    ("players", 4), ("to_act", 4), ("over", 1), ("phase", NPHASE), ("round", 1), ("pass", 1), ("turn", 1),
    ("turn_order", 16), ("wheel_rotation", 1), ("wheel_order", NACT), ("segments_used", NACT),
    ("king_counter", 1), ("corruption_left", NCORR), ("corruption_revealed", 1),
    ("current", 11), ("dice", NRES * 6), ("wheel_bonus", NACT), ("king_bonus", 3),
    ("map_bonus", NCITY * 2), ("house_owner", NCITY * 3), ("pillar_owner", NCITY * 2),
    ("cathedral_cost", NCATH), ("cathedral_taken", NCATH), ("fair_tile", ROUNDS), ("fair_city", ROUNDS),
    ("person_display", NDISP), ("contract_display", NDISP), ("person_discard", NP_TILES),
    ("person_discard_count", 1), ("bonus_out", NB_TILES), ("contracts_out", NC_TILES), ("stack_counts", 3),
]
SEAT = [
    ("vp", 1), ("final_vp", 1), ("resources", NRES), ("king", 1), ("king_stack", 1), ("merchant", 1),
    ("architect", 1), ("houses_available", 1), ("pillars_available", 1), ("houses_built", 1),
    ("pillars_built", 1), ("storage_count", 1), ("storage", NSTORE), ("building_persons", NBLD),
    ("building_type", NBLD), ("building_person_ids", 3 * NBLD), ("crested", NBLD), ("bonus_ap", NACT),
    ("contracts_done", 1), ("crest_contracts", 1), ("cathedrals", NCATH), ("cathedral_tiles", 1),
    ("contracts", NC_TILES),
]
_SLICES = observing.layout(HEAD, SEAT)
SIZE = OBS_SIZE
if observing.total(_SLICES) != SIZE:        # the C writer and the names must agree
    raise ImportError(f"tiletum observe: describe() covers {observing.total(_SLICES)} floats, the encoder {SIZE}")


cdef void seat_block(TTPlayer* P, Cursor* c) noexcept nogil:
    """One player's pieces, all public."""
    cdef int k, f
    put(c, P.vp)
    put(c, P.final_vp)
    for k in range(NRES):
        put(c, P.res[k])
    put(c, P.king)
    put(c, P.kseq)
    put(c, P.merchant)
    put(c, P.architect)
    put(c, P.houses_avail)
    put(c, P.pillars_avail)
    put(c, P.houses_built)
    put(c, P.pillars_built)
    put(c, P.nstore)
    for k in range(NSTORE):
        put(c, P.store[k] if k < P.nstore else 0)
    for k in range(NBLD):
        put(c, P.bld_n[k])
    for k in range(NBLD):
        put(c, P.bld_type[k])
    for k in range(NBLD):
        for f in range(3):
            put(c, P.bld_person[k][f] if f < P.bld_n[k] else 0)
    for k in range(NBLD):
        put(c, P.crested[k])
    for k in range(NACT):
        put(c, P.bonus_ap[k])
    put(c, P.contracts_done)
    put(c, P.crest_contracts)
    bits(c, P.cath_mask, NCATH)
    put(c, P.cath_tiles)
    bits(c, P.contracts_mask, NC_TILES)


cdef inline double owner(int value, int o, int n) noexcept nogil:
    """A ``player + 1`` owner field as the relative seat + 1 (0 = nobody)."""
    return 0 if value == 0 else rel(value - 1, o, n) + 1


cdef int encode(TT* s, int o, float* out) noexcept nogil:
    """Writes what seat ``o`` sees into ``out`` (OBS_SIZE floats); returns the floats written."""
    cdef Cursor c
    cdef int n = s.np, k, j, slot
    cdef bint over = s.phase == PH_OVER
    c.out = out
    c.at = 0
    memset(out, 0, OBS_SIZE * sizeof(float))
    onehot(&c, n - 1, 4)
    onehot(&c, -1 if over else rel(s.actor, o, n), 4)
    put(&c, over)
    onehot(&c, s.phase, NPHASE)
    put(&c, s.round)
    put(&c, s.pass_)
    put(&c, s.turn)
    for k in range(4):
        onehot(&c, rel(s.order[k], o, n) if k < n else -1, 4)
    put(&c, s.rot)
    for k in range(NACT):
        put(&c, s.wheel_order[k])
    bits(&c, s.seg_used, NACT)
    put(&c, s.kcounter)
    bits(&c, s.corr_left, NCORR)
    put(&c, s.corr_last)
    put(&c, s.act)                  # the current turn (11 numbers, in the struct's order)
    put(&c, s.jester)
    put(&c, s.ap)
    put(&c, s.die_col)
    put(&c, s.die_val)
    put(&c, s.free_moves)
    put(&c, s.any_res)
    put(&c, s.swaps)
    put(&c, s.choose_mode)
    put(&c, s.seg)
    put(&c, s.die_wrap)
    for k in range(NRES):
        for j in range(6):
            put(&c, s.dice[k][j])
    for k in range(NACT):
        put(&c, s.wheel_bonus[k])
    for k in range(3):
        put(&c, s.king_bonus[k])
    for k in range(NCITY):
        for j in range(2):
            put(&c, s.map_bonus[k][j])
    for k in range(NCITY):
        for j in range(3):
            put(&c, owner(s.house_owner[k][j], o, n))
    for k in range(NCITY):
        for j in range(2):
            put(&c, owner(s.pillar_owner[k][j], o, n))
    for k in range(NCATH):
        put(&c, s.cath_cost[k])
    for k in range(NCATH):
        put(&c, s.cath_taken[k])
    for k in range(ROUNDS):
        put(&c, s.fair_tile[k])
    for k in range(ROUNDS):
        put(&c, s.fair_city[k])
    for k in range(NDISP):
        put(&c, s.person_disp[k])
    for k in range(NDISP):
        put(&c, s.contract_disp[k])
    for k in range(s.n_person_discard):     # the discard pile is face up: which persons lie there
        if s.person_discard[k] < NP_TILES:
            c.out[c.at + s.person_discard[k]] += 1.0
    skip(&c, NP_TILES)
    put(&c, s.n_person_discard)
    bits(&c, s.bonus_used, NB_TILES)
    bits(&c, s.contracts_gone, NC_TILES)
    put(&c, s.n_bonus_pool)                 # face-down stacks: how many, never which
    put(&c, s.n_person_pool)
    put(&c, s.n_contract_pool)
    for slot in range(4):
        if slot < n:
            seat_block(&s.pl[seat_of(slot, o, n)], &c)
        else:
            skip(&c, SEAT_SIZE)
    return c.at


def describe():
    """The observation's slices as (name, start, size), in order."""
    return list(_SLICES)


def observation_into(TiletumState state, int seat, float[::1] out):
    """Writes ``seat``'s observation of ``state`` into ``out`` (SIZE float32)."""
    if out.shape[0] != OBS_SIZE:
        raise ValueError(f"the observation needs {OBS_SIZE} floats, got {out.shape[0]}")
    if encode(&state.st, seat, &out[0]) != OBS_SIZE:
        raise AssertionError("tiletum observe: the encoder wrote a different size than its layout")


def bench(TiletumState state, int seat, long count):
    """Encodes ``seat``'s observation ``count`` times in C into one buffer (the encoder's own speed)."""
    cdef float buf[OBS_SIZE]
    cdef long i
    cdef int written = 0
    with nogil:
        for i in range(count):
            written += encode(&state.st, seat, buf)
    return written
