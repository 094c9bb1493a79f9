"""Tiletum's data file: the shipped default plays as the engine did before, an edited value changes
play without a rebuild, and the die-wrap option (default on; off = the reading before)."""
import copy
import json
import random
from pathlib import Path

import pytest

from engine_c import content
from engine_c.errors import BoardlabError
from engine_c.tiletum import TiletumState
from engine_c.tiletum import data as D
from engine_c.tiletum.tables import c_tables
from tiletum_helpers import action_turn, load, legal_strings

RECORDED = json.loads((Path(__file__).parent / "recorded" / "before_data_file.json").read_text())


@pytest.fixture
def shipped():
    """A private copy of the shipped data; the shipped default is installed again afterwards."""
    data = content.load("tiletum")
    yield data
    content.use("tiletum")
    assert content.active("tiletum").is_default


DIE_ACTIONS_END = 180                   # A_WB_TAKE: the die actions are 0-179
KING_BONUS_TAKE, KING_BONUS_SKIP = 311, 312


def legal_as_recorded(state):
    """The legal actions as the engine offered them when the games were recorded: before free actions
    could make storage room outside the action part (2026-12-05), a die decision listed the dice alone
    and a king leader with a full storage had no king bonus decision (the tile left the game)."""
    legal = state.legal_actions()
    while KING_BONUS_SKIP in legal and KING_BONUS_TAKE not in legal:
        state.apply_action(KING_BONUS_SKIP)
        legal = state.legal_actions() if not state.is_terminal() else []
    if legal and legal[0] < DIE_ACTIONS_END:
        legal = [a for a in legal if a < DIE_ACTIONS_END]
    return legal


def replay(game, **options):
    """A recorded game's opening played again with its chooser; (actions, final scores)."""
    state = TiletumState(game["players"], game["seed"], action_tiles=game["action_tiles"], **options)
    chooser = random.Random(game["seed"] * 1000 + game["players"])
    actions = []
    while not state.is_terminal():
        legal = legal_as_recorded(state)
        if not legal:
            break
        actions.append(legal[chooser.randrange(len(legal))])
        state.apply_action(actions[-1])
    return actions, list(state.scores())


# ---- the shipped default plays exactly as the engine did before the data file ------------------

@pytest.mark.parametrize("game", RECORDED["games"], ids=lambda g: f"{g['players']}p-seed{g['seed']}")
def test_shipped_data_without_wrap_replays_the_games_recorded_before(game):
    # recorded before wrapping became the default: the old reading is die_wrap=False
    actions, scores = replay(game, die_wrap=False)
    assert actions == game["actions"]
    assert scores == game["scores"]


@pytest.mark.parametrize("run", RECORDED["policy_playouts"], ids=lambda r: f"{r['players']}p")
def test_shipped_data_without_wrap_gives_the_recorded_policy_playouts(run):
    state = TiletumState(run["players"], run["seed"], die_wrap=False)
    state.playout(run["playout_seed"], policy=True)
    assert list(state.scores()) == run["scores"]


def test_midgame_position_is_the_one_recorded_before():
    game = RECORDED["games"][0]
    state = TiletumState(game["players"], game["seed"], die_wrap=False)
    for a in game["actions"][:90]:
        state.apply_action(a)
    now = state.to_dict()
    assert now.pop("die_wrap") is False
    now.pop("data", None)                     # the data hash, a key newer than the recording
    assert now == RECORDED["midgame_position"]
    old = dict(RECORDED["midgame_position"], die_wrap=False)
    assert TiletumState.from_json(json.dumps(old)) == state


def test_wrap_changes_seeded_games_from_the_recording():
    # the new default is a different rule: at least one recorded game takes another course
    assert any(replay(game)[0] != game["actions"] for game in RECORDED["games"])


