# A Castle for All Seasons rules: the nogil rule functions and the inline queries they share.
from libc.stdint cimport uint8_t, int16_t, uint16_t, uint64_t
from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *


cdef void cs_new_game(CS* s, int np, uint64_t rng) noexcept nogil
cdef void cs_setup(CS* s, int np, uint64_t rng, int winter) noexcept nogil
cdef void do_apply(CS* s, int action) noexcept nogil      # one action, no forced follow-ups
cdef bint can_pay(CS* s, int p, int value) noexcept nogil
cdef bint pay_feasible(int rem, int k, uint8_t* have, int silver, int kinds) noexcept nogil
cdef int trader_spots(CS* s, int p) noexcept nogil         # bitmask of legal spots
cdef int buy_mask(CS* s, int p) noexcept nogil             # bit q*5+k: piece k buyable from q
cdef bint place_ok(CS* s, int p, int pl) noexcept nogil
cdef int load_ok(CS* s, int opt) noexcept nogil


# ---- shared inline queries -----------------------------------------------------------

cdef inline int picks_per_player(CS* s) noexcept nogil:
    return 2 if s.np == 2 else 1


cdef inline int selector(CS* s, int pick) noexcept nogil:
    """Seat making selection decision number `pick` of the round (seat order from the start player)."""
    cdef int i = pick // 2 if s.np == 2 else pick
    i += s.start
    return i - s.np if i >= s.np else i


cdef inline int valid_cards(CS* s, int p) noexcept nogil:
    """Cards p may choose: his hand, without the master builder while he holds all 8."""
    if s.hand[p] == ALL_CARDS:
        return ALL_CARDS & ~(1 << C_MASTER)
    return s.hand[p]


cdef inline int high_bit(int m) noexcept nogil:
    cdef int b = -1
    while m:
        b += 1
        m >>= 1
    return b


cdef inline int select_options(CS* s, int p) noexcept nogil:
    """Bitmask of cards p may choose now (2 players: the pair in increasing card order)."""
    cdef int v = valid_cards(s, p) & ~s.sel[p]
    cdef int h
    if s.np != 2:
        return v
    if s.sel[p]:
        h = high_bit(s.sel[p])
        return v & ~((2 << h) - 1)
    # first of two: some valid card must remain above it
    h = high_bit(v)
    return v & ~(1 << h)


cdef inline int place_free(CS* s, int pl) noexcept nogil:
    return s.place_owner[pl] == NOBODY


cdef inline bint hb_erected(CS* s, int hb) noexcept nogil:
    cdef int t = CS_HB_TYPE[hb]
    return t < 0 or s.tiles[t] < CS_TILES[t]


cdef inline int tiles_left(CS* s) noexcept nogil:
    cdef int t, n = 0
    for t in range(NB):
        n += s.tiles[t]
    return n


cdef inline int res_value(CS* s, int p) noexcept nogil:
    """Building-point value of p's resources (tie-break), silver at constants.silver_value."""
    cdef int k, v = s.res[p][SILVER] * CS_K[K_SILVER_VALUE]
    for k in range(4):
        v += s.res[p][k] * CS_BP[k]
    return v


cdef inline int pay_silver_left(CS* s, int p) noexcept nogil:
    """Silver not yet committed by the pay steps made so far."""
    cdef int j, kind, used = 0
    for j in range(s.pay_k):
        kind = CS_PAY_KIND[j]
        if s.pay_y[j] > s.res[p][kind]:
            used += s.pay_y[j] - s.res[p][kind]
    return s.res[p][SILVER] - used


cdef inline int pay_kinds_used(CS* s) noexcept nogil:
    cdef int j, n = 0
    for j in range(s.pay_k):
        if s.pay_y[j]:
            n += 1
    return n


cdef inline int place_fee(CS* s, int pl) noexcept nogil:
    """The fee of helper place pl now (a winter card may change fees)."""
    cdef int f = CS_FEE[pl] + s.w_mod[MOD_FEE]
    return f if f > 0 else 0


cdef inline int pay_bound(CS* s, int p) noexcept nogil:
    """The most building points p's pieces can pay (silver as the dearest kind), or -1 when they
    cannot make min_kinds kinds: no building above it is payable (a quick filter before can_pay)."""
    cdef uint8_t* r = s.res[p]
    cdef int k, top = 0, kinds = r[SILVER], most = 0
    for k in range(4):
        if r[k]:
            kinds += 1
            most += r[k] * CS_BP[k]
        if CS_BP[k] > top:
            top = CS_BP[k]
    if kinds < CS_K[K_MIN_KINDS]:
        return -1
    return most + r[SILVER] * top
