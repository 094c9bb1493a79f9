"""``boardlab serve``: bad options and files refused in one line, the start position from --position."""
import socket

import pytest
from starlette.testclient import TestClient

from solver.cli import main
from solver.games.positions import random_position
from solver.web.app import create_app
from solver.web.server import start_text


@pytest.fixture
def serve(capsys):
    """``serve(*args)`` runs ``boardlab serve`` (expected to be refused before it listens): (exit code, stderr)."""
    def run(*args):
        """Run the command; (exit code, standard error)."""
        with pytest.raises(SystemExit) as stopped:
            main(["serve", *args])
        return stopped.value.code, capsys.readouterr().err
    return run


@pytest.mark.parametrize("args, expected", [
    (["--port", "70000"], "boardlab: error: --port must be at most 65535, got 70000"),
    (["--port", "-1"], "boardlab: error: --port must be non-negative, got -1"),
    (["--port", "x"], "boardlab: error: Invalid value for '--port': 'x' is not a valid integer."),
    (["--position", "no/such/file.json"], "boardlab: error: no/such/file.json: no such position file"),
])
def test_bad_invocations_are_one_line(serve, args, expected):
    code, err = serve(*args)
    assert code == 2 and err.strip() == expected


def test_a_bad_position_file_and_a_busy_port_are_one_line(serve, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "sanjuan", "players": 9}')
    code, err = serve("--position", str(bad))
    assert code == 2 and err.startswith(f"boardlab: error: {bad}: sanjuan: ") and err.count("\n") == 1
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        code, err = serve("--port", str(port))
    assert code == 2 and err.strip() == f"boardlab: error: cannot listen on 127.0.0.1:{port}: address already in use"


def test_new_pages_start_from_the_position_given(tmp_path):
    state = random_position("seasons", 3, 4, 9)
    path = tmp_path / "start.json"
    path.write_text(state.to_json())
    with TestClient(create_app(start_text(path))) as client:
        board = client.post("/api/new", json={}).json()["board"]
        view = client.get(f"/api/view?board={board}&seat=1").json()
        download = client.get(f"/api/position?board={board}").json()
    assert view["game"] == "seasons" and view["players"] == 3
    assert download == state.to_dict()
