# Castles of Burgundy phases, effects and scoring (rules.pyx), all nogil.
from libc.stdint cimport int8_t, int16_t, uint64_t
from engine_c.burgundy.types cimport BState, BPlayer

cdef int draw_counts(int16_t* counts, int lo, int hi, uint64_t* rng) noexcept nogil
cdef int slot_colour(BState* s, int d, int k) noexcept nogil
cdef void phase_setup(BState* s) noexcept nogil
cdef void compute_order(BState* s, int8_t* order) noexcept nogil
cdef void round_start(BState* s) noexcept nogil
cdef int final_bonus(BState* s, int p) noexcept nogil
cdef void end_turn(BState* s) noexcept nogil
cdef uint64_t placeable(BState* s, int p, int code, int src) noexcept nogil
cdef void gain_tile(BState* s, int p, int code) noexcept nogil
cdef int goods_slot(BPlayer* P, int t) noexcept nogil
cdef void add_goods(BPlayer* P, int t, int n) noexcept nogil
cdef void take_goods(BState* s, int p, int d) noexcept nogil
cdef void do_sell(BState* s, int p, int t) noexcept nogil
cdef int animal_score(BState* s, int p, int j, int code) noexcept nogil
cdef void put_castle(BState* s, int p, int j) noexcept nogil
cdef void place_tile(BState* s, int p, int j, int code) noexcept nogil
