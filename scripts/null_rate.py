"""How often ``boardlab compare`` flags a difference between a variant and itself (the false-flag rate).

    python -m solver.cli compare shipped shipped --game sanjuan --agent greedy --games 400 \\
        --seed 1 --seed-b 2 --jobs 1 --out runs/null-sanjuan-1-2
    python scripts/null_rate.py runs/null-sanjuan-*

Each folder is one compare study of identical variants dealt by two root seeds (unpaired). Every
verdict that says "higher in B" or "lower in B" is a false flag. Counted per folder and in all:
  measures   the game measures; the last seat's share of wins is left out, as the seats' shares
             sum to 1 (in a 2-player game seat 1's verdict is seat 0's, mirrored), and at 2 players
             the spread too (the SD of two scores is half the winning margin: the same verdict)
  kinds      the kinds with a measured change (not the reference kind or kinds never taken)
and the scatter of the z scores (difference / standard error) over all of them: 1 when the intervals
are as wide as they should be, above 1 when they are too narrow. The nominal rate is 5% per verdict. Verdicts within a study are correlated (one set of games), so
the count over a few studies scatters more than a binomial count would: the Wilson interval
printed is a floor on that scatter, not a test.
"""
import argparse
import sys
from pathlib import Path

import numpy as np
import pandas as pd

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from analysis.stats import wilson_interval  # noqa: E402


def _flagged(verdicts: pd.Series) -> int:
    """How many verdicts claim a difference."""
    return int(verdicts.astype(str).str.endswith("in B").sum())


def tally(folder: Path) -> dict:
    """Flags and verdicts of one compare study: measures and kinds apart."""
    measures = pd.read_csv(folder / "compare.csv")
    seats = sorted(m for m in measures["measure"] if m.startswith("win_seat"))
    implied = {seats[-1]} | ({"spread"} if len(seats) == 2 else set())
    measures = measures[~measures["measure"].isin(implied)]     # verdicts that repeat another's
    kinds = pd.read_csv(folder / "compare_kinds.csv")
    kinds = kinds[np.isfinite(kinds["diff"]) & np.isfinite(kinds["se"])]     # a change with an interval
    z = np.concatenate([(measures["diff"] / measures["se"]).to_numpy(float), (kinds["diff"] / kinds["se"]).to_numpy(float)])
    return dict(study=str(folder), measures=len(measures), measures_flagged=_flagged(measures["verdict"]),
                kinds=len(kinds), kinds_flagged=_flagged(kinds["verdict"]), sum_z2=float(np.sum(z ** 2)))


def main(argv=None) -> int:
    """Print the false-flag count per study and over all of them."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folders", nargs="+", type=Path, help="compare study folders (identical variants)")
    args = parser.parse_args(argv)
    missing = [str(f) for f in args.folders if not (f / "compare.csv").is_file()]
    if missing:
        print(f"error: no compare.csv in {', '.join(missing)}", file=sys.stderr)
        return 2
    table = pd.DataFrame([tally(f) for f in args.folders])
    print(table.drop(columns="sum_z2").to_string(index=False))
    for what in ("measures", "kinds"):
        n, k = int(table[what].sum()), int(table[f"{what}_flagged"].sum())
        lo, hi = wilson_interval(k, n)
        print(f"{what}: {k} of {n} flagged = {k / n:.1%} [{lo:.1%}, {hi:.1%}] (nominal 5%)")
    n = int(table["measures"].sum() + table["kinds"].sum())
    k = int(table["measures_flagged"].sum() + table["kinds_flagged"].sum())
    lo, hi = wilson_interval(k, n)
    print(f"all verdicts: {k} of {n} flagged = {k / n:.1%} [{lo:.1%}, {hi:.1%}] (nominal 5%)")
    print(f"scatter of the z scores: {np.sqrt(table['sum_z2'].sum() / n):.3f} (1 when the intervals are right)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
