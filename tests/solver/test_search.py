"""analyse(): output shape, ranking, reproducibility whatever the number of jobs."""
import json

import pytest

from engine_c import new_state
from engine_c.errors import BoardlabError
from solver.search import ismcts
from solver.search.best_move import analyse, mark, same_outcome, same_turn, standard_error, ties_best, turn_moves

from solver_helpers import highcard_position

KEYS = {"action", "move", "name", "visits", "win_prob", "expected_score", "expected_scores", "mean_reward",
        "reward_se", "tied", "same_turn", "same_outcome", "pv", "pv_names"}


def test_output_shape():
    state = new_state("highcard", 3, 4)
    before = state.to_bytes()
    out = analyse(state, iterations=3000, seed=1, pv_length=4)
    assert state.to_bytes() == before
    assert {c["action"] for c in out} == set(state.legal_actions())
    assert sum(c["visits"] for c in out) == 3000
    assert [c["visits"] for c in out] == sorted((c["visits"] for c in out), reverse=True)
    for c in out:
        assert set(c) == KEYS
        assert c["move"] == state.action_to_string(c["action"])
        assert 0.0 <= c["win_prob"] <= 1.0 and 0.0 <= c["mean_reward"] <= 1.0
        assert len(c["expected_scores"]) == 3 and c["expected_score"] == c["expected_scores"][0]
        assert 1 <= len(c["pv"]) <= 4 and c["pv"][0] == c["move"]
        # the line in words, each move with its seat; the first is the move itself, by the player to act
        assert len(c["pv_names"]) == len(c["pv"]) and c["pv_names"][0] == f"seat {state.current_player()}: {c['name']}"
    json.dumps(out)                                      # plain data only


def test_finds_the_sure_win_with_its_probability():
    out = analyse(highcard_position(), iterations=4000, seed=3)
    assert out[0]["move"] == "7" and out[0]["win_prob"] == 1.0
    assert out[0]["expected_score"] >= 15                # 10 + the prize of 5 (+ maybe the last prize)
    assert out[1]["move"] == "10" and out[1]["win_prob"] < 0.9


def test_same_output_whatever_jobs():
    state = new_state("highcard", 2, 9)
    one = analyse(state, iterations=4001, jobs=1, seed=5)
    assert analyse(state, iterations=4001, jobs=2, seed=5) == one
    assert analyse(state, iterations=4001, jobs=3, seed=5) == one
    assert analyse(state, iterations=4001, jobs=1, seed=6) != one


def test_fewer_iterations_than_searches_and_time_budget():
    state = new_state("highcard", 2, 2)
    assert sum(c["visits"] for c in analyse(state, iterations=3)) == 3
    out = analyse(state, time=0.05, jobs=2)
    assert sum(c["visits"] for c in out) > 100


@pytest.mark.parametrize("kwargs", [{"iterations": 0}, {"iterations": -3}, {"iterations": "x"}, {"time": 0},
                                    {"jobs": 0}, {"reward": "points"}, {"c": -1}, {"pv_length": -1}])
def test_bad_arguments(kwargs):
    with pytest.raises(BoardlabError):
        analyse(new_state("highcard", 2, 2), **kwargs)


def test_finished_game_is_refused():
    state = new_state("highcard", 2, 0)
    state.playout(3)
    with pytest.raises(BoardlabError):
        analyse(state, iterations=10)


def test_root_moments_are_the_moves_values():
    """The per-move sums behind the standard errors count the same playouts, with the same
    blended value, as the root's children (a fresh tree: every visit is this search's)."""
    searcher = ismcts.Searcher(0.25, "margin", score_weight=0.7, expand_after=50)
    searcher.search(new_state("burgundy", 2, 1), iterations=3000, seed=1)
    stats = searcher.root_stats()
    assert sum(s["value_n"] for s in stats) == 3000
    for s in stats:
        assert s["value_n"] == s["visits"]
        assert s["value_sum"] == pytest.approx(s["reward_sum"], rel=1e-9, abs=1e-9)
        if s["value_n"] > 1:
            mean = s["value_sum"] / s["value_n"]
            assert 0 < s["value_sq_sum"] / s["value_n"] - mean * mean < 0.25   # values lie in [0, 1]


def test_standard_error_and_ties():
    assert standard_error(4, 2.0, 2.0) == pytest.approx((1 / 3 / 4) ** 0.5)   # samples 0, 1, 0, 1
    assert standard_error(1, 0.5, 0.25) is None
    best = {"mean_reward": 0.60, "reward_se": 0.01}
    assert ties_best(best, {"mean_reward": 0.58, "reward_se": 0.01})        # 0.02 < 1.96 * 0.0141
    assert not ties_best(best, {"mean_reward": 0.55, "reward_se": 0.01})    # 0.05 > 0.0277
    assert ties_best(best, {"mean_reward": 0.10, "reward_se": None})        # too few samples to tell
    assert ties_best({"mean_reward": 0.5, "reward_se": 0.0}, {"mean_reward": 0.5, "reward_se": 0.0})


