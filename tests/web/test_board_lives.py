"""A board lives while it is used (boards idle under an hour are never dropped; the cap refuses
in one line), and the server's door: its own Host, no other origin, JSON on POSTs."""
import pytest
from starlette.testclient import TestClient

from solver.web.app import create_app
from solver.web.board import Board
from solver.web.boards import Boards
from solver.web.guard import Refused, allowed_hosts
from tests.web.conftest import new_board


def test_twenty_new_boards_do_not_wipe_an_open_game(client):
    board = new_board(client, "sanjuan", 3, seed=4)
    for _ in range(20):
        assert client.post("/api/new", json={}).status_code == 200
    answer = client.get(f"/api/view?board={board}&seat=0")
    assert answer.status_code == 200 and answer.json()["game"] == "sanjuan"


def test_the_cap_refuses_new_boards_while_all_are_used_and_drops_only_idle_ones():
    now = [0.0]
    boards = Boards(clock=lambda: now[0], limit=3, idle=3600)
    ids = []
    for seed in range(3):
        now[0] = 10.0 * seed
        ids.append(boards.add(Board.new_game("burgundy", 2, seed)))
    with pytest.raises(Refused) as refused:
        boards.add(Board.new_game("burgundy", 2, 9))
    assert refused.value.status == 503 and "keeps 3 boards" in str(refused.value)
    now[0] = 3000.0
    boards.get(ids[1])                        # used again: it stays
    now[0] = 3615.0                           # board 0 idle over an hour, boards 1 and 2 not
    fourth = boards.add(Board.new_game("burgundy", 2, 9))
    assert set(boards.boards) == {ids[1], ids[2], fourth}
    now[0] = 3625.0                           # board 2 idle over an hour now
    fifth = boards.add(Board.new_game("burgundy", 2, 10))
    assert set(boards.boards) == {ids[1], fourth, fifth}
    with pytest.raises(Refused):
        boards.add(Board.new_game("burgundy", 2, 11))          # the rest were used within the hour
    assert boards.add(Board.new_game("sanjuan", 2, 1), ids[1]) == ids[1]    # replacing a board needs no room


def test_the_door_refuses_other_origins_hosts_and_non_json_posts():
    with TestClient(create_app(hosts=allowed_hosts("127.0.0.1")), base_url="http://127.0.0.1:8765") as client:
        board = client.post("/api/new", json={}).json()["board"]
        assert client.get(f"/api/view?board={board}").status_code == 200
        same = client.post("/api/stop", json={"board": board}, headers={"Origin": "http://127.0.0.1:8765"})
        assert same.status_code == 200
        for headers, status, words in [({"Origin": "http://evil.example"}, 403, "another origin"),
                                       ({"Origin": "null"}, 403, "another origin"),
                                       ({"Origin": "http://127.0.0.1:9999"}, 403, "another origin"),
                                       ({"Sec-Fetch-Site": "cross-site"}, 403, "another site"),
                                       ({"Host": "attacker.example:8765"}, 421, "does not answer to host"),
                                       ({"Content-Type": "text/plain"}, 415, "application/json")]:
            answer = client.post("/api/new", content=b"{}", headers={"Content-Type": "application/json", **headers})
            assert answer.status_code == status and words in answer.json()["error"], (headers, answer.text)
        rebound = client.get(f"/api/view?board={board}", headers={"Host": "attacker.example:8765"})
        assert rebound.status_code == 421          # a rebound name cannot read the board either
        assert client.get(f"/api/view?board={board}", headers={"Host": "localhost:8765"}).status_code == 200
    assert allowed_hosts("0.0.0.0") is None
