"""Options and settings shared by the whole test suite."""
import os

# The test-only games (engine_c.TEST_GAMES) are known in this process and in every command the
# tests start; users never see them.
os.environ["BOARDLAB_TEST_GAMES"] = "1"


def pytest_addoption(parser):
    parser.addoption("--fuzz-edits", type=int, default=300,
                     help="position-fuzzer edits per game and player count (default: a fast slice; "
                          "the long run is 17000, i.e. 51,000 per game)")
