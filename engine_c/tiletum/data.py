"""Tiletum data tables and rule choices: the one place every placeholder value lives.

Sources: /work/shared/rules/tiletum.md (section numbers in the comments); values tagged
PLACEHOLDER there are invented and kept here so they can be replaced in one spot.
The C engine compiles the same numbers from engine_c/tiletum/tables.pxd, which setup.py
generates from :func:`c_tables_source` at every build (a test checks that the two agree).
"""

# ---- basic vocabulary ----------------------------------------------------------------------
RESOURCES = ["gold", "food", "iron", "stone", "wool"]          # die colours: yellow, pink, blue, dark grey, light grey
RES_SHORT = ["G", "F", "I", "S", "W"]
ACTIONS = ["merchant", "architect", "persons", "contracts", "king", "jester"]
PERSON_TYPES = ["trader", "mason", "courtier", "notary", "host", "entertainer"]
# action a person type's crest boosts (ref §9.2)
TYPE_ACTION = [0, 1, 4, 3, 2, 5]

# ---- rule choices (ref §18; every NOT FOUND -> PLACEHOLDER decision) -------------------------
RULE_CHOICES = {
    "die_gives": "resources of its colour = its value; action points = 7 - value (+ crest bonus AP)",   # seed
    "rounds": 4,                         # seed
    "passes_per_round": 3,               # seed
    "ap_plus_value": 7,                  # seed
    "die_adjust_gold_per_step": 2,       # seed
    "die_value_wraps": False,            # placeholder
    "buy_resource_gold_cost": 2,         # seed
    "storage_slots": 4,                  # seed
    "final_resources_per_vp": 4,         # seed
    "final_gold_counts_as_resource": True,   # placeholder
    "king_last_round_leader_vp": 4,      # seed
    "crested_buildings_vp": [0, 0, 0, 5, 10, 20, 30],   # fan app only
    "tie_break": ["king_track"],         # placeholder (king ranks are always distinct, so no ties remain)
    "dice_drawn": "3*players+2",         # 3 reviews
    "start_gold_by_turn_position": [1, 3, 5, 6],   # seats 3-4 fan app only
    "start_resources": {"food": 1, "iron": 1, "stone": 1, "wool": 1},
    "first_player": "random",
    "wheel_base_order": ["merchant", "architect", "persons", "contracts", "king", "jester"],
    "wheel_initial_rotation": "random",
    "action_tiles_option": "random action order around the wheel (option action_tiles=True)",
    "wheel_turn": "action on value v moves to v+1 (6 -> 1) after each round",
    "contract_take_cost_by_slot": [1, 1, 2, 2, 3],
    "contract_trade": "1 AP: 1 resource -> 1 other resource (gold included)",
    "persons_fill_bottom_up": True,
    "person_refresh": "5 shown go to a discard pile; it is shuffled into a new stack when the stack runs out",
    "display_refill": "slide toward the cheap end, refill the last slot from the stack at once",
    "map_bonus_refilled": False,
    "wheel_bonus_untaken": "discarded at cleanup",
    "corruption_tokens": [1, 1, 1, 2, 2, 3],
    "corruption_reshuffled_each_round": True,
    "king_min": -6, "king_max": 15,
    "king_tie": "lower in the stack (earlier arrival) ranks ahead",
    "king_bonus_optional": True,
    "free_actions_when": "only in the action part of your own turn (after taking the die)",
    "crest_bonus_ap_now": True,          # a crest's bonus AP also count for the action in progress
    "storage_discard_allowed": True,
    "fair_needs": "own house (the Tiletum start house counts) or merchant in the fair city",
    "fair_value_scales_with_round": False,
    "contract_row_spaces": 6, "contract_space6_vp": 3,
    "contracts_beyond_row": "score their VP only",
    "crest_needs_crest_tile": True,
    "cathedral_needs_architect_there": False,
    "start_house_counts_for_final": True,
    "colour_tile": "converts up to the die's value of resources of the die's colour into one chosen other kind",
}

START_GOLD = [1, 3, 5, 6]
START_RES = [0, 1, 1, 1, 1]                     # gold comes from START_GOLD
CORRUPTION = [1, 1, 1, 2, 2, 3]
KING_MIN, KING_MAX = -6, 15
# round-end VP for king positions -6..15 (ref §9.7)
KING_VP = [-6, -5, -4, -3, -2, -1, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 7]
CREST_FINAL_VP = [0, 0, 0, 5, 10, 20, 30]
CONTRACT_SLOT_COST = [1, 1, 2, 2, 3]
CONTRACT_ROW = 6
CONTRACT_ROW6_VP = 3

