# Tiletum rules core: the position struct, enums, and the nogil rule functions.
#
# The whole position is one flat struct (TT); engine_c/tiletum.pyx wraps it in TiletumState.
# Tables (map, tiles, board) come from engine_c/tiletum_tables.pxd, generated from
# engine_c/tiletum_data.py.
from libc.stdint cimport uint8_t, int8_t, uint16_t, int16_t, uint32_t, uint64_t
from engine_c.tiletum_tables cimport *

cdef enum:
    MAXP = 4
    NRES = 5                # gold food iron stone wool
    NACT = 6                # merchant architect persons contracts king jester
    NCITY = 20
    NCATH = 10
    NBLD = 6
    NSTORE = 4
    NDISP = 5
    NB_TILES = 54
    NP_TILES = 45
    NC_TILES = 26
    NFAIRS = 11
    ROUNDS = 4
    KING_MIN = -6
    KING_MAX = 15
    CONTRACT_ROW6_VP = 3    # tiletum_data.CONTRACT_ROW6_VP
    PASSES = 3

    GOLD = 0
    FOOD = 1
    IRON = 2
    STONE = 3
    WOOL = 4

    MERCHANT = 0
    ARCHITECT = 1
    PERSONS = 2
    CONTRACTS = 3
    KING = 4
    JESTER = 5

    # effect kinds (tiletum_data E_*)
    E_RES = 0
    E_VP = 1
    E_KING = 2
    E_ANY = 3
    E_MOVE = 4
    E_AP = 5
    E_APACT = 6
    E_COLOUR = 7
    E_RETRIG = 8
    E_SWAP = 9
    E_CREST = 10

    # storage tile codes: 0 empty, then bonus / person / contract ids, then a contract's crest
    T_BONUS = 1             # +bonus id (54)
    T_PERSON = 55           # +person id (45)
    T_CONTRACT = 100        # +contract id (26)
    T_CREST = 126           # a crest earned from a contract (not one of the 54 bonus tiles)

    # phases: what the actor decides
    PH_DIE = 0              # take a die (and adjust it with gold)
    PH_WBONUS = 1           # take the wheel segment's bonus tile or not
    PH_JESTER = 2           # choose the action the jester copies
    PH_ACT = 3              # sub-actions of the action, free actions, end the turn
    PH_CHOOSE = 4           # a pending choice (resource, colour, person to retrigger)
    PH_KBONUS = 5           # king phase: the leader takes the king bonus tile or not
    PH_OVER = 6

    # PH_CHOOSE modes
    CH_ANY = 0              # gain one food/iron/stone/wool
    CH_COLOUR = 1           # convert the die colour's resources into another kind
    CH_RETRIG = 2           # retrigger the top person of a building

    # actions
    A_DIE = 0               # + colour*36 + (value-1)*6 + (target-1)  (180)
    A_WB_TAKE = 180
    A_WB_SKIP = 181
    A_JESTER = 182          # + action 0..4
    A_MOVE = 187            # + neighbour index (6): move the action's piece
    A_MAPBONUS = 193        # + bonus space (2) of the piece's city
    A_BUILD = 195           # + house/pillar space (3) of the piece's city
    A_REFRESH = 198
    A_TAKEPERSON = 199      # + display slot (5)
    A_PLACE = 204           # + storage slot*6 + building (24)
    A_TAKECONTRACT = 228    # + display slot (5)
    A_TRADE = 233           # + from*5 + to (25, diagonal never legal)
    A_KING = 258            # advance the king marker by all AP
    A_BUY = 259             # + resource (5; gold never legal)
    A_CREST = 264           # + building (6)
    A_FULFIL = 270          # + storage slot (4)
    A_CATH = 274            # + cathedral (10)
    A_USE = 284             # + storage slot (4)
    A_DISCARD = 288         # + storage slot (4)
    A_FREEMOVE = 292        # + piece*6 + neighbour index (12)
    A_END = 304
    A_CHOOSE = 305          # + option (6)
    A_KB_TAKE = 311
    A_KB_SKIP = 312
    NUM_ACTIONS = 313

