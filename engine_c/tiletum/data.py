"""Tiletum on the Python side: the game's vocabulary, its rule choices, and the installed content.

The content (map, tiles, player board, king track, start supplies, rule numbers) lives in the data
file engine_c/tiletum/content.json (docs/tiletum.md, "Data file"); a user may supply another.
``engine_c.tiletum.content.install`` checks nothing itself: it is handed checked data and calls
:func:`set_content`, which fills the names below *in place* (lists keep their identity, so a
module that imported one by name sees the new values) and returns the flat arrays the C tables
(engine_c/tiletum/tables.pyx) are filled from.  Everything here is valid once ``engine_c.tiletum``
is imported (importing it installs the shipped default).
"""

# ---- vocabulary (fixed by the rules code, not data) ----------------------------------------
RESOURCES = ["gold", "food", "iron", "stone", "wool"]          # die colours: yellow, pink, blue, dark grey, light grey
RES_SHORT = ["G", "F", "I", "S", "W"]
ACTIONS = ["merchant", "architect", "persons", "contracts", "king", "jester"]
PERSON_TYPES = ["trader", "mason", "courtier", "notary", "host", "entertainer"]
START_CITY = "Tiletum"                 # the data's first city: start house, merchant, architect, round-1 fair
HOUSE_BONUS_NAMES = ["none", "gold", "vp"]
# fair tiles: what each counts (rules.pyx tt_fair_score, by index); the data gives their multipliers
FAIR_KINDS = ["houses", "pillars", "contracts", "persons", "crests", "cathedrals", "full_buildings",
              "resources_half_max10", "house_and_pillar_cities", "king_position", "sets"]
# effects shared by bonus tiles and persons: (kind, arg, amount)
E_RES, E_VP, E_KING, E_ANY, E_MOVE, E_AP, E_APACT, E_COLOUR, E_RETRIG, E_SWAP, E_CREST = range(11)
EFFECT_NAMES = ["res", "vp", "king", "any", "move", "ap", "apact", "colour", "retrigger", "swap", "crest"]
PERSON_EFFECTS = ["res", "vp", "king", "any", "move", "ap", "swap"]
G, F, I, S, W = range(5)

# fixed counts (the position struct's sizes, engine_c/tiletum/types.pxd)
N_CITIES, N_CATHEDRALS, N_BUILDINGS, N_CORRUPTION = 20, 10, 6, 6
N_BONUS, N_PERSONS, N_CONTRACTS, N_FAIRS = 54, 45, 26, 11
KING_MIN, KING_MAX = -6, 15
CONTRACT_ROW = 6                                 # contract spaces; the first 5 hold a pillar each
ROUNDS = 4

# ---- bounds the data check (content.py) and the position readers (position.pyx) share: one place,
# so any data the check accepts gives positions the readers read back (docs/data.md) -------------
START_HOUSES_MAX = 8                             # rule number start_houses: 0..8
START_PILLARS_MAX = 7                            # rule number start_pillars: 0..7
CATHEDRAL_COST_MAX = 20                          # a cathedral cost tile: 1..20 stone (0 = not in play)
HOUSES_AVAIL_MAX = START_HOUSES_MAX + N_BUILDINGS          # + one freed by each full building with a house
PILLARS_AVAIL_MAX = START_PILLARS_MAX + CONTRACT_ROW - 1   # + one freed by each of row spaces 1-5

# ---- rule choices (ref §18): the readings the rules code implements; numbers are in the data --
RULE_CHOICES = {
    "die_gives": "resources of its colour = its value; action points = ap_total - value (+ crest bonus AP)",
    "rounds": ROUNDS,                    # seed
    "passes_per_round": 3,               # seed
    "die_value_wraps": "option die_wrap, default True (Board&Dice strategy guide 2025-11-01)",
    "storage_slots": 4,                  # seed
    "final_gold_counts_as_resource": True,   # placeholder
    "tie_break": ["king_track"],         # placeholder (king ranks are always distinct, so no ties remain)
    "first_player": "random",
    "wheel_base_order": ["merchant", "architect", "persons", "contracts", "king", "jester"],
    "wheel_initial_rotation": "random",
    "action_tiles_option": "random action order around the wheel (option action_tiles=True)",
    "wheel_turn": "action on value v moves to v+1 (6 -> 1) after each round",
    "contract_trade": "1 AP: 1 resource -> 1 other resource (gold included)",
    "persons_fill_bottom_up": True,
    "person_refresh": "5 shown go to a discard pile; it is shuffled into a new stack when the stack runs out",
    "display_refill": "slide toward the cheap end, refill the last slot from the stack at once",
    "map_bonus_refilled": False,
    "wheel_bonus_untaken": "discarded at cleanup",
    "corruption_reshuffled_each_round": True,
    "king_tie": "lower in the stack (earlier arrival) ranks ahead",
    "king_bonus_optional": True,
    "free_actions_when": "only in the action part of your own turn (after taking the die)",
    "crest_bonus_ap_now": True,          # a crest's bonus AP also count for the action in progress
    "storage_discard_allowed": True,
    "fair_needs": "own house (the Tiletum start house counts) or merchant in the fair city",
    "fair_value_scales_with_round": False,
    "contracts_beyond_row": "score their VP only",
    "crest_needs_crest_tile": True,
    "cathedral_needs_architect_there": False,
    "start_house_counts_for_final": True,
    "colour_tile": "converts up to the die's value of resources of the die's colour into one chosen other kind",
}

