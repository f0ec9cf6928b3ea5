"""South Seas component data: the bundled (reconstructed) tiles and ships, the file checks, the
payments a player can make, and the component tables and ``atoll southseas tiles`` built on them.

The bundled tile set is a RECONSTRUCTION (see the header of models/southseas/data/tiles.toml); the
tests check the confirmed facts (southseas-components.md) and that the header's numbers are true.
"""

from __future__ import annotations

import re
import tomllib
from collections import Counter
from pathlib import Path

import pytest
from click.testing import CliRunner

from analyses.southseas.cli import southseas
from analyses.southseas.tiles import canonical_pattern, ship_frame, tile_frame, tile_statistics
from models.data import bundled_path, parse_toml
from models.errors import AtollError
from models.southseas.components import Kind, TileSet
from models.southseas.geometry import rotate_port
from models.southseas.ships import Ship, ShipSet, dump_ships, load_ships, parse_ships, payments
from models.southseas.tilefile import load_tiles, parse_tiles

TILES = bundled_path("southseas", "tiles.toml")
SHIPS = bundled_path("southseas", "ships.toml")


@pytest.fixture(scope="module")
def tiles() -> TileSet:
    return load_tiles()


@pytest.fixture(scope="module")
def ships() -> ShipSet:
    return load_ships()


def pieces(tiles: TileSet, kind: Kind) -> list[tuple[int, object]]:
    """(copies, piece) for every piece of ``kind`` in the set."""
    return [(t.count, p) for t in tiles.types for p in t.pieces if p.kind is kind]


# -- the bundled tile set: confirmed facts --------------------------------------------------------


def test_SS_P1_bundled_set_has_73_tiles_and_one_start_tile(tiles: TileSet) -> None:
    assert tiles.total == 73
    assert [t.id for t in tiles.types if t.start] == [tiles.start.id]
    assert tiles.start.edges == "IBSB"  # island cap N, straight bridge E-W, sea S
    assert len(tiles.draw_pile()) == 72
    assert len({t.id for t in tiles.types}) == len(tiles.types)


def test_bundled_set_is_labelled_a_reconstruction(tiles: TileSet) -> None:
    assert tiles.reconstruction is True
    assert "RECONSTRUCTION" in tiles.note
    header = TILES.read_text(encoding="utf-8").split("\nreconstruction")[0]
    assert "RECONSTRUCTION" in header and "not the published" in header.lower()


def test_bundled_set_derives_from_the_base_game(tiles: TileSet) -> None:
    # The base game's 72 tiles by structure (symbols ignored), D with the added start tile (5).
    expected = {
        "SSBS": [2], "SSSS": [4], "IIII": [1], "IBSB": [5], "ISSS": [5],
        "SISI": [3, 3],  # F+G island band; H two opposite caps
        "SIIS": [2], "IBBS": [3], "ISBB": [3], "IBBB": [3], "ISSI": [5], "IBBI": [5],
        "IISI": [4], "IIBI": [3], "BSBS": [8], "SSBB": [9], "SBBB": [4], "BBBB": [1],
    }  # fmt: skip
    structures: Counter[tuple[object, ...]] = Counter()
    for t in tiles.types:
        shape = tuple(sorted((p.kind.value, p.ports, p.end or "") for p in t.pieces))
        structures[(t.edges, shape)] += t.count
    found: dict[str, list[int]] = {}
    for (edges, _), n in structures.items():
        found.setdefault(edges, []).append(n)
    assert {e: sorted(ns) for e, ns in found.items()} == expected


def test_SS_B1_at_most_19_boat_tiles_each_boat_on_a_sea_piece(tiles: TileSet) -> None:
    assert sum(t.count for t in tiles.types if t.boats) <= 19
    assert all(t.boats <= 1 for t in tiles.types)
    assert all(p.kind is Kind.SEA for t in tiles.types for p in t.pieces if p.boat)
    assert not tiles.start.boats


def test_SS_B3_fish_come_in_groups_of_1_or_2(tiles: TileSet) -> None:
    groups = [g for _, p in pieces(tiles, Kind.SEA) for g in p.fish]  # type: ignore[attr-defined]
    assert groups and set(groups) == {1, 2}


def test_SS_M1_markets_exist(tiles: TileSet) -> None:
    assert any(t.market for t in tiles.types)


