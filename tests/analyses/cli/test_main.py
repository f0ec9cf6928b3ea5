"""Tests for the ``atoll`` command line (analyses.cli.main / analyses.tobago.cli)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from analyses.cli.main import main
from models.data import bundled_path
from models.tobago.island.mapfile import EXAMPLE, bundled_maps
from tests.games import installed_games

ROOT = Path(__file__).resolve().parents[3]

# EXAMPLE (mapfile): island fields [1,1] B, [2,1] J, [3,1] J, [1,2] B, [2,2] M + palm, [3,2] J,
# [4,2] R.
ALL_FIELDS = [[1, 1], [1, 2], [2, 1], [2, 2], [3, 1], [3, 2], [4, 2]]
JUNGLE = [[2, 1], [3, 1], [3, 2]]

THREE_REASONS = {"legal", "excludes-none", "excludes-all"}


def run(capsys: pytest.CaptureFixture[str], *args: object) -> tuple[int, str, str]:
    status = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return status, out, err


def run_json(capsys: pytest.CaptureFixture[str], *args: object) -> object:
    status, out, err = run(capsys, *args, "--json")
    assert (status, err) == (0, "")
    return json.loads(out)


def write(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def hints_text(by_treasure: dict[int, list[str]]) -> str:
    return "".join(
        f"[treasure.{t}]\nhints = [{', '.join(json.dumps(h) for h in hs)}]\n"
        for t, hs in by_treasure.items()
    )


@pytest.fixture
def files(tmp_path: Path) -> SimpleNamespace:
    return SimpleNamespace(
        map=write(tmp_path, "example.toml", EXAMPLE),
        hints=write(tmp_path, "hints.toml", hints_text({1: ["in jungle"]})),
        no_hints=write(tmp_path, "empty.toml", ""),
        tmp=tmp_path,
    )


# -- help -----------------------------------------------------------------------------------------


def test_help_lists_the_games(capsys):
    status, out, err = run(capsys, "--help")
    assert (status, err) == (0, "")
    for game in installed_games():
        assert game in out


def test_tobago_help_lists_its_commands(capsys):
    status, out, _ = run(capsys, "tobago", "--help")
    assert status == 0
    commands = ("candidates", "check", "legal", "render", "maps", "why", "rank", "puzzle")
    for command in (*commands, "min-clues", "analyze", "compare-maps"):
        assert command in out


# -- candidates -----------------------------------------------------------------------------------


def test_candidates_json_is_exact(capsys, files):
    data = run_json(capsys, "tobago", "candidates", files.map, "--hints", files.hints)
    # legal_cards, separable, deck and reconstruction were added after the first format: the
    # older keys keep their names, order and meaning.
    open_ = {"status": "marked", "legal_cards": 25, "separable": True}
    assert data == {
        "map": "Reef",
        "treasures": {
            "1": {"candidates": JUNGLE, "status": "marked", "legal_cards": 9, "separable": True},
            "2": {"candidates": ALL_FIELDS, **open_},
            "3": {"candidates": ALL_FIELDS, **open_},
            "4": {"candidates": ALL_FIELDS, **open_},
        },
        "deck": str(bundled_path("tobago", "clues.toml")),
        "reconstruction": True,
    }
    assert list(data) == ["map", "treasures", "deck", "reconstruction"]
    assert list(data["treasures"]) == ["1", "2", "3", "4"]


@pytest.mark.parametrize(
    "hints",
    [
        {1: ["in jungle"]},
        {
            1: ["not in jungle"],
            2: ["next to palm", "not in beach"],
            3: ["in lake"],
            4: ["in sight of the largest jungle", "not next to sea"],
        },
    ],
    ids=["one hint", "mixed"],
)
def test_candidates_same_for_every_backend(capsys, files, hints):
    path = write(files.tmp, "mixed.toml", hints_text(hints))
    answers = {
        backend: run_json(
            capsys,
            *("tobago", "candidates", files.map, "--hints", path, "--unordered"),
            *("--backend", backend),
        )
        for backend in ("cpsat", "csp", "bitset")
    }
    assert answers["csp"] == answers["cpsat"] == answers["bitset"]
    for entry in answers["cpsat"]["treasures"].values():
        assert entry["candidates"] == sorted(entry["candidates"])


@pytest.mark.parametrize("backend", ["cpsat", "csp", "bitset"])
def test_candidates_of_contradictory_hints_name_the_smallest_conflict(capsys, files, backend):
    # "next to palm" holds on [1,1] [1,2] [2,1] [3,2]; "in jungle" keeps [2,1] [3,2]; "in beach"
    # and "in river" each leave nothing with "in jungle", but "in beach" not with "next to palm".
    text = hints_text({3: ["next to palm", "in jungle", "in beach", "in river"]})
    path = write(files.tmp, "contra.toml", text)
    args = ("tobago", "candidates", files.map, "--hints", path, "--unordered")
    data = run_json(capsys, *args, "--backend", backend)
    assert data["treasures"]["3"] == {
        "candidates": [],
        "status": "contradictory",
        "conflict": {"hints": ["in jungle", "in beach"]},
        "legal_cards": 0,
        "separable": None,
    }
    assert data["treasures"]["1"]["status"] == "marked"
    status, out, err = run(capsys, *args)
    assert (status, err) == (0, "")
    assert "contradictory hints: 'in jungle' and 'in beach' exclude every field together" in out


#: Two jungle fields side by side in the sea, no landmark: every clue holds at both or at neither
#: (same terrain, same neighbours, same area, same distances), so no card can tell them apart.
TWINS = 'name = "Twins"\nterrain = """\n~ ~ ~ ~\n ~ J J ~\n~ ~ ~ ~\n"""\n'


def test_candidates_no_card_can_separate_flags_the_treasure(capsys, files):
    twins = write(files.tmp, "twins.toml", TWINS)
    data = run_json(capsys, "tobago", "candidates", twins, "--hints", files.no_hints)
    for entry in data["treasures"].values():
        assert entry["candidates"] == [[1, 1], [2, 1]] and entry["status"] == "marked"
        assert entry["legal_cards"] == 0 and entry["separable"] is False
        assert "excludes none or all of these 2 candidates" in entry["separable_note"]
    status, out, err = run(capsys, "tobago", "candidates", twins, "--hints", files.no_hints)
    assert (status, err) == (0, "")
    assert out.count("    inseparable: every card of the deck excludes none or all") == 4
    assert out.splitlines()[-1] == "clue deck: RECONSTRUCTION (published breakdown unknown)"


def test_candidates_separable_per_treasure_with_a_crafted_deck(capsys, files):
    # In this deck 'in jungle' excludes none of treasure 1's jungle fields and the others all
    # of them: treasure 1 cannot be narrowed. Treasure 2 (every field) can; 3 is pinned.
    deck = write(
        files.tmp,
        "deck.toml",
        "".join(
            f'[[card]]\nclue = "{c}"\n'
            for c in ("in jungle", "in beach", "in mountain", "in jungle")
        ),
    )
    hints = write(files.tmp, "h.toml", hints_text({1: ["in jungle"], 3: ["in river"]}))
    args = ("tobago", "candidates", files.map, "--hints", hints, "--component", f"clues={deck}")
    for backend in ("cpsat", "csp", "bitset"):
        data = run_json(capsys, *args, "--backend", backend)
        t = data["treasures"]
        assert t["1"]["candidates"] == JUNGLE and t["1"]["separable"] is False
        assert t["1"]["legal_cards"] == 0 and "separable_note" in t["1"]
        assert (t["2"]["separable"], t["2"]["legal_cards"]) == (True, 3)  # distinct cards
        assert "separable_note" not in t["2"]
        assert (t["3"]["status"], t["3"]["separable"]) == ("pinned", None)
        assert data["deck"] == str(deck) and data["reconstruction"] is False
    status, out, _ = run(capsys, *args)
    assert status == 0 and out.count("inseparable:") == 1
    assert "RECONSTRUCTION" not in out  # the crafted deck is no reconstruction
    picture = files.tmp / "flagged.png"
    status, out, err = run(
        capsys,
        "tobago",
        "render",
        files.map,
        "--hints",
        hints,
        "--component",
        f"clues={deck}",
        "--out",
        picture,
    )
    assert (status, err) == (0, "") and picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_TB_H2_H4_hints_are_replayed_in_the_order_laid(capsys, files):
    path = write(files.tmp, "contra.toml", hints_text({3: ["in jungle", "in beach"]}))
    status, out, err = run(capsys, "tobago", "candidates", files.map, "--hints", path)
    line = assert_one_error_line(status, out, err)
    assert line == (
        f"atoll: error: {path}: treasure.3: hints[1]: 'in beach': TB-H3: when it was laid it "
        "excluded every candidate left on the map Reef (give --unordered to accept it)"
    )
    for command in (["check", "--treasure", "1", "--clue", "in lake"], ["legal"], ["rank"]):
        status, out, err = run(
            capsys, "tobago", command[0], files.map, "--hints", path, *command[1:]
        )
        assert "TB-H3" in assert_one_error_line(status, out, err)


def test_candidates_distinct_conflict_json(capsys, files):
    # the one mountain field [2,2] cannot hold treasures 1 and 2; treasure 3 keeps its answer
    text = hints_text({1: ["in mountain"], 2: ["in mountain"], 3: ["in river"]})
    path = write(files.tmp, "both.toml", text)
    args = ("tobago", "candidates", files.map, "--hints", path, "--distinct")
    data = run_json(capsys, *args)["treasures"]
    conflict = {"treasures": [1, 2], "fields": [[2, 2]]}
    nothing = {"legal_cards": 0, "separable": None}  # one field each: no card is legal there
    assert (
        data["1"]
        == data["2"]
        == {"candidates": [], "status": "contradictory", "conflict": conflict, **nothing}
    )
    assert data["3"] == {"candidates": [[4, 2]], "status": "pinned", **nothing}
    assert data["4"]["candidates"] == [f for f in ALL_FIELDS if f != [4, 2]]
    _status, out, _ = run(capsys, *args)
    assert "treasures 1 and 2 cannot lie on distinct fields: they share only [2,2]" in out


@pytest.mark.parametrize("backend", ["cpsat", "csp", "bitset"])
def test_candidates_distinct(capsys, files, backend):
    path = write(
        files.tmp,
        "distinct.toml",
        hints_text({1: ["in river"], 2: ["not in jungle", "not in beach"]}),
    )
    args = ("tobago", "candidates", files.map, "--hints", path, "--backend", backend)
    alone = run_json(capsys, *args)["treasures"]
    together = run_json(capsys, *args, "--distinct")["treasures"]
    assert alone["1"]["candidates"] == together["1"]["candidates"] == [[4, 2]]
    assert alone["2"]["candidates"] == [[2, 2], [4, 2]]
    assert together["2"]["candidates"] == [[2, 2]]
    assert alone["3"]["candidates"] == ALL_FIELDS
    rest = [[1, 1], [1, 2], [2, 1], [3, 1], [3, 2]]
    assert together["3"]["candidates"] == together["4"]["candidates"] == rest


def test_TB_C4_sight_option_changes_in_sight_of(capsys, files):
    # the palm at [2, 2]: [3, 1] and [4, 2] are 2 steps away, the other island fields 1.
    path = write(files.tmp, "sight.toml", hints_text({1: ["in sight of palm"]}))
    args = ("tobago", "candidates", files.map, "--hints", path, "--unordered")
    default = run_json(capsys, *args)["treasures"]["1"]["candidates"]
    published = run_json(capsys, *args, "--sight", "0,1,2")["treasures"]["1"]["candidates"]
    old = run_json(capsys, *args, "--sight", "1,2")["treasures"]["1"]["candidates"]
    source_text = run_json(capsys, *args, "--sight", "2,3")["treasures"]["1"]["candidates"]
    own_field = run_json(capsys, *args, "--sight", "0")["treasures"]["1"]["candidates"]
    assert default == published == ALL_FIELDS  # the palm's own field is in sight of it
    assert old == [f for f in ALL_FIELDS if f != [2, 2]]
    assert source_text == [[3, 1], [4, 2]]
    assert own_field == [[2, 2]]


def test_sight_from_an_options_file(capsys, files):
    options = write(files.tmp, "opts.toml", "sight = [2, 3]\n")
    path = write(files.tmp, "sight.toml", hints_text({1: ["in sight of palm"]}))
    data = run_json(
        capsys, "tobago", "candidates", files.map, "--hints", path, "--options", options
    )
    assert data["treasures"]["1"]["candidates"] == [[3, 1], [4, 2]]


def test_TB_C4_next_to_readings(capsys, files):
    # jungle [2,1] [3,1] [3,2] is one area; outside it, [1,1] [2,2] [4,2] touch it.
    path = write(files.tmp, "next.toml", hints_text({1: ["next to jungle"]}))
    args = ("tobago", "candidates", files.map, "--hints", path)
    reading = {
        name: run_json(capsys, *args, "--next-to", name)["treasures"]["1"]["candidates"]
        for name in ("outside", "neighbour", "within")
    }
    assert run_json(capsys, *args)["treasures"]["1"]["candidates"] == reading["outside"]
    assert reading["outside"] == [[1, 1], [2, 2], [4, 2]]
    everything_but_12 = [f for f in ALL_FIELDS if f != [1, 2]]
    assert reading["neighbour"] == reading["within"] == everything_but_12  # jungle touches jungle


def test_old_next_to_flags_map_with_a_warning(capsys, files):
    path = write(files.tmp, "next.toml", hints_text({1: ["next to palm"]}))
    args = ("tobago", "candidates", files.map, "--hints", path, "--json")
    status, out, err = run(capsys, *args, "--next-to-includes-inside")
    assert status == 0
    assert err == (
        "atoll: warning: --next-to-includes-inside is deprecated: write --next-to within\n"
    )
    assert json.loads(out) == run_json(capsys, *args[:-1], "--next-to", "within")
    status, out, err = run(capsys, *args, "--next-to-excludes-inside", "--next-to", "within")
    assert "--next-to-excludes-inside: give --next-to only" in assert_one_error_line(
        status, out, err
    )


def test_old_options_file_key_maps_with_a_warning(capsys, files):
    options = write(files.tmp, "old.toml", "next_to_includes_inside = true\n")
    path = write(files.tmp, "next.toml", hints_text({1: ["next to palm"]}))
    args = ("tobago", "candidates", files.map, "--hints", path, "--json")
    status, out, err = run(capsys, *args, "--options", options)
    assert status == 0
    assert err == (
        f"atoll: warning: {options}: next_to_includes_inside = true is deprecated: write "
        'next_to = "within" instead\n'
    )
    assert json.loads(out) == run_json(capsys, *args[:-1], "--next-to", "within")


def test_candidates_text_output(capsys, files):
    status, out, err = run(capsys, "tobago", "candidates", files.map, "--hints", files.hints)
    assert (status, err) == (0, "")
    assert out.startswith("Reef: candidates (cpsat")
    assert "treasure 1:   3" in out
    assert "[2,1] [3,1] [3,2]" in out
    assert "[in jungle]" in out


# -- check ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("backend", ["cpsat", "csp", "bitset"])
@pytest.mark.parametrize(
    ("clue", "expected"),
    [
        ("next to palm", {"legal": True, "reason": "legal", "excluded": 1, "remaining": 2}),
        ("in jungle", {"legal": False, "reason": "excludes-none", "excluded": 0, "remaining": 3}),
        ("in lake", {"legal": False, "reason": "excludes-all", "excluded": 3, "remaining": 0}),
        (
            "not in jungle",
            {"legal": False, "reason": "excludes-all", "excluded": 3, "remaining": 0},
        ),
    ],
)
def test_check_json_is_exact(capsys, files, backend, clue, expected):
    data = run_json(
        capsys,
        "tobago",
        "check",
        files.map,
        "--hints",
        files.hints,
        "--treasure",
        1,
        "--clue",
        clue,
        "--backend",
        backend,
    )
    assert data == expected
    assert list(data) == ["legal", "reason", "excluded", "remaining"]


def test_check_treasure_without_hints(capsys, files):
    data = run_json(
        capsys,
        "tobago",
        "check",
        files.map,
        "--hints",
        files.hints,
        "--treasure",
        2,
        "--clue",
        "in jungle",
    )
    assert data == {"legal": True, "reason": "legal", "excluded": 4, "remaining": 3}


def test_check_text_output(capsys, files):
    status, out, err = run(
        capsys,
        "tobago",
        "check",
        files.map,
        "--hints",
        files.hints,
        "--treasure",
        "1",
        "--clue",
        "Next to the Palm",
    )
    assert (status, err) == (0, "")
    assert out.strip() == "next to palm at treasure 1: legal (excludes 1, leaves 2)"


# -- legal ----------------------------------------------------------------------------------------


def test_legal_json(capsys, files):
    data = run_json(capsys, "tobago", "legal", files.map, "--hints", files.hints)
    assert data["map"] == "Reef"
    assert data["reconstruction"] is True
    assert data["options"] == {"sight": [0, 1, 2], "next_to": "outside", "marker_threshold": 17}
    matrix = data["matrix"]
    assert len(matrix) == 52
    for row in matrix.values():
        assert list(row) == ["1", "2", "3", "4"]
        assert set(row.values()) <= THREE_REASONS
    assert {v for row in matrix.values() for v in row.values()} == THREE_REASONS
    assert matrix["next to palm"]["1"] == "legal"
    assert matrix["in jungle"]["1"] == "excludes-none"
    assert matrix["in jungle"]["2"] == "legal"
    assert matrix["in lake"] == dict.fromkeys("1234", "excludes-all")
    # no huts on the map: "next to hut" holds nowhere, its negation everywhere
    assert matrix["next to hut"] == dict.fromkeys("1234", "excludes-all")
    assert matrix["not next to hut"] == dict.fromkeys("1234", "excludes-none")


def test_legal_json_same_for_every_backend(capsys, files):
    matrices = [
        run_json(
            capsys, "tobago", "legal", files.map, "--hints", files.hints, "--backend", backend
        )["matrix"]
        for backend in ("cpsat", "csp", "bitset")
    ]
    assert matrices[0] == matrices[1] == matrices[2]


def test_legal_with_own_deck(capsys, files):
    deck = write(
        files.tmp, "deck.toml", '[[card]]\nclue = "in lake"\n[[card]]\nclue = "in beach"\n'
    )
    data = run_json(
        capsys, "tobago", "legal", files.map, "--hints", files.hints, "--component", f"clues={deck}"
    )
    assert data["reconstruction"] is False
    assert list(data["matrix"]) == ["in lake", "in beach"]
    assert data["matrix"]["in beach"] == {
        "1": "excludes-all",
        "2": "legal",
        "3": "legal",
        "4": "legal",
    }


def test_legal_text_table(capsys, files):
    status, out, err = run(capsys, "tobago", "legal", files.map, "--hints", files.hints)
    assert (status, err) == (0, "")
    assert "clue legality" in out
    assert "RECONSTRUCTION" in out
    assert "next to palm" in out
    assert "legal clues per treasure: T1: " in out


# -- render and maps ------------------------------------------------------------------------------


def test_render_writes_a_png(capsys, files):
    out_file = files.tmp / "x.png"
    status, out, err = run(
        capsys, "tobago", "render", files.map, "--hints", files.hints, "--out", out_file
    )
    assert (status, err) == (0, "")
    assert out.strip() == f"wrote {out_file}"
    assert out_file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_render_without_hints(capsys, files):
    out_file = files.tmp / "plain.png"
    status, _, err = run(capsys, "tobago", "render", files.map, "--out", out_file)
    assert (status, err) == (0, "")
    assert out_file.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_maps_runs(capsys):
    status, out, err = run(capsys, "tobago", "maps")
    assert (status, err) == (0, "")
    assert len(out.splitlines()) == len(bundled_maps())


def test_maps_lists_the_bundled_maps(capsys):
    status, out, _ = run(capsys, "tobago", "maps")
    assert status == 0
    listed = [line.split()[0] for line in out.splitlines()]
    assert listed == list(bundled_maps())


def test_candidates_on_a_bundled_map(capsys, files):
    stem = next(iter(bundled_maps()))
    data = run_json(capsys, "tobago", "candidates", stem, "--hints", files.no_hints)
    assert list(data["treasures"]) == ["1", "2", "3", "4"]
    assert data["treasures"]["1"]["candidates"]


# -- warnings -------------------------------------------------------------------------------------


def test_a_map_warning_is_one_line_and_not_an_error(capsys, files):
    tie = write(
        files.tmp,
        "tie.toml",
        'name = "Tie"\nterrain = """\n~ ~ ~ ~ ~\n ~ B J B ~\n~ ~ ~ ~ ~\n"""\n',
    )
    status, out, err = run(capsys, "tobago", "candidates", tie, "--hints", files.no_hints, "--json")
    assert status == 0
    assert json.loads(out)["map"] == "Tie"
    lines = err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("atoll: warning: ")
    assert "tied" in lines[0]


# -- bad input: exit status 2, one line, no traceback --------------------------------------------

BAD_MAP = 'name = "Bad"\nterrain = """\n~ ~ ~\n ~ Q ~\n~ ~ ~\n"""\n'
CHECK = ["tobago", "check", "{map}", "--hints", "{hints}", "--treasure", "1", "--clue", "in lake"]

BAD_INPUT = {
    # name: (arguments, text the error line must contain)
    "malformed map": (
        [
            "tobago",
            "check",
            "{bad_map}",
            "--hints",
            "{hints}",
            "--treasure",
            "1",
            "--clue",
            "in lake",
        ],
        "{bad_map}: line 4: unknown terrain letter 'Q'",
    ),
    "missing map file": (
        ["tobago", "candidates", "{tmp}/absent.toml", "--hints", "{hints}"],
        "{tmp}/absent.toml: no such file",
    ),
    "unknown bundled map": (
        ["tobago", "candidates", "no-such-map-xyz", "--hints", "{hints}"],
        "no bundled map 'no-such-map-xyz'",
    ),
    "bad clue": (
        [
            "tobago",
            "check",
            "{map}",
            "--hints",
            "{hints}",
            "--treasure",
            "1",
            "--clue",
            "in the sea",
        ],
        "--clue: 'in the sea': at column 8: expected a terrain type",
    ),
    "bad hints file": (
        ["tobago", "candidates", "{map}", "--hints", "{bad_hints}"],
        "{bad_hints}: treasure.2: hints[0]: 'next to plam': at column 9",
    ),
    "missing hints file": (
        ["tobago", "candidates", "{map}", "--hints", "{tmp}/nohints.toml"],
        "{tmp}/nohints.toml: no such file",
    ),
    "treasure 5": ([*CHECK[:6], "5", *CHECK[7:]], "--treasure"),
    "treasure 0": ([*CHECK[:6], "0", *CHECK[7:]], "--treasure"),
    "backend nope": ([*CHECK, "--backend", "nope"], "'nope'"),
    "sight x": ([*CHECK, "--sight", "x"], "--sight: expected distances like 0,1,2"),
    "sight -1": ([*CHECK, "--sight=-1"], "--sight: Input should be greater than or equal to 0"),
    "sight 11": ([*CHECK, "--sight", "0,11"], "--sight: Input should be less than or equal to 10"),
    "next to nope": ([*CHECK, "--next-to", "inside"], "'inside' is not one of 'outside'"),
    "sight empty": ([*CHECK, "--sight", ","], "sight"),
    "unknown option": ([*CHECK, "--frobnicate"], "--frobnicate"),
    "missing clue": (CHECK[:7], "--clue"),
    "out not png": (
        ["tobago", "render", "{map}", "--out", "{tmp}/x.jpg"],
        "--out: the picture is written as PNG",
    ),
    "options unknown key": (
        [*CHECK, "--options", "{bad_options}"],
        "{bad_options}: sigth: unknown field",
    ),
    "options bad value": ([*CHECK, "--options", "{bad_sight}"], "{bad_sight}: sight"),
    "deck bad clue": (
        ["tobago", "legal", "{map}", "--hints", "{hints}", "--deck", "{bad_deck}"],
        "{bad_deck}: card[0]: clue:",
    ),
    "unknown game command": (["tobago", "solve"], "solve"),
}


@pytest.fixture
def bad_files(files: SimpleNamespace) -> dict[str, str]:
    tmp = files.tmp
    return {
        "map": str(files.map),
        "hints": str(files.hints),
        "tmp": str(tmp),
        "bad_map": str(write(tmp, "bad_map.toml", BAD_MAP)),
        "bad_hints": str(write(tmp, "bad_hints.toml", hints_text({2: ["next to plam"]}))),
        "bad_options": str(write(tmp, "bad_options.toml", "sigth = [1, 2]\n")),
        "bad_sight": str(write(tmp, "bad_sight.toml", "sight = []\n")),
        "bad_deck": str(write(tmp, "bad_deck.toml", '[[card]]\nclue = "in hut"\n')),
    }


def assert_one_error_line(status: int, out: str, err: str) -> str:
    assert status == 2, (out, err)
    assert out == ""
    assert "Traceback" not in err
    lines = err.splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("atoll: error: ")
    return lines[0]


@pytest.mark.parametrize(("args", "needle"), BAD_INPUT.values(), ids=BAD_INPUT.keys())
def test_bad_input_is_one_error_line(capsys, bad_files, args, needle):
    status, out, err = run(capsys, *(a.format(**bad_files) for a in args))
    line = assert_one_error_line(status, out, err)
    assert needle.format(**bad_files) in line


def test_sight_0_is_allowed(capsys, bad_files):
    status, _out, err = run(capsys, *(a.format(**bad_files) for a in CHECK), "--sight", "0")
    assert (status, err) == (0, "")


def test_module_entry_point_bad_map_exits_2(tmp_path):
    bad = write(tmp_path, "bad.toml", BAD_MAP)
    hints = write(tmp_path, "hints.toml", hints_text({1: ["in jungle"]}))
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [
            sys.executable,
            "-m",
            "analyses.cli.main",
            "tobago",
            "check",
            str(bad),
            "--hints",
            str(hints),
            "--treasure",
            "1",
            "--clue",
            "in lake",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith(f"atoll: error: {bad}: line 4: unknown terrain letter 'Q'")


@pytest.mark.parametrize(
    ("args", "line"),
    [
        (["tobbago", "maps"], "atoll: error: No such command 'tobbago'. Did you mean 'tobago'?"),
        (
            ["southsea", "tiles"],
            "atoll: error: No such command 'southsea'. Did you mean 'southseas'?",
        ),
        (["explor"], "atoll: error: No such command 'explor'. Did you mean 'explore'?"),
        (["chess"], "atoll: error: No such command 'chess'."),
        (
            ["tobago", "mpas"],
            "atoll: error: atoll tobago: No such command 'mpas'. Did you mean 'maps'?",
        ),
        (["--bogus"], "atoll: error: No such option '--bogus'."),
    ],
)
def test_an_unknown_command_is_one_line_suggesting_the_closest_game_or_verb(capsys, args, line):
    status, out, err = run(capsys, *args)
    assert (status, out, err) == (2, "", line + "\n")
