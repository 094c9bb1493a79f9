"""Shared by the data-file tests (a module of its own: each test folder has a conftest)."""


def toy_data():
    """A small valid data file for the fake game 'toy'."""
    return {
        "game": "toy",
        "format": 1,
        "about": "the fake game's content",
        "tables": {
            "track": {"about": "points per step, index = step", "source": "placeholder",
                      "values": [0, 1, 3, 6]},
            "grid": {"about": "2 rows of 3", "source": "rulebook p.2", "values": [[1, 2, 3], [4, 5, 6]]},
            "cards": {"about": "the cards", "items": [
                {"id": "a", "source": "placeholder", "vp": 1, "next": "b"},
                {"id": "b", "source": "rulebook p.3", "vp": 2, "next": "a"},
                {"id": "c", "source": "placeholder", "vp": 0, "next": "a"},
            ]},
        },
    }
