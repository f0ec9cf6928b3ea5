"""Maps composed of board sections (TB-S1): models/tobago/island/sections.py."""

from __future__ import annotations

import warnings
from pathlib import Path

import pytest

from analyses.cli.main import main
from models.errors import AtollError
from models.tobago.island.map import Terrain
from models.tobago.island.mapfile import load_map, resolve_map
from models.tobago.island.sections import load_section, load_section_map

FOLDER = Path("examples/tobago/sections")
COMPOSED = FOLDER / "three-sections-map.toml"


def test_TB_S1_the_island_is_assembled_from_sections() -> None:
    island = load_section_map(COMPOSED)
    assert island == load_map(COMPOSED) == resolve_map(str(COMPOSED))  # any MAP argument
    west = load_section(FOLDER / "west-section.toml")["a"]
    south_east = load_section(FOLDER / "south-east-section.toml")["a"]
    # each section's letters land at its placement; "." leaves the other section's field
    assert island.terrain_at((1, 1)).value == west[1][1] == "B"
    assert island.terrain_at((6, 4)).value == south_east[0][0] == "R"  # placed at [6, 4]
    assert island.terrain_at((7, 8)).value == west[8][7] == "B"  # under the cut-away corner
    assert (island.width, island.height, len(island.island_fields)) == (12, 10, 66)
    assert {lm.kind.value for lm in island.landmarks} == {"statue", "palm", "hut"}


def test_TB_S1_the_other_side_of_a_section_gives_another_island(tmp_path: Path) -> None:
    for name in ("west-section.toml", "north-east-section.toml", "south-east-section.toml"):
        (tmp_path / name).write_text((FOLDER / name).read_text(encoding="utf-8"))
    text = COMPOSED.read_text(encoding="utf-8").replace('side = "a"', 'side = "b"', 1)
    flipped = tmp_path / "flipped.toml"
    flipped.write_text(text, encoding="utf-8")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # the flipped island has a tied largest river
        a, b = load_section_map(COMPOSED), load_section_map(flipped)
    assert a.terrain_at((3, 1)) is Terrain.JUNGLE and b.terrain_at((3, 1)) is Terrain.SCRUBLAND


def _composed(tmp_path: Path, sections: str, landmarks: str = "") -> Path:
    for name in ("west-section.toml", "north-east-section.toml", "south-east-section.toml"):
        (tmp_path / name).write_text((FOLDER / name).read_text(encoding="utf-8"))
    path = tmp_path / "map.toml"
    path.write_text(f'name = "M"\n{sections}\n{landmarks}', encoding="utf-8")
    return path


WEST = '[[section]]\nfile = "west-section.toml"\nside = "a"\nat = [0, 0]\n'


@pytest.mark.parametrize(
    ("sections", "entry", "field", "words"),
    [
        (WEST + WEST, "section[1]", "at", "which section[0] covers too"),
        (WEST.replace("[0, 0]", "[0, 1]"), "section[0]", "at", "odd"),
        (WEST.replace("[0, 0]", '"a1"'), "section[0]", "at", "[col, row]"),
        (WEST.replace("west-section", "nowhere"), "section[0]", "file", "nowhere.toml"),
        (WEST.replace('side = "a"', 'side = "c"'), "section[0]", "side", "no side 'c'"),
        (WEST + "colour = 1\n", "section[0]", "colour", "unknown field"),
    ],
)
def test_section_errors_name_file_entry_and_field(
    tmp_path: Path, sections: str, entry: str, field: str, words: str
) -> None:
    path = _composed(tmp_path, sections)
    with pytest.raises(AtollError) as caught:
        load_map(path)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: {entry}: {field}: "), message
    assert words in message


def test_a_bad_section_file_is_named_with_the_placement(tmp_path: Path) -> None:
    path = _composed(tmp_path, WEST)
    (tmp_path / "west-section.toml").write_text('[side.a]\nterrain = "~ ~\\n ~ X"\n')
    with pytest.raises(AtollError) as caught:
        load_map(path)
    message = str(caught.value)
    assert message.startswith(f"{path}: section[0]: file: ")
    assert "west-section.toml: side.a: terrain: unknown letter 'X'" in message


def test_an_island_touching_the_assembled_edge_is_refused(tmp_path: Path) -> None:
    ne = '[[section]]\nfile = "north-east-section.toml"\nside = "a"\nat = [0, 0]\n'
    path = _composed(tmp_path, ne)
    with pytest.raises(AtollError) as caught:
        load_map(path)
    assert "the sea must surround the island" in str(caught.value)


def test_a_bad_composed_map_exits_2_with_one_line_from_the_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _composed(tmp_path, WEST + WEST)
    status = main(
        ["tobago", "candidates", str(path), "--hints", "/dev/null", "--backend", "bitset"]
    )
    _, err = capsys.readouterr()
    assert status == 2 and len(err.strip().splitlines()) == 1
    assert str(path) in err and "section[1]" in err
