# cython: language_level=3
"""Information-state keys: a seat's observation and its last own actions as a short, well-mixed
string (``p<seat>:`` and a 128-bit digest), for OpenSpiel's IS-MCTS, which asks for one after every
move it simulates (GameState.information_state_key, solver.adapters.openspiel)."""
from libc.stdio cimport snprintf
from libc.stdint cimport uint64_t, uint32_t, int32_t
from libc.string cimport memcpy

from engine_c import observing

# MurmurHash3 x64-128's constants: a well-mixed 128-bit digest in about a microsecond, where
# hashlib's blake2b took 4-7 (OpenSpiel's IS-MCTS asks for a key after every move it simulates)
cdef uint64_t _C1 = 0x87c37b91114253d5ULL
cdef uint64_t _C2 = 0x4cf5ad432745937fULL


cdef inline uint64_t _rotl(uint64_t x, int r) noexcept nogil:
    return (x << r) | (x >> (64 - r))


cdef inline uint64_t _fmix(uint64_t k) noexcept nogil:
    k ^= k >> 33
    k *= 0xff51afd7ed558ccdULL
    k ^= k >> 33
    k *= 0xc4ceb9fe1a85ec53ULL
    k ^= k >> 33
    return k


cdef void _mix_words(const uint32_t* words, Py_ssize_t n, uint64_t* h) noexcept nogil:
    """MurmurHash3 x64-128's block step over ``n`` 32-bit words (the last block padded with zeros)."""
    cdef uint64_t h1 = h[0], h2 = h[1], k1, k2
    cdef uint32_t block[4]
    cdef Py_ssize_t i = 0, j
    while i < n:
        if i + 4 <= n:
            memcpy(block, &words[i], 16)
        else:
            for j in range(4):
                block[j] = words[i + j] if i + j < n else 0
        k1 = <uint64_t>block[0] | (<uint64_t>block[1] << 32)
        k2 = <uint64_t>block[2] | (<uint64_t>block[3] << 32)
        k1 *= _C1
        k1 = _rotl(k1, 31)
        k1 *= _C2
        h1 ^= k1
        h1 = _rotl(h1, 27)
        h1 += h2
        h1 = h1 * 5 + 0x52dce729
        k2 *= _C2
        k2 = _rotl(k2, 33)
        k2 *= _C1
        h2 ^= k2
        h2 = _rotl(h2, 31)
        h2 += h1
        h2 = h2 * 5 + 0x38495ab5
        i += 4
    h[0] = h1
    h[1] = h2


def observation_key(int seat, const float[::1] observation, own_actions):
    """``seat``'s information-state key: ``p<seat>:`` and a 128-bit digest (32 hex digits) of the
    observation's values and the last ``OWN_RECALL`` own actions (oldest first), the two things
    the information-state tensor holds, made without building that tensor."""
    cdef int32_t recent[16]
    cdef Py_ssize_t m = 0, n = observation.shape[0], total, i
    cdef uint64_t h[2]
    cdef char text[48]
    cdef int written
    actions = own_actions if isinstance(own_actions, (tuple, list)) else list(own_actions)
    total = len(actions)
    for i in range(max(0, total - observing.OWN_RECALL), total):
        recent[m] = <int32_t>actions[i]
        m += 1
    h[0] = 0x9E3779B97F4A7C15ULL
    h[1] = 0x632BE59BD9B4E019ULL
    _mix_words(<const uint32_t*>&observation[0], n, h)
    _mix_words(<const uint32_t*>recent, m, h)
    # the lengths end the digest, so the padded last blocks cannot make two inputs alike
    h[0] ^= <uint64_t>(n * 4) | (<uint64_t>m << 40)
    h[1] ^= <uint64_t>(n * 4) | (<uint64_t>m << 40)
    h[0] += h[1]
    h[1] += h[0]
    h[0] = _fmix(h[0])
    h[1] = _fmix(h[1])
    h[0] += h[1]
    h[1] += h[0]
    written = snprintf(text, sizeof(text), "p%d:%016llx%016llx", seat,
                       <unsigned long long>h[0], <unsigned long long>h[1])
    return text[:written].decode("ascii")
