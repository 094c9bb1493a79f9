# cython: language_level=3, cdivision=True
"""San Juan legal actions (canonical orders of multi-card choices), apply with forced moves, uniform
playouts and the heuristic playout policy (docs/sanjuan.md, "Playout policy")."""
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from engine_c.game cimport TERMINAL
from engine_c._rng cimport rng_below
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.tables cimport *
from engine_c.sanjuan.rules cimport *

cdef extern from *:
    int __builtin_ctzll(unsigned long long x) nogil


cdef inline int ordered_cards(uint8_t* counts, int total, int last, int need, int* out, int n) noexcept nogil:
    """Kinds k >= last with counts[k] > 0 from which `need` cards can still be picked in
    non-decreasing order (canonical order of a multi-card choice); total = sum of counts."""
    cdef int k
    cdef int rem = total
    cdef uint32_t m = kind_mask(counts)
    cdef uint32_t below = m & ((<uint32_t>1 << last) - 1)
    m &= ~below
    while below:
        rem -= counts[__builtin_ctz(below)]
        below &= below - 1
    while m and rem >= need:
        k = __builtin_ctz(m)
        out[n] = A_CARD + k
        n += 1
        rem -= counts[k]
        m &= m - 1
    return n


cdef int sj_current_player(SJ* s) noexcept nogil:
    """The seat to act, or TERMINAL once the game is over."""
    if s.phase == PH_OVER:
        return TERMINAL
    return s.actor                  # (not a conditional expression: Cython would give it actor's unsigned type)


cdef int sj_legal(SJ* s, int* out) noexcept nogil:
    cdef int p = s.actor
    cdef int ph = s.phase
    cdef int n = 0
    cdef int k, r, i, t, total_cards, g, gsum, capg
    cdef uint32_t m
    cdef int gt[NPROD]
    if ph == PH_OVER:
        return 0
    if ph == PH_ROLE:
        for r in range(5):
            if not (s.roles_taken & (1 << r)):
                out[n] = A_ROLE + r
                n += 1
        if s.np == 2 and p == s.governor and s.picks == 0 and s.owned[p][LIBRARY]:
            for r in range(5):
                if not (s.roles_taken & (1 << r)):
                    out[n] = A_ROLE_LIB + r
                    n += 1
        return n
    if ph == PH_BUILD:
        out[0] = A_PASS
        n = 1
        if s.owned[p][CRANE]:
            for k in range(NK):
                if s.hand[p][k] and can_build(s, p, k):
                    out[n] = A_BUILD + k
                    n += 1
            return n
        # fast path without a crane: one cost formula per kind
        if s.nbld[p] >= MAXB:
            return n
        r = privilege(s, p)
        g = s.hand_n[p] - 1
        if s.owned[p][BLACK_MARKET]:
            capg = sj_goods(s, p)
            g += capg if capg < 2 else 2
        gsum = r + (1 if s.owned[p][SMITHY] else 0)         # reduction for production
        capg = r + (1 if s.owned[p][QUARRY] else 0)         # reduction for violet
        m = kind_mask(s.hand[p])
        while m:
            k = __builtin_ctz(m)
            m &= m - 1
            if k < NPROD:
                if SJ_COST[k] - gsum <= g:
                    out[n] = A_BUILD + k
                    n += 1
            elif not s.owned[p][k] and SJ_COST[k] - capg <= g:
                out[n] = A_BUILD + k
                n += 1
        return n
    if ph == PH_PLACE:
        k = s.build_kind - 1
        if placement_ok(s, p, k, -1, s.hand_n[p]):
            out[n] = A_PLACE_NEW
            n += 1
        for i in range(s.nbld[p]):
            if cover_canonical(s, p, i) and placement_ok(s, p, k, i, s.hand_n[p]):
                out[n] = A_COVER + i
                n += 1
        return n
    if ph == PH_PAY:
        total_cards = s.hand_n[p]
        if s.last >= NPROD:
            return ordered_cards(s.hand[p], s.hand_n[p], s.last - NPROD, s.limit, out, 0)
        n = ordered_cards(s.hand[p], s.hand_n[p], 0, s.limit, out, 0)
        if pay_bm(s, p):
            for t in range(NPROD):
                gt[t] = 0
            for i in range(s.nbld[p]):
                if s.good[p][i]:
                    gt[s.bld[p][i]] += 1
            capg = 2 - s.cnt
            gsum = 0
            t = NPROD - 1
            while t >= s.last:
                gsum += gt[t]
                gt[t] = gt[t] and (total_cards + (gsum if gsum < capg else capg) >= s.limit)
                t -= 1
            for t in range(s.last, NPROD):
                if gt[t]:
                    out[n] = A_GOOD + t
                    n += 1
        return n
    if ph == PH_PRODUCE or ph == PH_SELL:
        out[0] = A_PASS
        n = 1
        r = 0                                   # bitmask of goods types with a usable slot
        for i in range(s.nbld[p]):
            k = s.bld[p][i]
            if k < NPROD and (s.good[p][i] != 0) == (ph == PH_SELL):
                r |= 1 << k
        for t in range(s.last, NPROD):
            if r & (1 << t):
                out[n] = A_GOOD + t
                n += 1
        return n
    if ph == PH_KEEP:
        return ordered_cards(s.pending, s.pending_n, s.last, s.limit, out, 0)
    if ph == PH_CDISCARD or ph == PH_LIMIT:
        return ordered_cards(s.hand[p], s.hand_n[p], s.last, s.limit, out, 0)
    if ph == PH_TUCK:
        out[0] = A_PASS
        return ordered_cards(s.hand[p], s.hand_n[p], 0, 1, out, 1)
    if ph == PH_GOLD:
        return ordered_cards(s.pending, s.pending_n, 0, 1, out, 0)
    return 0


cdef int sj_apply_legal(SJ* s, int action, int* out) noexcept nogil:
    """Apply a legal action, then play out forced decisions (a single legal action);
    writes the legal actions of the resulting position to out and returns their number."""
    cdef int n
    do_apply(s, action)
    n = sj_legal(s, out)
    while n == 1:
        do_apply(s, out[0])
        n = sj_legal(s, out)
    return n


cdef void sj_apply(SJ* s, int action) noexcept nogil:
    """Apply a legal action, then play out forced decisions (a single legal action)."""
    cdef int buf[128]
    sj_apply_legal(s, action, buf)
