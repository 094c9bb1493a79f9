# What every game's `observe` room shares: a cursor writing floats into a zeroed tensor.
#
# An encoder walks its layout in order (the order its describe() lists); every writer advances the
# cursor by the slice's size whatever the value, so the layout never depends on the position.
# The tensor is zeroed first, so a one-hot writer only sets its one element.
from libc.stdint cimport uint64_t


cdef struct Cursor:
    float* out
    int at


cdef inline void put(Cursor* c, double value) noexcept nogil:
    """One number."""
    c.out[c.at] = <float>value
    c.at += 1


cdef inline void onehot(Cursor* c, int value, int size) noexcept nogil:
    """``size`` slots, a 1 at ``value`` (none when value is outside 0..size-1: "nobody", "unknown")."""
    if 0 <= value < size:
        c.out[c.at + value] = 1.0
    c.at += size


cdef inline void bits(Cursor* c, uint64_t mask, int size) noexcept nogil:
    """The low ``size`` bits of ``mask``, one slot each."""
    cdef int i
    for i in range(size):
        if (mask >> i) & 1:
            c.out[c.at + i] = 1.0
    c.at += size


cdef inline void skip(Cursor* c, int size) noexcept nogil:
    """An absent block (a seat slot beyond the player count): left at zero."""
    c.at += size


cdef inline int rel(int player, int observer, int players) noexcept nogil:
    """Seat ``player`` as the observer sees it: 0 = the observer, then the next seats in turn; -1 for no seat."""
    if player < 0 or player >= players:
        return -1
    return (player - observer + players) % players


cdef inline int seat_of(int slot, int observer, int players) noexcept nogil:
    """The absolute seat in relative ``slot`` (the inverse of rel)."""
    return (observer + slot) % players
