# What the engines' fitted values (engine_c/<game>/value.pyx) share: the weight table per player count.

cdef class WeightTable:
    cdef int stages, features
    cdef bint loaded[5]          # per player count (index 2..4): a fit is in use
    cdef double* weights         # [5][stages][features], malloc'd

    cdef inline double* stage_weights(self, int players, int stage) noexcept nogil:
        """The weight vector of this player count and stage, or NULL where no fit is in use."""
        if players < 2 or players > 4 or not self.loaded[players] or stage < 0 or stage >= self.stages:
            return NULL
        return self.weights + (players * self.stages + stage) * self.features
