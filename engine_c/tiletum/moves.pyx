# cython: language_level=3
"""Tiletum legal actions and apply (nogil), on the TT struct."""
from libc.stdint cimport uint64_t

from engine_c.game cimport TERMINAL
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *
from engine_c.tiletum.rules cimport *


# ---------------------------------------------------------------------------
# helpers
# ---------------------------------------------------------------------------

cdef inline int crest_slot(TT* s, int p) noexcept nogil:
    """Storage space of a crest tile, -1 if none."""
    cdef int i, t
    for i in range(s.pl[p].nstore):
        t = s.pl[p].store[i]
        if t == T_CREST or (T_BONUS <= t < T_PERSON and TT_BONUS_KIND[t - T_BONUS] == E_CREST):
            return i
    return -1


cdef inline int first_slot_holding(TT* s, int p, int code) noexcept nogil:
    """First storage space holding this tile code (crests share one code), -1 if none."""
    cdef int i
    for i in range(s.pl[p].nstore):
        if s.pl[p].store[i] == code:
            return i
    return -1


cdef inline bint type_elsewhere(TT* s, int p, int typ, int b) noexcept nogil:
    """Person kind typ already lives in another of p's buildings."""
    cdef int k
    for k in range(NBLD):
        if k != b and s.pl[p].bld_type[k] == typ + 1:
            return True
    return False


cdef inline bint can_place(TT* s, int p, int pid, int b) noexcept nogil:
    """Person pid may go onto the next floor of building b (AP checked too)."""
    cdef int floor = s.pl[p].bld_n[b]
    cdef int typ = TT_PERSON_TYPE[pid]
    if floor >= TT_FLOORS[b] or floor + 1 > s.ap:
        return False
    if s.pl[p].bld_type[b] != 0 and s.pl[p].bld_type[b] != typ + 1:
        return False
    return not type_elsewhere(s, p, typ, b)


cdef inline bint can_use(TT* s, int p, int bid) noexcept nogil:
    """Bonus tile bid can be used now (crests are only placed, named-action AP only in that action)."""
    cdef int kind = TT_BONUS_KIND[bid]
    cdef int b
    if kind == E_CREST:
        return False
    if kind == E_APACT:
        return s.act == TT_BONUS_ARG[bid]
    if kind == E_COLOUR:
        return s.pl[p].res[s.die_col] > 0
    if kind == E_RETRIG:
        for b in range(NBLD):
            if s.pl[p].bld_n[b]:
                return True
        return False
    return True


cdef inline bint usable_outside_action(int kind) noexcept nogil:
    """A bonus tile whose effect needs no action in progress (resources, VP, king steps): usable
    before the die is taken or in the king phase."""
    return kind == E_RES or kind == E_VP or kind == E_KING


cdef inline bint bonus_tile_waits(TT* s) noexcept nogil:
    """Some wheel segment not yet taken from this round still holds its bonus tile."""
    cdef int seg
    for seg in range(NACT):
        if s.wheel_bonus[seg] and not (s.seg_used >> seg) & 1:
            return True
    return False


cdef inline bint can_fulfil(TT* s, int p, int cid) noexcept nogil:
    """p holds the resources contract cid demands."""
    cdef int r
    for r in range(NRES):
        if s.pl[p].res[r] < TT_CONTRACT_COST[cid][r]:
            return False
    return True


# ---------------------------------------------------------------------------
# legal actions
# ---------------------------------------------------------------------------

cdef int tt_current_player(TT* s) noexcept nogil:
    """The seat to act, or TERMINAL once the game is over."""
    if s.phase == PH_OVER:
        return TERMINAL
    return s.actor                  # (not a conditional expression: Cython would give it actor's unsigned type)


cdef bint buy_can_make_room(TT* s, int p, int r) noexcept nogil:
    """Resource r is one a stored contract, or the food of a crest p could place, still lacks: the
    only purchases that can lead to storage room (outside the action part)."""
    cdef int i, t, b
    for i in range(s.pl[p].nstore):
        t = s.pl[p].store[i]
        if T_CONTRACT <= t < T_CREST and TT_CONTRACT_COST[t - T_CONTRACT][r] > s.pl[p].res[r]:
            return True
    if r == FOOD and crest_slot(s, p) >= 0:
        for b in range(NBLD):
            if (s.pl[p].bld_n[b] == TT_FLOORS[b] and not s.pl[p].crested[b]
                    and TT_CREST_FOOD[b] > s.pl[p].res[FOOD]):
                return True
    return False


