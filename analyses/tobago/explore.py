"""The Tobago puzzle page of ``atoll explore``: lay and take back hints by clicking, and see the
candidates of every treasure redrawn as the CLI computes them.

The page sends its whole position with every request (JSON)::

    {"map": "lagoon",              # a bundled map, or "map_file": "maps/my.toml" under the root
     "deck_file": null,            # optional: a clue deck under the root (default: bundled)
     "hints": {"1": ["in jungle"], "2": [], "3": [], "4": []},
     "sight": [0, 1, 2], "next_to": "outside",   # the rule options (TB-C4)
     "time_limit": 10, "treasure": 1, "field": [3, 4]}   # field: only for "why"

and gets back the board and the side panel drawn, with the candidates as data. Answers come from
the functions the CLI uses (:func:`analyses.tobago.candidates.solve_view`, ``rank``, ``why``),
within the time limit: past it the page says ``unknown`` and draws no candidates. Hints files
are read and written in the CLI's format (:mod:`models.tobago.island.hints`); they, map files,
the sections a composed map names and clue decks are read only under the root (the app's
confinement, :func:`models.files.confined_to`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import Route

from analyses.explore.site import GamePages, Site, answer_json, field, read_json
from analyses.tobago.candidates import CandidatesView, conflict_text, inseparable_text, solve_view
from models.errors import AtollError
from models.tobago.island.clues import Clue
from models.tobago.island.deck import Deck, load_deck
from models.tobago.island.hexgrid import Field
from models.tobago.island.hints import MAX_HINTS, TREASURES, Hints, parse_hints
from models.tobago.island.legality import replay
from models.tobago.island.map import Island
from models.tobago.island.mapfile import bundled_maps, load_map, resolve_map
from models.tobago.island.options import NEXT_TO_READINGS, ClueOptions
from models.tobago.island.svg import TREASURE_COLOURS, dot_at, island_shapes
from solvers.limits import SolverUnknown
from solvers.tobago.explain import rank, why

__all__ = ["Puzzle", "pages", "read_puzzle", "solve"]

#: How many of the best next clues the page lists.
BEST = 8
#: The longest time limit the page accepts (seconds), as the CLI's --time-limit.
MAX_TIME_LIMIT = 600.0
_MAP_FILE_BYTES = 256 * 1024


@dataclasses.dataclass(frozen=True)
class Puzzle:
    """A position of the puzzle page: map, deck, hints, rule options, time limit."""

    map_name: str
    map_file: str | None
    island: Island
    deck: Deck
    deck_file: str | None
    hints: Hints
    options: ClueOptions
    time_limit: float
    treasure: int

    def as_request(self) -> dict[str, Any]:
        """The position as the page sends it back."""
        return {
            "map": self.map_name if self.map_file is None else None,
            "map_file": self.map_file,
            "deck_file": self.deck_file,
            "hints": {str(t): [str(c) for c in self.hints.of(t)] for t in TREASURES},
            "sight": sorted(self.options.sight),
            "next_to": self.options.next_to,
            "time_limit": self.time_limit,
            "treasure": self.treasure,
        }


def read_puzzle(site: Site, data: Mapping[str, Any]) -> Puzzle:
    """The position a request describes; every problem is a one-line error naming the field."""
    map_file = data.get("map_file") or None
    if map_file is not None:
        path = site.root.file(field(data, "map_file", str))
        island = load_map(path)
        map_name = map_file
    else:
        map_name = field(data, "map", str, "lagoon")
        if map_name not in bundled_maps():
            raise AtollError(
                f"no bundled map {map_name!r} (one of: {', '.join(bundled_maps())})", field="map"
            )
        island = resolve_map(map_name)
    deck_file = data.get("deck_file") or None
    deck = load_deck(site.root.file(field(data, "deck_file", str)) if deck_file else None)
    raw = field(data, "hints", dict, {})
    by_treasure: dict[int, tuple[Clue, ...]] = {}
    for key, clues in raw.items():
        if key not in {str(t) for t in TREASURES}:
            raise AtollError("no such treasure (treasures are 1 to 4)", field=f"hints.{key}")
        if not isinstance(clues, list) or len(clues) > MAX_HINTS:
            raise AtollError(f"a list of at most {MAX_HINTS} clues", field=f"hints.{key}")
        parsed = []
        for i, text in enumerate(clues):
            if not isinstance(text, str):
                raise AtollError("a clue is text", field=f"hints.{key}[{i}]")
            try:
                parsed.append(Clue.parse(text))
            except AtollError as exc:
                raise AtollError(exc.message, field=f"hints.{key}[{i}]") from None
        by_treasure[int(key)] = tuple(parsed)
    options = _options(data)
    limit = field(data, "time_limit", (int, float), 10.0)
    if not 0 < limit <= MAX_TIME_LIMIT:
        raise AtollError(f"seconds, above 0 and at most {MAX_TIME_LIMIT:g}", field="time_limit")
    treasure = field(data, "treasure", int, 1)
    if treasure not in TREASURES:
        raise AtollError("treasures are 1 to 4", field="treasure")
    return Puzzle(
        map_name,
        map_file,
        island,
        deck,
        deck_file,
        Hints(by_treasure),
        options,
        float(limit),
        treasure,
    )


def _options(data: Mapping[str, Any]) -> ClueOptions:
    changes: dict[str, Any] = {}
    if data.get("sight") is not None:
        sight = field(data, "sight", list)
        if not all(isinstance(d, int) and not isinstance(d, bool) for d in sight):
            raise AtollError("distances 0 to 3", field="sight")
        changes["sight"] = sight
    if data.get("next_to") is not None:
        changes["next_to"] = field(data, "next_to", str)
    try:
        return ClueOptions().replace(**changes) if changes else ClueOptions()
    except AtollError as exc:
        raise AtollError(exc.message, field=(exc.field or "options").split("[")[0]) from None


def solve(puzzle: Puzzle) -> dict[str, Any]:
    """Everything the page shows of a position: the candidates (as ``candidates --json``), the
    clues that may be laid at each treasure with what each leaves, the best next clues, and
    whether the hints could have been laid in this order; ``unknown`` past the time limit."""
    order_problem = None
    try:
        replay(puzzle.island, puzzle.hints, puzzle.options)
    except AtollError as exc:
        order_problem = exc.one_line()
    try:
        view = solve_view(
            puzzle.island,
            puzzle.hints,
            puzzle.deck,
            options=puzzle.options,
            time_limit=puzzle.time_limit,
        )
    except SolverUnknown as exc:
        said = str(exc).removeprefix("unknown: ").replace("with --time-limit", "above")
        hints = [{"treasure": t, "hints": [str(c) for c in puzzle.hints.of(t)]} for t in TREASURES]
        return {"unknown": said, "order_problem": order_problem, "laid": hints}
    ranked = rank(puzzle.island, puzzle.hints, puzzle.deck.distinct(), options=puzzle.options)
    offers: dict[int, list[dict[str, Any]]] = {t: [] for t in TREASURES}
    for r in ranked:
        offers[r.treasure].append(_rank_row(r))
    return {
        "candidates": view.to_json(),
        "treasures": [_treasure(view, puzzle, t) for t in TREASURES],
        "offers": {str(t): rows for t, rows in offers.items()},
        "best": [_rank_row(r) for r in ranked[:BEST]],
        "order_problem": order_problem,
        "unknown": None,
    }


def _rank_row(r: Any) -> dict[str, Any]:
    return {
        "treasure": r.treasure,
        "clue": str(r.clue),
        "remaining": r.remaining,
        "pins": r.pins,
        "expected": round(r.expected, 2),
    }


def _treasure(view: CandidatesView, puzzle: Puzzle, t: int) -> dict[str, Any]:
    fields = view.answer.fields[t]
    entry: dict[str, Any] = {
        "treasure": t,
        "count": len(fields),
        "status": view.status(t),
        "hints": [str(c) for c in puzzle.hints.of(t)],
        "conflict": conflict_text(view.conflicts[t]) if t in view.conflicts else None,
        "inseparable": inseparable_text(len(fields)) if t in view.stuck else None,
    }
    return entry


def explain(puzzle: Puzzle, data: Mapping[str, Any]) -> str:
    """Why a clicked field is (or is not) out at the chosen treasure, in words."""
    raw = field(data, "field", list)
    if len(raw) != 2 or not all(isinstance(v, int) and not isinstance(v, bool) for v in raw):
        raise AtollError("a field is [column, row]", field="field")
    where: Field = (raw[0], raw[1])
    answer = why(puzzle.island, puzzle.hints, puzzle.treasure, where, puzzle.options)
    terrain = puzzle.island.terrain_at(where).word
    head = f"[{where[0]},{where[1]}] ({terrain}) at treasure {puzzle.treasure}"
    if answer.first is None:
        return f"{head}: still a candidate (no laid clue excludes it)"
    lines = [f"{head}: excluded by hint {i + 1} '{clue}'" for i, clue in answer.excluded_by]
    return "; ".join(lines)


def _board(site: Site, puzzle: Puzzle, answer: Mapping[str, Any] | None) -> str:
    shapes = island_shapes(puzzle.island)
    dots = []
    if answer and "candidates" in answer:
        for key, entry in answer["candidates"]["treasures"].items():
            t = int(key)
            for c, r in entry["candidates"]:
                x, y = dot_at((c, r), t)
                dots.append(
                    {"treasure": t, "field": f"{c},{r}", "x": round(x, 1), "y": round(y, 1)}
                )
    return site.html(
        "tobago_board.html.j2",
        shapes=shapes,
        dots=dots,
        chosen=puzzle.treasure,
        island_name=puzzle.island.name,
    )


def _panel(site: Site, puzzle: Puzzle, answer: Mapping[str, Any]) -> str:
    return site.html(
        "tobago_panel.html.j2",
        puzzle=puzzle,
        answer=answer,
        readings=NEXT_TO_READINGS,
        treasure_colours=TREASURE_COLOURS,
    )


def _files_read_as(site: Site, read: Callable[[Site, str, Path], Any]) -> list[str]:
    """The small .toml files under the root that ``read`` accepts (hints files, maps)."""
    found = []
    for name, path in site.root.files(".toml"):
        if path.stat().st_size > _MAP_FILE_BYTES:
            continue
        try:
            read(site, name, path)
        except AtollError:
            continue
        found.append(name)
    return found


def _read_hints(site: Site, name: str, path: Path) -> Hints:
    return parse_hints(site.root.read_text(name), source=name)


def _read_map(site: Site, name: str, path: Path) -> Island:
    return load_map(path)


def pages(site: Site) -> GamePages:
    """The puzzle page and its answers, for :mod:`analyses.explore.app`."""

    async def puzzle_page(request: Request) -> Response:
        """GET /tobago/puzzle?map=NAME|map_file=FILE&hints=FILE: the page."""
        query = dict(request.query_params)
        try:
            data: dict[str, Any] = {"map": query.get("map"), "map_file": query.get("map_file")}
            if query.get("hints"):
                hints_name = query["hints"]
                hints = parse_hints(site.root.read_text(hints_name), source=hints_name)
                data["hints"] = {str(t): [str(c) for c in hints.of(t)] for t in TREASURES}
            puzzle = read_puzzle(site, data)
        except AtollError as exc:
            return site.error_page(exc, "the puzzle cannot be opened")
        answer = await run_in_threadpool(solve, puzzle)
        return site.page(
            "tobago_puzzle.html.j2",
            title=f"Tobago puzzle: {puzzle.island.name}",
            puzzle=puzzle,
            request_json=puzzle.as_request(),
            board=_board(site, puzzle, answer),
            panel=_panel(site, puzzle, answer),
            readings=NEXT_TO_READINGS,
            maps=list(bundled_maps()),
            map_files=_files_read_as(site, _read_map),
            hint_files=_files_read_as(site, _read_hints),
            deck_note="clue deck: RECONSTRUCTION (published breakdown unknown)"
            if puzzle.deck.reconstruction
            else "",
        )

    @answer_json
    async def solve_endpoint(request: Request) -> Response:
        """POST /tobago/solve: the board and the panel of a position."""
        puzzle = read_puzzle(site, await read_json(request))
        answer = await run_in_threadpool(solve, puzzle)
        return JSONResponse(
            {
                "board": _board(site, puzzle, answer),
                "panel": _panel(site, puzzle, answer),
                "answer": answer,
                "position": puzzle.as_request(),
            }
        )

    @answer_json
    async def why_endpoint(request: Request) -> Response:
        """POST /tobago/why: why a field is out at the chosen treasure."""
        data = await read_json(request)
        puzzle = read_puzzle(site, data)
        return JSONResponse({"why": explain(puzzle, data)})

    @answer_json
    async def save_endpoint(request: Request) -> Response:
        """POST /tobago/save {..., "name": FILE, "replace": false}: the hints written as the
        CLI reads them; an existing file is replaced only with ``"replace": true`` (409)."""
        data = await read_json(request)
        puzzle = read_puzzle(site, data)
        name, replace = field(data, "name", str), field(data, "replace", bool, False)
        hints = puzzle.hints.to_toml()
        path = site.root.write_text(name, hints, suffixes=(".toml",), replace=replace)
        return JSONResponse({"saved": site.root.relative(path)})

    @answer_json
    async def load_endpoint(request: Request) -> Response:
        """POST /tobago/load {"file": NAME} or {"text": TOML, "name": UPLOADED}: hints."""
        data = await read_json(request)
        if data.get("text") is not None:
            source = str(data.get("name") or "<upload>")
            hints = parse_hints(field(data, "text", str), source=Path(source).name)
        else:
            name = field(data, "file", str)
            hints = parse_hints(site.root.read_text(name), source=name)
        return JSONResponse({"hints": {str(t): [str(c) for c in hints.of(t)] for t in TREASURES}})

    routes = [
        Route("/puzzle", puzzle_page),
        Route("/solve", solve_endpoint, methods=["POST"]),
        Route("/why", why_endpoint, methods=["POST"]),
        Route("/save", save_endpoint, methods=["POST"]),
        Route("/load", load_endpoint, methods=["POST"]),
    ]
    return GamePages(
        "Tobago puzzles",
        "lay hints by clicking; candidates, why a field is out, the best next clues",
        routes,
        Path(__file__).parent / "templates",
    )
