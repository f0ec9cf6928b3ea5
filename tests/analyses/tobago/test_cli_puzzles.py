"""The Tobago commands for solvers, setters and map designers: why, rank, puzzle, min-clues,
analyze, compare-maps (analyses.tobago.cli_puzzles, analyses.tobago.cli_maps)."""

from __future__ import annotations

import json
from pathlib import Path
from types import SimpleNamespace

import pytest

from models.tobago.island.mapfile import EXAMPLE
from tests.analyses.cli.test_main import assert_one_error_line, hints_text, run, run_json, write

# EXAMPLE (mapfile) is the map drawn in tests/solvers/tobago/test_puzzles.py:
#   row 1  ~ B J J ~ ~        (1,1) beach  (2,1) jungle  (3,1) jungle
#   row 2 ~ B M J R ~         (1,2) beach  (2,2) mountain + palm  (3,2) jungle  (4,2) river
DECK = ["in jungle", "in beach", "next to river", "next to palm", "not next to palm"]
DECK += ["in mountain", "next to beach"]


@pytest.fixture
def files(tmp_path: Path) -> SimpleNamespace:
    cards = "".join(f'[[card]]\nclue = "{c}"\n' for c in DECK)
    return SimpleNamespace(
        map=write(tmp_path, "example.toml", EXAMPLE),
        deck=write(tmp_path, "deck.toml", cards),
        hints=write(
            tmp_path, "hints.toml", hints_text({2: ["next to palm", "in jungle", "in beach"]})
        ),
        tmp=tmp_path,
    )


# -- why --------------------------------------------------------------------------------------


def test_why_json_names_the_clue_that_excluded_the_field(capsys, files):
    args = ("tobago", "why", files.map, "--hints", files.hints, "--unordered", "--treasure", 2)
    data = run_json(capsys, *args, "--field", "1,1")
    assert data == {
        "treasure": 2,
        "field": [1, 1],
        "candidate": False,
        "excluded_by": [{"hint": 1, "clue": "in jungle"}],
    }
    status, out, err = run(capsys, *args, "--field", "2,2")
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "[2,2] at treasure 2: excluded by hints[0] 'next to palm' (laid 1st)",
        "  also excluded by hints[1] 'in jungle'",
        "  also excluded by hints[2] 'in beach'",
    ]
    status, out, _ = run(
        capsys,
        "tobago",
        "why",
        files.map,
        "--hints",
        files.hints,
        "--unordered",
        "--treasure",
        1,
        "--field",
        "2,2",
    )
    assert out.strip() == "[2,2] at treasure 1: still a candidate (no laid clue excludes it)"


@pytest.mark.parametrize(
    ("field", "needle"),
    [
        ("0,0", "--field: [0, 0] is a sea field: treasures lie on island fields"),
        ("7,1", "--field: [7, 1] is off the map (6x4)"),
        ("x", "--field: expected a field C,R like 3,4 — got 'x'"),
        ("1,2,3", "--field: expected a field C,R like 3,4"),
    ],
)
def test_why_bad_field_is_one_error_line(capsys, files, field, needle):
    status, out, err = run(
        capsys,
        "tobago",
        "why",
        files.map,
        "--hints",
        files.hints,
        "--unordered",
        "--treasure",
        2,
        "--field",
        field,
    )
    assert needle in assert_one_error_line(status, out, err)


# -- rank -------------------------------------------------------------------------------------


