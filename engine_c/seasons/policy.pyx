# cython: language_level=3, cdivision=True
"""A Castle for All Seasons playouts: uniform random moves and the heuristic playout policy
(docs/seasons.md, "Playout policy"), nogil."""
from libc.stdint cimport uint8_t, uint64_t

from libc.math cimport exp

from engine_c._rng cimport rng_below, rng_double
from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *
from engine_c.seasons.rules cimport *
from engine_c.seasons.moves cimport cs_legal

cdef void cs_playout(CS* s, uint64_t* rng) noexcept nogil:
    """Uniformly random legal moves to the end (forced moves take no random draw)."""
    cdef int buf[64]
    cdef int n
    n = cs_legal(s, buf)
    while n > 0:
        if n == 1:
            do_apply(s, buf[0])
        else:
            do_apply(s, buf[rng_below(rng, n)])
        n = cs_legal(s, buf)


# ---------------------------------------------------------------------------------------------
# heuristic playout policy: cheap rules of thumb, no search.  Every offered action gets an
# integer priority in tenths of a victory point (only the order within one decision matters),
# plus uniform noise in [0, POLICY_NOISE); the highest wins.  With probability POLICY_EPS / 1024
# the move is uniform instead.  The noise is large on purpose: the search gains most from
# playouts that lean towards sensible moves yet stay diverse (docs/seasons.md, "Playout
# policy": noise 6 VP beat 0.8 VP and 12 VP).  The numbers of the game (VP, values, fees,
# yields) are read from the data tables, never assumed.

cdef enum:
    POLICY_EPS = 32         # out of 1024: probability of a uniformly random move (3.1 %)
    POLICY_NOISE = 60       # uniform noise in [0, POLICY_NOISE) tenths (6 VP) added to every priority
    BP_W = 5                # a building point of resources in hand is worth half a VP
    SILVER_BP = 4           # a silver bar counts as this many building points (a joker)
    TALER_W = 3             # a taler: 0.3 VP (fees, purchases, the market)
    TALER_NEED = 10         # below this many talers a taler is worth TALER_NEED_W
    TALER_NEED_W = 6
    CARD_W = 12             # a card the master builder returns, if the rounds left can use it
    MASTER_BUILDS = 4       # master builder: tenths of a building each other player is expected to erect
    TRADER_RECUR = 2        # trader: the spot pays again in later rounds (times this, at most)
    WORKER_KEEP = 20        # worker build: passes unless the half VP beat this (stonemason in hand)
    BRICK_PASS = 30         # bricklayer build (no VP): pass unless a building earns this
    BRICK_PIECE = 3         # bricklayer: per piece paid (a taler, and helper places)
    HELPER_COST = 15        # a helper put in the castle (it could have traded)
    SILVER_USE = 40         # pay step: per silver bar spent as a joker
    KEEP_KIND = 15          # pay step: keep at least one piece of the kind paid
    BUY_PASS = 4            # stonemason purchase: the talers and the gift to the seller
    PRIO_SHIFT = 8          # priorities are shifted left this much before the noise is added
    MODEL_STAGES = 15       # the fitted card choice's weights per rounds left after this one (0 .. 14)

# A fitted model of the card choice (use_card_model; engine_c/seasons/card_model.py, written by
# scripts/fit_card_model.py from the search's own choices): per player count a weight on the
# policy's worth of a card and a weight per (rounds left, card); the policy then draws the card
# from that softmax instead of taking its best card with noise.  Not loaded: the hand-written choice.
cdef bint MODEL_LOADED[5]
cdef double MODEL_WORTH[5]
cdef double MODEL_BIAS[5][MODEL_STAGES][NCARD]


def use_card_model(players, model):
    """Load the fitted card choice for a player count (``{"worth": a, "bias": MODEL_STAGES rows of
    NCARD numbers}``), or go back to the hand-written choice with ``model=None``."""
    cdef int t, c
    if not 2 <= players <= 4:
        raise ValueError(f"card model: player count must be 2-4, got {players!r}")
    if model is None:
        MODEL_LOADED[players] = False
        return
    rows = model.get("bias") if isinstance(model, dict) else None
    if rows is None or "worth" not in model or len(rows) != MODEL_STAGES or any(len(r) != NCARD for r in rows):
        raise ValueError(f"card model for {players} players: worth and {MODEL_STAGES} bias rows of {NCARD} numbers expected")
    MODEL_WORTH[players] = float(model["worth"])
    for t in range(MODEL_STAGES):
        for c in range(NCARD):
            MODEL_BIAS[players][t][c] = float(rows[t][c])
    MODEL_LOADED[players] = True


