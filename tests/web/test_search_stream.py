"""Suggestions and agents' moves on a real server (uvicorn on a local port): progress events while a
search runs, the server answering meanwhile, stop, a closed page stopping its search.  No assertion is
on wall-clock time (a loaded machine stretches it): the waits below are hang guards only."""
import json
import time

import httpx
import pytest

LONG = 10**7                  # iterations no test waits for: these searches end by being stopped


def new_board(http, game="burgundy", players=2, seed=0):
    """A new board on the live server."""
    answer = http.post("/api/new", json={"game": game, "players": players, "seed": seed})
    assert answer.status_code == 200, answer.text
    return answer.json()["board"]


def events(response):
    """(event, data) pairs of a server-sent event stream."""
    kind = None
    for line in response.iter_lines():
        if line.startswith("event: "):
            kind = line[len("event: "):]
        elif line.startswith("data: "):
            yield kind, json.loads(line[len("data: "):])


@pytest.fixture
def http(live_server):
    """An HTTP client of the live server."""
    with httpx.Client(base_url=live_server.url, timeout=10) as client:
        yield client


def test_progress_while_the_search_runs_and_the_server_answers_meanwhile(http, live_server):
    # behaviour, not wall-clock numbers (a loaded machine stretches any of them): progress comes while
    # the search still runs, other requests are answered while it runs, and stop ends it early
    board = new_board(http)
    started = time.monotonic()
    assert http.post("/api/suggest", json={"board": board, "seat": 0, "iterations": LONG}).status_code == 200
    search = live_server.board(board).suggestion
    first_progress = None
    with http.stream("GET", f"/api/suggest/events?board={board}") as stream:
        for kind, report in events(stream):
            assert kind == "progress" and report["status"] == "running"
            if first_progress is None and report["visits"] > 0 and report["best"]:
                first_progress = time.monotonic() - started
            if first_progress is not None:
                for _ in range(5):                    # other requests while the search runs
                    assert http.get(f"/api/view?board={board}&seat=0").status_code == 200
                    assert http.get("/api/tables?game=tiletum").status_code == 200
                assert search.snapshot()["status"] == "running", "the requests waited for the search"
                break
    print(f"\nfirst progress after {first_progress:.3f} s (not asserted: wall-clock)")
    assert http.post("/api/stop", json={"board": board}).status_code == 200
    assert search.finished.wait(60), "the search did not stop"          # a hang guard only
    assert search.snapshot()["status"] == "stopped" and sum(search.iterations_done) < LONG


def test_progress_comes_several_times_a_second_and_stop_ends_the_stream(http, live_server):
    board = new_board(http, "sanjuan", 3, seed=2)
    to_act = http.get(f"/api/view?board={board}&seat=0").json()["to_act"]
    assert http.post("/api/suggest", json={"board": board, "seat": to_act, "iterations": LONG}).status_code == 200
    progress, last = [], None
    with http.stream("GET", f"/api/suggest/events?board={board}") as stream:
        for kind, report in events(stream):
            if kind == "progress":
                progress.append(report)
                if len(progress) == 6:
                    http.post("/api/stop", json={"board": board})
            else:
                last = (kind, report)
                break
    # reports repeat while the search runs, each later in the search's own time (the pace itself,
    # PROGRESS_EVERY, is a wall-clock figure a loaded machine may stretch: not asserted)
    elapsed = [report["elapsed"] for report in progress[:6]]
    assert len(progress) >= 6 and elapsed == sorted(elapsed) and elapsed[0] < elapsed[-1]
    kind, report = last
    assert kind == "stopped"
    assert report["ranked"] and report["visits"] > 0           # what was searched so far stays


def test_closing_the_stream_stops_the_search(http, live_server):
    board = new_board(http, "seasons", 2, seed=1)
    to_act = http.get(f"/api/view?board={board}&seat=0").json()["to_act"]
    http.post("/api/suggest", json={"board": board, "seat": to_act, "iterations": LONG})
    with http.stream("GET", f"/api/suggest/events?board={board}") as stream:
        next(events(stream))
    search = live_server.board(board).suggestion
    assert search.finished.wait(60), "closing the page did not stop its search"      # a hang guard
    assert search.snapshot()["status"] == "stopped"


