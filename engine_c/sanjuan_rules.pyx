# cython: language_level=3
"""San Juan rules: dealing, legal actions, applying actions and random playouts, nogil on the SJ struct.

Scoring and hidden-information resampling live in engine_c/sanjuan_view.pyx; the Python-facing state
class (JSON, notation, features) in engine_c/sanjuan.pyx.  Rule decisions: docs/sanjuan.md.
"""
from libc.string cimport memset, memcpy
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from engine_c._rng cimport rng_below

cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil

from engine_c.sanjuan_data import COST as _COST, COPIES as _COPIES, TILES as _TILES

cdef int COST[NK]
cdef int COPIES[NK]
cdef int PRICE[5][5]

for _i in range(NK):
    COST[_i] = _COST[_i]
    COPIES[_i] = _COPIES[_i]
for _i in range(5):
    for _j in range(5):
        PRICE[_i][_j] = _TILES[_i][_j]


# ---------------------------------------------------------------------------
# cards: drawing, discarding, hands
# ---------------------------------------------------------------------------

cdef void shuffle_u8(uint8_t* a, int n, uint64_t* rng) noexcept nogil:
    cdef int i, j
    cdef uint8_t t
    i = n - 1
    while i > 0:
        j = rng_below(rng, i + 1)
        t = a[i]
        a[i] = a[j]
        a[j] = t
        i -= 1


cdef int draw(SJ* s) noexcept nogil:
    """Top card of the supply (reshuffling the discard pile when empty), or -1 if no card is left."""
    cdef int k, c, n
    if s.supply_n == 0:
        if s.discard_n == 0:
            return -1
        n = 0
        for k in range(NK):
            for c in range(s.discard[k]):
                s.supply[n] = k
                n += 1
            s.discard[k] = 0
        s.discard_n = 0
        s.supply_n = n
        memset(s.known_disc, 0, sizeof(s.known_disc))
        shuffle_u8(s.supply, n, &s.rng)
    s.supply_n -= 1
    k = s.supply[s.supply_n]
    s.supply[s.supply_n] = 0
    return k


cdef void draw_to_hand(SJ* s, int p, int n) noexcept nogil:
    cdef int i, k
    for i in range(n):
        k = draw(s)
        if k < 0:
            return
        s.hand[p][k] += 1
        s.hand_n[p] += 1
        s.cards_drawn[p] += 1


cdef inline void discard_secret(SJ* s, int p, int k) noexcept nogil:
    """Player p discards hand card k face down: only p knows what it was."""
    s.hand[p][k] -= 1
    s.hand_n[p] -= 1
    s.discard[k] += 1
    s.discard_n += 1
    s.known_disc[p][k] += 1
    forget_public_hand(s, p)


cdef inline void forget_public_hand(SJ* s, int p) noexcept nogil:
    # p lost a card nobody else saw: publicly known hand cards may have been that one
    memset(s.public_hand[p], 0, NK)


cdef inline void discard_unseen(SJ* s, int k) noexcept nogil:
    """A good goes face down to the discard pile, seen by nobody."""
    s.discard[k] += 1
    s.discard_n += 1


# ---------------------------------------------------------------------------
# small queries
# ---------------------------------------------------------------------------

cdef inline int privilege(SJ* s, int p) noexcept nogil:
    if p != s.chooser:
        return 0
    return 2 if s.role_lib else 1


cdef int sj_goods(SJ* s, int p) noexcept nogil:
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


# ---------------------------------------------------------------------------
# building costs
# ---------------------------------------------------------------------------

cdef inline int build_cost(SJ* s, int p, int k, int cover) noexcept nogil:
    """Cost of building kind k (new spot if cover < 0, else over slot cover).

    A covered building's own function does not help the build covering it, except the crane's.
    """
    cdef int j = -1
    cdef int red = privilege(s, p)
    cdef int c
    if cover >= 0:
        j = s.bld[p][cover]
        red += COST[j]
    if k < NPROD:
        if s.owned[p][SMITHY] and j != SMITHY:
            red += 1
    elif s.owned[p][QUARRY] and j != QUARRY:
        red += 1
    c = COST[k] - red
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