def test_SS_E1_some_island_and_bridge_pieces_carry_no_symbol(tiles: TileSet) -> None:
    assert any(p.bananas == 0 for _, p in pieces(tiles, Kind.ISLAND))  # type: ignore[attr-defined]
    assert any(p.shells == 0 for _, p in pieces(tiles, Kind.BRIDGE))  # type: ignore[attr-defined]
    assert any(p.bananas for _, p in pieces(tiles, Kind.ISLAND))  # type: ignore[attr-defined]
    assert any(p.shells for _, p in pieces(tiles, Kind.BRIDGE))  # type: ignore[attr-defined]


def test_SS_E2_bridge_ends_include_junction_stones(tiles: TileSet) -> None:
    ends = Counter(p.end for _, p in pieces(tiles, Kind.BRIDGE))  # type: ignore[attr-defined]
    assert ends["junction"] > 0 and ends["island"] > 0 and ends["market"] > 0


def test_header_statistics_are_true(tiles: TileSet) -> None:
    header = TILES.read_text(encoding="utf-8")

    def number(pattern: str) -> list[int]:
        match = re.search(pattern, header)
        assert match, pattern
        return [int(g) for g in match.groups()]

    stats = tile_statistics(tiles)
    symbols, fish = stats["symbols"], stats["fish groups"]
    ends, boats = stats["bridge ends"], stats["boats"]
    assert number(r"tiles (\d+) in (\d+) types") == [73, len(tiles.types)]
    assert number(r"boat tiles (\d+); market tiles (\d+)") == [
        boats.loc["all boat tiles", "tiles"],
        stats["markets"].loc["all market tiles", "tiles"],
    ]
    assert number(r"bananas (\d+) \(island pieces without: (\d+)\)") == [
        symbols.loc["bananas", "symbols"],
        symbols.loc["bananas", "pieces without"],
    ]
    assert number(r"shells (\d+) \(bridge pieces without: (\d+)\)") == [
        symbols.loc["shells", "symbols"],
        symbols.loc["shells", "pieces without"],
    ]
    assert number(r"fish (\d+) in groups: (\d+) of one, (\d+) of two") == [
        symbols.loc["fish", "symbols"],
        fish.loc[1, "groups"],
        fish.loc[2, "groups"],
    ]
    assert number(r"pieces: island (\d+), bridge (\d+), sea (\d+), market (\d+)") == [
        *symbols["pieces"],
        stats["markets"].loc["all market tiles", "tiles"],
    ]
    assert number(r"boat pieces with fish (\d+)") == [boats.loc["boat piece with fish", "tiles"]]
    assert number(r"junction (\d+) \(on (\d+) tiles") == [
        ends.loc["junction", "ends"],
        ends.loc["junction", "tiles"],
    ]
    assert number(r"island (\d+), market (\d+)") == [
        ends.loc["island", "ends"],
        ends.loc["market", "ends"],
    ]


def test_header_rationale_numbers_are_true(tiles: TileSet) -> None:
    bananas = Counter({n: 0 for n in (0, 1, 2)})
    for copies, piece in pieces(tiles, Kind.ISLAND):
        bananas[piece.bananas] += copies  # type: ignore[attr-defined]
    shells = Counter({n: 0 for n in (0, 1, 2)})
    for copies, piece in pieces(tiles, Kind.BRIDGE):
        shells[piece.shells] += copies  # type: ignore[attr-defined]
    assert bananas == {2: 10, 1: 29, 0: 11}  # the base game's 10 shields become 2 bananas
    assert shells == {1: 43, 2: 1, 0: 19}


# -- rotations ------------------------------------------------------------------------------------


def test_SS_P4_rotation_tables_are_rotations_of_rotation_0(tiles: TileSet) -> None:
    for t in tiles.types:
        for r in range(4):
            table = t.port_piece[r]
            assert -1 not in table, t.id
            assert all(table[rotate_port(p, r)] == t.port_piece[0][p] for p in range(12)), t.id
            assert all(t.patterns[r][(s + r) % 4] == t.edges[s] for s in range(4)), t.id


