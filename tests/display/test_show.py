"""boardlab show: the pictures of one position per game, checked against golden files.

Each game has a position ``golden/<game>.json`` and two expected pictures: ``<game>.txt`` (the whole
position) and ``<game>.seat1.txt`` (what seat 1 sees).  After a deliberate change of a picture,
regenerate them from the repository root and read the difference before committing (for Seasons
and Tiletum ``show`` first prints the note that the data holds placeholders; the golden files leave
that line out, ``tail -n +2``):

    for g in burgundy sanjuan; do
        python -m solver.cli show tests/display/golden/$g.json --no-color > tests/display/golden/$g.txt
        python -m solver.cli show tests/display/golden/$g.json --seat 1 --no-color > tests/display/golden/$g.seat1.txt
    done
    for g in seasons tiletum; do
        python -m solver.cli show tests/display/golden/$g.json --no-color | tail -n +2 > tests/display/golden/$g.txt
        python -m solver.cli show tests/display/golden/$g.json --seat 1 --no-color | tail -n +2 > tests/display/golden/$g.seat1.txt
    done

The positions came from ``boardlab position`` (burgundy: --players 2 --seed 3 --random-moves 60;
sanjuan: --players 3 --seed 2 --random-moves 40; seasons: --players 3 --seed 4 --random-moves 1;
tiletum: --players 2 --seed 1 --random-moves 50).
"""
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

from engine_c import new_state, state_from_json
from solver.games.datafiles import note
from solver.display import render
from solver.display.burgundy import neighbours, regions

GOLDEN = Path(__file__).parent / "golden"
GAMES = ("burgundy", "sanjuan", "seasons", "tiletum")
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def _boardlab(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "solver.cli", *args], capture_output=True, text=True, input=stdin)


def _picture(game, result):
    """The picture ``show`` printed (standard output); the placeholder note, for a game whose data holds
    placeholders, is one line on standard error (it names the data's hash, so the golden files leave it out)."""
    line = note(game)
    assert "note:" not in result.stdout
    assert result.stderr.strip() == (line or ""), result.stderr
    return result.stdout


def _one_line_error(result, message):
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("boardlab: error:") and message in lines[0], result.stderr


@pytest.mark.parametrize("game", GAMES)
def test_show_matches_the_golden_pictures(game):
    position = GOLDEN / f"{game}.json"
    whole = _boardlab("show", str(position), "--no-color")
    assert whole.returncode == 0, whole.stderr
    assert _picture(game, whole) == (GOLDEN / f"{game}.txt").read_text()
    seat = _boardlab("show", str(position), "--seat", "1", "--no-color")
    assert seat.returncode == 0, seat.stderr
    assert _picture(game, seat) == (GOLDEN / f"{game}.seat1.txt").read_text()
    assert "\x1b[" not in whole.stdout + seat.stdout


@pytest.mark.parametrize("game", GAMES)
def test_colour_is_the_plain_picture_painted(game):
    state = state_from_json((GOLDEN / f"{game}.json").read_text())
    painted = render(state, seat=1, color=True)
    assert "\x1b[" in painted
    assert ANSI.sub("", painted) == render(state, seat=1, color=False)


def test_colour_by_default_only_on_a_terminal():
    position = str(GOLDEN / "seasons.json")
    piped = _boardlab("show", position)                    # stdout is a pipe here: plain text
    assert piped.returncode == 0 and _picture("seasons", piped) == (GOLDEN / "seasons.txt").read_text()
    forced = _boardlab("show", position, "--color")
    assert forced.returncode == 0 and "\x1b[" in forced.stdout
    assert ANSI.sub("", forced.stdout) == piped.stdout


def test_show_reads_standard_input():
    text = (GOLDEN / "tiletum.json").read_text()
    result = _boardlab("show", "-", "--no-color", stdin=text)
    assert result.returncode == 0, result.stderr
    assert _picture("tiletum", result) == (GOLDEN / "tiletum.txt").read_text()


def test_the_seat_view_hides_the_other_hands():
    data = json.loads((GOLDEN / "sanjuan.json").read_text())
    seat1 = (GOLDEN / "sanjuan.seat1.txt").read_text()
    whole = (GOLDEN / "sanjuan.txt").read_text()
    for seat in (0, 2):
        hand = ", ".join(card if n == 1 else f"{card} x{n}" for card, n in data["seats"][seat]["hand"].items())
        assert hand in whole and hand not in seat1
    own = ", ".join(card if n == 1 else f"{card} x{n}" for card, n in data["seats"][1]["hand"].items())
    assert own in seat1


def test_a_finished_game_can_be_shown(tmp_path):
    state = new_state("seasons", 2, 3)
    state.playout(3)
    path = tmp_path / "over.json"
    path.write_text(state.to_json())
    result = _boardlab("show", str(path), "--seat", "0", "--no-color")
    assert result.returncode == 0, result.stderr
    assert "game over" in _picture("seasons", result).splitlines()[0]


def test_show_bad_input(tmp_path):
    _one_line_error(_boardlab("show", str(tmp_path / "none.json")), "no such position file")
    _one_line_error(_boardlab("show", str(GOLDEN / "burgundy.json"), "--seat", "2"),
                    "--seat must be a seat of this 2-player game (0..1), got 2")
    _one_line_error(_boardlab("show", str(GOLDEN / "burgundy.json"), "--seat", "-1"), "got -1")
    _one_line_error(_boardlab("show", "-", stdin="{not json"), "<stdin>: position is not valid JSON")
    _one_line_error(_boardlab("show", "-", stdin=""), "<stdin>: empty input, not a position")
    _one_line_error(_boardlab("show", "-", stdin='{"game": "chess"}'), "unknown game 'chess'")
    _one_line_error(_boardlab("show"), "give a position file: POSITION (or --position POSITION")


def test_estate_geometry():
    links = neighbours()
    assert sorted(links[19]) == [12, 13, 18, 20, 25, 26]          # the centre
    assert sorted(links[1]) == [2, 5, 6] and sorted(links[37]) == [32, 33, 36]
    assert all(a in links[b] for a in links for b in links[a])     # symmetric
    for board in range(1, 10):
        found = regions(board)
        assert sorted(space for region in found for space in region) == list(range(1, 38))
    assert [1, 5, 6, 10, 11] in regions(1)                          # board 1's top-left pasture


def test_winter_cards_are_shown_in_a_winter_game():
    state = new_state("seasons", 3, 4, winter=True)
    while not state.to_dict()["winter_cards"]:
        state.apply_action(state.legal_actions()[0])
    drawn = state.to_dict()["winter_cards"]
    for seat in (None, 1):
        picture = render(state, seat=seat, color=False)
        assert f"winter cards in play: {', '.join(drawn)}" in picture.splitlines()
    assert "winter cards" not in render(new_state("seasons", 3, 4), color=False)
