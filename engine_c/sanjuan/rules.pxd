# San Juan rules: the nogil rule functions and the inline queries they share.
from libc.string cimport memcpy
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.tables cimport *


cdef void sj_new_game(SJ* s, int np, uint64_t rng) noexcept nogil
cdef void do_apply(SJ* s, int action) noexcept nogil      # one action, no forced follow-ups


# ---- shared queries (inline) -------------------------------------------------------------

cdef inline int privilege(SJ* s, int p) noexcept nogil:
    if p != s.chooser:
        return 0
    return 2 if s.role_lib else 1


cdef inline int sj_goods(SJ* s, int p) noexcept nogil:
    cdef int i, n = 0
    for i in range(s.nbld[p]):
        if s.good[p][i]:
            n += 1
    return n


cdef inline int first_slot(SJ* s, int p, int kind, bint with_good) noexcept nogil:
    cdef int i
    for i in range(s.nbld[p]):
        if s.bld[p][i] == kind and (s.good[p][i] != 0) == with_good:
            return i
    return -1


cdef inline int wrap(int x, int np) noexcept nogil:
    # x mod np for 0 <= x < 2 np, without a division
    return x - np if x >= np else x


cdef inline int hand_limit(SJ* s, int p) noexcept nogil:
    return 12 if s.owned[p][TOWER] else 7


cdef inline int chooser_of_pick(SJ* s, int pick) noexcept nogil:
    if s.np == 2:
        return s.governor if pick != 1 else 1 - s.governor
    return wrap(s.governor + pick, s.np)


cdef inline int build_cost(SJ* s, int p, int k, int cover) noexcept nogil:
    """Cost of building kind k (new spot if cover < 0, else over slot cover).

    A covered building's own function does not help the build covering it, except the crane's.
    """
    cdef int j = -1
    cdef int red = privilege(s, p)
    cdef int c
    if cover >= 0:
        j = s.bld[p][cover]
        red += SJ_COST[j]
    if k < NPROD:
        if s.owned[p][SMITHY] and j != SMITHY:
            red += 1
    elif s.owned[p][QUARRY] and j != QUARRY:
        red += 1
    c = SJ_COST[k] - red
    return c if c > 0 else 0


cdef inline int pay_power(SJ* s, int p, int cover, int hand_after) noexcept nogil:
    """Items p can pay with: hand cards plus up to 2 goods with an (uncovered) black market."""
    cdef int g = 0
    if s.owned[p][BLACK_MARKET] and not (cover >= 0 and s.bld[p][cover] == BLACK_MARKET):
        g = sj_goods(s, p)
        if cover >= 0 and s.good[p][cover]:
            g -= 1
        if g > 2:
            g = 2
    return hand_after + g


cdef inline bint cover_canonical(SJ* s, int p, int slot) noexcept nogil:
    # equivalent slots (same kind, same good status): only the first is offered
    cdef int i
    for i in range(slot):
        if s.bld[p][i] == s.bld[p][slot] and (s.good[p][i] != 0) == (s.good[p][slot] != 0):
            return False
    return True


cdef inline bint placement_ok(SJ* s, int p, int k, int cover, int hand_after) noexcept nogil:
    if cover < 0:
        if s.nbld[p] >= MAXB:
            return False
    elif s.bld[p][cover] == k:
        return False            # no overbuilding with the same building
    return pay_power(s, p, cover, hand_after) >= build_cost(s, p, k, cover)


cdef inline bint can_build(SJ* s, int p, int k) noexcept nogil:
    cdef int i
    cdef int hand_after = s.hand_n[p] - 1
    if s.hand[p][k] == 0:
        return False
    if k >= NPROD and s.owned[p][k]:
        return False
    if placement_ok(s, p, k, -1, hand_after):
        return True
    if s.owned[p][CRANE]:
        for i in range(s.nbld[p]):
            if placement_ok(s, p, k, i, hand_after):
                return True
    return False


cdef inline bint pay_bm(SJ* s, int p) noexcept nogil:
    return s.cnt < 2 and s.owned[p][BLACK_MARKET] - (1 if s.build_kind - 1 == BLACK_MARKET else 0) > 0


cdef inline uint32_t kind_mask(uint8_t* counts) noexcept nogil:
    """Bit k set iff counts[k] > 0 (29 byte counts, tested 8 at a time)."""
    cdef uint64_t w[4]
    cdef uint64_t t
    cdef uint32_t mask = 0
    cdef int i
    w[3] = 0
    memcpy(w, counts, NK)
    for i in range(4):
        # high bit of each byte set iff that byte is non-zero
        t = (((w[i] & <uint64_t>0x7F7F7F7F7F7F7F7F) + <uint64_t>0x7F7F7F7F7F7F7F7F) | w[i]) & <uint64_t>0x8080808080808080
        # gather the 8 high bits into one byte
        mask |= <uint32_t>(((t >> 7) * <uint64_t>0x0102040810204080) >> 56) << (8 * i)
    return mask
