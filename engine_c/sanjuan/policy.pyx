# cython: language_level=3, cdivision=True
"""San Juan playouts: uniform random moves and the heuristic playout policy
(docs/sanjuan.md, "Playout policy")."""
from libc.stdint cimport uint8_t, uint32_t, uint64_t

from engine_c._rng cimport rng_below
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.tables cimport *
from engine_c.sanjuan.rules cimport *
from engine_c.sanjuan.moves cimport sj_legal

cdef extern from *:
    int __builtin_ctzll(unsigned long long x) nogil

cdef void sj_playout(SJ* s, uint64_t* rng) noexcept nogil:
    """Uniformly random moves to the end."""
    play_to_end(s, rng, False)


# ---------------------------------------------------------------------------------------------
# heuristic playout policy (docs/sanjuan.md, "Playout policy"): cheap rules of thumb, no search.
# Every offered action gets an integer priority (only the order within one decision matters)
# plus a little uniform noise, and the highest wins; with probability POLICY_EPS / 1024 the move
# is uniform instead.  Priorities are in "tenths of a victory point"; a hand card is worth about
# one point (CARD_WORTH).

cdef enum:
    POLICY_EPS = 32         # out of 1024: probability of a uniformly random move (3.1 %)
    POLICY_NOISE = 4        # uniform noise in [0, POLICY_NOISE) added to every priority (in steps of 1/4)
    CARD_WORTH = 10         # a hand card (one card of payment, one card drawn)
    COST_WEIGHT = 3         # build priority: minus this per card paid (cards are also tempo)
    BUILD_BASE = 10         # build priority: plus this, so any useful building beats `pass`
    FODDER = 2              # hand value of a card he cannot build (violet he already owns)
    ROLE_BUILD = 20         # builder role: plus the best build priority he can afford with it
    ROLE_GOOD = 12          # producer role: per good he can produce
    ROLE_COUNCIL = 15       # councillor role: the best of several cards (+ CARD_WORTH per extra keep)
    ROLE_PROSPECT = 15      # prospector role: per privilege card his hand has room for (CARD_WORTH beyond)
    ROLE_GOLD = 3           # prospector role: bonus for owning a gold mine
    UTIL_NUM = 3            # usefulness bonus: SJP_UTIL x UTIL_NUM / UTIL_DEN (its table, scaled 1.5)
    UTIL_DEN = 2
    PLACE_NEW = 100         # crane: build on a new spot rather than cover one of his buildings
    TUCK_MIN_HAND = 3       # chapel: tuck the least useful card when holding at least this many
    PICKED = 10000          # the first item of the chosen multi-card / multi-good set
    NSET = NPROD + NK       # item indices of a set choice: goods 0..4, then cards 5 + kind

# Usefulness of each kind beyond its printed VP at the very start (tenths of a VP), fading
# linearly to 0 when someone nears 12 buildings: production early (goods become cards), the
# cost cutters (smithy, quarry), card engines (carpenter, prefecture, library), the chapel.
cdef extern from *:
    """
    static const int SJP_UTIL[29] __attribute__((unused)) = {
        6, 10, 14, 16, 18,            /* indigo sugar tobacco coffee silver */
        14, 6, 4, 6, 8, 10, 10, 10,   /* smithy gold_mine archive poor_house black_market trading_post well market_stand */
        4, 16, 8, 12, 18, 14, 0,      /* crane chapel tower aqueduct carpenter prefecture statue */
        12, 18, 0, 24, 0,             /* market_hall quarry victory_column library hero */
        0, 0, 0, 0};                  /* guild_hall city_hall triumphal_arch palace: valued from the position */
    static const int SJP_ARCH[4] __attribute__((unused)) = {20, 40, 60, 80};   /* 4/6/8 VP; none yet: 2 */
    """
    const int SJP_UTIL[29]
    const int SJP_ARCH[4]


ctypedef struct PolicyCtx:
    int p                   # the player deciding
    int left                # building slots left before the end (12 - the most buildings)
    int nprod               # his production buildings
    int nviolet             # his violet buildings
    int nmon                # his monuments (statue, victory column, hero)
    int vp                  # his printed VP plus chapel cards


