"""Tests for models.tobago.island.mapfile: the map file format, its validation and its warnings."""

from __future__ import annotations

import re
import textwrap
import warnings
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from models.errors import AtollError, AtollWarning
from models.tobago.island import mapfile
from models.tobago.island.map import Island, Landmark, LandmarkKind, Terrain
from models.tobago.island.mapfile import (
    EXAMPLE,
    bundled_maps,
    dump_map,
    load_bundled_map,
    load_map,
    parse_map,
    resolve_map,
)


def docstring_example() -> str:
    """The example map exactly as the module docstring documents it (comments included)."""
    doc = mapfile.__doc__ or ""
    block = doc.split("::\n\n", 1)[1].split("\nErrors are", 1)[0]
    return textwrap.dedent(block).strip("\n") + "\n"


# 5 x 5, one beach ring around a jungle field: no ties except where a test makes one.
RING = '''name = "Ring"
terrain = """
~ ~ ~ ~ ~
 ~ B B B ~
~ B J B ~
 ~ B B B ~
~ ~ ~ ~ ~
"""
'''

# 7 x 7 with an inner jungle field (2 steps from the sea), for statues.
STATUE_MAP = '''name = "Statues"
terrain = """
~ ~ ~ ~ ~ ~ ~
 ~ B B B B B ~
~ B J J J B ~
 ~ B J M J B ~
~ B J J J B ~
 ~ B B B B B ~
~ ~ ~ ~ ~ ~ ~
"""
'''


def write(tmp_path: Path, text: str, name: str = "map.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str) -> AtollError:
    """Load ``text`` from a file; it must fail with a one-line error that starts with the file."""
    path = write(tmp_path, text)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AtollWarning)
        with pytest.raises(AtollError) as info:
            load_map(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: "), message
    assert message == info.value.one_line()
    return info.value


def no_warnings(text: str) -> Island:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return parse_map(text)


def with_landmarks(base: str, *tables: str) -> str:
    return base + "".join(f"\n[[landmark]]\n{table}\n" for table in tables)


# -- the documented format ------------------------------------------------------------------------


def test_docstring_example_is_the_documented_text():
    text = docstring_example()
    assert text.startswith('name = "Reef"\n# Rows of the hex map')
    assert '# facing = "NE"' in text
    assert '"""' in text and "\\" not in text


def test_docstring_example_loads_from_a_file_with_its_comments(tmp_path):
    island = load_map(write(tmp_path, docstring_example()))
    assert (island.name, island.width, island.height) == ("Reef", 6, 4)
    assert island.island_fields == ((1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2), (4, 2))
    assert island.terrain_at((1, 1)) is Terrain.BEACH
    assert island.terrain_at((2, 1)) is Terrain.JUNGLE
    assert island.terrain_at((2, 2)) is Terrain.MOUNTAIN
    assert island.terrain_at((4, 2)) is Terrain.RIVER
    assert island.terrain_at((0, 0)) is Terrain.SEA
    assert island.landmarks == (Landmark(LandmarkKind.PALM, (2, 2)),)


def test_docstring_example_equals_the_example_constant():
    assert no_warnings(docstring_example()) == no_warnings(EXAMPLE)


def test_leading_spaces_are_optional():
    flat = EXAMPLE.replace("\n ~", "\n~")
    assert flat != EXAMPLE
    assert no_warnings(flat) == no_warnings(EXAMPLE)


def test_statue_with_facing_loads():
    island = no_warnings(with_landmarks(STATUE_MAP, 'kind = "statue"\nat = [3, 3]\nfacing = "NE"'))
    (statue,) = island.landmarks
    assert (statue.kind, statue.at, statue.facing) == (LandmarkKind.STATUE, (3, 3), "NE")
    assert statue.gaze == (4, 2)


# -- round trip -----------------------------------------------------------------------------------

ROUND_TRIP_MAPS = {
    "example": EXAMPLE,
    "ring": RING,
    "landmarks": with_landmarks(
        STATUE_MAP,
        'kind = "statue"\nat = [3, 3]\nfacing = "SW"',
        'kind = "palm"\nat = [1, 1]',
        'kind = "hut"\nat = [5, 5]',
    ),
    "quoted name": EXAMPLE.replace('"Reef"', r'"Reef \"North\" \\ 2"'),
}


@pytest.mark.parametrize("text", ROUND_TRIP_MAPS.values(), ids=ROUND_TRIP_MAPS.keys())
@pytest.mark.parametrize("header", ["", "made by a test\nsecond line"])
def test_round_trip(text, header):
    island = no_warnings(text)
    dumped = dump_map(island, header=header)
    assert no_warnings(dumped) == island
    assert dump_map(no_warnings(dumped), header=header) == dumped


def test_dump_map_writes_the_documented_layout():
    dumped = dump_map(no_warnings(EXAMPLE), header="a header")
    lines = dumped.splitlines()
    assert lines[0] == "# a header"
    assert " ~ B J J ~ ~" in lines and "~ B M J R ~" in lines
    assert "[[landmark]]" in lines and 'kind = "palm"' in lines and "at = [2, 2]" in lines
    assert "facing" not in dumped


def test_round_trip_keeps_the_statue_facing():
    island = no_warnings(with_landmarks(STATUE_MAP, 'kind = "statue"\nat = [3, 3]\nfacing = "W"'))
    assert 'facing = "W"' in dump_map(island)
    assert no_warnings(dump_map(island)).landmarks[0].facing == "W"


def test_round_trip_name_with_newline():
    island = no_warnings(EXAMPLE.replace('"Reef"', r'"Reef\nNorth"'))
    assert parse_map(dump_map(island)) == island


@st.composite
def terrain_rows(draw: st.DrawFn) -> list[list[str]]:
    width = draw(st.integers(1, 5))
    height = draw(st.integers(1, 4))
    row = st.lists(st.sampled_from("BJRSLM~"), min_size=width, max_size=width)
    rows = draw(st.lists(row, min_size=height, max_size=height))
    if all(c == "~" for r in rows for c in r):
        rows[0][0] = "B"
    return rows


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(terrain_rows())
def test_round_trip_random_terrain(rows):
    width = len(rows[0]) + 2
    grid = [["~"] * width] + [["~", *r, "~"] for r in rows] + [["~"] * width]
    terrain = "\n".join((" " if i % 2 else "") + " ".join(row) for i, row in enumerate(grid))
    text = f'name = "random"\nterrain = """\n{terrain}\n"""\n'
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AtollWarning)
        island = parse_map(text)
        assert parse_map(dump_map(island)) == island
    assert [[t.letter for t in row] for row in island.terrain] == grid


