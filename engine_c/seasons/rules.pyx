# cython: language_level=3
"""A Castle for All Seasons rules: setup, the round machine and applying actions, nogil on CS.

Legal actions and playouts live in engine_c/seasons/moves.pyx, scores and resampling in
engine_c/seasons/view.pyx, the Python state class in engine_c/seasons/state.pyx.  Rule decisions:
docs/seasons.md.
"""
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint64_t

from engine_c.seasons.view cimport final_scoring
from engine_c.seasons.winter cimport winter_round, winter_answer


# ---------------------------------------------------------------------------
# setup and rounds
# ---------------------------------------------------------------------------

cdef void cs_new_game(CS* s, int np, uint64_t rng) noexcept nogil:
    """Set up a new summer game; chance from ``rng``; every field is overwritten."""
    cs_setup(s, np, rng, 0)


cdef void cs_setup(CS* s, int np, uint64_t rng, int winter) noexcept nogil:
    """Set up a new game (``winter``: the winter variant); every field is overwritten."""
    cdef int p, k
    memset(s, 0, sizeof(CS))
    s.rng = rng
    s.np = np
    s.winter = winter
    s.rounds = CS_ROUNDS[np]
    s.track = s.rounds
    s.bank = CS_K[K_TOTAL_TALERS] - s.rounds - CS_K[K_START_TALERS] * np
    for k in range(NRES):
        s.tower[k] = CS_START_TOWER[k]
        s.stock[k] = CS_BOX[k] - CS_START_TOWER[k]
    for k in range(NB):
        s.tiles[k] = CS_TILES[k]
    for k in range(NSPOT):
        s.spot_owner[k] = NOBODY
    for k in range(NPLACE):
        s.place_owner[k] = NOBODY
    for p in range(np):
        s.talers[p] = CS_K[K_START_TALERS]
        for k in range(NRES):
            s.res[p][k] = CS_START_RES[k]
            s.stock[k] -= CS_START_RES[k]
        s.helpers[p] = CS_HELPERS[np]
        s.hand[p] = ALL_CARDS
    s.start = 0
    s.round = 0
    start_round(s)


cdef void start_round(CS* s) noexcept nogil:
    """Round start: the start player takes the round-track taler; a winter card in a marked
    round of the winter variant; then the secret selection."""
    cdef int p
    s.round += 1
    if s.track > 0:
        s.track -= 1
        s.talers[s.start] += 1
    for p in range(s.np):
        s.sel[p] = 0
        s.built_round[p] = 0
        s.hb_round[p] = 0
        memset(s.wcard[p], 0, sizeof(s.wcard[p]))
    s.picks = 0
    s.traders = 0
    memset(s.queue, 0, sizeof(s.queue))
    s.qn = 0
    s.qi = 0
    s.eq_i = 0
    s.phase = PH_SELECT
    s.actor = selector(s, 0)
    if s.winter:
        winter_round(s)     # may ask the players about an offer first (PH_WINTER)


cdef void end_round(CS* s) noexcept nogil:
    """After the last card: score and stop at the last round, else pass the start clockwise."""
    if s.last_round or s.round >= s.rounds:
        final_scoring(s)
        s.phase = PH_OVER
        s.actor = 0
        return
    s.start = s.start + 1 if s.start + 1 < s.np else 0
    start_round(s)


cdef void reveal(CS* s) noexcept nogil:
    """All cards are chosen: reveal them, queue them in resolution order, load the workers."""
    cdef int g, i, p, c
    for p in range(s.np):
        s.hand[p] &= ~s.sel[p]
        for c in range(NCARD):
            if s.sel[p] & (1 << c):
                s.played[p][c] += 1
                if c == C_TRADER:
                    s.traders += 1
    s.qn = 0
    for g in range(6):
        for i in range(s.np):
            p = s.start + i
            if p >= s.np:
                p -= s.np
            for c in range(NCARD):
                if CS_GROUP[c] == g and s.sel[p] & (1 << c):
                    s.queue[s.qn] = p * 8 + c
                    s.qn += 1
        if g == 1 and s.traders:      # the payout needs a trader (RULE_CHOICES)
            s.queue[s.qn] = Q_PAYOUT
            s.qn += 1
    s.eq_i = 0
    equip(s)


