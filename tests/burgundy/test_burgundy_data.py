"""The engine's tables against the rules reference: tile box, depots, scoring tables, boards and regions.

The figures below are copied from the reference (shared rules text, sections 2-6 and its data file);
the region test recomputes every board's regions with the reference's offset-grid neighbour model,
independent of the axial model the engine builds its tables with, and checks them through play.
"""
import pytest

from burgundy_helpers import load
from engine_c.burgundy import data as D

# reference section 3.1 / 3.2 / 3.3: (coloured back, black back) per face
REFERENCE_BOX = {
    "castle": (14, 2), "mine": (10, 2), "ship": (20, 6),
    **{f"{sp}{n}": c for sp in ("cow", "sheep", "pig", "chicken") for n, c in ((2, (2, 0)), (3, (2, 1)), (4, (1, 1)))},
    **{b: (5, 2) for b in ("warehouse", "watchtower", "carpenter", "church", "market", "boardinghouse",
                           "bank", "cityhall")},
    **{f"k{n}": ((0, 1) if n in (7, 12, 14, 15, 24, 25) else (1, 0)) for n in range(1, 27)},
}

# reference section 4.1: per depot the "2", "2", "3", "4" spaces
REFERENCE_DEPOTS = ("BSKP", "CKBB", "PBSK", "SBPM", "MKBB", "BPCS")

# reference section 2.3: board 1's regions
BOARD_1_REGIONS = [
    {2, 3, 7}, {19}, {16, 17, 18}, {20, 21, 22}, {25, 30, 34}, {1, 5, 6, 10, 11}, {28},
    {9, 14, 15}, {12}, {23, 24, 29}, {26, 27, 32, 33, 37}, {4, 8, 13}, {31, 35, 36},
]


def test_the_tile_box_matches_the_reference():
    names = D.tile_names()
    inventory = D.inventory()
    box = {names[code]: inventory[code] for code in range(1, D.NUM_TILE_CODES)}
    assert box == REFERENCE_BOX
    assert sum(c for c, _ in box.values()) == 124 and sum(b for _, b in box.values()) == 40


def test_depot_spaces_and_marks_match_the_reference():
    assert tuple("".join(c for c, _ in depot) for depot in D.DEPOTS) == REFERENCE_DEPOTS
    assert all(tuple(mark for _, mark in depot) == (2, 2, 3, 4) for depot in D.DEPOTS)
    assert D.BLACK_DEPOT_TILES == {2: 4, 3: 6, 4: 8}
    assert D.THREE_PLAYER_MINE_SWAP == {"depot": 6, "space": 3, "phases": (2, 4)}


