"""scripts/peer_ismcts.py: paired games of boardlab's ISMCTS against OpenSpiel's ISMCTSBot,
seeded, resumable, summarised with Wilson intervals."""
import importlib.util
import json
from pathlib import Path

import pytest

from analysis.stats import wilson_interval

SCRIPT = Path(__file__).resolve().parents[2] / "scripts" / "peer_ismcts.py"


@pytest.fixture(scope="module")
def peer():
    """The script, imported as a module."""
    spec = importlib.util.spec_from_file_location("peer_ismcts", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_a_pair_the_table_the_journal_and_resuming(peer, tmp_path, capsys):
    out = tmp_path / "peer.jsonl"
    argv = ["--games", "seasons", "--pairs", "1", "--iterations", "2", "--seed", "4", "--out", str(out), "--quiet"]
    peer.main(argv)
    printed = capsys.readouterr().out
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [(r["pair"], r["boardlab_seat"]) for r in records] == [(0, 0), (0, 1)]
    for record in records:
        assert record["moves"]["boardlab"] > 0 and record["moves"]["openspiel"] > 0
        assert sum(record["moves"].values()) > 20
        assert sorted(record["returns"]) in ([0.0, 1.0], [0.5, 0.5])
    credit = sum(r["returns"][r["boardlab_seat"]] for r in records)
    low, high = wilson_interval(credit, 2)
    row = next(line for line in printed.splitlines() if line.startswith("| seasons"))
    assert f"| {credit / 2:.3f} | {low:.3f}-{high:.3f} |" in row
    assert "2 (1)" in row
    # a game replays exactly from its seeds (deal, both agents, the sampler of determinizations)
    settings = {key: records[1][key] for key in ("iterations", "seed", "uct_c", "spec")}
    again = peer.play_game("seasons", 0, 1, settings)
    for key in ("returns", "scores", "moves"):
        assert again[key] == records[1][key]
    peer.main(argv)                     # everything is in the journal: nothing is played again
    assert out.read_text().count("\n") == 2
    assert capsys.readouterr().out == printed


def test_max_moves_times_moves_without_a_result(peer, tmp_path, capsys):
    out = tmp_path / "timing.jsonl"
    peer.main(["--games", "seasons", "--pairs", "1", "--iterations", "2", "--max-moves", "5", "--out", str(out), "--quiet"])
    records = [json.loads(line) for line in out.read_text().splitlines()]
    assert [sum(r["moves"].values()) for r in records] == [5, 5]
    assert not any(r["finished"] for r in records)
    row = next(line for line in capsys.readouterr().out.splitlines() if line.startswith("| seasons"))
    assert row.startswith("| seasons | 0 (0) | - | - | - |") and row.endswith("| 10 |")


def test_an_unknown_game_is_refused(peer):
    with pytest.raises(SystemExit):
        peer.main(["--games", "chess"])


@pytest.mark.parametrize("args, message", [
    (["--spec", "bogus"], "unknown agent 'bogus'"),
    (["--spec", "ismcts:iterations=abc"], "parameter iterations must be"),
    (["--seed", str(2**40)], "seed must be an integer 0..2147483647"),
    (["--out", "."], "--out . is a folder"),
    (["--pairs", "0"], "--pairs must be positive, got 0"),
    (["--iterations", "-3"], "--iterations must be positive, got -3"),
    (["--seed", "-1"], "--seed must be non-negative, got -1"),
    (["--max-moves", "0"], "--max-moves must be positive, got 0"),
    (["--uct-c", "-1"], "--uct-c must be a non-negative number, got -1.0"),
    (["--uct-c", "nan"], "--uct-c must be a non-negative number, got nan"),
])
def test_bad_spec_seed_or_out_is_one_line(peer, args, message):
    # these used to end in a traceback from the first game (or from reading the folder)
    with pytest.raises(SystemExit) as refused:
        peer.main(["--games", "seasons", "--pairs", "1", "--iterations", "2", "--quiet", *args])
    text = str(refused.value.code)
    assert text.startswith("peer_ismcts.py: error: ") and message in text and "\n" not in text


def test_an_unreadable_journal_is_one_line_and_kept(peer, tmp_path):
    out = tmp_path / "peer.jsonl"
    out.write_text("not json\n")
    with pytest.raises(SystemExit) as refused:
        peer.main(["--games", "seasons", "--pairs", "1", "--iterations", "2", "--out", str(out), "--quiet"])
    assert str(refused.value.code) == (f"peer_ismcts.py: error: --out {out}: line 1 is not a game of this "
                                       "script (Expecting value: line 1 column 1 (char 0))")
    assert out.read_text() == "not json\n"
