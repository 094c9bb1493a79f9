# cython: language_level=3, cdivision=True
"""Tiletum playouts: uniform random moves and the heuristic playout policy (nogil; docs/tiletum.md,
"Playout policy").

The file is long because the policy is one piece: every decision kind's priority reads the same
per-decision context (needs, routes, die values) and the values a playout keeps between decisions;
a split would turn those shared inline helpers into calls across modules on the hot path."""
from libc.stdint cimport uint64_t

from engine_c._rng cimport rng_below, rng_next
from engine_c.game cimport MAX_LEGAL, GameState
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *
from engine_c.tiletum.rules cimport *
from engine_c.tiletum.moves cimport tt_legal, tt_apply


cdef void tt_random_playout(TT* s, uint64_t* rng) noexcept nogil:
    """Uniformly random legal moves to the end (stops at a position without a legal move)."""
    cdef int buf[MAX_LEGAL]
    cdef int n
    while s.phase != PH_OVER:
        n = tt_legal(s, buf)
        if n == 0:                  # a stuck position (the reader refuses them): never divide by 0
            return
        tt_apply(s, buf[rng_below(rng, n)])


# ---------------------------------------------------------------------------------------------
# heuristic playout policy: every offered action gets an integer priority computed from the
# position (roughly tenths of a VP; only the order within one decision matters) plus a little
# uniform noise, and the highest wins; with probability POL_EPS / 1024 the move is uniform.

cdef enum:
    POL_EPS = 32            # out of 1024: a uniformly random move (3 %), keeps playouts varied
    POL_NOISE_BITS = 6      # noise in [0, 64) eighths of a priority unit: [0, 8) units
    FAR = 99                # distance of a city from which no target is reachable
    NO_VALUE = -1000000     # a die value not computed yet in this decision
    # resources: worth of one unit (tenths of a VP); a unit that covers a need is worth more
    RES_BASE = 3            # 1 VP per 4 resources at the end, a little flexibility on top
    RES_NEED = 14           # a unit a stored contract, a crest or a cathedral is still short of
    GOLD_UNIT = 4           # one gold (die adjustments, purchases, 1/4 VP at the end)
    # free actions that score: always before anything else
    P_FULFIL = 200          # + 10 x VP
    P_CATH = 200            # + 10 x VP
    P_CREST = 220
    P_BUILD = 180           # a house or pillar on the map (houses x pillars at the end)
    # sub-actions
    P_PLACE = 120           # place a stored person (+ P_FULL if it fills a building B1-B5)
    P_FULL = 30             # half of it for B6 (no house on top)
    P_MOVE_REACH = 90       # a step toward a building space reachable with the AP left
    P_MOVE_CLOSER = 25      # a step toward one that needs more AP than are left
    P_TAKE_PERSON_NOW = 80  # take a person that can be placed with the AP left
    P_TAKE_PERSON = 20      # one that fits a building later
    P_TAKE_CONTRACT = 100   # + 10 x VP: a contract fulfillable now (with the AP left for trades)
    P_KEEP_CONTRACT = 12    # + VP - 3 x shortfall: one for later (storage allowing)
    P_TRADE = 110           # a trade that covers a stored contract's shortfall
    P_BUY = 60              # a purchase that covers a shortfall gold can close
    P_KING = 60             # + 6 per step
    P_MAPBONUS = 45         # a map bonus tile (with 2+ free storage spaces; else P_MAPBONUS_TIGHT)
    P_MAPBONUS_TIGHT = 6
    P_END_SPENT = 40        # end the turn with no AP left
    P_END_LEFT = 10         # end it with AP left: above the aimless moves below
    P_AIMLESS = 2           # moves that get nowhere, refreshes, trades and purchases without need
    # dice: value of the action a die gives, by what it lets the player do
    D_BUILD = 120           # reach and build a house / pillar
    D_PLACE = 70            # place a person (one in storage, or one taken from the display)
    D_CONTRACT = 50         # + 10 x VP: take and fulfil a contract
    D_KING_STEP = 6         # per king step
    D_AP = 3                # per AP otherwise
    D_WHEEL_BONUS = 15      # the segment's bonus tile comes with the die
    # free actions before the die or in the king phase (making storage room for a bonus tile): the
    # policy leaves them to the search and plays as if they were not offered
    P_OUTSIDE = -1000000


