"""scripts/null_rate.py: false flags counted over compare studies of a variant against itself, each
repeated verdict counted once."""
import pandas as pd

from script_loader import load_script


def _study(folder, flagged_measures, kinds_verdicts, players=2):
    """A compare folder as `boardlab compare` writes it (only the columns the count reads)."""
    folder.mkdir()
    names = ["mean_score", "spread", "margin", "turns"] + [f"win_seat{k}" for k in range(players)]
    measures = pd.DataFrame({"measure": names, "diff": 1.0, "se": 1.0,
                             "verdict": ["higher in B" if m in flagged_measures else "no difference found (x)"
                                         for m in names]})
    measures.to_csv(folder / "compare.csv", index=False)
    kinds = pd.DataFrame({"feature": [f"f_{i}" for i in range(len(kinds_verdicts))], "diff": 1.0, "se": 1.0,
                          "verdict": kinds_verdicts})
    kinds.loc[kinds["verdict"].str.startswith("reference"), ["diff", "se"]] = float("nan")
    kinds.to_csv(folder / "compare_kinds.csv", index=False)
    return folder


def test_flags_are_counted_once_per_verdict(tmp_path, capsys):
    null_rate = load_script("null_rate")
    one = _study(tmp_path / "one", {"spread", "margin", "win_seat0", "win_seat1"},
                 ["lower in B", "no difference found (x)", "reference: the others"])
    two = _study(tmp_path / "two", {"turns"}, ["no difference found (x)"] * 3, players=3)
    assert null_rate.main([str(one), str(two)]) == 0
    out = capsys.readouterr().out
    # 2 players: spread repeats the margin, seat 1 repeats seat 0 -> 4 measures, 2 flagged;
    # 3 players: the spread stays, the last seat goes -> 6 measures, 1 flagged; the reference kind is not tested
    assert "measures: 3 of 10 flagged = 30.0%" in out
    assert "kinds: 1 of 5 flagged = 20.0%" in out
    assert "all verdicts: 4 of 15 flagged = 26.7%" in out
    assert "scatter of the z scores: 1.000" in out


def test_a_folder_without_a_comparison_is_refused(tmp_path, capsys):
    assert load_script("null_rate").main([str(tmp_path)]) == 2
    assert "no compare.csv" in capsys.readouterr().err
