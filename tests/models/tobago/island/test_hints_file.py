"""Tests for models.tobago.island.hints: the Hints value and the hints file format."""

from __future__ import annotations

from pathlib import Path

import pytest

from models.errors import AtollError
from models.tobago.island.clues import Clue
from models.tobago.island.hints import TREASURES, Hints, load_hints, parse_hints

DOCUMENTED = """\
[treasure.1]
hints = ["in jungle", "not next to sea"]

[treasure.3]
hints = ["in sight of statue"]
"""


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "hints.toml"
    path.write_text(text, encoding="utf-8")
    return path


def load_error(tmp_path: Path, text: str) -> AtollError:
    path = write(tmp_path, text)
    with pytest.raises(AtollError) as info:
        load_hints(path)
    message = str(info.value)
    assert "\n" not in message
    assert message.startswith(f"{path}: "), message
    return info.value


def clues(*texts: str) -> tuple[Clue, ...]:
    return tuple(Clue.parse(t) for t in texts)


# -- the format -----------------------------------------------------------------------------------


def test_documented_format_loads(tmp_path):
    hints = load_hints(write(tmp_path, DOCUMENTED))
    assert hints.of(1) == clues("in jungle", "not next to sea")
    assert hints.of(3) == clues("in sight of statue")
    assert hints.of(2) == ()
    assert hints.of(4) == ()
    assert set(hints.by_treasure) == set(TREASURES)


def test_hints_keep_the_file_order():
    hints = parse_hints('[treasure.2]\nhints = ["not in lake", "in beach", "next to hut"]\n')
    assert [str(c) for c in hints.of(2)] == ["not in lake", "in beach", "next to hut"]


def test_treasures_without_a_table_have_no_hints():
    hints = parse_hints('[treasure.4]\nhints = ["in lake"]\n')
    assert [hints.of(t) for t in (1, 2, 3)] == [(), (), ()]
    assert hints.of(4) == clues("in lake")


@pytest.mark.parametrize(
    "text", ["", "# nothing yet\n", "[treasure.1]\n", "[treasure.2]\nhints = []\n"]
)
def test_no_hints_at_all(text):
    assert parse_hints(text) == Hints()
    assert all(parse_hints(text).of(t) == () for t in TREASURES)


def test_clue_spelling_is_normalised():
    hints = parse_hints(
        '[treasure.1]\nhints = ["Not Next To The Sea", "in  the largest  jungle"]\n'
    )
    assert [str(c) for c in hints.of(1)] == ["not next to sea", "in the largest jungle"]


def test_inline_tables_are_the_same_format():
    inline = parse_hints('treasure = { 1 = { hints = ["in jungle"] } }\n')
    assert inline == parse_hints('[treasure.1]\nhints = ["in jungle"]\n')


# -- round trip -----------------------------------------------------------------------------------

ROUND_TRIPS = {
    "documented": DOCUMENTED,
    "every relation": (
        '[treasure.1]\nhints = ["in beach", "not in lake"]\n'
        '[treasure.2]\nhints = ["next to sea", "not next to the largest mountain"]\n'
        '[treasure.3]\nhints = ["in sight of palm", "not in sight of the largest jungle"]\n'
        '[treasure.4]\nhints = ["in the largest river"]\n'
    ),
    "empty": "",
}


@pytest.mark.parametrize("text", ROUND_TRIPS.values(), ids=ROUND_TRIPS.keys())
def test_round_trip_via_to_toml(text):
    hints = parse_hints(text)
    dumped = hints.to_toml()
    assert parse_hints(dumped) == hints
    assert parse_hints(dumped).to_toml() == dumped


def test_to_toml_writes_only_treasures_with_hints():
    dumped = parse_hints(DOCUMENTED).to_toml()
    assert "[treasure.1]" in dumped and "[treasure.3]" in dumped
    assert "[treasure.2]" not in dumped and "[treasure.4]" not in dumped
    assert Hints().to_toml() == ""


# -- TB-H1 ----------------------------------------------------------------------------------------


def test_TB_H1_hint_goes_behind_earlier_hints():
    before = parse_hints(DOCUMENTED)
    laid = Clue.parse("next to palm")
    after = before.with_hint(1, laid)
    assert after.of(1) == (*clues("in jungle", "not next to sea"), laid)
    assert after.of(1)[-1] == laid
    for t in (2, 3, 4):
        assert after.of(t) == before.of(t)
    # the original is unchanged (Hints is a value)
    assert before.of(1) == clues("in jungle", "not next to sea")
    again = after.with_hint(1, Clue.parse("in jungle"))
    assert [str(c) for c in again.of(1)] == [
        "in jungle",
        "not next to sea",
        "next to palm",
        "in jungle",
    ]


def test_TB_H1_first_hint_at_an_empty_treasure():
    after = Hints().with_hint(2, Clue.parse("in lake"))
    assert after.of(2) == clues("in lake")
    assert [after.of(t) for t in (1, 3, 4)] == [(), (), ()]


def test_cleared_starts_one_treasure_afresh():
    hints = parse_hints(DOCUMENTED).cleared(1)
    assert hints.of(1) == ()
    assert hints.of(3) == clues("in sight of statue")


