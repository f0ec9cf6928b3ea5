"""The explore app never opens a file outside its root.

Component files with a marker in them are planted beside the root; under the root, scenarios of
every game, composed maps, hints and links name them — with ``../``, an absolute path or a link
out of the root — in every field that names a file (a scenario's ``map``, ``clues``, ``cards``,
``tiles``, ``ships_file``, ``board``; a composed map's ``[[section]] file``). Every route that
loads a file is requested while an audit hook watches every file the process opens: none of
the planted files may be opened, and no answer may show a marker.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import shutil
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest

from analyses.cli.scenarios import load_position
from analyses.explore.server import Running
from tests.analyses.explore.conftest import EXAMPLES, Answer, request
from tests.games import component_files, installed_games, scenario_component_fields

MARK = "PLANTED-OUTSIDE-7f3a"
SECTIONS = EXAMPLES / "tobago" / "sections"
#: Each planted file: its name beside the root, and the bundled (or example) file it copies:
#: a file of every component of every game (``<game>-<component>.toml``), and Tobago's maps
#: composed of sections, hint sheets and scenarios, which its puzzle pages read.
SOURCES = {
    **{
        f"{game}-{name}.toml": source
        for game in installed_games()
        for name, source in component_files(game).items()
    },
    "section.toml": SECTIONS / "west-section.toml",
    "composed.toml": SECTIONS / "three-sections-map.toml",
    "hints.toml": EXAMPLES / "tobago" / "lagoon-hints.toml",
    "scenario.toml": EXAMPLES / "tobago" / "first-treasure.toml",
}
#: The fields of each game's scenario that name a component file, and the planted file each gets.
FIELDS = {
    game: {field: f"{game}-{name}.toml" for field, name in scenario_component_fields(game).items()}
    for game in installed_games()
}
#: Tobago's map, which its puzzle pages and composed maps read.
MAP = "tobago-map.toml"
WAYS = ("dotdot", "absolute", "link")

_WATCHED: list[str] = []  # the folder the audit hook watches ([] : none)
_OPENED: list[str] = []  # what it saw opened there


def _audit(event: str, args: tuple[Any, ...]) -> None:
    if event != "open" or not _WATCHED or not isinstance(args[0], (str, bytes, os.PathLike)):
        return
    with contextlib.suppress(Exception):
        real = os.path.realpath(os.fsdecode(args[0]))
        if real == _WATCHED[0] or real.startswith(_WATCHED[0] + os.sep):
            _OPENED.append(real)


_hooked: list[bool] = []


@contextlib.contextmanager
def watching(folder: Path) -> Iterator[list[str]]:
    """Every file opened under ``folder`` meanwhile (by ``open``, ``os.open``, any thread)."""
    if not _hooked:
        sys.addaudithook(_audit)  # a hook stays for the process: it watches only while asked
        _hooked.append(True)
    _OPENED.clear()
    _WATCHED[:] = [os.path.realpath(folder)]
    try:
        yield _OPENED
    finally:
        _WATCHED.clear()


@dataclass
class Planted:
    root: Path
    outside: Path
    scenarios: list[tuple[str, str]]  # (game, file under the root)
    maps: list[str]  # composed maps under the root naming sections outside, links out
    links: list[str]  # links under the root to planted files (a scenario too)


def _marked(text: str) -> str:
    """A file's text with the marker where a page may show it (its first name or note)."""
    marked = re.sub(r'^(name|note) = "(?!"")', rf"\g<0>{MARK} ", text, count=1, flags=re.M)
    return f"# {MARK}\n{marked}"


def _ref(way: str, planted: str, outside: Path, folder: Path) -> str:
    """How a file in ``folder`` (under the root) names a planted file."""
    if way == "absolute":
        return str(outside / planted)
    if way == "dotdot":
        return os.path.relpath(outside / planted, folder)
    link = folder / f"link-{planted}"
    if not link.is_symlink():
        link.symlink_to(outside / planted)
    return link.name


