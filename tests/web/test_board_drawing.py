"""What the analysis board draws, measured in a real headless Chromium (the fixtures: conftest.py):
Tiletum's strip, wheel and map, the Castles of Burgundy's goods, depots and tile labels, and the words
each game's board uses for the decision at hand."""
import json
import math
from collections import Counter

import pytest

from engine_c import new_state, state_from_json
from solver.display import game_data
from solver.display.burgundy import neighbours, regions
from solver.display.sanjuan import cards_text
from solver.display.tiletum import effect_text
from solver.games.positions import random_position
from solver.web.views import seat_position
from browser_helpers import boxes_touch, show_position


def test_tiletum_turn_order_corruption_fairs_and_king_bonus_are_drawn(page, tmp_path):
    state = random_position("tiletum", 4, 3, 60)             # round 1, pass 3: tokens of all three kinds
    data = state.to_dict()
    show_position(page, "tiletum", 4, state)
    board = page.locator("#board")

    order = board.locator(".turn-order")
    assert [int(order.nth(k).get_attribute("data-seat")) for k in range(order.count())] == data["order"]
    # the drawing's <title> words become the hover tip (explain.js)
    actor = order.nth(data["order"].index(data["actor"])).get_attribute("data-tip")
    assert actor.startswith("turn order: " + " ".join(map(str, data["order"]))) and actor.endswith(", to act)")

    values = game_data.tiletum().CORRUPTION

    def token_values(kind):
        tokens = board.locator(f".corruption.{kind}")
        return sorted(int(tokens.nth(k).get_attribute("data-value")) for k in range(tokens.count()))
    left, revealed = data["corruption_left"], data["corruption_revealed"]
    earlier = [k for k in range(len(values)) if k != revealed and k not in left]
    assert len(earlier) == 2 and len(left) == 3
    assert token_values("revealed") == [values[revealed]]
    assert token_values("left") == sorted(values[k] for k in left)
    assert token_values("earlier") == sorted(values[k] for k in earlier)
    assert board.locator(".corruption.revealed").get_attribute("data-tip").startswith(
        f"corruption token revealed: {values[revealed]}")

    fairs = board.locator(".fair")
    assert fairs.count() == 4
    for k, fair in enumerate(data["fairs"]):
        assert fairs.nth(k).locator("text").first.text_content() == f"R{k + 1} {fair['city']}"
        words = fairs.nth(k).get_attribute("data-tip")
        assert words.startswith(f"round {k + 1} {fair['city']} ({fair['tile']}): ")

    tiles = board.locator(".king-bonus")
    assert tiles.count() == 3
    for k, tile in enumerate(data["king_bonus"]):
        assert tiles.nth(k).locator("text").nth(1).text_content() == f"b{tile}"
        effect = game_data.tiletum().BONUS_TILES[tile]
        assert tiles.nth(k).get_attribute("data-tip").endswith(f"b{tile} ({effect_text(effect)})")

    # the strip lies between the top of the board and the players' boards, overlapping neither
    strip = [board.locator(cls).first.bounding_box() for cls in (".turn-order", ".fair", ".king-bonus")]
    above = page.locator("#wheel").bounding_box()
    seat_box = board.locator("text.title").first.bounding_box()
    for box in strip:
        assert above["y"] + above["height"] < box["y"] and box["y"] + box["height"] < seat_box["y"]
    page.locator("#board").screenshot(path=str(tmp_path / "tiletum.png"))
    assert page.errors == []


