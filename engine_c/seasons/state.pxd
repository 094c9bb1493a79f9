# A Castle for All Seasons state: the CS struct (engine_c/seasons/types.pxd) behind the shared interface.
from engine_c.game cimport GameState
from engine_c.seasons.types cimport CS


cdef class SeasonsState(GameState):
    cdef CS st
