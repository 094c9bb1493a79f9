# cython: language_level=3
"""Tiletum rules core (nogil): setup, round flow, effects, king phase, fairs and final scoring."""
from libc.string cimport memset, memmove
from libc.stdint cimport uint8_t, uint64_t

from engine_c._rng cimport rng_below, shuffle_u8
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *
from engine_c.tiletum.rules cimport *


# ---------------------------------------------------------------------------
# stacks: sorted sets, the drawn tile chosen by the RNG at draw time
# ---------------------------------------------------------------------------

cdef int tt_draw(uint8_t* pool, uint8_t* n, uint64_t* rng) noexcept nogil:
    """Remove and return a uniformly random element of a sorted pool, -1 if empty."""
    cdef int i, t
    if n[0] == 0:
        return -1
    i = rng_below(rng, n[0])
    t = pool[i]
    memmove(&pool[i], &pool[i + 1], n[0] - 1 - i)
    n[0] -= 1
    pool[n[0]] = 0          # keep the unused tail zero (positions are compared bytewise)
    return t


cdef void tt_pool_insert(uint8_t* pool, uint8_t* n, int t) noexcept nogil:
    """Insert t into a sorted pool."""
    cdef int i = n[0]
    while i > 0 and pool[i - 1] > t:
        pool[i] = pool[i - 1]
        i -= 1
    pool[i] = t
    n[0] += 1


cdef int draw_bonus(TT* s) noexcept nogil:
    """A bonus tile from the stack as id+1, 0 if the stack is empty."""
    return tt_draw(s.bonus_pool, &s.n_bonus_pool, &s.rng) + 1


cdef int draw_person(TT* s) noexcept nogil:
    """A person from the stack as id+1; the discard pile becomes the stack when it runs out."""
    if s.n_person_pool == 0 and s.n_person_discard > 0:
        memmove(s.person_pool, s.person_discard, s.n_person_discard)
        s.n_person_pool = s.n_person_discard
        memset(s.person_discard, 0, NP_TILES)
        s.n_person_discard = 0
    return tt_draw(s.person_pool, &s.n_person_pool, &s.rng) + 1


cdef void tt_refill_persons(TT* s) noexcept nogil:
    """Slide the person display toward slot 0 and fill the empty end from the stack."""
    cdef int i, k = 0
    for i in range(NDISP):
        if s.person_disp[i]:
            s.person_disp[k] = s.person_disp[i]
            k += 1
    for i in range(k, NDISP):
        s.person_disp[i] = draw_person(s)


cdef void tt_refill_contracts(TT* s) noexcept nogil:
    """Slide the contract display toward the cheap end and refill the expensive end."""
    cdef int i, k = 0
    for i in range(NDISP):
        if s.contract_disp[i]:
            s.contract_disp[k] = s.contract_disp[i]
            k += 1
    for i in range(k, NDISP):
        s.contract_disp[i] = tt_draw(s.contract_pool, &s.n_contract_pool, &s.rng) + 1


# ---------------------------------------------------------------------------
# storage
# ---------------------------------------------------------------------------

cdef void tt_store_add(TT* s, int p, int code) noexcept nogil:
    """Put a tile into the first free storage space (callers check there is one)."""
    if s.pl[p].nstore < NSTORE:
        s.pl[p].store[s.pl[p].nstore] = code
        s.pl[p].nstore += 1


cdef int tt_store_remove(TT* s, int p, int slot) noexcept nogil:
    """Take the tile out of a storage space (the rest slide left); returns its code."""
    cdef int code = s.pl[p].store[slot]
    cdef int i
    for i in range(slot, s.pl[p].nstore - 1):
        s.pl[p].store[i] = s.pl[p].store[i + 1]
    s.pl[p].nstore -= 1
    s.pl[p].store[s.pl[p].nstore] = 0
    return code


# ---------------------------------------------------------------------------
# king track
# ---------------------------------------------------------------------------

cdef void renumber_kseq(TT* s) noexcept nogil:
    """Keep stack numbers small (uint8): reassign 1..np in the current stack order."""
    cdef int order[MAXP]
    cdef int i, p, q, best
    cdef uint8_t used = 0
    for i in range(s.np):
        best = -1
        for p in range(s.np):
            if not (used >> p) & 1 and (best < 0 or s.pl[p].kseq < s.pl[best].kseq):
                best = p
        used |= 1 << best
        order[i] = best
    for i in range(s.np):
        s.pl[order[i]].kseq = i + 1
    s.kcounter = s.np