# ---- player board (ref §7.1): six buildings ------------------------------------------------
BUILDING_FLOORS = [3, 2, 2, 1, 1, 3]
BUILDING_HOUSE = [1, 1, 1, 1, 1, 0]
CREST_FOOD = [4, 3, 3, 2, 2, 4]
CREST_VP = [3, 2, 2, 1, 1, 5]
CREST_AP = [3, 2, 2, 1, 1, 0]
START_HOUSES_AVAIL = 2
START_PILLARS_AVAIL = 2

# ---- map (ref §5.3, a placeholder map) -----------------------------------------------------
CITIES = ["Tiletum", "Bruges", "London", "Paris", "Reims", "Rouen", "Chartres", "Cologne", "Hamburg",
          "Frankfurt", "Strasbourg", "Nuremberg", "Augsburg", "Tours", "Bordeaux", "Lyon", "Geneva",
          "Milan", "Genoa", "Venice"]
# house spaces: (min players, printed bonus) with bonus 0 none, 1 = 1 gold, 2 = 1 VP
HOUSE_SPACES = [
    [], [(2, 0), (4, 2)], [(2, 0), (3, 1)], [(2, 0), (3, 1), (4, 2)], [(2, 0)], [(2, 0), (4, 2)],
    [(3, 1)], [(2, 0), (4, 2)], [(2, 0), (3, 1)], [(2, 0), (3, 1), (4, 2)], [(2, 0)], [(2, 0), (4, 2)],
    [(2, 0), (3, 1)], [(2, 0)], [(2, 0), (3, 1)], [(2, 0), (4, 2)], [(2, 0), (3, 1)], [(2, 0), (4, 2)],
    [(2, 0), (3, 1)], [(2, 0), (3, 1), (4, 2)],
]
PILLAR_SPACES = [[], [], [2, 4], [2, 3], [2, 4], [2], [2, 4], [2, 3], [], [], [2, 3], [], [], [], [],
                 [2, 4], [], [2, 3], [], [2, 4]]
BONUS_SPACES = [[], [2], [2], [2, 4], [3], [2], [2], [2], [2, 4], [2], [3], [2], [2], [2, 4], [2], [2],
                [2], [2], [2, 4], [2]]
ROADS = [(0, 1), (0, 3), (0, 4), (0, 7), (1, 2), (1, 5), (2, 5), (5, 3), (5, 6), (3, 6), (3, 4), (3, 13),
         (6, 13), (13, 14), (14, 15), (13, 15), (4, 10), (7, 8), (7, 9), (8, 9), (9, 10), (9, 11),
         (11, 12), (10, 12), (10, 16), (15, 16), (16, 17), (15, 18), (17, 18), (17, 19), (12, 19)]
# cathedrals, by city: great ones have stacks 8/6/4, lesser ones 6/4 (ref §9.6)
CATHEDRAL_CITIES = [2, 3, 4, 5, 6, 7, 10, 15, 17, 19]
CATHEDRAL_GREAT = [1, 1, 1, 0, 0, 1, 0, 0, 1, 0]
CATHEDRAL_STACK_GREAT = [8, 6, 4]
CATHEDRAL_STACK_LESSER = [6, 4]
CATHEDRAL_COSTS = [2, 2, 3, 3, 3, 4, 4, 5, 5]     # 9 cost tiles: one cathedral is unused each game
FAIR_CITY_TILES = [1, 2, 3, 4, 9, 15, 16, 19]     # Bruges London Paris Reims Frankfurt Lyon Geneva Venice


def neighbours():
    """Sorted neighbour list of every city (neighbour index j in actions refers to this order)."""
    nb = [[] for _ in CITIES]
    for a, b in ROADS:
        nb[a].append(b)
        nb[b].append(a)
    return [sorted(x) for x in nb]


# ---- effects shared by bonus tiles and persons ---------------------------------------------
# (kind, arg, amount); kinds:
E_RES, E_VP, E_KING, E_ANY, E_MOVE, E_AP, E_APACT, E_COLOUR, E_RETRIG, E_SWAP, E_CREST = range(11)
EFFECT_NAMES = ["res", "vp", "king", "any", "move", "ap", "apact", "colour", "retrigger", "swap", "crest"]

