# Castles of Burgundy: the flat C state and the engine's constants.
#
# One BState holds a whole position (no pointers), so a copy is a memcpy.  Tile codes,
# colour indices and the action layout are documented in docs/burgundy.md.
from libc.stdint cimport int8_t, int16_t, uint32_t, uint64_t

cdef enum:
    NSP = 37            # estate spaces
    NCODES = 50         # tile codes 0..49 (0 = none)
    NDEPOT = 6
    NSLOT = 4           # hex spaces per numbered depot
    NBLACK = 8          # hex spaces of the black depot
    STACK = 16          # pending sub-decisions
    MAXREG = 24         # regions per board (upper bound)

# colour indices
cdef enum:
    COL_CASTLE = 0
    COL_SHIP = 1
    COL_MINE = 2
    COL_PASTURE = 3
    COL_BUILDING = 4
    COL_KNOWLEDGE = 5

# tile codes
cdef enum:
    T_NONE = 0
    TILE_CASTLE = 1
    TILE_MINE = 2
    TILE_SHIP = 3
    TILE_ANIMAL0 = 4     # 4 + 3*species + animals-2
    TILE_BUILDING0 = 16  # warehouse, watchtower, carpenter, church, market, boarding, bank, city hall
    TILE_KNOW0 = 23      # knowledge n has code 23 + n

cdef enum:
    B_WAREHOUSE = 0
    B_WATCHTOWER = 1
    B_CARPENTER = 2
    B_CHURCH = 3
    B_MARKET = 4
    B_BOARDING = 5
    B_BANK = 6
    B_CITYHALL = 7

# pending sub-decision kinds (the stack of a turn; empty stack = main decision)
cdef enum:
    K_MAIN = 0
    K_FREE = 1      # castle: one extra action with a die of any value
    K_HALL = 2      # city hall: place one more stored tile (or pass)
    K_SLOT = 3      # take action: which slot of depot ta
    K_SPACE = 4     # place action: stored tile ta, die source tb, which space
    K_DISCARD = 5   # storage full: which stored tile leaves the game (new tile in pend_tile)
    K_SHIP = 6      # ship: which depot's goods (ta = 0 first pick, 1 knowledge-5 second; tb = first depot)
    K_GOODS = 7     # goods of depot ta do not all fit: which new type to keep
    K_WARE = 8      # warehouse: which goods type to sell (or pass)
    K_PICK = 9      # carpenter/church/market: which depot tile (ta = colour bitmask) or pass
    K_START = 10    # setup: where the starting castle goes

# action layout (see docs/burgundy.md); src 0/1 = own dice, 2 = castle, 3 = city hall
cdef enum:
    A_TAKE = 0      # + src*6 + depot          (src 0..2)
    A_PLACE = 18    # + src*3 + storage slot   (src 0..3)
    A_SELL = 30     # + src*6 + goods type-1   (src 0..2)
    A_WORK = 48     # + src                    (src 0..2)
    A_BUYB = 51     # + black depot space
    A_BUYD = 59     # + depot*4 + slot         (knowledge 6)
    A_SLOT = 83     # + slot
    A_SPACE = 87    # + space (0..36)
    A_DISC = 124    # + storage slot
    A_SHIP = 127    # + depot
    A_GOODS = 133   # + goods type-1
    A_PICK = 139    # + depot*4 + slot
    A_WARE = 163    # + goods type-1
    A_PASS = 169
    A_START = 170   # + space (0..36)
    N_ACTIONS = 207

ctypedef struct BPlayer:
    uint64_t filled          # bit j: estate space j holds a tile
    uint64_t adj             # bit j: space j touches a filled space
    uint32_t know            # bit n: knowledge tile n is in the estate
    int16_t vp
    int16_t silver
    int16_t workers
    int16_t gcount[3]        # goods storage: tiles per slot
    int16_t sold[7]          # sold goods tiles per type 1..6
    int16_t n_black          # black-depot (or knowledge 6) purchases
    int16_t n_work           # times the take-workers action was used
    int8_t est[NSP]          # tile code per estate space
    int8_t store[3]          # hex storage spaces
    int8_t gtype[3]          # goods storage: type 1..6 per slot (0 empty)
    int8_t dice[2]
    int8_t used[2]
    int8_t board             # 1..9
    int8_t castle            # starting castle space, -1 not placed yet
    int8_t track_pos
    int8_t track_h           # height in the stack on that track space (higher = earlier)
    int8_t bonus_large
    int8_t bonus_small
    int16_t vp_animals       # of vp: scored by animals placed (-1: not known, a position loaded without it)
    int16_t vp_phase         # of vp: phase bonuses of completed regions (-1 with vp_animals)