cdef void tt_king_move(TT* s, int p, int steps) noexcept nogil:
    """Move p's king marker; a marker arriving on a space goes on top of the stack there."""
    cdef int k = s.pl[p].king + steps
    if k > KING_MAX:
        k = KING_MAX
    if k < KING_MIN:
        k = KING_MIN
    if k == s.pl[p].king:
        return
    s.pl[p].king = k
    if s.kcounter >= 250:
        renumber_kseq(s)
    s.kcounter += 1
    s.pl[p].kseq = s.kcounter


cdef int tt_king_order(TT* s, int* out) noexcept nogil:
    """Players by king track rank (further ahead first, ties: lower in the stack first)."""
    cdef int i, j, t, n = s.np
    for i in range(n):
        out[i] = i
    for i in range(1, n):
        j = i
        while j > 0 and (s.pl[out[j]].king > s.pl[out[j - 1]].king or
                         (s.pl[out[j]].king == s.pl[out[j - 1]].king and s.pl[out[j]].kseq < s.pl[out[j - 1]].kseq)):
            t = out[j]
            out[j] = out[j - 1]
            out[j - 1] = t
            j -= 1
    return n


# ---------------------------------------------------------------------------
# setup and round flow
# ---------------------------------------------------------------------------

cdef void tt_new_game(TT* s, int np, bint action_tiles, bint die_wrap) noexcept nogil:
    """Set up a game for np players from the state's RNG (s.rng must be seeded).

    action_tiles: the optional variant where the six actions are laid around the wheel in a
    random order (otherwise the base order merchant, architect, persons, contracts, king, jester);
    die_wrap: a die adjustment may step from 6 to 1 and from 1 to 6.
    """
    cdef int i, p, c, k, start
    cdef uint8_t tmp[NCITY]
    s.np = np
    s.die_wrap = die_wrap
    start = rng_below(&s.rng, np)
    for i in range(np):
        s.order[i] = (start + i) % np
    for i in range(NB_TILES):
        s.bonus_pool[i] = i
    s.n_bonus_pool = NB_TILES
    for i in range(NP_TILES):
        s.person_pool[i] = i
    s.n_person_pool = NP_TILES
    for i in range(NC_TILES):
        s.contract_pool[i] = i
    s.n_contract_pool = NC_TILES
    s.rot = rng_below(&s.rng, 6)
    for i in range(NACT):
        tmp[i] = i
    if action_tiles:
        shuffle_u8(tmp, NACT, &s.rng)
    for i in range(NACT):
        s.wheel_order[i] = tmp[i]
    # fairs: 4 of the 11 tiles; round 1 in Tiletum, rounds 2-4 in 3 of the city-tile cities
    for i in range(NFAIRS):
        tmp[i] = i
    shuffle_u8(tmp, NFAIRS, &s.rng)
    for i in range(ROUNDS):
        s.fair_tile[i] = tmp[i]
    for i in range(TT_NFAIR_CITIES):
        tmp[i] = TT_FAIR_CITIES[i]
    shuffle_u8(tmp, TT_NFAIR_CITIES, &s.rng)
    s.fair_city[0] = 0
    for i in range(1, ROUNDS):
        s.fair_city[i] = tmp[i - 1]
    # cathedral cost tiles: 9 tiles on 10 cathedrals, one cathedral stays out of play
    for i in range(NCATH):
        tmp[i] = TT_CATH_COSTS[i] if i < 9 else 0
    shuffle_u8(tmp, NCATH, &s.rng)
    for i in range(NCATH):
        s.cath_cost[i] = tmp[i]
    # map bonus spaces in use at this player count
    for c in range(NCITY):
        for k in range(TT_NBSPACE[c]):
            if TT_BSPACE_MINP[c][k] <= np:
                s.map_bonus[c][k] = draw_bonus(s)
    for i in range(3):
        s.king_bonus[i] = draw_bonus(s)
    tt_refill_persons(s)
    tt_refill_contracts(s)
    for i in range(np):
        p = s.order[i]
        s.pl[p].res[GOLD] = TT_START_GOLD[i]
        for c in range(1, NRES):
            s.pl[p].res[c] = TT_START_RES[c]
        s.pl[p].houses_avail = TT_START_HOUSES
        s.pl[p].pillars_avail = TT_START_PILLARS
        s.pl[p].kseq = i + 1        # the first player is at the bottom of the stack (ahead)
    s.kcounter = np
    prepare_round(s)