ctypedef struct Memo:
    # what one playout (tt_playout) keeps from decision to decision; a value is used again only
    # while everything it depends on is unchanged (its key), so the choices are the same as without
    int stone_key[MAXP]     # cathedral_stone's key for each player, -1 none yet
    int stone_want[MAXP]    # its stone for the cheapest cathedral the player may contribute to
    int route_key[MAXP][2]  # route()'s key for each player's merchant / architect, -1 none yet
    int route_dist[MAXP][2] # its c.dist
    int route_good[MAXP][2][MAX_NB]     # its c.good


ctypedef struct Ctx:
    Memo* memo              # NULL: a single decision (tt_policy_action), nothing kept
    TT* s                   # the position (for the needs worked out on first use)
    int p
    int res[NRES]           # the player's resources
    int need[NRES]          # units short: stored contracts, food for a crest, stone for a cathedral
                            # (the last two worked out on first use: read need through need_of)
    int pending             # bit r: need[r] still lacks its crest / cathedral part (FOOD, STONE)
    int spare[NRES]         # units beyond what the stored contracts use
    int short_total         # sum of need over the stored contracts' resources
    int room                # free storage spaces
    int open_contracts      # stored contracts not yet fulfilled
    int routed[2]           # merchant / architect: route() done in this decision
    int dist[2]             # roads to the nearest city where the piece could build
    int good[2][MAX_NB]     # first roads of such a shortest way


cdef inline int imax(int a, int b) noexcept nogil:
    """The larger of two ints."""
    return a if a > b else b


cdef inline int imin(int a, int b) noexcept nogil:
    """The smaller of two ints."""
    return a if a < b else b


cdef inline bint has_crest_tile(TT* s, int p) noexcept nogil:
    """p has a crest tile (from a contract or a bonus tile) in storage."""
    cdef int i, t
    for i in range(s.pl[p].nstore):
        t = s.pl[p].store[i]
        if t == T_CREST or (T_BONUS <= t < T_PERSON and TT_BONUS_KIND[t - T_BONUS] == E_CREST):
            return True
    return False


cdef void ctx_init(TT* s, int p, Ctx* c, Memo* memo) noexcept nogil:
    """The player's needs: what the stored contracts still lack (a crest's food and a cathedral's
    stone: need_of)."""
    cdef int r, i, t, cid
    cdef int used[NRES]
    c.memo = memo
    c.s = s
    c.p = p
    c.routed[0] = c.routed[1] = 0
    c.pending = (1 << FOOD) | (1 << STONE)
    c.room = NSTORE - s.pl[p].nstore
    c.open_contracts = 0
    for r in range(NRES):
        c.res[r] = s.pl[p].res[r]
        used[r] = 0
    for i in range(s.pl[p].nstore):
        t = s.pl[p].store[i]
        if T_CONTRACT <= t < T_CREST:
            cid = t - T_CONTRACT
            c.open_contracts += 1
            for r in range(NRES):
                used[r] += TT_CONTRACT_COST[cid][r]
    c.short_total = 0
    for r in range(NRES):
        c.need[r] = imax(0, used[r] - c.res[r])
        c.short_total += c.need[r]
        c.spare[r] = imax(0, c.res[r] - used[r])
    # food for a crest and stone for a cathedral: worked out on first use (need_of), since they cost
    # as much as the rest and most decisions never read them


cdef void crest_food(Ctx* c) noexcept nogil:
    """Raise need[FOOD] to the food for a crest on a full uncrested building (only worth it with a
    crest tile in storage)."""
    cdef TT* s = c.s
    cdef int p = c.p
    cdef int b, want
    c.pending &= ~(1 << FOOD)
    if c.room < NSTORE and has_crest_tile(s, p):
        for b in range(NBLD):
            if s.pl[p].bld_n[b] == TT_FLOORS[b] and not s.pl[p].crested[b]:
                want = TT_CREST_FOOD[b] - c.res[FOOD]
                if want > c.need[FOOD]:
                    c.need[FOOD] = want
                break


