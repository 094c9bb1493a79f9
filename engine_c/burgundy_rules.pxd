# Castles of Burgundy rules on the flat state (all nogil); tables filled at import.
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t
from engine_c.burgundy_types cimport BState, BPlayer, NSP, NCODES, MAXREG

cdef int8_t COLOUR_OF[NCODES]
cdef int8_t DIE[NSP]
cdef uint64_t NBMASK[NSP]
cdef uint64_t DIEMASK[7]
cdef uint64_t COLMASK[10][6]
cdef int8_t REGION[10][NSP]
cdef uint64_t REGMASK[10][MAXREG]
cdef int8_t DEPOT_COL[6][4]
cdef int8_t DEPOT_MARK[6][4]
cdef int16_t INV_COL[NCODES]
cdef int16_t INV_BLACK[NCODES]

cdef int popcount(uint64_t x) noexcept nogil
cdef int current_player(BState* s) noexcept nogil
cdef int legal_actions(BState* s, int* out) noexcept nogil
cdef void apply_action(BState* s, int a) noexcept nogil
cdef void phase_setup(BState* s) noexcept nogil
cdef void round_start(BState* s) noexcept nogil
cdef void compute_order(BState* s, int8_t* order) noexcept nogil
cdef void put_castle(BState* s, int p, int j) noexcept nogil
cdef int slot_colour(BState* s, int d, int k) noexcept nogil
cdef void ranks(BState* s, int* out) noexcept nogil
cdef int final_bonus(BState* s, int p) noexcept nogil
cdef int animal_score(BState* s, int p, int j, int code) noexcept nogil
cdef uint64_t placeable(BState* s, int p, int code, int src) noexcept nogil
cdef int die_cost(BPlayer* P, int src, int target, int free) noexcept nogil
cdef int playout(BState* s, uint64_t* rng) noexcept nogil