def test_a_short_suggestion_ranks_the_moves(http):
    board = new_board(http, "tiletum", 2, seed=4)
    to_act = http.get(f"/api/view?board={board}&seat=0").json()["to_act"]
    legal = {m["move"] for m in http.get(f"/api/view?board={board}&seat={to_act}").json()["legal"]}
    http.post("/api/suggest", json={"board": board, "seat": to_act, "iterations": 3000})
    with http.stream("GET", f"/api/suggest/events?board={board}") as stream:
        kind, report = [pair for pair in events(stream)][-1]
    assert kind == "done" and report["iterations"] == 3000
    ranked = report["ranked"]
    assert sum(move["visits"] for move in ranked) == 3000
    assert [m["visits"] for m in ranked] == sorted((m["visits"] for m in ranked), reverse=True)
    assert {m["move"] for m in ranked} <= legal and len(ranked) >= 2
    for move in ranked:
        assert 0.0 <= move["win_prob"] <= 1.0 and move["pv"][0] == move["move"]
    assert report["best"]["move"] == ranked[0]["move"]
    assert ranked[0]["tied"] and all(move["tied"] in (True, False) for move in ranked)
    assert ranked[0]["same_turn"] and all(move["same_turn"] in (True, False) for move in ranked)
    assert ranked[0]["same_outcome"] and all(move["same_outcome"] in (True, False) for move in ranked)


def test_the_ranked_moves_are_marked_tied_as_suggest_marks_them():
    """The board's suggestion sums every slice's playout values per move (each slice reports its
    own), and marks a move tied with the first as analyse does (ties_best)."""
    from engine_c import new_state
    from solver.search.best_move import ties_best
    from solver.web.searches import Suggestion

    suggestion = Suggestion(new_state("sanjuan", 2, 3), iterations=3000, jobs=2, seed=5)
    suggestion.start()
    suggestion.finished.wait(60)
    ranked = suggestion.snapshot()["ranked"]
    values = suggestion._values()
    assert len(values) >= 2
    assert sum(row[3][0] for table in suggestion.tables for row in table.values()) == 3000
    first = values[ranked[0]["action"]]
    assert [m["tied"] for m in ranked] == [True] + [ties_best(first, values[m["action"]]) for m in ranked[1:]]
    # the value the "=" mark compares is in the table beside the win probability
    assert [m["value"] for m in ranked] == [round(values[m["action"]]["mean_reward"], 4) for m in ranked]
    assert all(v["reward_se"] is None or 0 < v["reward_se"] < 0.5 for v in values.values())


def test_the_agent_thinks_visibly_and_stop_cancels_it(http, live_server):
    board = new_board(http, "burgundy", 2, seed=3)
    assert http.post("/api/ai", json={"board": board, "spec": "ismcts:time=30"}).status_code == 200
    view = http.get(f"/api/view?board={board}&seat=1").json()
    assert view["thinking"] == {"seat": 0, "spec": "ismcts:time=30"}
    assert "is thinking" in http.post("/api/move", json={"board": board, "move": "pass"}).json()["error"]
    http.post("/api/stop", json={"board": board})
    view = http.get(f"/api/view?board={board}&seat=1").json()
    assert view["thinking"] is None and view["moves"] == []       # stopped long before its 30 s: no move
    assert http.post("/api/ai", json={"board": board, "spec": "ismcts:iterations=500"}).status_code == 200
    deadline = time.monotonic() + 60                               # a hang guard only
    while (view := http.get(f"/api/view?board={board}&seat=1").json())["thinking"]:
        assert time.monotonic() < deadline
        time.sleep(0.05)
    assert [m["seat"] for m in view["moves"]] == [0]


def test_board_searches_with_the_games_search_settings(monkeypatch):
    """The web board's trees take a game's ``search_defaults`` (tree shape, prior, c) as suggest does."""
    from engine_c import new_state
    from solver.search import agents
    from solver.web import searches

    monkeypatch.setattr(agents, "tree_shape", lambda _: (0, 40))   # engine classes are immutable
    monkeypatch.setattr(agents, "tree_prior", lambda _: 2.5)
    monkeypatch.setattr(agents, "tree_c", lambda _: 0.15)
    suggestion = searches.Suggestion(new_state("sanjuan", 2, 1), iterations=100, jobs=2)
    assert [(s.expand_after, s.prior_weight, s.c) for s in suggestion.searchers] == [(40, 2.5, 0.15)] * 2


@pytest.mark.parametrize("game", ["burgundy", "sanjuan", "seasons", "tiletum"])
def test_agent_suggest_and_board_search_alike(game):
    """One game's trees are built alike by the ismcts agent, ``suggest`` (analyse) and the board."""
    from engine_c import new_state
    from solver.search import agents
    from solver.web import searches

    state = new_state(game, 2, 3)
    agent = agents.make_agent("ismcts:iterations=50", seed=1)
    agent.choose(state)
    built = [agent.searcher(), agents.game_searcher(state), searches.Suggestion(state, iterations=50).searchers[0]]
    fields = [(s.c, s.reward_mode, s.max_depth, s.expand_after, s.score_weight, s.prior_weight, s.cutoff,
               s.leaf_value, s.decoupled) for s in built]
    assert fields[0] == fields[1] == fields[2]
    defaults = type(state).search_defaults
    assert fields[0][7] == defaults.get("leaf_value", 0.0) and fields[0][3] == defaults.get("expand", 0)