cdef void cathedral_stone(Ctx* c) noexcept nogil:
    """Raise need[STONE] to the stone for the cheapest cathedral the player may contribute to (own
    pillar there, not yet his)."""
    cdef TT* s = c.s
    cdef int p = c.p
    cdef int k, key, want = 0
    c.pending &= ~(1 << STONE)
    if s.pl[p].pillars_built == 0:
        return
    # Within a playout the answer changes only when p builds a pillar (pillars_built), contributes
    # to a cathedral (cath_mask) or anyone takes a cathedral tile (the tiles taken only grow, so
    # their sum tells); the costs are fixed from the deal on.
    key = 0
    for k in range(NCATH):
        key += s.cath_taken[k]
    key = (key << 24) | (s.pl[p].cath_mask << 8) | s.pl[p].pillars_built
    if c.memo != NULL and c.memo.stone_key[p] == key:
        want = c.memo.stone_want[p]
    else:
        # (the minimum over the eligible ones: the cheap tests first, the pillar scan last)
        for k in range(NCATH):
            if (s.cath_cost[k] and (want == 0 or s.cath_cost[k] < want)
                    and not (s.pl[p].cath_mask >> k) & 1 and cath_top_vp(s, k) > 0
                    and own_pillar_in(s, p, TT_CATH_CITY[k])):
                want = s.cath_cost[k]
        if c.memo != NULL:
            c.memo.stone_key[p] = key
            c.memo.stone_want[p] = want
    if want - c.res[STONE] > c.need[STONE]:
        c.need[STONE] = want - c.res[STONE]


cdef inline int need_of(Ctx* c, int r) noexcept nogil:
    """Units of resource r the player is short of: the stored contracts', a crest's food and a
    cathedral's stone (the last two worked out here on first use; the same numbers ctx_init
    would give)."""
    if (c.pending >> r) & 1:
        if r == FOOD:
            crest_food(c)
        else:
            cathedral_stone(c)
    return c.need[r]


cdef inline int res_gain_value(Ctx* c, int r, int amount) noexcept nogil:
    """Worth of gaining `amount` of resource r: needed units first."""
    cdef int needed = imin(amount, need_of(c, r))
    return needed * RES_NEED + (amount - needed) * (GOLD_UNIT if r == GOLD else RES_BASE)


cdef inline bint house_target(TT* s, int p, int city) noexcept nogil:
    """A free house space in use at this player count in a city without p's house."""
    cdef int k
    if own_house_in(s, p, city):
        return False
    for k in range(TT_NHOUSE[city]):
        if TT_HOUSE_MINP[city][k] <= s.np and s.house_owner[city][k] == 0:
            return True
    return False


cdef inline bint pillar_target(TT* s, int p, int city) noexcept nogil:
    """A free pillar space in use at this player count in a city without p's pillar."""
    cdef int k
    if own_pillar_in(s, p, city):
        return False
    for k in range(TT_NPILLAR[city]):
        if TT_PILLAR_MINP[city][k] <= s.np and s.pillar_owner[city][k] == 0:
            return True
    return False


cdef void route(TT* s, Ctx* c, int piece) noexcept nogil:
    """Roads from the piece's city to the nearest city where it could build (c.dist, FAR if none,
    0 if it can build where it stands) and which first roads start such a shortest way (c.good).
    Breadth-first from the piece, stopping at the first level holding a target (cheaper than
    distances from every city: most cities have a free space)."""
    cdef int p = c.p
    cdef int j, key = -1, q
    cdef int src = piece_city(s, p, piece)
    cdef Memo* memo = c.memo
    c.routed[piece] = 1
    c.dist[piece] = FAR
    for j in range(MAX_NB):
        c.good[piece][j] = 0
    if (s.pl[p].houses_avail if piece == 0 else s.pl[p].pillars_avail) == 0:
        return
    if memo != NULL:
        # Within a playout the spaces change only when someone builds (the houses / pillars built
        # only grow, so their sum tells): the answer holds while the piece's city and that sum do.
        key = 0
        for q in range(s.np):
            key += s.pl[q].houses_built if piece == 0 else s.pl[q].pillars_built
        key = (key << 8) | src
        if memo.route_key[p][piece] == key:
            c.dist[piece] = memo.route_dist[p][piece]
            for j in range(MAX_NB):
                c.good[piece][j] = memo.route_good[p][piece][j]
            return
    route_search(s, c, piece, src)
    if memo != NULL:
        memo.route_key[p][piece] = key
        memo.route_dist[p][piece] = c.dist[piece]
        for j in range(MAX_NB):
            memo.route_good[p][piece][j] = c.good[piece][j]


