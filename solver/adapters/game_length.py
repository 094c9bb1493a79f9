"""Upper bounds on the decisions of a game, derived from its rules (OpenSpiel's ``max_game_length``).

A decision is one ``apply_action`` of the seat to act; forced moves (one legal action) are played
by the engine and are not decisions. Each bound counts, per player, every kind of decision the
engine asks (docs/<game>.md, "Actions") against what the rules let it happen: turns, rounds, the
estate's spaces, the pieces, tiles and resources there are. The game bound is the per-player
bound times the players. Numbers that are data (rounds, costs, tiles) are read from the installed
content, so a data file that changes them changes the bound. docs/agents.md, "Game length", gives
each derivation and the lengths random games reach.
"""
from __future__ import annotations

import engine_c

# San Juan's safeguard (MAX_ROUNDS, engine_c/sanjuan/types.pxd; docs/sanjuan.md): a game still running
# at the end of round 100 ends there. The rules alone bound nothing (chapels can swallow the cards
# until nobody can build), so this cap is what makes the game finite.
SANJUAN_MAX_ROUNDS = 100


def burgundy_per_player(players):
    """The Castles of Burgundy: decisions one player can take in a game."""
    from engine_c.burgundy import data
    turns = 5 * data.ROUNDS_PER_PHASE                 # phases A-E, one turn per round
    spaces = sum(data.ROW_LENGTHS) - 1                # estate spaces left once the start castle stands
    main = 4 * turns                                  # two die actions, one purchase, one closing pass a turn
    # a placement: the estate space, then at most 5 for its tile (a ship: two depots with knowledge 5,
    # two goods choices, a pass; a castle: its action; a carpenter/church/market: pick and pass; a
    # warehouse: sale and pass; the city hall: its placement and pass)
    placing = 6 * spaces
    # every tile gained (by a die, a purchase, a castle's take or a building's pick, the last two at
    # most one per placement) asks at most which depot space and, storage full, which tile to drop
    gains = 2 * (3 * turns + spaces)
    return main + placing + gains + 1                 # + the starting castle in the free setup


def sanjuan_per_player(players):
    """San Juan: decisions one player can take in a game."""
    from engine_c.sanjuan import data
    rounds = SANJUAN_MAX_ROUNDS
    picks = 2 if players == 2 else 1                  # the 2-player governor chooses twice
    phases = 3 if players == 2 else players           # one phase per role chosen
    # the most a player decides in one phase: build, crane spot, then one payment per card of the cost
    # (goods on the black market included); producing/selling at most 1 + 2 (library) + 1 (aqueduct,
    # trading post) then pass; the councillor's archive discards at most 2 + 6 - 1; a gold mine keeps 1
    phase = max(2 + max(data.COST), 4 + 1, 2 + 6 - 1, 1)
    # gains in one round, each role once: trader 4 sales at the dearest tile + a market card, prospector
    # 1 + 1 (library) + a gold-mine card, builder carpenter + poor house, councillor 2 kept (prefecture),
    # producer 1 (well); the four largest
    top_price = max(max(tile) for tile in data.TILES)
    gains = sorted([4 * top_price + 1, 3, 2, 2, 1], reverse=True)[:4]
    # at the round start: one chapel tuck, and the hand discarded down to the limit (a covered tower
    # drops the limit from 12 to 7)
    discards = sum(gains) + data.TOWER_HAND_LIMIT - data.HAND_LIMIT
    return rounds * (picks + phases * phase + 1 + discards)


def seasons_per_player(players):
    """A Castle for All Seasons: decisions one player can take in a game."""
    from engine_c.seasons import data
    # per card played: its own choice (trader spot, tower kind, stonemason's purchase or worker2's load),
    # up to MAX_BUILDS buildings (build, pay stone, clay, wood) and a pass, up to MAX_HELPERS helpers
    # (place, where from) and a pass
    card = 1 + 4 * data.MAX_BUILDS + 1 + 2 * data.MAX_HELPERS + 1
    # + the pick itself; in the winter variant (a loaded position may be one) at most one answer to
    # each winter card's offer
    return data.ROUNDS[players] * data.PICKS[players] * (1 + card) + len(data.WINTER_CARDS)


def tiletum_per_player(players):
    """Tiletum: decisions one player can take in a game."""
    from engine_c.tiletum import data
    turns = 3 * data.ROUNDS                           # three dice a round
    tiles = [entry[0:3:2] for entry in data.BONUS_TILES]                  # (effect, amount)
    persons = [(effect, amount) for _kind, (effect, _arg, amount) in data.PERSONS]
    retriggers = sum(1 for effect, _ in tiles if effect == data.E_RETRIG)
    # a retrigger tile gains one person's bonus again: at most the largest person bonus each
    again = retriggers * max((amount for _, amount in persons), default=0)

    def total(*effects):
        """The amounts of these effects over every bonus tile and person."""
        return sum(amount for effect, amount in tiles + persons if effect in effects)

    fixed = 4 * turns + (data.ROUNDS - 1)             # die, wheel bonus, jester, end; the king bonus tile
    # every action part decision costs at least 1 AP: a die gives AP_TOTAL - 1 at most, crests at most
    # all their bonus AP in a turn (jester and copied action together), tiles and persons their AP
    action_points = turns * (data.AP_TOTAL - 1 + sum(data.CREST_AP)) + total(data.E_AP, data.E_APACT) + again
    # a purchase turns 2 gold into 1 resource, so purchases are at most the resources ever gained: the
    # start, a die's value (6 at most), tiles and persons, a gold bonus per house space
    house_spaces = sum(len(spaces) for spaces in data.HOUSE_SPACES)
    gained = (sum(data.START_RES) + max(data.START_GOLD) + 6 * turns + total(data.E_RES, data.E_ANY)
              + again + house_spaces)
    free = (total(data.E_SWAP) + total(data.E_MOVE) + 2 * again           # free exchanges and moves
            + total(data.E_ANY) + sum(1 for e, _ in tiles if e in (data.E_COLOUR, data.E_RETRIG))   # choices
            + data.N_BUILDINGS + data.N_CONTRACTS + data.N_CATHEDRALS + data.N_BONUS             # crest, fulfil, cathedral, use
            + data.N_BONUS + data.N_PERSONS + 2 * data.N_CONTRACTS)       # discard: every tile taken once
    return fixed + action_points + gained + free


PER_PLAYER = {"burgundy": burgundy_per_player, "sanjuan": sanjuan_per_player,
              "seasons": seasons_per_player, "tiletum": tiletum_per_player}


def per_player_bound(game, players):
    """The most decisions one player can take in a game of ``game`` at ``players`` players."""
    if game not in PER_PLAYER:
        raise ValueError(f"unknown game {game!r} (known: {', '.join(PER_PLAYER)})")
    cls = engine_c.state_class(game)
    if not cls.min_players <= players <= cls.max_players:
        raise ValueError(f"{game}: players must be {cls.min_players}-{cls.max_players}, got {players!r}")
    return PER_PLAYER[game](players)


def max_decisions(game, players):
    """The most decisions a game of ``game`` at ``players`` players can take (all players)."""
    return per_player_bound(game, players) * players
