"""A Castle for All Seasons: names, the Python view of the loaded tables, and rule choices.

The names (resources, cards, buildings, places, spots, phases) are fixed by the rules code.  The
numbers come from the data file (engine_c/seasons/content.json unless another is installed with
``engine_c.content.use("seasons", ...)``): ``set_tables`` rebinds the tables below each time data is
installed, so read them as attributes of this module (``data.BOX``), never copy them at import.
Every rule the references leave open is an entry of RULE_CHOICES (docs/seasons.md explains each).
"""

# Resource kinds, numbered as in the engine.  Silver is a joker (RULE_CHOICES["silver"]).
RESOURCES = ["sand", "wood", "clay", "stone", "silver"]
RESOURCE_INDEX = {name: i for i, name in enumerate(RESOURCES)}
PAY_ORDER = ["stone", "clay", "wood", "sand"]   # order of the payment decisions (sand is forced)

# Character cards (each player owns one set of all eight).
CARDS = ["messenger", "trader", "bricklayer", "stonemason", "worker1", "worker2", "worker3", "masterbuilder"]
CARD_INDEX = {name: i for i, name in enumerate(CARDS)}
RESOLUTION_GROUPS = [["messenger"], ["trader"], ["bricklayer"], ["stonemason"],
                     ["worker1", "worker2", "worker3"], ["masterbuilder"]]
WORKERS = ["worker1", "worker2", "worker3"]

# worker2 adds 2 free pieces from FREE_KINDS chosen by its owner (rules code, not data).
WORKER2_FREE = 2
FREE_KINDS = ["sand", "wood", "clay"]
LOAD_OPTIONS = [("sand", "sand"), ("sand", "wood"), ("sand", "clay"),
                ("wood", "wood"), ("wood", "clay"), ("clay", "clay")]

# Trader spots: spot i pays resource i.
SPOTS = ["sand", "wood", "clay", "stone", "rider"]

# Building types with tiles (the gates score towers, the stable houses: ids fixed).
BUILDING_IDS = ["palace", "keep", "tavern", "servants_house", "stable", "big_gate", "small_gate",
                "tower", "house", "manor"]
BUILDING_INDEX = {name: i for i, name in enumerate(BUILDING_IDS)}

# Buildings with helper places, in final-scoring order; market and forge are pre-built.
HELPER_BUILDINGS = ["market", "forge", "servants_house", "palace", "keep", "tavern",
                    "big_gate", "small_gate", "stable"]
PLACE_IDS = ["market_a", "market_b", "forge10", "forge6", "servants_a", "servants_b", "palace_a", "palace_b",
             "keep", "tavern12", "tavern6", "big_gate", "small_gate", "stable16", "stable12"]
PLACE_INDEX = {name: i for i, name in enumerate(PLACE_IDS)}
PLACE_BUILDING = [0, 0, 1, 1, 2, 2, 3, 3, 4, 5, 5, 6, 7, 8, 8]      # index into HELPER_BUILDINGS

# Phases of the position files (docs/seasons.md, "JSON position"), numbered as the PH_* constants
# of engine_c/seasons/types.pxd.
PHASES = ["select", "load", "trader", "tower", "buy", "build", "pay", "helper", "source", "over", "winter"]

PICKS = {2: 2, 3: 1, 4: 1}          # cards chosen a round (rules code)

# The data file's constants, in the order of CS_K (engine_c/seasons/tables.pxd K_*).
CONSTANTS = ["start_talers", "total_talers", "messenger_talers", "master_vp_per_building",
             "bricklayer_talers_per_piece", "stonemason_price", "worker_vp_divisor", "max_builds",
             "max_helpers", "min_kinds", "tribute", "silver_value"]

# Winter variant: the effect kinds the engine implements and their parameters (tables.pxd W_*).
WINTER_KINDS = ["gain", "lose", "offer", "modify", "vp_per_building"]
WINTER_WHO = ["all", "start"]
WINTER_WHAT = RESOURCES + ["talers", "vp"]
WINTER_TARGETS = ["messenger_talers", "master_vp", "helper_fee", "trader_yield"]
WINTER_CARD_SLOTS = 6