def test_SS_P4_distinct_rotations(tiles: TileSet) -> None:
    by_id = tiles.by_id()
    assert by_id["market"].distinct_rotations() == (0,)  # open sea all round
    assert by_id["island-full"].distinct_rotations() == (0,)
    assert by_id["bridge-straight-plain"].distinct_rotations() == (0, 1)  # half-turn symmetric
    assert by_id["bridge-junction-4"].distinct_rotations() == (0, 1)  # shells 1, 0, 1, 0
    assert by_id["island-cap"].distinct_rotations() == (0, 1, 2, 3)
    # a fish on one side of a straight bridge breaks the half-turn symmetry
    assert by_id["bridge-straight"].distinct_rotations() == (0, 1, 2, 3)


# -- ships ----------------------------------------------------------------------------------------


def test_SS_S1_bundled_ships_load(ships: ShipSet) -> None:
    assert len(ships.ships) == 24
    assert ships.reconstruction is True and "RECONSTRUCTION" in ships.note
    assert SHIPS.read_text(encoding="utf-8").startswith("# Carcassonne: South Seas")
    assert "RECONSTRUCTION" in SHIPS.read_text(encoding="utf-8").split("\nreconstruction")[0]


def test_SS_S2_ship_requirement_kinds(ships: ShipSet) -> None:
    frame = ship_frame(ships)
    assert (frame["wares"] > 0).all()
    assert any(s.fixed != (0, 0, 0) for s in ships.ships)
    assert any(s.any for s in ships.ships)
    assert any(s.same_types for s in ships.ships)
    requirements = {(s.fixed, s.any, s.same_types, s.same_each, s.points) for s in ships.ships}
    assert ((3, 1, 0), 0, 0, 0, 4) in requirements  # 3 shells + 1 banana = 4 points
    assert ((0, 1, 2), 0, 0, 0, 3) in requirements  # 2 fish + 1 banana = 3 points


def test_SS_S3_ship_points(ships: ShipSet) -> None:
    frame = ship_frame(ships)
    assert frame["points"].between(2, 8).all()
    assert ((frame["points"] - frame["wares"]).abs() <= 1).all()  # about 1 point per ware


def test_SS_S1_payments_fixed() -> None:
    ship = Ship("s", 4, fixed=(3, 1, 0))
    assert payments(ship, (4, 1, 2)) == {(3, 1, 0)}
    assert payments(ship, (3, 1, 0)) == {(3, 1, 0)}
    assert payments(ship, (2, 5, 5)) == frozenset()  # cannot pay


def test_SS_S1_payments_any() -> None:
    assert payments(Ship("a", 2, any=2), (1, 1, 1)) == {(1, 1, 0), (1, 0, 1), (0, 1, 1)}
    assert payments(Ship("a", 2, any=2), (2, 0, 0)) == {(2, 0, 0)}
    assert payments(Ship("a", 3, any=3), (1, 1, 0)) == frozenset()
    ship = Ship("a", 4, fixed=(0, 1, 0), any=1)
    assert payments(ship, (1, 2, 0)) == {(0, 2, 0), (1, 1, 0)}


def test_SS_S1_payments_same() -> None:
    pairs = Ship("p", 4, same_types=2, same_each=2)
    assert payments(pairs, (3, 2, 1)) == {(2, 2, 0)}
    assert payments(pairs, (2, 2, 2)) == {(2, 2, 0), (2, 0, 2), (0, 2, 2)}
    assert payments(pairs, (1, 1, 5)) == frozenset()  # only one type has two
    assert payments(Ship("t", 3, same_types=3, same_each=1), (1, 1, 1)) == {(1, 1, 1)}
    assert payments(Ship("d", 2, same_types=2, same_each=1), (0, 0, 9)) == frozenset()


def test_SS_S1_payments_combined() -> None:
    # 1 fish + 1 of choice + 2 identical of 2 types, from 3 shells, 2 bananas, 2 fish: after the
    # fish, only shells+bananas can form the pairs; the choice is the last shell or the last fish.
    ship = Ship("c", 6, fixed=(0, 0, 1), any=1, same_types=2, same_each=2)
    assert payments(ship, (3, 2, 2)) == {(3, 2, 1), (2, 2, 2)}
    assert payments(ship, (2, 2, 1)) == frozenset()  # nothing left for the choice
    banana_pairs = Ship("b", 5, fixed=(0, 1, 0), same_types=2, same_each=2)
    assert payments(banana_pairs, (2, 3, 0)) == {(2, 3, 0)}
    assert payments(banana_pairs, (2, 2, 2)) == {(2, 1, 2)}


