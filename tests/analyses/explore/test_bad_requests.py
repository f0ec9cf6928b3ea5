"""Bad input to the explore app is a 4xx with one line, never a 500: a request body nested
100,000 deep, a deeply nested ``hints`` value, a deeply nested file under the root, a file name
longer than the system allows (ENAMETOOLONG)."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import quote

import pytest

from tests.analyses.explore.conftest import Answer, request
from tests.games import installed_games, scenario_component_fields

NESTED = "nested too deeply (tables and arrays: at most 32 levels)"
#: Every route that takes a JSON body, with a body it accepts.
JSON_ROUTES = {
    "position/save": {"game": "tobago", "file": "tobago/first-treasure.toml", "name": "x.toml"},
    "tobago/solve": {"map": "lagoon"},
    "tobago/why": {"map": "lagoon", "field": [3, 3]},
    "tobago/save": {"map": "lagoon", "name": "x.toml"},
    "tobago/load": {"file": "tobago/lagoon-hints.toml"},
}
LONG = "a" * 300 + ".toml"
_JSON = {"Content-Type": "application/json", "X-Atoll": "1"}


def _one_line_4xx(answer: Answer, *expected: str) -> str:
    """The answer's one line (JSON error or the error page's message), checked to be a 4xx."""
    assert 400 <= answer.status < 500, (answer.status, answer.text[:300])
    if answer.headers.get_content_type() == "application/json":
        line = str(answer.json()["error"])
        assert "\n" not in line
    else:
        line = answer.text
    for part in expected:
        assert part in line, (part, line[:300])
    return line


@pytest.mark.parametrize("route", JSON_ROUTES)
def test_a_body_of_100000_nested_brackets_is_a_4xx_with_one_line(server: str, route: str) -> None:
    answer = request(server + route, raw=b"[" * 100_000, headers=_JSON)
    assert _one_line_4xx(answer) == f"request: {NESTED}"


@pytest.mark.parametrize("depth", [40, 5_000])
@pytest.mark.parametrize("route", JSON_ROUTES)
def test_a_deeply_nested_hints_value_is_a_4xx_with_one_line(
    server: str, route: str, depth: int
) -> None:
    body = '{"hints": {"1": ' + "[" * depth + "]" * depth + "}}"
    answer = request(server + route, raw=body.encode(), headers=_JSON)
    assert _one_line_4xx(answer) == f"request: {NESTED}"


@pytest.fixture(scope="module")
def deep(root: Path) -> str:
    """A folder under the root holding a deeply nested file of every kind the app reads."""
    folder = root / "deep"
    folder.mkdir()
    nest = "[" * 5_000 + "]" * 5_000
    for name in ("scenario.toml", "map.toml", "hints.toml"):
        (folder / name).write_text(f"actions = []\na = {nest}\n", encoding="utf-8")
    (folder / "scenario.json").write_text('{"actions": [], "a": ' + nest + "}", encoding="utf-8")
    (folder / "study").mkdir()
    (folder / "study" / "study.json").write_text(nest, encoding="utf-8")
    return "deep"


def test_a_deeply_nested_file_under_the_root_is_a_4xx_with_one_line(server: str, deep: str) -> None:
    for name in ("scenario.toml", "scenario.json"):
        answer = request(f"{server}position?game=tobago&file={deep}/{name}")
        _one_line_4xx(answer, f"{deep}/{name}: {NESTED}")
        picture = request(f"{server}position/picture.png?game=tobago&file={deep}/{name}")
        _one_line_4xx(picture, f"{deep}/{name}: {NESTED}")
    _one_line_4xx(request(f"{server}tobago/puzzle?map_file={deep}/map.toml"), NESTED)
    _one_line_4xx(request(f"{server}tobago/puzzle?hints={deep}/hints.toml"), NESTED)
    _one_line_4xx(request(server + "tobago/solve", {"map_file": f"{deep}/map.toml"}), NESTED)
    _one_line_4xx(request(server + "tobago/load", {"file": f"{deep}/hints.toml"}), NESTED)
    for page in ("positions", "studies", f"studies/view?path={deep}/study", "tobago/puzzle"):
        assert request(server + page).status == 200, page  # the deep files listed or skipped
    assert f"study.json: {NESTED}" in request(server + "studies").text  # its problem, listed


def _long_name_requests(server: str) -> dict[str, Answer]:
    scenario = "tobago/first-treasure.toml"
    line = {"game": "tobago", "file": scenario, "name": "x.toml"}
    lagoon = {"map": "lagoon"}
    return {
        "position": request(f"{server}position?game=tobago&file={LONG}"),
        "picture": request(f"{server}position/picture.png?game=tobago&file={LONG}"),
        "save file": request(server + "position/save", {**line, "file": LONG}),
        "save name": request(server + "position/save", {**line, "name": LONG}),
        "puzzle map": request(f"{server}tobago/puzzle?map_file={LONG}"),
        "puzzle hints": request(f"{server}tobago/puzzle?map=lagoon&hints={LONG}"),
        "solve map": request(server + "tobago/solve", {"map_file": LONG}),
        "solve deck": request(server + "tobago/solve", {**lagoon, "deck_file": LONG}),
        "why": request(server + "tobago/why", {"map_file": LONG, "field": [3, 3]}),
        "tobago save": request(server + "tobago/save", {**lagoon, "name": LONG}),
        "save in a folder": request(server + "tobago/save", {**lagoon, "name": f"{LONG}/x.toml"}),
        "load": request(server + "tobago/load", {"file": LONG}),
        "files": request(f"{server}files/{quote(LONG[:-5])}.html"),
        "study": request(f"{server}studies/view?path={LONG[:-5]}"),
    }


def test_a_300_character_file_name_is_a_4xx_with_one_line_on_every_route(server: str) -> None:
    for route, answer in _long_name_requests(server).items():
        line = _one_line_4xx(answer)
        assert "too long" in line, (route, line[:300])


def test_a_component_with_a_300_character_name_is_a_4xx_with_one_line(
    server: str, root: Path
) -> None:
    (root / "long").mkdir()
    for game in installed_games():  # every field of every game that names a component file
        for field in scenario_component_fields(game):
            file = f"long/{game}-{field}.toml"
            (root / file).write_text(f'players = 2\n{field} = "{LONG}"\n')
            answer = request(f"{server}position?game={game}&file={file}")
            _one_line_4xx(answer, file, f"{field}:", "File name too long")


def test_a_file_name_as_long_as_the_system_allows_is_saved(server: str, root: Path) -> None:
    name = "h" * 250 + ".toml"  # 255 bytes: the longest name of a file
    answer = request(server + "tobago/save", {"map": "lagoon", "name": name})
    assert answer.status == 200, answer.text
    assert (root / name).is_file()


def test_a_loop_of_links_under_the_root_is_a_4xx_with_one_line(server: str, root: Path) -> None:
    (root / "loop").mkdir()
    (root / "loop" / "a.toml").symlink_to("b.toml")
    (root / "loop" / "b.toml").symlink_to("a.toml")
    for page in ("positions", "tobago/puzzle", "studies"):
        assert request(server + page).status == 200, page  # listed pages skip it
    answer = request(f"{server}position?game=tobago&file=loop/a.toml")
    _one_line_4xx(answer, "loop/a.toml", "Too many levels of symbolic links")
    _one_line_4xx(request(server + "tobago/load", {"file": "loop/a.toml"}), "symbolic links")
