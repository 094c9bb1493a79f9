"""The Castles of Burgundy's data file: the shipped file plays exactly the games recorded before the
content moved out of the code, an edited number changes play without a rebuild, bad data is refused
in one line naming the field, and positions carry the data's hash."""
import json
import random
import sys
from pathlib import Path

import pytest

from engine_c import content, new_state, state_from_json
from engine_c.burgundy import data as D
from engine_c.burgundy.tables import c_tables
from engine_c.errors import InvalidPositionError

RECORDED_DIR = Path(__file__).parent / "recorded"
RECORDED = json.loads((RECORDED_DIR / "before_data_file.json").read_text())
sys.path.insert(0, str(RECORDED_DIR))
from record_games import actions_hash, play  # noqa: E402


@pytest.fixture
def shipped():
    """A private copy of the shipped data; the shipped default is installed again afterwards."""
    data = content.load("burgundy")
    yield data
    content.use("burgundy")
    assert content.active("burgundy").is_default


def item(data, table, ident):
    """The record ``ident`` of record table ``table``."""
    return next(i for i in data["tables"][table]["items"] if i["id"] == ident)


# ---- the shipped file plays exactly as the compiled-in engine did --------------------------------

@pytest.mark.parametrize("game", RECORDED["games"], ids=lambda g: f"{g['players']}p-seed{g['seed']}-{g['board']}")
def test_shipped_data_replays_the_games_recorded_before(game):
    actions, scores = play(game["players"], game["seed"], game["board"])
    assert (len(actions), actions_hash(actions), scores) == (game["length"], game["actions_sha256"], game["scores"])


@pytest.mark.parametrize("run", RECORDED["playouts"], ids=lambda r: f"{r['players']}p-policy{r['policy']}")
def test_shipped_data_gives_the_recorded_playouts(run):
    state = new_state("burgundy", run["players"], run["seed"])
    state.playout(run["playout_seed"], policy=run["policy"])
    assert list(state.scores()) == run["scores"]


def test_midgame_position_is_the_one_recorded_before():
    state = new_state("burgundy", 3, 2)
    chooser = random.Random(2 * 1000 + 3)
    for _ in range(200):
        legal = state.legal_actions()
        state.apply_action(legal[chooser.randrange(len(legal))])
    position = state.to_dict()
    parts = [seat.pop("vp_parts") for seat in position["seats"]]     # kept since the recording: not in it
    assert position == RECORDED["midgame_position"]
    assert all(0 <= p["animals"] + p["phase_bonuses"] <= seat["vp"] for p, seat in zip(parts, position["seats"]))
    assert "data" not in state.to_dict()                  # the shipped data: positions look as before


def test_c_tables_match_the_python_view_and_every_table_says_where_it_comes_from():
    assert c_tables() == D.c_arrays()
    assert c_tables()["REGION_VP_T"] == [0, 1, 3, 6, 10, 15, 21, 28, 36]
    assert c_tables()["BLACK_TILES"][2:] == [4, 6, 8]
    info = content.active("burgundy")
    assert info.is_default and info.placeholders == 0
    data = content.load("burgundy")
    for name in content.game_module("burgundy").TABLES:
        t = data["tables"][name]
        assert t.get("about"), name
        assert t.get("source") or all(i.get("source") for i in t["items"]), name
        assert "castles-of-burgundy.md" in (t.get("source") or t["items"][0]["source"]), name


# ---- edited numbers change play, no rebuild ---------------------------------------------------------

def _random_games(players, seeds):
    """(actions, scores) of seeded random basic games with the data installed now."""
    return [play(players, seed, "basic") for seed in seeds]


def test_planted_variant_doubled_region_vp_raises_the_scores(shipped):
    before = _random_games(2, range(1, 9))
    shipped["tables"]["region_vp"]["values"] = [2 * v for v in shipped["tables"]["region_vp"]["values"]]
    info = content.use("burgundy", shipped)
    assert not info.is_default and c_tables()["REGION_VP_T"][8] == 72
    after = _random_games(2, range(1, 9))
    for (a0, s0), (a1, s1) in zip(before, after):
        assert a0 == a1                    # VP decide no legal move: the same games ...
        assert all(y >= x for x, y in zip(s0, s1))       # ... each seat scoring at least as much
    gains = [sum(s1) - sum(s0) for (_, s0), (_, s1) in zip(before, after)]
    # and clearly more: random play completes few regions, but most games some (58 VP in all here)
    assert sum(g > 0 for g in gains) >= 5 and sum(gains) >= 40


def test_planted_variant_costly_black_depot_changes_the_games(shipped):
    before = _random_games(2, range(1, 5))
    item(shipped, "rule_numbers", "black_purchase_cost")["value"] = 10
    content.use("burgundy", shipped)
    after = _random_games(2, range(1, 5))
    assert [a for a, _ in after] != [a for a, _ in before]
    state = new_state("burgundy", 2, 1)
    assert c_tables()["NUMBERS"][0] == 10 and state.to_dict()["seats"][0]["silverlings"] == 1