def test_rank_json_best_first(capsys, files):
    hints = write(files.tmp, "jungle.toml", hints_text({1: ["in jungle"]}))
    data = run_json(
        capsys,
        "tobago",
        "rank",
        files.map,
        "--hints",
        hints,
        "--component",
        f"clues={files.deck}",
        "--treasure",
        1,
    )
    assert data == [
        {"treasure": 1, "clue": "not next to palm", "remaining": 1, "pins": True, "expected": 1.0},
        {"treasure": 1, "clue": "next to beach", "remaining": 1, "pins": True, "expected": 1.0},
        {"treasure": 1, "clue": "next to river", "remaining": 2, "pins": False, "expected": 1.0},
        {"treasure": 1, "clue": "next to palm", "remaining": 2, "pins": False, "expected": 1.0},
    ]
    everything = run_json(capsys, "tobago", "rank", files.map, "--hints", hints)
    assert {row["treasure"] for row in everything} == {1, 2, 3, 4}
    keys = [(not r["pins"], r["remaining"], r["expected"]) for r in everything]
    assert keys == sorted(keys)
    status, out, err = run(capsys, "tobago", "rank", files.map, "--hints", hints)
    assert (status, err) == (0, "")
    assert "legal clues, best first" in out and "RECONSTRUCTION" in out


# -- puzzle -----------------------------------------------------------------------------------


def test_puzzle_json_is_exactly_the_documented_shape(capsys, files):
    data = run_json(
        capsys,
        "tobago",
        "puzzle",
        files.map,
        "--target",
        "3,1",
        "--component",
        f"clues={files.deck}",
    )
    assert data == {
        "target": [3, 1],
        "findable": True,
        "minimal_sets": [["in jungle", "not next to palm"], ["next to river", "not next to palm"]],
    }
    data = run_json(
        capsys,
        "tobago",
        "puzzle",
        files.map,
        "--target",
        "4,2",
        "--component",
        f"clues={files.deck}",
    )
    assert data == {"target": [4, 2], "findable": False, "minimal_sets": []}


def test_puzzle_takes_the_rule_options(capsys, files):
    args = ("tobago", "puzzle", files.map, "--target", "2,1", "--component", f"clues={files.deck}")
    default = run_json(capsys, *args)["minimal_sets"]
    within = run_json(capsys, *args, "--next-to", "within")["minimal_sets"]
    assert default == [["in jungle", "next to beach"], ["next to palm", "next to beach"]]
    assert within == [["in jungle", "next to beach"]]
    options = write(files.tmp, "o.toml", 'next_to = "within"\n')
    assert run_json(capsys, *args, "--options", options)["minimal_sets"] == within


def test_puzzle_text_output(capsys, files):
    status, out, err = run(
        capsys,
        "tobago",
        "puzzle",
        files.map,
        "--target",
        "2,2",
        "--component",
        f"clues={files.deck}",
    )
    assert (status, err) == (0, "")
    assert out.splitlines() == [
        "Reef [2,2]: 1 clue at the fewest; sets with no redundant clue:",
        "  in mountain",
        "  not next to palm; next to beach",
    ]


def test_random_puzzle_json_and_hints_file_that_pins_it(capsys, files):
    out_file = files.tmp / "puzzle.toml"
    args = ("tobago", "puzzle", "reef", "--random", "--seed", 5, "--clues", 3)
    data = run_json(capsys, *args, "--out", out_file)
    assert sorted(data) == ["clues", "seed", "target"] and len(data["clues"]) == 3
    assert run_json(capsys, *args) == data  # the same seed sets the same puzzle
    solved = run_json(capsys, "tobago", "candidates", "reef", "--hints", out_file)
    pinned = solved["treasures"]["1"]
    assert (pinned["candidates"], pinned["status"]) == ([data["target"]], "pinned")
    assert (pinned["legal_cards"], pinned["separable"]) == (0, None)  # nothing left to narrow


BAD_PUZZLE = {
    "neither": ([], "give either --target C,R or --random --clues K"),
    "both": (["--target", "1,1", "--random", "--clues", "2"], "give either --target"),
    "random without clues": (["--random"], "--clues: --random needs --clues K"),
    "clues without random": (["--target", "1,1", "--clues", "2"], "--clues: only with --random"),
    "sea target": (["--target", "0,0"], "--target: [0, 0] is a sea field"),
    "bad target": (["--target", "a,b"], "--target: expected a field C,R"),
    "no such puzzle": (
        ["--random", "--clues", "3", "--deck", "{deck}"],
        "--clues: no field of Reef can be pinned by exactly 3 of these clues",
    ),
    "clues 0": (["--random", "--clues", "0"], "--clues"),
    "out not toml": (["--random", "--clues", "2", "--out", "{tmp}/x.png"], "--out: a hints file"),
}


