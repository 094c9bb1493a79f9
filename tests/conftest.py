"""Options shared by the whole test suite."""


def pytest_addoption(parser):
    parser.addoption("--fuzz-edits", type=int, default=300,
                     help="position-fuzzer edits per game and player count (default: a fast slice; "
                          "the long run is 17000, i.e. 51,000 per game)")
