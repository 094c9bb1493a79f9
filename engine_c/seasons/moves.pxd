# A Castle for All Seasons: legal actions, apply (with forced moves) and random playouts on CS.
from libc.stdint cimport uint64_t
from engine_c.seasons.types cimport CS

cdef int cs_current_player(CS* s) noexcept nogil   # TERMINAL once over
cdef int cs_legal(CS* s, int* out) noexcept nogil
cdef int cs_apply_legal(CS* s, int action, int* out) noexcept nogil   # returns the next legal actions
