"""Castles of Burgundy (2011 base game) data tables, as plain Python.

Transcribed from the team reference /work/shared/rules/data/castles-of-burgundy.json
(board colours, die template, tile inventory, depot spaces); every rule choice the
reference leaves open is one entry of RULE_CHOICES below and is listed in docs/burgundy.md.
Space ids are 1..37 in reading order (rows of 4,5,6,7,6,5,4).
"""

# colour letters: C castle (dark green), S ship (blue), M mine (grey), P pasture (light green),
# B building (beige), K knowledge (yellow).  Index order used by the engine:
COLOURS = "CSMPBK"
COLOUR_NAMES = ("castle", "ship", "mine", "pasture", "building", "knowledge")

ROW_LENGTHS = (4, 5, 6, 7, 6, 5, 4)

# die value printed on each space 1..37 (identical on every board)
DIE_TEMPLATE = (6, 5, 4, 3, 2, 1, 6, 5, 4, 5, 4, 3, 1, 2, 3, 6, 1, 2, 6, 5, 4, 1, 2, 5, 4, 3, 1, 2, 6, 1, 2, 5, 6, 3, 4, 1, 3)

# colour letter of each space 1..37, per board number
BOARDS = {
    1: "PCCKPPCKBPPBKBBSSSCSSSBBMBBPBMKBBMKKB",
    2: "SBPCPSBPBPPPBKBBBBBBKCKKMKMSBBMKSCSSC",
    3: "PPPPSSCSSBMKKSBBBKCKBBBBKKBBCPMMCBPSB",
    4: "CPBSPPBSSBBBSCMPPPKKMSBCKBBBBMBKKSBKC",
    5: "PBBSPPBMMBCKSSSBBPKCBBKCPKSBBPBCSKKBM",
    6: "KKCSKBBSBPPMSBBKBBCSBBKBBMSBKMPPSCPPC",
    7: "KCCSKPPPSSMBBMPSKBBBPBBKBBPBBSMKBSCCK",
    8: "BBSBSCKCBBKMKKSBPKMPKBSPPPMBBCPCSBSBB",
    9: "BBCKBBPPSBBPPSSCKKMSCKSSKMBPKBBBPMCBB",
}

# dark-green spaces where the starting castle may stand (board 1 basic game: the centre)
START_CASTLE_SPACES = {
    1: (2, 3, 7, 19),
    2: (4, 22, 34, 37),
    3: (7, 19, 29, 33),
    4: (1, 14, 24, 37),
    5: (11, 20, 24, 32),
    6: (3, 19, 34, 37),
    7: (2, 3, 35, 36),
    8: (6, 8, 30, 32),
    9: (3, 16, 21, 35),
}
BASIC_START_SPACE = 19


# ---- hex tiles ---------------------------------------------------------------------------
# Engine tile codes (0 = no tile).  A code names a tile *face*; identical faces share a code.
#   1 castle, 2 mine, 3 ship,
#   4..15 animals: 4 + 3*species + (animals - 2), species order below,
#   16..23 buildings in BUILDINGS order,
#   24..49 knowledge tiles 1..26 (code = 23 + number).
ANIMAL_SPECIES = ("cow", "sheep", "pig", "chicken")
BUILDINGS = ("warehouse", "watchtower", "carpenter", "church", "market", "boardinghouse", "bank", "cityhall")
# knowledge tile scoring 4 VP per building of BUILDINGS[i] is number 16 + i
KNOWLEDGE_FOR_BUILDING = {b: 16 + i for i, b in enumerate(BUILDINGS)}
NUM_TILE_CODES = 50


def tile_names():
    """Tile code -> name, e.g. 'castle', 'cow3', 'church', 'k12'."""
    names = [None, "castle", "mine", "ship"]
    for sp in ANIMAL_SPECIES:
        names += [f"{sp}{n}" for n in (2, 3, 4)]
    names += list(BUILDINGS)
    names += [f"k{n}" for n in range(1, 27)]
    return names


def tile_colour(code):
    """Colour index (into COLOURS) of a tile code."""
    if code == 1:
        return 0
    if code == 2:
        return 2
    if code == 3:
        return 1
    if code <= 15:
        return 3
    if code <= 23:
        return 4
    return 5


# (coloured-back count, black-back count) per tile code; 124 coloured + 40 black = 164.
BLACK_KNOWLEDGE = (7, 12, 14, 15, 24, 25)
ANIMAL_COUNTS = {2: (2, 0), 3: (2, 1), 4: (1, 1)}  # per species


