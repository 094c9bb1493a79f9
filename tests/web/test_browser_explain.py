"""The board explains itself, in headless Chromium: hovering a piece shows what it does, hovering a space
shows its number, a move played is marked on the board and in the history, the legend lists the pieces,
and a finished game shows where each seat's points came from."""
import pytest

from engine_c import new_state
from browser_helpers import board_version, show_position, start_game, wait_for_new_version

# per game: a piece to hover and words its tip holds; a space to hover and words its tip holds
HOVERS = {
    "burgundy": ('#board [data-piece][data-mark^="depot:"]', "depot", '#board [data-mark="space:0:12"]', "space 12 ("),
    "sanjuan": ('#board [data-piece="indigo_plant"]', "makes indigo", '#board [data-mark="building:0:0"]', "building 0"),
    "seasons": ('#board [data-piece="keep"]', "building points", '#board [data-mark="place:keep"]', "helper place keep"),
    "tiletum": ('#board [data-piece="B1"]', "floors", '#board [data-mark="house:Bruges:0"]', "house space 0"),
}


def tip_after_hover(page, selector):
    """The hover box's text after the pointer moves onto the first element ``selector`` finds."""
    page.locator(selector).first.hover(force=True)
    page.wait_for_selector("#tip:not([hidden])")
    return page.inner_text("#tip")


@pytest.mark.parametrize("game", ["burgundy", "sanjuan", "seasons", "tiletum"])
def test_tips_marks_and_legend(page, game):
    start_game(page, game, 2)
    piece, piece_words, space, space_words = HOVERS[game]
    assert piece_words in tip_after_hover(page, piece)
    assert space_words in tip_after_hover(page, space)
    # the legend lists the game's pieces with their texts
    assert page.locator("#legend-list li").count() >= 20
    # play moves until one changes a piece the board draws: it is marked, and the history's last line too
    for _ in range(12):
        version = board_version(page)
        page.locator("#legal button").first.click()
        wait_for_new_version(page, version)
        if page.locator("#board .last").count():
            break
    assert page.locator("#board .last").count() > 0
    assert page.locator("#history li.last").count() == 1
    assert page.locator("#history li.recent").count() >= 1
    assert not page.errors


def test_a_finished_game_shows_the_breakdown(page):
    state = new_state("sanjuan", 3, 4)
    state.playout(4, policy=True)
    show_position(page, "sanjuan", 3, state)
    page.wait_for_selector("#breakdown:not([hidden])")
    rows = page.locator("#breakdown-table tr")
    assert rows.count() == 3
    for seat, score in enumerate(state.scores()):
        text = rows.nth(seat).inner_text()
        assert text.startswith(f"seat {seat}: {score} VP")
        parts = text.split("\t", 1)[1].split(" + ") if "\t" in text else text.split("VP", 1)[1].strip().split(" + ")
        assert sum(int(part.rsplit(" ", 1)[1]) for part in parts) == score


def test_tips_reach_the_keyboard(page):
    """Tab reaches the drawn pieces and spaces; a focused one shows its tip, Escape hides it."""
    start_game(page, "sanjuan", 2)
    first = page.locator("#board .tipped").first
    assert first.get_attribute("tabindex") == "0" and first.get_attribute("aria-label")
    first.focus()
    page.wait_for_selector("#tip:not([hidden])")
    assert page.inner_text("#tip") == first.get_attribute("aria-label")
    page.keyboard.press("Tab")                    # the next piece's tip follows the focus
    focused = page.evaluate("document.activeElement.getAttribute('aria-label')")
    assert focused and page.inner_text("#tip") == focused
    page.keyboard.press("Escape")
    page.wait_for_selector("#tip", state="hidden")
    assert not page.errors