def card_model_loaded(players):
    """Whether the fitted card choice is in use for a player count."""
    return 2 <= players <= 4 and MODEL_LOADED[players]


cdef inline int budget_of(int* r, int* kinds) noexcept nogil:
    """Building points pieces r can pay (silver as SILVER_BP) and the kinds they make."""
    cdef int k, b = r[SILVER] * SILVER_BP, n = r[SILVER]
    for k in range(4):
        if r[k]:
            n += 1
            b += r[k] * CS_BP[k]
    kinds[0] = n
    return b


cdef int build_vp(CS* s, int* r, int div) noexcept nogil:
    """Tenths of VP the best two buildings pieces r could pay would earn (VP / div each), by the
    payment bound (a quick estimate: exact sums and kinds after the first are not checked)."""
    cdef int kinds, b, t, j, best, bt, v = 0
    cdef int used[NB]
    b = budget_of(r, &kinds)
    if kinds < CS_K[K_MIN_KINDS]:
        return 0
    for t in range(NB):
        used[t] = 0
    for j in range(CS_K[K_MAX_BUILDS]):
        best = 0
        bt = -1
        for t in range(NB):
            if s.tiles[t] > used[t] and CS_VALUE[t] <= b and CS_VP[t] * 10 > best:
                best = CS_VP[t] * 10
                bt = t
        if bt < 0:
            break
        used[bt] += 1
        b -= CS_VALUE[bt]
        v += best // div
    return v


cdef inline int taler_w(CS* s, int p) noexcept nogil:
    """Worth of one taler to p (tenths of VP): more while he is short of them."""
    return TALER_NEED_W if s.talers[p] < TALER_NEED else TALER_W


cdef inline int rounds_left(CS* s) noexcept nogil:
    """Rounds after this one (0 in the last round)."""
    if s.last_round:
        return 0
    return s.rounds - s.round


cdef inline int spot_worth(CS* s, int k) noexcept nogil:
    """Building points one payout of spot k brings its owner (the tribute deducted)."""
    cdef int n = CS_YIELD[k] + s.w_mod[MOD_YIELD] - CS_K[K_TRIBUTE]
    if n <= 0:
        return 0
    return n * (SILVER_BP if k == SILVER else CS_BP[k])


cdef int model_card(CS* s, int p, int* legal, int n, uint64_t* rng) noexcept nogil:
    """The fitted model's draw among the offered cards.  2 players choose a pair in increasing order:
    the first card c with weight e(c) x (the sum of e(d) over cards d > c he may take), the second
    with weight e(d), which draws the pair with weight e(c) e(d); e = exp(worth weight x worth / 10 +
    bias[rounds left][card])."""
    cdef double e[NCARD]
    cdef double w[NCARD]
    cdef double total = 0.0, above, top = -1e300, x
    cdef int c, d, j, left = rounds_left(s), valid = valid_cards(s, p) & ~s.sel[p]
    if left < 0:
        left = 0
    elif left >= MODEL_STAGES:
        left = MODEL_STAGES - 1
    for c in range(NCARD):
        if valid & (1 << c):
            x = MODEL_WORTH[s.np] * card_value(s, p, c) / 10.0 + MODEL_BIAS[s.np][left][c]
            e[c] = x
            if x > top:
                top = x
    for c in range(NCARD):
        if valid & (1 << c):
            e[c] = exp(e[c] - top)               # scaled by a constant: the draw is the same
        else:
            e[c] = 0.0
    for j in range(n):
        c = legal[j] - A_PICK
        w[j] = e[c]
        if s.np == 2 and s.sel[p] == 0:
            above = 0.0
            for d in range(c + 1, NCARD):
                above += e[d]
            w[j] *= above
        total += w[j]
    if total <= 0.0:
        return legal[rng_below(rng, n)]
    x = rng_double(rng) * total
    for j in range(n - 1):
        x -= w[j]
        if x < 0.0:
            return legal[j]
    return legal[n - 1]


