# Tiletum rules: the nogil rule functions and the inline queries they share.
from libc.stdint cimport uint8_t, int8_t, uint16_t, int16_t, uint32_t, uint64_t
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *


cdef void tt_new_game(TT* s, int np, bint action_tiles, bint die_wrap) noexcept nogil
cdef void tt_effect(TT* s, int p, int kind, int arg, int amt) noexcept nogil
cdef void tt_end_turn(TT* s) noexcept nogil
cdef void tt_after_king_bonus(TT* s) noexcept nogil
cdef void tt_king_move(TT* s, int p, int steps) noexcept nogil
cdef int tt_king_order(TT* s, int* out) noexcept nogil
cdef void tt_final_scoring(TT* s) noexcept nogil
cdef void tt_settle(TT* s) noexcept nogil
cdef void tt_store_add(TT* s, int p, int code) noexcept nogil
cdef int tt_store_remove(TT* s, int p, int slot) noexcept nogil
cdef void tt_pool_insert(uint8_t* pool, uint8_t* n, int t) noexcept nogil
cdef int tt_draw(uint8_t* pool, uint8_t* n, uint64_t* rng) noexcept nogil
cdef void tt_refill_persons(TT* s) noexcept nogil
cdef void tt_refill_contracts(TT* s) noexcept nogil
cdef void tt_move_piece(TT* s, int p, int piece, int j) noexcept nogil
cdef int tt_fair_score(TT* s, int p, int tile) noexcept nogil


# ---- shared queries (inline) -------------------------------------------------------------

cdef inline int wheel_action(TT* s, int value) noexcept nogil:
    """Action on the wheel segment of die value 1..6 this round (turns by one each round)."""
    cdef int i = value - 1 - s.round + s.rot
    i = i % 6
    if i < 0:
        i += 6
    return s.wheel_order[i]


cdef inline int piece_city(TT* s, int p, int piece) noexcept nogil:
    """City of p's merchant (piece 0) or architect (1)."""
    return s.pl[p].merchant if piece == 0 else s.pl[p].architect


cdef inline int houses_on_map(TT* s, int p) noexcept nogil:
    """p's houses on the map, the start house in Tiletum included."""
    return s.pl[p].houses_built + 1       # + the start house in Tiletum


cdef inline int n_persons(TT* s, int p) noexcept nogil:
    """Persons on p's buildings."""
    cdef int b, n = 0
    for b in range(NBLD):
        n += s.pl[p].bld_n[b]
    return n


cdef inline int n_crested(TT* s, int p) noexcept nogil:
    """p's buildings with a crest."""
    cdef int b, n = 0
    for b in range(NBLD):
        n += s.pl[p].crested[b]
    return n


cdef inline int n_full(TT* s, int p) noexcept nogil:
    """p's buildings with every floor filled."""
    cdef int b, n = 0
    for b in range(NBLD):
        if s.pl[p].bld_n[b] == TT_FLOORS[b]:
            n += 1
    return n


cdef inline int total_res(TT* s, int p) noexcept nogil:
    """p's resources, gold included."""
    cdef int r, n = 0
    for r in range(NRES):
        n += s.pl[p].res[r]
    return n


cdef inline int own_house_in(TT* s, int p, int city) noexcept nogil:
    """p has a house in city (everyone has one in Tiletum)."""
    cdef int k
    if city == 0:
        return 1
    for k in range(TT_NHOUSE[city]):
        if s.house_owner[city][k] == p + 1:
            return 1
    return 0


cdef inline int own_pillar_in(TT* s, int p, int city) noexcept nogil:
    """p has a pillar in city."""
    cdef int k
    for k in range(TT_NPILLAR[city]):
        if s.pillar_owner[city][k] == p + 1:
            return 1
    return 0


cdef inline int cath_index(int city) noexcept nogil:
    """Cathedral index of a city, -1 if it has none."""
    cdef int i
    for i in range(NCATH):
        if TT_CATH_CITY[i] == city:
            return i
    return -1


cdef inline int cath_top_vp(TT* s, int c) noexcept nogil:
    """VP of the top tile of cathedral c's stack, 0 if empty."""
    cdef int t = s.cath_taken[c]
    return TT_CATH_VP[c][t] if t < TT_CATH_NTILES[c] else 0


cdef inline int die_steps(bint wrap, int v, int w) noexcept nogil:
    """Steps to adjust a die from value v to w: |w - v|, or around 6 <-> 1 if shorter and ``wrap``
    (the state's die_wrap option)."""
    cdef int d = w - v
    if d < 0:
        d = -d
    if wrap and d > 3:
        d = 6 - d
    return d