cdef inline void policy_ctx(SJ* s, int p, PolicyCtx* c) noexcept nogil:
    cdef int i, k, most = 0
    for i in range(s.np):
        if s.nbld[i] > most:
            most = s.nbld[i]
    c.p = p
    c.left = MAXB - most
    c.nprod = 0
    c.nviolet = 0
    c.vp = s.chapel_n[p]
    for i in range(s.nbld[p]):
        k = s.bld[p][i]
        if k < NPROD:
            c.nprod += 1
        else:
            c.nviolet += 1
        c.vp += SJ_VP[k]
    c.nmon = s.owned[p][STATUE] + s.owned[p][VICTORY_COLUMN] + s.owned[p][HERO]


cdef inline int building_value(SJ* s, PolicyCtx* c, int k) noexcept nogil:
    """Worth of owning building k: 10 x its VP (the 6-cost ones from his current area, with one
    more matching building or 4 more VP expected) plus its fading usefulness; 0 for a violet he
    already owns."""
    cdef int v
    if k >= NPROD and s.owned[c.p][k]:
        return 0
    if k == GUILD_HALL:
        v = 20 * (c.nprod + 1)
    elif k == CITY_HALL:
        v = 10 * (c.nviolet + 2)
    elif k == TRIUMPHAL_ARCH:
        v = SJP_ARCH[c.nmon if c.nmon < 3 else 3]
    elif k == PALACE:
        v = 10 * (c.vp + 4) // 4
    else:
        v = 10 * SJ_VP[k]
    return v + SJP_UTIL[k] * UTIL_NUM * c.left // (UTIL_DEN * MAXB)


cdef inline int card_value(SJ* s, PolicyCtx* c, int k) noexcept nogil:
    """Worth of keeping card k in hand (what it could become), at least FODDER."""
    cdef int v = building_value(s, c, k)
    return v if v > FODDER else FODDER


cdef inline int build_priority(SJ* s, PolicyCtx* c, int k, int cost) noexcept nogil:
    return BUILD_BASE + building_value(s, c, k) - COST_WEIGHT * cost


cdef int best_build(SJ* s, PolicyCtx* c, int priv) noexcept nogil:
    """Best build priority p could afford as builder with this privilege (new spot), or -1."""
    cdef int p = c.p
    cdef int k, cost, pay, best = -1, v
    cdef uint32_t m
    if s.nbld[p] >= MAXB:
        return -1
    pay = s.hand_n[p] - 1
    if s.owned[p][BLACK_MARKET]:
        k = sj_goods(s, p)
        pay += k if k < 2 else 2
    m = kind_mask(s.hand[p])
    while m:
        k = __builtin_ctz(m)
        m &= m - 1
        if k >= NPROD and s.owned[p][k]:
            continue
        cost = SJ_COST[k] - priv
        if k < NPROD:
            cost -= 1 if s.owned[p][SMITHY] else 0
        else:
            cost -= 1 if s.owned[p][QUARRY] else 0
        if cost < 0:
            cost = 0
        if cost <= pay:
            v = build_priority(s, c, k, cost)
            if v > best:
                best = v
    return best


cdef int role_priority(SJ* s, PolicyCtx* c, int r, int priv) noexcept nogil:
    """Worth of role r for player c.p with this privilege (1, or 2 doubled by the library;
    0: another player's role, whose action he takes too)."""
    cdef int p = c.p
    cdef int i, k, g, lim, tile, v
    cdef int full[NPROD]
    if r == R_BUILDER:
        # build when he can afford something; choosing the builder is worth more than building
        # in someone else's builder phase (the privilege, and the tempo)
        v = best_build(s, c, priv)
        if v < 0:
            return 0
        return v + (ROLE_BUILD if priv else 0)
    if r == R_PRODUCER:
        # goods he can produce now (empty production buildings, up to his limit)
        g = 0
        for i in range(s.nbld[p]):
            if s.bld[p][i] < NPROD and not s.good[p][i]:
                g += 1
        lim = 1 + priv + (1 if s.owned[p][AQUEDUCT] else 0)
        return ROLE_GOOD * (g if g < lim else lim)
    if r == R_TRADER:
        # cards his best sales would bring at the next tile (the middle tile while it is unseen)
        tile = s.tiles[s.tile_next] if s.tiles_seen > s.tile_next else 2
        for k in range(NPROD):
            full[k] = 0
        for i in range(s.nbld[p]):
            if s.good[p][i]:
                full[s.bld[p][i]] += 1
        lim = 1 + priv + (1 if s.owned[p][TRADING_POST] else 0)
        v = 0
        k = NPROD - 1
        while k >= 0 and lim > 0:
            if full[k]:
                full[k] -= 1
                lim -= 1
                v += CARD_WORTH * SJ_PRICE[tile][k]
            else:
                k -= 1
        return v
    if r == R_COUNCILLOR:
        # a choice among 2 + 3 x privilege cards: more than one plain card
        return ROLE_COUNCIL * (1 + priv) // 2 + (CARD_WORTH if s.owned[p][PREFECTURE] else 0)
    # prospector: privilege cards, each worth more than a plain card (the others get nothing)
    # while his hand has room below the limit, a plain card beyond it (he may discard one)
    lim = hand_limit(s, p) - s.hand_n[p]
    if lim < 0:
        lim = 0
    if priv > lim:
        v = ROLE_PROSPECT * lim + CARD_WORTH * (priv - lim)
    else:
        v = ROLE_PROSPECT * priv
    return v + (ROLE_GOLD if s.owned[p][GOLD_MINE] else 0)


