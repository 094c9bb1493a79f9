"""Options and settings shared by the whole test suite."""
import os

# The test-only games (engine_c.TEST_GAMES) are known in this process and in every command the
# tests start; users never see them.
os.environ["BOARDLAB_TEST_GAMES"] = "1"
# One BLAS thread, as the CLI has (solver/cli/__init__.py), in this process (numpy is not loaded yet)
# and in the commands the tests start: two test workers each spinning two BLAS threads on two cores
# slowed the analysis tests many times over.
for _variable in ("OPENBLAS_NUM_THREADS", "MKL_NUM_THREADS", "OMP_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")


def pytest_addoption(parser):
    parser.addoption("--fuzz-edits", type=int, default=300,
                     help="position-fuzzer edits per game and player count (default: a fast slice; "
                          "the long run is 17000, i.e. 51,000 per game)")
    parser.addoption("--every-player-count", action="store_true",
                     help="OpenSpiel playthroughs at 3 and 4 players for every game (default: each game "
                          "at one of them, which keeps the suite's time down)")