# ---- the installed content (filled by set_content; see the data file's "about" texts) --------
AP_TOTAL = DIE_STEP_GOLD = BUY_GOLD = RES_PER_VP = LAST_LEADER_VP = CONTRACT_ROW6_VP = 0
START_HOUSES_AVAIL = START_PILLARS_AVAIL = 0
DICE_DRAWN = []                 # by player count 2, 3, 4
START_GOLD = []                 # by turn position
START_RES = []                  # gold food iron stone wool (gold 0: START_GOLD)
CORRUPTION = []
KING_VP = []                    # king positions -6..15
CREST_FINAL_VP = []
CONTRACT_SLOT_COST = []
CATHEDRAL_COSTS = []
BUILDING_FLOORS, BUILDING_HOUSE, CREST_FOOD, CREST_VP, CREST_AP = [], [], [], [], []
TYPE_ACTION = []                # action a person kind's crest boosts
CITIES = []
HOUSE_SPACES = []               # per city: (fewest players, printed bonus 0 none / 1 gold / 2 VP)
PILLAR_SPACES = []              # per city: fewest players
BONUS_SPACES = []
ROADS = []                      # (city, city) index pairs
FAIR_CITY_TILES = []            # cities with a city tile
CATHEDRAL_CITIES = []           # city of each cathedral
CATHEDRAL_NAMES = []
CATHEDRAL_TILES = []            # VP of each cathedral's stack, top first
BONUS_TILES = []                # (kind, arg, amount)
PERSONS = []                    # (kind, (kind, arg, amount))
CONTRACTS = []                  # (cost per resource, VP, crest 0/1)
FAIRS = []                      # (kind, VP multiplier) in FAIR_KINDS order

_SCALARS = {"ap_total": "AP_TOTAL", "die_step_gold": "DIE_STEP_GOLD", "buy_gold": "BUY_GOLD",
            "resources_per_final_vp": "RES_PER_VP", "last_round_leader_vp": "LAST_LEADER_VP",
            "contract_row_last_vp": "CONTRACT_ROW6_VP", "start_houses": "START_HOUSES_AVAIL",
            "start_pillars": "START_PILLARS_AVAIL"}


def _effect(item):
    """(kind, arg, amount) of a checked tile record."""
    kind = EFFECT_NAMES.index(item["effect"])
    arg = 0
    if "resource" in item:
        arg = RESOURCES.index(item["resource"])
    elif "action" in item:
        arg = ACTIONS.index(item["action"])
    return (kind, arg, item["amount"])


def _refill(target, new):
    """Replace a list's content in place."""
    target[:] = new


def set_content(data):
    """Fill this module's content names from checked data; returns :func:`c_arrays`."""
    g = globals()
    t = data["tables"]
    numbers = {item["id"]: item["value"] for item in t["rule_numbers"]["items"]}
    for key, name in _SCALARS.items():
        g[name] = numbers[key]
    _refill(DICE_DRAWN, t["dice_drawn"]["values"])
    _refill(START_GOLD, t["start_gold"]["values"])
    _refill(START_RES, [0] + list(t["start_resources"]["values"]))
    _refill(CORRUPTION, t["corruption"]["values"])
    _refill(KING_VP, t["king_vp"]["values"])
    _refill(CREST_FINAL_VP, t["crest_final_vp"]["values"])
    _refill(CONTRACT_SLOT_COST, t["contract_slot_cost"]["values"])
    _refill(CATHEDRAL_COSTS, t["cathedral_costs"]["values"])
    blds = t["buildings"]["items"]
    _refill(BUILDING_FLOORS, [b["floors"] for b in blds])
    _refill(BUILDING_HOUSE, [int(b["house"]) for b in blds])
    _refill(CREST_FOOD, [b["crest_food"] for b in blds])
    _refill(CREST_VP, [b["crest_vp"] for b in blds])
    _refill(CREST_AP, [b["crest_ap"] for b in blds])
    kinds = {k["id"]: k for k in t["person_kinds"]["items"]}
    _refill(TYPE_ACTION, [ACTIONS.index(kinds[name]["action"]) for name in PERSON_TYPES])
    cities = t["cities"]["items"]
    _refill(CITIES, [c["id"] for c in cities])
    _refill(HOUSE_SPACES, [[(h["players"], HOUSE_BONUS_NAMES.index(h["bonus"])) for h in c["houses"]] for c in cities])
    _refill(PILLAR_SPACES, [list(c["pillars"]) for c in cities])
    _refill(BONUS_SPACES, [list(c["bonus_spaces"]) for c in cities])
    _refill(FAIR_CITY_TILES, [i for i, c in enumerate(cities) if c["fair_city"]])
    _refill(ROADS, [tuple(CITIES.index(name) for name in r["between"]) for r in t["roads"]["items"]])
    caths = t["cathedrals"]["items"]
    _refill(CATHEDRAL_CITIES, [CITIES.index(c["id"]) for c in caths])
    _refill(CATHEDRAL_NAMES, [c["id"] for c in caths])
    _refill(CATHEDRAL_TILES, [list(c["tiles"]) for c in caths])
    _refill(BONUS_TILES, [_effect(b) for b in t["bonus_tiles"]["items"]])
    _refill(PERSONS, [(PERSON_TYPES.index(p["kind"]), _effect(p)) for p in t["persons"]["items"]])
    _refill(CONTRACTS, [([c["cost"].get(r, 0) for r in RESOURCES], c["vp"], int(c["crest"]))
                        for c in t["contracts"]["items"]])
    mult = {f["id"]: f["multiplier"] for f in t["fairs"]["items"]}
    _refill(FAIRS, [(name, mult[name]) for name in FAIR_KINDS])
    return c_arrays()