cdef void route_search(TT* s, Ctx* c, int piece, int src) noexcept nogil:
    """route()'s breadth-first search from the piece's city src (c.good cleared, pieces left)."""
    cdef int p = c.p
    cdef int queue[NCITY]
    cdef int first[NCITY]
    cdef int level[NCITY]
    cdef bint seen[NCITY]
    cdef int head = 0, tail = 0, city, j, nb, found = FAR
    if (house_target(s, p, src) if piece == 0 else pillar_target(s, p, src)):
        c.dist[piece] = 0
        return
    for city in range(NCITY):
        seen[city] = False
    seen[src] = True
    for j in range(TT_NNB[src]):
        nb = TT_NB[src][j]
        if not seen[nb]:
            seen[nb] = True
            queue[tail] = nb
            first[tail] = j
            level[tail] = 1
            tail += 1
    while head < tail:
        if level[head] > found:
            break
        city = queue[head]
        if house_target(s, p, city) if piece == 0 else pillar_target(s, p, city):
            found = level[head]
            c.good[piece][first[head]] = 1
        elif found == FAR:
            for j in range(TT_NNB[city]):
                nb = TT_NB[city][j]
                if not seen[nb]:
                    seen[nb] = True
                    queue[tail] = nb
                    first[tail] = first[head]
                    level[tail] = level[head] + 1
                    tail += 1
        head += 1
    c.dist[piece] = found


cdef inline int piece_dist(TT* s, Ctx* c, int piece) noexcept nogil:
    """Roads from the piece to the nearest city where it could build (computed once per decision)."""
    if not c.routed[piece]:
        route(s, c, piece)
    return c.dist[piece]


cdef inline int place_floor(TT* s, int p, int pid) noexcept nogil:
    """Floor (= AP) the cheapest placement of person pid would take, 0 if it fits nowhere."""
    cdef int typ = TT_PERSON_TYPE[pid]
    cdef int b
    for b in range(NBLD):
        if s.pl[p].bld_type[b] == typ + 1:      # a kind lives in one building only
            return s.pl[p].bld_n[b] + 1 if s.pl[p].bld_n[b] < TT_FLOORS[b] else 0
    for b in range(NBLD):
        if s.pl[p].bld_type[b] == 0:
            return 1
    return 0


cdef inline int effect_value(Ctx* c, int kind, int arg, int amt) noexcept nogil:
    """Rough worth of an effect of a person or bonus tile."""
    if kind == E_VP:
        return 10 * amt
    if kind == E_RES:
        return res_gain_value(c, arg, amt)
    if kind == E_ANY:
        return 8 * amt
    if kind == E_KING:
        return D_KING_STEP * amt
    if kind == E_AP or kind == E_APACT:
        return 8 * amt
    if kind == E_SWAP:
        return 6 * amt if c.short_total else 1
    return 3


cdef int contract_reach(Ctx* c, int cid, int trades, int* res) noexcept nogil:
    """Shortfall of contract cid against res, if `trades` one-for-one exchanges can close it; else -1."""
    cdef int r, d = 0, surplus = 0, x
    for r in range(NRES):
        x = res[r] - TT_CONTRACT_COST[cid][r]
        if x < 0:
            d -= x
        else:
            surplus += x
    if d <= trades and d <= surplus:
        return d
    return -1