@pytest.mark.parametrize(("args", "needle"), BAD_PUZZLE.values(), ids=BAD_PUZZLE.keys())
def test_bad_puzzle_arguments_are_one_error_line(capsys, files, args, needle):
    given = [a.format(deck=files.deck, tmp=files.tmp) for a in args]
    status, out, err = run(capsys, "tobago", "puzzle", files.map, *given)
    assert needle in assert_one_error_line(status, out, err)


# -- min-clues, analyze, compare-maps ---------------------------------------------------------


def test_min_clues_json_and_heat_map(capsys, files):
    picture = files.tmp / "heat.png"
    data = run_json(
        capsys,
        "tobago",
        "min-clues",
        files.map,
        "--component",
        f"clues={files.deck}",
        "--out",
        picture,
    )
    assert data["unfindable"] == [[1, 1], [1, 2], [4, 2]]
    assert data["min_clues"] == [
        [1, 1, None],
        [1, 2, None],
        [2, 1, 2],
        [2, 2, 1],
        [3, 1, 2],
        [3, 2, 2],
        [4, 2, None],
    ]
    assert data["reconstruction"] is False
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_heat_maps_name_a_reconstructed_deck(capsys, files, monkeypatch):
    import analyses.tobago.map_report as report
    import models.tobago.island.heat as heat

    drawn = []

    def recording(draw):
        def wrapper(*args, **kwargs):
            drawn.append(kwargs)
            return draw(*args, **kwargs)

        return wrapper

    monkeypatch.setattr(heat, "draw_field_values", recording(heat.draw_field_values))
    monkeypatch.setattr(report, "draw_field_values", recording(report.draw_field_values))
    picture = files.tmp / "heat.png"
    status, _, err = run(capsys, "tobago", "min-clues", "reef", "--out", picture)
    assert (status, err) == (0, "") and picture.is_file()
    status, _, err = run(
        capsys,
        "tobago",
        "min-clues",
        files.map,
        "--component",
        f"clues={files.deck}",
        "--out",
        picture,
    )
    assert (status, err) == (0, "")
    status, _, err = run(
        capsys, "tobago", "analyze", "reef", "--out", files.tmp / "r", "--positions", 5
    )
    assert (status, err) == (0, "")
    bundled, own, analysed = (d["subtitle"] for d in drawn[:3])
    assert bundled == analysed == "clue deck: RECONSTRUCTION (published breakdown unknown)"
    assert own is None  # the crafted deck is no reconstruction
    assert "not a published board section" in drawn[0]["note"]


def test_analyze_writes_the_report(capsys, files):
    out_dir = files.tmp / "report"
    status, out, err = run(
        capsys, "tobago", "analyze", "reef", "--out", out_dir, "--positions", 20, "--seed", 3
    )
    assert (status, out, err) == (0, f"wrote {out_dir / 'report.html'}\n", "")
    html = (out_dir / "report.html").read_text(encoding="utf-8")
    for needle in (
        "Tobago map report: Reef",
        "RECONSTRUCTION",
        "not a published board section",
        "How many clues each field needs",
        "Clue cards in random positions",
        "Terrain and landmark coverage",
        "20 random positions x 4 treasures, seed 3",
    ):
        assert needle in html
    assert html.count("data:image/png;base64,") == 4


