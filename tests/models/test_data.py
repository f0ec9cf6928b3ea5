"""models/data.py: writing a scenario table (TOML or JSON by suffix, atomically)."""

from __future__ import annotations

import json
import math
import tomllib
from pathlib import Path

import pytest

from models.data import write_scenario
from models.errors import AtollError

DATA = {
    "players": 2,
    "seed": 7,
    "options": {"hunt": False},
    "actions": ["p0 play red-1", "draw 'in lake'", "p1 hint T2 'not next to hut'"],
}


def test_toml_is_written_by_default_json_for_a_json_file(tmp_path: Path) -> None:
    toml_file = write_scenario(DATA, tmp_path / "deep" / "s.toml")
    assert tomllib.loads(toml_file.read_text(encoding="utf-8")) == DATA
    json_file = write_scenario(DATA, tmp_path / "s.json")
    assert json.loads(json_file.read_text(encoding="utf-8")) == DATA
    assert sorted(p.name for p in tmp_path.iterdir()) == ["deep", "s.json"]  # no debris


def test_the_toml_lists_one_entry_a_line_and_tables_last(tmp_path: Path) -> None:
    text = write_scenario(DATA, tmp_path / "s.toml").read_text(encoding="utf-8")
    lines = text.splitlines()
    assert lines[:4] == ["players = 2", "seed = 7", "actions = [", '    "p0 play red-1",']
    assert lines[-2:] == ["[options]", "hunt = false"]


def test_a_value_toml_cannot_hold_is_a_one_line_error_naming_the_field(tmp_path: Path) -> None:
    target = tmp_path / "s.toml"
    with pytest.raises(AtollError) as info:
        write_scenario({"players": 2, "seed": None}, target)
    assert info.value.field == "seed" and "\n" not in str(info.value)
    assert not target.exists() and not list(tmp_path.iterdir())


def test_rewriting_replaces_the_file_whole(tmp_path: Path) -> None:
    target = write_scenario(DATA, tmp_path / "s.toml")
    write_scenario({"players": 3, "actions": []}, target)
    assert tomllib.loads(target.read_text(encoding="utf-8")) == {"players": 3, "actions": []}


def test_a_value_json_cannot_hold_is_a_one_line_error(tmp_path: Path) -> None:
    with pytest.raises(AtollError) as info:
        write_scenario({"players": 2, "seed": math.nan}, tmp_path / "s.json")
    assert str(info.value).startswith(f"{tmp_path / 's.json'}: cannot be written as JSON")
    assert "\n" not in str(info.value) and not list(tmp_path.iterdir())
