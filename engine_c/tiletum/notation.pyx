# cython: language_level=3
"""Tiletum action notation, both ways (docs/tiletum.md, "Notation")."""
from engine_c.tiletum.state cimport TiletumState
from engine_c.tiletum.types cimport *
from engine_c.tiletum.tables cimport *

from engine_c.errors import InvalidActionError
from engine_c.tiletum.data import ACTIONS, CITIES, RES_SHORT, RESOURCES

_RES_INDEX = {}
for _i, _r in enumerate(RESOURCES):
    _RES_INDEX[_r] = _i
    _RES_INDEX[RES_SHORT[_i].lower()] = _i
_ACTION_INDEX = {a: i for i, a in enumerate(ACTIONS)}
PIECES = ["merchant", "architect"]


def _nb(int city):
    """The neighbours of a city in the installed map, in neighbour-index order."""
    return [TT_NB[city][j] for j in range(TT_NNB[city])]


def _city_index(text):
    """Index of a city name (any case) in the installed map; KeyError if unknown."""
    return {c.lower(): i for i, c in enumerate(CITIES)}[text]

# fixed-word actions
_WORDS = {"bonus": A_WB_TAKE, "nobonus": A_WB_SKIP, "refresh": A_REFRESH, "king": A_KING,
          "end": A_END, "kingbonus": A_KB_TAKE, "nokingbonus": A_KB_SKIP}
_WORD_OF = {v: k for k, v in _WORDS.items()}
# "verb N" actions with a small index argument: verb -> (base, count)
_INDEXED = {"mapbonus": (A_MAPBONUS, 2), "build": (A_BUILD, 3), "person": (A_TAKEPERSON, 5),
            "contract": (A_TAKECONTRACT, 5), "fulfil": (A_FULFIL, 4), "use": (A_USE, 4),
            "discard": (A_DISCARD, 4)}


def _building(text):
    """Building text B1..B6 -> index 0..5 (KeyError otherwise)."""
    t = text.strip().lower()
    if len(t) == 2 and t[0] == "b" and t[1] in "123456":
        return int(t[1]) - 1
    raise KeyError(text)


def _piece_city(TiletumState state, piece):
    """City of the actor's merchant (0) or architect (1)."""
    return state.st.pl[state.st.actor].merchant if piece == 0 else state.st.pl[state.st.actor].architect

def action_to_string(TiletumState state, int action):
    """Readable notation, e.g. ``take W3``, ``take W3>5``, ``bonus``, ``jester king``,
    ``move Paris``, ``build 0``, ``place 1>B2``, ``trade W>I``, ``buy S``, ``crest B1``,
    ``cathedral Paris``, ``freemove architect Reims``, ``choose F``, ``choose B3``, ``end``."""
    cdef int a = action
    if a < 0 or a >= NUM_ACTIONS:
        raise InvalidActionError(f"tiletum: no action {action}")
    if a < A_WB_TAKE:
        c, v, w = a // 36, (a // 6) % 6 + 1, a % 6 + 1
        return f"take {RES_SHORT[c]}{v}" + (f">{w}" if w != v else "")
    if a in _WORD_OF:
        return _WORD_OF[a]
    if A_JESTER <= a < A_MOVE:
        return "jester " + ACTIONS[a - A_JESTER]
    if A_MOVE <= a < A_MAPBONUS:
        j = a - A_MOVE
        nb = _nb(_piece_city(state, state.st.act if state.st.act <= 1 else 0))
        return "move " + (CITIES[nb[j]] if j < len(nb) else f"#{j}")
    for verb, (base, count) in _INDEXED.items():
        if base <= a < base + count:
            return f"{verb} {a - base}"
    if A_PLACE <= a < A_TAKECONTRACT:
        return f"place {(a - A_PLACE) // 6}>B{(a - A_PLACE) % 6 + 1}"
    if A_TRADE <= a < A_KING:
        return f"trade {RES_SHORT[(a - A_TRADE) // 5]}>{RES_SHORT[(a - A_TRADE) % 5]}"
    if A_BUY <= a < A_CREST:
        return "buy " + RES_SHORT[a - A_BUY]
    if A_CREST <= a < A_FULFIL:
        return f"crest B{a - A_CREST + 1}"
    if A_CATH <= a < A_USE:
        return "cathedral " + CITIES[TT_CATH_CITY[a - A_CATH]]
    if A_FREEMOVE <= a < A_END:
        piece, j = (a - A_FREEMOVE) // 6, (a - A_FREEMOVE) % 6
        nb = _nb(_piece_city(state, piece))
        return f"freemove {PIECES[piece]} " + (CITIES[nb[j]] if j < len(nb) else f"#{j}")
    k = a - A_CHOOSE
    if state.st.phase == PH_CHOOSE and state.st.choose_mode == CH_RETRIG:
        return f"choose B{k + 1}"
    return "choose " + RES_SHORT[k] if k < NRES else f"choose B{k + 1}"