# -- errors: terrain ------------------------------------------------------------------------------

UNKNOWN_LETTER_CASES = {
    # name: (map text, file line of the bad letter)
    "example": (EXAMPLE.replace("~ B M J R ~", "~ B M J Q ~"), 5),
    "docstring with comments": (docstring_example().replace("~ B M J R ~", "~ B M J Q ~"), 8),
    "top row": (EXAMPLE.replace("~ ~ ~ ~ ~ ~\n ~ B", "~ ~ Q ~ ~ ~\n ~ B"), 3),
    "comments and blank lines first": (
        '# a map\n\n# more\nname = "x"\n\nterrain = """\n~ ~ ~\n ~ Q ~\n~ ~ ~\n"""\n',
        8,
    ),
    "first row on the delimiter line": ('name = "x"\nterrain = """~ ~ ~\n ~ Q ~\n~ ~ ~\n"""\n', 3),
    "blank line inside the string": (
        'name = "x"\nterrain = """\n\n\n~ ~ ~\n ~ Q ~\n~ ~ ~\n"""\n',
        6,
    ),
    "literal string": ("name = 'x'\nterrain = '''\n~ ~ ~\n ~ Q ~\n~ ~ ~\n'''\n", 4),
    "indented key": ('name = "x"\n  terrain = """\n~ ~ ~\n ~ Q ~\n~ ~ ~\n"""\n', 4),
    "lower-case letter": ('name = "x"\nterrain = """\n~ ~ ~\n ~ b ~\n~ ~ ~\n"""\n', 4),
}