def test_scoring_tables_match_the_reference():
    assert D.REGION_VP[1:] == [n * (n + 1) // 2 for n in range(1, 9)] == [1, 3, 6, 10, 15, 21, 28, 36]
    assert D.PHASE_BONUS == [10, 8, 6, 4, 2]
    assert D.COLOUR_BONUS == {2: (5, 2), 3: (6, 3), 4: (7, 4)}
    assert D.SELL_VP_PER_TILE == {2: 2, 3: 3, 4: 4}
    assert D.KNOWLEDGE_FOR_BUILDING == {"warehouse": 16, "watchtower": 17, "carpenter": 18, "church": 19,
                                        "market": 20, "boardinghouse": 21, "bank": 22, "cityhall": 23}
    n = D.NUMBERS
    assert (n["watchtower_vp"], n["boarding_house_workers"], n["bank_silverlings"], n["take_workers"]) == (4, 4, 2, 2)
    assert (D.START_SILVERLINGS, D.START_WORKERS_BY_SEAT, n["black_purchase_cost"]) == ([1] * 4, [1, 2, 3, 4], 2)
    assert (n["sale_silverlings"], n["mine_silverlings"]) == (1, 1)
    assert (n["end_vp_per_goods_tile"], n["end_vp_per_silverling"], n["end_workers_per_vp"]) == (1, 1, 2)
    assert (D.GOODS_PER_TYPE, D.GOODS_PER_PHASE, D.START_GOODS) == (7, 5, 3)
    # reference section 9.3: knowledge 2 (1 worker per mine), 3 (2 silverlings a sale), 4 (1 worker a sale),
    # 7 (+1 per animal tile), 13 (1 silverling), 14 (4 workers), 15 (3 per goods type), 16-23 (4 per
    # building), 24 (4 per species), 25 (1 per goods tile sold), 26 (2 per bonus tile)
    amounts = {k: D.KNOWLEDGE_AMOUNT[k] for k in D.KNOWLEDGE_NUMBERS}
    assert amounts == {2: 1, 3: 2, 4: 1, 7: 1, 13: 1, 14: 4, 15: 3, **{k: 4 for k in range(16, 24)},
                       24: 4, 25: 1, 26: 2}


def test_die_template_is_the_reference_one():
    rows = ((6, 5, 4, 3), (2, 1, 6, 5, 4), (5, 4, 3, 1, 2, 3), (6, 1, 2, 6, 5, 4, 1), (2, 5, 4, 3, 1, 2),
            (6, 1, 2, 5, 6), (3, 4, 1, 3))
    assert D.DIE_TEMPLATE == tuple(v for row in rows for v in row)


def offset_neighbours():
    """Space id -> neighbour ids, from the reference's 7x7 offset form (rows 0, 2, 4, 6 shifted right)."""
    cells = {}
    sid = 1
    for r, length in enumerate(D.ROW_LENGTHS):
        first = ((6 if r % 2 == 0 else 7) - length) // 2
        for c in range(first, first + length):
            cells[(r, c)] = sid
            sid += 1
    out = {}
    for (r, c), s in cells.items():
        if r % 2 == 0:
            steps = ((-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0), (1, 1))
        else:
            steps = ((-1, -1), (-1, 0), (0, -1), (0, 1), (1, -1), (1, 0))
        out[s] = {cells[(r + dr, c + dc)] for dr, dc in steps if (r + dr, c + dc) in cells}
    return out


def regions(board):
    """The regions of a board (list of space-id sets) under the offset-grid neighbour model."""
    nb = offset_neighbours()
    layout = D.BOARDS[board]
    seen, out = set(), []
    for s in range(1, 38):
        if s in seen:
            continue
        region, todo = {s}, [s]
        while todo:
            k = todo.pop()
            for n in nb[k]:
                if n not in region and layout[n - 1] == layout[s - 1]:
                    region.add(n)
                    todo.append(n)
        seen |= region
        out.append(region)
    return out


def test_offset_neighbours_match_the_reference_table():
    nb = offset_neighbours()
    assert nb[1] == {2, 5, 6} and nb[19] == {12, 13, 18, 20, 25, 26} and nb[37] == {32, 33, 36}
    assert nb[16] == {10, 17, 23} and nb[22] == {15, 21, 28} and nb[10] == {5, 11, 16, 17}
    assert sorted(len(v) for v in nb.values()).count(3) == 6
    assert sorted(map(sorted, regions(1))) == sorted(map(sorted, BOARD_1_REGIONS))
    for b in D.BOARDS:
        cities = [len(r) for r in regions(b) if D.BOARDS[b][min(r) - 1] == "B"]
        assert 2 <= len(cities) <= 6 and max(cities) <= 8, b


FILLERS = {
    "P": ["sheep2", "pig2", "chicken2", "sheep3", "pig3", "chicken3"],
    "K": ["k16", "k18", "k19", "k20", "k21", "k22", "k23"],
    "B": ["warehouse", "carpenter", "church", "market", "cityhall", "watchtower", "boardinghouse", "bank"],
}
LAST = {"C": "castle", "S": "ship", "M": "mine", "P": "cow2", "K": "k17", "B": "bank"}


def last_space_position(board, space):
    """Short position: seat 0's estate full but for ``space``, the fitting tile stored, its die rolled."""
    layout = D.BOARDS[board]
    start = next(c for c in D.START_CASTLE_SPACES[board] if c != space)
    estate = {}
    pools = {"P": iter(FILLERS["P"]), "K": iter(FILLERS["K"])}     # faces unique across the estate
    for region in regions(board):
        colour = layout[min(region) - 1]
        used = pools.get(colour) or iter(FILLERS.get(colour, []))  # buildings: unique per city
        for s in sorted(region):
            if s != space:
                colour = layout[s - 1]
                estate[str(s)] = next(used) if colour in FILLERS else LAST[colour]
    empty = [[] for _ in range(6)]
    return {
        "game": "burgundy", "phase": "A", "round": 1, "depots": empty, "black_depot": [],
        "seats": [
            {"board": board, "start_castle": start, "estate": estate, "storage": [LAST[layout[space - 1]]],
             "silverlings": 0, "workers": 0, "vp": 0, "dice": [D.DIE_TEMPLATE[space - 1]] * 2},
            {"silverlings": 0, "workers": 0, "vp": 0, "dice": [1, 1]},
        ],
    }


@pytest.mark.parametrize("board", sorted(D.BOARDS))
def test_completing_each_region_scores_its_reference_size(board):
    size = {s: len(r) for r in regions(board) for s in r}
    for space in range(1, 38):
        if D.BOARDS[board][space - 1] == "C" and len(D.START_CASTLE_SPACES[board]) == 1:
            continue
        state = load(last_space_position(board, space))
        state.apply_action("die1:place1")
        state.apply_action(f"space{space}")
        animal = 2 if D.BOARDS[board][space - 1] == "P" else 0
        # region by size + phase A bonus + the large colour bonus (the colour is now full) + a cow2
        assert state.scores()[0] == D.REGION_VP[size[space]] + 10 + 5 + animal, (board, space)
