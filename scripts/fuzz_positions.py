"""Position fuzzer: random edits of real positions must give a one-line error or a playable position.

For each game and player count it takes positions from seeded random games, applies random
field edits (drop, shorten, lengthen, retype, huge or negative numbers, small nudges, swaps,
nesting, values moved from elsewhere in the same position) and requires of every result:

- either ``from_json`` refuses it with a one-line ``BoardlabError`` raised by the game's reader
  (not by the safety net that turns a stray ``KeyError`` or ``OverflowError`` into one line),
- or the loaded position is over, or its player to act has a legal move; a short ISMCTS search,
  a random playout and a policy playout (also after ``resample_hidden``) all finish, and the
  position round-trips through ``to_json``.

Any other exception, a crash or a hang is a failure.  The fuzz runs in a child process with a
watchdog: a hang or a segfault is reported with the edit that caused it (the child writes each
case to a file before trying it).

    python scripts/fuzz_positions.py --game tiletum --edits 50000          # one game, all player counts
    python scripts/fuzz_positions.py --edits 50000                          # every game
Exit status 0 when every edit passed; the summary line gives edits, refusals and accepted positions.
"""
import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))   # run from a checkout, installed or not

import numpy as np  # noqa: E402

FUZZ_GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")
ODD_VALUES = (None, True, False, "", "x", "A", 0.5, -1.5, float("inf"), [], {}, [[[[]]]], {"a": 1},
              -1, 0, 1, 2, 3, 7, 255, 256, 65535, 65536, 2**31 - 1, 2**31, -2**31, 2**32, 2**63 - 1,
              2**63, 2**64, -2**63, 10**30, -10**30)
SEARCH_ITERATIONS = 40


# --------------------------------------------------------------------------- edits

def _paths(node, prefix=()):
    """Every path (tuple of keys and indices) to a value inside ``node``, the root excluded."""
    out = []
    if isinstance(node, dict):
        items = node.items()
    elif isinstance(node, list):
        items = enumerate(node)
    else:
        return out
    for key, value in items:
        path = prefix + (key,)
        out.append(path)
        out.extend(_paths(value, path))
    return out


def _leaves(node):
    """All scalar values in ``node`` (names and numbers a position uses: plausible replacements)."""
    if isinstance(node, dict):
        return [v for value in node.values() for v in _leaves(value)]
    if isinstance(node, list):
        return [v for value in node for v in _leaves(value)]
    return [node]


def _parent(doc, path):
    node = doc
    for key in path[:-1]:
        node = node[key]
    return node


