"""The heuristic playout policy (c_playout / c_playout_action): legal, seeded, better than uniform."""
from collections import Counter

import numpy as np
import pytest

from engine_c import new_state

from sanjuan_helpers import invariant, make, play, hand, names


def _positions(players, games, seed):
    """Positions along games played by the policy itself and by uniform moves, alternately."""
    rng = np.random.default_rng(seed)
    for g in range(games):
        state = new_state("sanjuan", players, seed * 100 + g)
        while not state.is_terminal():
            yield state
            if rng.random() < 0.5:
                action = state.playout_action(int(rng.integers(1 << 30)))
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state.apply_action(action)


def _policy_picks(state, seeds=200):
    """How often the policy picks each move (by its notation) at this decision."""
    return Counter(state.action_to_string(state.playout_action(seed)) for seed in range(seeds))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_policy_picks_only_offered_actions(players):
    count = 0
    for state in _positions(players, 4, players):
        legal = state.legal_actions()
        legal_set = set(legal)
        for k in range(3):
            assert state.playout_action(count * 3 + k) in legal_set
        # the search offers any subset of the legal moves (its untried ones)
        for size in range(1, min(len(legal), 4) + 1):
            for start in range(0, len(legal), 3):
                offered = [legal[(start + i) % len(legal)] for i in range(size)]
                assert state.playout_action(count + start, among=offered) in offered
        count += 1
    assert count > 200


def test_policy_is_deterministic_for_a_seed():
    for state in [s.clone() for s in _positions(2, 1, 7)][::5]:
        for seed in range(5):
            assert state.playout_action(seed) == state.playout_action(seed)
    for seed in range(10):
        start = new_state("sanjuan", 2, seed)
        a, b = start.clone(), start.clone()
        a.playout(seed, policy=True)
        b.playout(seed, policy=True)
        assert a.is_terminal() and a == b
    assert start == new_state("sanjuan", 2, 9)      # playouts change only the copies


@pytest.mark.parametrize("players", [2, 3, 4])
def test_policy_games_end_legally(players):
    rng = np.random.default_rng(players)
    for g in range(12):
        state = new_state("sanjuan", players, 1000 * players + g)
        if g % 2:
            state.playout(g, policy=True)              # the C loop
        else:
            while not state.is_terminal():             # move by move, every decision checked
                invariant(state)
                state.apply_action(state.playout_action(int(rng.integers(1 << 30))))
        invariant(state)                               # cards conserved, rules invariants
        d = state.to_dict()
        assert state.is_terminal() and d["rounds"] < 100
        assert max(len(s["buildings"]) for s in d["seats"]) == 12
        scores, ranks = state.scores(), state.ranks()
        assert min(ranks) == 0
        for p in range(players):
            for q in range(players):
                if scores[p] > scores[q]:
                    assert ranks[p] < ranks[q]
        assert abs(sum(state.returns()) - players / 2) < 1e-9


def test_policy_mixes_moves():
    # epsilon-uniform plus noise: at the opening the policy does not always pick one move
    picks = set()
    for g in range(20):
        state = new_state("sanjuan", 2, g)
        picks |= {state.playout_action(seed) for seed in range(50)}
    assert len(picks) >= 3


# ---- behaviour: each would fail with uniform moves -------------------------------------------
def test_policy_chooses_builder_when_it_can_afford_a_good_building():
    # hero costs 5 - 1 (privilege) = 4 of his other 5 cards; no goods to sell
    s = make(2, hands={0: ["hero", "indigo_plant", "well", "crane", "archive", "sugar_mill"]})
    picks = _policy_picks(s)
    assert picks["builder"] >= 170, picks                  # uniform: 1 in 5


def test_policy_chooses_trader_with_goods_and_nothing_to_build():
    b = [("indigo_plant", "well"), ("coffee_roaster", "crane"), ("silver_smelter", "statue")]
    s = make(2, hands={0: ["palace"]}, buildings={0: b}, tiles=["T5", "T1", "T2", "T3", "T4"])
    picks = _policy_picks(s)
    assert picks["trader"] >= 170, picks


def test_policy_values_roles_by_his_gain_minus_the_others_gain():
    # nothing to build, trade or produce alone: the councillor gives the other player a card
    # too and the producer fills his indigo plant as well, the prospector only helps the chooser
    # (a gain minus half the other's would pick the councillor)
    s = make(2, hands={0: ["palace"]})
    picks = _policy_picks(s)
    assert picks["prospector"] >= 170, picks


def test_policy_builds_the_most_valuable_affordable_building():
    s = make(2, hands={0: ["hero", "statue", "indigo_plant", "well", "crane", "sugar_mill"]})
    play(s, "builder")
    assert s.current_player() == 0
    picks = _policy_picks(s)
    assert picks["build hero"] >= 170, picks               # uniform: 1 in 7 (with pass)


def test_policy_pays_with_the_least_useful_cards():
    # hero for 4: pay with the violet buildings he already owns and the indigo plant, keep the statue
    s = make(2, hands={0: ["hero", "statue", "indigo_plant", "well", "archive", "smithy"]},
             buildings={0: ["indigo_plant", "well", "archive", "smithy"]})
    kept = Counter()
    for seed in range(100):
        t = play(s.clone(), "builder", "build hero")
        while t.current_player() == 0 and t.to_dict()["phase"] == "pay":
            t.apply_action(t.playout_action(seed))
        assert names(t, 0)[-1] == "hero"
        kept.update(hand(t, 0))
    assert kept["statue"] >= 85, kept                       # uniform: about 1 in 5


def test_policy_keeps_the_best_councillor_card_and_sells_the_dearest_good():
    s = make(2, supply_top=["well", "crane", "hero", "indigo_plant", "archive"])
    play(s, "councillor")
    assert s.to_dict()["phase"] == "keep"
    picks = _policy_picks(s)
    assert picks["keep hero"] >= 170, picks
    # the other player sells one good: silver (3 cards at T5) rather than indigo (1)
    b = [("indigo_plant", "well"), ("silver_smelter", "crane")]
    s = make(2, governor=1, buildings={0: b}, tiles=["T5", "T1", "T2", "T3", "T4"])
    play(s, "trader")
    assert s.current_player() == 0 and s.to_dict()["phase"] == "sell"
    picks = _policy_picks(s)
    assert picks["sell silver"] >= 170, picks


def test_policy_beats_uniform_moves_head_to_head():
    # seat-alternating games, one player on the policy, the other on uniform moves (no search)
    rng = np.random.default_rng(5)
    wins = 0
    games = 60
    for g in range(games):
        state = new_state("sanjuan", 2, 500 + g)
        policy_seat = g % 2
        while not state.is_terminal():
            if state.current_player() == policy_seat:
                action = state.playout_action(int(rng.integers(1 << 30)))
            else:
                legal = state.legal_actions()
                action = legal[int(rng.integers(len(legal)))]
            state.apply_action(action)
        wins += state.ranks()[policy_seat] == 0
    assert wins >= 0.8 * games


def test_policy_playouts_score_more_than_uniform_playouts():
    # a direction check over the same start: mean final score per player
    start = new_state("sanjuan", 2, 3)
    policy, uniform = [], []
    for seed in range(300):
        a, b = start.clone(), start.clone()
        a.playout(seed, policy=True)
        b.playout(seed)
        policy += a.scores()
        uniform += b.scores()
    assert np.mean(policy) > np.mean(uniform) + 3
