"""Every refusal of the position reader, one row each: an edit of a possible position and the start of
the one-line message, which names the field path first (counts that do not add up name where the
tiles or goods were counted).  The pending sub-decisions, checked against the rules, have their own
table in test_burgundy_positions.py."""
import copy

import pytest

from burgundy_helpers import fresh, load, positions, put, seat, store, take_tile
from engine_c.burgundy import BurgundyState
from engine_c.burgundy import data as D
from engine_c.errors import InvalidPositionError

SUPPLIES = ("supply_coloured", "supply_black", "out_of_game")
SETUP = BurgundyState(2, 3, board="advanced").to_dict()          # seats on boards 2 and 5, seat 0 to choose
END = positions(2, 5, 1, finished=True)[-1]


def two():
    """A new 2-player game (seat 0 to act)."""
    return fresh(2, 0)


def three():
    """A new 3-player game (seat 0 to act)."""
    return fresh(3, 0)


def setup():
    """An advanced game before the starting castles are placed."""
    return copy.deepcopy(SETUP)


def end():
    """A finished 2-player game."""
    return copy.deepcopy(END)


def drop(*keys):
    """An edit leaving ``keys`` (top level) out."""
    def edit(d):
        for key in keys:
            del d[key]
    return edit


def at(path, value):
    """An edit setting the value at ``path`` (keys and indices)."""
    def edit(d):
        node = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value
    return edit


def both(*edits):
    """An edit doing ``edits`` one after the other."""
    def edit(d):
        for one in edits:
            one(d)
    return edit


def _estate(p, tiles, castle=None):
    """Seat p's estate replaced by ``tiles`` {space: name}; the supplies left out, so they follow."""
    def edit(d):
        for key in SUPPLIES:
            d.pop(key, None)
        seat(d, p)["estate"] = {str(j): name for j, name in tiles.items()}
        if castle is not None:
            seat(d, p)["start_castle"] = castle
    return edit


def _puts(p, *pairs):
    """An edit putting tiles (space, name) into seat p's estate, taken from the supplies."""
    def edit(d):
        for space, name in pairs:
            put(d, p, space, name)
    return edit


def _supply(table, name, delta):
    """An edit adding ``delta`` tiles ``name`` to a supply table."""
    def edit(d):
        d[table][name] = d[table].get(name, 0) + delta
    return edit


def _fill_castles(d):
    """Seat 0 fills every castle space of board 1 (the knowledge space 13 links 7 to the centre)."""
    for space, name in ((13, "k1"), (7, "castle"), (2, "castle"), (3, "castle")):
        put(d, 0, space, name)


def _all_played(d):
    """Every seat has used both dice; the last in turn order is to act."""
    for x in d["seats"]:
        x["dice_used"] = [True, True]
    d["turn"]["index"] = d["players"] - 1


