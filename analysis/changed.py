"""Which tile/card/building kinds a variant changed in the data, so that compare can tell a kind whose
own numbers differ between A and B ("changed in the data") from one that moved only through play
("indirect": its numbers are the same in A and B, so a flag on it is the change's effect on how the
game goes, or chance).

A data change is a table, an item id (None for a ``values`` table) and a field. It names a kind when
the item id (in the tables listed below, whose ids are kinds), the item's ``building``, the field or
the table is the kind's name (the feature column
without its prefix, underscores ignored: ``manor`` is ``f_built_manor``, ``13`` is
``f_knowledge_13``, ``bonus_large`` is ``f_bonus_large``), or through the few rule numbers each game
names below. Options (``--option``) are not traced to kinds: none of today's options (seat_vp,
die_wrap, action_tiles, winter) changes a valued kind's own numbers, so every kind of an
options-only change is "indirect".
"""
from __future__ import annotations

import json
from pathlib import Path

import pandas as pd

CHANGED, INDIRECT = "changed in the data", "indirect"
_IGNORED = ("about", "source")
_PREFIXES = ("f_built_", "f_played_", "f_building_", "f_knowledge_", "f_placed_", "f_")

# tables whose item ids are kinds' names (elsewhere an id is a player count, a city, a place ...)
_ID_TABLES = {"seasons": ("buildings", "workers"), "burgundy": ("knowledge", "tiles"), "tiletum": ("fairs",)}
# rule numbers whose name is not a kind's but which act on one kind alone
_NAMED = {
    "seasons": {("constants", "messenger_talers"): ("messenger",),
                ("constants", "master_vp_per_building"): ("masterbuilder",),
                ("constants", "bricklayer_talers_per_piece"): ("bricklayer",),
                ("constants", "stonemason_price"): ("stonemason",),
                ("constants", "worker_vp_divisor"): ("worker1", "worker2", "worker3")},
    "burgundy": {("rule_numbers", "watchtower_vp"): ("watchtower",),
                 ("rule_numbers", "boarding_house_workers"): ("boardinghouse",),
                 ("rule_numbers", "bank_silverlings"): ("bank",),
                 ("rule_numbers", "black_purchase_cost"): ("blackpurchases",),
                 ("rule_numbers", "mine_silverlings"): ("mine",)},
    "tiletum": {("crest_final_vp", None): ("crests",), ("cathedral_costs", None): ("cathedraltiles",),
                ("cathedrals", None): ("cathedraltiles",), ("person_kinds", None): ("persons",),
                ("fairs", "cathedrals"): ("cathedraltiles",), ("contracts", None): ("crestcontracts",),
                ("buildings", None): ("fullbuildings",)},
}


def _norm(name) -> str:
    """A name compared without case or underscores; numbers without leading zeros."""
    text = str(name).lower().replace("_", "")
    return str(int(text)) if text.isdigit() else text


def kind_token(feature: str) -> str:
    """The kind's name inside its feature column (``f_knowledge_03`` -> ``3``)."""
    for prefix in _PREFIXES:
        if feature.startswith(prefix):
            return _norm(feature[len(prefix):])
    return _norm(feature)


def _strip(value):
    """An item without its comment and source fields (they change no rule)."""
    return {k: v for k, v in value.items() if k not in _IGNORED} if isinstance(value, dict) else value


def data_changes(data_a: dict | None, data_b: dict | None) -> list[tuple]:
    """(table, item id or None, field or None, item A, item B) for every number that differs."""
    tables_a = (data_a or {}).get("tables", {})
    tables_b = (data_b or {}).get("tables", {})
    out = []
    for name in sorted(set(tables_a) | set(tables_b), key=str):
        ta, tb = tables_a.get(name, {}), tables_b.get(name, {})
        if "items" in ta or "items" in tb:
            ia = {str(i.get("id")): _strip(i) for i in ta.get("items", [])}
            ib = {str(i.get("id")): _strip(i) for i in tb.get("items", [])}
            for key in sorted(set(ia) | set(ib)):
                xa, xb = ia.get(key, {}), ib.get(key, {})
                for field in sorted(set(xa) | set(xb)):
                    if field != "id" and xa.get(field) != xb.get(field):
                        out.append((name, key, field, xa, xb))
        elif ta.get("values") != tb.get("values"):
            out.append((name, None, None, {}, {}))
    return out


def changed_kinds(game: str, data_a: dict | None, data_b: dict | None, features) -> set[str]:
    """The feature columns among ``features`` whose own numbers differ between the two data sets."""
    named, id_tables = _NAMED.get(game, {}), _ID_TABLES.get(game, ())
    hit: set[str] = set()
    for table, key, field, item_a, item_b in data_changes(data_a, data_b):
        hit |= {_norm(table)} | ({_norm(key)} if table in id_tables else set()) | ({_norm(field)} if field else set())
        hit |= {_norm(item[b]) for item in (item_a, item_b) for b in ("building",) if b in item}
        hit |= set(named.get((table, key), ())) | set(named.get((table, None), ()))
    return {f for f in features if kind_token(f) in hit}


def run_data(path) -> dict | None:
    """The data a run was played with (its ``_data.json``), or None for a game without a data file."""
    file = Path(path) / "_data.json"
    return json.loads(file.read_text()) if file.is_file() else None


def variant_data(game: str, data_file) -> dict | None:
    """The data a variant plays: its data file, else the shipped data (None: the game has none)."""
    from engine_c import content

    if not content.has_data(game):
        return None
    return content.load(game, None if data_file is None else Path(data_file))


def with_change_labels(kinds: pd.DataFrame, changed: set[str]) -> pd.DataFrame:
    """``kinds`` with a ``change`` column: 'changed in the data' or 'indirect'."""
    return kinds.assign(change=[CHANGED if f in changed else INDIRECT for f in kinds["feature"]])


def describe_changes(data_a: dict | None, data_b: dict | None, limit: int = 6) -> str:
    """The data changes in words (``buildings.manor.vp 10 -> 2``), the first ``limit`` of them."""
    parts = []
    for table, key, field, item_a, item_b in data_changes(data_a, data_b):
        if key is None:
            parts.append(f"{table} values")
        else:
            parts.append(f"{table}.{key}.{field} {_short(item_a.get(field))} -> {_short(item_b.get(field))}")
    more = f" and {len(parts) - limit} more" if len(parts) > limit else ""
    return "; ".join(parts[:limit]) + more if parts else "none"


def _short(value) -> str:
    """A data value in at most 24 characters."""
    text = "-" if value is None else json.dumps(value) if not isinstance(value, str) else value
    return text if len(text) <= 24 else text[:21] + "..."