# -- file errors: one line naming file, tile and field --------------------------------------------

CAP = """
[[tile]]
id = "cap"
count = 1
edges = "ISSS"
start = true
piece = [
  { kind = "island", sides = ["N"], bananas = 1 },
  { kind = "sea", sides = ["E", "S", "W"], fish = [2] },
]
"""
STRAIGHT = """
[[tile]]
id = "straight"
count = 2
edges = "BSBS"
piece = [
  { kind = "bridge", sides = ["N", "S"], shells = 1 },
  { kind = "sea", sides = ["N.E", "E", "S.E"] },
  { kind = "sea", sides = ["S.W", "W", "N.W"] },
]
"""
DEAD_END = """
[[tile]]
id = "dead-end"
count = 1
edges = "BSSS"
piece = [
  { kind = "bridge", sides = ["N"], end = "junction" },
  { kind = "sea", sides = ["N.W", "N.E", "E", "S", "W"] },
]
"""


def load_error(tmp_path: Path, text: str, loader=load_tiles) -> str:  # type: ignore[no-untyped-def]
    path = tmp_path / "data.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(AtollError) as info:
        loader(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: "), message
    return message


def test_valid_test_tiles_load(tmp_path: Path) -> None:
    path = tmp_path / "data.toml"
    path.write_text(CAP + STRAIGHT + DEAD_END, encoding="utf-8")
    assert load_tiles(path).total == 4 and load_tiles(path).reconstruction is False


@pytest.mark.parametrize(
    ("old", "new", "tile", "field", "words"),
    [
        ('edges = "ISSS"', 'edges = "IXSS"', "cap", "edges", "unknown edge kind 'X'"),
        ('"island", sides = ["N"]', '"bridge", sides = ["S"]', "cap", "sides", "S is a sea side"),
        (
            "bananas = 1 },",
            'bananas = 1 },\n{ kind = "island", sides = ["N"] },',
            "cap",
            "sides",
            "N.W is claimed twice (pieces 0 and 1)",
        ),
        ('sides = ["E", "S", "W"]', 'sides = ["E", "S"]', "cap", "piece", "no piece covers W"),
        ("fish = [2]", "fish = [3]", "cap", "fish", "groups of 1 or 2"),
        ("fish = [2]", "fish = [2, 0]", "cap", "fish", "groups of 1 or 2"),
        ("fish = [2]", "fish = [1.0]", "cap", "fish", "groups of 1 or 2"),
        ("count = 1", "count = 0", "cap", "count", "whole number 1 to 200, got 0"),
        ("count = 1", "count = -2", "cap", "count", "whole number 1 to 200, got -2"),
        ("count = 1", "count = 201", "cap", "count", "whole number 1 to 200, got 201"),
        ("count = 1", "count = 1.0", "cap", "count", "whole number 1 to 200, got 1.0"),
        ("count = 1", "count = true", "cap", "count", "whole number 1 to 200, got True"),
        ("count = 1", 'count = "1"', "cap", "count", "whole number 1 to 200, got '1'"),
        ("count = 1", "count = nan", "cap", "count", "whole number 1 to 200, got nan"),
        ("count = 1", "count = 9223372036854775807", "cap", "count", "1 to 200"),
        ("count = 1\n", "", "cap", "count", "missing (a whole number 1 to 200)"),
        ('edges = "ISSS"\n', "", "cap", "edges", "missing (4 letters"),
        ("count = 1", "colour = 1\ncount = 1", "cap", "colour", "unknown field"),
        ("bananas = 1", "bananas = 1, colour = 1", "cap", "colour", "unknown field"),
        ("bananas = 1", "bananas = -1", "cap", "bananas", "whole number 0 to 10, got -1"),
        ('kind = "island"', "kind = 1", "cap", "kind", "unknown kind 1"),
        ("fish = [2]", "shells = 1", "cap", "shells", "bridge pieces only"),
        ("fish = [2]", 'end = "island"', "cap", "end", "bridge pieces only"),
        ("start = true", "start = 1", "cap", "start", "true or false"),
    ],
)
def test_tile_errors_name_file_tile_and_field(
    tmp_path: Path, old: str, new: str, tile: str, field: str, words: str
) -> None:
    text = (CAP + STRAIGHT).replace(old, new, 1)
    assert text != CAP + STRAIGHT
    message = load_error(tmp_path, text)
    assert f"tile '{tile}'" in message and f": {field}: " in message and words in message, message


@pytest.mark.parametrize(
    ("value", "words"),
    [("5", "must be a string, got 5"), ('""', "must not be empty"), (None, "missing (a string)")],
)
def test_tile_id_missing_empty_or_not_a_string(
    tmp_path: Path, value: str | None, words: str
) -> None:
    new = "" if value is None else f"id = {value}\n"
    message = load_error(tmp_path, CAP.replace('id = "cap"\n', new, 1))
    assert f": tile[0]: id: {words}" in message, message


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        (', end = "junction"', "", "end", "a bridge without ends"),
        ('end = "junction"', 'end = "island"', "end", "ends at an island but the tile has none"),
        ('end = "junction"', 'end = "market"', "end", "ends at a market but the tile has none"),
        ('end = "junction"', 'end = "harbour"', "end", "one of junction, island, market"),
    ],
)
def test_SS_E2_bridge_end_errors(
    tmp_path: Path, old: str, new: str, field: str, words: str
) -> None:
    message = load_error(tmp_path, CAP + DEAD_END.replace(old, new, 1))
    assert "tile 'dead-end' piece[0]" in message and f": {field}: " in message, message
    assert words in message, message


