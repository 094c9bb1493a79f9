"""What the page receives: a position as one seat sees it, and the game tables the drawings need.

``seat_position(state, seat)`` is the position data passed through the game's seat view
(``solver.display.seat_views.SEAT_VIEWS``), so a seat never receives what it cannot see;
``game_tables(game)`` holds the fixed data of a game (Burgundy's estate boards and depots, San
Juan's cards, ...) read from the engine's own data module, so the page keeps no copy of them.
"""
from __future__ import annotations

import copy

from engine_c.errors import BoardlabError
from solver.display import game_data
from solver.display.burgundy import PENDING_TEXT, hex_coordinates, space_text, tile_colour, tile_short
from solver.display.explain import piece_texts, score_breakdown
from solver.display.sanjuan import STEP_TEXT as SANJUAN_STEP_TEXT
from solver.display.seasons import STEP_TEXT as SEASONS_STEP_TEXT
from solver.display.seat_views import SEAT_VIEWS
from solver.display.tiletum import effect_text, fair_text


def normalise_keys(data):
    """``data`` with the position conventions' names: ``players`` (the count) and ``seats`` (the list).

    Positions written before the renaming call the count ``num_players`` and, in Tiletum, the
    per-seat list ``players``; both spellings are read, the page sees only the new one.
    """
    if isinstance(data.get("players"), list):
        data["seats"] = data.pop("players")
    if "num_players" in data:
        data["players"] = data.pop("num_players")
    return data


def _old_names(data):
    """``data`` with the names positions had before the renaming (``num_players``; Tiletum's list ``players``)."""
    old = dict(data)
    old["num_players"] = old.pop("players")
    if data["game"] == "tiletum":
        old["players"] = old.pop("seats")
    return old


def seat_position(state, seat):
    """The position of ``state`` as ``seat`` sees it (everything hidden from it covered)."""
    return seat_data(state.game_name, state.to_dict(), seat)


def seat_data(game, data, seat):
    """The position data ``data`` of ``game`` as ``seat`` sees it."""
    view_of = SEAT_VIEWS[game]
    try:
        view = view_of(data, seat)
    except (KeyError, TypeError):
        if not isinstance(data.get("players"), int) or "seats" not in data:
            raise
        view = view_of(_old_names(data), seat)        # seat views still reading the names before the renaming
    return normalise_keys(view)


def full_position(state):
    """The whole position of ``state`` (the download: the user's own game, hidden parts included)."""
    return state.to_dict()


def _burgundy_tables():
    """Estate boards (colour letter and die number per space, hex coordinates), depots, tile looks,
    the texts of the decisions."""
    data = game_data.burgundy()
    names = data.tile_names()
    tiles = [name for name in names if name]
    return {
        "boards": {str(number): layout for number, layout in data.BOARDS.items()},
        "die_template": list(data.DIE_TEMPLATE),
        "hex": {str(space): list(qr) for space, qr in hex_coordinates().items()},
        "depots": [[list(space) for space in depot] for depot in data.DEPOTS],
        "colours": data.COLOURS,
        "colour_names": list(data.COLOUR_NAMES),
        "goods_names": list(data.GOODS_NAMES),
        "tile_colour": {name: tile_colour(name) for name in tiles},
        "tile_short": {name: tile_short(name) for name in tiles},
        "track_spaces": data.TRACK_SPACES,
        # what the player to act decides, as `show` writes it ({a}: the decision's argument, {a1}: plus one)
        "pending_text": dict(PENDING_TEXT),
        # each estate space in words, per board, for its tooltip
        "space_texts": {str(board): [space_text(board, space) for space in range(1, len(layout) + 1)]
                        for board, layout in data.BOARDS.items()},
    }