cdef bint can_build(SJ* s, int p, int k) noexcept nogil:
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


# ---------------------------------------------------------------------------
# game flow
# ---------------------------------------------------------------------------

cdef void sj_new_game(SJ* s, int np) noexcept nogil:
    """Deal a new game; s.rng must already be seeded, everything else is overwritten."""
    cdef uint64_t rng = s.rng
    cdef int k, c, n, p
    memset(s, 0, sizeof(SJ))
    s.rng = rng
    s.np = np
    n = 0
    for k in range(NK):
        c = COPIES[k] - (np if k == INDIGO else 0)
        while c > 0:
            s.supply[n] = k
            n += 1
            c -= 1
    s.supply_n = n
    shuffle_u8(s.supply, n, &s.rng)
    for k in range(5):
        s.tiles[k] = k
    shuffle_u8(s.tiles, 5, &s.rng)
    for p in range(np):
        s.bld[p][0] = INDIGO
        s.nbld[p] = 1
        s.owned[p][INDIGO] = 1
        draw_to_hand(s, p, 4)
        s.cards_drawn[p] = 0
    s.governor = 0
    s.rounds = 1
    s.phase = PH_ROLE
    s.chooser = 0
    s.actor = 0


cdef void start_round_steps(SJ* s) noexcept nogil:
    """New round: chapel tucks, then hand limits, from the governor clockwise, then role choice."""
    s.phase = PH_TUCK
    s.acted = 0
    s.actor = s.governor
    next_round_step(s)


cdef void next_round_step(SJ* s) noexcept nogil:
    """Advance the start-of-round steps to the next player who has something to decide."""
    cdef int p
    while s.phase == PH_TUCK:
        if s.acted >= s.np:
            s.phase = PH_LIMIT
            s.acted = 0
            break
        p = wrap(s.governor + s.acted, s.np)
        if s.owned[p][CHAPEL] and s.hand_n[p] > 0:
            s.actor = p
            return
        s.acted += 1
    while s.acted < s.np:
        p = wrap(s.governor + s.acted, s.np)
        if s.hand_n[p] > hand_limit(s, p):
            s.actor = p
            s.limit = s.hand_n[p] - hand_limit(s, p)
            s.last = 0
            return
        s.acted += 1
    s.phase = PH_ROLE
    s.acted = 0
    s.chooser = s.governor
    s.actor = s.governor


cdef void end_round(SJ* s) noexcept nogil:
    s.picks = 0
    s.roles_taken = 0
    s.lib_used = 0
    s.role_lib = 0
    if s.rounds >= MAX_ROUNDS:
        # only reachable when chapels have drained the cards so far that nobody can build on
        s.phase = PH_OVER
        s.actor = 0
        return
    s.governor = wrap(s.governor + 1, s.np)
    s.rounds += 1
    start_round_steps(s)


cdef void end_phase(SJ* s) noexcept nogil:
    cdef int p
    if s.role == R_BUILDER:
        for p in range(s.np):
            if s.nbld[p] >= MAXB:
                s.phase = PH_OVER
                s.actor = 0
                return
    elif s.role == R_TRADER:
        s.tile_next = (s.tile_next + 1) % 5
    s.picks += 1
    s.cnt = 0
    s.limit = 0
    s.last = 0
    s.income = 0
    if s.picks >= (3 if s.np == 2 else s.np):
        end_round(s)
        return
    s.phase = PH_ROLE
    s.acted = 0
    s.chooser = chooser_of_pick(s, s.picks)
    s.actor = s.chooser