def test_edited_start_and_knowledge_numbers(shipped):
    item(shipped, "start", 1)["silverlings"] = 5
    item(shipped, "start", 2)["workers"] = 7
    item(shipped, "knowledge", 26)["amount"] = 9
    content.use("burgundy", shipped)
    seats = new_state("burgundy", 2, 3).to_dict()["seats"]
    assert (seats[0]["silverlings"], seats[1]["workers"]) == (5, 7)
    assert D.KNOWLEDGE_AMOUNT[26] == 9 and c_tables()["KNOW_N"][26] == 9


def test_fewer_goods_per_phase_leaves_round_spaces_empty_and_positions_read_back(shipped):
    item(shipped, "goods", "per_phase")["value"] = 3
    content.use("burgundy", shipped)
    state = new_state("burgundy", 2, 4)
    # round 1 has begun: its goods are placed, rounds 2-3 wait, rounds 4-5 get none
    assert [g is None for g in state.to_dict()["round_goods"]] == [True, False, False, True, True]
    rng = random.Random(4)
    while not state.is_terminal():
        text = state.to_json()
        assert state_from_json(text).to_json() == text
        state.apply_action(rng.choice(state.legal_actions()))


def test_a_tile_mix_without_black_ships_never_deals_one(shipped):
    item(shipped, "tiles", "ship")["black"] = 0
    content.use("burgundy", shipped)
    state = new_state("burgundy", 4, 1)
    assert "ship" not in state.to_dict()["black_depot"]
    assert D.inventory()[3] == (20, 0)


def test_positions_carry_the_hash_and_are_refused_under_other_data(shipped):
    shipped["tables"]["phase_bonus"]["values"][0] = 12
    info = content.use("burgundy", shipped)
    position = new_state("burgundy", 2, 1).to_json()
    assert json.loads(position)["data"] == info.hash
    assert state_from_json(position).data_hash == info.hash
    content.use("burgundy")
    with pytest.raises(InvalidPositionError, match=rf"^burgundy: data: the position was made with data {info.hash}"):
        state_from_json(position)


# ---- refusals: one line naming the field ------------------------------------------------------------

REFUSALS = [
    (lambda d: d["tables"]["region_vp"]["values"].pop(), r"tables\.region_vp\.values: must be a list of 8 entries"),
    (lambda d: d["tables"]["phase_bonus"]["values"].__setitem__(2, 101),
     r"tables\.phase_bonus\.values\[2\]: must be an integer in 0\.\.100, got 101"),
    (lambda d: item(d, "player_counts", 3).__setitem__("black_depot_tiles", 9),
     r"tables\.player_counts\.items\[1\]\.black_depot_tiles: must be an integer in 0\.\.8, got 9"),
    (lambda d: item(d, "knowledge", 7).__setitem__("id", 8),
     r"tables\.knowledge\.items\[3\]\.id: unknown id 8"),
    (lambda d: item(d, "rule_numbers", "end_workers_per_vp").__setitem__("value", 0),
     r"tables\.rule_numbers\.items\[9\]\.value: must be an integer in 1\.\.5, got 0"),
    (lambda d: item(d, "tiles", "cow2").__setitem__("id", "cow5"),
     r"tables\.tiles\.items\[3\]\.id: unknown tile 'cow5' \(did you mean cow4"),
    (lambda d: d["tables"]["tiles"]["items"].pop(), r"tables\.tiles\.items: must hold 49 items, got 48"),
    (lambda d: item(d, "tiles", "castle").__setitem__("coloured", 3),
     r"tables\.tiles\.items\[0\]\.coloured: 3 coloured-back castles cannot give 4 players their starting castles"),
    (lambda d: item(d, "goods", "per_type").__setitem__("value", 4),
     r"tables\.goods\.items\[0\]\.value: 4 goods tiles of each type .* at least 7"),
    (lambda d: item(d, "depots", 2)["spaces"].__setitem__(0, ["X", 2]),
     r"tables\.depots\.items\[1\]\.spaces\[0\]\[0\]: unknown colour letter 'X'"),
    (lambda d: item(d, "start", 4).__setitem__("workers", "four"),
     r"tables\.start\.items\[3\]\.workers: must be an integer in 0\.\.10, got a string 'four'"),
]


@pytest.mark.parametrize("edit,message", REFUSALS, ids=[m.split(":")[0].replace("\\", "") for _, m in REFUSALS])
def test_bad_data_is_refused_in_one_line_naming_the_field(shipped, edit, message):
    before = c_tables()
    edit(shipped)
    with pytest.raises(content.DataError) as err:
        content.use("burgundy", shipped)
    text = str(err.value)
    assert "\n" not in text
    assert text.startswith("data file <dict>: ")
    assert __import__("re").search(message, text), text
    assert c_tables() == before and content.active("burgundy").is_default