def _sanjuan_tables():
    """Cards (cost, VP, the good a production building makes), roles, goods, trading-house tiles,
    the texts of the phases."""
    data = game_data.sanjuan()
    cards = {}
    for index, (name, cost, vp, _copies) in enumerate(data.CARDS):
        cards[name] = {"cost": cost, "vp": vp,
                       "good": data.GOODS[index] if index < data.NUM_PRODUCTION else None}
    return {"cards": cards, "roles": list(data.ROLES), "goods": list(data.GOODS),
            "tiles": {name: list(prices) for name, prices in zip(data.TILE_NAMES, data.TILES)},
            # what the player to act decides in each phase, as `show` writes it ({building}, {limit})
            "step_text": dict(SANJUAN_STEP_TEXT)}


def _seasons_tables():
    """Resources, character cards, buildings (value and VP), castle helper places, trader spots, the
    texts of the phases."""
    data = game_data.seasons()
    return {
        "resources": list(data.RESOURCES),
        "cards": list(data.CARDS),
        "buildings": {name: {"tiles": count, "value": value, "vp": vp} for name, count, value, vp in data.BUILDINGS},
        "helper_buildings": list(data.HELPER_BUILDINGS),
        "places": [{"place": place, "building": building, "fee": fee} for place, building, fee in data.PLACES],
        "spots": list(data.SPOTS),
        # what the player to act does in each phase, as `show` writes it ({name}: a field of the turn)
        "step_text": dict(SEASONS_STEP_TEXT),
    }


def _tiletum_tables():
    """The map (cities, roads, spaces in use by player count), persons, contracts, bonus tiles, buildings,
    corruption token values, fair tiles."""
    data = game_data.tiletum()
    return {
        "cities": list(data.CITIES),
        "roads": [list(road) for road in data.ROADS],
        "house_spaces": [[minimum for minimum, _ in spaces] for spaces in data.HOUSE_SPACES],
        "pillar_spaces": [list(spaces) for spaces in data.PILLAR_SPACES],
        "bonus_spaces": [list(spaces) for spaces in data.BONUS_SPACES],
        "actions": list(data.ACTIONS),
        "resources": list(data.RESOURCES),
        "res_short": list(data.RES_SHORT),
        "person_types": list(data.PERSON_TYPES),
        "persons": [data.PERSON_TYPES[kind] for kind, _ in data.PERSONS],
        # what a bonus tile or a person gives, in words (the drawing's tooltips, as `show` writes them)
        "bonus_effects": [effect_text(effect) for effect in data.BONUS_TILES],
        "person_effects": [effect_text(effect) for _, effect in data.PERSONS],
        "contracts": [{"cost": list(cost), "vp": vp, "crest": bool(crest)} for cost, vp, crest in data.CONTRACTS],
        "building_floors": list(data.BUILDING_FLOORS),
        "king_min": data.KING_MIN, "king_max": data.KING_MAX, "king_vp": list(data.KING_VP),
        # the position names corruption tokens by index; the page draws their values
        "corruption": list(data.CORRUPTION),
        "fair_effects": {kind: fair_text(kind) for kind in data.FAIR_KINDS},
    }


TABLES = {"burgundy": _burgundy_tables, "sanjuan": _sanjuan_tables, "seasons": _seasons_tables,
          "tiletum": _tiletum_tables}


def check_drawn(game):
    """``game`` if the page can draw it; one-line BoardlabError otherwise."""
    if not isinstance(game, str) or game not in TABLES or game not in SEAT_VIEWS:
        shown = repr(game) if len(repr(game)) <= 40 else repr(game)[:40] + "..."
        raise BoardlabError(f"unknown game {shown} for the analysis board (known: {', '.join(sorted(TABLES))})")
    return game


def game_tables(game):
    """The fixed data the page needs to draw ``game`` (KeyError for a game without a drawing), with
    what every piece does (the tooltips and the legend)."""
    tables = TABLES[game]()
    tables["piece_texts"] = piece_texts(game)
    return tables


def breakdown(state):
    """Where each seat's points came from once the game is over (None before): only counts, which
    every seat sees at the end."""
    return score_breakdown(state.game_name, state.to_dict()) if state.is_terminal() else None


