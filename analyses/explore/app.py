"""``atoll explore``: a local web app over one folder (the root) — Tobago puzzles solved by
clicking, any game's scenario stepped through and played on, the studies and their reports.

A Starlette app with server-side Jinja templates and a little plain JavaScript, all served from
the package (no build step, nothing from the network). Every page sees the games through the
protocol and their plug-ins (:mod:`analyses.plugins`); a plug-in may add pages of its own
(Tobago's puzzle page, :mod:`analyses.tobago.explore`).

Safety: the server binds to 127.0.0.1 unless told otherwise (:mod:`analyses.explore.server`),
answers only requests addressed to the host it serves, reads and writes only under the root
(:mod:`analyses.explore.root` checks the paths a request names; every request is answered
:func:`~models.files.confined_to` the root, so a file that a scenario or a map under it names —
``../``, an absolute path, a link out — is refused unopened, whichever loader follows the
name), refuses request bodies above :data:`~analyses.explore.site.MAX_BODY_BYTES`, and takes
writes only as JSON with its own header (a page of another site cannot send one unasked).

>>> import json, urllib.error, urllib.request
>>> from analyses.explore.server import Running
>>> with Running("examples") as url:
...     try:
...         urllib.request.urlopen(url + "files/..%2Fpyproject.toml")
...     except urllib.error.HTTPError as refused:
...         print(refused.code, json.loads(refused.read())["error"])
403 '../pyproject.toml': outside the root: '..' is not allowed
"""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from analyses.explore import positions, studies
from analyses.explore.root import Root
from analyses.explore.site import (
    MAX_BODY_BYTES,
    Site,
    answer_json,
    error_response,
    field,
    read_json,
)
from analyses.plugins import plugin
from models.errors import AtollError
from models.files import confined, confined_to
from models.pictures import figure_png
from models.registry import game_names

__all__ = ["make_app"]

_HERE = Path(__file__).parent
#: What ``/files/`` serves from the root (a report and its pictures), and as what.
_SERVED = {
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
    ".json": "application/json",
    ".csv": "text/csv; charset=utf-8",
    ".txt": "text/plain; charset=utf-8",
    ".css": "text/css; charset=utf-8",
}
#: A served report may style itself but runs no script and reaches nothing outside the app.
_REPORT_POLICY = (
    "default-src 'none'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "frame-ancestors 'self'; sandbox allow-same-origin"
)
_PAGE_POLICY = (
    "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
    "frame-src 'self'; frame-ancestors 'self'; form-action 'self'; base-uri 'none'"
)
#: matplotlib figures are drawn one at a time (its font cache and text layout are shared).
_DRAWING = threading.Lock()


