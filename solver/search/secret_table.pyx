# cython: language_level=3
"""The decoupled search's table of secret-choice statistics (solver/search/secret_table.pxd).

Linear probing over a power-of-two array that doubles when half full; a slot's ``anchor`` of -1
marks it empty.  Kept out of the search loop's file: the loop only asks for a slot and updates
its counters.
"""
from libc.stdint cimport uint64_t, int32_t, int64_t
from libc.stdlib cimport malloc, free
from libc.string cimport memset

DEF FIRST_CAPACITY = 4096


cdef inline uint64_t _hash(int32_t anchor, int32_t key, int32_t action) noexcept nogil:
    """Where (anchor, key, action) starts its probe (mask with capacity - 1)."""
    cdef uint64_t h = ((<uint64_t>anchor * 0x9E3779B97F4A7C15ULL) ^ (<uint64_t>key * 0xC2B2AE3D27D4EB4FULL)
                       ^ (<uint64_t>action * 0x165667B19E3779F9ULL))
    return h ^ (h >> 29)


cdef bint _grow(SecretTable* table) noexcept nogil:
    """Double the table (first allocation: FIRST_CAPACITY slots), rehashing every entry; False if out of memory."""
    cdef int64_t i, j
    cdef int64_t cap = table.capacity * 2 if table.capacity else FIRST_CAPACITY
    cdef JointStat* grown = <JointStat*>malloc(cap * sizeof(JointStat))
    cdef JointStat* old = table.slots
    if grown == NULL:
        return False
    for i in range(cap):
        grown[i].anchor = -1
    for j in range(table.capacity):
        if old[j].anchor >= 0:
            i = <int64_t>(_hash(old[j].anchor, old[j].key, old[j].action) & <uint64_t>(cap - 1))
            while grown[i].anchor >= 0:
                i = (i + 1) & (cap - 1)
            grown[i] = old[j]
    free(old)
    table.slots = grown
    table.capacity = cap
    return True


cdef int64_t table_slot(SecretTable* table, int32_t anchor, int32_t key, int32_t action,
                        bint insert) noexcept nogil:
    """The slot of (anchor, key, action); -1 if absent (or, with ``insert``, if the table cannot
    grow).  Inserting may move every slot (the table doubles)."""
    cdef int64_t i
    if table.capacity == 0 or (insert and 2 * (table.count + 1) > table.capacity):
        if not insert or not _grow(table):
            return -1
    i = <int64_t>(_hash(anchor, key, action) & <uint64_t>(table.capacity - 1))
    while table.slots[i].anchor >= 0:
        if table.slots[i].anchor == anchor and table.slots[i].key == key and table.slots[i].action == action:
            return i
        i = (i + 1) & (table.capacity - 1)
    if not insert:
        return -1
    table.slots[i].anchor = anchor
    table.slots[i].key = key
    table.slots[i].action = action
    memset(&table.slots[i].stats, 0, sizeof(Node))
    table.count += 1
    return i


cdef void table_clear(SecretTable* table) noexcept nogil:
    """Forget every entry (the memory is kept)."""
    cdef int64_t i
    for i in range(table.capacity):
        table.slots[i].anchor = -1
    table.count = 0


cdef void table_free(SecretTable* table) noexcept nogil:
    """Release the memory; the table is empty and may be used again."""
    free(table.slots)
    table.slots = NULL
    table.capacity = 0
    table.count = 0