def _nudge(value, rng):
    """A nearby or extreme version of a scalar."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, int):
        return int(rng.choice([value + 1, value - 1, value + 2, -value - 1, value * 2 + 1, 0,
                               2**31 + value, 2**64 - 1, -2**31]))
    if isinstance(value, str):
        return rng.choice([value + "x", value[:-1], value.upper(), value * 2])
    return ODD_VALUES[int(rng.integers(len(ODD_VALUES)))]


def edit_once(doc, rng, pool):
    """Apply one random edit to ``doc`` in place; return a short description."""
    paths = _paths(doc)
    if not paths:
        return "nothing to edit"
    path = paths[int(rng.integers(len(paths)))]
    parent = _parent(doc, path)
    key = path[-1]
    value = parent[key]
    kind = rng.choice(["drop", "nudge", "nudge", "nudge", "odd", "pool", "pool", "shorten", "lengthen",
                       "swap", "nest", "duplicate", "clear"])
    if kind == "drop":
        del parent[key]
    elif kind == "nudge":
        parent[key] = _nudge(value, rng)
    elif kind == "odd":
        parent[key] = copy.deepcopy(ODD_VALUES[int(rng.integers(len(ODD_VALUES)))])
    elif kind == "pool":
        parent[key] = pool[int(rng.integers(len(pool)))]
    elif kind == "shorten" and isinstance(value, (list, dict)) and value:
        if isinstance(value, list):
            del value[int(rng.integers(len(value))):]
        else:
            del value[list(value)[int(rng.integers(len(value)))]]
    elif kind == "lengthen" and isinstance(value, list):
        extra = copy.deepcopy(value[int(rng.integers(len(value)))]) if value else pool[int(rng.integers(len(pool)))]
        value.insert(int(rng.integers(len(value) + 1)), extra)
    elif kind == "swap" and isinstance(parent, list) and len(parent) > 1:
        other = int(rng.integers(len(parent)))
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == "swap" and isinstance(parent, dict) and len(parent) > 1:
        other = list(parent)[int(rng.integers(len(parent)))]
        parent[key], parent[other] = parent[other], parent[key]
    elif kind == "nest":
        parent[key] = [value]
    elif kind == "duplicate" and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(value))
    elif kind == "clear" and isinstance(value, (list, dict)):
        value.clear()
    else:
        parent[key] = _nudge(value, rng)
        kind = "nudge"
    return f"{kind} {'/'.join(str(k) for k in path)}"


# --------------------------------------------------------------------------- checks

def base_positions(game, players, seed, count=12):
    """Positions of seeded random games: openings, early, middle and late positions."""
    from engine_c import new_state

    rng = np.random.default_rng(seed)
    out = []
    while len(out) < count:
        state = new_state(game, players, int(rng.integers(2**32)))
        line = [state.to_json()]
        while not state.is_terminal():
            legal = state.legal_actions()
            state.apply_action(legal[int(rng.integers(len(legal)))])
            line.append(state.to_json())
        picks = {0, len(line) - 1} | {int(i) for i in rng.integers(0, len(line), 3)}
        out.extend(line[i] for i in sorted(picks))
    return out[:count]


def check_position(text, seed):
    """Load ``text``; return 'refused' or 'accepted' after the playability checks; raise on a defect."""
    from engine_c import state_from_json
    from engine_c.errors import BoardlabError
    from solver.search import ismcts

    try:
        state = state_from_json(text)
    except BoardlabError as exc:
        message = str(exc)
        if "\n" in message or not message:
            raise AssertionError(f"error message is not one line: {message!r}") from None
        if "malformed position (" in message:
            # from_json's safety net caught an exception the reader let slip: a reader gap
            raise AssertionError(f"the reader did not check this itself: {message}") from None
        return "refused"
    if not state.is_terminal():
        player = state.current_player()
        assert 0 <= player < state.num_players, f"player to act {player} out of range"
        legal = state.legal_actions()
        assert legal, "accepted a position whose player to act has no legal move"
        searcher = ismcts.Searcher(0.7, "margin")
        searcher.search(state, iterations=SEARCH_ITERATIONS, seed=seed)
        searcher.best_action()
        for policy in (False, True):
            world = state.resample_hidden(player, seed)
            world.playout(seed, policy=policy)
        again = type(state).from_json(state.to_json())
        assert again == state, "to_json / from_json does not round-trip"
    return "accepted"


def fuzz(game, players, edits, seed, case_file=None):
    """Run ``edits`` edits of ``game`` positions; return counts by outcome."""
    rng = np.random.default_rng([seed, players])
    bases = base_positions(game, players, seed)
    counts = {"refused": 0, "accepted": 0}
    for k in range(edits):
        doc = json.loads(bases[k % len(bases)])
        pool = _leaves(doc)
        steps = [edit_once(doc, rng, pool) for _ in range(int(rng.choice([1, 1, 1, 2, 3])))]
        text = json.dumps(doc)
        if case_file is not None:             # the watchdog reports this case if the check never returns
            Path(case_file).write_text(json.dumps({"edits": steps, "position": text}))
        try:
            counts[check_position(text, k)] += 1
        except Exception as exc:              # any other exception is a defect: report the case
            raise AssertionError(f"{game} {players}p edit {k} ({'; '.join(steps)}): "
                                 f"{type(exc).__name__}: {exc}\nposition: {text}") from None
    return counts


def run_watched(game, players, edits, seed, timeout):
    """Fuzz in a child process; return (ok, message). A crash or hang names the last case."""
    with tempfile.TemporaryDirectory() as tmp:
        case_file = os.path.join(tmp, "case.json")
        command = [sys.executable, __file__, "--child", "--game", game, "--players", str(players),
                   "--edits", str(edits), "--seed", str(seed), "--case-file", case_file]
        try:
            done = subprocess.run(command, capture_output=True, text=True, timeout=timeout)
        except subprocess.TimeoutExpired:
            return False, f"{game} {players}p: HANG (no answer in {timeout} s) on {_read(case_file)}"
        if done.returncode < 0:
            return False, f"{game} {players}p: CRASH (signal {-done.returncode}) on {_read(case_file)}"
        if done.returncode != 0:
            return False, done.stderr.strip()[-4000:]
        return True, done.stdout.strip()


def _read(path):
    try:
        return Path(path).read_text()
    except OSError:
        return "(no case written)"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default=",".join(FUZZ_GAMES), help="games, comma-separated")
    parser.add_argument("--players", default="2,3,4", help="player counts, comma-separated")
    parser.add_argument("--edits", type=int, default=2000, help="edits per game (split over player counts)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--timeout", type=float, default=None, help="watchdog seconds per game and player count")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--case-file", default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        counts = fuzz(args.game, int(args.players), args.edits, args.seed, args.case_file)
        print(json.dumps(counts))
        return 0
    failures = 0
    counts_by_player = [int(p) for p in args.players.split(",")]
    for game in args.game.split(","):
        started = time.perf_counter()
        total = {"refused": 0, "accepted": 0}
        for players in counts_by_player:
            edits = args.edits // len(counts_by_player)
            timeout = args.timeout or 60 + edits * 0.05
            ok, message = run_watched(game, players, edits, args.seed, timeout)
            if not ok:
                failures += 1
                print(message)
                continue
            for key, value in json.loads(message).items():
                total[key] += value
        print(f"{game}: {sum(total.values())} edits, {total['refused']} refused in one line, "
              f"{total['accepted']} accepted and playable, {time.perf_counter() - started:.0f} s", flush=True)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