def inventory():
    """List indexed by tile code of (coloured, black) counts."""
    inv = [(0, 0)] * NUM_TILE_CODES
    inv[1] = (14, 2)   # castles (the starting castles are taken from the coloured ones)
    inv[2] = (10, 2)   # mines
    inv[3] = (20, 6)   # ships
    for s in range(4):
        for n in (2, 3, 4):
            inv[4 + 3 * s + n - 2] = ANIMAL_COUNTS[n]
    for b in range(8):
        inv[16 + b] = (5, 2)
    for k in range(1, 27):
        inv[23 + k] = (0, 1) if k in BLACK_KNOWLEDGE else (1, 0)
    return inv


# ---- main board --------------------------------------------------------------------------
# Numbered depots 1..6: four hex spaces each as (colour letter, player-count mark); a space is
# used when mark <= number of players.
DEPOTS = (
    (("B", 2), ("S", 2), ("K", 3), ("P", 4)),
    (("C", 2), ("K", 2), ("B", 3), ("B", 4)),
    (("P", 2), ("B", 2), ("S", 3), ("K", 4)),
    (("S", 2), ("B", 2), ("P", 3), ("M", 4)),
    (("M", 2), ("K", 2), ("B", 3), ("B", 4)),
    (("B", 2), ("P", 2), ("C", 3), ("S", 4)),
)
# 3 players only: depot 6, space 3 holds a mine instead of a castle in these phases (1=A..5=E)
THREE_PLAYER_MINE_SWAP = {"depot": 6, "space": 3, "phases": (2, 4)}
# black depot tiles drawn per phase by player count
BLACK_DEPOT_TILES = {2: 4, 3: 6, 4: 8}
BLACK_DEPOT_SPACES = 8
BLACK_PURCHASE_COST = 2

# goods: type = die value 1..6; 7 tiles each
GOODS_NAMES = ("turquoise", "violet", "pink", "red", "brown", "orange")
GOODS_PER_TYPE = 7
GOODS_PER_PHASE = 5
START_GOODS = 3
GOODS_STORAGE_SLOTS = 3
STORAGE_SPACES = 3

# ---- scoring -----------------------------------------------------------------------------
REGION_VP = (0, 1, 3, 6, 10, 15, 21, 28, 36)          # by region size 1..8
PHASE_BONUS = (10, 8, 6, 4, 2)                        # phases A..E
COLOUR_BONUS = {2: (5, 2), 3: (6, 3), 4: (7, 4)}      # (large, small) by player count
SELL_VP_PER_TILE = {2: 2, 3: 3, 4: 4}
WATCHTOWER_VP = 4
BOARDING_HOUSE_WORKERS = 4
BANK_SILVERLINGS = 2
TAKE_WORKERS = 2
START_SILVERLINGS = 1
START_WORKERS_BY_SEAT = (1, 2, 3, 4)                  # start player first
TRACK_SPACES = 7                                      # start space + 6 ships can never overflow

# ---- rule choices where the rules are ambiguous (see docs/burgundy.md) -------------------
RULE_CHOICES = {
    # knowledge 5: "two neighbouring" depots; the six depots form a ring around the black depot
    "depot_neighbours": {1: (6, 2), 2: (1, 3), 3: (2, 4), 4: (3, 5), 5: (4, 6), 6: (5, 1)},
    # buying (black depot / knowledge 6) with a full storage: allowed, discard first
    "buy_with_full_storage": True,
    # carpenter / church / market pick with a full storage: allowed, discard first
    "pick_with_full_storage": True,
    # knowledge 9-12 give one free step; further steps cost workers (+-2 each with knowledge 8)
    "free_step": 1,
    # knowledge 2 pays one worker per mine
    "k2_workers_per_mine": 1,
    # a castle's free action may be "take workers"; knowledge 13/14 then apply
    "castle_workers_uses_k13_k14": True,
    # city hall: the extra tile ignores the die number but keeps colour, adjacency and city rules
    "city_hall_ignores_number": True,
    # mine income is also paid after phase E, before final scoring
    "mine_income_after_e": True,
    # the starting castle scores nothing at setup but counts for regions, adjacency, colour bonus
    "start_castle_scores": False,
    # default tie-break: fewest empty spaces (English rulebook); "most" = BGA's reading
    "default_tiebreak": "fewest",
    # advanced scenario: each player a different random board from 2..9, castle chosen by player
    "advanced_boards": (2, 3, 4, 5, 6, 7, 8, 9),
    # random scenario: each player a different random board from 1..9, random castle space
    "random_boards": (1, 2, 3, 4, 5, 6, 7, 8, 9),
}
