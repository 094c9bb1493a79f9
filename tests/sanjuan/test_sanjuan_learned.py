"""San Juan's learned value (engine_c/sanjuan/learned.pyx): its inputs read from the position's JSON
and the shipped network (what every game's learned value shares: tests/solver/test_learned_values.py)."""
import numpy as np

from engine_c import new_state
from engine_c.sanjuan import learned, learned_weights, value
from engine_c.sanjuan.data import CARD_IDS, ROLES, TILE_NAMES
from tests.value_helpers import check_learned_rows, learned_quiet_points

BLOCK = learned.BLOCK
PRODUCTION = CARD_IDS[:5]          # the production buildings, in the order of their goods


def expected_block(data, features, p):
    """Seat p's block from the position's JSON and the linear value's features (learned.pyx's order)."""
    seat = data["seats"][p]
    names = [b if isinstance(b, str) else b["card"] for b in seat["buildings"]]
    block = list(features[1:])                                   # the linear features but the bias
    block += [names.count(card) for card in CARD_IDS]
    block += [seat["hand"].get(card, 0) for card in CARD_IDS]
    block += [sum(1 for b in seat["buildings"] if isinstance(b, dict) and b.get("good") and b["card"] == card)
              for card in PRODUCTION]
    block += [1.0 if data["governor"] == p else 0.0, 1.0 if data["actor"] == p else 0.0]
    return block


def expected_shared(data, stage):
    """The numbers every player's input shares: stage one-hot, roles taken, the next trader tile."""
    shared = [1.0 if k == stage else 0.0 for k in range(value.STAGES)]
    shared += [1.0 if role in data["roles_taken"] else 0.0 for role in ROLES]
    revealed = data["tiles_seen"] > data["tile_next"]
    shared += [1.0 if revealed and data["tiles"][data["tile_next"]] == tile else 0.0 for tile in TILE_NAMES]
    return shared


def test_inputs_read_every_seat_at_quiet_points():
    checked = goods_seen = tiles_seen = 0
    skipped = []
    for data, stage, rows, linear_rows in learned_quiet_points("sanjuan", 2, skipped):
        players = len(rows)
        blocks = [expected_block(data, linear_rows[p], p) for p in range(players)]
        shared = expected_shared(data, stage)
        assert learned.INPUTS == 2 * BLOCK + learned.SHARED
        checked += check_learned_rows(rows, blocks, shared, learned.INPUTS)
        goods_seen += sum(sum(block[19 + 58:19 + 63]) > 0 for block in blocks)
        tiles_seen += sum(shared[-5:]) > 0
    # the positions cover goods on buildings and a revealed next tile, so those parts are checked too
    assert checked > 40 and len(skipped) > 40 and goods_seen > 5 and tiles_seen > 5


def test_the_shipped_two_player_network_loads_and_estimates_the_opening():
    assert set(learned_weights.NETS) == {2}          # 3 and 4 players keep the linear value
    net = learned_weights.NETS[2]
    assert net["inputs"] == learned.INPUTS and len(net["w1"]) * 3 / 4 <= 2 * 1024 * 1024
    state = new_state("sanjuan", 2, 4)
    assert state.has_learned_value() and not new_state("sanjuan", 3, 4).has_learned_value()
    estimate, linear = state.evaluate(value="net"), state.evaluate()
    # the opening: searchers at 300 iterations end a 2-player game with about 25-40 points each
    assert all(15 < e < 50 for e in estimate + linear)
    assert np.mean(estimate) > np.mean(linear)         # searchers score more than the playout policy
