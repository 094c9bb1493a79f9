"""max_game_length is the rules' bound (solver/adapters/game_length.py): no game played, by random
moves or by a player that keeps the game going (never passes or ends early when it can act), takes
more decisions in all or for one seat; the OpenSpiel game declares it; San Juan's safeguard is the
engine's."""
import json

import numpy as np
import pytest

import engine_c
from engine_c.errors import BoardlabError
from solver.adapters.game_length import SANJUAN_MAX_ROUNDS, max_decisions, per_player_bound

PAIRS = [(game, players) for game in ("burgundy", "sanjuan", "seasons", "tiletum") for players in (2, 3, 4)]
GAMES_PER_PAIR = 100
# actions that stop or decline (pass, end, nobonus, nokingbonus): the long-game player avoids them
STOPPING = ("pass", "end", "nobonus", "nokingbonus", "winter decline")


def play(game, players, seed, long, **options):
    """Decisions per seat of one game, random moves or (``long``) avoiding the stopping ones."""
    state = engine_c.new_state(game, players, seed, **options)
    rng, counts = np.random.default_rng(seed), [0] * players
    while not state.is_terminal():
        legal = state.legal_actions()
        if long:
            going = [a for a in legal if state.action_to_string(a).split(" ")[0] not in STOPPING]
            legal = going or legal
        counts[state.current_player()] += 1
        state.apply_action(legal[rng.integers(len(legal))])
    return counts


@pytest.mark.parametrize("game, players", PAIRS)
def test_no_game_exceeds_the_bound(game, players):
    bound = per_player_bound(game, players)
    assert max_decisions(game, players) == bound * players
    longest = [0, 0]
    for seed in range(GAMES_PER_PAIR):
        for long in (False, True):
            counts = play(game, players, seed, long)
            assert max(counts) <= bound and sum(counts) <= bound * players, (seed, long, counts)
            longest[long] = max(longest[long], sum(counts))
    assert min(longest) > 0


@pytest.mark.parametrize("players", (2, 3, 4))
def test_no_seasons_winter_game_exceeds_the_bound(players):
    # the winter variant adds offers to answer (a position loaded into OpenSpiel may be a winter one)
    bound = per_player_bound("seasons", players)
    for seed in range(GAMES_PER_PAIR // 2):
        for long in (False, True):
            counts = play("seasons", players, seed, long, winter=True)
            assert max(counts) <= bound, (seed, long, counts)


@pytest.mark.parametrize("game, players", PAIRS)
def test_openspiel_declares_the_bound(game, players):
    from solver.adapters.openspiel import load_game
    assert load_game(game, players=players, seed=0).max_game_length() == max_decisions(game, players)


def test_the_sanjuan_cap_is_the_engines():
    state = engine_c.new_state("sanjuan", 2, 0)
    position = json.loads(state.to_json())
    position["rounds"] = SANJUAN_MAX_ROUNDS
    engine_c.state_class("sanjuan").from_json(json.dumps(position))        # the last round there is
    position["rounds"] = SANJUAN_MAX_ROUNDS + 1
    with pytest.raises(BoardlabError, match="rounds"):
        engine_c.state_class("sanjuan").from_json(json.dumps(position))


def test_bad_input_is_refused():
    with pytest.raises(ValueError, match="unknown game"):
        per_player_bound("chess", 2)
    with pytest.raises(ValueError, match="players must be 2-4"):
        max_decisions("seasons", 5)
