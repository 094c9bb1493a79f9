"""The engines' data tables the pictures need (board layouts, card and tile names), in one place.

Every import of an engine's data module sits in a function of this file, so when a module moves
only the line in its function changes.
"""


def burgundy():
    """Castles of Burgundy tables: boards, die template, depots, tile names, scoring constants."""
    from engine_c.burgundy import data
    return data


def sanjuan():
    """San Juan tables: cards (cost, VP), goods, roles, trading-house tiles."""
    from engine_c.sanjuan import data
    return data


def seasons():
    """A Castle for All Seasons tables: resources, cards, buildings, helper places."""
    from engine_c.seasons import data
    return data


def tiletum():
    """Tiletum tables: map, bonus tiles, persons, contracts, buildings, king track."""
    from engine_c.tiletum import data
    return data


def tiletum_names():
    """Tiletum's words for tiles, persons and contracts (the game's ``names`` room)."""
    from engine_c.tiletum import names
    return names
