"""The analysis board in a real headless Chromium (Debian's ``chromium``, driven by Playwright):
``boardlab serve`` on a free port, then for each game a new game, a move clicked on the board, a
short suggestion, an agent's move, a refused position, and a screenshot that is not blank."""
import json
import math
import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from PIL import Image
from playwright.sync_api import sync_playwright

from engine_c import new_state, state_from_json
from solver.display import game_data
from solver.display.burgundy import neighbours, regions
from solver.display.sanjuan import cards_text
from solver.display.tiletum import effect_text
from solver.positions import random_position
from solver.web.views import seat_position

CHROMIUM = "/usr/bin/chromium"          # Debian's package; no browser is ever downloaded
ROOT = Path(__file__).resolve().parents[2]
BAD_FIELD = {"burgundy": ("vp", -5), "sanjuan": ("goods_sold", -5), "seasons": ("vp", -5), "tiletum": ("king", 99)}


@pytest.fixture(scope="module")
def server_url():
    """``boardlab serve --port 0`` in a process of its own; its printed address."""
    process = subprocess.Popen([sys.executable, "-m", "solver.cli", "serve", "--port", "0"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = process.stdout.readline()
    match = re.search(r"http://127\.0\.0\.1:\d+/", line)
    assert match, f"serve printed {line!r}, stderr: {process.stderr.read() if process.poll() is not None else ''}"
    yield match.group(0)
    process.terminate()
    process.wait(timeout=10)


@pytest.fixture(scope="module")
def browser():
    """Headless Chromium."""
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield chromium
        chromium.close()


@pytest.fixture(scope="module")
def page(browser, server_url):
    """The board page, loaded once for the module, with page errors collected in ``page.errors``."""
    tab = browser.new_page(viewport={"width": 1400, "height": 1000})
    tab.errors = []
    tab.on("pageerror", lambda error: tab.errors.append(str(error)))
    tab.goto(server_url)
    tab.wait_for_selector("#board[data-version]")
    yield tab
    tab.close()


def board_version(page):
    """The version of the position the board shows."""
    return page.get_attribute("#board", "data-version")


def wait_for_new_version(page, old):
    """Wait until the board shows another position than version ``old``."""
    page.wait_for_function(f"document.querySelector('#board').dataset.version !== '{old}'", timeout=15000)


def start_game(page, game, players):
    """A new game of ``game`` from the form, the view following the player to act."""
    # the page opens on a game of its own (often the same game) and ticking "follow" redraws it: wait
    # for a board drawn by a refresh begun after those, so the moves read next are the new game's
    page.wait_for_selector("#board[data-drawn]")
    page.check("#follow")
    page.select_option("#game", game)
    page.select_option("#players", str(players))
    page.fill("#seed", "1")
    asked = int(page.get_attribute("#board", "data-asked"))
    page.click("#new")
    page.wait_for_function(f"(b => b.dataset.game === '{game}' && Number(b.dataset.drawn) > {asked})"
                           "(document.querySelector('#board'))")


def click_a_move_on_the_board(page):
    """Click a board element standing for exactly one legal move (else one standing for several,
    then the first move offered); returns the move."""
    targets = page.locator("#board .target")
    assert targets.count() > 0, "the board offers no clickable move"
    moves = [json.loads(targets.nth(k).get_attribute("data-moves")) for k in range(targets.count())]
    single = [k for k, m in enumerate(moves) if len(m) == 1]
    index = single[0] if single else 0
    targets.nth(index).click()
    if len(moves[index]) == 1:
        return moves[index][0]
    button = page.locator("#legal button.picked").first
    move = button.get_attribute("data-move")
    button.click()
    return move


def check_not_blank(path):
    """The screenshot has many colours and drawing spread over it."""
    image = Image.open(path).convert("RGB")
    colours = image.getcolors(maxcolors=1 << 20)
    assert len(colours) > 40, f"{path}: only {len(colours)} colours"
    background = max(colours)[1]
    width, height = image.size
    drawn_rows = sum(1 for y in range(0, height, 4)
                     if any(image.getpixel((x, y)) != background for x in range(0, width, 4)))
    assert drawn_rows > 0.6 * len(range(0, height, 4)), f"{path}: mostly empty"


@pytest.mark.parametrize("game, players", [("burgundy", 2), ("sanjuan", 3), ("seasons", 4), ("tiletum", 2)])
def test_a_game_in_the_browser(page, game, players, tmp_path_factory):
    start_game(page, game, players)
    before_html = page.inner_html("#board")
    version = board_version(page)
    mover = page.input_value("#seat")                               # the view follows the player to act
    move = click_a_move_on_the_board(page)
    wait_for_new_version(page, version)
    assert page.inner_html("#board") != before_html
    entry = page.locator("#history li").first.inner_text()
    assert entry.startswith(f"seat {mover}: ")
    assert entry.endswith(move) or (entry.endswith("(face down)") and page.input_value("#seat") != mover)

    # a short suggestion: progress, then ranked moves with the best one marked
    page.fill("#iterations", "1500")
    page.click("#suggest")
    page.wait_for_selector("#ranked tr.best", timeout=20000)
    assert page.locator("#ranked tr").count() >= 3                 # the header and at least two moves
    assert page.inner_text("#progress").startswith("done")
    best = page.inner_text("#ranked tr.best td >> nth=0")
    assert page.locator("#legal button.best").inner_text() == best

    # the agent plays the next move
    moves_before = page.locator("#history li").count()
    page.click("#ai")
    page.wait_for_function(f"document.querySelectorAll('#history li').length > {moves_before}", timeout=20000)

    # a position the reader refuses: one line naming the field, the board unchanged
    data = new_state(game, players, 2).to_dict()
    field, value = BAD_FIELD[game]
    seats = "seats" if isinstance(data.get("seats"), list) else "players"     # Tiletum's name before the renaming
    data[seats][0][field] = value
    version = board_version(page)
    page.fill("#position-text", json.dumps(data))
    page.click("#load")
    page.wait_for_selector("#error:not([hidden])")
    message = page.inner_text("#error")
    assert message.startswith(f"{game}: {seats}[0].{field}: ") and "\n" not in message
    assert board_version(page) == version

    shot = tmp_path_factory.mktemp("screenshots") / f"{game}.png"
    page.locator("#board").screenshot(path=str(shot))
    check_not_blank(shot)
    assert page.errors == []


def test_stop_and_visible_thinking(page):
    start_game(page, "burgundy", 2)
    page.fill("#iterations", "10000000")
    page.click("#suggest")
    page.wait_for_function("document.querySelector('#progress').textContent.includes('best so far')", timeout=5000)
    page.click("#stop")
    page.wait_for_function("/stopped/.test(document.querySelector('#progress').textContent)", timeout=2000)
    # an agent seat with a timed search: its thinking shows, then its move
    to_act = page.input_value("#seat")
    page.fill(f"#agents input[data-seat='{to_act}']", "ismcts:time=1")
    page.press(f"#agents input[data-seat='{to_act}']", "Enter")
    page.locator(f"#agents input[data-seat='{to_act}']").blur()
    page.wait_for_selector("#thinking.active", timeout=5000)
    assert "thinking" in page.inner_text("#thinking")
    page.wait_for_function("document.querySelectorAll('#history li').length > 0", timeout=20000)
    assert page.errors == []


def test_stop_keeps_the_ranking_so_far_and_suggest_says_why_it_is_disabled(page):
    start_game(page, "sanjuan", 2)
    assert page.is_disabled("#stop")                         # nothing runs: nothing to stop
    assert page.inner_text("#suggest-note") == ""
    page.fill("#iterations", "10000000")
    page.click("#suggest")
    page.wait_for_function("document.querySelector('#progress').textContent.includes('best so far')", timeout=5000)
    assert page.is_enabled("#stop")
    page.click("#stop")
    # the search's last report is the ranking of what it searched, the best move marked on the board too
    page.wait_for_selector("#ranked tr.best", timeout=10000)
    assert page.inner_text("#progress").startswith("stopped: ")
    assert page.locator("#legal button.best").count() == 1
    page.wait_for_selector("#stop:disabled", timeout=5000)
    # viewed as the seat not to act, Suggest is disabled and says why
    page.uncheck("#follow")
    to_act = int(page.input_value("#seat"))
    page.select_option("#seat", str(1 - to_act))
    page.wait_for_selector("#suggest:disabled")
    why = f"suggestions are for the player to act: view the board as seat {to_act}"
    assert page.inner_text("#suggest-note") == why
    assert page.get_attribute("#suggest", "title") == why
    page.check("#follow")
    assert page.errors == []


def ranked_after_suggest(page, game, position_file, iterations):
    """Load tests/solver/data/``position_file`` into a new board, suggest with ``iterations`` and
    return the ranked table's first cells (move names with their marks), best first."""
    position = (ROOT / "tests" / "solver" / "data" / position_file).read_text()
    start_game(page, game, 2)
    version = board_version(page)
    page.fill("#position-text", position)
    page.click("#load")
    wait_for_new_version(page, version)
    page.fill("#iterations", str(iterations))
    page.click("#suggest")
    page.wait_for_selector("#ranked tr.best", timeout=30000)
    return [page.locator("#ranked tr").nth(k).locator("td").first.inner_text()
            for k in range(1, page.locator("#ranked tr").count())]


def test_the_same_turn_in_another_order_is_marked(page, tmp_path):
    """A Castles of Burgundy turn where the search takes a tile with each die: the ranked table
    marks the dice used the other way round with '~' (as suggest does), with its explanation."""
    names = ranked_after_suggest(page, "burgundy", "burgundy_dice_in_either_order.json", 20000)
    assert names[0] in ("die1:take4", "die2:take6")
    other = "die2:take6" if names[0] == "die1:take4" else "die1:take4"
    assert f"~ {other}" in names
    cell = page.locator("#ranked td", has_text=f"~ {other}")
    assert cell.get_attribute("title") == "the same moves this turn as the first, in another order"
    page.locator("#ranked").screenshot(path=str(tmp_path / "ranked.png"))
    assert page.errors == []


def test_a_choice_that_makes_no_difference_is_marked(page, tmp_path):
    """Tiletum near the end: the resource chosen is of no more use, so every other choice is
    marked '*' (paired playouts end alike), as suggest marks it, with its explanation."""
    names = ranked_after_suggest(page, "tiletum", "tiletum_a_choice_of_no_use.json", 4000)
    assert len(names) == 4 and names[0].startswith("choose ")
    assert all(name.startswith("* choose ") for name in names[1:]), names
    cell = page.locator("#ranked td", has_text=names[1])
    assert cell.get_attribute("title") == ("no difference: paired playouts after this move and after the first "
                                           "end with the same scores")
    page.locator("#ranked").screenshot(path=str(tmp_path / "ranked.png"))
    assert page.errors == []


@pytest.fixture
def fresh_tab(browser, server_url):
    """A page of its own, its opening board drawn."""
    tab = browser.new_page(viewport={"width": 1400, "height": 1000})
    tab.goto(server_url)
    tab.wait_for_selector("#board[data-drawn]")
    yield tab
    tab.close()


def hold_the_first_view(tab):
    """Fetch the next board view when asked but answer it only when the test says: returns the list
    that receives (route, fetched answer); later views go through."""
    held = []

    def hold(route):
        if held:
            route.continue_()
            return
        held.append(None)                   # claimed before the fetch, so a second view is not held too
        held[0] = (route, route.fetch())

    tab.route("**/api/view**", hold)
    return held


def held_view(tab, held):
    """The held (route, answer) once the page's request has reached the test: route handlers run only
    while the test waits on the page, so under load the request may come after the next step."""
    for _ in range(400):
        if held and held[0] is not None:
            return held[0]
        tab.wait_for_timeout(25)
    raise AssertionError("the page asked for no board view within 10 s")


def other_game(game):
    """A game other than ``game``."""
    return "sanjuan" if game != "sanjuan" else "tiletum"


def test_a_late_answer_about_the_old_game_does_not_replace_the_new_one(fresh_tab):
    # ticking "follow" asks for the opening game's view; that answer is held back until a new game is
    # drawn, then delivered: the page must keep showing the new game, not the stale view
    tab = fresh_tab
    opening = tab.get_attribute("#board", "data-game")
    held = hold_the_first_view(tab)
    tab.check("#follow")
    game = other_game(opening)
    tab.select_option("#game", game)
    tab.fill("#seed", "3")
    tab.click("#new")
    tab.wait_for_selector(f"#board[data-game={game}]")
    route, answer = held_view(tab, held)
    assert len(held) == 1
    assert answer.json()["game"] == opening
    route.fulfill(response=answer)
    tab.wait_for_timeout(500)                             # the stale answer arrives and is dropped
    assert tab.get_attribute("#board", "data-game") == game


def test_a_refresh_of_the_same_board_keeps_the_game_being_chosen(fresh_tab):
    # a refresh (ticking "follow", a seat, polling while an agent thinks) redraws the same board: it
    # must not put the new-game form back on the board's game while the user is choosing another
    tab = fresh_tab
    opening = tab.get_attribute("#board", "data-game")
    players = tab.input_value("#players")
    held = hold_the_first_view(tab)
    asked = int(tab.get_attribute("#board", "data-asked"))
    tab.check("#follow")                                  # a refresh; its answer is held back
    game = other_game(opening)
    tab.select_option("#game", game)
    route, answer = held_view(tab, held)
    route.fulfill(response=answer)                        # the same board's view arrives and is drawn
    tab.wait_for_function(f"Number(document.querySelector('#board').dataset.drawn) > {asked}")
    assert tab.get_attribute("#board", "data-game") == opening
    assert tab.input_value("#game") == game
    assert tab.input_value("#players") == players
    tab.click("#new")                                     # and the game chosen is the one started
    tab.wait_for_selector(f"#board[data-game={game}]")


def test_undo_clears_an_error_and_an_empty_budget_means_the_default(page):
    start_game(page, "sanjuan", 2)
    version = board_version(page)
    click_a_move_on_the_board(page)
    wait_for_new_version(page, version)
    page.fill("#position-text", "{not json")
    page.click("#load")
    page.wait_for_selector("#error:not([hidden])")
    page.click("#undo")                              # a later action that works leaves no stale error
    page.wait_for_selector("#error", state="hidden")
    page.fill("#iterations", "")                     # an emptied box: the default budget, not "got 0"
    page.click("#suggest")
    page.wait_for_selector("#ranked tr.best", timeout=30000)
    assert page.is_hidden("#error")
    # three-digit move numbers fit in the history's margin (12px monospace: about 7px a character)
    margin = page.evaluate("parseFloat(getComputedStyle(document.querySelector('#history')).paddingLeft)")
    assert margin >= 5 * 7
    assert page.errors == []


def show_position(page, game, players, state):
    """A new board of ``game`` with ``state``'s position loaded and drawn."""
    start_game(page, game, players)
    version = board_version(page)
    page.fill("#position-text", state.to_json())
    page.click("#load")
    wait_for_new_version(page, version)


def test_tiletum_turn_order_corruption_fairs_and_king_bonus_are_drawn(page, tmp_path):
    state = random_position("tiletum", 4, 3, 60)             # round 1, pass 3: tokens of all three kinds
    data = state.to_dict()
    show_position(page, "tiletum", 4, state)
    board = page.locator("#board")

    order = board.locator(".turn-order")
    assert [int(order.nth(k).get_attribute("data-seat")) for k in range(order.count())] == data["order"]
    actor = order.nth(data["order"].index(data["actor"])).locator("title").text_content()
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
    assert board.locator(".corruption.revealed title").text_content().startswith(
        f"corruption token revealed: {values[revealed]}")

    fairs = board.locator(".fair")
    assert fairs.count() == 4
    for k, fair in enumerate(data["fairs"]):
        assert fairs.nth(k).locator("text").first.text_content() == f"R{k + 1} {fair['city']}"
        words = fairs.nth(k).locator("title").text_content()
        assert words.startswith(f"round {k + 1} {fair['city']} ({fair['tile']}): ")

    tiles = board.locator(".king-bonus")
    assert tiles.count() == 3
    for k, tile in enumerate(data["king_bonus"]):
        assert tiles.nth(k).locator("text").nth(1).text_content() == f"b{tile}"
        effect = game_data.tiletum().BONUS_TILES[tile]
        assert tiles.nth(k).locator("title").text_content().endswith(f"b{tile} ({effect_text(effect)})")

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


def boxes_touch(a, b, margin=1):
    """Boxes (left, top, right, bottom) overlap or come within ``margin`` pixels of each other."""
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin


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