def test_a_clearly_worse_move_is_not_tied():
    out = analyse(highcard_position(), iterations=4000, seed=3)
    assert out[0]["move"] == "7" and out[0]["tied"]
    assert out[1]["move"] == "10" and not out[1]["tied"]
    assert out[1]["reward_se"] > 0


def test_suggest_table_marks_ties(monkeypatch, tmp_path, capsys):
    from solver.search import best_move as search
    from solver.cli import main

    state = new_state("highcard", 2, 5)
    path = tmp_path / "pos.json"
    path.write_text(state.to_json())
    legal = state.legal_actions()[:3]
    moves = [{"action": a, "move": state.action_to_string(a), "name": state.action_name(a), "visits": 10 - i,
              "win_prob": 0.5, "pv_names": [],
              "expected_score": 1.0, "expected_scores": [1.0, 1.0], "mean_reward": 0.5, "reward_se": 0.01,
              "tied": i < 2, "same_turn": i == 0, "pv": []} for i, a in enumerate(legal)]
    monkeypatch.setattr(search, "analyse", lambda *args, **kwargs: moves)
    with pytest.raises(SystemExit) as info:
        main(["suggest", "--game", "highcard", "--position", str(path)])
    assert info.value.code == 0
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[1:3].strip().isdigit()]
    assert [row[0] for row in rows] == [" ", "=", " "]
    assert "cannot tell this move from #1" in out and "1 such move;" in out
    assert "another order" not in out
    moves[2]["same_turn"] = True                 # the third: the first's moves this turn in another order
    with pytest.raises(SystemExit):
        main(["suggest", "--game", "highcard", "--position", str(path)])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[1:3].strip().isdigit()]
    assert [row[0] for row in rows] == [" ", "=", "~"]
    assert "~ the same moves this turn as #1 in another order" in out and "1 such move" in out
    moves[1]["same_outcome"] = True              # the second: paired playouts end alike
    with pytest.raises(SystemExit):
        main(["suggest", "--game", "highcard", "--position", str(path)])
    out = capsys.readouterr().out
    rows = [line for line in out.splitlines() if line[1:3].strip().isdigit()]
    assert [row[0] for row in rows] == [" ", "*", "~"]
    assert "* no difference: 32 paired playouts" in out and "cannot tell" not in out
    moves[1]["tied"] = moves[1]["same_outcome"] = False
    with pytest.raises(SystemExit):
        main(["suggest", "--game", "highcard", "--position", str(path)])
    assert "cannot tell" not in capsys.readouterr().out


class _Ending:
    """A stand-in game for same_outcome: move 0 and move 1 lead to the same scores after any
    playout; move 2 changes them in one playout seed of four."""

    def __init__(self, moved=None, luck=None):
        self.moved, self.luck = moved, luck

    def current_player(self):
        return 0

    def resample_hidden(self, observer, seed):
        return _Ending(luck=int(seed.generate_state(1)[0]) % 4)

    def clone(self):
        return _Ending(self.moved, self.luck)

    def apply_action(self, action):
        self.moved = action

    def playout(self, seed, policy=False):
        assert policy

    def scores(self):
        return [10 + (self.moved == 2 and self.luck == 0), 7]


def test_same_outcome_compares_paired_playouts_after_each_move():
    state = _Ending()
    assert same_outcome(state, 0, 1, seed=5) and same_outcome(state, 1, 0, seed=5)
    assert not same_outcome(state, 0, 2, seed=5)          # one pair in four ends differently
    assert same_outcome(state, 2, 2, seed=5)


def test_moves_that_change_the_game_do_not_have_the_same_outcome():
    state = new_state("burgundy", 2, 3)
    while len(state.legal_actions()) < 3:
        state.apply_action(state.legal_actions()[0])
    first, *others = state.legal_actions()
    assert not all(same_outcome(state, first, other, seed=1) for other in others)
    out = analyse(state, iterations=600, seed=1)
    assert out[0]["same_outcome"] and not all(c["same_outcome"] for c in out)
    assert [mark(c, i == 0) for i, c in enumerate(out)][0] == ""


def _two_dice_turn(seed=3):
    """A Castles of Burgundy main decision where a die-1 take and a die-2 take are both legal,
    and the lines of the turn that play them in either order (storage slots as offered)."""
    state = new_state("burgundy", 2, seed)
    while not any(state.action_to_string(a).startswith("die2:take") for a in state.legal_actions()):
        state.apply_action(state.legal_actions()[0])
    take1 = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("die1:take"))
    take2 = next(a for a in state.legal_actions() if state.action_to_string(a).startswith("die2:take")
                 and state.action_to_string(a)[9:] != state.action_to_string(take1)[9:])

    def line(*firsts):
        """The moves in order, each followed by the first legal sub-decision until the next main
        one, and on to the end of the turn and one opponent move."""
        s, moves, player = state.clone(), [], state.current_player()
        todo = list(firsts)
        while len(moves) < 30 and not s.is_terminal():
            action = todo.pop(0) if todo and todo[0] in s.legal_actions() else s.legal_actions()[0]
            moves.append(action)
            s.apply_action(action)
            if s.current_player() != player and not todo:
                moves.append(s.legal_actions()[0])          # one of the opponent's moves: past the turn
                break
        return moves
    return state, take1, take2, line(take1, take2), line(take2, take1)