def neighbours():
    """Sorted neighbour list of every city (neighbour index j in actions refers to this order)."""
    nb = [[] for _ in CITIES]
    for a, b in ROADS:
        nb[a].append(b)
        nb[b].append(a)
    return [sorted(x) for x in nb]


def _rows(rows, width, fill=0):
    """Rows padded to a fixed width, flattened."""
    return [v for r in rows for v in list(r) + [fill] * (width - len(r))]


def c_arrays():
    """name -> flat list of ints of every C table (engine_c/tiletum/tables.pxd), from the names above."""
    nb = neighbours()
    no_space = 9                         # tables.pxd NO_SPACE: a padding entry, never in use
    return {
        "TT_AP_TOTAL": [AP_TOTAL], "TT_DIE_STEP_GOLD": [DIE_STEP_GOLD], "TT_BUY_GOLD": [BUY_GOLD],
        "TT_RES_PER_VP": [RES_PER_VP], "TT_LAST_LEADER_VP": [LAST_LEADER_VP], "TT_ROW_LAST_VP": [CONTRACT_ROW6_VP],
        "TT_START_HOUSES": [START_HOUSES_AVAIL], "TT_START_PILLARS": [START_PILLARS_AVAIL],
        "TT_DICE_DRAWN": [0, 0] + DICE_DRAWN,
        "TT_START_GOLD": START_GOLD,
        "TT_START_RES": START_RES,
        "TT_KING_VP": KING_VP,
        "TT_CORR": CORRUPTION,
        "TT_CREST_FINAL": CREST_FINAL_VP,
        "TT_SLOT_COST": CONTRACT_SLOT_COST,
        "TT_CATH_COSTS": CATHEDRAL_COSTS,
        "TT_FLOORS": BUILDING_FLOORS,
        "TT_BHOUSE": BUILDING_HOUSE,
        "TT_CREST_FOOD": CREST_FOOD,
        "TT_CREST_VP": CREST_VP,
        "TT_CREST_AP": CREST_AP,
        "TT_TYPE_ACTION": TYPE_ACTION,
        "TT_NNB": [len(x) for x in nb],
        "TT_NB": _rows(nb, 6),
        "TT_NHOUSE": [len(x) for x in HOUSE_SPACES],
        "TT_HOUSE_MINP": _rows([[m for m, _ in x] for x in HOUSE_SPACES], 3, no_space),
        "TT_HOUSE_BONUS": _rows([[b for _, b in x] for x in HOUSE_SPACES], 3),
        "TT_NPILLAR": [len(x) for x in PILLAR_SPACES],
        "TT_PILLAR_MINP": _rows(PILLAR_SPACES, 2, no_space),
        "TT_NBSPACE": [len(x) for x in BONUS_SPACES],
        "TT_BSPACE_MINP": _rows(BONUS_SPACES, 2, no_space),
        "TT_NFAIR_CITIES": [len(FAIR_CITY_TILES)],
        "TT_FAIR_CITIES": FAIR_CITY_TILES + [0] * (N_CITIES - len(FAIR_CITY_TILES)),
        "TT_CATH_CITY": CATHEDRAL_CITIES,
        "TT_CATH_NTILES": [len(x) for x in CATHEDRAL_TILES],
        "TT_CATH_VP": _rows(CATHEDRAL_TILES, 4),
        "TT_BONUS_KIND": [k for k, _, _ in BONUS_TILES],
        "TT_BONUS_ARG": [a for _, a, _ in BONUS_TILES],
        "TT_BONUS_AMT": [n for _, _, n in BONUS_TILES],
        "TT_PERSON_TYPE": [t for t, _ in PERSONS],
        "TT_PERSON_KIND": [e[0] for _, e in PERSONS],
        "TT_PERSON_ARG": [e[1] for _, e in PERSONS],
        "TT_PERSON_AMT": [e[2] for _, e in PERSONS],
        "TT_CONTRACT_COST": [v for c, _, _ in CONTRACTS for v in c],
        "TT_CONTRACT_VP": [v for _, v, _ in CONTRACTS],
        "TT_CONTRACT_CREST": [c for _, _, c in CONTRACTS],
        "TT_FAIR_MULT": [m for _, m in FAIRS],
    }
