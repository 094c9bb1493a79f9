"""The analysis board in a real headless Chromium (Debian's ``chromium``, driven by Playwright):
``boardlab serve`` on a free port, then for each game a new game, a move clicked on the board, a
short suggestion, an agent's move, a refused position, and a screenshot that is not blank; Stop, ties,
late answers, undo. What the board draws: test_board_drawing.py."""
import json

import pytest
from PIL import Image

from engine_c import new_state
from browser_helpers import ROOT, board_version, start_game, wait_for_new_version

BAD_FIELD = {"burgundy": ("vp", -5), "sanjuan": ("goods_sold", -5), "seasons": ("vp", -5), "tiletum": ("king", 99)}


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
    item = page.locator("#history li").first
    entry, notation = item.inner_text(), item.get_attribute("data-move")
    assert entry.startswith(f"seat {mover}: ")
    # the history names the move in words; its notation rides along
    assert notation == move or (entry.endswith("(face down)") and page.input_value("#seat") != mover)
    if notation == move and move != "pass":
        assert entry != f"seat {mover}: {move}" and item.get_attribute("title") == move

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
    return the ranked table's moves in notation with their marks (``~ die1:take4``), best first."""
    position = (ROOT / "tests" / "solver" / "data" / position_file).read_text()
    start_game(page, game, 2)
    version = board_version(page)
    page.fill("#position-text", position)
    page.click("#load")
    wait_for_new_version(page, version)
    page.fill("#iterations", str(iterations))
    page.click("#suggest")
    page.wait_for_selector("#ranked tr.best", timeout=30000)
    cells = [page.locator("#ranked tr").nth(k).locator("td").first for k in range(1, page.locator("#ranked tr").count())]
    # the cells show the moves in words; their notation and mark ride along
    return [" ".join(filter(None, [cell.get_attribute("data-mark"), cell.get_attribute("data-move")])) for cell in cells]


def test_the_same_turn_in_another_order_is_marked(page, tmp_path):
    """A Castles of Burgundy turn where the search takes a tile with each die: the ranked table
    marks the dice used the other way round with '~' (as suggest does), with its explanation."""
    names = ranked_after_suggest(page, "burgundy", "burgundy_dice_in_either_order.json", 20000)
    assert names[0] in ("die1:take4", "die2:take6")
    other = "die2:take6" if names[0] == "die1:take4" else "die1:take4"
    assert f"~ {other}" in names
    cell = page.locator(f"#ranked td[data-move='{other}']")
    assert cell.inner_text().startswith("~ die")
    assert cell.get_attribute("title") == "the same moves this turn as the first, in another order"
    page.locator("#ranked").screenshot(path=str(tmp_path / "ranked.png"))
    assert page.errors == []


def test_a_choice_that_makes_no_difference_is_marked(page, tmp_path):
    """Tiletum near the end: the resource chosen is of no more use, so every other choice is
    marked '*' (paired playouts end alike), as suggest marks it, with its explanation."""
    names = ranked_after_suggest(page, "tiletum", "tiletum_a_choice_of_no_use.json", 4000)
    assert len(names) == 4 and names[0].startswith("choose ")
    assert all(name.startswith("* choose ") for name in names[1:]), names
    cell = page.locator(f"#ranked td[data-move='{names[1][2:]}']")
    assert cell.inner_text().startswith("* choose ")
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