def test_bridge_through_two_sides_has_no_end(tmp_path: Path) -> None:
    text = CAP + STRAIGHT.replace("shells = 1", 'shells = 1, end = "junction"')
    assert "runs through" in load_error(tmp_path, text)


def test_island_piece_must_reach_a_side(tmp_path: Path) -> None:
    text = CAP.replace('{ kind = "sea"', '{ kind = "island" },\n  { kind = "sea"')
    message = load_error(tmp_path, text)
    assert "tile 'cap' piece[1]: sides: an island part must reach at least one side" in message


def test_start_tile_errors(tmp_path: Path) -> None:
    message = load_error(tmp_path, CAP.replace("start = true\n", "") + STRAIGHT)
    assert ": start: no start tile" in message
    message = load_error(tmp_path, CAP + STRAIGHT.replace("count = 2", "count = 2\nstart = true"))
    assert ": start: several start tiles: cap, straight" in message


def test_tile_file_errors(tmp_path: Path) -> None:
    assert ": colour: unknown key" in load_error(tmp_path, "colour = 1\n" + CAP)
    assert ": tile[1]: id: duplicate tile id 'cap'" in load_error(tmp_path, CAP + CAP)
    assert "invalid TOML" in load_error(tmp_path, CAP + "[[tile]\n")
    missing = tmp_path / "missing.toml"
    with pytest.raises(AtollError, match="no such file"):
        load_tiles(missing)


SHIP = """
[[ship]]
id = "demo"
points = 4
fixed = { shells = 3, bananas = 1 }
"""


@pytest.mark.parametrize(
    ("old", "new", "field", "words"),
    [
        ("points = 4\n", "", "points", "a ship needs points"),
        ("points = 4", "points = 0", "points", "at least 1 point"),
        ("points = 4", "points = 2.5", "points", "whole number"),
        ("fixed = { shells = 3, bananas = 1 }", "fixed = { gold = 1 }", "fixed.gold", "shells"),
        ("points = 4", "points = 101", "points", "whole number 1 to 100, got 101"),
        ("points = 4", "points = 4.0", "points", "whole number 1 to 100, got 4.0"),
        ("shells = 3", "shells = 51", "fixed.shells", "whole number 0 to 50, got 51"),
        ("shells = 3", 'shells = "3"', "fixed.shells", "whole number 0 to 50, got '3'"),
        ("points = 4", "points = 4\nany = 51", "any", "whole number 0 to 50"),
        ("points = 4", "points = 4\nsame = { types = 1, each = 51 }", "same.each", "0 to 50"),
        ("points = 4", "points = 4\nsame = { types = 4, each = 1 }", "same.types", "0 to 3"),
        ("points = 4", "points = 4\nsame = 2", "same", "must be a table"),
        ("points = 4", "points = 4\nsame = { kinds = 2 }", "same.kinds", "unknown field"),
        ("points = 4", "points = 4\ncolour = 1", "colour", "unknown field"),
        ("points = 4", "points = 4\nsame = { types = 2 }", "same", "go together"),
        ("points = 4", "points = 4\nany = -1", "any", "whole number"),
    ],
)
def test_SS_S2_ship_errors_name_file_ship_and_field(
    tmp_path: Path, old: str, new: str, field: str, words: str
) -> None:
    message = load_error(tmp_path, SHIP.replace(old, new, 1), loader=load_ships)
    assert "ship 'demo'" in message and f": {field}: " in message and words in message, message


