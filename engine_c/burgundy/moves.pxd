# Castles of Burgundy decisions (moves.pyx), all nogil.
from libc.stdint cimport uint64_t
from engine_c.burgundy.types cimport BState

cdef int current_player(BState* s) noexcept nogil
cdef int legal_actions(BState* s, int* out) noexcept nogil
cdef void apply_action(BState* s, int a) noexcept nogil