# 54 bonus tiles (ref §9.1)
BONUS_TILES = (
    [(E_RES, r, 2) for r in (1, 2, 3, 4) for _ in range(2)]
    + [(E_RES, 0, 3)] * 4
    + [(E_ANY, 0, 2)] * 4
    + [(E_VP, 0, 3)] * 4
    + [(E_KING, 0, 2)] * 4
    + [(E_APACT, a, 2) for a in range(5)]
    + [(E_AP, 0, 1)] * 4
    + [(E_COLOUR, 0, 0)] * 3
    + [(E_RETRIG, 0, 0)] * 3
    + [(E_MOVE, 0, 1)] * 4
    + [(E_CREST, 0, 0)] * 8
    + [(E_SWAP, 0, 2)] * 3
)
G, F, I, S, W = range(5)
_TYPE_BONUSES = [
    [(E_RES, W, 2), (E_RES, I, 2), (E_RES, G, 2), (E_MOVE, 0, 1), (E_VP, 0, 2), (E_RES, F, 2), (E_RES, S, 2), (E_AP, 0, 1)],
    [(E_RES, S, 2), (E_RES, S, 2), (E_RES, G, 2), (E_MOVE, 0, 1), (E_VP, 0, 2), (E_RES, W, 2), (E_RES, I, 2), (E_AP, 0, 1)],
    [(E_KING, 0, 2), (E_KING, 0, 2), (E_RES, G, 2), (E_VP, 0, 2), (E_RES, F, 2), (E_KING, 0, 3), (E_RES, W, 2), (E_AP, 0, 1)],
    [(E_RES, W, 2), (E_RES, I, 2), (E_RES, I, 2), (E_VP, 0, 2), (E_RES, G, 2), (E_RES, F, 2), (E_AP, 0, 1)],
    [(E_RES, F, 2), (E_RES, F, 2), (E_RES, G, 2), (E_VP, 0, 2), (E_KING, 0, 2), (E_RES, S, 2), (E_AP, 0, 1)],
    [(E_RES, G, 2), (E_VP, 0, 2), (E_ANY, 0, 2), (E_KING, 0, 2), (E_RES, F, 2), (E_RES, W, 2), (E_AP, 0, 1)],
]
# 45 persons: (type, effect)
PERSONS = [(t, eff) for t, effs in enumerate(_TYPE_BONUSES) for eff in effs]


def _cost(text):
    """'2W 1I' -> cost per resource."""
    out = [0] * 5
    for part in text.split():
        out["GFISW".index(part[-1])] += int(part[:-1])
    return out


# 26 contracts (ref §9.3): (cost per resource, VP, crest)
CONTRACTS = [(_cost(c), vp, crest) for c, vp, crest in [
    ("2W 1I", 4, 0), ("1W 2I", 4, 0), ("3W", 4, 0), ("3I", 4, 0), ("2W 2I", 6, 0), ("3W 1I", 6, 0),
    ("1W 3I", 6, 0), ("2W 1I 1F", 6, 0), ("1W 2I 1S", 6, 0), ("2W 2I 1G", 7, 0), ("4W", 6, 0),
    ("4I", 6, 0), ("3W 2I", 8, 0), ("2W 3I", 8, 0), ("2W 2I 1F", 7, 0), ("2W 2I 1S", 7, 0),
    ("3W 3I", 10, 0), ("2W", 2, 1), ("2I", 2, 1), ("1W 1I 1F", 2, 1), ("2W 1I", 2, 1), ("1W 2I", 2, 1),
    ("3W 1I", 4, 1), ("1W 3I", 4, 1), ("2W 2I 2F", 8, 0), ("2W 2I 2G", 8, 0)]]

# 11 fair tiles (ref §9.4): (code, VP multiplier)
FAIRS = [
    ("houses", 2), ("pillars", 2), ("contracts", 3), ("persons", 1), ("crests", 4), ("cathedrals", 3),
    ("full_buildings", 2), ("resources_half_max10", 1), ("house_and_pillar_cities", 3),
    ("king_position", 1), ("sets", 5),
]

N_BONUS, N_PERSONS, N_CONTRACTS = len(BONUS_TILES), len(PERSONS), len(CONTRACTS)
assert (N_BONUS, N_PERSONS, N_CONTRACTS) == (54, 45, 26)