cdef inline int take(CS* s, int k, int n) noexcept nogil:
    """Up to n pieces of kind k from the general stock; returns how many."""
    if n > s.stock[k]:
        n = s.stock[k]
    s.stock[k] -= n
    return n


cdef int load_ok(CS* s, int opt) noexcept nogil:
    """The general stock can fill worker2's free pieces with load option opt."""
    cdef int a = CS_LOAD_A[opt]
    cdef int b = CS_LOAD_B[opt]
    if a == b:
        return s.stock[a] >= 2
    return s.stock[a] >= 1 and s.stock[b] >= 1


cdef void equip(CS* s) noexcept nogil:
    """Load the revealed worker cards from the general stock, seat order from the start player."""
    cdef int i, p, w, k, opt
    cdef bint any_opt
    while s.eq_i < s.np * 3:
        i = s.eq_i
        p = s.start + i // 3
        if p >= s.np:
            p -= s.np
        w = i % 3
        if s.sel[p] & (1 << (C_WORKER1 + w)):
            for k in range(NRES):
                if CS_WORKER[w][k]:
                    s.wcard[p][w][k] += take(s, k, CS_WORKER[w][k])
            if w == 1:
                any_opt = False
                for opt in range(6):
                    if load_ok(s, opt):
                        any_opt = True
                        break
                if any_opt:
                    s.phase = PH_LOAD
                    s.actor = p
                    return
                # the stock cannot fill both: load what is there, most valuable first (clay, wood, sand)
                for opt in range(2):     # worker2's two free pieces
                    for k in range(CLAY, -1, -1):
                        if s.stock[k]:
                            s.stock[k] -= 1
                            s.wcard[p][1][k] += 1
                            break
        s.eq_i += 1
    s.qi = 0
    next_entry(s)


# ---------------------------------------------------------------------------
# card resolution
# ---------------------------------------------------------------------------

cdef void next_entry(CS* s) noexcept nogil:
    """Resolve queue entries from s.qi on until one needs a decision; end the round after the last."""
    cdef int e
    while s.qi < s.qn:
        e = s.queue[s.qi]
        if e == Q_PAYOUT:
            payout(s)
        elif begin_card(s, e >> 3, e & 7):
            return
        s.qi += 1
    end_round(s)


cdef void card_done(CS* s) noexcept nogil:
    """The current queue entry is resolved: go on with the next."""
    s.qi += 1
    next_entry(s)


cdef bint begin_card(CS* s, int p, int c) noexcept nogil:
    """Start resolving card c of p; True if a decision is pending."""
    cdef int k, n, q, mask
    s.actor = p
    s.builds = 0
    s.placed = 0
    if c == C_MESSENGER:
        n = CS_K[K_MESSENGER] + s.w_mod[MOD_MESSENGER]
        if n < 0:
            n = 0
        if n > s.bank:
            n = s.bank
        s.bank -= n
        s.talers[p] += n
        return False
    if c == C_TRADER:
        if s.helpers[p] > 0 and trader_spots(s, p):
            s.phase = PH_TRADER
            return True
        return False
    if c == C_BRICKLAYER:
        mask = 0
        for k in range(NRES):
            if s.tower[k]:
                mask |= 1 << k
        if __builtin_popcount(mask) > 1:
            s.phase = PH_TOWER
            return True
        for k in range(NRES):
            if mask & (1 << k):
                take_tower(s, p, k)
        return build_step(s)
    if c == C_STONEMASON:
        if s.talers[p] >= CS_K[K_STONE_PRICE] and buy_mask(s, p):
            s.phase = PH_BUY
            return True
        return build_step(s)
    if c == C_MASTER:
        s.hand[p] = ALL_CARDS
        n = 0
        for q in range(s.np):
            if q != p:
                n += s.built_round[q]
        k = CS_K[K_MASTER_VP] + s.w_mod[MOD_MASTER_VP]
        if k < 0:
            k = 0
        s.vp[p] += k * n
        s.vp_master[p] += k * n
        return False
    # a worker: its pieces become his, then he may build
    for k in range(NRES):
        s.res[p][k] += s.wcard[p][c - C_WORKER1][k]
        s.wcard[p][c - C_WORKER1][k] = 0
    return build_step(s)


