"""Fixtures for the solver tests; helpers live in solver_helpers.py."""
import os
import sys

import pytest

sys.path.insert(0, os.path.dirname(__file__))

from solver_helpers import highcard_position  # noqa: E402


@pytest.fixture
def position():
    return highcard_position()