def test_analyze_writes_report_json_beside_the_page(capsys, files):
    out_dir = files.tmp / "report"
    status, _, err = run(
        capsys, "tobago", "analyze", "reef", "--out", out_dir, "--positions", 20, "--seed", 3
    )
    assert (status, err) == (0, "")
    data = json.loads((out_dir / "report.json").read_text(encoding="utf-8"))
    assert (data["map"]["name"], data["positions"], data["seed"]) == ("Reef", 20, 3)
    assert data["deck"]["reconstruction"] is True and data["options"]["sight"] == [0, 1, 2]
    assert data["summary"]["island fields"] == 80
    tables = {n["table"] for n in data["numbers"]}
    assert {"Fields by fewest clues", "Cards, least often legal first", "Terrain types"} <= tables
    legal = [n for n in data["numbers"] if n["column"] == "legal share"]
    assert len(legal) == len({n["row"] for n in legal}) > 20  # every card, by its clue
    assert all(n["n"] == 80 and n["low"] <= n["estimate"] <= n["high"] for n in legal)
    html = (out_dir / "report.html").read_text(encoding="utf-8")
    shown = next(n for n in data["numbers"] if n["table"] == "Fields by fewest clues")
    assert f'<td class="num">{shown["estimate"]}</td>' in html  # a number the page shows


def test_compare_maps_json_and_csv(capsys, files):
    csv = files.tmp / "maps.csv"
    args = (
        "tobago",
        "compare-maps",
        "--count",
        2,
        "--seed",
        4,
        "--island-fields",
        60,
        "--positions",
        10,
    )
    rows = run_json(capsys, *args, "--csv", csv)
    assert [r["map"] for r in rows] == ["Map 1", "Map 2"]
    assert all(r["island fields"] == 60 for r in rows)
    assert {"unfindable", "mean fewest clues", "mean legal share", "largest jungle"} <= set(rows[0])
    assert csv.read_text(encoding="utf-8").splitlines()[0].startswith("map,seed,island fields")
    assert run_json(capsys, *args) == rows  # the seed decides
    status, out, err = run(capsys, *args)
    assert (status, err) == (0, "") and "2 maps of 60 island fields, seed 4" in out


BAD_MAP_COMMANDS = {
    "compare-maps count 0": (["compare-maps", "--count", "0"], "--count"),
    "compare-maps fields 10": (
        ["compare-maps", "--count", "1", "--island-fields", "10"],
        "--island-fields",
    ),
    "analyze without out": (["analyze", "reef"], "--out"),
    "analyze out a file": (["analyze", "reef", "--out", "{deck}"], "--out"),
    "analyze bad deck": (
        ["analyze", "reef", "--out", "{tmp}/r", "--deck", "{tmp}/no.toml"],
        "no.toml: no such file",
    ),
    "min-clues sight": (["min-clues", "reef", "--sight", "x"], "--sight: expected distances"),
    "min-clues out jpg": (["min-clues", "reef", "--out", "{tmp}/x.jpg"], "--out: the picture"),
    "rank treasure 5": (["rank", "reef", "--hints", "{hints}", "--treasure", "5"], "--treasure"),
}


@pytest.mark.parametrize(("args", "needle"), BAD_MAP_COMMANDS.values(), ids=BAD_MAP_COMMANDS.keys())
def test_bad_arguments_are_one_error_line(capsys, files, args, needle):
    given = [a.format(deck=files.deck, tmp=files.tmp, hints=files.hints) for a in args]
    status, out, err = run(capsys, "tobago", *given)
    assert needle.format(tmp=files.tmp) in assert_one_error_line(status, out, err)


def test_a_map_report_names_the_users_deck_by_its_path_from_the_page(capsys, files):
    out_dir = files.tmp / "pages" / "report"
    status, _, err = run(
        capsys, "tobago", "analyze", files.map, "--component", f"clues={files.deck}",
        "--out", out_dir, "--positions", 5,
    )  # fmt: skip
    assert (status, err) == (0, "")
    data = json.loads((out_dir / "report.json").read_text(encoding="utf-8"))
    assert data["deck"]["source"].startswith("../../deck.toml (")
    assert str(files.tmp) not in (out_dir / "report.html").read_text(encoding="utf-8")
