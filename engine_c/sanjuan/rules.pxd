# San Juan rules core: the position struct and the nogil rule functions.
#
# The whole position is one flat struct (SJ); engine_c/sanjuan.pyx wraps it in
# SanJuanState.  Card kinds 0..28 follow engine_c/sanjuan_data.py.
from libc.string cimport memcpy
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef enum:
    NK = 29                 # card kinds
    NPROD = 5               # production kinds 0..4 (goods indigo..silver)
    NCARDS = 110
    MAXP = 4
    MAXB = 12               # building slots per player (the game ends at 12)
    MAX_ROUNDS = 100        # safeguard: a game still running after round 100 ends (see docs)

    # card kinds
    INDIGO = 0
    SUGAR = 1
    TOBACCO = 2
    COFFEE = 3
    SILVER = 4
    SMITHY = 5
    GOLD_MINE = 6
    ARCHIVE = 7
    POOR_HOUSE = 8
    BLACK_MARKET = 9
    TRADING_POST = 10
    WELL = 11
    MARKET_STAND = 12
    CRANE = 13
    CHAPEL = 14
    TOWER = 15
    AQUEDUCT = 16
    CARPENTER = 17
    PREFECTURE = 18
    STATUE = 19
    MARKET_HALL = 20
    QUARRY = 21
    VICTORY_COLUMN = 22
    LIBRARY = 23
    HERO = 24
    GUILD_HALL = 25
    CITY_HALL = 26
    TRIUMPHAL_ARCH = 27
    PALACE = 28

    # roles
    R_BUILDER = 0
    R_PRODUCER = 1
    R_TRADER = 2
    R_COUNCILLOR = 3
    R_PROSPECTOR = 4

    # phases (what the actor is deciding)
    PH_ROLE = 0             # choose a role
    PH_BUILD = 1            # build a card kind or pass
    PH_PLACE = 2            # crane owner: new spot or cover one of his buildings
    PH_PAY = 3              # pay the cost one item at a time
    PH_PRODUCE = 4          # produce on a production kind or stop
    PH_SELL = 5             # sell a good or stop
    PH_KEEP = 6             # councillor: keep one of the drawn cards
    PH_CDISCARD = 7         # councillor with archive: discard from the whole hand
    PH_GOLD = 8             # gold mine: keep one of the 4 revealed cards
    PH_TUCK = 9             # round start: chapel tuck or pass
    PH_LIMIT = 10           # round start: discard down to the hand limit
    PH_OVER = 11

    # actions
    A_PASS = 0
    A_ROLE = 1              # +role (5)
    A_ROLE_LIB = 6          # +role, doubling with the library (2p governor's first pick)
    A_BUILD = 11            # +card kind (29)
    A_PLACE_NEW = 40
    A_COVER = 41            # +slot (12)
    A_CARD = 53             # +card kind (29): pay / keep / discard / tuck that kind
    A_GOOD = 82             # +good (5): produce / sell / pay with that good
    NUM_ACTIONS = 87

ctypedef struct SJ:
    uint64_t rng            # chance RNG (splitmix64 state)
    uint8_t np              # players
    uint8_t governor
    uint8_t phase
    uint8_t role            # role being played
    uint8_t chooser         # who chose it
    uint8_t actor           # player to act
    uint8_t acted           # players done in this phase / start-of-round step
    uint8_t picks           # roles chosen so far this round
    uint8_t roles_taken     # bitmask of roles chosen this round
    uint8_t role_lib        # chooser doubles this role's privilege (library)
    uint8_t lib_used        # 2p: governor used his library this round
    uint8_t cnt             # goods produced / sold / paid with by the actor in this turn
    uint8_t limit           # goods he may still produce / sell; cost left; cards to keep / discard
    uint8_t last            # ordering floor: decisions in one sequence are non-decreasing
    uint8_t build_kind      # card kind being paid for, +1 (0 none)
    uint8_t income          # cards earned by the goods sold so far this turn
    uint8_t tile            # trading-house tile of the current trader phase (0..4)
    uint8_t supply_n
    uint8_t discard_n
    uint8_t tile_next       # position in tiles[] of the next tile to reveal
    uint8_t tiles_seen      # positions 0..tiles_seen-1 of tiles[] have been revealed (public)
    uint8_t pending_n       # cards drawn but not yet kept (councillor) or revealed (gold mine)
    uint8_t pending_public  # pending cards are face up (gold mine)
    uint8_t pending_owner
    uint16_t rounds         # rounds started (1 = first round)
    uint8_t supply[NCARDS]  # supply[supply_n-1] is the top card
    uint8_t discard[NK]     # discard pile, counts per kind (its order never matters)
    uint8_t tiles[5]        # tile order of the stack, cyclic
    uint8_t pending[NK]
    uint8_t hand[MAXP][NK]
    uint8_t hand_n[MAXP]
    uint8_t bld[MAXP][MAXB]     # building kind per slot (slot order = build order)
    uint8_t good[MAXP][MAXB]    # card lying as a good on that slot, +1 (0 none)
    uint8_t nbld[MAXP]
    uint8_t owned[MAXP][NK]     # uncovered buildings per kind (derived from bld)
    uint8_t covered[MAXP][NK]   # cards covered by a crane overbuild (out of play)
    uint8_t chapel[MAXP][NK]
    uint8_t chapel_n[MAXP]
    uint8_t known_disc[MAXP][NK]   # discard-pile cards that player knows (own discards, gold-mine rejects)
    uint8_t public_disc[NK]        # discard-pile cards everyone knows (gold-mine rejects); part of every known_disc
    uint8_t public_hand[MAXP][NK]  # hand cards everyone knows (gold-mine takes) until he discards secretly
    uint16_t goods_sold[MAXP]
    uint16_t cards_drawn[MAXP]     # cards added to his hand after the deal

# card and tile tables (the same numbers as engine_c/sanjuan_data.py; a test checks them)
cdef extern from *:
    """
    static const int SJ_COST[29] __attribute__((unused)) = {1, 2, 3, 4, 5, 1, 1, 1, 2, 2, 2, 2, 2, 2, 3, 3, 3, 3, 3, 3, 4, 4, 4, 5, 5, 6, 6, 6, 6};
    static const int SJ_VP[29] __attribute__((unused)) = {1, 1, 2, 2, 3, 1, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 3, 2, 2, 4, 3, 5, 0, 0, 0, 0};
    static const int SJ_COPIES[29] __attribute__((unused)) = {10, 8, 8, 8, 8, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 2, 2, 2, 2};
    static const int SJ_PRICE[5][5] __attribute__((unused)) = {{1, 1, 1, 2, 2}, {1, 1, 2, 2, 2}, {1, 1, 2, 2, 3}, {1, 2, 2, 2, 3}, {1, 2, 2, 3, 3}};
    """
    const int SJ_COST[29]
    const int SJ_VP[29]
    const int SJ_COPIES[29]
    const int SJ_PRICE[5][5]
    int __builtin_ctz(unsigned int x) nogil


cdef void sj_new_game(SJ* s, int np) noexcept nogil
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
