"""Seat views hide exactly what a seat cannot know: a position and its redraw for that seat look the same."""
import numpy as np
import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.display import game_data
from solver.display.seat_views import SEAT_VIEWS, is_backs, move_seen_by, seat_view

GAMES = sorted(SEAT_VIEWS)
GAMES_PLAYED = 6          # random games per game and player count
SNAPSHOT_EVERY = 7        # compare views at every 7th decision


def _positions(game, players, seed):
    """Every SNAPSHOT_EVERY-th position of a seeded random game, as states."""
    state = new_state(game, players, seed)
    rng = np.random.default_rng(seed)
    taken = []
    step = 0
    while not state.is_terminal():
        if step % SNAPSHOT_EVERY == 0:
            taken.append(state.clone())
        legal = state.legal_actions()
        state.apply_action(legal[int(rng.integers(len(legal)))])
        step += 1
    taken.append(state)
    return taken


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_view_is_the_same_for_a_redraw_of_the_hidden_information(game, players):
    compared = differing = 0
    for seed in range(GAMES_PLAYED):
        for state in _positions(game, players, 100 * players + seed):
            data = state.to_dict()
            for seat in range(players):
                other = state.resample_hidden(seat, np.random.SeedSequence(seed, spawn_key=(seat, compared)))
                other_data = other.to_dict()
                differing += other_data != data
                assert seat_view(other_data, seat) == seat_view(data, seat), (game, seat, data)
                compared += 1
    assert compared > 50
    assert differing == compared          # every redraw changed something (at least the RNG), yet views agree


@pytest.mark.parametrize("game", GAMES)
def test_view_keeps_what_the_seat_knows(game):
    # the view is not empty: a seat keeps its own hand and the public board, only the RNG always goes
    for state in _positions(game, 2, 7)[:-1]:
        data = state.to_dict()
        for seat in range(2):
            view = seat_view(data, seat)
            assert "rng" in data and "rng" not in view
            own, own_view = data["seats"][seat], view["seats"][seat]
            assert own_view.get("hand") == own.get("hand")
            assert own_view.get("vp") == own.get("vp")
            if game in ("burgundy", "tiletum"):
                assert own_view == own                  # nothing private in these games


def test_sanjuan_view_covers_the_other_hands_and_the_supply():
    state = new_state("sanjuan", 3, 5)
    data = state.to_dict()
    view = seat_view(data, 1)
    assert view["seats"][1]["hand"] == data["seats"][1]["hand"]
    for other in (0, 2):
        hand = view["seats"][other]["hand"]
        assert is_backs(hand) and hand["backs"] == sum(data["seats"][other]["hand"].values())
        assert "known_discards" not in view["seats"][other]
    assert view["supply"] == {"backs": len(data["supply"])}
    assert view["tiles"] == [None] * 5


def test_seasons_view_covers_the_others_choice_until_the_reveal():
    state = new_state("seasons", 3, 2)
    state.apply_action("pick trader")
    data = state.to_dict()
    assert data["seats"][0]["selected"] == ["trader"]
    assert seat_view(data, 1)["seats"][0]["selected"] == {"backs": 1}
    assert seat_view(data, 0)["seats"][0]["selected"] == ["trader"]


def test_a_bad_seat_is_refused():
    data = new_state("burgundy", 2, 0).to_dict()
    for seat in (-1, 2, True, "0"):
        with pytest.raises(BoardlabError, match="seat must be an integer in 0..1"):
            seat_view(data, seat)


SECRET_VERBS = {"sanjuan": ("pay ", "keep ", "discard ", "tuck "), "seasons": ("pick ",)}
CARD_NAMES = {"sanjuan": game_data.sanjuan().CARD_IDS, "seasons": game_data.seasons().CARDS}


@pytest.mark.parametrize("game", ["sanjuan", "seasons"])
def test_secret_moves_of_others_name_no_card(game):
    masked = shown = 0
    for seed in range(4):
        state = new_state(game, 2, seed)
        rng = np.random.default_rng(seed)
        while not state.is_terminal():
            before = state.to_dict()
            actor = state.current_player()
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            text = state.action_to_string(action)
            seen = move_seen_by(game, before, text, actor, 1 - actor)
            assert move_seen_by(game, before, text, actor, actor) == text      # one's own moves in full
            if text.startswith(SECRET_VERBS[game]) and before["phase"] != "gold_mine":
                assert not any(card in seen for card in CARD_NAMES[game]), (text, seen)
                masked += 1
            else:
                assert seen == text
                shown += 1
            state.apply_action(action)
    assert masked > 20 and shown > 20


def test_seasons_secret_picks_are_named_once_their_round_reveals_them():
    state = new_state("seasons", 2, 1)
    picks = []                                   # (position before, move, actor) of the first round's picks
    while state.to_dict()["phase"] == "select":
        before, actor = state.to_dict(), state.current_player()
        text = state.action_to_string(state.legal_actions()[0])
        picks.append((before, text, actor))
        state.apply_action(state.legal_actions()[0])
    last_before, last_text, last_actor = picks[-1]
    # while the selection goes on, the other seat's pick stays face down, also read later in it
    assert move_seen_by("seasons", last_before, last_text, last_actor, 1 - last_actor, now=last_before) \
        == "pick a card (face down)"
    now = state.to_dict()                        # the selection is over: the cards are on the table
    assert now["phase"] != "select"
    for before, text, actor in picks:
        assert move_seen_by("seasons", before, text, actor, 1 - actor, now=now) == text
        assert move_seen_by("seasons", before, text, actor, 1 - actor) == "pick a card (face down)"