cdef int free_actions(TT* s, int p, int* out, int n, bint outside) noexcept nogil:
    """Append the free actions of p (buy, crest, fulfil, cathedral, use, discard; free moves are the
    action part's) to out[n:], ascending; returns the new count. outside: before the die is taken or
    in the king phase, where only what can make storage room for a bonus tile is offered (purchases
    toward a contract or crest, no cathedral, bonus tiles of immediate effect: docs/tiletum.md)."""
    cdef int gold = s.pl[p].res[GOLD]
    cdef int r, b, i, t, c
    if gold >= TT_BUY_GOLD:
        for r in range(1, NRES):
            if not outside or buy_can_make_room(s, p, r):
                out[n] = A_BUY + r
                n += 1
    if crest_slot(s, p) >= 0:
        for b in range(NBLD):
            if (s.pl[p].bld_n[b] == TT_FLOORS[b] and not s.pl[p].crested[b]
                    and s.pl[p].res[FOOD] >= TT_CREST_FOOD[b]):
                out[n] = A_CREST + b
                n += 1
    for i in range(s.pl[p].nstore):
        t = s.pl[p].store[i]
        if t >= T_CONTRACT and t < T_CREST and can_fulfil(s, p, t - T_CONTRACT):
            out[n] = A_FULFIL + i
            n += 1
    for c in range(NCATH if not outside else 0):
        # cheapest tests first: cost (0: not in play) and stone, then once per player, a tile left, a pillar
        if (s.cath_cost[c] and s.pl[p].res[STONE] >= s.cath_cost[c] and not (s.pl[p].cath_mask >> c) & 1
                and cath_top_vp(s, c) > 0 and own_pillar_in(s, p, TT_CATH_CITY[c])):
            out[n] = A_CATH + c
            n += 1
    for i in range(s.pl[p].nstore):
        t = s.pl[p].store[i]
        if T_BONUS <= t < T_PERSON and (usable_outside_action(TT_BONUS_KIND[t - T_BONUS]) if outside
                                         else can_use(s, p, t - T_BONUS)):
            out[n] = A_USE + i
            n += 1
    if s.pl[p].nstore == NSTORE:
        # a discard makes room, so only a full storage offers one (docs/tiletum.md, "Storage"): with
        # room to spare it would change nothing a discard at the moment of need could not
        for i in range(NSTORE):
            # two crests in storage are the same tile: discarding either is one move, listed once
            # (so the search does not split its visits between identical moves)
            if first_slot_holding(s, p, s.pl[p].store[i]) == i:
                out[n] = A_DISCARD + i
                n += 1
    return n