cdef int action_value(TT* s, Ctx* c, int act, int ap, int* res) noexcept nogil:
    """Worth of performing action act with ap AP and resources res (die gains included)."""
    cdef int p = c.p
    cdef int d, i, t, f, best, v, k
    if ap <= 0:
        return 0
    if act == MERCHANT or act == ARCHITECT:
        d = piece_dist(s, c, act)
        if d + 1 <= ap:
            return D_BUILD + (ap - d - 1) * D_AP
        if d < FAR:
            return ap * D_AP + 5
        return ap * 2
    if act == PERSONS:
        best = ap * 2
        for i in range(s.pl[p].nstore):
            t = s.pl[p].store[i]
            if T_PERSON <= t < T_CONTRACT:
                f = place_floor(s, p, t - T_PERSON)
                if 0 < f <= ap:
                    return D_PLACE + (ap - f) * D_AP
        if c.room > 0:
            for i in range(NDISP):
                if s.person_disp[i]:
                    f = place_floor(s, p, s.person_disp[i] - 1)
                    if 0 < f <= ap - 1:
                        return D_PLACE - 10 + (ap - 1 - f) * D_AP
        return best
    if act == CONTRACTS:
        best = ap * 2
        for i in range(s.pl[p].nstore):      # stored ones that trades would complete
            t = s.pl[p].store[i]
            if T_CONTRACT <= t < T_CREST:
                k = contract_reach(c, t - T_CONTRACT, ap + s.swaps, res)
                if k > 0:
                    v = D_CONTRACT + 10 * TT_CONTRACT_VP[t - T_CONTRACT] - k * D_AP
                    best = imax(best, v)
        if c.room > 0:
            for i in range(NDISP):
                if s.contract_disp[i] and TT_SLOT_COST[i] <= ap:
                    k = contract_reach(c, s.contract_disp[i] - 1, ap - TT_SLOT_COST[i], res)
                    if k >= 0:
                        v = D_CONTRACT + 10 * TT_CONTRACT_VP[s.contract_disp[i] - 1] - k * D_AP
                        best = imax(best, v)
        return best
    if act == KING:
        return ap * D_KING_STEP
    return ap * D_AP


cdef int die_take_value(TT* s, Ctx* c, int col, int w, int* wcache) noexcept nogil:
    """Worth of a die of colour col showing w once taken: resources, the action with its AP, the
    wheel bonus (the gold an adjustment costs is not counted here).  Only the contracts action
    depends on the die's colour (its resources); the other actions' worth depends on w alone and
    is kept in wcache[w - 1] for the decision (the jester: the best of them)."""
    cdef int p = c.p
    cdef int seg = wheel_action(s, w)
    cdef int res[NRES]
    cdef int r, k, ap, val, fixed = 0
    val = res_gain_value(c, col, w)
    ap = TT_AP_TOTAL - w + s.pl[p].bonus_ap[seg]
    if seg != CONTRACTS:
        fixed = wcache[w - 1]
        if fixed == NO_VALUE:
            if seg == JESTER:
                fixed = 0
                for k in range(5):
                    if k != CONTRACTS:
                        fixed = imax(fixed, action_value(s, c, k, ap + s.pl[p].bonus_ap[k], c.res))
            else:
                fixed = action_value(s, c, seg, ap, c.res)
            wcache[w - 1] = fixed
    if seg == CONTRACTS or seg == JESTER:
        for r in range(NRES):
            res[r] = c.res[r]
        res[col] += w
        if seg == JESTER:
            val += imax(fixed, action_value(s, c, CONTRACTS, ap + s.pl[p].bonus_ap[CONTRACTS], res))
        else:
            val += action_value(s, c, CONTRACTS, ap, res)
    else:
        val += fixed
    if s.wheel_bonus[seg] and not (s.seg_used >> seg) & 1 and c.room > 0:
        val += D_WHEEL_BONUS
    return val


