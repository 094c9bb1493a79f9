"""The API under malformed requests: wrong types, missing fields, huge numbers, nested lists, bad
JSON, wrong methods and content types. Every one is a 4xx with one line; none is a 5xx, and the
server logs no traceback."""
import itertools
import logging

from starlette.testclient import TestClient

from solver.web.app import create_app

JSON = {"Content-Type": "application/json"}
VALUES = [None, True, False, -1, 0, 1, 7, 2**70, -2**70, 1.5, 1e308, "", "x", "seat 0",
          "burgundy", "ismcts:iterations=5", [], ["burgundy"], [[["deep"]]], {}, {"game": "burgundy"},
          "a" * 5000]
POSTS = {
    "/api/new": ("game", "players", "seed", "board"),
    "/api/move": ("move", "board"),
    "/api/undo": ("board",),
    "/api/redo": ("board",),
    "/api/agents": ("agents", "board"),
    "/api/ai": ("spec", "board"),
    "/api/suggest": ("seat", "iterations", "seconds", "jobs", "board"),
    "/api/stop": ("board",),
    "/api/reveal": ("board",),
    "/api/position": ("text", "board"),
}
GETS = {"/api/view": ("board", "seat"), "/api/tables": ("game",), "/api/suggest/events": ("board",),
        "/api/position": ("board", "seat")}
RAW_BODIES = [b"{nope", b"[]", b"1", b"null", b"\xff\xfe", b'{"seed": ' + b"9" * 5000 + b"}",
              b"[" * 100000 + b"]" * 100000, b'{"game": ["burgundy"]}', b'{"board": {"$ne": 1}}', b" ", b'{"seed": NaN, "players": Infinity, "iterations": -Infinity}']
POSITIONS = ['{"game": ["burgundy"]}', "{}", "[]", '{"game": "sanjuan"}', '{"game": "burgundy", "players": 2}',
             "[" * 50000, '{"game": "tiletum", "players": ' + "9" * 5000 + "}", "null"]


def requests(board):
    """Every malformed request: (method, path, keyword arguments for the test client)."""
    for path, fields in POSTS.items():
        for field, value in itertools.product(fields, VALUES):
            body = {"board": board, field: value}
            yield "POST", path, {"json": body}
            yield "POST", path, {"json": {field: value}}             # the board (or more) missing
        for raw in RAW_BODIES:
            yield "POST", path, {"content": raw, "headers": JSON}
        yield "POST", path, {"content": b'{"board": "%s"}' % board.encode(), "headers": {"Content-Type": "text/plain"}}
        yield "POST", path, {"json": {"board": board}, "headers": {"Origin": "http://evil.example"}}
        for method in ("GET", "PUT", "DELETE", "PATCH"):
            if not (method == "GET" and path in GETS):
                yield method, path, {}
    for text in POSITIONS:
        yield "POST", "/api/position", {"json": {"board": board, "text": text}}
    for path, fields in GETS.items():
        for field, value in itertools.product(fields, VALUES):
            yield "GET", path, {"params": {"board": board, field: str(value)}}
            yield "GET", path, {"params": {field: str(value)}}
        yield "POST", path, {"json": {}} if path != "/api/position" else {"content": b"x", "headers": JSON}


def test_a_thousand_malformed_requests_get_one_line_4xx_answers(caplog):
    caplog.set_level(logging.WARNING)
    with TestClient(create_app(), raise_server_exceptions=False) as client:
        board = client.post("/api/new", json={"game": "sanjuan", "players": 2, "seed": 1}).json()["board"]
        sent = 0
        for method, path, options in requests(board):
            answer = client.request(method, path, **options)
            sent += 1
            where = f"{method} {path} {str(options)[:200]}"
            assert answer.status_code < 500, f"{where}: {answer.status_code} {answer.text[:300]}"
            if answer.status_code >= 400:
                assert "Traceback" not in answer.text and "\n" not in answer.text.strip(), where
                if answer.headers.get("content-type", "").startswith("application/json"):
                    assert answer.json()["error"], where
            client.post("/api/stop", json={"board": board})
        client.app.state.boards.stop_all()
    assert sent >= 1000
    assert not [record for record in caplog.records if record.exc_info or "Traceback" in record.getMessage()]


def test_the_real_problem_is_named(client):
    answer = client.post("/api/new", json={"game": ["burgundy"]})
    assert answer.status_code == 400 and "unknown game" in answer.json()["error"]
    digits = client.post("/api/new", content=b'{"seed": ' + b"7" * 5000 + b"}", headers=JSON)
    assert digits.status_code == 400 and "too many digits" in digits.json()["error"]
    board = client.post("/api/new", json={}).json()["board"]
    long_text = '{"game": "burgundy", "rng": ' + "7" * 5000 + "}"
    position = client.post("/api/position", json={"board": board, "text": long_text})
    assert position.status_code == 400 and "more than 4300 digits" in position.json()["error"]
    text = client.post("/api/new", content=b'{"board": 1}', headers={"Content-Type": "text/plain"})
    assert text.status_code == 415 and "application/json" in text.json()["error"]
