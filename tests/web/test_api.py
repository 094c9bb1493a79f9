"""The analysis board's JSON API under Starlette's test client: games, per-seat views, moves, undo and
redo, agents, positions in and out, and one-line refusals."""
import json
import time

import pytest

from engine_c import new_state, state_from_json
from solver.games.positions import random_position
from solver.web.views import normalise_keys
from tests.web.conftest import new_board

GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")


def view(client, board, seat):
    """The view of ``seat`` (HTTP 200 required)."""
    answer = client.get(f"/api/view?board={board}&seat={seat}")
    assert answer.status_code == 200, answer.text
    return answer.json()


def load(client, board, state):
    """Load ``state``'s position into ``board``."""
    answer = client.post("/api/position", json={"board": board, "text": state.to_json()})
    assert answer.status_code == 200, answer.text


def error_of(answer, status=400):
    """The one-line error of a refused request."""
    assert answer.status_code == status, answer.text
    message = answer.json()["error"]
    assert message and "\n" not in message
    return message


@pytest.mark.parametrize("game, players", [(g, n) for g in GAMES for n in (2, 3, 4)])
def test_new_game_view_for_every_game_and_player_count(client, game, players):
    board = new_board(client, game, players, seed=5)
    to_act = view(client, board, 0)["to_act"]
    for seat in range(players):
        data = view(client, board, seat)
        assert data["game"] == game and data["players"] == players and data["seat"] == seat
        position = data["position"]
        assert position["players"] == players and len(position["seats"]) == players      # the new key names
        assert "num_players" not in position and "rng" not in position
        assert len(data["scores"]) == players and data["moves"] == [] and not data["can_undo"]
        if seat == to_act:
            assert data["legal"] and all(set(m) == {"id", "move", "name"} for m in data["legal"])
            # each legal move in words, as the game names it in this position
            assert all(m["name"] for m in data["legal"])
        else:
            assert data["legal"] == []            # another seat's moves are never sent
    tables = client.get(f"/api/tables?game={game}")
    assert tables.status_code == 200 and tables.json()


STAGES = ((2, 1), (2, 3), (3, 14), (4, 40), (2, 90))     # (players, random moves from the opening)


def _without_rng(state):
    """The position data less the chance RNG (which every redraw changes)."""
    data = state.to_dict()
    data.pop("rng")
    return data


@pytest.mark.parametrize("game, secrets", [("sanjuan", True), ("seasons", True), ("tiletum", False),
                                           ("burgundy", False)])
def test_a_seat_view_is_the_same_whatever_it_cannot_see(client, game, secrets):
    """The view of a position and of ``resample_hidden(seat, seed)`` are equal for that seat."""
    first, second = new_board(client, game), new_board(client, game)
    differing = 0
    for players, moves in STAGES:
        state = random_position(game, players, 100 + moves, moves)
        load(client, first, state)
        for seat in range(players):
            other = state.resample_hidden(seat, 7 + seat)
            differing += _without_rng(other) != _without_rng(state)
            load(client, second, other)
            assert view(client, first, seat) == view(client, second, seat)
    assert bool(differing) == secrets        # where a game has secrets, the redraws changed them: the views hid it


def test_san_juan_view_shows_other_hands_as_backs(client):
    board = new_board(client, "sanjuan", 3, seed=2)
    data = view(client, board, 1)
    seats = data["position"]["seats"]
    assert isinstance(seats[1]["hand"], dict) and "backs" not in seats[1]["hand"]       # own hand named
    for other in (0, 2):
        assert seats[other]["hand"] == {"backs": 4, "known": {}}
    full = new_state("sanjuan", 3, 2).to_dict()
    assert data["position"]["supply"] == {"backs": len(full["supply"])}         # a count, not the cards


def test_move_undo_redo(client):
    board = new_board(client, "burgundy", 2, seed=0)
    start = view(client, board, 0)
    move, name = start["legal"][0]["move"], start["legal"][0]["name"]
    assert name == new_state("burgundy", 2, 0).action_name(start["legal"][0]["id"]) and name != move
    assert client.post("/api/move", json={"board": board, "move": move}).json() == {"ok": True}
    after = view(client, board, 0)
    assert after["moves"] == [{"seat": 0, "move": move, "name": name, "forced": []}] and after["can_undo"]
    assert after["position"] != start["position"]
    assert client.post("/api/undo", json={"board": board}).status_code == 200
    undone = view(client, board, 0)
    assert undone["position"] == start["position"] and undone["can_redo"] and undone["moves"] == []
    assert client.post("/api/redo", json={"board": board}).status_code == 200
    assert view(client, board, 0)["position"] == after["position"]
    assert "nothing to redo" in error_of(client.post("/api/redo", json={"board": board}))



