"""report.json against its JSON Schema (``analyses/schemas/report.schema.json``): a study
report, a compare page and Tobago's map report, each checked by jsonschema, with every number
named once and every interval in order."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest

from analyses.cli.main import main

SCHEMA = Path(__file__).resolve().parents[3] / "analyses" / "schemas" / "report.schema.json"


def check(folder: Path) -> dict:
    data = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.validate(data, schema, cls=jsonschema.Draft202012Validator)
    names = [n["name"] for n in data["numbers"]]
    assert len(names) == len(set(names)), "a name used twice"
    for n in data["numbers"]:
        if n.get("low") is not None and n.get("high") is not None:
            assert n["low"] <= n["high"], n["name"]
    return data


@pytest.mark.parametrize(
    "args",
    [
        ["gloryislands", "report", "--games", "8", "--players", "4", "--agents", "greedy,random",
         "--no-variants", "--no-strategies"],
        ["southseas", "compare", "--games", "6", "--players", "2", "--option", "recall=never"],
    ],
)  # fmt: skip
def test_reports_follow_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    out = tmp_path / "page"
    assert main([*args, "--workers", "1", "--out", str(out)]) == 0, capsys.readouterr().err
    data = check(out)
    assert data["numbers"] and data["findings"]


def test_the_map_report_follows_the_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map"
    status = main(["tobago", "analyze", "lagoon", "--positions", "20", "--out", str(out)])
    assert status == 0, capsys.readouterr().err
    check(out)


def test_the_schema_refuses_what_it_should() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    base = {"title": "t", "atoll": "0", "made": "now", "command": "atoll", "numbers": []}
    jsonschema.validate(base, schema)
    number = {"section": "s", "table": "t", "row": 0, "column": "c", "name": "t: 0: c",
              "over": "games", "unit": "", "estimate": 0.5, "p": 1.5}  # fmt: skip
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**base, "numbers": [number]}, schema)
    absolute = {"component": "board", "source": "/home/me/board.toml", "reconstruction": ""}
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({**base, "components": [absolute]}, schema)


def test_numbers_said_in_words_are_in_the_json_too(tmp_path: Path) -> None:
    # the all-seats p of the seat test is said in a note: report.json has it by name as well
    out = tmp_path / "page"
    args = [
        "tobago",
        "report",
        "--games",
        "8",
        "--players",
        "2",
        "--no-variants",
        "--no-strategies",
    ]
    assert main([*args, "--workers", "1", "--out", str(out)]) == 0
    data = check(out)
    seats = next(n for n in data["notes"] if n["section"] == "Outcome by seat")
    said = next(line for line in seats["notes"] if line.startswith("All seats together"))
    assert f"{data['seat_test']['overall_p']:.3f}" in said
