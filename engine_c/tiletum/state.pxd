# Tiletum state: the TT struct (engine_c/tiletum/types.pxd) behind the shared interface.
from engine_c.game cimport GameState
from engine_c.tiletum.types cimport TT


cdef class TiletumState(GameState):
    cdef TT st