def test_tiletum_dice_of_one_value_fit_inside_their_wheel_segment(page):
    """Five dice of one value (some stacked) in two segments, four in another: every die with its
    stack lies inside its 60-degree segment of the wheel circle."""
    data = new_state("tiletum", 4, 1).to_dict()
    data["dice"] = {"G2": 2, "F2": 1, "I2": 1, "S2": 2, "W2": 1, "G5": 1, "F5": 1, "I5": 1, "S5": 1, "W5": 1,
                    "G3": 1, "F3": 1}
    state = state_from_json(json.dumps(data))
    show_position(page, "tiletum", 4, state)
    wheel = page.locator("#wheel")
    cx, cy, radius = (float(wheel.get_attribute(name)) for name in ("cx", "cy", "r"))
    boxes = page.evaluate("""[...document.querySelectorAll('#board .die')].map((g) => {
        const box = g.getBBox(); return [g.dataset.die, box.x, box.y, box.width, box.height]; })""")
    assert sorted(name for name, *_ in boxes) == sorted(data["dice"])
    for name, x, y, width, height in boxes:
        middle = math.radians(-90 + 60 * (int(name[1:]) - 1))        # the wheel shows value v in segment v-1
        for px, py in ((x, y), (x + width, y), (x, y + height), (x + width, y + height)):
            dx, dy = px - cx, py - cy
            assert math.hypot(dx, dy) < radius, f"die {name} reaches past the wheel's edge"
            off = math.degrees(math.atan2(dy, dx) - middle)
            assert abs((off + 180) % 360 - 180) < 30, f"die {name} reaches into the next segment"
    assert page.errors == []


MAP_BOXES = """() => {
    const box = (node) => { const b = node.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
    const all = (selector) => [...document.querySelectorAll(`#board ${selector}`)];
    return {
      names: all('.city-name').map((text) => [text.textContent, ...box(text)]),
      circles: all('.city circle').map((c) => [c.parentNode.dataset.city,
                                               ...['cx', 'cy', 'r'].map((a) => Number(c.getAttribute(a)))]),
      others: [...all('.house').map((g) => ['house', ...box(g)]), ...all('.pillar').map((g) => ['pillar', ...box(g)]),
               ...all('.city-bonus').map((text) => [text.textContent, ...box(text)])],
      map: box(document.querySelector('#board rect[fill="#eef6ee"]')),
    };
}"""


@pytest.mark.parametrize("players, seed", [(2, 4), (3, 5), (4, 3)])
def test_tiletum_city_names_clear_of_every_space_bonus_circle_and_other_name(page, players, seed):
    """Each city name on the map keeps at least a pixel from every house and pillar space, bonus tile,
    city circle (its own too) and other name, inside the map (names sat above their circle over a
    neighbour's spaces: at Tours, Venice and Augsburg)."""
    state = random_position("tiletum", players, seed, 40)
    show_position(page, "tiletum", players, state)
    found = page.evaluate(MAP_BOXES)
    assert sorted(name for name, *_ in found["names"]) == sorted(city["city"] for city in state.to_dict()["map"])
    assert len(found["others"]) > 40 and any(name.startswith("b") for name, *_ in found["others"])
    left, top, right, bottom = found["map"]
    for k, (name, *box) in enumerate(found["names"]):
        assert left < box[0] and box[2] < right and top < box[1] and box[3] < bottom, f"{name} leaves the map"
        for other, *other_box in found["others"] + found["names"][k + 1:]:
            assert not boxes_touch(box, other_box), f"{name} {box} touches {other} {other_box}"
        for city, cx, cy, r in found["circles"]:
            nearest_x, nearest_y = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
            assert math.hypot(cx - nearest_x, cy - nearest_y) > r + 1, f"{name} touches the circle of {city}"
    assert page.errors == []


GOODS_OVERFLOW = """() => {
    // goods squares: a group of one rectangle 18 high and its label, a die number maybe with a count
    const groups = Array.from(document.querySelectorAll('#board g')).filter((g) => g.children.length === 2
      && g.children[0].tagName === 'rect' && g.children[0].getAttribute('height') === '18'
      && /^[1-6](x[0-9]+)?$/.test(g.children[1].textContent));
    const boxes = groups.map((g) => [g.querySelector('rect').getBBox(), g.querySelector('text').getBBox(), g.textContent]);
    const spilled = boxes.filter(([r, t]) => t.x < r.x || t.x + t.width > r.x + r.width).map((b) => b[2]);
    const overlapping = [];
    boxes.forEach(([a, , name], i) => boxes.slice(i + 1).forEach(([b, , other]) => {
      if (a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height)
        overlapping.push(name + '/' + other);
    }));
    return {count: groups.length, several: boxes.filter((b) => b[2].includes('x')).length, spilled, overlapping};
}"""