@pytest.mark.parametrize(
    ("text", "line"), UNKNOWN_LETTER_CASES.values(), ids=UNKNOWN_LETTER_CASES.keys()
)
def test_unknown_terrain_letter_names_the_file_line(tmp_path, text, line):
    error = load_error(tmp_path, text)
    assert error.entry == f"line {line}"
    assert f": line {line}: unknown terrain letter" in str(error)
    assert re.search(r"'[Qb]'", str(error))
    assert "~ B J R S L M" in str(error)


def test_unknown_letter_line_with_trailing_spaces_after_delimiter(tmp_path):
    error = load_error(tmp_path, 'name = "x"\nterrain = """   \n~ ~ ~\n ~ Q ~\n~ ~ ~\n"""\n')
    assert error.entry == "line 4"


def test_unknown_letter_line_with_quoted_key(tmp_path):
    error = load_error(tmp_path, 'name = "x"\n"terrain" = """\n~ ~ ~\n ~ Q ~\n~ ~ ~\n"""\n')
    assert error.entry == "line 4"


def test_unknown_letter_line_after_line_ending_backslash(tmp_path):
    error = load_error(tmp_path, 'name = "x"\nterrain = """\\\n\n~ ~ ~\n ~ Q ~\n~ ~ ~\n"""\n')
    assert error.entry == "line 5"


def test_unknown_letter_names_column_and_row(tmp_path):
    error = load_error(tmp_path, EXAMPLE.replace("~ B M J R ~", "~ B M J Q ~"))
    assert "column 4 of row 2" in str(error)


def test_ragged_rows_name_the_line(tmp_path):
    error = load_error(tmp_path, EXAMPLE.replace("~ B M J R ~", "~ B M J R ~ ~"))
    assert error.entry == "line 5"
    assert "ragged rows: row 2 has 7 fields, row 0 has 6" in str(error)


def test_short_row_is_ragged(tmp_path):
    error = load_error(tmp_path, docstring_example().replace(" ~ ~ ~ ~ ~ ~\n", " ~ ~ ~ ~ ~\n"))
    assert error.entry == "line 9"
    assert "ragged" in str(error)


def test_empty_row_inside_the_map(tmp_path):
    error = load_error(tmp_path, 'name = "x"\nterrain = """\n~ ~ ~\n\n ~ B ~\n~ ~ ~\n"""\n')
    assert error.entry == "line 4"
    assert "empty" in str(error)


@pytest.mark.parametrize(
    ("old", "new", "line", "where"),
    [
        (" ~ B J J ~ ~", " ~ B J J ~ J", 4, "[5, 1]"),
        (" ~ B J J ~ ~", " B B J J ~ ~", 4, "[0, 1]"),
        ("~ ~ ~ ~ ~ ~\n ~ B", "~ ~ B ~ ~ ~\n ~ B", 3, "[2, 0]"),
        (' ~ ~ ~ ~ ~ ~\n"""', ' ~ ~ ~ M ~ ~\n"""', 6, "[3, 3]"),
    ],
    ids=["right", "left", "top", "bottom"],
)
def test_island_field_on_the_edge(tmp_path, old, new, line, where):
    assert old in EXAMPLE
    error = load_error(tmp_path, EXAMPLE.replace(old, new))
    assert error.entry == f"line {line}"
    assert f"island field at {where} on the map's edge" in str(error)


def test_no_island_fields(tmp_path):
    error = load_error(tmp_path, 'name = "x"\nterrain = """\n~ ~ ~\n ~ ~ ~\n~ ~ ~\n"""\n')
    assert error.field == "terrain"
    assert "no island fields" in str(error)


def test_terrain_without_rows(tmp_path):
    error = load_error(tmp_path, 'name = "x"\nterrain = """\n\n"""\n')
    assert error.field == "terrain"
    assert "no rows" in str(error)