class BodyLimit:
    """Refuses a request body above ``limit`` bytes (413, one line), declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY_BYTES) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self.refuse(scope, receive, send)
            return
        seen = 0

        async def limited() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise _TooBig
            return message

        try:
            await self.app(scope, limited, send)
        except _TooBig:
            await self.refuse(scope, receive, send)

    async def refuse(self, scope: Scope, receive: Receive, send: Send) -> None:
        message = f"request: larger than {self.limit // 1024} KiB: refused"
        await JSONResponse({"error": message}, status_code=413)(scope, receive, send)


class _TooBig(Exception):
    pass


class Confined:
    """Every request is answered :func:`~models.files.confined_to` the root: whatever a loader
    opens for it must resolve under the root (or be atoll's bundled data). Work handed to a
    thread (``run_in_threadpool``) copies the context, so it stays confined."""

    def __init__(self, app: ASGIApp, root: Path) -> None:
        self.app = app
        self.root = root

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        with confined_to(self.root):
            await self.app(scope, receive, send)


class Headers:
    """Every answer says what it may load (Content-Security-Policy) and is not sniffed."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        policy = _REPORT_POLICY if scope["path"].startswith("/files/") else _PAGE_POLICY

        async def send_with(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers", []))
                headers += [
                    (b"content-security-policy", policy.encode()),
                    (b"x-content-type-options", b"nosniff"),
                    (b"referrer-policy", b"no-referrer"),
                    (b"cache-control", b"no-store"),
                ]
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with)


def make_app(
    root: str | Path,
    *,
    time_limit: float = 10.0,
    hosts: tuple[str, ...] = ("127.0.0.1", "localhost", "[::1]"),
) -> Starlette:
    """The app over ``root`` (every solve within ``time_limit`` seconds, answering requests
    addressed to ``hosts`` only)."""
    site = Site(Root(root), time_limit, [_HERE / "templates"])
    game_pages = {}
    for game in game_names():
        make = plugin(game).pages
        if make is not None:
            found = make(site)
            game_pages[game] = found
            site.template_folders.append(found.templates)
    site.nav = [
        {"href": "/positions", "title": "Positions"},
        {"href": "/studies", "title": "Studies"},
    ]
    for game, found in game_pages.items():
        first = found.routes[0].path
        site.nav.insert(0, {"href": f"/{game}{first}", "title": found.title})

    async def index(request: Request) -> Response:
        return site.page(
            "index.html.j2",
            title="atoll explore",
            pages=[(f"/{g}{p.routes[0].path}", p.title, p.about) for g, p in game_pages.items()],
        )

    async def scenario_list(request: Request) -> Response:
        found = await run_in_threadpool(positions.scenario_files, site.root)
        return site.page("positions.html.j2", title="Positions", files=found, games=game_names())

    async def position_page(request: Request) -> Response:
        try:
            line = positions.read_line(request.query_params)
            shown = await run_in_threadpool(positions.view, site.root, line)
        except AtollError as exc:
            return site.error_page(exc, "the position cannot be shown")
        return site.page(
            "position.html.j2",
            title=f"{line.file} ({line.game})",
            shown=shown,
            line=line,
            games=game_names(),
        )

    async def picture(request: Request) -> Response:
        try:
            line = positions.read_line(request.query_params)
            png = await run_in_threadpool(_draw, site.root, line)
        except AtollError as exc:
            return error_response(exc)
        return Response(png, media_type="image/png")

    @answer_json
    async def save_line(request: Request) -> Response:
        data = await read_json(request)
        line = positions.line_of(
            data.get("game"), data.get("file"), data.get("step"), data.get("plays") or ()
        )
        name, replace = field(data, "name", str), field(data, "replace", bool, False)
        path = await run_in_threadpool(positions.save, site.root, line, name, replace=replace)
        return JSONResponse({"saved": site.root.relative(path)})

    async def study_list(request: Request) -> Response:
        found = await run_in_threadpool(studies.listing, site.root)
        return site.page("studies.html.j2", title="Studies and reports", studies=found)

    async def study_view(request: Request) -> Response:
        try:
            wanted = request.query_params.get("path", "")
            folder = site.root.folder(wanted)
            entry = await run_in_threadpool(studies.entry_at, site.root, folder)
            if entry is None:
                raise AtollError(
                    "no folder atoll wrote (study, report, compare, skill, tune)", source=wanted
                )
        except AtollError as exc:
            return site.error_page(exc, "the study cannot be shown")
        return site.page("study.html.j2", title=entry.title, study=entry)

    async def served(request: Request) -> Response:
        try:
            path = confined(site.root.file(request.path_params["path"]))  # FileResponse opens it
            kind = _SERVED.get(path.suffix.lower())
            if kind is None:
                raise AtollError(
                    f"only {', '.join(_SERVED)} files are served",
                    source=request.path_params["path"],
                )
        except AtollError as exc:
            return error_response(exc)
        return FileResponse(path, media_type=kind)

    routes: list[Any] = [
        Route("/", index),
        Route("/positions", scenario_list),
        Route("/position", position_page),
        Route("/position/picture.png", picture),
        Route("/position/save", save_line, methods=["POST"]),
        Route("/studies", study_list),
        Route("/studies/view", study_view),
        Route("/files/{path:path}", served),
        Mount("/static", StaticFiles(directory=_HERE / "static"), name="static"),
    ]
    routes += [Mount(f"/{game}", routes=list(p.routes)) for game, p in game_pages.items()]
    middleware = [
        Middleware(Confined, root=site.root.path),
        Middleware(TrustedHostMiddleware, allowed_hosts=list(_bare(hosts))),
        Middleware(Headers),
        Middleware(BodyLimit),
    ]
    app = Starlette(routes=routes, middleware=middleware)
    app.state.site = site
    return app


def _bare(hosts: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(h.strip("[]") if h.startswith("[") else h for h in hosts) + hosts


def _draw(root: Root, line: positions.Line) -> bytes:
    state, *_ = positions.state_of(root, line)
    with _DRAWING:
        return figure_png(state.figure(), dpi=type(state).notebook_dpi)