ctypedef struct TTPlayer:
    int16_t vp
    int16_t final_vp            # part of vp added by the final scoring (0 before the end)
    uint16_t res[NRES]
    int8_t king                 # king track position -6..15
    uint8_t kseq                # stack order on the king track: lower = earlier arrival = ahead
    uint8_t merchant            # city of the merchant wagon
    uint8_t architect
    uint8_t houses_avail        # houses ready to build
    uint8_t pillars_avail
    uint8_t houses_built        # on map spaces (the Tiletum start house is extra)
    uint8_t pillars_built
    uint8_t nstore
    uint8_t store[NSTORE]       # tile codes, compacted left
    uint8_t bld_n[NBLD]         # persons in each building
    uint8_t bld_type[NBLD]      # person type + 1 (0 empty)
    uint8_t bld_person[NBLD][3] # person id + 1 per floor
    uint8_t crested[NBLD]
    uint8_t bonus_ap[NACT]      # permanent AP from crests, per action
    uint8_t contracts_done      # fulfilled contracts
    uint8_t crest_contracts     # of which carried a crest
    uint16_t cath_mask          # cathedrals this player contributed to
    uint8_t cath_tiles
    uint8_t _pad
    uint32_t contracts_mask     # fulfilled contract ids

ctypedef struct TT:
    uint64_t rng                # chance RNG (splitmix64 state)
    uint64_t bonus_used         # bonus tiles out of play (used, discarded)
    uint32_t contracts_gone     # contracts discarded from storage (out of play)
    uint8_t np
    uint8_t round               # 0..3
    uint8_t pass_               # 0..2
    uint8_t turn                # index into order[]
    uint8_t phase
    uint8_t actor
    uint8_t order[MAXP]         # turn order, first to last
    uint8_t rot                 # wheel rotation chosen at setup
    uint8_t wheel_order[NACT]   # action of each wheel segment before rotation (identity unless action tiles)
    uint8_t seg_used            # bit a: a die of action a's segment was taken this round
    uint8_t kcounter            # last king stack sequence number handed out
    uint8_t corr_left           # bit i: corruption token i not yet revealed this round
    uint8_t corr_last           # index+1 of the token revealed at the start of this pass
    # current turn
    uint8_t act                 # action being performed (0..4)
    uint8_t jester              # performed through the jester
    uint8_t ap
    uint8_t die_col
    uint8_t die_val
    uint8_t free_moves
    uint8_t any_res
    uint8_t swaps
    uint8_t choose_mode
    uint8_t seg                 # segment (action) of the die taken this turn
    # board
    uint8_t dice[NRES][6]       # dice on the wheel not yet taken, by colour and value
    uint8_t wheel_bonus[NACT]   # bonus id + 1 per segment
    uint8_t king_bonus[3]       # bonus id + 1 for the leaders of rounds 1-3
    uint8_t map_bonus[NCITY][2]
    uint8_t house_owner[NCITY][3]   # player + 1
    uint8_t pillar_owner[NCITY][2]
    uint8_t cath_cost[NCATH]    # stone cost, 0 = cathedral not in play
    uint8_t cath_taken[NCATH]   # tiles taken from its stack
    uint8_t fair_tile[ROUNDS]
    uint8_t fair_city[ROUNDS]
    uint8_t person_disp[NDISP]  # person id + 1
    uint8_t contract_disp[NDISP]
    # face-down stacks, kept as sorted sets: what is drawn is chosen by the RNG at draw time
    uint8_t bonus_pool[NB_TILES]
    uint8_t n_bonus_pool
    uint8_t person_pool[NP_TILES]
    uint8_t n_person_pool
    uint8_t person_discard[NP_TILES]
    uint8_t n_person_discard
    uint8_t contract_pool[NC_TILES]
    uint8_t n_contract_pool
    TTPlayer pl[MAXP]