def test_the_history_tells_forced_steps_others_private_ones_face_down(client):
    """A San Juan build whose payment the engine completes: the payer sees the cards, the other seat backs."""
    import numpy as np
    state = new_state("sanjuan", 2, 4)
    rng = np.random.default_rng(4)
    while True:
        legal = state.legal_actions()
        action = legal[int(rng.integers(len(legal)))]
        steps = state.clone().apply_action_steps(action)
        if any(private and player == state.current_player() for player, _, _, private in steps):
            break
        state.apply_action(action)
    board = new_board(client, "sanjuan", 2, seed=0)
    load(client, board, state)
    mover = state.current_player()
    assert client.post("/api/move", json={"board": board, "move": int(action)}).status_code == 200
    own = view(client, board, mover)["moves"][-1]["forced"]
    other = view(client, board, 1 - mover)["moves"][-1]["forced"]
    assert own == [{"seat": player, "move": text} for player, _, text, _ in steps]
    for seen, (player, _, text, private) in zip(other, steps):
        hidden = private and player != 1 - mover
        assert seen == {"seat": player, "move": f"{text.split()[0]} a card (face down)" if hidden else text}
    assert len(other) == len(steps) and other != own

def test_moves_by_id_and_refusals(client):
    board = new_board(client, "sanjuan", 2, seed=1)
    legal = view(client, board, 0)["legal"]
    assert client.post("/api/move", json={"board": board, "move": legal[-1]["id"]}).status_code == 200
    assert "is not a legal move here" in error_of(client.post("/api/move", json={"board": board, "move": "fly"}))
    assert "must be a move" in error_of(client.post("/api/move", json={"board": board, "move": [1]}))
    assert "no such board" in error_of(client.post("/api/move", json={"board": "nope", "move": "pass"}), 404)
    assert "seat must be a seat" in error_of(client.get(f"/api/view?board={board}&seat=5"))
    assert "unknown game" in error_of(client.post("/api/new", json={"game": "chess"}))
    assert "player count must be 2-4" in error_of(client.post("/api/new", json={"game": "seasons", "players": 7}))
    assert "request body is not JSON" in error_of(client.post("/api/move", content=b"{nope", headers={"Content-Type": "application/json"}))


@pytest.mark.parametrize("edit, expected", [
    (lambda d: d["seats"][0]["hand"].update({"spy": 1}), "sanjuan: seats[0].hand.spy: unknown card 'spy'"),
    (lambda d: d.update(governor=7), "sanjuan: governor"),
    (lambda d: d.pop("seats"), "seats"),
])
def test_bad_positions_are_refused_in_one_line_with_the_field(client, edit, expected):
    board = new_board(client, "sanjuan", 2)
    before = view(client, board, 0)
    data = json.loads(random_position("sanjuan", 2, 3, 10).to_json())
    edit(data)
    message = error_of(client.post("/api/position", json={"board": board, "text": json.dumps(data)}))
    assert message.startswith(expected) or expected in message
    assert view(client, board, 0)["position"] == before["position"]         # the board is unchanged


def test_position_text_that_is_not_a_position(client):
    board = new_board(client, "burgundy")
    assert "not valid JSON" in error_of(client.post("/api/position", json={"board": board, "text": "{"}))
    assert "JSON object" in error_of(client.post("/api/position", json={"board": board, "text": "[1]"}))
    assert "paste or upload" in error_of(client.post("/api/position", json={"board": board, "text": ""}))
    huge = "x" * (2 << 20)
    assert "too large" in error_of(client.post("/api/position", json={"board": board, "text": huge}), 413)


def test_download_is_the_whole_position(client):
    board = new_board(client, "sanjuan", 3, seed=9)
    client.post("/api/move", json={"board": board, "move": view(client, board, 0)["legal"][0]["move"]})
    answer = client.get(f"/api/position?board={board}")
    assert answer.status_code == 200 and "attachment" in answer.headers["content-disposition"]
    state = state_from_json(answer.text)
    data = json.loads(answer.text)
    assert "rng" in data and isinstance(data["seats"][1]["hand"], dict) and "backs" not in data["seats"][1]["hand"]
    assert state.to_json() == state_from_json(state.to_json()).to_json()