ROWS = [
    # the position and its top-level keys
    ("unknown-key", two, at(("colour",), 1), "colour: unknown field (known: game, players, scenario"),
    ("old-and-new-players", two, at(("num_players",), 2), "num_players: the old spelling of players, given "
                                                          "together with players"),
    ("seats-missing", two, drop("seats"), "seats: missing field"),
    ("seats-one", two, both(drop("players"), lambda d: d["seats"].pop()), "seats: must be a list of 2..4 entries, "
                                                                            "got 1 entry"),
    ("seats-not-players", two, at(("players",), 3), "seats: must list one seat per player (3, players), got 2"),
    ("players-range", two, at(("players",), 5), "players: must be an integer in 2..4, got 5"),
    ("seat-not-object", two, at(("seats", 1), 3), "seats[1]: must be an object, got an integer"),
    ("seat-unknown-key", two, at(("seats", 0, "hand"), []), "seats[0].hand: unknown field (known: board,"),
    ("game", two, at(("game",), "chess"), "game: not a burgundy position (game: 'chess'; a burgundy position has \"game\": \"burgundy\")"),
    ("phase-missing", two, drop("phase"), "phase: missing field"),
    ("phase", two, at(("phase",), "F"), "phase: unknown value 'F' (valid: A, B, C, D, E)"),
    ("round-missing", two, drop("round"), "round: missing field"),
    ("round", two, at(("round",), 6), "round: must be an integer in 1..5, got 6"),
    ("over", two, at(("over",), "yes"), "over: must be true or false, got 'yes'"),
    ("rng", two, at(("rng",), -1), "rng: must be an integer in 0..18446744073709551615, got -1"),
    ("scenario", two, at(("scenario",), "solo"), "scenario: unknown value 'solo' (valid: basic, advanced"),
    ("tiebreak", two, at(("tiebreak",), "sideways"), "tiebreak: unknown value 'sideways' (valid: fewest, most)"),
    ("setup-player-range", two, at(("setup_player",), 2), "setup_player: must be an integer in 0..1, got 2"),
    ("setup-and-over", setup, at(("over",), True), "setup_player: 0, but a finished game (over) cannot be in setup"),
    # the turn
    ("turn-unknown-key", two, at(("turn", "who"), 0), "turn.who: unknown field (known: order, index"),
    ("turn-not-object", two, at(("turn",), []), "turn: must be an object, got a list"),
    ("order-permutation", two, at(("turn", "order"), [0, 0]), "turn.order: must hold 0..1 once each, got [0, 0]"),
    ("order-left-out-unclear", three, both(_all_played, lambda d: d["turn"].pop("order")),
     "turn.order: left out, but seats 0, 1, 2 have used both dice and one of them is to act (turn.index 2): "
     "their order this round cannot be told from the track"),
    ("order-left-out-unclear-derived", three, both(_all_played, lambda d: d["turn"].pop("order"),
                                                   lambda d: d["turn"].pop("index")),
     "turn.order: left out, but seats 0, 1, 2 have used both dice and one of them is to act (turn.index 2)"),
    ("order-against-track", two, _puts(1, (18, "ship")), "turn.order: seat 0 comes before seat 1, which has not "
                                                         "played this round, but is behind it on the track"),
    ("index", two, at(("turn", "index"), 2), "turn.index: must be an integer in 0..1, got 2"),
    ("white-die", two, at(("turn", "white_die"), 7), "turn.white_die: must be an integer in 1..6, got 7"),
    ("bought", two, at(("turn", "bought"), 1), "turn.bought: must be true or false, got 1"),
    ("bought-turn-over", two, both(at(("seats", 0, "dice_used"), [True, True]), at(("turn", "bought"), True)),
     "turn.bought: seat 0, to act, has used both dice and bought, and nothing is pending"),
    ("pending-too-long", two, at(("turn", "pending"), [["free", 0, 0]] * 17), "turn.pending: must be a list of 0..16"),
    ("pending-kind", two, at(("turn", "pending"), [["build", 0, 0]]), "turn.pending[0][0]: unknown value 'build' "
                                                                      "(valid: main, free, hall"),
    ("pending-main", two, at(("turn", "pending"), [["main", 0, 0]]), "turn.pending[0]: 'main' cannot be a pending"),
    ("pending-argument", two, at(("turn", "pending"), [["slot", 6, 0]]), "turn.pending[0][1]: must be an integer "
                                                                         "in 0..5, got 6"),
    ("pending-in-setup", setup, at(("turn", "pending"), [["slot", 0, 0]]), "turn.pending: [['slot', 0, 0]], but no "
                                                                           "sub-decision can be pending while"),
    ("pending-tile-alone", two, both(lambda d: take_tile(d, "mine"), at(("turn", "pending_tile"), "mine")),
     "turn.pending_tile: 'mine', but no 'discard' sub-decision is pending"),
    ("discard-without-tile", two, at(("turn", "pending"), [["discard", 0, 0]]),
     "turn.pending[0]: a 'discard' is pending but turn.pending_tile is null"),
    ("pending-tile-name", two, at(("turn", "pending_tile"), "mines"), "turn.pending_tile: unknown tile 'mines' "
                                                                      "(tiles: castle, mine, ship"),
    # the board
    ("depots-count", two, lambda d: d["depots"].pop(), "depots: must be a list of 6 entries, got 5 entries"),
    ("depot-spaces", two, lambda d: d["depots"][0].append(None), "depots[0]: must be a list of 4 entries, got 5"),
    ("depot-space-unused", two, both(lambda d: take_tile(d, "k1"), at(("depots", 0, 2), "k1")),
     "depots[0][2]: depot 1 space 3 is not used with 2 players but holds 'k1'"),
    ("depot-space-colour", two, at(("depots", 0, 0), "ship"), "depots[0][0]: tile 'ship' on depot 1 space 1 of "
                                                              "colour building"),
    ("depot-black-only", two, at(("depots", 4, 1), "k7"), "depots[4][1]: 'k7' has no coloured-back tile"),
    ("black-space-unused", two, at(("black_depot", 5), "mine"), "black_depot[5]: black depot space 6 is not used "
                                                                "with 2 players but holds 'mine' (spaces 1..4 are)"),
    ("black-coloured-only", two, at(("black_depot", 0), "k1"), "black_depot[0]: 'k1' has no black-back tile"),
    ("black-name", two, at(("black_depot", 0), 3), "black_depot[0]: unknown tile 3"),
    ("depot-goods", two, at(("depot_goods", 0), [0] * 5), "depot_goods[0]: must be a list of 6 entries, got 5"),
    ("depot-goods-count", two, at(("depot_goods", 0, 0), 8), "depot_goods[0][0]: must be an integer in 0..7, got 8"),
    ("round-goods-type", two, at(("round_goods", 1), 7), "round_goods[1]: must be an integer in 1..6, got 7"),
    ("round-goods-length", two, at(("round_goods",), [5, 3, 1]), "round_goods: must be a list of 5 entries, got 3"),
    ("round-goods-round", two, at(("round",), 3), "round_goods[1]: in round 3 the goods of rounds 1..3 are placed"),
    ("round-goods-left-out", two, both(drop("round_goods"), lambda d: d["goods_pool"].__setitem__(0, 6)),
     "round_goods: left out, but 3 goods tiles are nowhere else and round 1 leaves 4 round spaces to fill"),
    ("goods-pool", two, at(("goods_pool", 2), 8), "goods_pool[2]: must be an integer in 0..7, got 8"),
    ("goods-counted", two, lambda d: d["goods_pool"].__setitem__(0, 6),
     "goods type 1: 8 counted (round_goods 1, seats[0].goods 1, goods_pool 6), the box has 7"),
    ("goods-counted-derived", two, both(drop("goods_pool"), at(("seats", 0, "goods", 0), [1, 7])),
     "goods type 1: 8 counted (round_goods 1, seats[0].goods 7), the box has 7 (goods_pool left out"),
    # supplies and tile counts
    ("supply-not-object", two, at(("supply_black",), []), "supply_black: must be an object, got a list"),
    ("supply-name", two, at(("supply_coloured", "shipp"), 1), "supply_coloured.shipp: unknown tile 'shipp' "
                                                              "(tiles: castle, mine, ship, cow2..cow4"),
    ("supply-count", two, at(("supply_black", "ship"), 7), "supply_black.ship: must be an integer in 0..6, got 7"),
    ("out-count", two, at(("out_of_game", "k1"), 2), "out_of_game.k1: must be an integer in 0..1, got 2"),
    ("tile-counted", two, at(("seats", 0, "storage", 0), "ship"),
     "tile 'ship': 27 counted (depots 2, seats[0].storage 1, supply_coloured 18, supply_black 6), the box has 26"),
    ("tile-counted-derived", two, both(drop(*SUPPLIES), at(("seats", 0, "storage"), ["k1", "k1"])),
     "tile 'k1': 2 counted (seats[0].storage 2), the box has 1 (1 coloured-back, 0 black-back) "
     "(supply_coloured, supply_black, out_of_game left out: derived from the rest)"),
    ("coloured-back", two, both(_supply("supply_coloured", "ship", 2), _supply("supply_black", "ship", -2)),
     "supply_coloured.ship: coloured-back 'ship' tiles: 22 counted (supply_coloured 20, depots 2), the box has 20"),
    ("black-back", two, both(_supply("supply_black", "church", 1), _supply("supply_coloured", "church", -1)),
     "supply_black.church: black-back 'church' tiles: 3 counted (supply_black 2, black_depot 1), the box has 2"),
    ("coloured-back-derived", two, both(drop("supply_black"), _supply("supply_coloured", "ship", 2)),
     "supply_coloured.ship: coloured-back 'ship' tiles: 22 counted (supply_coloured 20, depots 2), the box has 20 "
     "(the numbered depots and the starting castles are filled from the coloured-back supply) (supply_black left out"),
    ("black-back-derived", two, both(drop("supply_black"), _supply("supply_coloured", "church", -2)),
     "supply_black.church: black-back 'church' tiles: 4 counted (supply_black 3, black_depot 1), the box has 2 "
     "(the black depot is filled from the black-back supply) (supply_black left out"),
    ("tile-counted-one-derived", two,
     both(drop("out_of_game"), lambda d: store(d, 0, 1, "k1"), _supply("supply_coloured", "k1", 1)),
     "tile 'k1': 2 counted (seats[0].storage 1, supply_coloured 1), the box has 1 (1 coloured-back, 0 black-back) "
     "(out_of_game left out: derived from the rest)"),
    ("bonus-colour", two, at(("bonus_taken", "gold"), 0), "bonus_taken.gold: unknown field (known: castle, ship"),
    ("bonus-count", two, at(("bonus_taken", "mine"), 3), "bonus_taken.mine: must be an integer in 0..2, got 3"),
    ("bonus-not-filled", two, at(("bonus_taken", "ship"), 1), "bonus_taken.ship: 1, but no seat has filled every "
                                                              "ship space of the estate, so 0 of its bonus tiles"),
    ("bonus-filled", two, both(_fill_castles, at(("bonus_taken", "castle"), 0)),
     "bonus_taken.castle: 0, but seat 0 has filled every castle space of the estate, so 1 of its bonus tiles"),
    ("bonus-held", two, at(("seats", 1, "bonus_small"), 1), "seats[1].bonus_small: seat 1 holds 0 large and 1 small "
                                                            "bonus tiles, but has filled every space of only 0"),
    ("bonus-totals", two, both(_fill_castles, at(("bonus_taken", "castle"), 1)),
     "bonus_taken: 1 large bonus tiles are taken, but the seats hold 0 (seats[*].bonus_large: [0, 0])"),
    # a seat
    ("board", two, at(("seats", 0, "board"), 10), "seats[0].board: must be an integer in 1..9, got 10"),
    ("castle-null", two, at(("seats", 0, "start_castle"), None), "seats[0].start_castle: null, but the starting "
                                                                 "castle must be placed"),
    ("castle-space", two, at(("seats", 0, "start_castle"), 18), "seats[0].start_castle: space 18 is not a "
                                                                "dark-green space of board 1 (those are 2, 3, 7, 19)"),
    ("castle-before-turn", setup,
     both(at(("seats", 1, "start_castle"), 11), at(("seats", 1, "estate"), {"11": "castle"})),
     "seats[1].start_castle: placed but setup_player is 0"),
    ("castle-left-out-none", two, both(_estate(0, {}), lambda d: seat(d, 0).pop("start_castle")),
     "seats[0].start_castle: left out, and no castle stands on a starting space of board 1 (2, 3, 7, 19)"),
    ("castle-left-out-two", two, both(_estate(0, {7: "castle", 2: "castle"}), lambda d: seat(d, 0).pop("start_castle")),
     "seats[0].start_castle: left out, but castles stand on starting spaces 2, 7 of board 1"),
    ("castle-and-estate-left-out", two, both(at(("seats", 0, "board"), 2), lambda d: seat(d, 0).pop("estate"),
                                             lambda d: seat(d, 0).pop("start_castle")),
     "seats[0].start_castle: left out with the estate, and board 2 has no castle space 19"),
    ("estate-key", two, _puts(0, ("38", "mine")), 'seats[0].estate["38"]: estate spaces are "1".."37"'),
    ("estate-null", two, at(("seats", 0, "estate", "18"), None), 'seats[0].estate["18"]: null, but an estate space '
                                                                 'lists a tile'),
    ("estate-name", two, at(("seats", 0, "estate", "18"), "shipp"), 'seats[0].estate["18"]: unknown tile \'shipp\''),
    ("estate-colour", two, _puts(0, (12, "ship")), 'seats[0].estate["12"]: tile \'ship\' on space 12 of colour '
                                                   'building (board 1)'),
    ("estate-no-castle", two, at(("seats", 0, "start_castle"), 7), "seats[0].estate: no castle on the starting "
                                                                   "castle space 7"),
    ("estate-before-castle", setup, _puts(0, (25, "mine")), "seats[0].estate: estate tiles before the starting "
                                                            "castle is placed"),
    ("estate-connected", two, _puts(0, (34, "mine")), "seats[0].estate: estate tiles not connected to the starting"),
    ("estate-city", two, _puts(0, (26, "bank"), (27, "bank")), 'seats[0].estate["27"]: a second \'bank\' in the city '
                                                               'of space 26 (the same building twice in one city needs '
                                                               'knowledge 1, k1)'),
    ("storage-length", two, at(("seats", 0, "storage"), [None] * 4), "seats[0].storage: must be a list of 3 entries"),
    ("storage-name", two, at(("seats", 0, "storage", 0), "x"), "seats[0].storage[0]: unknown tile 'x'"),
    ("goods-slots", two, at(("seats", 0, "goods"), [None] * 4), "seats[0].goods: must be a list of 3 entries"),
    ("goods-slot", two, at(("seats", 0, "goods", 0), [1]), "seats[0].goods[0]: must be a list of 2 entries, got 1"),
    ("goods-type", two, at(("seats", 0, "goods", 0), [7, 1]), "seats[0].goods[0][0]: must be an integer in 1..6"),
    ("goods-count", two, at(("seats", 0, "goods", 0), [1, 0]),
     "seats[0].goods[0][1]: must be an integer in 1..7, got 0"),
    ("goods-twice", two, at(("seats", 0, "goods", 1), [1, 1]), "seats[0].goods[1]: goods type 1 stored in two slots"),
    ("sold", two, at(("seats", 0, "sold"), [0] * 7), "seats[0].sold: must be a list of 6 entries, got 7"),
    ("silverlings-missing", two, lambda d: seat(d, 0).pop("silverlings"), "seats[0].silverlings: missing field"),
    ("workers", two, at(("seats", 1, "workers"), -1), "seats[1].workers: must be an integer in 0..10000, got -1"),
    ("vp", two, at(("seats", 1, "vp"), 10001), "seats[1].vp: must be an integer in 0..10000, got 10001"),
    ("counter", two, at(("seats", 1, "worker_actions"), 1.5),
     "seats[1].worker_actions: must be an integer in 0..10000"),
    ("dice-missing", two, lambda d: seat(d, 0).pop("dice"), "seats[0].dice: missing field"),
    ("dice", two, at(("seats", 0, "dice", 0), 7), "seats[0].dice[0]: must be an integer in 1..6, got 7"),
    ("dice-used", two, at(("seats", 0, "dice_used", 0), 1), "seats[0].dice_used[0]: must be true or false, got 1"),
    ("track-form", two, at(("seats", 0, "track"), "x"), "seats[0].track: must be a track space 0..6 or "
                                                         "[space, height], got 'x'"),
    ("track-space", two, at(("seats", 0, "track"), 7), "seats[0].track: must be a track space 0..6 or [space, height], "
                                                       "got 7"),
    ("track-height", two, at(("seats", 0, "track", 1), 4), "seats[0].track[1]: must be an integer in 0..3, got 4"),
    ("track-shared", two, at(("seats", 1, "track"), [0, 1]), "seats[1].track: space and height [0, 1] taken by seat 0"),
    ("track-ships", two, at(("seats", 0, "track"), [2, 0]), "seats[0].track[0]: space 2, but seat 0 has 0 ships in the "
                                                            "estate (the pawn moves one space per ship placed"),
    ("bonus-large", two, at(("seats", 0, "bonus_large"), 7), "seats[0].bonus_large: must be an integer in 0..6, got 7"),
    ("vp-parts-beyond-vp", two, at(("seats", 0, "vp_parts"), {"animals": 3, "phase_bonuses": 0}),
     "seats[0].vp_parts: animals and phase bonuses (3 + 0) exceed the seat's vp (0)"),
    ("vp-parts-field", two, at(("seats", 0, "vp_parts"), {"animals": 0}), "seats[0].vp_parts.phase_bonuses: missing field"),
    ("vp-parts-negative", two, at(("seats", 0, "vp_parts"), {"animals": -1, "phase_bonuses": 0}),
     "seats[0].vp_parts.animals: must be an integer in 0.."),
    # where the game stands
    ("setup-round", setup, at(("round",), 2), "setup_player: 0 (setup), but the starting castles are placed before "
                                              "round 1 of phase A, not in round 2 of phase A"),
    ("setup-round-goods", setup, lambda d: (d["goods_pool"].__setitem__(d["round_goods"][0] - 1,
                                                                       d["goods_pool"][d["round_goods"][0] - 1] + 1),
                                            d["round_goods"].__setitem__(0, None)),
     "round_goods[0]: all five goods of phase A are on the round spaces until round 1 begins"),
    ("setup-dice", setup, at(("seats", 1, "dice"), [3, 4]), "seats[1].dice: no dice are rolled before round 1"),
    ("over-phase", two, at(("over",), True), "phase: a finished game ends after phase E, got over in phase 'A'"),
    ("over-round", end, at(("round",), 3), "round: a finished game ends after round 5 of phase E, got round 3"),
    ("over-pending", end, at(("turn", "pending"), [["warehouse", 0, 0]]),
     "turn.pending: a finished game has no pending"),
    ("over-dice", end, at(("seats", 1, "dice_used"), [True, False]), "seats[1].dice_used: in a finished game every "
                                                                     "player has used both dice"),
    ("had-its-turn", three, at(("turn", "index"), 2), "seats[0].dice_used: seat 0 has had its turn this round"),
    ("not-had-its-turn", three, at(("seats", 2, "dice_used"), [True, False]), "seats[2].dice_used: seat 2 has not had "
                                                                              "its turn this round"),
]


@pytest.mark.parametrize("base,edit,expected", [row[1:] for row in ROWS], ids=[row[0] for row in ROWS])
def test_each_refusal_names_its_field_first(base, edit, expected):
    d = base()
    load(d)                                           # the base is possible
    edit(d)
    with pytest.raises(InvalidPositionError) as err:
        load(d)
    message = str(err.value)
    assert "\n" not in message and message.startswith("burgundy: " + expected), message


def test_the_rows_are_distinct():
    assert len({row[0] for row in ROWS}) == len(ROWS) and len({row[3] for row in ROWS}) == len(ROWS)


def test_a_tile_table_keyed_by_null_is_refused():
    d = fresh(2, 0)
    d["out_of_game"] = {None: 1}                      # only a Python dict can hold it; JSON keys are text
    with pytest.raises(InvalidPositionError, match=r'^burgundy: out_of_game\["None"\]: unknown tile null$'):
        BurgundyState.from_json(d)


def test_the_box_has_what_the_messages_say():
    inventory = D.inventory()
    names = D.tile_names()
    assert inventory[names.index("ship")] == (20, 6) and inventory[names.index("church")] == (5, 2)
    assert inventory[names.index("k7")] == (0, 1) and inventory[names.index("k1")] == (1, 0)
