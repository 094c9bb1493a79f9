"""A fake game with a data file, known only to these tests (engine_c.content._modules)."""
import json
import os
import sys
import types

import pytest

from engine_c import content

sys.path.insert(0, os.path.dirname(__file__))
from content_helpers import toy_data  # noqa: E402


def _check(data):
    """The fake game's own checks, through the shared helpers."""
    content.values(data, "track", (4,), low=0, high=99)
    content.values(data, "grid", (2, 3), low=0)
    cards = content.items(data, "cards", ("vp", "next"), count=3)
    for i, card in enumerate(cards):
        path = f"tables.cards.items[{i}]"
        content.integer(card["vp"], path + ".vp", 0, 9)
        content.one_of(card["next"], path + ".next", content.ids(cards), noun="card")


@pytest.fixture
def toy(tmp_path, monkeypatch):
    """The fake game registered; its default file on disk; installs recorded in module.installed."""
    default = tmp_path / "toy_default.json"
    default.write_text(json.dumps(toy_data()))
    module = types.SimpleNamespace(DEFAULT_PATH=str(default), TABLES=("track", "grid", "cards"),
                                   check=_check, installed=[])
    module.install = lambda data: module.installed.append(content.data_hash(data))
    monkeypatch.setitem(content._modules, "toy", module)
    monkeypatch.delitem(content._active, "toy", raising=False)
    monkeypatch.delitem(content._default_hashes, "toy", raising=False)
    yield module
    content._active.pop("toy", None)
    content._default_hashes.pop("toy", None)
