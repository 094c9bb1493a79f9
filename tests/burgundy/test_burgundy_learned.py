"""The Castles of Burgundy's learned value (engine_c/burgundy/learned.pyx): its inputs read from the
position's JSON (what every game's learned value shares: tests/solver/test_learned_values.py)."""
from engine_c.burgundy import learned
from engine_c.burgundy.data import BOARDS, COLOURS, COLOUR_NAMES
from tests.value_helpers import check_learned_rows, learned_quiet_points

BLOCK = learned.BLOCK


def expected_block(seat, features):
    """A seat's block from the position's JSON and the linear value's features (learned.pyx's order)."""
    block = list(features[1:])                                   # the linear features but the bias
    tiles = seat["estate"]
    known = {int(name[1:]) for name in tiles.values() if name[0] == "k" and name[1:].isdigit()}
    block += [1.0 if n in known else 0.0 for n in range(27)]
    colours = BOARDS[seat["board"]]
    block += [sum(1 for space in tiles if colours[int(space) - 1] == c) for c in COLOURS]
    block += [sum(1 for k in range(37) if colours[k] == c and str(k + 1) not in tiles) for c in COLOURS]
    block += [die if not used else 0 for die, used in zip(seat["dice"], seat["dice_used"])]
    block += list(seat["track"])
    block += [sum(count for entry in seat["goods"] if entry for kind, count in [entry] if kind == t) for t in range(1, 7)]
    return block


def test_inputs_read_every_seat_at_quiet_points():
    checked = knowledge_seen = goods_seen = 0
    skipped = []
    for data, stage, rows, linear_rows in learned_quiet_points("burgundy", 3, skipped):
        players = len(rows)
        blocks = [expected_block(data["seats"][p], linear_rows[p]) for p in range(players)]
        shared = [1.0 if k == stage else 0.0 for k in range(25)]
        shared += [data["bonus_taken"][name] for name in COLOUR_NAMES]
        assert learned.INPUTS == 2 * BLOCK + learned.SHARED
        checked += check_learned_rows(rows, blocks, shared, learned.INPUTS)
        knowledge_seen += sum(sum(block[18:45]) > 0 for block in blocks)
        goods_seen += sum(sum(block[-6:]) > 0 for block in blocks)
    # the positions cover knowledge tiles and goods in storage, so those parts are checked too
    assert checked > 40 and len(skipped) > 10 and knowledge_seen > 5 and goods_seen > 5


def test_the_shipped_two_player_network_estimates_a_searchers_score():
    from engine_c import new_state
    from engine_c.burgundy import learned_weights

    assert set(learned_weights.NETS) == {2}          # 3 and 4 players keep the linear value
    assert learned_weights.NETS[2]["inputs"] == learned.INPUTS
    state = new_state("burgundy", 2, 4)
    while state.evaluate() is None:                  # past the setup, to the first main decision
        state.apply_action(state.legal_actions()[0])
    assert state.has_learned_value() and not new_state("burgundy", 3, 4).has_learned_value()
    estimate, linear = state.evaluate(value="net"), state.evaluate()
    # searchers at 300 iterations end a 2-player game with about 150-230 points each; the policy less
    assert all(120 < e < 260 for e in estimate) and all(100 < e < 260 for e in linear)
    assert sum(estimate) > sum(linear)