cdef void others_gain(SJ* s, int me, int* out) noexcept nogil:
    """out[r]: the most any other player gains from role r when `me` chooses it (no privilege);
    0 for the roles already taken."""
    cdef PolicyCtx oc
    cdef int q, r, v
    for r in range(5):
        out[r] = 0
    for q in range(s.np):
        if q != me:
            policy_ctx(s, q, &oc)
            for r in range(5):
                if not (s.roles_taken & (1 << r)):
                    v = role_priority(s, &oc, r, 0)
                    if v > out[r]:
                        out[r] = v


cdef int set_first(uint64_t items, int* cnt, int* val, int need, int goods_cap) noexcept nogil:
    """Choose the `need` most wanted items (highest val) among the indices set in `items`
    (cnt[i] items of value val[i] each), at most goods_cap of them goods (indices < NPROD);
    return the smallest index chosen (the canonical order plays a chosen set in increasing
    order, so that is the move to make now), -1 if none."""
    cdef int j, i, b, goods = 0, first = NSET
    cdef uint64_t m
    for j in range(need):
        b = -1
        m = items
        while m:
            i = __builtin_ctzll(m)
            m &= m - 1
            if i < NPROD and goods >= goods_cap:
                continue
            if b < 0 or val[i] > val[b]:
                b = i
        if b < 0:
            break
        cnt[b] -= 1
        if cnt[b] == 0:
            items &= ~(<uint64_t>1 << b)
        if b < NPROD:
            goods += 1
        if b < first:
            first = b
    return first if first < NSET else -1


cdef int set_choice(SJ* s, PolicyCtx* c, int* val) noexcept nogil:
    """For the multi-item decisions (pay, produce, sell, keep, discard, tuck, gold mine): fill
    val[] for the items he has (higher = more wanted for this decision; item i is the good i
    for i < NPROD, else the card i - NPROD) and return the item of the wanted set to play now
    (-1 if none)."""
    cdef int p = c.p
    cdef int ph = s.phase
    cdef int cnt[NSET]
    cdef int i, k, lo, need, cap, tile
    cdef uint32_t m
    cdef uint64_t items = 0
    cdef uint8_t* cards
    if ph == PH_PRODUCE or ph == PH_SELL:
        # produce on the best empty buildings (silver first: dearer goods); sell the goods that
        # fetch the most cards at this tile
        tile = s.tile
        for k in range(NPROD):
            cnt[k] = 0
        for i in range(s.nbld[p]):
            k = s.bld[p][i]
            if k < NPROD and k >= s.last and (s.good[p][i] != 0) == (ph == PH_SELL):
                cnt[k] += 1
                items |= <uint64_t>1 << k
        for k in range(NPROD):
            val[k] = (CARD_WORTH * SJ_PRICE[tile][k] + k) if ph == PH_SELL else 10 + k
        return set_first(items, cnt, val, s.limit - s.cnt, NPROD)
    if ph == PH_PAY:
        # pay with the least useful items: cheap goods (black market) and cards he values least
        cap = 0
        if s.last < NPROD and pay_bm(s, p):
            cap = 2 - s.cnt
            for k in range(NPROD):
                cnt[k] = 0
                val[k] = -(CARD_WORTH * SJ_PRICE[2][k])      # what it would sell for at T3
            for i in range(s.nbld[p]):
                k = s.bld[p][i]
                if s.good[p][i] and k >= s.last:
                    cnt[k] += 1
                    items |= <uint64_t>1 << k
        lo = s.last - NPROD if s.last >= NPROD else 0
        cards = &s.hand[p][0]
        need = s.limit
    else:
        # card choices: keep the most valuable drawn cards (councillor, gold mine); discard or
        # tuck the least valuable hand cards (archive, hand limit, chapel)
        cap = 0
        lo = 0 if ph == PH_GOLD or ph == PH_TUCK else s.last
        need = 1 if ph == PH_GOLD or ph == PH_TUCK else s.limit
        cards = &s.pending[0] if ph == PH_KEEP or ph == PH_GOLD else &s.hand[p][0]
    m = kind_mask(cards) & ~((<uint32_t>1 << lo) - 1)
    while m:
        k = __builtin_ctz(m)
        m &= m - 1
        cnt[NPROD + k] = cards[k]
        val[NPROD + k] = card_value(s, c, k) if (ph == PH_KEEP or ph == PH_GOLD) else -card_value(s, c, k)
        items |= <uint64_t>1 << (NPROD + k)
    return set_first(items, cnt, val, need, cap)


