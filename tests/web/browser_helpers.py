"""Helpers of the browser tests (tests/web/test_browser.py, tests/web/test_board_drawing.py): the board's
version, a new game from the form, a position loaded and drawn, boxes that touch. The fixtures (the
server, Chromium, the page) are in conftest.py."""
import os
from pathlib import Path

CHROMIUM = "/usr/bin/chromium"          # Debian's package; no browser is ever downloaded
ROOT = Path(__file__).resolve().parents[2]


def missing_chromium(path=None, environ=None):
    """None when Chromium is at ``path``; else ("skip" or "fail", the one line to say): a developer's
    machine skips the browser tests, CI (CI=true) fails them, since a CI without the browser is broken."""
    path = CHROMIUM if path is None else path
    if os.access(path, os.X_OK) and not os.path.isdir(path):
        return None
    environ = os.environ if environ is None else environ
    line = f"Chromium not found at {path}: install Debian's chromium package"
    return ("fail" if environ.get("CI", "").strip().lower() == "true" else "skip"), line


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


def show_position(page, game, players, state):
    """A new board of ``game`` with ``state``'s position loaded and drawn."""
    start_game(page, game, players)
    version = board_version(page)
    page.fill("#position-text", state.to_json())
    page.click("#load")
    wait_for_new_version(page, version)


def boxes_touch(a, b, margin=1):
    """Boxes (left, top, right, bottom) overlap or come within ``margin`` pixels of each other."""
    return a[0] < b[2] + margin and b[0] < a[2] + margin and a[1] < b[3] + margin and b[1] < a[3] + margin
