"""The heuristic playout policy (docs/seasons.md, "Playout policy"): it stays inside the moves it is
offered, and its key rules of thumb hold."""
import pytest

from engine_c import new_state

from seasons_helpers import invariant


def _policy_positions(players, seeds, winter=False):
    """Every position of policy games (seed per game), as (state copy, seed) pairs."""
    for seed in seeds:
        s = new_state("seasons", players, seed, winter=winter)
        step = 0
        while not s.is_terminal():
            yield s.clone(), seed * 1000 + step
            s.apply_action(s.playout_action(seed * 1000 + step))
            step += 1


@pytest.mark.parametrize("players,winter", [(2, False), (3, False), (4, False), (2, True)])
def test_policy_returns_only_offered_actions(players, winter):
    """Offered any subset of the legal moves, the policy returns one of them (a single one as is)."""
    for s, seed in _policy_positions(players, range(3), winter):
        legal = s.legal_actions()
        if len(legal) == 1:
            assert s.playout_action(seed) == legal[0]
            continue
        for k in range(1, len(legal) + 1, 2):
            offered = legal[seed % len(legal):] + legal[:seed % len(legal)]
            offered = offered[:k]
            assert s.playout_action(seed, among=offered) in offered
        assert s.playout_action(seed, among=[legal[-1]]) == legal[-1]


def test_policy_is_deterministic_given_the_seed():
    """The same seed gives the same move and the same playout."""
    for s, seed in _policy_positions(2, [5]):
        assert s.playout_action(seed) == s.playout_action(seed)
    a, b = new_state("seasons", 3, 2), new_state("seasons", 3, 2)
    a.playout(9, policy=True)
    b.playout(9, policy=True)
    assert a == b


def _stonemason_builds(players=2, games=24):
    """Positions where a stonemason may build (build or pass), from policy games."""
    for s, seed in _policy_positions(players, range(games)):
        d = s.to_dict()
        if d["phase"] == "build" and d["queue"][d["queue_pos"]][1] == "stonemason":
            yield s, seed


def test_stonemason_builds_the_most_vp_rather_than_passing():
    """A stonemason that can build does, mostly the building worth the most VP."""
    from engine_c.seasons.data import BUILDING_IDS
    import json
    vp = {b["id"]: b["vp"] for b in json.load(open(_content()))["tables"]["buildings"]["items"]}
    positions = list(_stonemason_builds())
    assert len(positions) >= 20
    passes = best = pair_builds = 0
    for s, seed in positions:
        legal = s.legal_actions()
        names = [s.action_to_string(a) for a in legal]
        top = max(vp[n.split()[1]] for n in names if n != "pass")
        chosen = s.action_to_string(s.playout_action(seed))
        passes += chosen == "pass"
        best += chosen != "pass" and vp[chosen.split()[1]] == top
        # offered only pass and one building, it builds (bar the few uniform moves)
        build = next(a for a, n in zip(legal, names) if n != "pass")
        pair_builds += s.playout_action(seed + 1, among=[legal[0], build]) == build
    assert passes <= len(positions) // 10
    assert pair_builds >= len(positions) * 9 // 10
    assert best >= len(positions) * 6 // 10      # the noise (6 VP) sometimes prefers a close second
    assert set(BUILDING_IDS) >= set(vp)


def _content():
    """The shipped data file."""
    import os
    import engine_c.seasons
    return os.path.join(os.path.dirname(engine_c.seasons.__file__), "content.json")


def test_policy_self_play_scores_and_builds_more_than_uniform_play():
    """Policy games score more, and more VP from buildings, than uniform games."""
    totals = {True: [0, 0], False: [0, 0]}
    for policy in (True, False):
        for seed in range(60):
            s = new_state("seasons", 2, seed)
            s.playout(seed, policy=policy)
            invariant(s)
            totals[policy][0] += sum(s.scores())
            totals[policy][1] += sum(f["vp_buildings"] for f in s.features())
    assert totals[True][0] > totals[False][0] * 1.05
    assert totals[True][1] > totals[False][1] * 1.1
