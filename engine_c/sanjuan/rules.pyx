# cython: language_level=3
"""San Juan rules: dealing, the phase machine and applying actions, nogil on the SJ struct.

Shared queries and building costs are inline in rules.pxd; legal actions and playouts live
in engine_c/sanjuan/moves.pyx, scoring and hidden-information resampling in engine_c/sanjuan/view.pyx,
the Python-facing state class (JSON, notation, features) in engine_c/sanjuan/state.pyx.
Rule decisions: docs/sanjuan.md.
"""
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint64_t

from engine_c._rng cimport rng_below, shuffle_u8

# ---------------------------------------------------------------------------
# cards: drawing, discarding, hands
# ---------------------------------------------------------------------------



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
        memset(s.public_disc, 0, sizeof(s.public_disc))
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
# game flow
# ---------------------------------------------------------------------------

cdef void sj_new_game(SJ* s, int np, uint64_t rng) noexcept nogil:
    """Deal a new game; chance from ``rng``; every field is overwritten."""
    cdef int k, c, n, p
    memset(s, 0, sizeof(SJ))
    s.rng = rng
    s.np = np
    n = 0
    for k in range(NK):
        c = SJ_COPIES[k] - (np if k == INDIGO else 0)
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
            s.public_disc[k] += s.pending[k]
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
                if seen_costs & (1 << SJ_COST[c]):
                    distinct = False
                seen_costs |= (1 << SJ_COST[c])
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
        s.income += SJ_PRICE[s.tile][k]
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