cdef inline void take_tower(CS* s, int p, int k) noexcept nogil:
    """Bricklayer: every piece of kind k from the tower to p."""
    s.res[p][k] += s.tower[k]
    s.tower[k] = 0


cdef bint build_step(CS* s) noexcept nogil:
    """Offer another building if the card allows one and one is affordable, else go on to helpers."""
    cdef int p = s.actor
    cdef int t, bound
    if s.builds < CS_K[K_MAX_BUILDS]:
        bound = pay_bound(s, p)
        for t in range(NB):
            if s.tiles[t] and CS_VALUE[t] <= bound and can_pay(s, p, CS_VALUE[t]):
                s.phase = PH_BUILD
                return True
    return helper_step(s)


cdef bint helper_step(CS* s) noexcept nogil:
    """Bricklayer / stonemason that built: offer helper placements (up to 2)."""
    cdef int p = s.actor
    cdef int c = s.queue[s.qi] & 7
    cdef int pl
    if (c != C_BRICKLAYER and c != C_STONEMASON) or s.builds == 0 or s.placed >= CS_K[K_MAX_HELPERS]:
        return False
    for pl in range(NPLACE):
        if place_ok(s, p, pl):
            s.phase = PH_HELPER
            return True
    return False


cdef int trader_spots(CS* s, int p) noexcept nogil:
    """Spots p's trader may take: a free cart; once all carts are taken the free rider, or
    displacing an opponent's helper not placed this round."""
    cdef int k, o, m = 0
    for k in range(4):
        if s.spot_owner[k] == NOBODY:
            m |= 1 << k
    if m:
        return m
    for k in range(NSPOT):
        o = s.spot_owner[k]
        if o == NOBODY or (o != p and s.spot_round[k] != s.round):
            m |= 1 << k
    return m


cdef void payout(CS* s) noexcept nogil:
    """Every trader's helper earns its spot's pieces; the tribute goes to the tower first."""
    cdef int k, o, n, t
    for k in range(NSPOT):
        o = s.spot_owner[k]
        if o == NOBODY:
            continue
        n = CS_YIELD[k] + s.w_mod[MOD_YIELD]
        n = take(s, k, n if n > 0 else 0)
        t = CS_K[K_TRIBUTE] if CS_K[K_TRIBUTE] < n else n
        s.tower[k] += t
        s.res[o][k] += n - t


cdef int buy_mask(CS* s, int p) noexcept nogil:
    """Bit q*5+k set: p's stonemason may buy a piece of kind k from a worker card of q
    (never from himself, never a card's last piece)."""
    cdef int q, w, k, tot, m = 0
    for q in range(s.np):
        if q == p:
            continue
        for w in range(3):
            tot = 0
            for k in range(NRES):
                tot += s.wcard[q][w][k]
            if tot >= 2:
                for k in range(NRES):
                    if s.wcard[q][w][k]:
                        m |= 1 << (q * 5 + k)
    return m


cdef void buy(CS* s, int p, int q, int k) noexcept nogil:
    # from q's fullest card holding kind k (the choice of card never matters otherwise)
    cdef int w, tot, best = -1, best_tot = 0
    for w in range(3):
        if s.wcard[q][w][k]:
            tot = s.wcard[q][w][0] + s.wcard[q][w][1] + s.wcard[q][w][2] + s.wcard[q][w][3] + s.wcard[q][w][4]
            if tot >= 2 and tot > best_tot:
                best = w
                best_tot = tot
    s.wcard[q][best][k] -= 1
    s.res[p][k] += 1
    s.talers[p] -= CS_K[K_STONE_PRICE]
    s.talers[q] += CS_K[K_STONE_PRICE]


