"""San Juan card and tile tables (first edition base game, 110 cards).

Card kinds are numbered 0..28 in this order; the engine (engine_c/sanjuan/rules.pyx) uses
the same numbering.  Numbers come from the team's rules reference
(shared/rules/san-juan.md, data/san-juan.json).
"""

# (id, cost, victory points, copies); the 6-cost buildings print "?" and score 0 base VP.
CARDS = [
    ("indigo_plant", 1, 1, 10),
    ("sugar_mill", 2, 1, 8),
    ("tobacco_storage", 3, 2, 8),
    ("coffee_roaster", 4, 2, 8),
    ("silver_smelter", 5, 3, 8),
    ("smithy", 1, 1, 3),
    ("gold_mine", 1, 1, 3),
    ("archive", 1, 1, 3),
    ("poor_house", 2, 1, 3),
    ("black_market", 2, 1, 3),
    ("trading_post", 2, 1, 3),
    ("well", 2, 1, 3),
    ("market_stand", 2, 1, 3),
    ("crane", 2, 1, 3),
    ("chapel", 3, 2, 3),
    ("tower", 3, 2, 3),
    ("aqueduct", 3, 2, 3),
    ("carpenter", 3, 2, 3),
    ("prefecture", 3, 2, 3),
    ("statue", 3, 3, 3),
    ("market_hall", 4, 2, 3),
    ("quarry", 4, 2, 3),
    ("victory_column", 4, 4, 3),
    ("library", 5, 3, 3),
    ("hero", 5, 5, 3),
    ("guild_hall", 6, 0, 2),
    ("city_hall", 6, 0, 2),
    ("triumphal_arch", 6, 0, 2),
    ("palace", 6, 0, 2),
]

CARD_IDS = [c[0] for c in CARDS]
CARD_INDEX = {name: i for i, name in enumerate(CARD_IDS)}
COST = [c[1] for c in CARDS]
VP = [c[2] for c in CARDS]
COPIES = [c[3] for c in CARDS]
NUM_KINDS = len(CARDS)
NUM_PRODUCTION = 5
MONUMENTS = ("statue", "victory_column", "hero")

GOODS = ["indigo", "sugar", "tobacco", "coffee", "silver"]   # good of production kind 0..4
GOOD_INDEX = {name: i for i, name in enumerate(GOODS)}

ROLES = ["builder", "producer", "trader", "councillor", "prospector"]
ROLE_INDEX = {name: i for i, name in enumerate(ROLES)}

# Trading-house tiles T1..T5: price (cards drawn) per good indigo, sugar, tobacco, coffee, silver.
TILES = [
    (1, 1, 1, 2, 2),
    (1, 1, 2, 2, 2),
    (1, 1, 2, 2, 3),
    (1, 2, 2, 2, 3),
    (1, 2, 2, 3, 3),
]

# Names of the position files (docs/sanjuan.md, "JSON position"): the phases, numbered as the
# PH_* constants of engine_c/sanjuan/types.pxd, and the trading-house tiles T1..T5 (TILES rows).
PHASES = ["role", "build", "place", "pay", "produce", "sell", "keep", "council_discard",
          "gold_mine", "chapel", "hand_limit", "over"]
TILE_NAMES = ["T1", "T2", "T3", "T4", "T5"]

ARCH_BONUS = (0, 4, 6, 8)      # triumphal arch VP by number of monuments
HAND_LIMIT = 7
TOWER_HAND_LIMIT = 12
END_BUILDINGS = 12
START_HAND = 4

assert sum(COPIES) == 110 and NUM_KINDS == 29
