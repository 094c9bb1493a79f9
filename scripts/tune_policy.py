"""Tune the Castles of Burgundy playout policy's priorities by policy-only games.

    python scripts/tune_policy.py --deals 2000 --passes 3 --seed 0 --out runs/tune-burgundy

Coordinate search over the numbers of engine_c/burgundy/policy_priorities.py. A candidate (the best
so far with one number moved up or down) plays the best so far on the same --deals two-player
deals, in both seats, every game's playout seeded from the deal (common random numbers: the two
policies see the same deals and dice streams), so the difference between them is measured, not the
deals' luck. A candidate is kept when its mean margin over the best, points per game, beats zero by
more than --z standard errors of the paired means (and by at least 0.05 points). Each pass tries every number once, with steps
of --step (relative, at least 1); passes shrink the step by half. Deals come from --seed: the same
command gives the same priorities.

Printed per kept change: the name, the new value, the margin and its standard error. Written to
OUT/priorities.py: the tuned table (to copy into engine_c/burgundy/policy_priorities.py, by hand,
after a search-level check: docs/burgundy.md, "Playout policy"), with the command and the figures;
OUT/log.jsonl: every candidate tried.
"""
import argparse
import json
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine_c import new_state  # noqa: E402
from engine_c.burgundy.policy import priorities, set_priorities  # noqa: E402
from engine_c.burgundy.policy_priorities import PRIORITIES, PRIORITY_NAMES  # noqa: E402


def paired_margins(candidate, incumbent, deal_seeds):
    """Per deal, the candidate's mean margin over the incumbent across both seatings, and both
    policies' mean scores (candidate, incumbent)."""
    margins = np.empty(len(deal_seeds))
    scores = np.zeros(2)
    for i, deal in enumerate(deal_seeds):
        margin = 0.0
        for seat in (0, 1):
            set_priorities(candidate, seat=seat)
            set_priorities(incumbent, seat=1 - seat)
            state = new_state("burgundy", 2, int(deal))
            state.playout(int(deal), policy=True)
            final = state.scores()
            margin += final[seat] - final[1 - seat]
            scores += (final[seat], final[1 - seat])
        margins[i] = margin / 2
    set_priorities(PRIORITIES)
    return margins, scores / (2 * len(deal_seeds))


def self_play_score(values, deal_seeds):
    """Mean score per player when both seats play ``values`` on these deals."""
    set_priorities(values)
    total = 0.0
    for deal in deal_seeds:
        state = new_state("burgundy", 2, int(deal))
        state.playout(int(deal), policy=True)
        total += sum(state.scores())
    set_priorities(PRIORITIES)
    return total / (2 * len(deal_seeds))


def neighbours(values, name, step):
    """The two candidates with ``name`` moved down and up by ``step`` (relative, at least 1)."""
    delta = max(1, int(round(abs(values[name]) * step)))
    out = []
    for sign in (-1, 1):
        moved = dict(values)
        moved[name] = values[name] + sign * delta
        if name == "noise" and moved[name] < 1 or name == "uniform" and not 0 <= moved[name] <= 1024:
            continue
        out.append(moved)
    return out


def tune(deal_seeds, passes, step, z, log):
    """Coordinate search from the shipped priorities; returns the best values found."""
    best = dict(priorities(0))
    for pass_index in range(passes):
        for name in PRIORITY_NAMES:
            for candidate in neighbours(best, name, step):
                margins, _ = paired_margins(candidate, best, deal_seeds)
                mean = float(margins.mean())
                error = float(margins.std(ddof=1) / np.sqrt(len(margins)))
                kept = mean > max(z * error, 0.05)
                log.write(json.dumps({"pass": pass_index, "name": name, "value": candidate[name],
                                      "margin": round(mean, 3), "se": round(error, 3), "kept": kept}) + "\n")
                log.flush()
                if kept:
                    print(f"pass {pass_index}: {name} {best[name]} -> {candidate[name]}: "
                          f"margin {mean:+.2f} (se {error:.2f})", flush=True)
                    best = candidate
                    break
        step /= 2
    return best


def main(argv=None):
    """Tune, print the figures and write the table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=2000)
    parser.add_argument("--passes", type=int, default=3)
    parser.add_argument("--step", type=float, default=0.4)
    parser.add_argument("--z", type=float, default=2.0)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--out", required=True)
    args = parser.parse_args(argv)
    if args.deals < 10 or args.passes < 1 or args.step <= 0:
        parser.error("--deals must be at least 10, --passes at least 1 and --step above 0")
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(args.seed)
    deal_seeds = rng.integers(0, 2**31, size=args.deals)
    check_seeds = rng.integers(0, 2**31, size=args.deals)        # held out: the figures below
    with open(out / "log.jsonl", "w") as log:
        best = tune(deal_seeds, args.passes, args.step, args.z, log)
    margins, scores = paired_margins(best, PRIORITIES, check_seeds)
    error = margins.std(ddof=1) / np.sqrt(len(margins))
    before, after = self_play_score(PRIORITIES, check_seeds), self_play_score(best, check_seeds)
    print(f"held-out deals ({args.deals}): tuned against shipped margin {margins.mean():+.2f} "
          f"(se {error:.2f}), scores {scores[0]:.1f} / {scores[1]:.1f}; "
          f"self-play score {before:.1f} -> {after:.1f}")
    command = "python scripts/tune_policy.py " + " ".join(sys.argv[1:] if argv is None else argv)
    lines = [f'"""Tuned playout priorities: {command}', "",
             f"Held-out deals: margin {margins.mean():+.2f} (se {error:.2f}) against the shipped table; "
             f"policy self-play score {before:.1f} -> {after:.1f}.", '"""', "", "PRIORITIES = {"]
    lines += [f'    "{name}": {best[name]},' for name in PRIORITY_NAMES] + ["}", ""]
    (out / "priorities.py").write_text("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
