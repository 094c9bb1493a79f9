"""compare --causal's statistics: the change of a kind's forced-take value between two variants."""
import numpy as np
import pandas as pd

from analysis.compare_causal import causal_differences, causal_text


def _pairs(rng, shifts, games=60, per_game=4, own_share=0.2):
    """Synthetic forced-take pairs: per kind, score_take - score_own ~ shift + a game effect + noise."""
    rows = []
    for kind, shift in shifts.items():
        for game in range(games):
            game_effect = rng.normal(0, 2)
            for k in range(per_game):
                own = rng.random() < own_share
                d = 0.0 if own else shift + game_effect + rng.normal(0, 3)
                rows.append(dict(kind=kind, game_index=game, position=f"g{game}-{k}", own_takes=own,
                                 score_own=50.0, score_take=50.0 + d, win_own=0.0, win_take=0.0))
    return pd.DataFrame(rows)


def test_a_kind_made_stronger_and_one_made_weaker_are_found_and_an_unchanged_one_is_not():
    rng = np.random.default_rng(7)
    a = _pairs(rng, {"watchtower": 2.0, "warehouse": 1.0, "bank": 0.5})
    b = _pairs(rng, {"watchtower": 8.0, "warehouse": -4.0, "bank": 0.5})
    table = causal_differences(a, b, "burgundy", paired=False).set_index("kind")
    assert table.loc["watchtower", "verdict"] == "higher in B" and 4 < table.loc["watchtower", "diff"] < 8
    assert table.loc["warehouse", "verdict"] == "lower in B" and -7 < table.loc["warehouse", "diff"] < -3
    assert table.loc["bank", "lo"] < 0 < table.loc["bank", "hi"]
    # the pairs where the agent took the kind anyway do not enter the value
    assert table.loc["bank", "pairs_a"] == int((~a["own_takes"] & (a["kind"] == "bank")).sum())
    assert "higher in B" in causal_text(table.reset_index(), ["greedy"])


def test_the_same_pairs_twice_are_no_difference_and_pairing_shares_the_deals():
    rng = np.random.default_rng(3)
    a = _pairs(rng, {"watchtower": 2.0})
    same = causal_differences(a, a.copy(), "burgundy", paired=True)
    assert same.loc[0, "verdict"] == "no difference (identical games)" and same.loc[0, "diff"] == 0
    # paired on the same deals, a game's shared effect cancels: a narrower interval than unpaired
    b = a.assign(score_take=a["score_take"] + 1.0 + rng.normal(0, 0.5, len(a)))
    paired = causal_differences(a, b, "burgundy", paired=True).loc[0]
    unpaired = causal_differences(a, b, "burgundy", paired=False).loc[0]
    assert paired["diff"] == unpaired["diff"] and paired["se"] < unpaired["se"] / 2


def test_only_kinds_valued_in_both_variants_are_compared():
    rng = np.random.default_rng(5)
    table = causal_differences(_pairs(rng, {"watchtower": 1.0, "bank": 1.0}), _pairs(rng, {"bank": 1.0}),
                               "burgundy")
    assert list(table["kind"]) == ["bank"]
    empty = causal_differences(_pairs(rng, {"watchtower": 1.0}), _pairs(rng, {"bank": 1.0}), "burgundy")
    assert empty.empty and "no kind was valued in both variants" in causal_text(empty, ["random"])
