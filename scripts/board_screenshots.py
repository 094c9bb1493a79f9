"""Screenshots of the board explaining itself, for the README: each game at its end (the breakdown of the
points showing) with the pointer on a piece (its tip showing), written to docs/board-<game>.png.

Run from the repository: ``python scripts/board_screenshots.py`` (needs Debian's chromium and Playwright).
"""
import io
import re
import subprocess
import sys
from pathlib import Path

from PIL import Image
from playwright.sync_api import sync_playwright

from engine_c import new_state

ROOT = Path(__file__).resolve().parents[1]
# per game: players, seed, the piece the pointer rests on
SHOTS = {"burgundy": (2, 3, '#board [data-mark="space:0:19"]'),
         "sanjuan": (3, 4, '#board [data-mark="building:0:1"]'),
         "seasons": (2, 2, '#board [data-piece="palace"]'),
         "tiletum": (2, 5, '#board [data-piece="B6"]')}
MAX_BYTES = 250_000


def small_png(raw):
    """The PNG ``raw`` in at most 256 colours (the board has few), smaller than MAX_BYTES if it can be."""
    image = Image.open(io.BytesIO(raw)).convert("RGB")
    for scale in (1.0, 0.85, 0.7):
        shown = image if scale == 1 else image.resize((int(image.width * scale), int(image.height * scale)), Image.LANCZOS)
        out = io.BytesIO()
        shown.quantize(colors=128, method=Image.Quantize.MEDIANCUT).save(out, "PNG", optimize=True)
        if out.tell() <= MAX_BYTES:
            break
    return out.getvalue()


def main():
    """Serve the board, load a finished game of each game, hover a piece, save the picture."""
    server = subprocess.Popen([sys.executable, "-m", "solver.cli", "serve", "--port", "0"], cwd=ROOT,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        url = re.search(r"http://127\.0\.0\.1:\d+/", server.stdout.readline()).group(0)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
            page = browser.new_page(viewport={"width": 1400, "height": 1200})
            page.goto(url)
            page.wait_for_selector("#board[data-version]")
            for game, (players, seed, piece) in SHOTS.items():
                state = new_state(game, players, seed)
                state.playout(seed, policy=True)
                page.select_option("#game", game)
                page.select_option("#players", str(players))
                page.click("#new")
                page.wait_for_function(f"document.querySelector('#board').dataset.game === '{game}'")
                page.fill("#position-text", state.to_json())
                page.click("#load")
                page.wait_for_selector("#breakdown:not([hidden])")
                page.locator(piece).first.hover(force=True)
                page.wait_for_selector("#tip:not([hidden])")
                raw = page.locator("#board-area").screenshot()
                path = ROOT / "docs" / f"board-{game}.png"
                path.write_bytes(small_png(raw))
                print(f"{path.relative_to(ROOT)}: {path.stat().st_size // 1000} KB")
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=10)


if __name__ == "__main__":
    main()
