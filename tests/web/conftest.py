"""Fixtures of the analysis board's tests: the app under Starlette's test client, and the app
served by uvicorn on a free local port (for streams, timing and the browser), and ``boardlab serve``
with headless Chromium and the board page for the browser tests."""
import re
import subprocess
import sys
import threading
import time

import pytest
import uvicorn
from playwright.sync_api import sync_playwright
from starlette.testclient import TestClient

from solver.web.app import create_app
from solver.web.server import address_of, listening_socket
from browser_helpers import CHROMIUM, ROOT, missing_chromium


@pytest.fixture
def client():
    """A test client of a fresh app (no start position: a new Burgundy game)."""
    with TestClient(create_app()) as test_client:
        yield test_client


def new_board(client, game, players=2, seed=0):
    """The id of a new board with ``game`` dealt from ``seed``."""
    answer = client.post("/api/new", json={"game": game, "players": players, "seed": seed})
    assert answer.status_code == 200, answer.text
    return answer.json()["board"]


class LiveServer:
    """The app served by uvicorn on a thread: ``url``, ``app`` (its boards), ``stop()``."""

    def __init__(self):
        self.app = create_app()
        self.sock = listening_socket("127.0.0.1", 0)
        self.url = address_of(self.sock).rstrip("/")
        self.server = uvicorn.Server(uvicorn.Config(self.app, log_level="warning", access_log=False,
                                                    timeout_graceful_shutdown=1, lifespan="on"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 60         # a hang guard, not a speed test: loaded machines are slow
        while not self.server.started:
            assert time.monotonic() < deadline, "the server did not start within 60 s"
            time.sleep(0.02)

    def board(self, board_id):
        """The server's board object ``board_id``."""
        return self.app.state.boards.get(board_id)

    def stop(self):
        """Shut the server down and wait for it."""
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


@pytest.fixture(scope="module")
def live_server():
    """The app on a free port of 127.0.0.1 for the tests of one module."""
    server = LiveServer()
    yield server
    server.stop()


# ---- the board in a real headless Chromium (test_browser.py, test_board_drawing.py) ----

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
    """Headless Chromium (skipped in one line when it is missing, failed when CI=true)."""
    missing = missing_chromium()
    if missing is not None:
        if missing[0] == "fail":
            pytest.fail(missing[1], pytrace=False)
        pytest.skip(missing[1])
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