def test_c_tables_match_the_python_view_of_the_shipped_file():
    assert c_tables() == {name: list(v) for name, v in D.c_arrays().items()}
    assert D.CITIES[0] == "Tiletum" and len(D.BONUS_TILES) == 54 and D.KING_VP[6] == 0
    assert content.active("tiletum").placeholders > 0


def test_placeholders_and_sources_are_marked():
    data = content.load("tiletum")
    tables = data["tables"]
    for name in content.game_module("tiletum").TABLES:
        t = tables[name]
        assert t.get("about"), name
        marks = [t.get("source")] if "values" in t else [item.get("source") for item in t["items"]]
        assert all(marks), f"{name}: every table or item says where it comes from"
    numbers = {item["id"]: item["source"] for item in tables["rule_numbers"]["items"]}
    assert numbers["contract_row_last_vp"] == "placeholder" and "seed" in numbers["ap_total"]
    assert tables["dice_drawn"]["source"] != "placeholder" and tables["king_vp"]["source"] == "placeholder"


# ---- an edited value changes play, no rebuild ---------------------------------------------------

def test_edited_king_track_vp_changes_the_scores(shipped):
    game = RECORDED["games"][0]
    tables = shipped["tables"]
    tables["king_vp"]["values"] = [v + 10 for v in tables["king_vp"]["values"]]
    tables["king_vp"]["source"] = "test edit"
    info = content.use("tiletum", shipped)
    assert not info.is_default and c_tables()["TT_KING_VP"][6] == 10
    actions, scores = replay(game, die_wrap=False)
    assert actions == game["actions"]          # VP decide no legal move: the same game ...
    assert scores == [s + 4 * 10 for s in game["scores"]]    # ... 10 more VP at each of 4 king phases


def test_edited_start_gold_and_buy_cost_change_the_game(shipped):
    tables = shipped["tables"]
    tables["start_gold"]["values"] = [9, 3, 5, 6]
    for item in tables["rule_numbers"]["items"]:
        if item["id"] == "buy_gold":
            item["value"] = 10
    content.use("tiletum", shipped)
    state = TiletumState(2, 0)
    d = state.to_dict()
    assert d["seats"][d["order"][0]]["resources"]["gold"] == 9
    turn = action_turn(action="king", ap=3)
    turn["seats"][turn["actor"]]["resources"]["gold"] = 9
    assert not any(x.startswith("buy") for x in legal_strings(load(turn)))
    turn["seats"][turn["actor"]]["resources"]["gold"] = 10
    assert "buy F" in legal_strings(load(turn))


def test_edited_map_changes_the_moves(shipped):
    roads = shipped["tables"]["roads"]["items"]
    roads[:] = [r for r in roads if sorted(r["between"]) != ["Paris", "Tiletum"]]
    before = legal_strings(load(action_turn(action="merchant", ap=3)))
    assert "move Paris" in before
    content.use("tiletum", shipped)
    after = legal_strings(load(action_turn(action="merchant", ap=3)))
    assert "move Paris" not in after and "move Bruges" in after
    assert D.neighbours()[0] == [1, 4, 7]


def test_edited_cathedral_stack_and_reinstall_restores_the_default(shipped):
    original = c_tables()
    shipped["tables"]["cathedrals"]["items"][0]["tiles"] = [12, 1]
    content.use("tiletum", shipped)
    assert c_tables()["TT_CATH_VP"][:4] == [12, 1, 0, 0] and c_tables()["TT_CATH_NTILES"][0] == 2
    content.use("tiletum")
    assert c_tables() == original


# ---- die wrap ------------------------------------------------------------------------------------

def test_die_wrap_is_an_option_written_in_the_position():
    assert TiletumState(2, 3).to_dict()["die_wrap"] is True
    old = TiletumState(2, 3, die_wrap=False)
    d = old.to_dict()
    assert d["die_wrap"] is False and TiletumState.from_json(json.dumps(d)) == old
    del d["die_wrap"]                         # a position without the key: the default, wrapping
    assert TiletumState.from_json(json.dumps(d)).to_dict()["die_wrap"] is True
    with pytest.raises(BoardlabError, match="die_wrap must be true or false"):
        TiletumState(2, 3, die_wrap="yes")
    d["die_wrap"] = 1
    with pytest.raises(BoardlabError, match="die_wrap"):
        TiletumState.from_json(json.dumps(d))