def test_burgundy_goods_of_one_number_fit_their_square(page):
    """Several goods of one die number ("4x2") in a depot and in a seat's storage: the label stays
    inside its square and the squares do not overlap."""
    for seed in (2, 8):                    # seat goods 2x3 and 6x2; a depot with two goods of 4
        state = random_position("burgundy", 2, seed, 40)
        show_position(page, "burgundy", 2, state)
        found = page.evaluate(GOODS_OVERFLOW)
        assert found["several"] > 0 and found["spilled"] == [] and found["overlapping"] == [], found
    assert page.errors == []


BLACK_DEPOT_BOXES = """() => {
    const box = (node) => { const b = node.getBBox(); return [b.x, b.y, b.x + b.width, b.y + b.height]; };
    const tiles = [...document.querySelectorAll('#board .black-depot')];
    const others = [...document.querySelectorAll('#board text, #board rect, #board polygon, #board circle')]
      .filter((node) => !tiles.some((tile) => tile.contains(node)));
    return {tiles: tiles.map((tile) => [tile.textContent, ...box(tile)]),
            others: others.map((node) => [`${node.tagName} ${node.textContent}`, ...box(node)])};
}"""


def test_burgundy_black_depot_tiles_keep_apart_and_off_the_rest_of_the_board(page):
    """The widest tile labels side by side on the black depot (WTWR is 37 px, COW4 34): each tile
    with its label keeps 5 px from the next, room for a clickable tile's outline and a gap (38 px apart
    the labels ran together), and no tile comes near another item of the board."""
    data = new_state("burgundy", 4, 1).to_dict()
    del data["supply_coloured"], data["supply_black"]            # they follow from the tiles placed
    data["black_depot"] = ["watchtower", "cow4", "market", "warehouse", "market", "bank", "bank", "boardinghouse"]
    show_position(page, "burgundy", 4, state_from_json(json.dumps(data)))
    found = page.evaluate(BLACK_DEPOT_BOXES)
    tiles = sorted(found["tiles"], key=lambda tile: tile[1])
    assert [name for name, *_ in tiles] == ["WTWR", "COW4", "MRKT", "WARE", "MRKT", "BANK", "BANK", "BRDH"]
    for (name, *box), (other, *other_box) in zip(tiles, tiles[1:]):
        assert other_box[0] - box[2] >= 5, f"{name} {box} and {other} {other_box} are too close"
    for name, *box in tiles:
        for other, *other_box in found["others"]:
            assert not boxes_touch(box, other_box), f"{name} {box} touches {other} {other_box}"
    assert page.errors == []


# tiles of each colour, the widest labels first (WTWR, WARE, MRKT, BRDH; COW, HEN; two-digit knowledge)
WIDEST_TILES = {"C": ["castle"], "M": ["mine"], "S": ["ship"],
                "B": ["watchtower", "warehouse", "market", "boardinghouse", "church", "bank", "cityhall", "carpenter"],
                "P": [f"{animal}{n}" for n in (4, 3, 2) for animal in ("cow", "chicken", "sheep", "pig")],
                "K": [f"k{n}" for n in range(10, 27)]}