# ---- the tables of the installed data (set_tables; values of the shipped file shown) -----------
BUILDING_POINTS = BOX = START_TOWER = None       # per resource: [1, 2, 4, 5, 0], [20, 18, 15, 15, 15], [1]*5
START_RESOURCES = None                          # {"sand": 1, "wood": 1}
WORKER_PIECES = None                            # {"worker1": {"wood": 2, "silver": 1}, ...}
SPOT_YIELD = None                               # [4, 3, 2, 2, 2]
BUILDINGS = TILES = BUILDING_VALUE = BUILDING_VP = None    # BUILDINGS: (id, tiles, value, vp)
PLACES = PLACE_FEE = PLACE_VP = PLACE_PER = None           # PLACES: (id, helper building, fee)
HELPERS = ROUNDS = None                         # per player count: {2: 7, 3: 6, 4: 6}, {2: 12, 3: 15, 4: 12}
CONSTANT_VALUES = None                          # {name: value}
TOTAL_TALERS = START_TALERS = MESSENGER_TALERS = MASTER_VP_PER_BUILDING = MAX_BUILDS = MAX_HELPERS = None
WINTER_ROUNDS = None                            # marked rounds
WINTER_CARDS = None                             # the cards as the data file gives them
WINTER_CARD_IDS = None


def set_tables(flat, data):
    """Rebind the tables above to the installed data (called by engine_c.seasons.content.install)."""
    g = globals()
    g["BUILDING_POINTS"] = list(flat["bp"])
    g["BOX"] = list(flat["box"])
    g["START_TOWER"] = list(flat["start_tower"])
    g["START_RESOURCES"] = {r: n for r, n in zip(RESOURCES, flat["start_res"]) if n}
    g["WORKER_PIECES"] = {w: {r: n for r, n in zip(RESOURCES, flat["worker"][i]) if n} for i, w in enumerate(WORKERS)}
    g["SPOT_YIELD"] = list(flat["yield"])
    g["TILES"], g["BUILDING_VALUE"], g["BUILDING_VP"] = list(flat["tiles"]), list(flat["value"]), list(flat["vp"])
    g["BUILDINGS"] = list(zip(BUILDING_IDS, flat["tiles"], flat["value"], flat["vp"]))
    g["PLACE_FEE"], g["PLACE_VP"], g["PLACE_PER"] = list(flat["fee"]), list(flat["place_vp"]), list(flat["place_per"])
    g["PLACES"] = [(name, HELPER_BUILDINGS[PLACE_BUILDING[k]], flat["fee"][k]) for k, name in enumerate(PLACE_IDS)]
    g["HELPERS"] = {n: flat["helpers"][n] for n in (2, 3, 4)}
    g["ROUNDS"] = {n: flat["rounds"][n] for n in (2, 3, 4)}
    g["CONSTANT_VALUES"] = dict(zip(CONSTANTS, flat["k"]))
    g["TOTAL_TALERS"] = g["CONSTANT_VALUES"]["total_talers"]
    g["START_TALERS"] = g["CONSTANT_VALUES"]["start_talers"]
    g["MESSENGER_TALERS"] = g["CONSTANT_VALUES"]["messenger_talers"]
    g["MASTER_VP_PER_BUILDING"] = g["CONSTANT_VALUES"]["master_vp_per_building"]
    g["MAX_BUILDS"] = g["CONSTANT_VALUES"]["max_builds"]
    g["MAX_HELPERS"] = g["CONSTANT_VALUES"]["max_helpers"]
    g["WINTER_ROUNDS"] = [r for r, on in enumerate(flat["winter_round"]) if on]
    g["WINTER_CARDS"] = [dict(card) for card in data["tables"]["winter_cards"]["items"]]
    g["WINTER_CARD_IDS"] = list(flat["winter_ids"])


# Every rule the sources leave open, with the engine's choice (docs/seasons.md, "Rule decisions").
# Numbers the choices name live in the data file (its placeholders); these are the rules-code parts.
RULE_CHOICES = {
    "silver": "joker: pays as one piece of sand/wood/clay/stone (counts as that kind); spent silver goes to the forge",
    "silver_use": "silver only covers a shortfall: real pieces of a kind are spent before silver stands in",
    "silver_value": "data file: constants.silver_value (placeholder 5), palace conversion and tie-break",
    "worker3": "data file: workers.worker3 (placeholder 1 sand + 1 wood + 1 clay)",
    "worker2_chooser": "owner, when the card is loaded",
    "worker_short_stock": "load what the stock holds",
    "own_workers_order": "worker1, worker2, worker3",
    "no_helper_tiles": "data file: buildings tower, house, manor (placeholders 9 x 10/8, 4 x 8/6, 3 x 12/10)",
    "market_fees": "data file: places market_a, market_b (placeholders 6, 6)",
    "servants_house": "data file: places servants_a, servants_b (placeholders: 2 places, fee 6 each)",
    "forge_fees": "data file: places forge10, forge6 (10 and 6)",
    "last_piece_sale": "refused: a stonemason never buys the last piece on a worker card (per card)",
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
    "winter_draw": "winter variant: one card at the start of each marked round, drawn at random from the state's RNG "
                   "among the cards not drawn yet, public at once",
    "winter_side": "winter variant: the winter side's building values are NOT FOUND, so the summer values are used",
}
