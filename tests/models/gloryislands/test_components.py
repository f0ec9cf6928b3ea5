"""The Glory Islands component file: the bundled reconstruction, its geometry, and one-line
errors naming file, entry and field for every bound."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from models.data import parse_toml
from models.errors import AtollError
from models.gloryislands.boardfile import dump_board, load_board, parse_board
from models.gloryislands.components import cell_name, facing_line, parse_cell

BOARD = load_board()


def raw() -> dict[str, Any]:
    """The bundled file as a table, to break one thing at a time."""
    return parse_toml(dump_board(BOARD), source="b.toml")


def error_of(data: dict[str, Any]) -> str:
    with pytest.raises(AtollError) as info:
        parse_board(data, source="b.toml")
    text = str(info.value)
    assert "\n" not in text and text.startswith("b.toml: ")
    return text


def test_bundled_board_is_a_labelled_reconstruction() -> None:
    assert BOARD.reconstruction
    for word in ("RECONSTRUCTION", "island shapes", "scoring table", "sail track", "dots"):
        assert word in BOARD.note
    assert len(BOARD.route) == 24 and len(BOARD.islands) == 6
    assert sum(i.size for i in BOARD.islands) == 25
    assert len(BOARD.cards) == 24 and BOARD.colours == ("red", "blue", "green", "yellow")
    assert BOARD.sail_track[0] == 24 and BOARD.sail_track[-1] == -30
    assert (BOARD.pirates, BOARD.barrels, BOARD.barrels_at_start, BOARD.barrel_limit) == (
        5,
        8,
        1,
        3,
    )
    assert BOARD.treasures == 35 and BOARD.set_fame == (1, 3, 6, 10, 15)
    assert BOARD.compass_bonus == (4, 2, 1) and BOARD.home_bonus == (6, 3, 1)
    assert len(BOARD.diagonals) == 3


def test_every_colour_has_1_2_3_3_4_5() -> None:
    for colour in BOARD.colours:
        values = sorted(BOARD.cards[i].value for i in BOARD.hand_of(colour))
        assert values == [1, 2, 3, 3, 4, 5]


def test_cells_are_named_by_column_and_row() -> None:
    assert [cell_name(c) for c in (0, 6, 24, 42, 48)] == ["a1", "g1", "d4", "a7", "g7"]
    assert all(parse_cell(cell_name(c)) == c for c in range(49))
    for bad in ("h1", "a8", "a0", "", "aa1"):
        with pytest.raises(ValueError):
            parse_cell(bad)


def test_lines_face_the_islands_nearest_first() -> None:
    names = {cell_name(BOARD.route[i]): [cell_name(c) for c in BOARD.lines[i]] for i in range(24)}
    assert names["c1"] == ["c2", "c3", "c4", "c5", "c6"]
    assert names["g3"] == ["f3", "e3", "d3", "c3", "b3"]
    assert names["c7"] == ["c6", "c5", "c4", "c3", "c2"]
    assert names["a5"] == ["b5", "c5", "d5", "e5", "f5"]
    assert names["g1"] == ["f2", "e3", "d4", "c5", "b6"]
    assert names["g7"] == ["f6", "e5", "d4", "c3", "b2"]
    assert names["a7"] == ["b6", "c5", "d4", "e3", "f2"]
    assert names["a1"] == []  # the corner without a diagonal
    assert cell_name(facing_line(parse_cell("a1"))[0]) == "b2"


def test_pirate_lines_are_the_pirate_fields_of_each_line() -> None:
    for i, line in enumerate(BOARD.lines):
        assert BOARD.pirate_lines[i] == tuple(c for c in line if BOARD.icon_of[c] == "pirate")


def test_dump_round_trips() -> None:
    again = parse_board(parse_toml(dump_board(BOARD), source=BOARD.source), source=BOARD.source)
    assert again == BOARD and again.note == BOARD.note


def test_a_copied_board_file_loads(tmp_path: Path) -> None:
    path = tmp_path / "mine.toml"
    path.write_text(dump_board(BOARD).replace("reconstruction = true", "reconstruction = false"))
    mine = load_board(path)
    assert not mine.reconstruction and mine.source == str(path)


@pytest.mark.parametrize(
    "change, needle",
    [
        (lambda d: d["route"].update(cells=d["route"]["cells"][:-1]), "route: cells: 23 cells"),
        (lambda d: d["route"].update(cells=d["route"]["cells"][::-1]), "anticlockwise"),
        (lambda d: d["route"]["cells"].__setitem__(1, "c1"), "route: cells: c1 is named twice"),
        (lambda d: d["route"]["cells"].__setitem__(3, "d4"), "d4 is not on the ring"),
        (lambda d: d["route"].update(compass="z9"), "route: compass: a cell is a column"),
        (lambda d: d["route"].update(compass="a1"), "route: compass: a1 is not a route field"),
        (lambda d: d["route"].update(diagonals=["d1"]), "route: diagonals: d1 is not a corner"),
        (lambda d: d["route"].update(diagonals=["a1", "a1"]), "a1 is named twice"),
        (lambda d: d["route"].update(diagonals=["a1"] * 5), "route.diagonals: List should have"),
        (
            lambda d: d["island"][0]["fields"].update(d2="chest"),
            "island[1]: fields: d2 is on island 'Gull Rock'",
        ),
        (lambda d: d["island"][0]["fields"].update(a1="chest"), "a1 is not in the inner 5x5"),
        (
            lambda d: d["island"][0]["fields"].update(b2="gold"),
            "island[0]: fields.b2: Input should be 'pirate'",
        ),
        (lambda d: d["island"][0]["fields"].pop("b2"), "the islands must fill the inner 5x5"),
        (lambda d: d["island"][1]["fields"].pop("e2"), "island[1]: fields: the fields are not"),
        (lambda d: d["island"][1].update(name="Gull Rock"), "island[1]: name: 'Gull Rock'"),
        (lambda d: d.update(island=[]), "island: List should have at least 1"),
        (lambda d: d["island_scoring"].pop("4"), "island_scoring: 4: missing"),
        (lambda d: d["island_scoring"].update({"4": [1, 2, 0]}), "4: fame [1, 2, 0] rises"),
        (lambda d: d["island_scoring"].update({"30": [1, 0, 0]}), "a key is an island size"),
        (lambda d: d["island_scoring"].update({"4": [1, 0]}), "island_scoring.4: List should"),
        (lambda d: d["island_scoring"].update({"4": [2000, 0, 0]}), "less than or equal to 1000"),
        (lambda d: d["sail_track"].update(fame=[]), "sail_track.fame: List should have at least"),
        (lambda d: d["sail_track"].update(fame=[1] * 201), "at most 200"),
        (lambda d: d["sail_track"].update(fame=[3, 4]), "sail_track: fame: field 1 (4) rises"),
        (lambda d: d["card"][1].update(id="red-1"), "card[1]: id: 'red-1' is also card[0]"),
        (lambda d: d["card"][1].update(id="red 2"), "card[1]: id: 'red 2': a card id has no"),
        (lambda d: d["card"][0].update(value=6), "card[0]: value: Input should be less than"),
        (lambda d: d["card"][0].update(value=2), "red has no 1-card"),
        (
            lambda d: d["card"][2].update(dots=1, symbol="white"),
            "card[3]: dots: red-3b and red-3a are both",
        ),
        (lambda d: d["card"][0].update(symbol="grey"), "card[0]: symbol: Input should be"),
        (lambda d: d.update(card=d["card"][:6]), "card: colour: 1 colours: 2 to 4"),
        (lambda d: d["pieces"].update(pirates=0), "pieces.pirates: Input should be greater"),
        (lambda d: d["pieces"].update(barrels=3), "pieces: barrels: 3 barrels cannot give"),
        (lambda d: d["pieces"].update(barrels_at_start=4), "more than the barrel_limit"),
        (lambda d: d["treasure"].update(kinds=["a", "a", "b", "c", "d"]), "a kind is named"),
        (lambda d: d["treasure"].update(set_fame=[1, 3]), "treasure: set_fame: 2 entries"),
        (lambda d: d["treasure"].update(copies=0), "treasure.copies: Input should be greater"),
        (lambda d: d["bonus"].update(home=[1, 1, 1, 1, 1]), "bonus.home: List should have at"),
        (lambda d: d.update(colour="red"), "colour: unknown field"),
        (lambda d: d.update(reconstruction="yes"), "reconstruction: Input should be a valid"),
    ],
)
def test_bounds_are_one_line_errors_naming_entry_and_field(change: Any, needle: str) -> None:
    data = raw()
    change(data)
    assert needle in error_of(data)


def test_GI_R3_tie_breakers_resolve_every_tie_of_equal_values() -> None:
    """Two cards of one value never share dots and symbol, across colours and within one
    (swaps can bring a colour's two 3-cards into one round)."""
    for value in range(1, 6):
        keys = [(c.dots, c.symbol) for c in BOARD.cards if c.value == value]
        assert len(set(keys)) == len(keys)
    data = raw()
    data["card"][3].update(dots=4, symbol="black")  # red-3b like red-3a
    assert "red-3b and red-3a are both 3-cards with 4 dots black" in error_of(data)