def test_hints_are_hashable_values():
    assert hash(parse_hints(DOCUMENTED)) == hash(parse_hints(DOCUMENTED))
    assert parse_hints(DOCUMENTED) != parse_hints(DOCUMENTED).cleared(3)
    assert len({parse_hints(DOCUMENTED), parse_hints(DOCUMENTED)}) == 1


def test_hints_value_rejects_treasure_5():
    with pytest.raises(AtollError, match="no treasure 5"):
        Hints({5: clues("in lake")})


# -- errors ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("key", ["0", "5", "x", "01"])
def test_no_such_treasure(tmp_path, key):
    error = load_error(tmp_path, f'[treasure.{key}]\nhints = ["in lake"]\n')
    assert error.entry == f"treasure.{key}"
    assert f": treasure.{key}: no such treasure (treasures are 1 to 4)" in str(error)


@pytest.mark.parametrize("value", ['"in jungle"', "3", "{ a = 1 }"])
def test_hints_not_a_list(tmp_path, value):
    error = load_error(tmp_path, f"[treasure.2]\nhints = {value}\n")
    assert (error.entry, error.field) == ("treasure.2", "hints")
    assert ": treasure.2: hints: must be a list of clue strings" in str(error)


@pytest.mark.parametrize(
    ("value", "shown"), [("3", "3"), ("true", "True"), ('["in lake"]', "['in lake']")]
)
def test_non_string_hint(tmp_path, value, shown):
    error = load_error(tmp_path, f'[treasure.4]\nhints = ["in lake", {value}]\n')
    assert (error.entry, error.field) == ("treasure.4", "hints[1]")
    assert f": treasure.4: hints[1]: must be a clue string, got {shown}" in str(error)


@pytest.mark.parametrize(
    ("clue", "column"),
    [
        ("next to plam", 9),
        ("in sea", 4),
        ("beside lake", 1),
        ("in jungle now", 11),
        ("in sight jungle", 10),
        ("not", 4),
    ],
)
def test_bad_clue_names_file_treasure_hint_and_column(tmp_path, clue, column):
    path = write(tmp_path, f'[treasure.3]\nhints = ["in jungle", "{clue}"]\n')
    with pytest.raises(AtollError) as info:
        load_hints(path)
    error = info.value
    assert (error.source, error.entry, error.field) == (str(path), "treasure.3", "hints[1]")
    message = str(error)
    assert "\n" not in message
    assert message.startswith(f"{path}: treasure.3: hints[1]: {clue!r}: ")
    assert f"at column {column}:" in message


def test_unknown_top_level_key(tmp_path):
    error = load_error(tmp_path, 'map = "reef"\n[treasure.1]\nhints = ["in lake"]\n')
    assert error.entry == "map"
    assert ": map: unknown key" in str(error)


@pytest.mark.parametrize(
    ("table", "field"),
    [('hints = ["in lake"]\nnote = "x"', "note"), ('hint = ["in lake"]', "hint")],
)
def test_unknown_key_inside_a_treasure_table(tmp_path, table, field):
    error = load_error(tmp_path, f"[treasure.2]\n{table}\n")
    assert (error.entry, error.field) == ("treasure.2", field)
    assert f": treasure.2: {field}: unknown field: a treasure table holds only 'hints'" in str(
        error
    )


def test_treasure_not_a_table(tmp_path):
    error = load_error(tmp_path, "treasure = 3\n")
    assert error.entry == "treasure"


def test_treasure_entry_not_a_table(tmp_path):
    error = load_error(tmp_path, 'treasure = { 1 = ["in lake"] }\n')
    assert error.entry == "treasure.1"


def test_invalid_toml_names_the_line(tmp_path):
    error = load_error(tmp_path, '[treasure.1]\nhints = ["in lake"]]\n')
    assert "invalid TOML" in str(error)
    assert "line 2" in str(error)


def test_missing_file(tmp_path):
    path = tmp_path / "none.toml"
    with pytest.raises(AtollError) as info:
        load_hints(path)
    assert str(info.value) == f"{path}: no such file"


def test_at_most_64_hints_per_treasure(tmp_path):
    from models.tobago.island.hints import MAX_HINTS

    assert MAX_HINTS == 64
    many = ", ".join(['"in jungle"'] * 64)
    assert len(load_hints(write(tmp_path, f"[treasure.1]\nhints = [{many}]\n")).of(1)) == 64
    error = load_error(tmp_path, f'[treasure.1]\nhints = [{many}, "in lake"]\n')
    assert (error.entry, error.field) == ("treasure.1", "hints")
    assert str(error).endswith(": treasure.1: hints: 65 hints: a treasure takes at most 64")


def test_deep_nesting_is_one_line(tmp_path):
    error = load_error(tmp_path, "[treasure.1]\nhints = " + "[" * 5000 + "]" * 5000 + "\n")
    assert str(error).endswith(": nested too deeply (tables and arrays: at most 32 levels)")


def test_odd_keys_are_quoted(tmp_path):
    error = load_error(tmp_path, '"a\\nb" = 1\n')
    assert error.entry == "'a\\nb'"
    error = load_error(tmp_path, '[treasure."1 "]\nhints = []\n')
    assert error.entry == "treasure.'1 '"
