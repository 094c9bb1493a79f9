# Statistics of simultaneous secret choices for the decoupled search (``Searcher(decoupled=True)``):
# an open-addressing hash table keyed by (anchor, key, action); see secret_table.pyx.
from libc.stdint cimport int32_t, int64_t

from solver.nodes cimport Node


cdef struct JointStat:
    int32_t anchor          # tree node where the secret phase began on the path; -1: an empty slot
    int32_t key             # a hash of the player and the player's own secret choices of the phase before it
    int32_t action
    Node stats              # visits, avail, reward, score as a node's (the other fields unused)


cdef struct SecretTable:
    JointStat* slots        # capacity slots, a power of two (NULL before the first insert)
    int64_t capacity
    int64_t count           # slots in use


cdef int64_t table_slot(SecretTable* table, int32_t anchor, int32_t key, int32_t action,
                        bint insert) noexcept nogil
cdef void table_clear(SecretTable* table) noexcept nogil
cdef void table_free(SecretTable* table) noexcept nogil