def test_turn_moves_stop_where_the_turn_passes():
    state, take1, take2, first, second = _two_dice_turn()
    own = turn_moves(state, first, seed=1)
    assert own[:1] == (take1,) and take2 in own
    assert len(own) == len(first) - 1                 # the opponent's move is left out
    assert turn_moves(state, first[:2], seed=1) == tuple(first[:2])     # a short line: as far as it goes


def test_same_turn_is_the_same_moves_in_another_order():
    state, take1, take2, first, second = _two_dice_turn()
    assert same_turn(state, first, second, seed=1) and same_turn(state, second, first, seed=1)
    assert same_turn(state, first, first, seed=1)
    assert not same_turn(state, first, second[:2], seed=1)    # that line never plays the first's move
    other = next(a for a in state.legal_actions() if a not in (take1, take2))
    assert not same_turn(state, first, [other], seed=1)
    assert not same_turn(state, [], second, seed=1)


def test_analyse_marks_the_first_moves_in_another_order():
    """A Castles of Burgundy turn (a position from the suggest-stability runs) where the search
    likes taking two tiles, one with each die: its second move is the same turn in the other
    order; a move whose line does not take the first's tile is not marked."""
    from pathlib import Path
    from solver.games.positions import load_position

    state = load_position(Path(__file__).parent / "data" / "burgundy_dice_in_either_order.json")
    out = analyse(state, iterations=20000, seed=1, pv_length=16)
    moves = {c["move"]: c for c in out}
    # the two orders lead (which one first depends on the search's settings); the second is marked
    assert {out[0]["move"], out[1]["move"]} == {"die2:take6", "die1:take4"}
    assert out[1]["same_turn"] and not out[1]["tied"]
    assert moves["die1:take4"]["pv"][:4] == ["die1:take4", "slot2", "die2:take6", "slot1"]
    assert moves["die2:take6"]["pv"][:4] == ["die2:take6", "slot1", "die1:take4", "slot2"]
    for c in out[1:]:
        if out[0]["move"] not in c["pv"]:
            assert not c["same_turn"]


def test_a_choice_of_no_more_use_has_the_same_outcome_every_way():
    # Tiletum near the end: which resource to take no longer changes anything
    from pathlib import Path
    from engine_c import state_from_json
    state = state_from_json((Path(__file__).parent / "data" / "tiletum_a_choice_of_no_use.json").read_text())
    out = analyse(state, iterations=2000, seed=3)
    assert len(out) == 4 and all(c["move"].startswith("choose ") for c in out)
    assert all(c["same_outcome"] for c in out)
    # marked "*", unless the line plays it later in the same turn ("~", which goes first)
    assert mark(out[0], True) == "" and all(mark(c) == ("~" if c["same_turn"] else "*") for c in out[1:])
    assert sum(mark(c) == "*" for c in out[1:]) >= 2


def test_seed_may_be_a_seed_sequence_and_is_checked():
    import numpy as np

    state = new_state("highcard", 2, 9)
    from_int = analyse(state, iterations=400, seed=5)
    # a SeedSequence is a seed everywhere in boardlab: SeedSequence(5) is the int 5's own sequence
    assert analyse(state, iterations=400, seed=np.random.SeedSequence(5)) == from_int
    assert analyse(state, iterations=400, seed=np.uint64(5)) == from_int
    assert analyse(state, iterations=400, seed=np.random.SeedSequence(5, spawn_key=(1,))) != from_int
    # None would draw fresh entropy: a silently unreproducible analysis
    for bad in (-1, 2**64, 1.5, "a", None, True):
        with pytest.raises(BoardlabError, match="seed"):
            analyse(state, iterations=10, seed=bad)


@pytest.mark.parametrize("kwargs", [{"score_weight": True}, {"leaf_value": True}, {"reward": ["margin"]},
                                    {"pv_length": True}, {"c": float("nan")}, {"prior": float("inf")}])
def test_more_bad_arguments_are_one_line_errors(kwargs):
    with pytest.raises(BoardlabError):
        analyse(new_state("highcard", 2, 2), iterations=10, **kwargs)


def test_numpy_numbers_are_numbers():
    import numpy as np

    state = new_state("highcard", 2, 2)
    plain = analyse(state, iterations=200, seed=1, leaf_value=0.5, score_weight=0.25, c=0.5)
    assert analyse(state, iterations=200, seed=1, leaf_value=np.float32(0.5), score_weight=np.float32(0.25),
                   c=np.float32(0.5)) == plain


def test_a_state_is_required():
    with pytest.raises(BoardlabError, match="game state"):
        analyse("highcard", iterations=10)