# -- errors: top level ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "words"),
    [
        (EXAMPLE.replace('name = "Reef"\n', ""), ": name: missing (a string)"),
        (EXAMPLE.replace('name = "Reef"', 'name = "  "'), ": name: must not be empty"),
        (EXAMPLE.replace('name = "Reef"', "name = 3"), ": name: must be a string, got 3"),
        (EXAMPLE.replace('name = "Reef"', "name = 5.0"), ": name: must be a string, got 5.0"),
        (EXAMPLE.replace('name = "Reef"', "name = true"), ": name: must be a string, got True"),
    ],
    ids=["missing", "blank", "int", "float", "bool"],
)
def test_name_missing_empty_or_not_a_string(tmp_path, text, words):
    # A name of the wrong type is not reported as missing.
    error = load_error(tmp_path, text)
    assert error.field == "name"
    assert words in str(error)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('name = "x"\n', ": terrain: missing (a multi-line string of letters)"),
        ('name = "x"\nterrain = 3\n', ": terrain: must be a multi-line string of letters, got 3"),
        ('name = "x"\nterrain = ["~ ~ ~"]\n', "must be a multi-line string of letters, got ["),
    ],
    ids=["missing", "number", "list"],
)
def test_terrain_missing_or_not_a_string(tmp_path, text, words):
    error = load_error(tmp_path, text)
    assert error.field == "terrain"
    assert words in str(error)


def test_unknown_top_level_key(tmp_path):
    error = load_error(tmp_path, 'colour = "blue"\n' + EXAMPLE)
    assert "unknown key 'colour'" in str(error)


def test_landmark_must_be_an_array_of_tables(tmp_path):
    error = load_error(tmp_path, EXAMPLE.split("[[landmark]]")[0] + 'landmark = "palm"\n')
    assert error.field == "landmark"


def test_invalid_toml_names_the_line(tmp_path):
    error = load_error(tmp_path, EXAMPLE.replace("[[landmark]]", "[[landmark]"))
    assert "invalid TOML" in str(error)
    assert "line 8" in str(error)


def test_missing_file(tmp_path):
    path = tmp_path / "nowhere.toml"
    with pytest.raises(AtollError) as info:
        load_map(path)
    assert str(info.value) == f"{path}: no such file"


def test_directory_instead_of_file(tmp_path):
    with pytest.raises(AtollError) as info:
        load_map(tmp_path)
    assert str(info.value).startswith(f"{tmp_path}: ")
    assert "directory" in str(info.value)


# -- errors: landmarks ----------------------------------------------------------------------------

LANDMARK_ERRORS = {
    # name: (landmark tables, index, field, text in the message)
    "on sea": (['kind = "palm"\nat = [0, 0]'], 0, "at", "[0, 0] is a sea field"),
    "off the map right": (['kind = "palm"\nat = [9, 1]'], 0, "at", "[9, 1] is off the map (5x5)"),
    "off the map negative": (['kind = "hut"\nat = [-1, 2]'], 0, "at", "is off the map"),
    "two objects": (
        ['kind = "palm"\nat = [2, 2]', 'kind = "hut"\nat = [2, 2]'],
        1,
        "at",
        "[2, 2] already holds landmark[0]",
    ),
    "unknown kind": (['kind = "tree"\nat = [2, 2]'], 0, "kind", "unknown kind 'tree'"),
    "missing kind": (["at = [2, 2]"], 0, "kind", "missing (one of palm, hut, statue)"),
    "kind not a string": (["kind = 3\nat = [2, 2]"], 0, "kind", "unknown kind 3"),
    "facing on a palm": (
        ['kind = "palm"\nat = [2, 2]\nfacing = "E"'],
        0,
        "facing",
        "only statues have a facing, not a palm",
    ),
    "at one number": (['kind = "hut"\nat = [2]'], 0, "at", "must be [col, row]"),
    "at a string": (['kind = "hut"\nat = "2,2"'], 0, "at", "must be [col, row]"),
    "at floats": (['kind = "hut"\nat = [2.0, 2.0]'], 0, "at", "must be [col, row]"),
    "at booleans": (['kind = "hut"\nat = [true, true]'], 0, "at", "must be [col, row]"),
    "at missing": (['kind = "hut"'], 0, "at", "missing ([col, row], two integers)"),
    "at huge": (['kind = "hut"\nat = [2, 99999999999999999999]'], 0, "at", "is off the map"),
    "unknown field": (['kind = "hut"\nat = [2, 2]\ncolor = "red"'], 0, "color", "unknown field"),
    "second entry bad": (
        ['kind = "hut"\nat = [2, 2]', 'kind = "palm"\nat = [0, 4]'],
        1,
        "at",
        "sea field",
    ),
}