def test_agent_plays_the_seat_to_act(client):
    board = new_board(client, "seasons", 2, seed=3)
    message = error_of(client.post("/api/agents", json={"board": board, "agents": [None, "wizard"]}))
    assert message.startswith("seat 1: unknown agent 'wizard'")
    assert client.post("/api/ai", json={"board": board, "spec": "random"}).status_code == 200
    deadline = time.monotonic() + 60                    # a hang guard, not a speed test
    while (data := view(client, board, 0))["thinking"] and time.monotonic() < deadline:
        time.sleep(0.01)
    assert len(data["moves"]) == 1 and data["moves"][0]["seat"] == 0


def test_an_agent_plays_at_once_when_a_loaded_position_gives_it_the_move(client):
    board = new_board(client, "burgundy", 2, seed=5)
    assert client.post("/api/agents", json={"board": board, "agents": [None, "random"]}).status_code == 200
    state = new_state("burgundy", 2, 5)
    while state.current_player() != 1:                      # a position with seat 1 (the agent) to act
        state.apply_action(state.legal_actions()[0])
    load(client, board, state)
    deadline = time.monotonic() + 60                    # a hang guard, not a speed test
    while (data := view(client, board, 0))["to_act"] == 1 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert data["moves"] and all(m["seat"] == 1 for m in data["moves"]), data["moves"]


def test_seats_played_by_agents_answer_a_persons_move(client):
    board = new_board(client, "sanjuan", 2, seed=4)
    assert client.post("/api/agents", json={"board": board, "agents": [None, "random"]}).status_code == 200
    played = 0
    deadline = time.monotonic() + 60                    # a hang guard, not a speed test
    while played < 6 and time.monotonic() < deadline:    # the person plays seat 0, the agent answers for seat 1
        data = view(client, board, 0)
        if data["to_act"] == 0 and not data["thinking"]:
            assert client.post("/api/move", json={"board": board, "move": data["legal"][0]["move"]}).status_code == 200
            played += 1
        else:
            time.sleep(0.01)
    moves = view(client, board, 0)["moves"]
    assert any(m["seat"] == 1 for m in moves) and any(m["seat"] == 0 for m in moves)
    secret = [m["move"] for m in moves if m["seat"] == 1 and m["move"].startswith(("pay", "discard", "keep"))]
    assert all("(face down)" in move for move in secret)       # the agent's cards stay unnamed for seat 0
    assert all(m["name"] == m["move"] for m in moves if "(face down)" in m["move"])     # in words too


def test_suggest_refusals(client):
    board = new_board(client, "burgundy", 2)
    assert "player to act" in error_of(client.post("/api/suggest", json={"board": board, "seat": 1}))
    assert "iterations must be" in error_of(client.post("/api/suggest", json={"board": board, "seat": 0,
                                                                             "iterations": 0}))
    assert "not both" in error_of(client.post("/api/suggest", json={"board": board, "seat": 0,
                                                                    "iterations": 5, "seconds": 1}))
    assert "no suggestion" in error_of(client.get(f"/api/suggest/events?board={board}"))


def test_page_and_static_files_are_served(client):
    page = client.get("/")
    assert page.status_code == 200 and "<svg id=\"board\"" in page.text
    for path in ("/static/board.js", "/static/style.css", "/static/games/burgundy.js", "/static/games/sanjuan.js",
                 "/static/games/seasons.js", "/static/games/tiletum.js"):
        assert client.get(path).status_code == 200, path
    assert client.get("/static/../app.py").status_code == 404


def test_a_finished_game_is_shown_with_its_places_and_nothing_to_play(client):
    state = random_position("seasons", 2, 5, 0)
    while not state.is_terminal():
        state.apply_action(state.legal_actions()[0])
    board = new_board(client, "seasons")
    load(client, board, state)
    data = view(client, board, 1)
    assert data["over"] and data["to_act"] is None and data["legal"] == []
    assert sorted(data["ranks"]) == sorted(state.ranks()) and data["scores"] == list(state.scores())
    assert "game is over" in error_of(client.post("/api/suggest", json={"board": board, "seat": 0}))
    assert "game is over" in error_of(client.post("/api/ai", json={"board": board}))
    assert "game is over" in error_of(client.post("/api/move", json={"board": board, "move": "pass"}))