# ---- what changed: the marks the drawings carry (``data-mark``) on the pieces a move touched ----

def _burgundy_marks(before, after):
    """Estate spaces filled, storage spaces refilled, depot and black-depot spaces emptied."""
    marks = []
    for s, (old, new) in enumerate(zip(before["seats"], after["seats"])):
        marks += [f"space:{s}:{space}" for space in new["estate"] if space not in old["estate"]]
        marks += [f"storage:{s}:{k}" for k, tile in enumerate(new["storage"])
                  if tile is not None and (k >= len(old["storage"]) or old["storage"][k] != tile)]
    for d, (old, new) in enumerate(zip(before["depots"], after["depots"])):
        marks += [f"depot:{d}:{k}" for k, (a, b) in enumerate(zip(old, new)) if a is not None and b is None]
    marks += [f"black:{k}" for k, (a, b) in enumerate(zip(before["black_depot"], after["black_depot"]))
              if a is not None and b is None]
    return marks


def _sanjuan_marks(before, after):
    """Buildings built or changed (a good on them), roles taken."""
    marks = []
    for s, (old, new) in enumerate(zip(before["seats"], after["seats"])):
        marks += [f"building:{s}:{k}" for k, b in enumerate(new["buildings"])
                  if k >= len(old["buildings"]) or old["buildings"][k] != b]
    return marks + [f"role:{role}" for role in after["roles_taken"] if role not in before["roles_taken"]]


def _seasons_marks(before, after):
    """Building tiles taken, castle helper places and trader spots taken."""
    marks = [f"building:{name}" for name, left in after["tiles"].items() if before["tiles"].get(name) != left]
    marks += [f"place:{place}" for place, owner in after["places"].items() if before["places"].get(place) != owner]
    return marks + [f"spot:{spot}" for spot, owner in after["spots"].items() if before["spots"].get(spot) != owner]


def _tiletum_marks(before, after):
    """Houses and pillars built, wheel segments whose dice changed, displays and seats' buildings and storage."""
    marks = []
    for old, new in zip(before["map"], after["map"]):
        for shape in ("houses", "pillars"):
            marks += [f"{shape[:-1]}:{new['city']}:{k}" for k, (a, b) in enumerate(zip(old[shape], new[shape])) if a != b]
    values = {int(name[1:]) for name in set(before["dice"]) | set(after["dice"])
              if before["dice"].get(name) != after["dice"].get(name)}
    marks += [f"segment:{value}" for value in values]
    marks += [f"person:{k}" for k, p in enumerate(after["person_display"])
              if k >= len(before["person_display"]) or before["person_display"][k] != p]
    marks += [f"contract:{k}" for k, c in enumerate(after["contract_display"])
              if k >= len(before["contract_display"]) or before["contract_display"][k] != c]
    for s, (old, new) in enumerate(zip(before["seats"], after["seats"])):
        marks += [f"building:{s}:{b}" for b, (x, y) in enumerate(zip(old["buildings"], new["buildings"])) if x != y]
        marks += [f"storage:{s}:{k}" for k, item in enumerate(new["storage"])
                  if k >= len(old["storage"]) or old["storage"][k] != item]
    return marks


MARKS = {"burgundy": _burgundy_marks, "sanjuan": _sanjuan_marks, "seasons": _seasons_marks, "tiletum": _tiletum_marks}


def changed_marks(game, before, after, seat):
    """The marks (``data-mark`` of the drawing) of the pieces that changed from the position data
    ``before`` to ``after``, both compared as ``seat`` sees them (a change it may not see is no mark)."""
    old, new = seat_data(game, copy.deepcopy(before), seat), seat_data(game, copy.deepcopy(after), seat)
    try:
        return sorted(set(MARKS[game](old, new)))
    except (KeyError, TypeError, IndexError, ValueError):
        return []          # an unusual position (a loaded file of another layout): no marks rather than no view