cdef void prepare_round(TT* s) noexcept nogil:
    """New wheel bonus tiles (untaken ones are discarded), the dice drawn (3P+2) and rolled, pass 1."""
    cdef uint8_t bag[20]
    cdef int a, c, i, j, n = 0, t
    for a in range(NACT):
        if s.wheel_bonus[a]:
            s.bonus_used |= (<uint64_t>1) << (s.wheel_bonus[a] - 1)
        s.wheel_bonus[a] = draw_bonus(s)
    s.seg_used = 0
    memset(s.dice, 0, sizeof(s.dice))
    for c in range(NRES):
        for i in range(s.np):
            bag[n] = c
            n += 1
    for i in range(TT_DICE_DRAWN[s.np]):
        j = i + rng_below(&s.rng, n - i)
        t = bag[i]
        bag[i] = bag[j]
        bag[j] = t
        s.dice[bag[i]][rng_below(&s.rng, 6)] += 1
    s.corr_left = 0x3F
    s.pass_ = 0
    s.turn = 0
    start_pass(s)


cdef void start_pass(TT* s) noexcept nogil:
    """Reveal a corruption token (every king marker moves back), then the first turn."""
    cdef int i, k, p, v, n = 0
    cdef int left[6]
    for i in range(6):
        if (s.corr_left >> i) & 1:
            left[n] = i
            n += 1
    if n > 0:                   # always in play (3 passes, 6 tokens); the reader checks loaded positions
        k = left[rng_below(&s.rng, n)]
        s.corr_left &= ~(1 << k)
        s.corr_last = k + 1
        v = TT_CORR[k]
        for p in range(s.np):
            s.pl[p].king -= v
            if s.pl[p].king < KING_MIN:
                s.pl[p].king = KING_MIN
    start_turn(s)


cdef void clear_turn(TT* s) noexcept nogil:
    """No turn in progress: die, action, AP and the turn's counters back to 0."""
    s.act = 0
    s.jester = 0
    s.ap = 0
    s.die_col = 0
    s.die_val = 0
    s.free_moves = 0
    s.any_res = 0
    s.swaps = 0
    s.choose_mode = 0
    s.seg = 0


cdef void start_turn(TT* s) noexcept nogil:
    """The next player in turn order chooses a die; the turn's counters are cleared."""
    clear_turn(s)
    s.actor = s.order[s.turn]
    s.phase = PH_DIE


cdef void tt_end_turn(TT* s) noexcept nogil:
    """The actor's turn is over: next player, next pass, or the round's end."""
    s.turn += 1
    if s.turn < s.np:
        start_turn(s)
        return
    s.turn = 0
    s.pass_ += 1
    if s.pass_ < PASSES:
        start_pass(s)
        return
    clear_turn(s)               # the king phase and a finished game keep no turn in progress
    king_phase(s)


cdef void king_phase(TT* s) noexcept nogil:
    """Round-end king scoring; the leader may take the king bonus tile (rounds 1-3) or scores VP (round 4)."""
    cdef int order[MAXP]
    cdef int p, leader
    for p in range(s.np):
        s.pl[p].vp += TT_KING_VP[s.pl[p].king - KING_MIN]
    tt_king_order(s, order)
    leader = order[0]
    s.actor = leader
    s.turn = 0
    if s.round < 3:
        if s.king_bonus[s.round]:
            # a full storage decides too: free actions may make room first (docs/tiletum.md)
            s.phase = PH_KBONUS
            return
    else:
        s.pl[leader].vp += TT_LAST_LEADER_VP
    tt_after_king_bonus(s)


