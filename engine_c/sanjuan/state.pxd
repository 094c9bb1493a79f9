# San Juan state: the SJ struct (engine_c/sanjuan_rules.pxd) behind the shared interface.
from engine_c.game cimport GameState
from engine_c.sanjuan_rules cimport SJ


cdef class SanJuanState(GameState):
    cdef SJ st
    # legal actions of the current position (derived, not state: -1 = not computed); filled by
    # c_apply, which computes them anyway to play forced moves, so a search loop does it once
    cdef int _legal[128]
    cdef int _nlegal
