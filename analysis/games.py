"""What the analysis knows about each game by name: its title and whether its engine runs on
placeholder data.

``PLACEHOLDER_DATA`` is the one list of games whose engines use invented content where the
sources gave none; the report puts its note at the top (the CLI's commands print the shorter
``note:`` line of the data file instead). Change it here when real data replaces a placeholder.
"""
from __future__ import annotations

GAME_TITLES = {"burgundy": "The Castles of Burgundy", "sanjuan": "San Juan",
               "seasons": "A Castle for All Seasons", "tiletum": "Tiletum"}

PLACEHOLDER_DATA = {
    "tiletum": "most of its content tables are invented placeholders (map, person, contract and "
               "bonus tiles, king track, player board; docs/tiletum.md)",
    "seasons": "some of its content is invented where the sources gave none (third worker card, "
               "silver as a joker, the tiles without helper places, market and servants' house "
               "fees; docs/seasons.md)",
}


def game_title(game: str) -> str:
    """The full title of a game, or its short name if unknown."""
    return GAME_TITLES.get(game, game)


def placeholder_note(game: str) -> str | None:
    """One sentence saying that ``game`` runs on placeholder data, or None if it does not."""
    what = PLACEHOLDER_DATA.get(game)
    if what is None:
        return None
    return (f"Placeholder data: {game_title(game)} ({game}): {what}. Figures describe the engine "
            "as built, not the published game.")
