# Tiletum: the position struct (TT) and its constants; engine_c/tiletum/state.pyx wraps it in
# TiletumState.  Tables (map, tiles, board) are in engine_c/tiletum/tables.pxd, filled from the
# data file engine_c/tiletum/content.json.
from libc.stdint cimport uint8_t, int8_t, uint16_t, int16_t, uint32_t, uint64_t

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

    # effect kinds (data.py E_*)
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
    uint8_t die_wrap            # option: a die adjustment may step 6 -> 1 and 1 -> 6
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
