"""``boardlab play`` is fair by default: ``save`` writes the person's seat's copy with its hidden
parts drawn anew until ``reveal``; several cards of one payment go in any order."""
import io
import json

import numpy as np

from engine_c import new_state, state_from_json
from solver.play.session import PlaySession


def session_at(state, human):
    """A session at ``state`` for seat ``human`` against random agents, writing to a buffer."""
    return PlaySession(state, human, "random", 0, io.StringIO(), color=False)


def test_save_is_the_seat_s_copy_until_reveal(tmp_path):
    state = new_state("sanjuan", 3, 8)
    session = session_at(state, state.current_player())
    session.command(f"save {tmp_path / 'fair.json'}")
    fair = json.loads((tmp_path / "fair.json").read_text())
    truth = state.to_dict()
    others = [seat for seat in range(3) if seat != session.human]
    assert fair["redrawn"] and fair["rng"] != truth["rng"]
    assert any(fair["seats"][seat]["hand"] != truth["seats"][seat]["hand"] for seat in others) \
        or fair["supply"] != truth["supply"]
    assert fair["seats"][session.human]["hand"] == truth["seats"][session.human]["hand"]
    session.command("reveal")
    session.command(f"save {tmp_path / 'whole.json'}")
    assert state_from_json((tmp_path / "whole.json").read_text()).to_dict() == truth
    out = session.out.getvalue()
    assert "play mode left for good" in out and ": the whole position" in out


def _payment(players=2):
    """A San Juan position where the player to act pays at least 2 cards out of 3 or more."""
    for seed in range(400):
        state, rng = new_state("sanjuan", players, seed), np.random.default_rng(seed)
        for _ in range(400):
            if state.is_terminal():
                break
            data = state.to_dict()
            if data["phase"] == "pay" and data["turn"]["limit"] >= 2 and len(state.legal_actions()) >= 3:
                return state
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
    raise AssertionError("no payment of two cards found")


def test_a_payment_s_cards_are_taken_in_any_order():
    state = _payment()
    human = state.current_player()
    cards = [state.action_to_string(a).split()[1] for a in state.legal_actions()]
    low, high = cards[0], cards[-1]
    session = session_at(state.clone(), human)
    session.command(f"pay {high}, {low}")                 # the card list's order is low, high
    expected = state.clone()
    expected.apply_action(state.string_to_action(f"pay {low}"))
    expected.apply_action(expected.string_to_action(f"pay {high}"))
    assert session.state.to_dict() == expected.to_dict()
    assert session.out.getvalue().count("you play: ") == 2
    # one card out of the list's order is refused with the reason and the way to give a set
    session = session_at(state.clone(), human)
    session.command(f"pay {cards[1]}")
    assert session.state.to_dict()["phase"] == "pay"
    session.command(f"pay {low}")
    assert "go in the card list's order" in session.out.getvalue()
    bad = session_at(state.clone(), human)
    bad.command(f"pay {low}, {low}, {low}, {low}, {low}, {low}")
    assert "is not a legal set here" in bad.out.getvalue() and bad.state.to_dict() == state.to_dict()