cdef void begin_turn(SJ* s) noexcept nogil:
    """Set up the actor's turn in the current role's phase."""
    cdef int p = s.actor
    cdef int n, k, keep, got, c
    s.cnt = 0
    s.last = 0
    s.income = 0
    s.build_kind = 0
    if s.role == R_BUILDER:
        s.phase = PH_BUILD
    elif s.role == R_PRODUCER:
        s.phase = PH_PRODUCE
        s.limit = 1 + privilege(s, p) + (1 if s.owned[p][AQUEDUCT] else 0)
    elif s.role == R_TRADER:
        s.phase = PH_SELL
        s.limit = 1 + privilege(s, p) + (1 if s.owned[p][TRADING_POST] else 0)
    elif s.role == R_COUNCILLOR:
        n = 2
        if privilege(s, p) == 1:
            n += 3
        elif privilege(s, p) == 2:
            n += 6
        keep = 2 if s.owned[p][PREFECTURE] else 1
        if s.owned[p][ARCHIVE]:
            # drawn cards join the hand; then discard (drawn - keep) from the whole hand
            got = 0
            for k in range(n):
                c = draw(s)
                if c < 0:
                    break
                s.hand[p][c] += 1
                s.hand_n[p] += 1
                got += 1
            s.cards_drawn[p] += got if got < keep else keep
            if got <= keep:
                end_turn(s)
                return
            s.phase = PH_CDISCARD
            s.limit = got - keep
        else:
            s.pending_owner = p
            s.pending_public = 0
            for k in range(n):
                got = draw(s)
                if got < 0:
                    break
                s.pending[got] += 1
                s.pending_n += 1
            if s.pending_n <= keep:
                take_pending(s, p)
                end_turn(s)
                return
            s.phase = PH_KEEP
            s.limit = keep


cdef void take_pending(SJ* s, int p) noexcept nogil:
    cdef int k
    for k in range(NK):
        s.hand[p][k] += s.pending[k]
        s.cards_drawn[p] += s.pending[k]
        s.pending[k] = 0
    s.hand_n[p] += s.pending_n
    s.pending_n = 0
    s.pending_public = 0
    s.pending_owner = 0


cdef void end_turn(SJ* s) noexcept nogil:
    """The actor is done with this phase: pay out end-of-turn draws, pass to the next player."""
    cdef int p = s.actor
    cdef int n
    if s.role == R_PRODUCER:
        if s.owned[p][WELL] and s.cnt >= 2:
            draw_to_hand(s, p, 1)
    elif s.role == R_TRADER:
        n = s.income
        if s.owned[p][MARKET_STAND] and s.cnt >= 2:
            n += 1
        if s.owned[p][MARKET_HALL] and s.cnt >= 1:
            n += 1
        draw_to_hand(s, p, n)
    s.acted += 1
    if s.acted >= s.np:
        end_phase(s)
        return
    s.actor = wrap(s.actor + 1, s.np)
    begin_turn(s)


cdef void start_role(SJ* s, int r, bint lib) noexcept nogil:
    s.role = r
    s.roles_taken |= (1 << r)
    s.role_lib = lib
    s.acted = 0
    s.actor = s.chooser
    if r == R_TRADER:
        s.tile = s.tiles[s.tile_next]
        if s.tiles_seen <= s.tile_next:
            s.tiles_seen = s.tile_next + 1
    elif r == R_PROSPECTOR:
        draw_to_hand(s, s.chooser, privilege(s, s.chooser))
        gold_mines(s)
        return
    begin_turn(s)


cdef void discard_pending_public(SJ* s) noexcept nogil:
    cdef int k, q
    for k in range(NK):
        if s.pending[k]:
            s.discard[k] += s.pending[k]
            s.discard_n += s.pending[k]
            for q in range(s.np):
                s.known_disc[q][k] += s.pending[k]
            s.pending[k] = 0
    s.pending_n = 0
    s.pending_public = 0
    s.pending_owner = 0


