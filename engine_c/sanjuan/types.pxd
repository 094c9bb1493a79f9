# San Juan: the position struct (SJ) and its constants; engine_c/sanjuan/state.pyx wraps it in
# SanJuanState.  Card kinds 0..28 follow engine_c/sanjuan/data.py.
from libc.string cimport memcpy
from libc.stdint cimport uint8_t, uint16_t, uint32_t, uint64_t

cdef enum:
    NK = 29                 # card kinds
    NPROD = 5               # production kinds 0..4 (goods indigo..silver)
    NCARDS = 110
    MAXP = 4
    MAXB = 12               # building slots per player (the game ends at 12)
    MAX_ROUNDS = 100        # safeguard: a game still running after round 100 ends (see docs)

    # card kinds
    INDIGO = 0
    SUGAR = 1
    TOBACCO = 2
    COFFEE = 3
    SILVER = 4
    SMITHY = 5
    GOLD_MINE = 6
    ARCHIVE = 7
    POOR_HOUSE = 8
    BLACK_MARKET = 9
    TRADING_POST = 10
    WELL = 11
    MARKET_STAND = 12
    CRANE = 13
    CHAPEL = 14
    TOWER = 15
    AQUEDUCT = 16
    CARPENTER = 17
    PREFECTURE = 18
    STATUE = 19
    MARKET_HALL = 20
    QUARRY = 21
    VICTORY_COLUMN = 22
    LIBRARY = 23
    HERO = 24
    GUILD_HALL = 25
    CITY_HALL = 26
    TRIUMPHAL_ARCH = 27
    PALACE = 28

    # roles
    R_BUILDER = 0
    R_PRODUCER = 1
    R_TRADER = 2
    R_COUNCILLOR = 3
    R_PROSPECTOR = 4

    # phases (what the actor is deciding)
    PH_ROLE = 0             # choose a role
    PH_BUILD = 1            # build a card kind or pass
    PH_PLACE = 2            # crane owner: new spot or cover one of his buildings
    PH_PAY = 3              # pay the cost one item at a time
    PH_PRODUCE = 4          # produce on a production kind or stop
    PH_SELL = 5             # sell a good or stop
    PH_KEEP = 6             # councillor: keep one of the drawn cards
    PH_CDISCARD = 7         # councillor with archive: discard from the whole hand
    PH_GOLD = 8             # gold mine: keep one of the 4 revealed cards
    PH_TUCK = 9             # round start: chapel tuck or pass
    PH_LIMIT = 10           # round start: discard down to the hand limit
    PH_OVER = 11

    # actions
    A_PASS = 0
    A_ROLE = 1              # +role (5)
    A_ROLE_LIB = 6          # +role, doubling with the library (2p governor's first pick)
    A_BUILD = 11            # +card kind (29)
    A_PLACE_NEW = 40
    A_COVER = 41            # +slot (12)
    A_CARD = 53             # +card kind (29): pay / keep / discard / tuck that kind
    A_GOOD = 82             # +good (5): produce / sell / pay with that good
    NUM_ACTIONS = 87

ctypedef struct SJ:
    uint64_t rng            # chance RNG (splitmix64 state)
    uint8_t np              # players
    uint8_t governor
    uint8_t phase
    uint8_t role            # role being played
    uint8_t chooser         # who chose it
    uint8_t actor           # player to act
    uint8_t acted           # players done in this phase / start-of-round step
    uint8_t picks           # roles chosen so far this round
    uint8_t roles_taken     # bitmask of roles chosen this round
    uint8_t role_lib        # chooser doubles this role's privilege (library)
    uint8_t lib_used        # 2p: governor used his library this round
    uint8_t cnt             # goods produced / sold / paid with by the actor in this turn
    uint8_t limit           # goods he may still produce / sell; cost left; cards to keep / discard
    uint8_t last            # ordering floor: decisions in one sequence are non-decreasing
    uint8_t build_kind      # card kind being paid for, +1 (0 none)
    uint8_t income          # cards earned by the goods sold so far this turn
    uint8_t tile            # trading-house tile of the current trader phase (0..4)
    uint8_t supply_n
    uint8_t discard_n
    uint8_t tile_next       # position in tiles[] of the next tile to reveal
    uint8_t tiles_seen      # positions 0..tiles_seen-1 of tiles[] have been revealed (public)
    uint8_t pending_n       # cards drawn but not yet kept (councillor) or revealed (gold mine)
    uint8_t pending_public  # pending cards are face up (gold mine)
    uint8_t pending_owner
    uint16_t rounds         # rounds started (1 = first round)
    uint8_t supply[NCARDS]  # supply[supply_n-1] is the top card
    uint8_t discard[NK]     # discard pile, counts per kind (its order never matters)
    uint8_t tiles[5]        # tile order of the stack, cyclic
    uint8_t pending[NK]
    uint8_t hand[MAXP][NK]
    uint8_t hand_n[MAXP]
    uint8_t bld[MAXP][MAXB]     # building kind per slot (slot order = build order)
    uint8_t good[MAXP][MAXB]    # card lying as a good on that slot, +1 (0 none)
    uint8_t nbld[MAXP]
    uint8_t owned[MAXP][NK]     # uncovered buildings per kind (derived from bld)
    uint8_t covered[MAXP][NK]   # cards covered by a crane overbuild (out of play)
    uint8_t chapel[MAXP][NK]
    uint8_t chapel_n[MAXP]
    uint8_t known_disc[MAXP][NK]   # discard-pile cards that player knows (own discards, gold-mine rejects)
    uint8_t public_disc[NK]        # discard-pile cards everyone knows (gold-mine rejects); part of every known_disc
    uint8_t public_hand[MAXP][NK]  # hand cards everyone knows (gold-mine takes) until he discards secretly
    uint16_t goods_sold[MAXP]
    uint16_t cards_drawn[MAXP]     # cards added to his hand after the deal
    uint8_t seat_vp[MAXP]          # starting points of the seat_vp option, added to the final score



# compiler builtins the rules use
cdef extern from *:
    int __builtin_ctz(unsigned int x) nogil
