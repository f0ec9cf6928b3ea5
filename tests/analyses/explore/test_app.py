"""The explore app over HTTP: its pages, its answers, and what it refuses."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from analyses.explore.site import MAX_BODY_BYTES
from analyses.tobago.candidates import solve_view
from models.tobago.island.deck import load_deck
from models.tobago.island.hints import load_hints
from models.tobago.island.mapfile import bundled_maps, resolve_map
from tests.analyses.explore.conftest import atoll_json, request
from tests.games import EXAMPLES, example_scenario, installed_games

#: Each game's first example scenario, as the root (a copy of examples/) names it.
SCENARIOS = {g: example_scenario(g).relative_to(EXAMPLES).as_posix() for g in installed_games()}

PAGES = [
    "",
    "positions",
    "studies",
    "tobago/puzzle?map=lagoon",
    "tobago/puzzle?map=reef&hints=tobago/lagoon-hints.toml",
    "position?game=southseas&file=southseas/close-island.toml&step=1",
    *(f"position?game={game}&file={file}" for game, file in SCENARIOS.items()),
]


@pytest.mark.parametrize("page", PAGES)
def test_every_page_opens(server: str, page: str) -> None:
    answer = request(server + page)
    assert answer.status == 200, answer.text[:500]
    assert "<html" in answer.text
    assert "default-src 'self'" in answer.headers["content-security-policy"]


def test_the_scenarios_under_the_root_are_listed_with_their_game(server: str) -> None:
    text = request(server + "positions").text
    for game, name in SCENARIOS.items():
        row = re.search(rf'<tr data-file="{name}">.*?</tr>', text, re.S)
        assert row is not None, name
        assert f"<option selected>{game}</option>" in row.group(0)
    assert "lagoon-hints.toml" not in text  # a hints file lists no entries


def test_solving_on_the_page_equals_the_cli(server: str, root: Path) -> None:
    hints = load_hints(root / "tobago" / "lagoon-hints.toml")
    position = {
        "map": "lagoon",
        "hints": {str(t): [str(c) for c in hints.of(t)] for t in (1, 2, 3, 4)},
    }
    answer = request(server + "tobago/solve", position).json()
    expected = solve_view(resolve_map("lagoon"), hints, load_deck(None)).to_json()
    assert answer["answer"]["candidates"] == expected
    assert [t["status"] for t in answer["answer"]["treasures"]] == [
        expected["treasures"][str(t)]["status"] for t in (1, 2, 3, 4)
    ]


def test_a_bad_clue_is_the_cli_s_one_line_error(server: str) -> None:
    answer = request(server + "tobago/solve", {"map": "lagoon", "hints": {"2": ["in jungel"]}})
    assert answer.status == 400
    error = answer.json()["error"]
    assert error.startswith("hints.2[0]: 'in jungel'") and "\n" not in error


def test_past_its_time_limit_a_solve_says_unknown_and_draws_nothing(server: str) -> None:
    position = {"map": "lagoon", "hints": {"1": ["in jungle"]}, "time_limit": 1e-9}
    answer = request(server + "tobago/solve", position).json()
    assert answer["answer"]["unknown"].startswith("the solver reached its time limit")
    assert answer["answer"]["laid"][0] == {"treasure": 1, "hints": ["in jungle"]}
    assert 'data-action="remove"' in answer["panel"]
    assert "candidates" not in answer["answer"]
    assert 'class="dot' not in answer["board"]


def test_why_names_the_hint_that_excludes_a_field(server: str) -> None:
    position = {"map": "lagoon", "hints": {"1": ["in jungle"]}, "treasure": 1}
    beach = request(server + "tobago/why", {**position, "field": [3, 3]}).json()["why"]
    assert beach == "[3,3] (beach) at treasure 1: excluded by hint 1 'in jungle'"
    sea = request(server + "tobago/why", {**position, "field": [0, 0]})
    assert sea.status == 400 and "sea field" in sea.json()["error"]


def test_hints_are_saved_in_the_cli_s_format_and_read_back(server: str, root: Path) -> None:
    position = {"map": "lagoon", "hints": {"1": ["in jungle"], "3": ["next to river"]}}
    saved = request(server + "tobago/save", {**position, "name": "mine/hints.toml"}).json()
    assert saved == {"saved": "mine/hints.toml"}
    cli = atoll_json("tobago", "candidates", "lagoon", "--hints", str(root / "mine" / "hints.toml"))
    page = request(server + "tobago/solve", position).json()["answer"]["candidates"]
    assert cli == page
    loaded = request(server + "tobago/load", {"file": "mine/hints.toml"}).json()["hints"]
    assert loaded == {"1": ["in jungle"], "2": [], "3": ["next to river"], "4": []}
    uploaded = request(server + "tobago/load", {"text": '[treasure.4]\nhints = ["in lake"]'})
    assert uploaded.json()["hints"]["4"] == ["in lake"]


@pytest.mark.parametrize(
    "path",
    ["../outside.toml", "/etc/hostname", "tobago/../../outside.toml", "./../outside.toml"],
)
def test_a_path_outside_the_root_is_refused_everywhere(server: str, root: Path, path: str) -> None:
    outside = root.parent / "outside.toml"
    outside.write_text('[treasure.1]\nhints = ["in lake"]\n')
    for answer in (
        request(server + "tobago/load", {"file": path}),
        request(server + "tobago/save", {"map": "lagoon", "name": path}),
        request(server + f"position?game=southseas&file={path}"),
        request(server + f"tobago/puzzle?map=lagoon&hints={path}"),
    ):
        assert answer.status == 403, (path, answer.text[:300])
        assert "outside the root" in answer.text
    assert outside.read_text() == '[treasure.1]\nhints = ["in lake"]\n'
    assert request(server + "files/..%2F" + outside.name).status == 403
    assert request(server + "position?game=tobago&file=..%2F" + outside.name).status == 403


def test_a_body_above_the_limit_is_refused(server: str) -> None:
    big = {"text": "#" * (MAX_BODY_BYTES + 10)}
    answer = request(server + "tobago/load", big)
    assert answer.status == 413
    assert answer.json()["error"] == f"request: larger than {MAX_BODY_BYTES // 1024} KiB: refused"


def test_a_write_without_the_app_s_header_is_refused(server: str, root: Path) -> None:
    """A form of another site can post text/plain unasked; it cannot add a header."""
    body = json.dumps({"map": "lagoon", "name": "forged.toml"}).encode()
    answer = request(server + "tobago/save", headers={"Content-Type": "text/plain"}, raw=body)
    assert answer.status == 400 and "x-atoll" in answer.json()["error"]
    assert not (root / "forged.toml").exists()


def test_a_request_for_another_host_is_refused(server: str) -> None:
    """DNS rebinding: a page of evil.example reaching the loopback port by its own name."""
    answer = request(server, headers={"Host": "evil.example"})
    assert answer.status == 400


def test_only_report_files_are_served_from_the_root(server: str, root: Path) -> None:
    (root / "notes.py").write_text("print('hi')\n")
    assert request(server + "files/notes.py").status == 400
    toml = request(server + "files/tobago/lagoon-hints.toml")
    assert toml.status == 400 and "files are served" in toml.json()["error"]


def test_a_map_file_under_the_root_is_offered_and_solved(server: str, root: Path) -> None:
    (root / "maps").mkdir(exist_ok=True)
    shutil.copy(bundled_maps()["reef"], root / "maps" / "my-reef.toml")
    listed = request(server + "tobago/puzzle?map=lagoon").text
    assert '<option value="file:maps/my-reef.toml">' in listed
    page = request(server + "tobago/puzzle?map_file=maps/my-reef.toml")
    assert page.status == 200 and "Tobago puzzle: Reef" in page.text
    position = {"map_file": "maps/my-reef.toml", "hints": {"1": ["in jungle"]}}
    mine = request(server + "tobago/solve", position).json()["answer"]["candidates"]
    bundled = request(server + "tobago/solve", {**position, "map_file": None, "map": "reef"})
    assert mine["treasures"] == bundled.json()["answer"]["candidates"]["treasures"]


def test_contradictory_hints_show_their_smallest_conflict_and_the_order_problem(
    server: str,
) -> None:
    position = {"map": "lagoon", "hints": {"1": ["in jungle", "not next to sea", "in beach"]}}
    answer = request(server + "tobago/solve", position).json()
    first = answer["answer"]["treasures"][0]
    assert first["status"] == "contradictory" and first["count"] == 0
    assert (
        first["conflict"]
        == "contradictory hints: 'in jungle' and 'in beach' exclude every field together"
    )
    assert "TB-H3" in answer["answer"]["order_problem"]
    assert "contradictory hints" in answer["panel"] and 'id="order-problem"' in answer["panel"]


def test_a_file_that_cannot_be_written_is_a_one_line_error(server: str, root: Path) -> None:
    (root / "locked").mkdir(exist_ok=True)
    (root / "locked" / "hints.toml").mkdir(exist_ok=True)  # a folder where the file would go
    answer = request(server + "tobago/save", {"map": "lagoon", "name": "locked/hints.toml"})
    assert answer.status in (400, 500)
    error = answer.json()["error"]
    assert "hints.toml" in error and "\n" not in error
