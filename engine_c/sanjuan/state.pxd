# San Juan state: the SJ struct (engine_c/sanjuan/types.pxd) behind the shared interface.
from engine_c.game cimport GameState
from engine_c.sanjuan.types cimport SJ


cdef class SanJuanState(GameState):
    cdef SJ st