cdef void tt_new_game(TT* s, int np, bint action_tiles) noexcept nogil
cdef void tt_effect(TT* s, int p, int kind, int arg, int amt) noexcept nogil
cdef void tt_end_turn(TT* s) noexcept nogil
cdef void tt_after_king_bonus(TT* s) noexcept nogil
cdef void tt_king_move(TT* s, int p, int steps) noexcept nogil
cdef int tt_king_order(TT* s, int* out) noexcept nogil
cdef void tt_final_scoring(TT* s) noexcept nogil
cdef void tt_settle(TT* s) noexcept nogil
cdef void tt_store_add(TT* s, int p, int code) noexcept nogil
cdef int tt_store_remove(TT* s, int p, int slot) noexcept nogil
cdef void tt_pool_insert(uint8_t* pool, uint8_t* n, int t) noexcept nogil
cdef int tt_draw(uint8_t* pool, uint8_t* n, uint64_t* rng) noexcept nogil
cdef void tt_refill_persons(TT* s) noexcept nogil
cdef void tt_refill_contracts(TT* s) noexcept nogil
cdef void tt_move_piece(TT* s, int p, int piece, int j) noexcept nogil
cdef int tt_fair_score(TT* s, int p, int tile) noexcept nogil


# ---- shared queries (inline) -------------------------------------------------------------

cdef inline int wheel_action(TT* s, int value) noexcept nogil:
    """Action on the wheel segment of die value 1..6 this round (turns by one each round)."""
    cdef int i = value - 1 - s.round + s.rot
    i = i % 6
    if i < 0:
        i += 6
    return s.wheel_order[i]


cdef inline int piece_city(TT* s, int p, int piece) noexcept nogil:
    """City of p's merchant (piece 0) or architect (1)."""
    return s.pl[p].merchant if piece == 0 else s.pl[p].architect


cdef inline int houses_on_map(TT* s, int p) noexcept nogil:
    """p's houses on the map, the start house in Tiletum included."""
    return s.pl[p].houses_built + 1       # + the start house in Tiletum


cdef inline int n_persons(TT* s, int p) noexcept nogil:
    """Persons on p's buildings."""
    cdef int b, n = 0
    for b in range(NBLD):
        n += s.pl[p].bld_n[b]
    return n


cdef inline int n_crested(TT* s, int p) noexcept nogil:
    """p's buildings with a crest."""
    cdef int b, n = 0
    for b in range(NBLD):
        n += s.pl[p].crested[b]
    return n


cdef inline int n_full(TT* s, int p) noexcept nogil:
    """p's buildings with every floor filled."""
    cdef int b, n = 0
    for b in range(NBLD):
        if s.pl[p].bld_n[b] == TT_FLOORS[b]:
            n += 1
    return n


cdef inline int total_res(TT* s, int p) noexcept nogil:
    """p's resources, gold included."""
    cdef int r, n = 0
    for r in range(NRES):
        n += s.pl[p].res[r]
    return n


cdef inline int own_house_in(TT* s, int p, int city) noexcept nogil:
    """p has a house in city (everyone has one in Tiletum)."""
    cdef int k
    if city == 0:
        return 1
    for k in range(TT_NHOUSE[city]):
        if s.house_owner[city][k] == p + 1:
            return 1
    return 0


cdef inline int own_pillar_in(TT* s, int p, int city) noexcept nogil:
    """p has a pillar in city."""
    cdef int k
    for k in range(TT_NPILLAR[city]):
        if s.pillar_owner[city][k] == p + 1:
            return 1
    return 0


cdef inline int cath_index(int city) noexcept nogil:
    """Cathedral index of a city, -1 if it has none."""
    cdef int i
    for i in range(NCATH):
        if TT_CATH_CITY[i] == city:
            return i
    return -1


cdef inline int cath_top_vp(TT* s, int c) noexcept nogil:
    """VP of the top tile of cathedral c's stack, 0 if empty."""
    cdef int t = s.cath_taken[c]
    if TT_CATH_GREAT[c]:
        return 8 - 2 * t if t < 3 else 0
    return 6 - 2 * t if t < 2 else 0
