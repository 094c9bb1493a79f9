"""The board page in headless Chromium: play mode against the AI (the AI's seat cannot be
chosen, the page says it plays fair, reveal is a button that says what it does), a reload
reopens the same game, and a stopped server is said on the page."""
import re
import signal
import subprocess
import sys

from playwright.sync_api import expect

from browser_helpers import ROOT, start_game


def test_play_mode_reload_and_stopped_server(browser, tmp_path_factory):
    process = subprocess.Popen([sys.executable, "-m", "solver.cli", "serve", "--port", "0"], cwd=ROOT,
                               stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", process.stdout.readline()).group(0)
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        errors = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        start_game(page, "sanjuan", 2)
        page.uncheck("#follow")
        page.fill('#agents input[data-seat="1"]', "random")
        page.press('#agents input[data-seat="1"]', "Tab")
        expect(page.locator("#mode")).to_contain_text("Play mode")
        expect(page.locator("#seat option[value='1']")).to_be_disabled()
        expect(page.locator("#reveal")).to_be_visible()
        assert "seat=0" in page.get_attribute("#download", "href")
        shot = tmp_path_factory.mktemp("play") / "play-mode.png"
        page.screenshot(path=str(shot), full_page=True)
        page.screenshot(path="/tmp/wtwp/play-mode.png", full_page=True)
        # a reload reopens the same board (the address names it), still in play mode
        address = page.url
        assert re.search(r"#board=[\w-]+&seat=0$", address)
        moves = page.locator("#history li").count()
        page.reload()
        page.wait_for_selector("#board[data-drawn]")
        expect(page.locator("#mode")).to_contain_text("Play mode")
        assert page.url == address and page.locator("#history li").count() == moves
        assert page.input_value('#agents input[data-seat="1"]') == "random"
        # reveal: asked once, then the page says analysis and every seat may be viewed
        page.once("dialog", lambda dialog: dialog.accept())
        page.click("#reveal")
        expect(page.locator("#mode")).to_contain_text("everything is revealed")
        expect(page.locator("#seat option[value='1']")).to_be_enabled()
        # a suggestion streams; the server stops: the page says so and Stop is off
        page.fill("#iterations", "100000000")
        page.click("#suggest")
        expect(page.locator("#stop")).to_be_enabled()
        process.send_signal(signal.SIGINT)
        expect(page.locator("#error")).to_contain_text("server stopped", timeout=10000)
        expect(page.locator("#stop")).to_be_disabled()
        assert not errors
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=10)
    assert "Traceback" not in process.stderr.read()
