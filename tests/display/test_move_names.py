"""Moves in words (``state.action_name``, each game's ``names`` room): every action kind of every game
has a name that says what it concerns, distinct from the other legal moves' names."""
import re

import numpy as np
import pytest

from engine_c import new_state
from engine_c.burgundy import BurgundyState
from engine_c.tiletum.names import contract_text, person_text

# the action kinds (the notation with its numbers as #) seeded random games must meet
KINDS = {
    "burgundy": {"die#:take#", "die#:place#", "die#:sell#", "die#:workers", "castle:take#", "hall:place#",
                 "buy:black#", "buy:d#s#", "slot#", "space#", "discard#", "ship#", "goods#", "pick:d#s#",
                 "warehouse:sell#", "pass", "castle@#"},
    "sanjuan": {"builder", "producer", "trader", "councillor", "prospector", "build", "place", "cover", "pay",
                "keep", "discard", "tuck", "produce", "sell", "pay-good", "pass"},
    "seasons": {"pick", "load", "trader", "tower", "buy", "build", "pay", "helper", "from", "pass", "winter"},
    "tiletum": {"take", "bonus", "nobonus", "jester", "move", "mapbonus", "build", "refresh", "person", "place",
                "contract", "trade", "king", "buy", "crest", "fulfil", "cathedral", "use", "discard", "freemove",
                "end", "choose", "kingbonus", "nokingbonus"},
}


def _variants(game):
    """Games beyond the plain 2-4 player deals: the advanced scenario asks for the starting castles,
    the winter variant for the winter cards' offers."""
    if game == "burgundy":
        return [BurgundyState(3, 4, board="advanced")]
    if game == "seasons":
        return [new_state("seasons", players, 1, winter=True) for players in (2, 3)]
    return []


def kind(text):
    """An action's kind: its notation's first word with the numbers as ``#`` (``die#:take#``)."""
    return re.sub(r"\d+", "#", text.split()[0])


def _random_games(game):
    """Seeded random games of ``game`` at 2, 3 and 4 players (and its variants), every state visited."""
    starts = [new_state(game, players, players) for players in (2, 3, 4)] + _variants(game)
    for number, state in enumerate(starts):
        rng = np.random.default_rng(number)
        while not state.is_terminal():
            yield state
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])


@pytest.mark.parametrize("game", sorted(KINDS))
def test_every_action_kind_has_a_name_that_says_what_it_concerns(game):
    seen = set()
    for state in _random_games(game):
        legal = state.legal_actions()
        names = state.action_names(legal)
        texts = [state.action_to_string(a) for a in legal]
        assert len(set(names)) == len(names), list(zip(texts, names))      # one name, one move
        for text, name in zip(texts, names):
            assert isinstance(name, str) and name.strip(), text
            if re.search(r"\d", text):                 # a number in the notation: the name says what it is
                assert name != text, text
            seen.add(kind(text))
    assert KINDS[game] <= seen, sorted(KINDS[game] - seen)


@pytest.mark.parametrize("game", sorted(KINDS))
def test_every_action_id_is_named_in_any_position(game):
    # out of its moment (a space with no tile to place) a move still has words, never an exception
    for step, state in enumerate(_random_games(game)):
        if step % 50 == 0:
            assert all(state.action_names(range(state.num_distinct_actions)))
    opening = new_state(game, 2, 0)
    assert opening.action_name(opening.legal_actions()[0]) == opening.action_names()[0]


def test_burgundy_names_the_tiles_of_the_depot_the_die_takes_from():
    state = new_state("burgundy", 2, 0)
    assert state.to_dict()["depots"][3][:2] == ["ship", "market"]
    assert state.action_name(state.string_to_action("die1:take4")) == "die1: take ship or market from depot 4"
    assert state.action_name(state.string_to_action("die1:take5")) == "die1: take mine or knowledge 4 from depot 5"
    assert state.action_name(state.string_to_action("die1:take6")) == "die1: take church or 4 pigs from depot 6"
    state.apply_action("die1:take4")
    assert state.action_names() == ["take ship from depot 4 space 1", "take market from depot 4 space 2"]
    state.apply_action("slot2")
    # a move's words come from the position whether or not it is legal there (die 2 cannot place it)
    assert state.action_name(state.string_to_action("die2:place1")) == "die2: place market from storage 1"
    assert state.action_name(state.string_to_action("buy:black1")).startswith("buy ")


def test_sanjuan_names_the_role_the_building_covered_and_the_card():
    state = new_state("sanjuan", 2, 0)
    assert state.action_names()[:2] == ["take the builder role: build", "take the producer role: produce"]
    cover = state.action_name(state.string_to_action("cover 0"))
    first = state.to_dict()["seats"][state.current_player()]["buildings"][0]
    assert cover == f"build over the {(first['card'] if isinstance(first, dict) else first).replace('_', ' ')} (slot 0)"
    assert state.action_name(state.string_to_action("build smithy")) == "build smithy (cost 1, 1 VP)"


def test_seasons_names_the_pieces_in_the_tower_and_the_helper_place():
    state = new_state("seasons", 2, 0)
    tower = state.to_dict()["tower"]
    assert state.action_name(state.string_to_action("tower stone")) == \
        f"bricklayer: take {tower['stone']} stone from the tower"
    assert state.action_name(state.string_to_action("helper tavern12")) == "place a helper in the tavern (place tavern12, fee 12)"
    assert state.action_name(state.string_to_action("buy p1 wood")) == "stonemason: buy 1 wood from seat 1's worker card"


def test_tiletum_names_the_die_and_the_person_and_contract_of_a_display_slot():
    state = new_state("tiletum", 2, 0)
    data = state.to_dict()
    assert state.action_name(state.string_to_action("take F4")) == \
        f"take the food die 4: {data['wheel'][3]} action"
    person = data["person_display"][2]
    assert state.action_name(state.string_to_action("person 2")) == \
        f"take person {person_text(person)} from display slot 2"
    contract = data["contract_display"][0]
    assert state.action_name(state.string_to_action("contract 0")).startswith(
        f"take contract {contract_text(contract)} from display slot 0 (")
