# A Castle for All Seasons state: the CS struct (engine_c/seasons_rules.pxd) behind the shared interface.
from engine_c.game cimport GameState
from engine_c.seasons_rules cimport CS


cdef class SeasonsState(GameState):
    cdef CS st
    # legal actions of the current position (derived, not state: -1 = not computed); filled by
    # c_apply, which computes them anyway to play forced moves
    cdef int _legal[64]
    cdef int _nlegal
