# What the engines' learned values (engine_c/<game>/learned.pyx) share: a small network per player
# count, one hidden layer of rectified units, read without the GIL by a game's ``evaluate_learned``.

cdef enum:
    MAX_NET_INPUTS = 512
    MAX_NET_HIDDEN = 256

cdef class NetTable:
    cdef int inputs, hidden
    cdef bint loaded[5]          # per player count (index 2..4): a network is in use
    cdef double* w1              # [5][inputs][hidden], the input scaling folded in
    cdef double* b1              # [5][hidden]
    cdef double* w2              # [5][hidden], the output scaling folded in
    cdef double b2[5]

    cdef inline bint ready(self, int players) noexcept nogil:
        """A network is in use for this player count."""
        return 2 <= players <= 4 and self.loaded[players]

    cdef inline double forward(self, int players, const double* x) noexcept nogil:
        """The network's output for input ``x`` (``inputs`` numbers); call only when ``ready``."""
        cdef double h[MAX_NET_HIDDEN]
        cdef const double* row
        cdef const double* w1 = self.w1 + players * self.inputs * self.hidden
        cdef const double* b1 = self.b1 + players * self.hidden
        cdef const double* w2 = self.w2 + players * self.hidden
        cdef double xi, out = self.b2[players]
        cdef int i, j
        for j in range(self.hidden):
            h[j] = b1[j]
        for i in range(self.inputs):
            xi = x[i]
            if xi != 0.0:                      # most inputs are counts and bits, often 0
                row = w1 + i * self.hidden
                for j in range(self.hidden):
                    h[j] += xi * row[j]
        for j in range(self.hidden):
            if h[j] > 0.0:
                out += h[j] * w2[j]
        return out


cdef inline void own_and_others(const double* blocks, int block, int players, int p, double* x) noexcept nogil:
    """The start of player ``p``'s input: his own block of ``block`` numbers, then the mean of the
    other players' blocks (``blocks`` holds every player's, one after the other)."""
    cdef int k, q
    for k in range(block):
        x[k] = blocks[p * block + k]
        x[block + k] = 0.0
    for q in range(players):
        if q != p:
            for k in range(block):
                x[block + k] += blocks[q * block + k] / (players - 1)
