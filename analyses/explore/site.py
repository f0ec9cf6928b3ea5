"""What every page of the explore app shares: the root, the templates, the time limit, and how
an answer or an error goes back to the page.

A game's plug-in adds pages of its own (:attr:`analyses.plugin.GamePlugin.pages`): a function
that takes the :class:`Site` and returns :class:`GamePages` (its routes under ``/GAME/`` and
the folder of its templates). Errors are the CLI's: an :class:`~models.errors.AtollError` is
one line (file, entry, field) with status 400 (403 for a path outside the root, 409 for a file
that exists: replaced only when the request says so), a solver past its time limit is
``unknown`` (status 200: it is an answer), never a partial result.
"""

from __future__ import annotations

import dataclasses
import errno
import json
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any

import jinja2
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse, Response

from analyses.explore.display import Paths, plain_json, readable, readable_html
from analyses.explore.root import PathRefused, ReplaceRefused, Root
from analyses.explore.seats import hidden_anywhere
from models.data import parse_json
from models.errors import AtollError

__all__ = [
    "MAX_BODY_BYTES",
    "WRITE_HEADER",
    "GamePages",
    "Site",
    "answer_json",
    "error_response",
    "field",
    "read_json",
]

#: The largest request body the app reads (a hints file or a scenario's line of play).
MAX_BODY_BYTES = 256 * 1024
#: Every request that changes something carries this header: a page of another site cannot send
#: it without the browser asking first (CORS), which this app never allows.
WRITE_HEADER = "x-atoll"


@dataclasses.dataclass(frozen=True)
class GamePages:
    """A game's own pages: a title and line for the index, routes under ``/GAME/`` (their
    first route is the one the index links to), the folder of their templates."""

    title: str
    about: str
    routes: Sequence[Any]
    templates: Path


@dataclasses.dataclass
class Site:
    """The root, the templates and the time limit of one running app."""

    root: Root
    time_limit: float
    template_folders: list[Path] = dataclasses.field(default_factory=list)
    #: The links of every page's header (title, href).
    nav: list[dict[str, str]] = dataclasses.field(default_factory=list)
    _env: jinja2.Environment | None = None

    @property
    def env(self) -> jinja2.Environment:
        if self._env is None:
            self._env = jinja2.Environment(
                loader=jinja2.FileSystemLoader([str(p) for p in self.template_folders]),
                autoescape=True,
                undefined=jinja2.StrictUndefined,
                trim_blocks=True,
                lstrip_blocks=True,
            )
            paths = Paths(self.root.path)
            self._env.filters["compact"] = lambda value: compact_json(value, paths)
            self._env.filters["readable"] = lambda value: readable(value, paths)
            self._env.filters["readable_html"] = lambda value: readable_html(value, paths)
            self._env.filters["rel"] = paths.text
            self._env.filters["hidden"] = hidden_anywhere
        return self._env

    def html(self, name: str, **context: Any) -> str:
        """A template rendered (every page also gets the header's links and the root)."""
        return self.env.get_template(name).render(nav=self.nav, root=str(self.root.path), **context)

    def page(self, name: str, status: int = 200, **context: Any) -> HTMLResponse:
        return HTMLResponse(self.html(name, **context), status_code=status)

    def error_page(self, exc: AtollError, title: str = "refused") -> HTMLResponse:
        return self.page(
            "error.html.j2", status=status_of(exc), title=title, message=exc.one_line()
        )


def compact_json(value: Any, paths: Paths | None = None) -> str:
    """A value as short JSON (for a page's script and its tests; a hidden value as
    ``"hidden"``), never what a reader is shown (:func:`~analyses.explore.display.readable`)."""
    return json.dumps(plain_json(value, paths), separators=(", ", ": "), default=str)


def status_of(exc: AtollError) -> int:
    """403 for a path outside the root, 409 for a file that exists (replacing it needs the
    user's confirmation), 400 for any other bad request."""
    if isinstance(exc, PathRefused):
        return 403
    return 409 if isinstance(exc, ReplaceRefused) else 400


def error_response(exc: AtollError) -> JSONResponse:
    """The one line the CLI would print, for the page to show."""
    return JSONResponse({"error": exc.one_line()}, status_code=status_of(exc))


async def read_json(request: Request) -> dict[str, Any]:
    """A request's JSON object; anything else (or a request a page of another site could send
    unasked) is an :class:`AtollError`."""
    if request.headers.get(WRITE_HEADER) != "1":
        raise AtollError(f"a request without the {WRITE_HEADER} header is refused", field="request")
    if not request.headers.get("content-type", "").startswith("application/json"):
        raise AtollError("send JSON (Content-Type: application/json)", field="request")
    body = await request.body()
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError:
        raise AtollError("the request is not valid JSON (not UTF-8)", field="request") from None
    data = parse_json(text, source="request")  # as a file: nested at most 32 deep, plain data
    if not isinstance(data, dict):
        raise AtollError("the request must be a JSON object", field="request")
    return data


def field(
    data: Mapping[str, Any], name: str, kind: type | tuple[type, ...], default: Any = None
) -> Any:
    """``data[name]`` checked to be of ``kind`` (``default`` when absent)."""
    if name not in data or data[name] is None:
        if default is None:
            raise AtollError("missing", field=name)
        return default
    value = data[name]
    if isinstance(value, bool) and bool not in (kind if isinstance(kind, tuple) else (kind,)):
        raise AtollError(f"expected {_kind_name(kind)}, got {value!r}", field=name)
    if not isinstance(value, kind):
        raise AtollError(f"expected {_kind_name(kind)}, got {type(value).__name__}", field=name)
    return value


def _kind_name(kind: type | tuple[type, ...]) -> str:
    kinds = kind if isinstance(kind, tuple) else (kind,)
    return " or ".join(k.__name__ for k in kinds)


def answer_json(handler: Callable[[Request], Any]) -> Callable[[Request], Any]:
    """An endpoint whose :class:`AtollError` (or a file it cannot write) becomes the one-line
    error for the page."""

    async def endpoint(request: Request) -> Response:
        try:
            return await handler(request)
        except AtollError as exc:
            return error_response(exc)
        except OSError as exc:  # a full disk, a read-only folder: one line naming the file
            where = Path(exc.filename).name if exc.filename else "the file"
            why = exc.strerror or exc
            status = 400 if exc.errno == errno.ENAMETOOLONG else 500  # the name was the fault
            return JSONResponse({"error": f"cannot write {where}: {why}"}, status_code=status)

    endpoint.__name__ = getattr(handler, "__name__", "endpoint")
    endpoint.__doc__ = handler.__doc__
    return endpoint