def burgundy_widest_labels_position():
    """4 players (every depot space in use), the depots, the black depot, two estates and their storage
    filled with the tiles of the widest labels the box has left; an estate keeps the last space of each
    colour that leaves the rest connected empty (a filled colour would earn a bonus tile)."""
    tables = game_data.burgundy()
    inventory = tables.inventory()
    coloured = Counter({name: inventory[k][0] for k, name in enumerate(tables.tile_names()) if name})
    black = Counter({name: inventory[k][1] for k, name in enumerate(tables.tile_names()) if name})

    def take(letter, backs, exclude=()):
        """The widest tile of colour ``letter`` left among ``backs`` (Counters of tiles), not in ``exclude``."""
        for name in WIDEST_TILES[letter]:
            for left in backs:
                if left[name] and name not in exclude:
                    left[name] -= 1
                    return name
        raise AssertionError(f"no {letter} tile left")

    data = new_state("burgundy", 4, 1).to_dict()
    del data["supply_coloured"], data["supply_black"]            # they follow from the tiles placed
    data["depots"] = [[take(letter, [coloured]) for letter, _ in spaces] for spaces in tables.DEPOTS]
    data["black_depot"] = [take(letter, [black]) for letter in "BPBBBBBB"]
    links = neighbours()
    for seat in data["seats"][:2]:
        layout, start = tables.BOARDS[seat["board"]], seat["start_castle"]
        filled = set(range(1, len(layout) + 1))
        for letter in set(layout):          # left empty: the last space of the colour not needed to connect
            for space in sorted((s for s in filled if layout[s - 1] == letter and s != start), reverse=True):
                reached, todo = {start}, [start]
                while todo:
                    for other in links[todo.pop()]:
                        if other in filled and other != space and other not in reached:
                            reached.add(other)
                            todo.append(other)
                if len(reached) == len(filled) - 1:
                    filled.discard(space)
                    break
        city = {space: region for region in regions(seat["board"]) for space in region}
        estate = {}
        for space in sorted(filled):
            letter = layout[space - 1]
            built = {estate.get(str(other)) for other in city[space]} if letter == "B" else ()   # one of each
            estate[str(space)] = "castle" if space == start else take(letter, (coloured, black), built)
        seat["estate"] = estate
        seat["storage"] = [take(letter, (coloured, black)) for letter in "BPB"]
        seat["track"][0] = min(6, list(estate.values()).count("ship"))   # a pawn moves a space per ship
    return state_from_json(json.dumps(data))


HEX_LABELS = """() => {
    // hexes with a label: a group of a polygon and a text (tiles, and die numbers of empty estate spaces)
    const hexes = [...document.querySelectorAll('#board g')].filter((g) => g.children.length === 2
      && g.children[0].tagName === 'polygon' && g.children[1].tagName === 'text');
    return hexes.map((g) => {
      const points = Array.from(g.children[0].points, (p) => [p.x, p.y]);
      const cx = points.reduce((sum, p) => sum + p[0], 0) / points.length;
      const cy = points.reduce((sum, p) => sum + p[1], 0) / points.length;
      const b = g.children[1].getBBox();
      return [g.textContent, cx, cy, Math.hypot(points[0][0] - cx, points[0][1] - cy),
              b.x, b.y, b.x + b.width, b.y + b.height];
    });
}"""


def test_burgundy_tile_labels_fit_their_hex_and_keep_apart(page):
    """The widest tile labels side by side in the depots, the black depot, storage and the estates, where
    hexes touch: each label keeps 1.5 px inside its hex's sides at its height, and 2 px from every other
    label (10 px bold, up to 37 px wide in hexes 28-31 px across, they ran together: HALLSHIP, WTWRBRDH)."""
    show_position(page, "burgundy", 4, burgundy_widest_labels_position())
    labels = page.evaluate(HEX_LABELS)
    tiles = [label for label, *_ in labels if not label.isdigit()]
    # depots, black depot, two estates of 31 tiles with 3 in storage, the other seats' starting castles
    assert len(tiles) == 24 + 8 + 2 * (31 + 3) + 2 and {"WTWR", "WARE", "MRKT", "BRDH", "COW4", "K10"} <= set(tiles)
    for label, cx, cy, r, left, top, right, bottom in labels:
        # a pointy-topped hex: the sides are vertical within r / 2 of the centre, then slant to a corner
        dy = max(abs(top - cy), abs(bottom - cy))
        half = r * math.sqrt(3) / 2 if dy <= r / 2 else (r - dy) * math.sqrt(3)
        assert cx - half + 1.5 <= left and right <= cx + half - 1.5, \
            f"{label} ({left:.1f}..{right:.1f}) leaves its hex ({cx - half:.1f}..{cx + half:.1f}) at ({cx:.0f}, {cy:.0f})"
    boxes = [(label, box) for label, _, _, _, *box in labels]
    for k, (label, box) in enumerate(boxes):
        for other, other_box in boxes[k + 1:]:
            assert not boxes_touch(box, other_box, 2), f"{label} {box} and {other} {other_box} touch"
    assert page.errors == []


