"""Castles of Burgundy (2011 base game) on the Python side: vocabulary, board shapes, rule choices
and the installed content.

Board shapes (colours, die template, start castle spaces) are transcribed from the team reference
/work/shared/rules/data/castles-of-burgundy.json and stay compiled in.  The numbers a designer may
change (scoring, silverlings, workers, tile and goods counts, depot spaces) live in the data file
engine_c/burgundy/content.json (docs/burgundy.md, "Data file"): ``engine_c.burgundy.content.install``
hands checked data to :func:`set_content`, which fills the names below (lists in place, so a module
that imported one by name sees the new values) and returns the flat arrays of the C tables.
Everything here is valid once ``engine_c.burgundy`` is imported (importing it installs the shipped
file).  Every rule choice the reference leaves open is one entry of RULE_CHOICES below and is listed
in docs/burgundy.md.  Space ids are 1..37 in reading order (rows of 4,5,6,7,6,5,4).
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


BLACK_KNOWLEDGE = (7, 12, 14, 15, 24, 25)      # the shipped file's black-backed knowledge tiles


def inventory():
    """List indexed by tile code of (coloured, black) counts, as installed."""
    return INVENTORY


GOODS_NAMES = ("turquoise", "violet", "pink", "red", "brown", "orange")   # goods type = die value 1..6

# ---- fixed by the position struct and the action layout (engine_c/burgundy/types.pxd) ---------
NDEPOTS, DEPOT_SPACES = 6, 4
BLACK_DEPOT_SPACES = 8
ROUNDS_PER_PHASE = 5                                  # round spaces for goods
GOODS_TYPES = 6
GOODS_STORAGE_SLOTS = 3
STORAGE_SPACES = 3
TRACK_SPACES = 7                                      # start space + 6 ships can never overflow
KNOWLEDGE_NUMBERS = (2, 3, 4, 7, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26)  # with a number

# ---- bounds the data check (content.py) and the position readers (position_checks.py) share: one
# place, so any data the check accepts gives positions the readers read back (docs/data.md) --------
# Tile and goods counts bound the readers' supply and goods fields (they read the installed counts);
# black depot tiles and goods per phase bound which depot and round spaces may hold anything.
# Silverlings, workers, VP and the counters are int16 in C; the readers accept 0..COUNTER_MAX, which
# leaves room for a whole game more.  The number bounds below are generous for a designer (several
# times the printed values) and keep a game far inside COUNTER_MAX: games with every number at its
# bound are played and read back by tests/content/test_data_bounds.py (random 2-4 player games with
# every number at its top reach 2,171 at most, 2026-12-07).
COUNTER_MAX = 10000
VP_MAX = 100                        # one scoring number (region, phase, colour bonus, watchtower, knowledge)
SILVER_MAX = 10                     # silverlings of one gain or price (sale, mine, bank, knowledge 3 / 13)
WORKERS_MAX = 10                    # workers of one gain (take workers, boarding house, knowledge 2 / 4 / 14)
END_RATE_MAX = 5                    # game end: VP per goods tile / per silverling, workers per VP
TILE_COPIES_MAX = 30                # tiles of one face and back in the box (the readers' supply bounds)
GOODS_PER_TYPE_MAX = 20             # goods tiles of one type (the readers' goods bounds)
START_GOODS_MAX = GOODS_STORAGE_SLOTS   # more could draw a 4th type with no slot for it
START_CASTLES = 4                   # coloured castles taken for the starting castles (4 players)

# ---- content: filled from the data file by set_content ---------------------------------------
INVENTORY = [(0, 0)] * NUM_TILE_CODES                 # per tile code: (coloured-back, black-back)
DEPOTS = [[("B", 2)] * DEPOT_SPACES for _ in range(NDEPOTS)]  # (colour letter, player-count mark)
BLACK_DEPOT_TILES = {2: 0, 3: 0, 4: 0}
GOODS_PER_TYPE = 0
GOODS_PER_PHASE = 0
START_GOODS = 0
START_SILVERLINGS = [0, 0, 0, 0]                      # by seat, start player first
START_WORKERS_BY_SEAT = [0, 0, 0, 0]
REGION_VP = [0] * 9                                   # by region size 1..8 (index 0 unused)
PHASE_BONUS = [0] * 5                                 # phases A..E
COLOUR_BONUS = {2: (0, 0), 3: (0, 0), 4: (0, 0)}      # (large, small) by player count
SELL_VP_PER_TILE = {2: 0, 3: 0, 4: 0}
KNOWLEDGE_AMOUNT = [0] * 27                           # knowledge n's number (KNOWLEDGE_NUMBERS), else 0
NUMBERS = {}                                          # rule_numbers: id -> value
# 3 players only: depot 6, space 3 holds a mine instead of a castle in these phases (1=A..5=E)
THREE_PLAYER_MINE_SWAP = {"depot": 6, "space": 3, "phases": (2, 4)}

RULE_NUMBER_IDS = ("black_purchase_cost", "sale_silverlings", "mine_silverlings", "take_workers",
                   "watchtower_vp", "boarding_house_workers", "bank_silverlings", "end_vp_per_goods_tile",
                   "end_vp_per_silverling", "end_workers_per_vp")


def set_content(data):
    """Fill the names above from checked data; return the flat arrays of the C tables (tables.pyx)."""
    global GOODS_PER_TYPE, GOODS_PER_PHASE, START_GOODS
    t = data["tables"]
    names = tile_names()
    counts = {item["id"]: (item["coloured"], item["black"]) for item in t["tiles"]["items"]}
    INVENTORY[:] = [(0, 0)] + [counts[names[code]] for code in range(1, NUM_TILE_CODES)]
    by_id = sorted(t["depots"]["items"], key=lambda item: item["id"])
    DEPOTS[:] = [[(space[0], space[1]) for space in item["spaces"]] for item in by_id]
    goods = {item["id"]: item["value"] for item in t["goods"]["items"]}
    GOODS_PER_TYPE, GOODS_PER_PHASE, START_GOODS = goods["per_type"], goods["per_phase"], goods["start_each"]
    seats = sorted(t["start"]["items"], key=lambda item: item["id"])
    START_SILVERLINGS[:] = [item["silverlings"] for item in seats]
    START_WORKERS_BY_SEAT[:] = [item["workers"] for item in seats]
    REGION_VP[:] = [0] + list(t["region_vp"]["values"])
    PHASE_BONUS[:] = list(t["phase_bonus"]["values"])
    for item in t["player_counts"]["items"]:
        n = item["id"]
        COLOUR_BONUS[n] = (item["bonus_large"], item["bonus_small"])
        SELL_VP_PER_TILE[n] = item["sale_vp_per_goods_tile"]
        BLACK_DEPOT_TILES[n] = item["black_depot_tiles"]
    KNOWLEDGE_AMOUNT[:] = [0] * 27
    for item in t["knowledge"]["items"]:
        KNOWLEDGE_AMOUNT[item["id"]] = item["amount"]
    NUMBERS.clear()
    NUMBERS.update({item["id"]: item["value"] for item in t["rule_numbers"]["items"]})
    return c_arrays()


def c_arrays():
    """name -> list of ints of every C table filled from data (tables.pyx), from the names above."""
    return {
        "INV_COL": [c for c, _ in INVENTORY], "INV_BLACK": [b for _, b in INVENTORY],
        "DEPOT_COL": [COLOURS.index(c) for depot in DEPOTS for c, _ in depot],
        "DEPOT_MARK": [m for depot in DEPOTS for _, m in depot],
        "REGION_VP_T": list(REGION_VP), "PHASE_BONUS_T": list(PHASE_BONUS),
        "BONUS_LARGE": [0, 0] + [COLOUR_BONUS[n][0] for n in (2, 3, 4)],
        "BONUS_SMALL": [0, 0] + [COLOUR_BONUS[n][1] for n in (2, 3, 4)],
        "SELL_VP": [0, 0] + [SELL_VP_PER_TILE[n] for n in (2, 3, 4)],
        "BLACK_TILES": [0, 0] + [BLACK_DEPOT_TILES[n] for n in (2, 3, 4)],
        "KNOW_N": list(KNOWLEDGE_AMOUNT),
        "NUMBERS": [NUMBERS[k] for k in RULE_NUMBER_IDS],
        "GOODS": [GOODS_PER_TYPE, GOODS_PER_PHASE, START_GOODS],
        "START_SILVER": list(START_SILVERLINGS), "START_WORKERS": list(START_WORKERS_BY_SEAT),
    }


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
