# Castles of Burgundy state: the GameState subclass around one flat BState struct.
cimport cython
from engine_c.game cimport GameState
from engine_c.burgundy.types cimport BState


@cython.final
cdef class BurgundyState(GameState):
    cdef BState s