@pytest.fixture(scope="module")
def planted(tmp_path_factory: pytest.TempPathFactory) -> Planted:
    base = tmp_path_factory.mktemp("confinement")
    outside, root = base / "outside", base / "root"
    outside.mkdir()
    for name, source in SOURCES.items():
        (outside / name).write_text(_marked(source.read_text(encoding="utf-8")), encoding="utf-8")
    for section in SECTIONS.glob("*-section.toml"):
        shutil.copy(section, outside / section.name)  # what the planted composed map names
    scenarios, maps = [], []
    for way in WAYS:
        folder = root / way  # no game in the path: the scenario list replays each to guess
        folder.mkdir(parents=True)
        for game, fields in FIELDS.items():
            for field, name in fields.items():
                ref = _ref(way, name, outside, folder)
                file = f"{way}/{game}-{field}.toml"
                (root / file).write_text(f'players = 2\n{field} = "{ref}"\n', encoding="utf-8")
                scenarios.append((game, file))
        section = _ref(way, "section.toml", outside, folder)
        composed_text = SOURCES["composed.toml"].read_text(encoding="utf-8")
        (folder / "composed.toml").write_text(  # its west section outside
            composed_text.replace('"west-section.toml"', f'"{section}"'), encoding="utf-8"
        )
        for other in SECTIONS.glob("*-section.toml"):  # (a map through a link: beside it)
            shutil.copy(other, folder / other.name)
        maps.append(f"{way}/composed.toml")
        composed = _ref(way, "composed.toml", outside, folder)
        for map_ref in ("composed.toml", composed):  # a map under the root, a map outside
            file = f"{way}/via-{'inside' if map_ref == 'composed.toml' else 'outside'}.toml"
            (root / file).write_text(f'players = 2\nmap = "{map_ref}"\n', encoding="utf-8")
            scenarios.append(("tobago", file))
    shutil.copy(outside / MAP, outside / "map")  # a map file named without .toml
    for name in ("map", "no-such-map"):  # whether it exists outside, the answer does not tell
        file = f"dotdot/tobago-{name}.toml"
        (root / file).write_text(f'players = 2\nmap = "../../outside/{name}"\n')
        scenarios.append(("tobago", file))
    links = []
    (root / "links").mkdir()
    for name in SOURCES:
        (root / "links" / name).symlink_to(outside / name)
        links.append(f"links/{name}")
    return Planted(root, outside, scenarios, maps, links)


def _requests(planted: Planted, url: str) -> Iterator[tuple[str, Answer]]:
    """Every route that loads a file, given each planted way in."""
    yield "positions", request(url + "positions")
    yield "studies", request(url + "studies")
    for game, file in planted.scenarios:
        query = urlencode({"game": game, "file": file})
        for route in ("position", "position/picture.png"):
            yield f"{route} {file}", request(f"{url}{route}?{query}")
            yield f"{route} {file} step 0", request(f"{url}{route}?{query}&step=0")
        save = {"game": game, "file": file, "name": "saved.toml"}
        yield f"save {file}", request(url + "position/save", save)
    for file in planted.maps + planted.links:
        position = {"map_file": file, "hints": {}}
        yield f"puzzle {file}", request(f"{url}tobago/puzzle?map_file={quote(file)}")
        yield f"puzzle hints {file}", request(f"{url}tobago/puzzle?hints={quote(file)}")
        for route in ("solve", "why", "save"):
            body = {**position, "field": [1, 1], "name": "saved-hints.toml"}
            yield f"{route} {file}", request(f"{url}tobago/{route}", body)
        yield f"deck {file}", request(url + "tobago/solve", {"map": "lagoon", "deck_file": file})
        yield f"load {file}", request(url + "tobago/load", {"file": file})
        yield f"files {file}", request(url + "files/" + quote(file))
        query = urlencode({"game": "tobago", "file": file})
        yield f"position {file}", request(f"{url}position?{query}")


def test_explore_never_opens_a_planted_file_outside_the_root(planted: Planted) -> None:
    with Running(planted.root, time_limit=30.0) as url, watching(planted.outside) as opened:
        answers = list(_requests(planted, url))
    assert not opened, f"opened outside the root: {sorted(set(opened))}"
    for what, answer in answers:
        assert answer.status < 500, (what, answer.text[:300])
        assert MARK.encode() not in answer.body, what
        if answer.status >= 400 and "json" in answer.headers.get_content_type():
            assert "\n" not in answer.json()["error"], what
    shown = dict(answers)
    for _, file in planted.scenarios:  # each names a planted file, directly or through a map
        answer = shown[f"position {file}"]
        assert answer.status in (400, 403) and "outside the root" in answer.text, file