def test_undo_goes_back_to_the_persons_previous_decision(client):
    board = new_board(client, "burgundy", 2, seed=6)
    start = view(client, board, 0)
    assert client.post("/api/agents", json={"board": board, "agents": [None, "random"]}).status_code == 200
    deadline = time.monotonic() + 60                    # a hang guard, not a speed test
    while len((data := view(client, board, 0))["moves"]) < 8 and time.monotonic() < deadline:
        if data["to_act"] == 0 and not data["thinking"]:
            client.post("/api/move", json={"board": board, "move": data["legal"][0]["move"]})
        else:
            time.sleep(0.01)
    while view(client, board, 0)["thinking"]:
        time.sleep(0.01)
    played = view(client, board, 0)["moves"]
    assert {m["seat"] for m in played} == {0, 1}
    client.post("/api/undo", json={"board": board})
    after = view(client, board, 0)
    assert after["to_act"] == 0 and after["thinking"] is None          # the agent's replies were taken back too
    last_own = max(k for k, m in enumerate(played) if m["seat"] == 0)
    assert after["moves"] == played[:last_own]
    while view(client, board, 0)["can_undo"]:
        client.post("/api/undo", json={"board": board})
    assert view(client, board, 0)["position"] == start["position"]


def test_views_use_the_new_key_names_whichever_the_position_has():
    old_tiletum = {"game": "tiletum", "num_players": 2, "players": [{"king": 0}, {"king": 1}]}
    assert normalise_keys(dict(old_tiletum)) == {"game": "tiletum", "players": 2, "seats": [{"king": 0}, {"king": 1}]}
    old_seasons = {"game": "seasons", "num_players": 3, "seats": [{}, {}, {}]}
    assert normalise_keys(dict(old_seasons)) == {"game": "seasons", "players": 3, "seats": [{}, {}, {}]}
    new = {"game": "sanjuan", "players": 2, "seats": [{}, {}]}
    assert normalise_keys(dict(new)) == new


def test_tiletum_tables_say_what_bonus_tiles_and_persons_give(client):
    from solver.display import game_data
    from solver.display.tiletum import bonus_text

    tables = client.get("/api/tables?game=tiletum").json()
    data = game_data.tiletum()
    assert len(tables["bonus_effects"]) == len(data.BONUS_TILES)
    assert len(tables["person_effects"]) == len(data.PERSONS) == len(tables["persons"])
    for tile, words in enumerate(tables["bonus_effects"]):          # the words `show` uses
        assert bonus_text(tile) == f"b{tile} ({words})"


def test_tiletum_tables_give_corruption_values_and_what_each_fair_scores(client):
    from solver.display import game_data
    from solver.display.tiletum import fair_text

    tables = client.get("/api/tables?game=tiletum").json()
    data = game_data.tiletum()
    assert tables["corruption"] == list(data.CORRUPTION) == [1, 1, 1, 2, 2, 3]
    assert list(tables["fair_effects"]) == list(data.FAIR_KINDS)
    multipliers = dict(data.FAIRS)
    for kind, words in tables["fair_effects"].items():
        assert words == fair_text(kind) and words.startswith(f"{multipliers[kind]} VP per ")
    assert tables["fair_effects"]["houses"] == "2 VP per own house on the map"



def test_redo_after_undo_lets_the_ai_seat_move_again(client):
    """Undo takes back the person's move and the AI's reply; Redo replays the person's move, and
    the AI, whose turn it is again, moves by itself (it stayed idle before)."""
    board = new_board(client, "burgundy", 2, seed=3)
    assert client.post("/api/agents", json={"board": board, "agents": [None, "random"]}).status_code == 200
    live = client.app.state.boards.get(board)

    def settle():
        """Wait for the AI's move to be played."""
        deadline = time.monotonic() + 30
        while live.agent_move is not None:
            assert time.monotonic() < deadline
            time.sleep(0.01)
    while not any(m["seat"] == 1 for m in view(client, board, 0)["moves"]):
        move = view(client, board, 0)["legal"][0]["move"]
        assert client.post("/api/move", json={"board": board, "move": move}).status_code == 200
        settle()
    played = view(client, board, 0)["moves"]
    assert client.post("/api/undo", json={"board": board}).status_code == 200
    undone = view(client, board, 0)["moves"]
    assert all(m["seat"] == 0 for m in undone) and len(undone) < len(played)
    assert client.post("/api/redo", json={"board": board}).status_code == 200
    settle()
    moves = view(client, board, 0)["moves"]
    assert len(moves) > len(undone) + 1 and moves[len(undone)]["seat"] == 0
    assert any(m["seat"] == 1 for m in moves[len(undone) + 1:])      # the AI moved again by itself