cdef int sj_policy_action(SJ* s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """One playout move among the n offered actions: epsilon-uniform, otherwise the highest
    priority plus a little noise.  Always one of legal[0..n-1]."""
    cdef PolicyCtx c
    cdef int val[NSET]
    cdef int others[5]
    cdef int i, a, v, best, best_v, target, priv, k, r
    cdef int ph = s.phase
    if n == 1:
        return legal[0]
    if rng_below(rng, 1024) < POLICY_EPS:
        return legal[rng_below(rng, n)]
    policy_ctx(s, s.actor, &c)
    target = -1                 # set choices: the item to play now (good t: t, card k: NPROD + k)
    if ph == PH_ROLE:
        # everyone takes the chosen role's action: a role is worth what it brings him minus what
        # it brings the other player who gains most (the search maximises the margin)
        others_gain(s, c.p, others)
    elif ph != PH_BUILD and ph != PH_PLACE:
        target = set_choice(s, &c, val)
    best = legal[0]
    best_v = -1000000000
    for i in range(n):
        a = legal[i]
        if ph == PH_ROLE:
            if a >= A_ROLE_LIB:
                r = a - A_ROLE_LIB
                priv = 2
            else:
                # the library doubles every pick but the 2-player governor's first (or a second
                # one after a doubled first)
                r = a - A_ROLE
                priv = 2 if s.owned[c.p][LIBRARY] else 1
                if s.np == 2 and c.p == s.governor and (s.picks == 0 or s.lib_used):
                    priv = 1
            v = role_priority(s, &c, r, priv) - others[r]
        elif ph == PH_BUILD:
            # the most valuable building for its cost; `pass` only if nothing is worth it
            if a == A_PASS:
                v = 0
            else:
                k = a - A_BUILD
                v = build_priority(s, &c, k, build_cost(s, c.p, k, -1))
        elif ph == PH_PLACE:
            # crane: a new spot (one more building towards 12) beats covering; if he must cover,
            # cover his least valuable building
            if a == A_PLACE_NEW:
                v = PLACE_NEW
            else:
                v = PLACE_NEW // 2 - building_value(s, &c, s.bld[c.p][a - A_COVER])
        elif a == A_PASS:
            # produce / sell: always use the goods; chapel: tuck when the hand can spare a card
            v = -PICKED
            if ph == PH_TUCK and s.hand_n[c.p] < TUCK_MIN_HAND:
                v = 2 * PICKED
        else:
            # set choices: the first item of the wanted set; other offered items by their value
            k = a - A_GOOD if a >= A_GOOD else NPROD + a - A_CARD
            v = val[k] + (PICKED if k == target else 0)
        v = v * POLICY_NOISE + <int>rng_below(rng, POLICY_NOISE * POLICY_NOISE)   # (v + noise) x 4
        if v > best_v:
            best_v = v
            best = a
    return best


cdef inline void play_to_end(SJ* s, uint64_t* rng, bint policy) noexcept nogil:
    """Moves to the end: the heuristic policy's or uniform ones; a forced move draws no number."""
    cdef int buf[128]
    cdef int n
    n = sj_legal(s, buf)
    while n > 0:
        if n == 1:
            do_apply(s, buf[0])
        elif policy:
            do_apply(s, sj_policy_action(s, buf, n, rng))
        else:
            do_apply(s, buf[rng_below(rng, n)])
        n = sj_legal(s, buf)


cdef void sj_policy_playout(SJ* s, uint64_t* rng) noexcept nogil:
    """Heuristic-policy moves (sj_policy_action) to the end."""
    play_to_end(s, rng, True)