cdef int tt_legal(TT* s, int* out) noexcept nogil:
    """Legal actions of the actor, ascending (none once the game is over)."""
    cdef int n = 0
    cdef int p = s.actor
    cdef int c, v, w, i, j, k, b, r, t, city, piece, steps
    cdef bint wrap
    cdef int lo, hi
    cdef int gold = s.pl[p].res[GOLD]
    cdef bint room = s.pl[p].nstore < NSTORE
    if s.phase == PH_OVER:
        return 0
    if s.phase == PH_DIE:
        steps = gold // TT_DIE_STEP_GOLD          # the adjustment steps the actor's gold pays for
        wrap = s.die_wrap and steps < 3           # with 3 steps around, every value is in reach
        if steps > 5:
            steps = 5
        for c in range(NRES):
            for v in range(6):
                if s.dice[c][v]:
                    if wrap:                      # targets within `steps` either way round, ascending
                        for w in range(6):
                            if die_steps(True, v, w) <= steps:
                                out[n] = A_DIE + c * 36 + v * 6 + w
                                n += 1
                    else:                         # the values v - steps .. v + steps that exist
                        lo = v - steps if v >= steps else 0
                        hi = v + steps if v + steps <= 5 else 5
                        if s.die_wrap:            # steps >= 3: all six
                            lo, hi = 0, 5
                        for w in range(lo, hi + 1):
                            out[n] = A_DIE + c * 36 + v * 6 + w
                            n += 1
        if not room and bonus_tile_waits(s):
            # free actions are allowed at any time: a full storage may make room before the die
            # is taken, so that the die's wheel bonus tile fits (docs/tiletum.md, "Free actions")
            n = free_actions(s, p, out, n, True)
        return n
    if s.phase == PH_WBONUS:
        out[0] = A_WB_TAKE
        out[1] = A_WB_SKIP
        return 2
    if s.phase == PH_KBONUS:
        if not room:                # the king leader may make room first (free actions: any time)
            n = free_actions(s, p, out, n, True)
        else:
            out[n] = A_KB_TAKE
            n += 1
        out[n] = A_KB_SKIP
        return n + 1
    if s.phase == PH_JESTER:
        for k in range(5):
            out[k] = A_JESTER + k
        return 5
    if s.phase == PH_CHOOSE:
        if s.choose_mode == CH_ANY:
            for r in range(1, NRES):
                out[n] = A_CHOOSE + r
                n += 1
        elif s.choose_mode == CH_COLOUR:
            for r in range(NRES):
                if r != s.die_col:
                    out[n] = A_CHOOSE + r
                    n += 1
        else:
            for b in range(NBLD):
                if s.pl[p].bld_n[b]:
                    out[n] = A_CHOOSE + b
                    n += 1
        return n
    if s.phase != PH_ACT:
        return 0
    # ---- the action part of a turn, in ascending action order
    if s.ap > 0 and s.act <= ARCHITECT:
        piece = s.act
        city = piece_city(s, p, piece)
        for j in range(TT_NNB[city]):
            out[n] = A_MOVE + j
            n += 1
        if room:
            for k in range(TT_NBSPACE[city]):
                if s.map_bonus[city][k]:
                    out[n] = A_MAPBONUS + k
                    n += 1
        if piece == 0:
            if s.pl[p].houses_avail and not own_house_in(s, p, city):
                for k in range(TT_NHOUSE[city]):
                    if TT_HOUSE_MINP[city][k] <= s.np and s.house_owner[city][k] == 0:
                        out[n] = A_BUILD + k
                        n += 1
        else:
            if s.pl[p].pillars_avail and not own_pillar_in(s, p, city):
                for k in range(TT_NPILLAR[city]):
                    if TT_PILLAR_MINP[city][k] <= s.np and s.pillar_owner[city][k] == 0:
                        out[n] = A_BUILD + k
                        n += 1
    if s.ap > 0 and s.act == PERSONS:
        if s.person_disp[0] or s.n_person_pool or s.n_person_discard:
            out[n] = A_REFRESH
            n += 1
        if room:
            for i in range(NDISP):
                if s.person_disp[i]:
                    out[n] = A_TAKEPERSON + i
                    n += 1
        for i in range(s.pl[p].nstore):
            t = s.pl[p].store[i]
            if T_PERSON <= t < T_CONTRACT:
                for b in range(NBLD):
                    if can_place(s, p, t - T_PERSON, b):
                        out[n] = A_PLACE + i * 6 + b
                        n += 1
    if s.ap > 0 and s.act == CONTRACTS and room:
        for i in range(NDISP):
            if s.contract_disp[i] and TT_SLOT_COST[i] <= s.ap:
                out[n] = A_TAKECONTRACT + i
                n += 1
    if s.swaps > 0 or (s.ap > 0 and s.act == CONTRACTS):
        for r in range(NRES):
            if s.pl[p].res[r]:
                for k in range(NRES):
                    if k != r:
                        out[n] = A_TRADE + r * 5 + k
                        n += 1
    if s.ap > 0 and s.act == KING:
        out[n] = A_KING
        n += 1
    n = free_actions(s, p, out, n, False)
    if s.free_moves:
        for piece in range(2):
            city = piece_city(s, p, piece)
            for j in range(TT_NNB[city]):
                out[n] = A_FREEMOVE + piece * 6 + j
                n += 1
    out[n] = A_END
    n += 1
    return n


# ---------------------------------------------------------------------------
# apply
# ---------------------------------------------------------------------------

cdef void start_action(TT* s, int a, int via_jester) noexcept nogil:
    """Begin the action part: AP = TT_AP_TOTAL (7) - die value + crest bonus AP (the jester's too if copied)."""
    cdef int p = s.actor
    s.act = a
    s.jester = via_jester
    s.ap = TT_AP_TOTAL - s.die_val + s.pl[p].bonus_ap[a]
    if via_jester:
        s.ap += s.pl[p].bonus_ap[JESTER]
    s.phase = PH_ACT


cdef void after_wheel_bonus(TT* s) noexcept nogil:
    """After the wheel bonus decision: the jester's choice or straight into the action."""
    if s.seg == JESTER:
        s.phase = PH_JESTER
    else:
        start_action(s, s.seg, 0)