cdef int card_value(CS* s, int p, int c) noexcept nogil:
    """Worth (tenths of VP) of playing card c this round for p, from his position now."""
    cdef int r[NRES]
    cdef int k, m, v, h, plays, left
    for k in range(NRES):
        r[k] = s.res[p][k]
    if c == C_MESSENGER:
        v = CS_K[K_MESSENGER] + s.w_mod[MOD_MESSENGER]
        if v > s.bank:
            v = s.bank
        return v * taler_w(s, p) if v > 0 else 0
    if c == C_TRADER:
        if s.helpers[p] == 0:
            return 0
        m = trader_spots(s, p)
        v = 0
        for k in range(NSPOT):
            if m & (1 << k) and spot_worth(s, k) > v:
                v = spot_worth(s, k)
        left = rounds_left(s)
        return v * BP_W * (1 + (left if left < TRADER_RECUR else TRADER_RECUR)) // 2
    if c == C_BRICKLAYER:
        v = 0
        for k in range(NRES):
            h = s.tower[k] * (SILVER_BP if k == SILVER else CS_BP[k])
            if h > v:
                v = h
        return v * BP_W
    if c == C_STONEMASON:
        return build_vp(s, r, 1)
    if c == C_MASTER:
        # returns the cards played so far, worth something only if the rounds left can play them
        h = __builtin_popcount(s.hand[p] & ~s.sel[p])
        plays = rounds_left(s) * picks_per_player(s)
        v = 8 - h
        if v > plays - h + 1:
            v = plays - h + 1
        if v < 0:
            v = 0
        k = CS_K[K_MASTER_VP] + s.w_mod[MOD_MASTER_VP]
        return v * CARD_W + k * (s.np - 1) * MASTER_BUILDS
    # a worker: its pieces, then half-VP buildings with them
    k = c - C_WORKER1
    v = 0
    for m in range(NRES):
        r[m] += CS_WORKER[k][m]
        v += CS_WORKER[k][m] * (SILVER_BP if m == SILVER else CS_BP[m])
    if k == 1:
        r[CLAY] += 2                # worker2's two free pieces, clay when the stock has it
        v += 2 * CS_BP[CLAY]
    return v * BP_W + build_vp(s, r, CS_K[K_WORKER_DIV])


cdef int select_priority(CS* s, int p, int c, int* val) noexcept nogil:
    """Choosing card c: its worth; the first of two (2 players) adds the best card still
    choosable above it, since the pair is chosen in increasing order."""
    cdef int d, best, m
    if s.np != 2 or s.sel[p]:
        return val[c]
    m = valid_cards(s, p) & ~(1 << c)
    best = -1000000
    for d in range(c + 1, NCARD):
        if m & (1 << d) and val[d] > best:
            best = val[d]
    return val[c] + best