def test_only_the_wrap_makes_six_to_one_legal():
    from tiletum_helpers import die_turn
    d = die_turn({"S6": 1}, gold=2)
    assert "take S6>1" in legal_strings(load(d))
    d["die_wrap"] = False
    assert "take S6>1" not in legal_strings(load(d))
    assert "take S6>5" in legal_strings(load(d))


def test_copies_keep_the_option():
    state = TiletumState(3, 5, die_wrap=False)
    assert state.clone().to_dict()["die_wrap"] is False
    assert state.resample_hidden(1, 7).to_dict()["die_wrap"] is False


def test_bad_data_leaves_the_installed_data_alone(shipped):
    before = c_tables()
    shipped["tables"]["king_vp"]["values"][3] = "x"
    with pytest.raises(content.DataError):
        content.use("tiletum", shipped)
    assert c_tables() == before and content.active("tiletum").is_default


def test_the_export_reads_back_as_the_same_data():
    text = content.export_text(content.load("tiletum"))
    assert json.loads(text) == content.load("tiletum")
    assert content.data_hash(copy.deepcopy(json.loads(text))) == content.active("tiletum").hash


def test_every_module_with_a_copy_of_the_tables_holds_the_installed_data(shipped):
    # a module that cimports tables.pxd or rules.pxd has its own copy: it must be listed to be filled
    from engine_c.tiletum import tables
    here = Path(tables.__file__).parent
    with_copy = sorted(f"engine_c.tiletum.{p.stem}" for p in here.glob("*.pyx")
                       if p.stem != "tables" and ("tables cimport" in p.read_text() or "rules cimport" in p.read_text()))
    assert with_copy == sorted(tables.TABLE_MODULES)
    shipped["tables"]["king_vp"]["values"][21] = 9
    content.use("tiletum", shipped)
    master = c_tables()
    assert master["TT_KING_VP"][21] == 9
    for module in tables.TABLE_MODULES:
        assert c_tables(module) == master, module


@pytest.mark.parametrize("wrap", [True, False])
def test_die_choices_are_exactly_what_the_gold_pays_for(wrap):
    colours = "GFISW"
    checked = made_room = 0
    for seed in range(6):
        state = TiletumState(2 + seed % 3, seed, die_wrap=wrap)
        chooser = random.Random(seed)
        while not state.is_terminal():
            d = state.to_dict()
            legal = state.legal_actions()
            if d["phase"] == "die":
                gold = d["seats"][d["actor"]]["resources"]["gold"]
                expected = set()
                for die in d["dice"]:
                    c, v = colours.index(die[0]), int(die[1])
                    for w in range(1, 7):
                        steps = abs(w - v) if not wrap else min(abs(w - v), 6 - abs(w - v))
                        if 2 * steps <= gold:
                            expected.add(c * 36 + (v - 1) * 6 + w - 1)
                dice = [a for a in legal if a < DIE_ACTIONS_END]
                assert set(dice) == expected and legal == sorted(legal)
                # after the dice: free actions only to make room for a wheel bonus tile
                if len(dice) < len(legal):
                    assert len(d["seats"][d["actor"]]["storage"]) == 4
                    assert any(tile is not None and action not in d["segments_used"]
                               for action, tile in d["wheel_bonus"].items())
                    assert all(259 <= a < 292 for a in legal[len(dice):])       # A_BUY .. A_DISCARD
                    made_room += 1
                checked += 1
            state.apply_action(legal[chooser.randrange(len(legal))])
    assert checked > 100 and made_room > 0