cdef void tt_apply(TT* s, int a) noexcept nogil:
    """Apply a legal action of the actor (unchecked); chance comes from s.rng."""
    cdef int p = s.actor
    cdef int c, v, w, i, b, t, k, city, floor, pid, cid, r
    if a < A_WB_TAKE:
        c = a // 36
        v = (a // 6) % 6 + 1
        w = a % 6 + 1
        s.dice[c][v - 1] -= 1
        s.pl[p].res[GOLD] -= TT_DIE_STEP_GOLD * die_steps(s.die_wrap, v, w)
        s.die_col = c
        s.die_val = w
        s.pl[p].res[c] += w
        s.seg = wheel_action(s, w)
        # only the first die taken from a segment in a round may take its bonus tile
        if (s.wheel_bonus[s.seg] and not (s.seg_used >> s.seg) & 1
                and s.pl[p].nstore < NSTORE):
            s.seg_used |= 1 << s.seg
            s.phase = PH_WBONUS
            return
        s.seg_used |= 1 << s.seg
        after_wheel_bonus(s)
        return
    if a == A_WB_TAKE:
        tt_store_add(s, p, T_BONUS + s.wheel_bonus[s.seg] - 1)
        s.wheel_bonus[s.seg] = 0
        after_wheel_bonus(s)
        return
    if a == A_WB_SKIP:
        after_wheel_bonus(s)
        return
    if a < A_MOVE:
        start_action(s, a - A_JESTER, 1)
        return
    if a == A_KB_TAKE or a == A_KB_SKIP:
        if a == A_KB_TAKE:
            tt_store_add(s, p, T_BONUS + s.king_bonus[s.round] - 1)
        else:
            s.bonus_used |= (<uint64_t>1) << (s.king_bonus[s.round] - 1)
        s.king_bonus[s.round] = 0
        tt_after_king_bonus(s)
        return
    if a >= A_CHOOSE:
        k = a - A_CHOOSE
        r = s.choose_mode
        s.choose_mode = CH_ANY          # the choice is made: no mode left behind (a retrigger may open a new one)
        s.phase = PH_ACT
        if r == CH_ANY:
            s.pl[p].res[k] += 1
            s.any_res -= 1
        elif r == CH_COLOUR:
            t = s.pl[p].res[s.die_col]
            if t > s.die_val:
                t = s.die_val
            s.pl[p].res[s.die_col] -= t
            s.pl[p].res[k] += t
        else:
            pid = s.pl[p].bld_person[k][s.pl[p].bld_n[k] - 1] - 1
            tt_effect(s, p, TT_PERSON_KIND[pid], TT_PERSON_ARG[pid], TT_PERSON_AMT[pid])
        tt_settle(s)
        return
    if a == A_END:
        tt_end_turn(s)
        return
    # ---- sub-actions and free actions in the action part of the turn
    if a < A_REFRESH:
        city = piece_city(s, p, s.act)
        s.ap -= 1
        if a < A_MAPBONUS:
            tt_move_piece(s, p, s.act, a - A_MOVE)
        elif a < A_BUILD:
            k = a - A_MAPBONUS
            tt_store_add(s, p, T_BONUS + s.map_bonus[city][k] - 1)
            s.map_bonus[city][k] = 0
        else:
            k = a - A_BUILD
            if s.act == MERCHANT:
                s.house_owner[city][k] = p + 1
                s.pl[p].houses_avail -= 1
                s.pl[p].houses_built += 1
                if TT_HOUSE_BONUS[city][k] == 1:
                    s.pl[p].res[GOLD] += 1
                elif TT_HOUSE_BONUS[city][k] == 2:
                    s.pl[p].vp += 1
            else:
                s.pillar_owner[city][k] = p + 1
                s.pl[p].pillars_avail -= 1
                s.pl[p].pillars_built += 1
    elif a == A_REFRESH:
        s.ap -= 1
        for i in range(NDISP):
            if s.person_disp[i]:
                tt_pool_insert(s.person_discard, &s.n_person_discard, s.person_disp[i] - 1)
                s.person_disp[i] = 0
        tt_refill_persons(s)
    elif a < A_PLACE:
        s.ap -= 1
        i = a - A_TAKEPERSON
        tt_store_add(s, p, T_PERSON + s.person_disp[i] - 1)
        s.person_disp[i] = 0
        tt_refill_persons(s)
    elif a < A_TAKECONTRACT:
        i = (a - A_PLACE) // 6
        b = (a - A_PLACE) % 6
        pid = tt_store_remove(s, p, i) - T_PERSON
        floor = s.pl[p].bld_n[b]
        s.ap -= floor + 1
        s.pl[p].bld_person[b][floor] = pid + 1
        s.pl[p].bld_n[b] = floor + 1
        s.pl[p].bld_type[b] = TT_PERSON_TYPE[pid] + 1
        if floor + 1 == TT_FLOORS[b] and TT_BHOUSE[b]:
            s.pl[p].houses_avail += 1       # the house on top of a full building is freed
        tt_effect(s, p, TT_PERSON_KIND[pid], TT_PERSON_ARG[pid], TT_PERSON_AMT[pid])
    elif a < A_TRADE:
        i = a - A_TAKECONTRACT
        s.ap -= TT_SLOT_COST[i]
        tt_store_add(s, p, T_CONTRACT + s.contract_disp[i] - 1)
        s.contract_disp[i] = 0
        tt_refill_contracts(s)
    elif a < A_KING:
        r = (a - A_TRADE) // 5
        k = (a - A_TRADE) % 5
        if s.swaps > 0:
            s.swaps -= 1            # free exchanges from a bonus tile go first
        else:
            s.ap -= 1
        s.pl[p].res[r] -= 1
        s.pl[p].res[k] += 1
    elif a == A_KING:
        tt_king_move(s, p, s.ap)
        s.ap = 0
    elif a < A_CREST:
        s.pl[p].res[GOLD] -= TT_BUY_GOLD
        s.pl[p].res[a - A_BUY] += 1
    elif a < A_FULFIL:
        b = a - A_CREST
        t = tt_store_remove(s, p, crest_slot(s, p))
        if t < T_PERSON:
            s.bonus_used |= (<uint64_t>1) << (t - T_BONUS)
        s.pl[p].res[FOOD] -= TT_CREST_FOOD[b]
        s.pl[p].crested[b] = 1
        s.pl[p].vp += TT_CREST_VP[b]
        k = TT_TYPE_ACTION[s.pl[p].bld_type[b] - 1]
        s.pl[p].bonus_ap[k] += TT_CREST_AP[b]
        # free actions may be done at any time, so a crest placed now could have been placed
        # before the die was taken: its bonus AP count for the action in progress too
        if s.phase == PH_ACT and (k == s.act or (k == JESTER and s.jester)):
            s.ap += TT_CREST_AP[b]
    elif a < A_CATH:
        cid = tt_store_remove(s, p, a - A_FULFIL) - T_CONTRACT
        for r in range(NRES):
            s.pl[p].res[r] -= TT_CONTRACT_COST[cid][r]
        s.pl[p].vp += TT_CONTRACT_VP[cid]
        s.pl[p].contracts_done += 1
        s.pl[p].contracts_mask |= (<unsigned int>1) << cid
        # the contract goes onto the row: spaces 1-5 free a pillar, space 6 scores
        if s.pl[p].contracts_done <= 5:
            s.pl[p].pillars_avail += 1
        elif s.pl[p].contracts_done == 6:
            s.pl[p].vp += TT_ROW_LAST_VP
        if TT_CONTRACT_CREST[cid]:
            s.pl[p].crest_contracts += 1
            tt_store_add(s, p, T_CREST)
    elif a < A_USE:
        c = a - A_CATH
        s.pl[p].res[STONE] -= s.cath_cost[c]
        s.pl[p].vp += cath_top_vp(s, c)
        s.cath_taken[c] += 1
        s.pl[p].cath_mask |= 1 << c
        s.pl[p].cath_tiles += 1
    elif a < A_DISCARD:
        t = tt_store_remove(s, p, a - A_USE) - T_BONUS
        s.bonus_used |= (<uint64_t>1) << t
        tt_effect(s, p, TT_BONUS_KIND[t], TT_BONUS_ARG[t], TT_BONUS_AMT[t])
    elif a < A_FREEMOVE:
        t = tt_store_remove(s, p, a - A_DISCARD)
        if t < T_PERSON:
            s.bonus_used |= (<uint64_t>1) << (t - T_BONUS)
        elif t < T_CONTRACT:
            tt_pool_insert(s.person_discard, &s.n_person_discard, t - T_PERSON)
        elif t < T_CREST:
            s.contracts_gone |= (<unsigned int>1) << (t - T_CONTRACT)
    else:
        s.free_moves -= 1
        tt_move_piece(s, p, (a - A_FREEMOVE) // 6, (a - A_FREEMOVE) % 6)
    tt_settle(s)


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
