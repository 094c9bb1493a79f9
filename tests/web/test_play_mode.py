"""Play mode: on a board where an agent plays a seat, every answer the person's seat receives
(its view with the legal moves and the history, the download, its suggestion) carries only what
that seat may see; leaving play mode is an explicit, lasting switch."""
import json
import time

import numpy as np
import pytest

from engine_c import new_state, state_from_json
from solver.display.seat_views import seat_view
from solver.games.positions import random_position
from tests.web.conftest import new_board
from tests.web.test_api import GAMES, error_of, load, view

STATES = 200          # random states per game


def random_states(game):
    """``STATES`` positions of ``game`` by seeded random play from new games of 2-4 players."""
    rng = np.random.default_rng(51)
    for index in range(STATES):
        state = new_state(game, 2 + index % 3, 1000 + index)
        for _ in range(int(rng.integers(0, 150))):
            if state.is_terminal():
                break
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
        yield state


def play_against(client, board, state, human):
    """Load ``state`` and let cheap agents play every seat but ``human`` (play mode)."""
    load(client, board, state)
    agents = [None if seat == human else "random" for seat in range(state.num_players)]
    answer = client.post("/api/agents", json={"board": board, "agents": agents})
    assert answer.status_code == 200, answer.text


def download(client, board, seat):
    """The board's download for ``seat`` (HTTP 200 required), as a dict."""
    answer = client.get(f"/api/position?board={board}&seat={seat}")
    assert answer.status_code == 200, answer.text
    return json.loads(answer.text)


@pytest.mark.parametrize("game", GAMES)
def test_play_mode_answers_carry_only_the_seat_s_information(client, game):
    """For 200 random states: the true state and a copy redrawn for the person's seat (which that
    seat cannot tell apart) give the same view and legal moves; the download is the seat's view with
    the hidden parts drawn anew (the RNG always differs, a game's secrets some of the time); the AI's
    seats and the whole position are refused."""
    true_board, twin_board = new_board(client, game), new_board(client, game)
    redrawn_secrets = 0
    for index, state in enumerate(random_states(game)):
        human = 0 if state.is_terminal() else state.current_player()
        twin = state.resample_hidden(human, 77 + index)
        play_against(client, true_board, state, human)
        play_against(client, twin_board, twin, human)
        seen = view(client, true_board, human)
        assert seen["play_mode"] and not seen["revealed"]
        assert seen == view(client, twin_board, human), f"state {index}: the view tells the twins apart"
        other = (human + 1) % state.num_players
        assert "play mode" in error_of(client.get(f"/api/view?board={true_board}&seat={other}"))
        assert "play mode" in error_of(client.get(f"/api/position?board={true_board}&seat={other}"))
        saved = download(client, true_board, human)
        assert saved["redrawn"] and all(isinstance(line, str) for line in saved["redrawn"])
        kept = state_from_json(json.dumps(saved))            # the file loads (the note is skipped)
        truth = state.to_dict()
        assert kept.to_dict()["rng"] != truth["rng"]
        assert seat_view(kept.to_dict(), human) == seat_view(truth, human)
        redrawn_secrets += {k: v for k, v in kept.to_dict().items() if k != "rng"} != \
            {k: v for k, v in truth.items() if k != "rng"}
    if game in ("sanjuan", "seasons"):
        assert redrawn_secrets > 0          # the AI's cards were really drawn anew, not copied


@pytest.mark.parametrize("game", GAMES)
def test_a_suggestion_in_play_mode_is_the_same_for_states_the_seat_cannot_tell_apart(client, game):
    for index, state in enumerate(list(random_states(game))[:STATES:40]):
        if state.is_terminal():
            continue
        human = state.current_player()
        twin = state.resample_hidden(human, 5 + index)
        reports = []
        for position in (state, twin):
            board = new_board(client, game)
            play_against(client, board, position, human)
            assert client.post("/api/suggest", json={"board": board, "seat": human, "iterations": 300}).status_code == 200
            search = client.app.state.boards.get(board).suggestion
            assert search.finished.wait(60)
            report = search.snapshot()
            report.pop("elapsed")
            reports.append(report)
        assert reports[0]["status"] == "done" and reports[0] == reports[1]


def test_the_history_shows_the_ai_s_secret_cards_face_down(client):
    """San Juan against the AI: the AI's payments and keeps reach the person as cards face down."""
    board = new_board(client, "sanjuan", 2, seed=3)
    assert client.post("/api/agents", json={"board": board, "agents": [None, "random"]}).status_code == 200
    rng = np.random.default_rng(3)
    hidden = 0
    for _ in range(200):
        live = client.app.state.boards.get(board)
        deadline = time.monotonic() + 30
        while live.agent_move is not None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
        seen = view(client, board, 0)
        if seen["over"]:
            break
        if seen["legal"]:
            choice = seen["legal"][int(rng.integers(len(seen["legal"])))]["move"]
            assert client.post("/api/move", json={"board": board, "move": choice}).status_code == 200
    for entry in view(client, board, 0)["moves"]:
        if entry["seat"] == 1 and entry["move"].endswith("a card (face down)"):
            assert entry["name"] == entry["move"]        # the words do not name the card either
            hidden += 1
        for step in entry["forced"]:
            if step["seat"] == 1 and step["move"].split()[0] in ("pay", "tuck"):
                assert step["move"].endswith("a card (face down)")
    assert hidden > 0


def test_reveal_leaves_play_mode_for_good(client):
    board = new_board(client, "sanjuan", 2, seed=1)
    state = random_position("sanjuan", 2, 1, 0)
    human = state.current_player()
    play_against(client, board, state, human)
    other = 1 - human
    assert "play mode" in error_of(client.get(f"/api/view?board={board}&seat={other}"))
    assert client.post("/api/reveal", json={"board": board}).json() == {"ok": True}
    seen = view(client, board, other)
    assert not seen["play_mode"] and seen["revealed"]
    whole = download(client, board, human)
    assert "redrawn" not in whole and whole == json.loads(state.to_json())
    agents = client.post("/api/agents", json={"board": board, "agents": [None, "random"]})
    assert agents.status_code == 200 and not view(client, board, human)["play_mode"]    # for good


def test_without_an_ai_seat_the_board_is_for_analysis(client):
    board = new_board(client, "sanjuan", 3, seed=2)
    seen = view(client, board, 2)
    assert not seen["play_mode"] and not seen["revealed"]
    assert "redrawn" not in download(client, board, 0)