cdef inline int die_value(TT* s, Ctx* c, int a, int* cache) noexcept nogil:
    """Worth of die action a (colour, value, adjusted value) less the gold the adjustment costs;
    cache[col * 6 + w - 1] keeps the worth of each (colour, final value) of this decision,
    cache[NRES * 6 + w - 1] the colour-free part (die_take_value)."""
    cdef int col = a // 36
    cdef int v = (a // 6) % 6 + 1
    cdef int w = a % 6 + 1
    cdef int steps = die_steps(s.die_wrap, v, w)
    cdef int* slot = &cache[col * 6 + w - 1]
    if slot[0] == NO_VALUE:
        slot[0] = die_take_value(s, c, col, w, &cache[NRES * 6])
    return slot[0] - steps * TT_DIE_STEP_GOLD * GOLD_UNIT


cdef int move_priority(TT* s, Ctx* c, int piece, int j, int ap_after) noexcept nogil:
    """A step of a piece along road j: worth it only toward a city where it can build."""
    cdef int d = piece_dist(s, c, piece)
    if d == 0 or d == FAR or not c.good[piece][j]:
        return P_AIMLESS - 1
    if d <= ap_after:               # d - 1 more steps, then the build
        return P_MOVE_REACH
    return P_MOVE_CLOSER


cdef int act_priority(TT* s, Ctx* c, int a) noexcept nogil:
    """Priority of an action of the action part (sub-action, free action or the end)."""
    cdef int p = c.p
    cdef int i, b, t, f, k, r, cid, pid
    # the most frequent kinds first (trades, discards, the end: about two thirds of the actions
    # offered here), then the rest in code order
    if A_TRADE <= a < A_KING:
        r = (a - A_TRADE) // 5
        k = (a - A_TRADE) % 5
        if c.spare[r] > 0 and need_of(c, k) > 0:
            return P_TRADE
        return 0
    if A_DISCARD <= a < A_FREEMOVE:
        return 1 if c.room == 0 else 0
    if a == A_END:
        return P_END_LEFT if s.ap > 0 else P_END_SPENT
    if a < A_MAPBONUS:
        return move_priority(s, c, s.act, a - A_MOVE, s.ap - 1)
    if a < A_BUILD:
        return P_MAPBONUS if c.room >= 2 else P_MAPBONUS_TIGHT
    if a < A_REFRESH:
        k = a - A_BUILD
        if s.act == MERCHANT:
            return P_BUILD + 10 * (TT_HOUSE_BONUS[piece_city(s, p, 0)][k] == 2)
        return P_BUILD
    if a == A_REFRESH:
        return P_AIMLESS
    if a < A_PLACE:
        pid = s.person_disp[a - A_TAKEPERSON] - 1
        f = place_floor(s, p, pid)
        if f == 0:
            return 0
        if f <= s.ap - 1:
            return P_TAKE_PERSON_NOW + effect_value(c, TT_PERSON_KIND[pid], TT_PERSON_ARG[pid], TT_PERSON_AMT[pid]) // 2
        return P_TAKE_PERSON
    if a < A_TAKECONTRACT:
        i = (a - A_PLACE) // 6
        b = (a - A_PLACE) % 6
        pid = s.pl[p].store[i] - T_PERSON
        f = P_PLACE + effect_value(c, TT_PERSON_KIND[pid], TT_PERSON_ARG[pid], TT_PERSON_AMT[pid])
        if s.pl[p].bld_n[b] + 1 == TT_FLOORS[b]:
            f += P_FULL if TT_BHOUSE[b] else P_FULL // 2
        return f - s.pl[p].bld_n[b] * 5      # cheaper floors first
    if a < A_TRADE:
        i = a - A_TAKECONTRACT
        cid = s.contract_disp[i] - 1
        k = contract_reach(c, cid, s.ap - TT_SLOT_COST[i] + s.swaps, c.res)
        if k >= 0 and c.open_contracts == 0:
            return P_TAKE_CONTRACT + 10 * TT_CONTRACT_VP[cid] - 5 * TT_SLOT_COST[i]
        if c.open_contracts < 2 and c.room >= 2:
            k = 0
            for r in range(NRES):
                k += imax(0, TT_CONTRACT_COST[cid][r] - c.res[r])
            return imax(1, P_KEEP_CONTRACT + TT_CONTRACT_VP[cid] - 3 * k - 2 * TT_SLOT_COST[i])
        return 1
    if a == A_KING:
        return P_KING + D_KING_STEP * s.ap
    if a < A_CREST:
        r = a - A_BUY
        # only toward a shortfall that purchases can close, and not with gold a contract needs
        if (c.spare[GOLD] >= TT_BUY_GOLD and c.short_total * TT_BUY_GOLD <= c.spare[GOLD] + s.ap * TT_BUY_GOLD
                and need_of(c, r) > 0):
            return P_BUY
        return 0
    if a < A_FULFIL:
        return P_CREST
    if a < A_CATH:
        cid = s.pl[p].store[a - A_FULFIL] - T_CONTRACT
        return P_FULFIL + 10 * TT_CONTRACT_VP[cid]
    if a < A_USE:
        return P_CATH + 10 * cath_top_vp(s, a - A_CATH)
    if a < A_DISCARD:
        t = s.pl[p].store[a - A_USE] - T_BONUS
        k = TT_BONUS_KIND[t]
        if k == E_MOVE:
            return 15
        if k == E_COLOUR:
            return 30 if c.short_total else 1
        if k == E_RETRIG:
            return 40
        return 30 + effect_value(c, k, TT_BONUS_ARG[t], TT_BONUS_AMT[t])
    k = (a - A_FREEMOVE) // 6          # free moves: the actions left
    return move_priority(s, c, k, (a - A_FREEMOVE) % 6, FAR) // 3


cdef int priority(TT* s, Ctx* c, int a, int* cache) noexcept nogil:
    """Priority of offered action a in the current phase (cache: die values of this decision)."""
    cdef int p = c.p
    cdef int k, pid
    if s.phase == PH_DIE:
        if a >= A_WB_TAKE:
            return P_OUTSIDE    # a free action before the die: left to the search (docs/tiletum.md)
        return die_value(s, c, a, cache)
    if s.phase == PH_ACT:
        return act_priority(s, c, a)
    if s.phase == PH_JESTER:
        k = a - A_JESTER
        return action_value(s, c, k, s.ap + s.pl[p].bonus_ap[k] + s.pl[p].bonus_ap[JESTER]
                            + TT_AP_TOTAL - s.die_val, c.res)
    if s.phase == PH_WBONUS or s.phase == PH_KBONUS:
        if a == A_WB_TAKE or a == A_KB_TAKE:
            return 20 if c.room >= 2 else 8
        if a == A_WB_SKIP or a == A_KB_SKIP:
            return 10
        return P_OUTSIDE
    if s.phase == PH_CHOOSE:
        k = a - A_CHOOSE
        if s.choose_mode == CH_RETRIG:
            pid = s.pl[p].bld_person[k][s.pl[p].bld_n[k] - 1] - 1
            return effect_value(c, TT_PERSON_KIND[pid], TT_PERSON_ARG[pid], TT_PERSON_AMT[pid])
        return 10 + need_of(c, k) * 10
    return 0


cdef int tt_policy_action(TT* s, int* legal, int n, uint64_t* rng) noexcept nogil:
    """The playout policy's move among the offered legal actions: the highest priority plus noise."""
    return policy_pick(s, legal, n, rng, NULL)


cdef int policy_pick(TT* s, int* legal, int n, uint64_t* rng, Memo* memo) noexcept nogil:
    """tt_policy_action, with what a playout keeps between its decisions (memo; NULL: nothing)."""
    cdef Ctx c
    cdef int cache[NRES * 6 + 6]
    cdef int i, end, v, best, besti = 0
    cdef uint64_t bits
    if n == 1:
        return legal[0]
    if rng_below(rng, 1024) < POL_EPS:
        return legal[rng_below(rng, n)]
    ctx_init(s, s.actor, &c, memo)
    if s.phase == PH_DIE:
        for i in range(NRES * 6 + 6):
            cache[i] = NO_VALUE
    best = -1 << 30
    i = 0
    while i < n:
        # one 64-bit draw gives the noise of the next 64 // POL_NOISE_BITS actions
        bits = rng_next(rng)
        end = imin(n, i + 64 // POL_NOISE_BITS)
        while i < end:
            v = priority(s, &c, legal[i], cache) * 8 + <int>(bits & ((1 << POL_NOISE_BITS) - 1))
            bits >>= POL_NOISE_BITS
            if v > best:
                best = v
                besti = i
            i += 1
    return legal[besti]


cdef void tt_playout(TT* s, uint64_t* rng) noexcept nogil:
    """The playout policy (tt_policy_action at every decision) to the end (stops when stuck)."""
    cdef int buf[MAX_LEGAL]
    cdef int n, p
    cdef Memo memo
    for p in range(MAXP):
        memo.stone_key[p] = -1
        memo.route_key[p][0] = memo.route_key[p][1] = -1
    while s.phase != PH_OVER:
        n = tt_legal(s, buf)
        if n == 0:                  # a stuck position: stop rather than loop or divide by 0
            return
        tt_apply(s, policy_pick(s, buf, n, rng, &memo))


def _playout_without_memo(GameState state, seed):
    """tt_playout with nothing kept between decisions (each one as tt_policy_action alone), for the
    tests: a playout with the memo must end exactly as this one."""
    from engine_c.validate import seed_to_state
    cdef uint64_t rng = seed_to_state(seed)
    cdef TT* s = <TT*>state._data
    cdef int buf[MAX_LEGAL]
    cdef int n
    with nogil:
        while s.phase != PH_OVER:
            n = tt_legal(s, buf)
            if n == 0:
                break
            tt_apply(s, policy_pick(s, buf, n, &rng, NULL))


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
