"""Named agent presets: one agent name that plays a different spec in each game.

``study`` is the agent for mass simulation (docs/agents.md, "The study preset"): cheap enough for
thousands of games (at most about 5 ms of CPU per decision on a 2-core machine) and chosen so that
its self-play statistics sit inside the human figures the docs can source (docs/strength.md,
"The study preset against people and against the search"). Its figures are about this agent's
play, like every simulated figure.

The table below is the whole definition: game short name -> the agent spec played in that game,
with ``*`` for any game not listed (the test games). Every spec is an ordinary agent spec, so the
game's ``search_defaults`` still fill what it leaves out, exactly as for ``ismcts:...``.
"""
from engine_c.errors import BoardlabError

ANY_GAME = "*"

PRESETS = {
    "study": {
        # 2 players, 400 games: start player 0.540 [0.491-0.588] (people: 0.51), 181.1 points a player
        # (people: 184.6), about 1.1 ms a decision (truncated playouts, own score only)
        "burgundy": "ismcts:iterations=600,cutoff=10,score_weight=1",
        # 2 players, 400 games: median 14 rounds (the rulebook: usually 11-14), about 3.6 ms a decision
        "sanjuan": "ismcts:iterations=250,prior=6,c=0.1",
        # no human figures to meet (docs/strength.md): the search's defaults at a study budget,
        # about 3.7 ms (Seasons) and 4.6 ms (Tiletum) a decision
        "seasons": "ismcts:iterations=300",
        "tiletum": "ismcts:iterations=200",
        ANY_GAME: "ismcts:iterations=200",
    },
}


def preset_names():
    """The preset agent names, sorted."""
    return sorted(PRESETS)


def resolve(name, game):
    """The agent spec preset ``name`` plays in ``game`` (a short name such as ``"sanjuan"``)."""
    if name not in PRESETS:
        raise BoardlabError(f"unknown preset {name!r} (known: {', '.join(preset_names())})")
    table = PRESETS[name]
    return table.get(game, table[ANY_GAME])


def resolved_text(name, game):
    """``"study = ismcts:iterations=300 (sanjuan)"``: what a run's manifest and summary show."""
    return f"{name} = {resolve(name, game)} ({game})"