cdef void gold_mines(SJ* s) noexcept nogil:
    """After the prospector's privilege: every gold-mine owner, clockwise from the prospector,
    reveals 4 cards; if their 4 costs all differ he keeps one, the rest are discarded (face up)."""
    cdef int p, i, c
    cdef int seen_costs
    cdef bint distinct
    while s.acted < s.np:
        p = wrap(s.chooser + s.acted, s.np)
        if s.owned[p][GOLD_MINE]:
            s.pending_public = 1
            s.pending_owner = p
            seen_costs = 0
            distinct = True
            for i in range(4):
                c = draw(s)
                if c < 0:
                    distinct = False
                    break
                s.pending[c] += 1
                s.pending_n += 1
                if seen_costs & (1 << COST[c]):
                    distinct = False
                seen_costs |= (1 << COST[c])
            if distinct:
                s.phase = PH_GOLD
                s.actor = p
                return
            discard_pending_public(s)
        s.acted += 1
    end_phase(s)


cdef void place(SJ* s, int p, int cover) noexcept nogil:
    """Put the building being built on a new spot (cover < 0) or over slot cover; then pay."""
    cdef int k = s.build_kind - 1
    cdef int cost = build_cost(s, p, k, cover)
    cdef int j
    if cover >= 0:
        j = s.bld[p][cover]
        s.owned[p][j] -= 1
        s.covered[p][j] += 1
        if s.good[p][cover]:
            discard_unseen(s, s.good[p][cover] - 1)
            s.good[p][cover] = 0
        s.bld[p][cover] = k
    else:
        s.bld[p][s.nbld[p]] = k
        s.good[p][s.nbld[p]] = 0
        s.nbld[p] += 1
    s.owned[p][k] += 1
    s.limit = cost
    s.cnt = 0
    s.last = 0
    if cost == 0:
        finish_build(s)
    else:
        s.phase = PH_PAY


cdef void finish_build(SJ* s) noexcept nogil:
    cdef int p = s.actor
    cdef int k = s.build_kind - 1
    # carpenter first, then the poor house (see docs/sanjuan.md); the new building itself never acts
    if k >= NPROD and s.owned[p][CARPENTER] - (1 if k == CARPENTER else 0) > 0:
        draw_to_hand(s, p, 1)
    if s.owned[p][POOR_HOUSE] - (1 if k == POOR_HOUSE else 0) > 0 and s.hand_n[p] <= 1:
        draw_to_hand(s, p, 1)
    s.build_kind = 0
    s.limit = 0
    s.cnt = 0
    s.last = 0
    end_turn(s)


cdef inline bint pay_bm(SJ* s, int p) noexcept nogil:
    return s.cnt < 2 and s.owned[p][BLACK_MARKET] - (1 if s.build_kind - 1 == BLACK_MARKET else 0) > 0