cdef void tt_after_king_bonus(TT* s) noexcept nogil:
    """Rest of the round end: reset negative markers, new turn order, fair, next round or the end."""
    cdef int order[MAXP]
    cdef int i, p, city
    tt_king_order(s, order)
    for i in range(s.np):
        p = order[i]
        if s.pl[p].king < 0:
            # back to the start space, on top of the markers already there, in their old order
            s.pl[p].king = 0
            if s.kcounter >= 250:
                renumber_kseq(s)
            s.kcounter += 1
            s.pl[p].kseq = s.kcounter
    tt_king_order(s, order)
    for i in range(s.np):
        s.order[i] = order[i]
    city = s.fair_city[s.round]
    for p in range(s.np):
        if own_house_in(s, p, city) or s.pl[p].merchant == city:
            s.pl[p].vp += tt_fair_score(s, p, s.fair_tile[s.round])
    s.round += 1
    if s.round >= ROUNDS:
        s.round = ROUNDS - 1      # keep the wheel and fair of the last round on show
        tt_final_scoring(s)
        s.phase = PH_OVER
        return
    prepare_round(s)


cdef int tt_fair_score(TT* s, int p, int tile) noexcept nogil:
    """VP fair tile `tile` gives player p (qualification checked by the caller)."""
    cdef int m = TT_FAIR_MULT[tile]
    cdef int c, n, h, pi
    if tile == 0:
        return m * houses_on_map(s, p)
    if tile == 1:
        return m * s.pl[p].pillars_built
    if tile == 2:
        return m * s.pl[p].contracts_done
    if tile == 3:
        return m * n_persons(s, p)
    if tile == 4:
        return m * n_crested(s, p)
    if tile == 5:
        return m * s.pl[p].cath_tiles
    if tile == 6:
        return m * n_full(s, p)
    if tile == 7:
        n = total_res(s, p) // 2
        return m * (n if n < 10 else 10)
    if tile == 8:
        n = 0
        for c in range(NCITY):
            if own_house_in(s, p, c) and own_pillar_in(s, p, c):
                n += 1
        return m * n
    if tile == 9:
        return m * (s.pl[p].king if s.pl[p].king > 0 else 0)
    h = houses_on_map(s, p)
    pi = s.pl[p].pillars_built
    n = h if h < pi else pi
    if s.pl[p].contracts_done < n:
        n = s.pl[p].contracts_done
    if s.pl[p].cath_tiles < n:
        n = s.pl[p].cath_tiles
    return m * n


cdef void tt_final_scoring(TT* s) noexcept nogil:
    """Leftover resources, crested buildings, houses x pillars."""
    cdef int p, fv
    for p in range(s.np):
        fv = total_res(s, p) // TT_RES_PER_VP + TT_CREST_FINAL[n_crested(s, p)] + houses_on_map(s, p) * s.pl[p].pillars_built
        s.pl[p].final_vp = fv
        s.pl[p].vp += fv


# ---------------------------------------------------------------------------
# effects of bonus tiles and persons
# ---------------------------------------------------------------------------

cdef void tt_effect(TT* s, int p, int kind, int arg, int amt) noexcept nogil:
    """Resolve one effect for p (some open a pending choice)."""
    if kind == E_RES:
        s.pl[p].res[arg] += amt
    elif kind == E_VP:
        s.pl[p].vp += amt
    elif kind == E_KING:
        tt_king_move(s, p, amt)
    elif kind == E_ANY:
        s.any_res += amt
    elif kind == E_MOVE:
        s.free_moves += amt
    elif kind == E_AP or kind == E_APACT:
        s.ap += amt
    elif kind == E_COLOUR:
        s.choose_mode = CH_COLOUR
        s.phase = PH_CHOOSE
    elif kind == E_RETRIG:
        s.choose_mode = CH_RETRIG
        s.phase = PH_CHOOSE
    elif kind == E_SWAP:
        s.swaps += amt


cdef void tt_settle(TT* s) noexcept nogil:
    """Back in the action part: open a resource choice while 'any resource' gains are pending."""
    if s.phase == PH_ACT and s.any_res > 0:
        s.choose_mode = CH_ANY
        s.phase = PH_CHOOSE


cdef void tt_move_piece(TT* s, int p, int piece, int j) noexcept nogil:
    """Move the merchant (piece 0) or architect (1) to the j-th neighbour of its city."""
    cdef int c = piece_city(s, p, piece)
    if piece == 0:
        s.pl[p].merchant = TT_NB[c][j]
    else:
        s.pl[p].architect = TT_NB[c][j]


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
