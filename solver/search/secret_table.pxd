# Statistics of simultaneous secret choices for the decoupled search (``Searcher(decoupled=True)``):
# an open-addressing hash table keyed by (anchor, key, action); see secret_table.pyx.
from libc.stdint cimport int32_t, int64_t, uint64_t

from solver.search.nodes cimport Node


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


# A player's own secret choices of the phase so far, folded into a hash (FNV-1a style), and the
# table key of the player's next choice: the same whatever the others chose before it.
cdef inline uint64_t own_start() noexcept nogil:
    """The hash of no choices yet."""
    return 0x84222325CBF29CE4ULL


cdef inline uint64_t own_after(uint64_t own, int action) noexcept nogil:
    """The hash after one more own choice, ``action``."""
    return (own ^ <uint64_t>(action + 1)) * 0x100000001B3ULL


cdef inline int32_t choice_key(uint64_t own, int player) noexcept nogil:
    """The key of ``player``'s next secret choice after the own choices hashed in ``own``."""
    return <int32_t>(((own ^ (<uint64_t>(player + 1) * 0x9E3779B97F4A7C15ULL)) >> 33) & 0x7FFFFFFF)


# One secret choice made on an iteration's path, whose statistics the back-propagation updates.
cdef struct SecretStep:
    int32_t player
    int32_t anchor
    int32_t key
    int32_t action


cdef inline int path_add(SecretStep* path, int n, int capacity, int player, int32_t anchor, int32_t key,
                         int action) noexcept nogil:
    """Append a secret choice to the path (dropped when the path is full); the new length."""
    if n >= capacity:
        return n
    path[n].player = player
    path[n].anchor = anchor
    path[n].key = key
    path[n].action = action
    return n + 1
