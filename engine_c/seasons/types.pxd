# A Castle for All Seasons: the position struct (CS) and its constants; engine_c/seasons/state.pyx
# wraps it in SeasonsState.  Numbering follows engine_c/seasons/data.py.
from libc.stdint cimport uint8_t, int16_t, uint16_t, uint64_t

cdef enum:
    MAXP = 4
    NRES = 5                # sand wood clay stone silver
    SAND = 0
    WOOD = 1
    CLAY = 2
    STONE = 3
    SILVER = 4
    NCARD = 8
    C_MESSENGER = 0
    C_TRADER = 1
    C_BRICKLAYER = 2
    C_STONEMASON = 3
    C_WORKER1 = 4
    C_WORKER2 = 5
    C_WORKER3 = 6
    C_MASTER = 7
    ALL_CARDS = 0xFF
    NB = 10                 # building types with tiles
    B_PALACE = 0
    B_KEEP = 1
    B_TAVERN = 2
    B_SERVANTS = 3
    B_STABLE = 4
    B_BIG_GATE = 5
    B_SMALL_GATE = 6
    B_TOWER = 7
    B_HOUSE = 8
    B_MANOR = 9
    NHB = 9                 # buildings with helper places (scoring order)
    HB_MARKET = 0
    HB_FORGE = 1
    HB_SERVANTS = 2
    HB_PALACE = 3
    HB_KEEP = 4
    HB_TAVERN = 5
    HB_BIG_GATE = 6
    HB_SMALL_GATE = 7
    HB_STABLE = 8
    NPLACE = 15
    NSPOT = 5               # 4 carts + the rider; spot i pays resource i
    RIDER = 4
    NOBODY = 255
    Q_PAYOUT = 255          # queue entry: trader payout
    MAXQ = 16

    # phases (what the actor decides)
    PH_SELECT = 0           # secretly choose a character card
    PH_LOAD = 1             # worker2: choose its 2 free pieces
    PH_TRADER = 2           # trader: spot to occupy
    PH_TOWER = 3            # bricklayer: kind to take from the tower
    PH_BUY = 4              # stonemason: buy one piece from a worker card, or pass
    PH_BUILD = 5            # build a building type, or pass
    PH_PAY = 6              # how many pieces of the current kind
    PH_HELPER = 7           # place a helper, or pass
    PH_SOURCE = 8           # which helper: from stock or from a spot
    PH_OVER = 9
    PH_WINTER = 10          # winter offer: accept or decline

    # actions
    A_PICK = 0              # +card (8)
    A_LOAD = 8              # +load option (6)
    A_SPOT = 14             # +spot (5)
    A_TOWER = 19            # +resource (5)
    A_BUY = 24              # +seat*5 + resource (20)
    A_PASS = 44
    A_BUILD = 45            # +building type (10)
    A_PAY = 55              # +pay step*16 + pieces (stone, clay, wood; 0..15)
    A_PLACE = 103           # +place (15)
    A_SOURCE = 118          # +0 stock, 1+spot
    A_WINTER = 124          # winter offer: +0 decline, +1 accept
    NUM_ACTIONS = 126
    NWCARD = 6              # winter cards
    NMOD = 4                # lasting winter modifiers (MOD_* in tables.pxd)

ctypedef struct CS:
    uint64_t rng            # chance RNG (the summer game has no chance; reseeded by resampling)
    uint8_t np
    uint8_t phase
    uint8_t actor
    uint8_t start           # start player of this round
    uint8_t round           # current round, 1-based
    uint8_t rounds          # rounds of this game (12 / 15)
    uint8_t track           # talers left on the round track
    uint8_t last_round      # every tile is built: this round is the last
    int16_t bank            # talers in the bank (limited)
    uint8_t stock[NRES]     # general stock: carts and rider
    uint8_t tower[NRES]     # defense tower
    uint8_t forge           # silver bars spent (lying in the forge)
    uint8_t tiles[NB]       # tiles left on the board per type
    uint8_t spot_owner[NSPOT]
    uint8_t spot_round[NSPOT]   # round in which the helper there was placed
    uint8_t place_owner[NPLACE]
    uint8_t picks           # selection decisions made this round
    uint8_t queue[MAXQ]     # resolution order: player*8+card, or Q_PAYOUT
    uint8_t qn
    uint8_t qi              # entry being resolved
    uint8_t eq_i            # worker loading cursor: seat offset*3 + worker
    uint8_t traders         # trader cards played this round
    uint8_t builds          # buildings erected by the card being resolved
    uint8_t placed          # helpers placed by the card being resolved
    uint8_t bld             # building type being paid
    uint8_t pay_k           # payment step (0 stone, 1 clay, 2 wood)
    uint8_t pay_rem         # building points still to pay
    uint8_t pay_y[4]        # pieces chosen per step (sand last)
    uint8_t place           # helper place waiting for its source
    int16_t vp[MAXP]
    int16_t talers[MAXP]
    uint8_t res[MAXP][NRES]
    uint8_t helpers[MAXP]   # helpers in personal stock
    uint8_t hand[MAXP]      # bitmask of cards in hand
    uint8_t sel[MAXP]       # cards chosen this round (secret until the reveal)
    uint8_t wcard[MAXP][3][NRES]    # pieces on played worker cards
    uint8_t built_round[MAXP]       # buildings erected this round
    uint16_t hb_round[MAXP]         # helper buildings that got one of his helpers this round
    # statistics and final scoring (public)
    uint16_t played[MAXP][NCARD]
    uint8_t built[MAXP][NB]
    int16_t vp_build[MAXP]          # VP from erecting buildings (stonemason, worker)
    int16_t vp_master[MAXP]
    int16_t vp_final[MAXP]
    int16_t conv_talers[MAXP]       # talers converted at the market
    uint8_t conv_res[MAXP][NRES]    # pieces converted in the palace
    # winter variant (option; the cards' effects are data: engine_c/seasons/winter.pyx)
    uint8_t winter                  # 1: the winter variant is played
    uint8_t w_n                     # winter cards drawn so far
    uint8_t w_drawn[NWCARD]         # the cards drawn, in order (public)
    uint8_t w_asked                 # winter offer: seats asked so far (from the start player)
    int16_t w_mod[NMOD]             # lasting modifiers, the sum over the drawn cards (derived)
    int16_t vp_winter[MAXP]         # VP from winter cards
    int16_t vp_seat[MAXP]           # starting points of the seat_vp option (part of vp)




# compiler builtins the rules use
cdef extern from *:
    int __builtin_popcount(unsigned int x) nogil
