"""Fixtures for the analysis tests: synthetic runs in the results schema with planted effects."""
import pytest

from analysis.synthetic import synthetic_results, write_run

PLANTED_TILE = "f_knowledge_07"
PLANTED_TILE_POINTS = 12.0
PLANTED_CARD = "f_built_library"
PLANTED_CARD_POINTS = 4.0


@pytest.fixture(scope="session")
def runs_dir(tmp_path_factory):
    """Three small runs: burgundy 2p (two budgets), burgundy 3p self-play, sanjuan 4p."""
    root = tmp_path_factory.mktemp("runs")
    a = synthetic_results("burgundy", 2, 600, agents=["ismcts:iterations=200",
                                                       "ismcts:iterations=2000"],
                          strengths=[0, 10], effects={PLANTED_TILE: PLANTED_TILE_POINTS},
                          seat_bonus=[3, 0], seed=1)
    b = synthetic_results("burgundy", 3, 400, agents=["ismcts:iterations=1000"],
                          effects={PLANTED_TILE: PLANTED_TILE_POINTS}, seat_bonus=[8, 0, 0],
                          seed=2)
    c = synthetic_results("sanjuan", 4, 400, agents=["ismcts:iterations=1000"],
                          effects={PLANTED_CARD: PLANTED_CARD_POINTS}, seat_bonus=[10, 0, 0, 0],
                          seed=3)
    paths = {
        "a": write_run(root / "a.parquet", a, chunk=200),
        "b": write_run(root / "b.parquet", b, chunk=150),
        "c": write_run(root / "c.parquet", c),
    }
    return paths
