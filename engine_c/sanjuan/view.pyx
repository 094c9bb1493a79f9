# cython: language_level=3
"""San Juan: scores, ranks (with the tie-break) and hidden-information resampling (nogil)."""
from libc.string cimport memset
from libc.stdint cimport uint8_t, uint64_t

from engine_c._rng cimport rng_below, rng_next, shuffle_u8
from engine_c.sanjuan.types cimport *
from engine_c.sanjuan.tables cimport *
from engine_c.sanjuan.rules cimport *

cdef int ARCH[4]
ARCH[0] = 0
ARCH[1] = 4
ARCH[2] = 6
ARCH[3] = 8


# ---------------------------------------------------------------------------
# scoring
# ---------------------------------------------------------------------------

cdef void sj_scores(SJ* s, int* out) noexcept nogil:
    cdef int p, i, k, vp, prod, violet, monuments
    for p in range(s.np):
        vp = s.chapel_n[p]
        prod = 0
        violet = 0
        monuments = 0
        for i in range(s.nbld[p]):
            k = s.bld[p][i]
            vp += SJ_VP[k]
            if k < NPROD:
                prod += 1
            else:
                violet += 1
                if k == STATUE or k == VICTORY_COLUMN or k == HERO:
                    monuments += 1
        if s.owned[p][GUILD_HALL]:
            vp += 2 * prod
        if s.owned[p][CITY_HALL]:
            vp += violet
        if s.owned[p][TRIUMPHAL_ARCH]:
            vp += ARCH[monuments]
        if s.owned[p][PALACE]:
            vp += vp // 4
        out[p] = vp + s.seat_vp[p]      # after the palace: it does not multiply the seat bonus


cdef int sj_tiebreak(SJ* s, int p) noexcept nogil:
    return s.hand_n[p] + sj_goods(s, p)


cdef void sj_ranks(SJ* s, int* out) noexcept nogil:
    cdef int sc[MAXP]
    cdef int tb[MAXP]
    cdef int p, q
    sj_scores(s, sc)
    for p in range(s.np):
        tb[p] = sj_tiebreak(s, p)
    for p in range(s.np):
        out[p] = 0
        for q in range(s.np):
            if sc[q] > sc[p] or (sc[q] == sc[p] and tb[q] > tb[p]):
                out[p] += 1


# ---------------------------------------------------------------------------
# hidden information
# ---------------------------------------------------------------------------



cdef void sort_u8(uint8_t* a, int n) noexcept nogil:
    cdef int i, j
    cdef uint8_t t
    for i in range(1, n):
        t = a[i]
        j = i - 1
        while j >= 0 and a[j] > t:
            a[j + 1] = a[j]
            j -= 1
        a[j + 1] = t


cdef void sj_resample(SJ* s, int o, uint64_t* rng) noexcept nogil:
    """Redraw everything player o cannot know, keep everything o knows, reseed the chance RNG.

    o knows: his hand, his chapel cards, the cards he saw go to the discard pile (his own
    discards, gold-mine reveals) while they lie there, cards publicly taken into a hand
    (gold mine) until their owner discards secretly, his own pending councillor cards, all
    public zones (buildings, covered cards, revealed tiles) and every count.  Unknown: other
    hands and chapels, every good (nobody sees goods), the rest of the discard pile, another
    player's councillor draw, the supply's order, unrevealed trading-house tiles, and what the
    others privately know of the discard pile (reset to its public part).  The result depends only
    on o's view and the rng (canonical): positions o cannot tell apart give the same determinization.
    """
    cdef uint8_t pool[NCARDS]
    cdef int cnt[NK]
    cdef int p, k, i, j, n, need
    cdef bint redo_pending = s.pending_n > 0 and not s.pending_public and s.pending_owner != o
    memset(cnt, 0, sizeof(cnt))
    for p in range(s.np):
        if p != o:
            for k in range(NK):
                cnt[k] += s.hand[p][k] - s.public_hand[p][k] + s.chapel[p][k]
                s.hand[p][k] = s.public_hand[p][k]
                s.chapel[p][k] = 0
        for i in range(s.nbld[p]):
            if s.good[p][i]:
                cnt[s.good[p][i] - 1] += 1
    for k in range(NK):
        cnt[k] += s.discard[k] - s.known_disc[o][k]
        s.discard[k] = s.known_disc[o][k]
        if redo_pending:
            cnt[k] += s.pending[k]
            s.pending[k] = 0
    for i in range(s.supply_n):
        cnt[s.supply[i]] += 1
    n = 0
    for k in range(NK):
        for j in range(cnt[k]):
            pool[n] = k
            n += 1
    shuffle_u8(pool, n, rng)
    # deal the pool back into the slots whose sizes are public
    n = 0
    for p in range(s.np):
        if p != o:
            need = s.hand_n[p]
            for k in range(NK):
                need -= s.public_hand[p][k]
            for j in range(need):
                s.hand[p][pool[n]] += 1
                n += 1
            for j in range(s.chapel_n[p]):
                s.chapel[p][pool[n]] += 1
                n += 1
        for i in range(s.nbld[p]):
            if s.good[p][i]:
                s.good[p][i] = pool[n] + 1
                n += 1
    need = s.discard_n
    for k in range(NK):
        need -= s.known_disc[o][k]
    for j in range(need):
        s.discard[pool[n]] += 1
        n += 1
    if redo_pending:
        for j in range(s.pending_n):
            s.pending[pool[n]] += 1
            n += 1
    for i in range(s.supply_n):
        s.supply[i] = pool[n]
        n += 1
    # what the others privately knew of the discard pile is unknown to o: only the public part stays
    for p in range(s.np):
        if p != o:
            for k in range(NK):
                s.known_disc[p][k] = s.public_disc[k]
    # another player in the middle of a card sequence: his earlier picks were secret, so the
    # canonical-order floor restarts (the counts still left to pay / discard / keep are public)
    if s.actor != o:
        if s.phase == PH_LIMIT or s.phase == PH_CDISCARD or (s.phase == PH_KEEP and redo_pending):
            s.last = 0
        elif s.phase == PH_PAY and s.last > NPROD:
            s.last = NPROD
    # unrevealed trading-house tiles
    if s.tiles_seen < 4:
        # canonical: sort the unrevealed tiles first, so their old (hidden) order cannot leak
        sort_u8(&s.tiles[s.tiles_seen], 5 - s.tiles_seen)
        shuffle_u8(&s.tiles[s.tiles_seen], 5 - s.tiles_seen, rng)
    s.rng = rng_next(rng)


cdef int sj_private_choice(SJ* s) noexcept nogil:
    """1 while the player to act picks cards the others never see: paying a cost (cards go face down
    to the discard pile; a black-market good paid is seen, a minor leak the searches ignore), keeping
    a councillor card, discarding (archive, hand limit), tucking under the chapel; else 0."""
    if s.phase == PH_PAY or s.phase == PH_KEEP or s.phase == PH_CDISCARD or s.phase == PH_TUCK or s.phase == PH_LIMIT:
        return 1
    return 0