# ---------------------------------------------------------------------------
# paying for buildings
# ---------------------------------------------------------------------------

cdef bint pay_feasible(int rem, int k, uint8_t* have, int silver, int kinds) noexcept nogil:
    """Can rem building points be paid exactly with the pay steps k.. (stone, clay, wood, sand),
    silver standing in for missing pieces, using at least min_kinds kinds in total (kinds: used so far)?"""
    cdef int kind, v, n, maxn, extra
    if kinds + 4 - k < CS_K[K_MIN_KINDS]:
        return False
    if rem == 0:
        return kinds >= CS_K[K_MIN_KINDS]
    if k == 3:
        extra = rem - have[SAND] if rem > have[SAND] else 0
        return extra <= silver and kinds + 1 >= CS_K[K_MIN_KINDS]
    kind = CS_PAY_KIND[k]
    v = CS_BP[kind]
    maxn = rem // v
    if maxn > have[kind] + silver:
        maxn = have[kind] + silver
    n = maxn
    while n >= 0:
        extra = n - have[kind] if n > have[kind] else 0
        if pay_feasible(rem - n * v, k + 1, have, silver - extra, kinds + (1 if n > 0 else 0)):
            return True
        n -= 1
    return False


cdef bint can_pay(CS* s, int p, int value) noexcept nogil:
    """p can pay exactly `value` building points with at least 3 kinds."""
    return pay_feasible(value, 0, s.res[p], s.res[p][SILVER], 0)


cdef void finish_build(CS* s) noexcept nogil:
    """Pay the chosen pieces (silver covers shortfalls and goes to the forge), erect, reward."""
    cdef int p = s.actor
    cdef int c = s.queue[s.qi] & 7
    cdef int t = s.bld
    cdef int j, kind, real, pieces = 0, n
    s.pay_y[3] = s.pay_rem          # sand pays the rest
    for j in range(4):
        kind = CS_PAY_KIND[j]
        real = s.pay_y[j] if s.pay_y[j] <= s.res[p][kind] else s.res[p][kind]
        s.res[p][kind] -= real
        s.stock[kind] += real
        s.res[p][SILVER] -= s.pay_y[j] - real
        s.forge += s.pay_y[j] - real
        pieces += s.pay_y[j]
    s.tiles[t] -= 1
    s.built[p][t] += 1
    s.built_round[p] += 1
    s.builds += 1
    if c == C_BRICKLAYER:
        n = pieces * CS_K[K_BRICK_RATE]
        if n > s.bank:
            n = s.bank
        s.bank -= n
        s.talers[p] += n
    elif c == C_STONEMASON:
        s.vp[p] += CS_VP[t]
        s.vp_build[p] += CS_VP[t]
    else:
        s.vp[p] += CS_VP[t] // CS_K[K_WORKER_DIV]
        s.vp_build[p] += CS_VP[t] // CS_K[K_WORKER_DIV]
    if tiles_left(s) == 0:
        s.last_round = 1
    s.pay_rem = 0
    s.pay_k = 0
    s.pay_y[0] = s.pay_y[1] = s.pay_y[2] = s.pay_y[3] = 0
    if not build_step(s):
        card_done(s)


# ---------------------------------------------------------------------------
# helpers in the castle
# ---------------------------------------------------------------------------

cdef bint place_ok(CS* s, int p, int pl) noexcept nogil:
    """p may put a helper on place pl now (the first free one of two identical places only)."""
    cdef int hb = CS_PLACE_HB[pl]
    cdef int k
    cdef bint have = s.helpers[p] > 0
    if s.place_owner[pl] != NOBODY or not hb_erected(s, hb):
        return False
    if CS_TWIN[pl] >= 0 and s.place_owner[CS_TWIN[pl]] == NOBODY:
        return False
    if s.hb_round[p] & (1 << hb) or s.talers[p] < place_fee(s, pl):
        return False
    if not have:
        for k in range(NSPOT):
            if s.spot_owner[k] == p:
                return True
    return have