cdef void do_apply(SJ* s, int a) noexcept nogil:
    cdef int p = s.actor
    cdef int ph = s.phase
    cdef int k, r, slot, c, i
    cdef bint lib
    if ph == PH_ROLE:
        if a >= A_ROLE_LIB:
            r = a - A_ROLE_LIB
            lib = True
            s.lib_used = 1
        else:
            r = a - A_ROLE
            lib = s.owned[p][LIBRARY] > 0
            if s.np == 2 and p == s.governor:
                if s.picks == 0:
                    lib = False
                elif s.lib_used:
                    lib = False
        start_role(s, r, lib)
    elif ph == PH_BUILD:
        if a == A_PASS:
            end_turn(s)
            return
        k = a - A_BUILD
        s.hand[p][k] -= 1
        s.hand_n[p] -= 1
        if s.public_hand[p][k]:
            s.public_hand[p][k] -= 1
        s.build_kind = k + 1
        if s.owned[p][CRANE]:
            for i in range(s.nbld[p]):
                if placement_ok(s, p, k, i, s.hand_n[p]):
                    s.phase = PH_PLACE
                    return
        place(s, p, -1)
    elif ph == PH_PLACE:
        place(s, p, -1 if a == A_PLACE_NEW else a - A_COVER)
    elif ph == PH_PAY:
        if a >= A_GOOD:
            k = a - A_GOOD
            slot = first_slot(s, p, k, True)
            discard_unseen(s, s.good[p][slot] - 1)
            s.good[p][slot] = 0
            s.cnt += 1
            s.last = k
        else:
            k = a - A_CARD
            discard_secret(s, p, k)
            s.last = NPROD + k
        s.limit -= 1
        if s.limit == 0:
            finish_build(s)
    elif ph == PH_PRODUCE:
        if a == A_PASS:
            end_turn(s)
            return
        k = a - A_GOOD
        slot = first_slot(s, p, k, False)
        c = draw(s)
        if c < 0:
            end_turn(s)
            return
        s.good[p][slot] = c + 1
        s.cnt += 1
        s.last = k
        if s.cnt >= s.limit:
            end_turn(s)
    elif ph == PH_SELL:
        if a == A_PASS:
            end_turn(s)
            return
        k = a - A_GOOD
        slot = first_slot(s, p, k, True)
        discard_unseen(s, s.good[p][slot] - 1)
        s.good[p][slot] = 0
        s.income += PRICE[s.tile][k]
        s.cnt += 1
        s.goods_sold[p] += 1
        s.last = k
        if s.cnt >= s.limit:
            end_turn(s)
    elif ph == PH_KEEP:
        k = a - A_CARD
        s.pending[k] -= 1
        s.pending_n -= 1
        s.hand[p][k] += 1
        s.hand_n[p] += 1
        s.cards_drawn[p] += 1
        s.limit -= 1
        s.last = k
        if s.limit == 0:
            for k in range(NK):
                if s.pending[k]:
                    s.discard[k] += s.pending[k]
                    s.discard_n += s.pending[k]
                    s.known_disc[p][k] += s.pending[k]
                    s.pending[k] = 0
            s.pending_n = 0
            s.pending_owner = 0
            end_turn(s)
    elif ph == PH_CDISCARD or ph == PH_LIMIT:
        k = a - A_CARD
        discard_secret(s, p, k)
        s.limit -= 1
        s.last = k
        if s.limit == 0:
            if ph == PH_CDISCARD:
                end_turn(s)
            else:
                s.acted += 1
                next_round_step(s)
    elif ph == PH_TUCK:
        if a != A_PASS:
            k = a - A_CARD
            s.hand[p][k] -= 1
            s.hand_n[p] -= 1
            s.chapel[p][k] += 1
            s.chapel_n[p] += 1
            forget_public_hand(s, p)
        s.acted += 1
        next_round_step(s)
    elif ph == PH_GOLD:
        k = a - A_CARD
        s.pending[k] -= 1
        s.pending_n -= 1
        s.hand[p][k] += 1
        s.hand_n[p] += 1
        s.public_hand[p][k] += 1
        s.cards_drawn[p] += 1
        discard_pending_public(s)
        s.acted += 1
        gold_mines(s)


# ---------------------------------------------------------------------------
# legal actions
# ---------------------------------------------------------------------------

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
                if COST[k] - gsum <= g:
                    out[n] = A_BUILD + k
                    n += 1
            elif not s.owned[p][k] and COST[k] - capg <= g:
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


cdef void sj_apply(SJ* s, int action) noexcept nogil:
    """Apply a legal action, then play out forced decisions (a single legal action)."""
    cdef int buf[128]
    do_apply(s, action)
    while s.phase != PH_OVER and sj_legal(s, buf) == 1:
        do_apply(s, buf[0])


cdef void sj_playout(SJ* s, uint64_t* rng) noexcept nogil:
    cdef int buf[128]
    cdef int n
    n = sj_legal(s, buf)
    while n > 0:
        if n == 1:
            do_apply(s, buf[0])
        else:
            do_apply(s, buf[rng_below(rng, n)])
        n = sj_legal(s, buf)