def _c_array(name, ctype, values):
    """(definition, declaration) lines of one C table."""
    flat = values
    dims = ""
    if values and isinstance(values[0], (list, tuple)):
        dims = f"[{len(values[0])}]"
        flat = [v for row in values for v in row]
        body = ", ".join("{" + ", ".join(str(int(v)) for v in row) + "}" for row in values)
    else:
        body = ", ".join(str(int(v)) for v in flat)
    return (f"    static const {ctype} {name}[{len(values)}]{dims} __attribute__((unused)) = {{{body}}};",
            f"    const {ctype} {name}[{len(values)}]{dims}")


def _pad(rows, width, fill=0):
    """Rows padded to a fixed width."""
    return [list(r) + [fill] * (width - len(r)) for r in rows]


def c_arrays():
    """name -> (C type, values) of every table the C engine compiles in."""
    nb = neighbours()
    return {
        "TT_KING_VP": ("int", KING_VP),
        "TT_CREST_FINAL": ("int", CREST_FINAL_VP),
        "TT_SLOT_COST": ("int", CONTRACT_SLOT_COST),
        "TT_START_GOLD": ("int", START_GOLD),
        "TT_CORR": ("int", CORRUPTION),
        "TT_FLOORS": ("int", BUILDING_FLOORS),
        "TT_BHOUSE": ("int", BUILDING_HOUSE),
        "TT_CREST_FOOD": ("int", CREST_FOOD),
        "TT_CREST_VP": ("int", CREST_VP),
        "TT_CREST_AP": ("int", CREST_AP),
        "TT_TYPE_ACTION": ("int", TYPE_ACTION),
        "TT_NNB": ("int", [len(x) for x in nb]),
        "TT_NB": ("int", _pad(nb, 6, 0)),
        "TT_NHOUSE": ("int", [len(x) for x in HOUSE_SPACES]),
        "TT_HOUSE_MINP": ("int", _pad([[m for m, _ in x] for x in HOUSE_SPACES], 3, 9)),
        "TT_HOUSE_BONUS": ("int", _pad([[b for _, b in x] for x in HOUSE_SPACES], 3, 0)),
        "TT_NPILLAR": ("int", [len(x) for x in PILLAR_SPACES]),
        "TT_PILLAR_MINP": ("int", _pad(PILLAR_SPACES, 2, 9)),
        "TT_NBSPACE": ("int", [len(x) for x in BONUS_SPACES]),
        "TT_BSPACE_MINP": ("int", _pad(BONUS_SPACES, 2, 9)),
        "TT_CATH_CITY": ("int", CATHEDRAL_CITIES),
        "TT_CATH_GREAT": ("int", CATHEDRAL_GREAT),
        "TT_CATH_COSTS": ("int", CATHEDRAL_COSTS),
        "TT_FAIR_CITIES": ("int", FAIR_CITY_TILES),
        "TT_BONUS_KIND": ("int", [k for k, _, _ in BONUS_TILES]),
        "TT_BONUS_ARG": ("int", [a for _, a, _ in BONUS_TILES]),
        "TT_BONUS_AMT": ("int", [n for _, _, n in BONUS_TILES]),
        "TT_PERSON_TYPE": ("int", [t for t, _ in PERSONS]),
        "TT_PERSON_KIND": ("int", [e[0] for _, e in PERSONS]),
        "TT_PERSON_ARG": ("int", [e[1] for _, e in PERSONS]),
        "TT_PERSON_AMT": ("int", [e[2] for _, e in PERSONS]),
        "TT_CONTRACT_COST": ("int", [c for c, _, _ in CONTRACTS]),
        "TT_CONTRACT_VP": ("int", [v for _, v, _ in CONTRACTS]),
        "TT_CONTRACT_CREST": ("int", [c for _, _, c in CONTRACTS]),
        "TT_FAIR_MULT": ("int", [m for _, m in FAIRS]),
    }


def c_tables_source():
    """The text of engine_c/tiletum/tables.pxd, generated from the tables above."""
    defs, decls = [], []
    for name, (ctype, values) in c_arrays().items():
        d, c = _c_array(name, ctype, values)
        defs.append(d)
        decls.append(c)
    return ("# GENERATED from engine_c/tiletum/data.py by c_tables_source(); do not edit by hand.\n"
            "# The build (setup.py) rewrites this file whenever data.py changes it.\n"
            "cdef extern from *:\n    \"\"\"\n" + "\n".join(defs) + "\n    \"\"\"\n" + "\n".join(decls) + "\n")