def test_SS_S2_ship_without_requirement(tmp_path: Path) -> None:
    text = SHIP.replace("fixed = { shells = 3, bananas = 1 }", "")
    message = load_error(tmp_path, text, loader=load_ships)
    assert "ship 'demo': fixed: a ship without requirement: give fixed, any or same" in message


def test_ship_file_errors(tmp_path: Path) -> None:
    assert "duplicate ship id 'demo'" in load_error(tmp_path, SHIP + SHIP, loader=load_ships)
    assert ": ships: unknown key" in load_error(tmp_path, "ships = 1\n" + SHIP, loader=load_ships)


# -- analyses.southseas.tiles ---------------------------------------------------------------------


def small_set() -> TileSet:
    """Two types by hand: 1 start cap (1 banana, fish 2) and 2 straight bridges (1 shell each)."""
    return parse_tiles(tomllib.loads(CAP + STRAIGHT), source="small")


def test_canonical_pattern() -> None:
    assert canonical_pattern("SSBS") == "BSSS"
    assert canonical_pattern("BSBS") == canonical_pattern("SBSB") == "BSBS"
    assert canonical_pattern("ISSI") == canonical_pattern("SIIS") == "IISS"


def test_tile_frame_of_a_small_set() -> None:
    frame = tile_frame(small_set())
    assert list(frame["id"]) == ["cap", "straight"]
    cap = frame.iloc[0]
    assert (cap["count"], cap["bananas"], cap["fish"], cap["fish_2"]) == (1, 1, 2, 1)
    assert cap["start"] and not cap["market"]
    assert cap["pieces"] == "0: island[N] (1 banana); 1: sea[E,S,W] (fish 2)"
    straight = frame.iloc[1]
    assert (straight["shells"], straight["boats"], straight["junction_ends"]) == (1, 0, 0)


def test_tile_statistics_of_a_small_set() -> None:
    stats = tile_statistics(small_set())
    assert (
        stats["patterns"].loc["BSBS", "tiles"] == 2 and stats["patterns"].loc["ISSS", "types"] == 1
    )
    assert stats["symbols"].loc["shells", "symbols"] == 2  # 1 shell x 2 copies
    assert stats["symbols"].loc["bananas", "pieces without"] == 0
    assert stats["symbols"].loc["fish", "pieces without"] == 4  # the straight bridges' seas
    assert stats["fish groups"].loc[2, "fish"] == 2 and stats["fish groups"].loc[1, "groups"] == 0
    assert stats["boats"].loc["all boat tiles", "tiles"] == 0
    assert stats["markets"].loc["all market tiles", "types"] == 0
    assert stats["bridge ends"]["ends"].sum() == 0


def test_tile_statistics_of_the_bundled_set(tiles: TileSet) -> None:
    stats = tile_statistics(tiles)
    assert stats["patterns"]["tiles"].sum() == 73
    assert stats["patterns"].loc["BBSS", "tiles"] == 9  # curved bridges, the commonest pattern
    assert stats["boats"].loc["all boat tiles", "tiles"] <= 19
    assert stats["markets"].loc["all market tiles", "tiles"] >= 1
    assert set(stats["fish groups"].index) == {1, 2}
    assert stats["bridge ends"].loc["junction", "ends"] > 0
    frame = tile_frame(tiles)
    for ware in ("bananas", "shells", "fish"):
        assert stats["symbols"].loc[ware, "symbols"] == (frame[ware] * frame["count"]).sum()


def test_ship_frame(ships: ShipSet) -> None:
    frame = ship_frame(ships)
    assert len(frame) == 24
    assert {"fixed", "any", "same"} <= {k for kinds in frame["kinds"] for k in kinds.split("+")}
    row = frame.set_index("id").loc["shells-3-banana-1"]
    assert (row["shells"], row["bananas"], row["wares"], row["points"]) == (3, 1, 4, 4)


# -- atoll southseas tiles ------------------------------------------------------------------------