@pytest.mark.parametrize(
    ("tables", "index", "field", "text"), LANDMARK_ERRORS.values(), ids=LANDMARK_ERRORS.keys()
)
def test_landmark_errors(tmp_path, tables, index, field, text):
    error = load_error(tmp_path, with_landmarks(RING, *tables))
    assert (error.entry, error.field) == (f"landmark[{index}]", field)
    assert f": landmark[{index}]: {field}: " in str(error)
    assert text in str(error)


STATUE_ERRORS = {
    "without facing": ('kind = "statue"\nat = [3, 3]', "facing", "a statue needs a facing"),
    "unknown facing": (
        'kind = "statue"\nat = [3, 3]\nfacing = "N"',
        "facing",
        "unknown facing 'N' (one of E, NE, NW, W, SW, SE)",
    ),
    "lower-case facing": ('kind = "statue"\nat = [3, 3]\nfacing = "ne"', "facing", "'ne'"),
    "next to the sea": (
        'kind = "statue"\nat = [1, 1]\nfacing = "E"',
        "at",
        "statue at [1, 1] stands next to the sea",
    ),
    "at the east edge of the land": (
        'kind = "statue"\nat = [5, 3]\nfacing = "W"',
        "at",
        "stands next to the sea",
    ),
}


@pytest.mark.parametrize(
    ("table", "field", "text"), STATUE_ERRORS.values(), ids=STATUE_ERRORS.keys()
)
def test_statue_errors(tmp_path, table, field, text):
    error = load_error(tmp_path, with_landmarks(STATUE_MAP, table))
    assert (error.entry, error.field) == ("landmark[0]", field)
    assert text in str(error)


def test_statue_at_two_steps_from_sea_is_fine():
    island = no_warnings(with_landmarks(STATUE_MAP, 'kind = "statue"\nat = [2, 3]\nfacing = "E"'))
    assert island.landmarks[0].at == (2, 3)


def test_landmark_entry_must_be_a_table(tmp_path):
    error = load_error(tmp_path, RING + "landmark = [1]\n")
    assert error.entry == "landmark[0]"


# -- warnings -------------------------------------------------------------------------------------

# One beach strip: fields [1..5, 1]; [1, 1] and [5, 1] are 4 apart.
STRIP = '''name = "Strip"
terrain = """
~ ~ ~ ~ ~ ~ ~
 ~ B B B B B ~
~ ~ ~ ~ ~ ~ ~
"""
'''


@pytest.mark.parametrize("kind", ["palm", "hut"])
def test_identical_landmarks_closer_than_4_warn(tmp_path, kind):
    text = with_landmarks(STRIP, f'kind = "{kind}"\nat = [1, 1]', f'kind = "{kind}"\nat = [4, 1]')
    path = write(tmp_path, text)
    with pytest.warns(AtollWarning) as record:
        island = load_map(path)
    assert len(island.landmarks) == 2
    (warning,) = record
    message = str(warning.message)
    assert message.startswith(f"{path}: ")
    assert f"{kind}s at [1, 1] and [4, 1] are 3 fields apart" in message


def test_identical_statues_close_together_warn():
    text = with_landmarks(
        STATUE_MAP,
        'kind = "statue"\nat = [2, 3]\nfacing = "E"',
        'kind = "statue"\nat = [3, 3]\nfacing = "W"',
    )
    with pytest.warns(AtollWarning, match="statues at .* are 1 fields apart"):
        parse_map(text)


def test_identical_landmarks_4_apart_do_not_warn():
    text = with_landmarks(STRIP, 'kind = "hut"\nat = [1, 1]', 'kind = "hut"\nat = [5, 1]')
    assert len(no_warnings(text).landmarks) == 2


def test_different_landmarks_side_by_side_do_not_warn():
    text = with_landmarks(STRIP, 'kind = "hut"\nat = [1, 1]', 'kind = "palm"\nat = [2, 1]')
    assert len(no_warnings(text).landmarks) == 2


def test_tied_largest_area_warns(tmp_path):
    text = 'name = "Tie"\nterrain = """\n~ ~ ~ ~ ~\n ~ B J B ~\n~ ~ ~ ~ ~\n"""\n'
    path = write(tmp_path, text)
    with pytest.warns(AtollWarning) as record:
        island = load_map(path)
    assert len(island.island_fields) == 3
    (warning,) = record
    message = str(warning.message)
    assert message.startswith(f"{path}: ")
    assert "the largest beach area is tied (2 areas of 1 fields)" in message


