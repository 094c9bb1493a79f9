# cython: language_level=3
"""San Juan action notation, both ways (docs/sanjuan.md, "Notation")."""
from engine_c.sanjuan.state cimport SanJuanState
from engine_c.sanjuan.types cimport *

from engine_c.errors import InvalidActionError
from engine_c.sanjuan.data import CARD_IDS, CARD_INDEX, GOODS, GOOD_INDEX, ROLES, ROLE_INDEX

# verbs of the "one card of kind K" and "one good of type G" actions, by phase
_CARD_VERB = {PH_PAY: "pay", PH_KEEP: "keep", PH_CDISCARD: "discard", PH_LIMIT: "discard",
              PH_TUCK: "tuck", PH_GOLD: "keep"}
_GOOD_VERB = {PH_PAY: "pay-good", PH_PRODUCE: "produce", PH_SELL: "sell"}
_CARD_VERBS = ("pay", "keep", "discard", "tuck", "card")
_GOOD_VERBS = ("pay-good", "produce", "sell", "good")


def _card_name(text):
    key = text.strip().lower().replace(" ", "_").replace("-", "_")
    if key not in CARD_INDEX:
        raise KeyError(text)
    return CARD_INDEX[key]


def action_to_string(SanJuanState state, int action):
    """Readable notation, e.g. ``builder``, ``trader+library``, ``build sugar_mill``,
    ``cover 2``, ``pay indigo_plant``, ``pay-good coffee``, ``sell silver``, ``keep well``."""
    cdef int ph = state.st.phase
    if action == A_PASS:
        return "pass"
    if A_ROLE <= action < A_ROLE + 5:
        return ROLES[action - A_ROLE]
    if A_ROLE_LIB <= action < A_ROLE_LIB + 5:
        return ROLES[action - A_ROLE_LIB] + "+library"
    if A_BUILD <= action < A_BUILD + NK:
        return "build " + CARD_IDS[action - A_BUILD]
    if action == A_PLACE_NEW:
        return "place new"
    if A_COVER <= action < A_COVER + MAXB:
        return f"cover {action - A_COVER}"
    if A_CARD <= action < A_CARD + NK:
        return _CARD_VERB.get(ph, "card") + " " + CARD_IDS[action - A_CARD]
    if A_GOOD <= action < A_GOOD + NPROD:
        return _GOOD_VERB.get(ph, "good") + " " + GOODS[action - A_GOOD]
    raise InvalidActionError(f"sanjuan: no action {action}")

def string_to_action(SanJuanState state, str text):
    """Parse the notation of :func:`action_to_string` (any verb of the same family)."""
    words = text.strip().lower().split(None, 1)
    if not words:
        raise InvalidActionError("sanjuan: empty action text")
    verb = words[0]
    arg = words[1].strip() if len(words) > 1 else ""
    try:
        if verb == "pass" and not arg:
            return A_PASS
        if not arg:
            if verb.endswith("+library") and verb[:len(verb) - 8] in ROLE_INDEX:
                return A_ROLE_LIB + ROLE_INDEX[verb[:len(verb) - 8]]
            if verb in ROLE_INDEX:
                return A_ROLE + ROLE_INDEX[verb]
        elif verb == "build":
            return A_BUILD + _card_name(arg)
        elif verb == "place" and arg == "new":
            return A_PLACE_NEW
        elif verb == "cover" and arg.isdigit() and int(arg) < MAXB:
            return A_COVER + int(arg)
        elif verb in _CARD_VERBS:
            return A_CARD + _card_name(arg)
        elif verb in _GOOD_VERBS:
            return A_GOOD + GOOD_INDEX[arg]
    except KeyError:
        pass
    raise InvalidActionError(f"sanjuan: cannot parse action {text!r}")
