"""A Castle for All Seasons: data tables and rule choices (base game, summer side).

Numbers come from the team reference shared/rules/castle-for-all-seasons.md.  Every value the
reference marks NOT FOUND is an engine choice and is listed in RULE_CHOICES (docs/seasons.md explains
each).  The compiled engine keeps the same numbers as C constants in engine_c/seasons/rules.pxd;
tests/seasons/test_seasons_data.py checks that both agree.
"""

# Resource kinds, numbered as in the engine.  Silver is a joker (RULE_CHOICES["silver"]).
RESOURCES = ["sand", "wood", "clay", "stone", "silver"]
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
BUILDING_POINTS = [1, 2, 4, 5, 0]          # silver: the value of the piece it stands for
BOX = [20, 18, 15, 15, 15]                 # pieces in the box (83), a hard limit
PAY_ORDER = ["stone", "clay", "wood", "sand"]   # order of the payment decisions (sand is forced)

# Character cards (each player owns one set of all eight).
CARDS = ["messenger", "trader", "bricklayer", "stonemason", "worker1", "worker2", "worker3", "masterbuilder"]
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
RESOLUTION_GROUPS = [["messenger"], ["trader"], ["bricklayer"], ["stonemason"],
                     ["worker1", "worker2", "worker3"], ["masterbuilder"]]

# Worker cards: fixed pieces; worker2 adds 2 free pieces from FREE_KINDS chosen by its owner.
WORKER_PIECES = {
    "worker1": {"wood": 2, "silver": 1},
    "worker2": {"stone": 1},
    "worker3": {"sand": 1, "wood": 1, "clay": 1},      # PLACEHOLDER: third card NOT FOUND
}
WORKER2_FREE = 2
FREE_KINDS = ["sand", "wood", "clay"]
LOAD_OPTIONS = [("sand", "sand"), ("sand", "wood"), ("sand", "clay"),
                ("wood", "wood"), ("wood", "clay"), ("clay", "clay")]

# Trader spots: spot i pays resource i; (pieces per payout incl. the 1 tribute).
SPOTS = ["sand", "wood", "clay", "stone", "rider"]
SPOT_YIELD = [4, 3, 2, 2, 2]
TRIBUTE = 1

# Building tiles: (id, tiles, building value, victory points).  Places are listed below.
BUILDINGS = [
    ("palace", 1, 30, 18),
    ("keep", 1, 24, 14),
    ("tavern", 1, 22, 12),
    ("servants_house", 1, 18, 14),
    ("stable", 1, 18, 14),
    ("big_gate", 1, 18, 10),
    ("small_gate", 1, 12, 6),
    ("tower", 9, 10, 8),        # PLACEHOLDER split of the 16 no-helper tiles (see docs)
    ("house", 4, 8, 6),
    ("manor", 3, 12, 10),
]
BUILDING_IDS = [b[0] for b in BUILDINGS]
BUILDING_INDEX = {name: i for i, name in enumerate(BUILDING_IDS)}
TILES = [b[1] for b in BUILDINGS]
BUILDING_VALUE = [b[2] for b in BUILDINGS]
BUILDING_VP = [b[3] for b in BUILDINGS]

# Buildings with helper places, in final-scoring order; market and forge are pre-built.
HELPER_BUILDINGS = ["market", "forge", "servants_house", "palace", "keep", "tavern",
                    "big_gate", "small_gate", "stable"]
# Helper places: (id, helper building, fee in talers).
PLACES = [
    ("market_a", "market", 6), ("market_b", "market", 6),          # fees PLACEHOLDER
    ("forge10", "forge", 10), ("forge6", "forge", 6),
    ("servants_a", "servants_house", 6), ("servants_b", "servants_house", 6),   # PLACEHOLDER
    ("palace_a", "palace", 17), ("palace_b", "palace", 17),
    ("keep", "keep", 14),
    ("tavern12", "tavern", 12), ("tavern6", "tavern", 6),
    ("big_gate", "big_gate", 10),
    ("small_gate", "small_gate", 5),
    ("stable16", "stable", 16), ("stable12", "stable", 12),
]
PLACE_IDS = [p[0] for p in PLACES]
PLACE_INDEX = {name: i for i, name in enumerate(PLACE_IDS)}
PLACE_FEE = [p[2] for p in PLACES]
PLACE_BUILDING = [HELPER_BUILDINGS.index(p[1]) for p in PLACES]

# Phases of the position files (docs/seasons.md, "JSON position"), numbered as the PH_* constants
# of engine_c/seasons/types.pxd.
PHASES = ["select", "load", "trader", "tower", "buy", "build", "pay", "helper", "source", "over"]

TOTAL_TALERS = 105
START_TALERS = 3
START_RESOURCES = {"sand": 1, "wood": 1}
START_TOWER = [1, 1, 1, 1, 1]
HELPERS = {2: 7, 3: 6, 4: 6}
ROUNDS = {2: 12, 3: 15, 4: 12}
PICKS = {2: 2, 3: 1, 4: 1}
MESSENGER_TALERS = 8
MASTER_VP_PER_BUILDING = 5
MAX_BUILDS = 2
MAX_HELPERS = 2

# Every rule the sources leave open, with the engine's choice (docs/seasons.md, "Rule decisions").
RULE_CHOICES = {
    "silver": "joker: pays as one piece of sand/wood/clay/stone (counts as that kind); spent silver goes to the forge",
    "silver_use": "silver only covers a shortfall: real pieces of a kind are spent before silver stands in",
    "silver_value": 5,               # Palace conversion and tie-break value of a silver bar
    "worker3": "1 sand + 1 wood + 1 clay",
    "worker2_chooser": "owner, when the card is loaded",
    "worker_short_stock": "load what the stock holds",
    "own_workers_order": "worker1, worker2, worker3",
    "no_helper_tiles": "9 towers (10 BP/8 VP), 4 houses (8/6), 3 manors (12/10)",
    "market_fees": (6, 6),
    "servants_house": "2 places, fee 6 each",
    "forge_fees": (10, 6),
    "trader_payout_needs_trader": True,
    "trader_no_spot": "no placement (also without a helper in stock); the payout still happens",
    "trader_mandatory": True,         # a trader with a legal spot must place
    "payout_short_stock": "each spot pays its own kind, so order never matters; tribute first",
    "bank_limited": True,
    "resources_limited": True,
    "keep_counts": "unoccupied helper places of erected buildings (market and forge included)",
    "tavern_counts": "every castle helper, the tavern's own included",
    "servants_multiplicity": "per helper",
    "helper_per_building_per_round": 1,
    "unaffordable_helper_fee": "building allowed, helpers optional",
    "start_player": "seat 0",
    "final_conversions": "automatic and maximal (market talers, palace pieces: most valuable first)",
    "scoring_order": "market, forge, servants_house, palace, keep, tavern, big_gate, small_gate, stable",
    "tie_break": "most talers, then highest building-point value of resources left, then shared",
    "round_track_taler": 1,
    "early_end": "the round in which the last tile is built is the last round",
}

assert sum(BOX) == 83 and sum(TILES) == 23 and len(PLACES) == 15
assert all(vp % 2 == 0 for vp in BUILDING_VP)      # the worker's half VP is always whole