def test_untied_maps_do_not_warn():
    no_warnings(EXAMPLE)
    no_warnings(RING)
    no_warnings(docstring_example())


# -- bundled maps ---------------------------------------------------------------------------------


def test_unknown_bundled_name():
    with pytest.raises(AtollError) as info:
        resolve_map("no-such-bundled-map-xyz")
    assert "no bundled map 'no-such-bundled-map-xyz'" in str(info.value)
    assert "\n" not in str(info.value)
    with pytest.raises(AtollError, match="no bundled map"):
        load_bundled_map("no-such-bundled-map-xyz")


def test_resolve_map_reads_a_path(tmp_path):
    path = write(tmp_path, EXAMPLE, name="mine.toml")
    assert resolve_map(str(path)) == no_warnings(EXAMPLE)


def test_resolve_map_missing_toml_path_is_not_looked_up_as_bundled(tmp_path):
    path = tmp_path / "gone.toml"
    with pytest.raises(AtollError) as info:
        resolve_map(str(path))
    assert str(info.value) == f"{path}: no such file"


def test_resolve_map_with_bundled_names():
    for stem, path in bundled_maps().items():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AtollWarning)
            island = resolve_map(stem)
            assert island == load_map(path) == load_bundled_map(stem)
        assert island.name
        assert island.island_fields


def test_bundled_maps_round_trip():
    for path in bundled_maps().values():
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", AtollWarning)
            island = load_map(path)
            assert parse_map(dump_map(island)) == island


@pytest.mark.parametrize("stem", ["reef", "lagoon", "caldera"])
def test_expected_bundled_maps_exist(stem):
    assert stem in bundled_maps()


# -- bounds and types -----------------------------------------------------------------------------


def sea_map(width: int, height: int) -> str:
    """A ``width`` x ``height`` map: sea around one row of beach."""
    rows = [["~"] * width for _ in range(height)]
    rows[1][1 : width - 1] = ["B"] * (width - 2)
    return 'name = "big"\nterrain = """\n' + "\n".join(" ".join(r) for r in rows) + '\n"""\n'


def test_a_200_by_200_map_loads():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AtollWarning)
        island = parse_map(sea_map(200, 200))
    assert (island.width, island.height) == (200, 200)


@pytest.mark.parametrize(
    ("width", "height", "entry", "field", "words"),
    [
        (501, 3, "line 3", None, "row 0 has more than 500 fields: a map is at most 500 wide"),
        (3, 501, None, "terrain", "501 rows: a map has at most 500"),
    ],
    ids=["too wide", "too high"],
)
def test_a_map_is_at_most_500_by_500(tmp_path, width, height, entry, field, words):
    assert mapfile.MAX_MAP_SIZE == 500
    error = load_error(tmp_path, sea_map(width, height))
    assert (error.entry, error.field) == (entry, field)
    assert str(error).endswith(words)


def test_deep_nesting_is_one_line(tmp_path):
    error = load_error(tmp_path, EXAMPLE + "a = " + "[" * 5000 + "]" * 5000 + "\n")
    assert str(error).endswith(": nested too deeply (tables and arrays: at most 32 levels)")


def test_a_key_with_a_line_break_is_quoted(tmp_path):
    error = load_error(tmp_path, with_landmarks(RING, 'kind = "hut"\nat = [2, 2]\n"a\\nb" = 1'))
    assert (error.entry, error.field) == ("landmark[0]", "'a\\nb'")


def test_resolve_map_says_a_directory_is_not_a_map(tmp_path):
    with pytest.raises(AtollError) as info:
        resolve_map(str(tmp_path))
    assert str(info.value) == f"{tmp_path}: is a directory, not a map file"
    (tmp_path / "x.toml").mkdir()
    with pytest.raises(AtollError, match=r"x\.toml: is a directory, not a map file"):
        resolve_map(str(tmp_path / "x.toml"))


def test_resolve_map_prefers_the_bundled_map_to_a_folder_of_its_name(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "lagoon").mkdir()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", AtollWarning)
        assert resolve_map("lagoon") == load_bundled_map("lagoon")