cdef inline int source_count(CS* s, int p) noexcept nogil:
    """Where p could take a helper from: his stock (if any) plus each spot he holds."""
    cdef int k, n = 1 if s.helpers[p] > 0 else 0
    for k in range(NSPOT):
        if s.spot_owner[k] == p:
            n += 1
    return n


cdef void put_helper(CS* s, int src) noexcept nogil:
    """Place the pending helper (s.place) taken from src (0 stock, 1+spot)."""
    cdef int p = s.actor
    cdef int pl = s.place
    if src == 0:
        s.helpers[p] -= 1
    else:
        s.spot_owner[src - 1] = NOBODY
        s.spot_round[src - 1] = 0
    s.place_owner[pl] = p
    s.talers[p] -= place_fee(s, pl)
    s.bank += place_fee(s, pl)
    s.hb_round[p] |= 1 << CS_PLACE_HB[pl]
    s.placed += 1
    if not helper_step(s):
        card_done(s)


# ---------------------------------------------------------------------------
# applying one action
# ---------------------------------------------------------------------------

cdef void do_apply(CS* s, int a) noexcept nogil:
    """Apply one legal action of the actor (no forced follow-ups)."""
    cdef int p = s.actor
    cdef int ph = s.phase
    cdef int k, o, q, kind, n
    if ph == PH_SELECT:
        s.sel[p] |= 1 << (a - A_PICK)
        s.picks += 1
        if s.picks >= s.np * picks_per_player(s):
            reveal(s)
        else:
            s.actor = selector(s, s.picks)
    elif ph == PH_LOAD:
        k = a - A_LOAD
        s.stock[CS_LOAD_A[k]] -= 1
        s.stock[CS_LOAD_B[k]] -= 1
        s.wcard[p][1][CS_LOAD_A[k]] += 1
        s.wcard[p][1][CS_LOAD_B[k]] += 1
        s.eq_i += 1
        equip(s)
    elif ph == PH_TRADER:
        k = a - A_SPOT
        o = s.spot_owner[k]
        if o != NOBODY:
            s.helpers[o] += 1
        s.spot_owner[k] = p
        s.spot_round[k] = s.round
        s.helpers[p] -= 1
        card_done(s)
    elif ph == PH_TOWER:
        take_tower(s, p, a - A_TOWER)
        if not build_step(s):
            card_done(s)
    elif ph == PH_BUY:
        if a != A_PASS:
            q = (a - A_BUY) // 5
            buy(s, p, q, (a - A_BUY) % 5)
        if not build_step(s):
            card_done(s)
    elif ph == PH_BUILD:
        if a == A_PASS:
            if not helper_step(s):
                card_done(s)
            return
        s.bld = a - A_BUILD
        s.pay_rem = CS_VALUE[s.bld]
        s.pay_k = 0
        s.phase = PH_PAY
    elif ph == PH_PAY:
        n = (a - A_PAY) % 16
        kind = CS_PAY_KIND[s.pay_k]
        s.pay_y[s.pay_k] = n
        s.pay_rem -= n * CS_BP[kind]
        s.pay_k += 1
        if s.pay_k >= 3:
            finish_build(s)
    elif ph == PH_HELPER:
        if a == A_PASS:
            card_done(s)
            return
        s.place = a - A_PLACE
        if source_count(s, p) > 1:
            s.phase = PH_SOURCE
            return
        if s.helpers[p] > 0:
            put_helper(s, 0)
            return
        for k in range(NSPOT):
            if s.spot_owner[k] == p:
                put_helper(s, 1 + k)
                return
    elif ph == PH_SOURCE:
        put_helper(s, a - A_SOURCE)
    elif ph == PH_WINTER:
        if not winter_answer(s, a - A_WINTER):
            s.phase = PH_SELECT
            s.actor = selector(s, 0)