def test_the_planted_files_are_read_where_nothing_confines(planted: Planted) -> None:
    """The CLI reads the files its user names: every planted reference works there (the app's
    refusals above are its confinement, not a broken plant)."""
    for game, file in planted.scenarios:
        if "no-such-map" not in file:
            load_position(game, str(planted.root / file))


def test_components_under_the_root_and_the_bundled_ones_still_load(tmp_path: Path) -> None:
    """Confinement refuses only what is outside: ``../`` and links that stay under the root,
    and atoll's own data (a bundled map by name, the default components), load as before."""
    (tmp_path / "shared").mkdir()
    (tmp_path / "games").mkdir()
    scenarios: dict[str, tuple[str, str]] = {}
    for game, fields in FIELDS.items():
        scenarios[f"{game}.toml"] = (game, "players = 2\n")  # the default components
        for field, planted in fields.items():  # each component file: ../ and a link, inside
            shutil.copy(SOURCES[planted], tmp_path / "shared" / planted)
            (tmp_path / "games" / planted).symlink_to(tmp_path / "shared" / planted)
            for how, ref in (("dotdot", f"../shared/{planted}"), ("link", planted)):
                text = f'players = 2\n{field} = "{ref}"\n'
                scenarios[f"{game}-{field}-{how}.toml"] = (game, text)
    scenarios["lagoon.toml"] = ("tobago", 'players = 2\nmap = "lagoon"\n')  # bundled, by name
    for name, (_, text) in scenarios.items():
        (tmp_path / "games" / name).write_text(text)
    with Running(tmp_path, time_limit=30.0) as url:
        for name, (game, _) in scenarios.items():
            answer = request(f"{url}position?game={game}&file=games/{name}")
            assert answer.status == 200, (name, answer.text[:300])
        puzzle = request(f"{url}tobago/puzzle?map_file=games/{MAP}")
        assert puzzle.status == 200, puzzle.text[:300]


def test_a_request_s_threads_are_confined_to_the_root(tmp_path: Path) -> None:
    """The app sets the confinement once per request; work it hands to a thread
    (``run_in_threadpool``) sees it too, and nothing outside a request does."""
    from starlette.applications import Starlette
    from starlette.concurrency import run_in_threadpool
    from starlette.requests import Request
    from starlette.responses import PlainTextResponse
    from starlette.routing import Route

    from analyses.explore.app import Confined
    from models.files import confinement

    async def seen(request: Request) -> PlainTextResponse:
        return PlainTextResponse(repr((confinement(), await run_in_threadpool(confinement))))

    app = Confined(Starlette(routes=[Route("/", seen)]), tmp_path)
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        return {"type": "http.request", "body": b"", "more_body": False}

    async def send(message: Any) -> None:
        sent.append(message)

    scope = {"type": "http", "method": "GET", "path": "/", "headers": [], "query_string": b""}
    asyncio.run(app(scope, receive, send))  # type: ignore[arg-type]
    assert sent[1]["body"].decode() == repr(((tmp_path,), (tmp_path,)))
    assert confinement() is None


def test_a_position_cached_under_one_root_is_not_shown_under_another(tmp_path: Path) -> None:
    """The replayed positions are cached: a scenario read for a wider root (or for the CLI,
    unconfined) must not be shown from the cache where its files are outside the root."""
    from analyses.explore import positions
    from analyses.explore.root import Root
    from models.errors import AtollError
    from models.files import confined_to

    inner = tmp_path / "inner"
    inner.mkdir()
    shutil.copy(SOURCES["southseas-tiles.toml"], tmp_path / "tiles.toml")
    (inner / "s.toml").write_text('players = 2\ntiles = "../tiles.toml"\n')
    line = positions.Line("southseas", "s.toml")
    positions.view(Root(inner), line)  # unconfined, as the CLI reads
    with confined_to(tmp_path):
        positions.view(Root(tmp_path), positions.Line("southseas", "inner/s.toml"))
    with confined_to(inner), pytest.raises(AtollError, match="outside the root"):
        positions.view(Root(inner), line)