ctypedef struct BState:
    uint64_t rng
    int16_t sup_col[NCODES]      # undrawn coloured-back tiles per code (order decided by rng)
    int16_t sup_black[NCODES]    # undrawn black-back tiles per code
    int16_t out[NCODES]          # tiles out of the game (discarded, cleared from depots)
    int16_t dgoods[NDEPOT][7]    # goods tiles on each depot's goods space, per type
    int16_t goods_pool[7]        # goods not yet dealt (future phase piles + box), per type
    int8_t nplayers
    int8_t scenario              # 0 basic, 1 advanced, 2 random, 3 free
    int8_t tiebreak              # 0 fewest empty spaces wins, 1 most
    int8_t phase                 # 0..4 = A..E
    int8_t round                 # 0..4
    int8_t over
    int8_t setup_idx             # player choosing the starting castle, -1 when done
    int8_t order[4]              # this round's turn order
    int8_t turn_idx
    int8_t white
    int8_t bought
    int8_t sp
    int8_t pend_tile
    int8_t task[STACK]
    int8_t ta[STACK]
    int8_t tb[STACK]
    int8_t depot[NDEPOT][NSLOT]
    int8_t black[NBLACK]
    int8_t round_goods[5]        # this phase's goods on the round spaces (0 once placed)
    int8_t bonus_taken[6]        # colour bonus tiles already taken (0, 1 large, 2 both)
    BPlayer pl[4]


# ---- small inline helpers shared by the rules modules --------------------------------------
cdef extern from *:
    int __builtin_popcountll(unsigned long long) nogil
    int __builtin_ctzll(unsigned long long) nogil


cdef inline uint64_t BIT(int j) noexcept nogil:
    return (<uint64_t>1) << j


cdef inline int popcount(uint64_t x) noexcept nogil:
    return __builtin_popcountll(x)



cdef inline bint has_k(BPlayer* P, int n) noexcept nogil:
    return (P.know >> n) & 1


cdef inline int circ(int a, int b) noexcept nogil:
    cdef int d = a - b
    if d < 0:
        d = -d
    if d > 3:
        d = 6 - d
    return d


cdef inline int die_cost(BPlayer* P, int src, int target, int free) noexcept nogil:
    """Workers needed to turn die ``src`` into ``target`` (castle/city hall dice are free)."""
    if src >= 2:
        return 0
    cdef int r = circ(P.dice[src], target) - free
    if r <= 0:
        return 0
    if has_k(P, 8):
        return (r + 1) >> 1
    return r


cdef inline int place_free(BPlayer* P, int colour) noexcept nogil:
    """Free die steps from knowledge 9 (buildings), 10 (ships, animals), 11 (castles, mines, knowledge)."""
    if colour == COL_BUILDING:
        return has_k(P, 9)
    if colour == COL_SHIP or colour == COL_PASTURE:
        return has_k(P, 10)
    return has_k(P, 11)


cdef inline int cur(BState* s) noexcept nogil:
    if s.setup_idx >= 0:
        return s.setup_idx
    return s.order[s.turn_idx]

cdef inline void push(BState* s, int kind, int a, int b) noexcept nogil:
    s.task[s.sp] = kind
    s.ta[s.sp] = a
    s.tb[s.sp] = b
    s.sp += 1


cdef inline void pop(BState* s) noexcept nogil:
    s.sp -= 1
    s.task[s.sp] = 0
    s.ta[s.sp] = 0
    s.tb[s.sp] = 0


cdef inline int top(BState* s) noexcept nogil:
    if s.sp == 0:
        return K_MAIN
    return s.task[s.sp - 1]