def _neighbour(TiletumState state, piece, text):
    """Neighbour index of a city name (or #j) from the piece's city."""
    t = text.strip().lower()
    nb = _nb(_piece_city(state, piece))
    if t.startswith("#") and t[1:].isdigit() and int(t[1:]) < 6:
        return int(t[1:])
    return nb.index(_city_index(t))

def _first_same_tile(TiletumState state, int slot):
    """The first storage space holding the same tile as ``slot`` (two crests are one move)."""
    cdef int p = state.st.actor
    if not 0 <= slot < 4:
        raise IndexError(slot)
    if slot >= state.st.pl[p].nstore:
        return slot
    for i in range(slot):
        if state.st.pl[p].store[i] == state.st.pl[p].store[slot]:
            return i
    return slot


def string_to_action(TiletumState state, str text):
    """Parse the notation of :func:`action_to_string`."""
    words = text.strip().lower().split()
    if not words:
        raise InvalidActionError("tiletum: empty action text")
    verb, args = words[0], words[1:]
    try:
        if not args and verb in _WORDS:
            return _WORDS[verb]
        if len(args) == 1:
            arg = args[0]
            if verb == "take":
                die, _, target = arg.partition(">")
                c = _RES_INDEX[die[:1]]
                v = int(die[1:])
                w = int(target) if target else v
                if 1 <= v <= 6 and 1 <= w <= 6:
                    return A_DIE + c * 36 + (v - 1) * 6 + (w - 1)
            elif verb == "jester" and _ACTION_INDEX[arg] < 5:
                return A_JESTER + _ACTION_INDEX[arg]
            elif verb == "move":
                return A_MOVE + _neighbour(state, state.st.act if state.st.act <= 1 else 0, arg)
            elif verb == "discard" and arg.isdigit():
                return A_DISCARD + _first_same_tile(state, int(arg))
            elif verb in _INDEXED and arg.isdigit() and int(arg) < _INDEXED[verb][1]:
                return _INDEXED[verb][0] + int(arg)
            elif verb == "place":
                slot, _, b = arg.partition(">")
                if slot.isdigit() and int(slot) < 4:
                    return A_PLACE + int(slot) * 6 + _building(b)
            elif verb == "trade":
                r, _, k = arg.partition(">")
                return A_TRADE + _RES_INDEX[r] * 5 + _RES_INDEX[k]
            elif verb == "buy":
                return A_BUY + _RES_INDEX[arg]
            elif verb == "crest":
                return A_CREST + _building(arg)
            elif verb == "cathedral":
                return A_CATH + [TT_CATH_CITY[i] for i in range(NCATH)].index(_city_index(arg))
            elif verb == "choose":
                if arg in _RES_INDEX:
                    return A_CHOOSE + _RES_INDEX[arg]
                return A_CHOOSE + _building(arg)
        if verb == "freemove" and len(args) == 2 and args[0] in PIECES:
            piece = PIECES.index(args[0])
            return A_FREEMOVE + piece * 6 + _neighbour(state, piece, args[1])
    except (KeyError, ValueError, IndexError):
        pass
    raise InvalidActionError(f"tiletum: cannot parse action {text!r}")


def _tables_address():
    """Address of this module's copy of the content tables (engine_c.tiletum.tables fills it)."""
    return <size_t>&TT_TAB
