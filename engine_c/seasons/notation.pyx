# cython: language_level=3
"""A Castle for All Seasons action notation, both ways (docs/seasons.md, "Notation")."""
from engine_c.seasons.types cimport *

from engine_c.errors import InvalidActionError
from engine_c.seasons.data import BUILDING_IDS, CARDS, LOAD_OPTIONS, PAY_ORDER, PLACE_IDS, RESOURCES, SPOTS

SOURCES = ["stock"] + SPOTS


def _action_names():
    """Every action's notation, by action id."""
    names = {}
    for c, name in enumerate(CARDS):
        names[A_PICK + c] = "pick " + name
    for i, (a, b) in enumerate(LOAD_OPTIONS):
        names[A_LOAD + i] = f"load {a}+{b}"
    for k, name in enumerate(SPOTS):
        names[A_SPOT + k] = "trader " + name
    for k, name in enumerate(RESOURCES):
        names[A_TOWER + k] = "tower " + name
    for q in range(MAXP):
        for k, name in enumerate(RESOURCES):
            names[A_BUY + 5 * q + k] = f"buy p{q} {name}"
    names[A_PASS] = "pass"
    for t, name in enumerate(BUILDING_IDS):
        names[A_BUILD + t] = "build " + name
    for j in range(3):
        for n in range(16):
            names[A_PAY + 16 * j + n] = f"pay {PAY_ORDER[j]} {n}"
    for pl, name in enumerate(PLACE_IDS):
        names[A_PLACE + pl] = "helper " + name
    for i, name in enumerate(SOURCES):
        names[A_SOURCE + i] = "from " + name
    names[A_WINTER] = "winter decline"
    names[A_WINTER + 1] = "winter accept"
    return names


ACTION_NAMES = _action_names()
ACTION_IDS = {name: a for a, name in ACTION_NAMES.items()}
assert len(ACTION_NAMES) == NUM_ACTIONS


def action_to_string(state, int action):
    """Readable notation, e.g. ``pick trader``, ``trader clay``, ``tower stone``, ``buy p1 wood``,
    ``build tower``, ``pay stone 2``, ``helper tavern12``, ``from rider``, ``pass``, ``winter accept``."""
    if action not in ACTION_NAMES:
        raise InvalidActionError(f"seasons: no action {action}")
    return ACTION_NAMES[action]

def string_to_action(state, str text):
    """Parse the notation of :func:`action_to_string` (any case, extra spaces allowed)."""
    key = " ".join(text.strip().lower().split())
    if key not in ACTION_IDS:
        raise InvalidActionError(f"seasons: cannot parse action {text!r}")
    return ACTION_IDS[key]