def test_tiles_command_prints_the_set_and_says_reconstruction(tiles: TileSet) -> None:
    result = CliRunner().invoke(southseas, ["tiles"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("tiles: RECONSTRUCTION")
    assert all(t.id in result.output for t in tiles.types)
    assert "== patterns ==" not in result.output


def test_tiles_command_stats_prints_every_section(tiles: TileSet) -> None:
    result = CliRunner().invoke(southseas, ["tiles", "--stats"])
    assert result.exit_code == 0, result.output
    for name in tile_statistics(tiles):
        assert f"== {name} ==" in result.output
    assert "junction" in result.output and "BBSS" in result.output


def test_tiles_command_ships(ships: ShipSet) -> None:
    result = CliRunner().invoke(southseas, ["tiles", "--ships"])
    assert result.exit_code == 0, result.output
    assert "ships: RECONSTRUCTION" in result.output
    assert all(s.id in result.output for s in ships.ships)


def test_tiles_command_with_a_file(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(CAP + STRAIGHT, encoding="utf-8")
    result = CliRunner().invoke(southseas, ["tiles", "--component", f"tiles={path}"])
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0].startswith("tiles: not marked as a reconstruction")
    path.write_text(CAP.replace("ISSS", "IXSS"), encoding="utf-8")
    result = CliRunner().invoke(southseas, ["tiles", "--component", f"tiles={path}"])
    assert isinstance(result.exception, AtollError)  # the main CLI prints it as one line, exit 2
    assert "unknown edge kind" in str(result.exception)


def test_dump_ships_keeps_the_reconstruction_label_and_note() -> None:
    bundled = load_ships()
    again = parse_ships(parse_toml(dump_ships(bundled), source="x"), source="x")
    assert (again.ships, again.reconstruction, again.note) == (
        bundled.ships,
        bundled.reconstruction,
        bundled.note,
    )
    assert bundled.reconstruction is True


# -- bounds: what a real game can have -------------------------------------------------------------


def test_a_tile_set_has_at_most_500_tiles(tmp_path: Path) -> None:
    from models.southseas.tilefile import MAX_COPIES, MAX_TILES

    assert (MAX_COPIES, MAX_TILES) == (200, 500)
    straight = STRAIGHT.replace("count = 2", "count = 200")
    three = straight + straight.replace('"straight"', '"b"') + straight.replace('"straight"', '"c"')
    message = load_error(tmp_path, CAP + three)
    assert message.endswith(
        ": tile 'c': count: the tiles so far come to 601 copies: a tile set has at most 500"
    )
    many = "".join(STRAIGHT.replace('"straight"', f'"s{i}"') for i in range(501))
    assert load_error(tmp_path, CAP + many).endswith(
        ": tile: 502 entries: a tile set has at most 500"
    )


def test_ship_file_bounds(tmp_path: Path) -> None:
    ships = [SHIP.replace('"demo"', f'"s{i}"') for i in range(201)]
    message = load_error(tmp_path, "".join(ships), loader=load_ships)
    assert message.endswith(": ship: 201 entries: a ship file has at most 200")
    path = tmp_path / "ships.toml"
    path.write_text("".join(ships[:200]), encoding="utf-8")
    assert len(load_ships(path).ships) == 200


@pytest.mark.parametrize(
    ("new", "field", "words"),
    [
        ('id = "a\\nb"', "id", "must be printable (no line breaks, tabs or control characters)"),
        ('id = "a\\u2028b"', "id", "must be printable"),
        ('"x\\ny" = 1\nid = "cap"', "'x\\ny'", "unknown field"),
    ],
)
def test_ids_and_keys_cannot_break_the_line(
    tmp_path: Path, new: str, field: str, words: str
) -> None:
    message = load_error(tmp_path, CAP.replace('id = "cap"', new, 1))
    assert f": {field}: {words}" in message, message
    message = load_error(
        tmp_path, SHIP.replace('id = "demo"', new.replace("cap", "demo")), load_ships
    )
    assert f": {field}: {words}" in message, message


def test_deep_nesting_is_one_line(tmp_path: Path) -> None:
    for loader in (load_tiles, load_ships):
        message = load_error(tmp_path, "tile = " + "[" * 5000 + "]" * 5000, loader)
        assert message.endswith(": nested too deeply (tables and arrays: at most 32 levels)")