def test_burgundy_labels_on_dark_tiles_are_white(page):
    """Castles, ships and mines are dark tiles: their labels are drawn white (black on dark green,
    blue and grey was hard to read); labels on the light tiles stay dark."""
    show_position(page, "burgundy", 4, burgundy_widest_labels_position())
    fills = page.evaluate("""() => [...document.querySelectorAll('#board g')].filter((g) => g.children.length === 2
        && g.children[0].tagName === 'polygon' && g.children[1].tagName === 'text'
        && !/^[0-9]$/.test(g.textContent)).map((g) => [g.textContent, g.children[1].getAttribute('fill')])""")
    dark = {label: fill for label, fill in fills if label in ("CAST", "SHIP", "MINE")}
    light = {label: fill for label, fill in fills if label.startswith(("K", "WTWR", "COW", "PIG"))}
    assert dark and light
    assert set(dark.values()) == {"#fff"} and "#fff" not in set(light.values()), (dark, light)
    assert page.errors == []


def board_texts(page):
    """Every text drawn on the board."""
    return page.evaluate("Array.from(document.querySelectorAll('#board text'), (t) => t.textContent)")


def test_burgundy_board_says_what_is_decided_and_writes_goods_as_show_does(page):
    """The decision names its storage tile or depot, and goods read as `show` writes them: count x
    die number (the board wrote the die number first, and the unseen goods as a bare list of counts)."""
    def goods(counts):
        return " ".join(f"{n}x{kind}" for kind, n in enumerate(counts, 1) if n) or "-"

    for seed, decision in ((3, "where to place storage tile 2"), (13, "which space of depot 6")):
        state = random_position("burgundy", 2, seed, 30)
        data = state.to_dict()
        show_position(page, "burgundy", 2, state)
        texts = board_texts(page)
        assert f"deciding: {decision}; bought this turn: no" in texts
        assert any(text.startswith(f"unseen goods {goods(data['goods_pool'])};") for text in texts), texts
        for seat in data["seats"]:
            assert f"goods sold {goods(seat['sold'])}" in texts
            for slot in seat["goods"]:
                if slot and slot[1] > 1:
                    assert f"{slot[1]}x{slot[0]}" in texts
    assert page.errors == []


def test_seasons_board_says_what_the_player_to_act_does_and_the_order_of_the_cards(page):
    """As `show` tells it: the step of the player to act (a building being paid, its points left)
    and the round's cards in their order, the one being resolved marked; the board said only the phase."""
    state = random_position("seasons", 3, 23, 40)         # paying for a building
    data = state.to_dict()
    assert data["phase"] == "pay"
    show_position(page, "seasons", 3, state)
    texts = board_texts(page)
    turn = data["turn"]
    assert f"seat {data['actor']} to act: paying for {turn['building']}: {turn['pay_left']} building points left" in texts
    queue = ", ".join(("> " if k == data["queue_pos"] else "") + f"seat {seat} {card}"
                      for k, (seat, card) in enumerate(data["queue"]))
    assert f"this round's cards in order: {queue}" in texts
    show_position(page, "seasons", 3, new_state("seasons", 3, 1))
    assert {"seat 0 to act: choosing a card in secret", "this round's cards in order: -"} <= set(board_texts(page))
    assert page.errors == []


def test_san_juan_board_says_what_is_decided_and_names_chapel_covered_and_discarded_cards(page):
    """As `show` tells it: the decision (a building being paid and what is left to pay), the cards
    covered by the crane, the seat's own chapel (others' face down) and the discarded cards it saw;
    the board gave only the phase and counts."""
    state = random_position("sanjuan", 2, 69, 120)           # seat 0 pays for a building; seat 1 has a chapel
    data = state.to_dict()
    assert data["phase"] == "pay" and data["actor"] == 0
    show_position(page, "sanjuan", 2, state)
    assert page.input_value("#seat") == "0"
    view = seat_position(state, 0)
    texts = board_texts(page)
    turn = data["turn"]
    step = f"seat 0 to act: paying for {turn['building']}: {turn['limit']} still to pay"
    assert any(step in text for text in texts), texts
    for seat in view["seats"]:
        line = f"chapel: {cards_text(seat['chapel'])}; covered by the crane: {cards_text(seat['covered'])}"
        assert line in texts
    assert "chapel: 8 face down; covered by the crane: chapel" in texts            # seat 1's, seen by seat 0
    saw = f"you saw these go to the discard pile: {cards_text(view['discard']['known'])}"
    assert saw in texts
    assert page.errors == []
