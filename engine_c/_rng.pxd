# Tiny inline PRNG (splitmix64) usable inside nogil code.
#
# Every random thing in the engines and the search takes a pointer to one
# uint64_t of state, so a stream is copied with the state that owns it and
# the same seed always gives the same sequence.
from libc.stdint cimport uint64_t, uint32_t, uint8_t


cdef inline uint64_t rng_next(uint64_t* state) noexcept nogil:
    """Next 64 random bits (splitmix64)."""
    state[0] += <uint64_t>0x9E3779B97F4A7C15
    cdef uint64_t z = state[0]
    z = (z ^ (z >> 30)) * <uint64_t>0xBF58476D1CE4E5B9
    z = (z ^ (z >> 27)) * <uint64_t>0x94D049BB133111EB
    return z ^ (z >> 31)


cdef inline uint32_t rng_below(uint64_t* state, uint32_t n) noexcept nogil:
    """Uniform integer in [0, n) by Lemire's multiply-shift (n > 0)."""
    return <uint32_t>(((rng_next(state) >> 32) * <uint64_t>n) >> 32)


cdef inline double rng_double(uint64_t* state) noexcept nogil:
    """Uniform double in [0, 1)."""
    return (rng_next(state) >> 11) * (1.0 / 9007199254740992.0)


cdef inline void shuffle_u8(uint8_t* items, int n, uint64_t* state) noexcept nogil:
    """Shuffle ``items[0:n]`` in place (Fisher-Yates)."""
    cdef int i = n - 1
    cdef int j
    cdef uint8_t swap
    while i > 0:
        j = rng_below(state, i + 1)
        swap = items[i]
        items[i] = items[j]
        items[j] = swap
        i -= 1
