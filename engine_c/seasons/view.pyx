# cython: language_level=3
"""A Castle for All Seasons: final scoring, scores, ranks (with the tie-breaks) and resampling (nogil)."""
from libc.stdint cimport uint64_t

from engine_c._rng cimport rng_below, rng_next
from engine_c.seasons.types cimport *
from engine_c.seasons.tables cimport *
from engine_c.seasons.rules cimport *
from engine_c.seasons.winter cimport winter_final


cdef void final_scoring(CS* s) noexcept nogil:
    """Trader's helpers go home; castle helpers score building by building (scoring order), at
    the rates of the data's places table; then the winter cards that score at the end."""
    cdef int p, k, pl, n, cap, v, occupied, free_places, towers, houses, unbuilt, count
    cdef int gain[MAXP]
    cdef int market[MAXP]
    cdef int palace[MAXP]
    cdef int palace_vp[MAXP]
    for k in range(NSPOT):
        if s.spot_owner[k] != NOBODY:
            s.helpers[s.spot_owner[k]] += 1
            s.spot_owner[k] = NOBODY
            s.spot_round[k] = 0
    for p in range(s.np):
        gain[p] = 0
        market[p] = 0
        palace[p] = 0
        palace_vp[p] = 0
    occupied = 0
    free_places = 0
    for pl in range(NPLACE):
        if s.place_owner[pl] != NOBODY:
            occupied += 1
        elif hb_erected(s, CS_PLACE_HB[pl]):
            free_places += 1
    unbuilt = tiles_left(s)
    towers = CS_TILES[B_TOWER] - s.tiles[B_TOWER]
    houses = CS_TILES[B_HOUSE] - s.tiles[B_HOUSE]
    for pl in range(NPLACE):
        p = s.place_owner[pl]
        if p == NOBODY:
            continue
        k = CS_PLACE_HB[pl]
        if k == HB_MARKET:
            market[p] += 1
            continue
        if k == HB_PALACE:
            palace[p] += CS_PPER[pl]
            palace_vp[p] = CS_PVP[pl]
            continue
        if k == HB_FORGE:
            count = s.forge
        elif k == HB_SERVANTS:
            count = unbuilt
        elif k == HB_KEEP:
            count = free_places
        elif k == HB_TAVERN:
            count = occupied
        elif k == HB_BIG_GATE or k == HB_SMALL_GATE:
            count = towers
        else:
            count = houses
        gain[p] += CS_PVP[pl] * (count // CS_PPER[pl])
    for p in range(s.np):
        # market: talers to VP at the rate of his n-th market place (n: market helpers he has)
        n = 0
        if market[p]:
            pl = market[p] - 1
            n = s.talers[p] // CS_PPER[pl] * CS_PPER[pl]
            gain[p] += n // CS_PPER[pl] * CS_PVP[pl]
        s.talers[p] -= n
        s.conv_talers[p] += n
        # palace: up to `per` pieces per helper, silver first, then the most valuable
        cap = palace[p]
        for k in range(SILVER, -1, -1):          # silver, stone, clay, wood, sand
            if cap <= 0:
                break
            n = s.res[p][k] if s.res[p][k] < cap else cap
            v = CS_K[K_SILVER_VALUE] if k == SILVER else CS_BP[k]
            gain[p] += n * v * palace_vp[p]
            s.res[p][k] -= n
            s.conv_res[p][k] += n
            cap -= n
        s.vp[p] += gain[p]
        s.vp_final[p] += gain[p]
    if s.winter:
        winter_final(s)


cdef void cs_scores(CS* s, int* out) noexcept nogil:
    """Victory points so far (final scoring included once the game is over)."""
    cdef int p
    for p in range(s.np):
        out[p] = s.vp[p]


cdef void cs_ranks(CS* s, int* out) noexcept nogil:
    """Places by VP, then talers left, then building-point value of resources left; rest shared."""
    cdef int p, q
    cdef int key[MAXP][3]
    for p in range(s.np):
        key[p][0] = s.vp[p]
        key[p][1] = s.talers[p]
        key[p][2] = res_value(s, p)
    for p in range(s.np):
        out[p] = 0
        for q in range(s.np):
            if (key[q][0] > key[p][0] or (key[q][0] == key[p][0] and (key[q][1] > key[p][1] or
                    (key[q][1] == key[p][1] and key[q][2] > key[p][2])))):
                out[p] += 1


cdef int nth_bit(int m, int i) noexcept nogil:
    """Index of the i-th set bit of m (0-based)."""
    cdef int b = 0
    while True:
        if m & (1 << b):
            if i == 0:
                return b
            i -= 1
        b += 1


cdef int draw_selection(CS* s, int p, int made, uint64_t* rng) noexcept nogil:
    """A uniformly random secret selection of `made` cards for p, consistent with his hand
    (2 players: a pair, or the first card of a pair still to be completed)."""
    cdef int v = valid_cards(s, p)
    cdef int n = __builtin_popcount(v)
    cdef int i, a, b, r
    if s.np != 2:
        return 1 << nth_bit(v, rng_below(rng, n))
    if made == 1:
        # the first card of a pair: any valid card below the highest valid one
        return 1 << nth_bit(v, rng_below(rng, n - 1))
    r = rng_below(rng, n * (n - 1) // 2)
    for a in range(n):
        i = n - 1 - a           # pairs whose lower card is the a-th valid card
        if r < i:
            b = a + 1 + r
            return (1 << nth_bit(v, a)) | (1 << nth_bit(v, b))
        r -= i
    return 0


cdef int cs_secret_choice(CS* s) noexcept nogil:
    """1 during the card selection: every player chooses in secret, all revealed together."""
    return s.phase == PH_SELECT


cdef int cs_rewind_secret(CS* s, int o, int* replay) noexcept nogil:
    """Back to the start of the card selection when a player before o has chosen (o cannot see
    which card): every selection of the round is undone, o's own (at most one: the first of a
    2-player pair) go to replay.  -1 and no change when nobody else has chosen yet.

    The selection is made seat block by seat block from the start player (rules.selector), so
    the picks made so far are the others' before o, then o's own."""
    cdef int p, k, n = 0, others = 0
    if s.phase != PH_SELECT:
        return -1
    for p in range(s.np):
        if p != o and s.sel[p]:
            others += 1
    if others == 0:
        return -1
    for k in range(NCARD):
        if s.sel[o] & (1 << k):
            replay[n] = A_PICK + k
            n += 1
    for p in range(s.np):
        s.sel[p] = 0
    s.picks = 0
    s.actor = selector(s, 0)
    return n


cdef void cs_resample(CS* s, int o, uint64_t* rng) noexcept nogil:
    """Redraw every secret card choice o has not seen (other players' selections of this
    round before the reveal) uniformly from what they could choose; reseed the chance RNG.

    Hands, resources, talers, helpers and the whole board are public, so nothing else is
    hidden.  The draw reads only public counts and o's own choice, so it is canonical.
    """
    cdef int p, made
    if s.phase == PH_SELECT:
        for p in range(s.np):
            if p != o and s.sel[p]:
                made = __builtin_popcount(s.sel[p])
                s.sel[p] = 0
                s.sel[p] = draw_selection(s, p, made, rng)
    s.rng = rng_next(rng)