cdef int place_value(CS* s, int p, int pl) noexcept nogil:
    """Final-scoring VP (tenths) a helper on place pl would earn, counted in the position now."""
    cdef int hb = CS_PLACE_HB[pl]
    cdef int k, n, count, cap
    if hb == HB_MARKET:
        n = s.talers[p] - place_fee(s, pl)
        if n < 0:
            n = 0
        return 10 * CS_PVP[pl] * (n // CS_PPER[pl])
    if hb == HB_PALACE:
        cap = CS_PPER[pl]
        count = 0
        for k in range(SILVER, -1, -1):
            n = s.res[p][k] if s.res[p][k] < cap else cap
            count += n * (SILVER_BP if k == SILVER else CS_BP[k])
            cap -= n
        # pieces keep coming, so count at least an average hand
        if count < CS_PPER[pl] * 2:
            count = CS_PPER[pl] * 2
        return 10 * CS_PVP[pl] * count
    if hb == HB_FORGE:
        count = s.forge + 2
    elif hb == HB_SERVANTS:
        count = tiles_left(s) // 2
    elif hb == HB_KEEP:
        count = 0
        for k in range(NPLACE):
            if s.place_owner[k] == NOBODY and hb_erected(s, CS_PLACE_HB[k]):
                count += 1
        count = count // 2
    elif hb == HB_TAVERN:
        count = 2
        for k in range(NPLACE):
            if s.place_owner[k] != NOBODY:
                count += 1
    elif hb == HB_BIG_GATE or hb == HB_SMALL_GATE:
        count = CS_TILES[B_TOWER] - s.tiles[B_TOWER] + 1
    else:
        count = CS_TILES[B_HOUSE] - s.tiles[B_HOUSE] + 1
    return 10 * CS_PVP[pl] * (count // CS_PPER[pl])


cdef int buy_gain(CS* s, int p, int k) noexcept nogil:
    """Tenths of VP the stonemason's buildings gain from one more piece of kind k."""
    cdef int r[NRES]
    cdef int m, before
    for m in range(NRES):
        r[m] = s.res[p][m]
    before = build_vp(s, r, 1)
    r[k] += 1
    return build_vp(s, r, 1) - before + (SILVER_BP if k == SILVER else CS_BP[k])


cdef int action_priority(CS* s, int p, int a, int* val) noexcept nogil:
    """Priority (tenths of VP) of offered action a for the player to act, p."""
    cdef int ph = s.phase
    cdef int c, k, n, have, extra, t, v, kind
    if ph == PH_SELECT:
        return select_priority(s, p, a - A_PICK, val)
    if ph == PH_BUILD:
        c = s.queue[s.qi] & 7
        if a == A_PASS:
            if rounds_left(s) == 0:
                return 0                # pieces left over are worth only the tie-break
            if c == C_BRICKLAYER:
                return BRICK_PASS
            if c != C_STONEMASON and (s.hand[p] & (1 << C_STONEMASON)):
                return WORKER_KEEP      # save the pieces for the stonemason's full VP
            return 0
        t = a - A_BUILD
        if c == C_STONEMASON:
            return 10 + 10 * CS_VP[t]
        if c == C_BRICKLAYER:
            return 10 + BRICK_PIECE * CS_VALUE[t] // 2 + (10 if t < B_TOWER else 0)
        return 10 + 10 * CS_VP[t] // CS_K[K_WORKER_DIV]
    if ph == PH_PAY:
        kind = CS_PAY_KIND[s.pay_k]
        n = (a - A_PAY) % 16
        have = s.res[p][kind]
        extra = n - have if n > have else 0
        v = -SILVER_USE * extra
        if have > 0 and n >= have:
            v -= KEEP_KIND
        if (s.queue[s.qi] & 7) == C_BRICKLAYER:
            v -= n * CS_BP[kind] * BRICK_PIECE // 2     # sand last: more pieces, more talers
        return v
    if ph == PH_HELPER:
        if a == A_PASS:
            return 0
        k = a - A_PLACE
        return place_value(s, p, k) - place_fee(s, k) * taler_w(s, p) - HELPER_COST
    if ph == PH_SOURCE:
        if a == A_SOURCE:
            return 100                  # from his stock: the traders keep earning
        return -spot_worth(s, a - A_SOURCE - 1)
    if ph == PH_TRADER:
        k = a - A_SPOT
        v = spot_worth(s, k) * BP_W
        if s.spot_owner[k] != NOBODY:
            v += spot_worth(s, k) * BP_W // 2      # the displaced opponent loses it
        return v
    if ph == PH_TOWER:
        k = a - A_TOWER
        return s.tower[k] * (SILVER_BP if k == SILVER else CS_BP[k])
    if ph == PH_BUY:
        if a == A_PASS:
            return BUY_PASS * taler_w(s, p)
        return buy_gain(s, p, (a - A_BUY) % 5) * BP_W // 2
    if ph == PH_LOAD:
        k = a - A_LOAD
        v = CS_BP[CS_LOAD_A[k]] + CS_BP[CS_LOAD_B[k]]
        if s.res[p][CS_LOAD_A[k]] == 0 or s.res[p][CS_LOAD_B[k]] == 0:
            v += 2                      # a kind he lacks (payments need three kinds)
        return v
    if ph == PH_WINTER:
        if a == A_WINTER:
            return 0
        c = s.w_drawn[s.w_n - 1]
        k = CS_WWHAT[c]
        if k == WHAT_VP:
            v = 10 * CS_WN[c]
        elif k == WHAT_TALERS:
            v = 0
        else:
            v = CS_WN[c] * BP_W * (SILVER_BP if k == SILVER else CS_BP[k])
        return v - CS_WCOST[c] * taler_w(s, p)
    return 0


cdef int cs_policy_action(CS* s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """Playout policy: the offered action of highest priority plus noise, or a uniform one with
    probability POLICY_EPS / 1024.  ``legal`` may be any subset of the legal moves (the search
    asks among its untried moves); a single move is returned without drawing."""
    cdef int j, c, v, best, best_v, p
    cdef int val[NCARD]
    if n == 1:
        return legal[0]
    if rng_below(rng, 1024) < POLICY_EPS:
        return legal[rng_below(rng, n)]
    p = s.actor
    if s.phase == PH_SELECT:
        if MODEL_LOADED[s.np]:
            return model_card(s, p, legal, n, rng)
        for c in range(NCARD):
            val[c] = card_value(s, p, c) if (valid_cards(s, p) & (1 << c)) else -1000000
    best = 0
    best_v = -2147483647
    for j in range(n):
        v = action_priority(s, p, legal[j], val) * PRIO_SHIFT + <int>rng_below(rng, POLICY_NOISE * PRIO_SHIFT)
        if v > best_v:
            best_v = v
            best = j
    return legal[best]


cdef void cs_policy_playout(CS* s, uint64_t* rng) noexcept nogil:
    """The playout policy to the end of the game."""
    cdef int buf[64]
    cdef int n
    n = cs_legal(s, buf)
    while n > 0:
        do_apply(s, cs_policy_action(s, buf, n, rng))
        n = cs_legal(s, buf)
