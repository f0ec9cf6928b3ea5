"""Values as a designer reads them on the explore app's pages: no Python or JSON spelling
(``["greedy", "random"]``, ``{}``, ``True``), and every path relative to the root.

* :func:`readable` writes a value on one line: lists joined by commas (a pair in parentheses),
  a table as ``name = value``, yes/no, ``none`` for nothing, whole floats without ``.0``;
* :func:`readable_html` lays out what one line cannot hold: a list of tables as a table, a
  table of lists as rows, a drawing (lines of text) as it is drawn;
* :func:`Paths.text` turns every absolute path in a text into what the page names: relative
  to the root, ``bundled …`` for atoll's own data files, the bare file name elsewhere.

>>> readable(["greedy", "random"]), readable({}), readable({"hunt": False, "seed": 3})
('greedy, random', 'none', 'hunt = no; seed = 3')
>>> readable([[7, 8], [5, 9]]), readable(11.0), readable(None)
('(7, 8), (5, 9)', '11', 'none')
>>> readable({"map": {"source": "lagoon", "reconstruction": False}, "sight": [0, 1]})
'map = (source = lagoon; reconstruction = no); sight = 0, 1'
>>> Paths("/srv/root").text("wrote /srv/root/runs/a/report.html")
'wrote runs/a/report.html'
>>> checkout = _PACKAGE.parent  # a folder of the user's inside a checkout of atoll is his own
>>> Paths("/srv/root").text(f"--out {checkout}/out/x --board {_PACKAGE}/g/data/board.toml")
'--out x --board bundled models/g/data/board.toml'
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from markupsafe import Markup

__all__ = ["HIDDEN", "Hidden", "Paths", "plain_json", "readable", "readable_html"]

#: Where atoll's bundled data lives (``models/<game>/data/...``): shown as ``bundled ...``
#: (only that folder: a user's own files in a checkout of atoll are not atoll's data).
_PACKAGE = Path(__file__).resolve().parents[2] / "models"
#: A drawing made of text lines (a board): kept as drawn, in a fixed-width font.
_DRAWING = re.compile(r"\S {2,}\S")


class Hidden:
    """A value the chosen player cannot see (the player view of a position)."""

    def __repr__(self) -> str:
        return "hidden"


HIDDEN = Hidden()


class Paths:
    """Absolute paths in texts shown relative to ``root`` (see the module)."""

    def __init__(self, root: str | Path) -> None:
        self.root = Path(root).resolve()
        prefixes = [(f"{self.root}/", ""), (f"{_PACKAGE}/", "bundled models/")]
        prefixes.sort(key=lambda p: -len(p[0]))  # the root may lie inside the package's folder
        self._prefixes = prefixes

    def text(self, text: str) -> str:
        """``text`` with every absolute path under the root or the package made relative; any
        other absolute path shortened to its file name."""
        for prefix, shown in self._prefixes:
            text = text.replace(prefix, shown)
        if text == str(self.root):
            return "."
        return re.sub(r"(?<![\w.~])/(?:[^\s/'\"]+/)+([^\s/'\"]+)", r"\1", text)


def readable(value: Any, paths: Paths | None = None) -> str:
    """``value`` on one line as a designer writes it (see the module)."""
    if isinstance(value, Hidden):
        return "hidden"
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, float):
        return f"{value:g}" if value == value else "not a number"
    if isinstance(value, str):
        return paths.text(value) if paths is not None else value
    if isinstance(value, Mapping):
        if not value:
            return "none"
        return "; ".join(f"{k} = {_inner(v, paths)}" for k, v in value.items())
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value, key=str) if isinstance(value, (set, frozenset)) else list(value)
        if not items:
            return "none"
        return ", ".join(_item(v, paths) for v in items)
    return str(value)


def _item(value: Any, paths: Paths | None) -> str:
    """One item of a list: a list or a table inside it in parentheses (a field, a pair of
    scores)."""
    if isinstance(value, (list, tuple, Mapping)) and value:
        return f"({readable(value, paths)})"
    return readable(value, paths)


def _inner(value: Any, paths: Paths | None) -> str:
    """A table's value: a table inside it in parentheses."""
    if isinstance(value, Mapping) and value:
        return f"({readable(value, paths)})"
    return readable(value, paths)


def _scalar(value: Any) -> bool:
    return value is None or isinstance(value, (str, int, float, bool, Hidden))


def readable_html(value: Any, paths: Paths | None = None) -> Markup:
    """``value`` laid out for a table cell: a list of tables as a table (a row per item,
    numbered from 0 as seats are), a table holding lists or tables as one row per key, lines of
    a drawing as drawn; anything else as :func:`readable`."""
    if isinstance(value, (list, tuple)) and value:
        if all(isinstance(v, str) for v in value) and any(_DRAWING.search(v) for v in value):
            return Markup("<pre>{}</pre>").format("\n".join(value))
        if all(isinstance(v, Mapping) for v in value):
            return _records(value, paths)
        if not all(_scalar(v) for v in value) and not all(_pair(v) for v in value):
            rows = [(str(i), v) for i, v in enumerate(value)]
            return _rows(rows, paths)
    if isinstance(value, Mapping) and not all(_scalar(v) for v in value.values()):
        return _rows([(str(k), v) for k, v in value.items()], paths)
    return Markup("{}").format(readable(value, paths))


def _pair(value: Any) -> bool:
    """A short list of plain values (a field's column and row): written inline."""
    return isinstance(value, (list, tuple)) and len(value) <= 3 and all(map(_scalar, value))


def _rows(rows: list[tuple[str, Any]], paths: Paths | None) -> Markup:
    body = Markup("").join(
        Markup("<tr><th>{}</th><td>{}</td></tr>").format(k, readable_html(v, paths))
        for k, v in rows
    )
    return Markup('<table class="inner"><tbody>{}</tbody></table>').format(body)


def _records(records: Any, paths: Paths | None) -> Markup:
    columns: list[str] = []
    for record in records:
        columns += [str(k) for k in record if str(k) not in columns]
    head = Markup("").join(Markup("<th>{}</th>").format(c) for c in ["", *columns])
    rows = []
    for i, record in enumerate(records):
        by_name = {str(k): v for k, v in record.items()}
        cells = Markup("").join(
            Markup("<td>{}</td>").format(readable_html(by_name[c], paths) if c in by_name else "")
            for c in columns
        )
        rows.append(Markup("<tr><th>{}</th>{}</tr>").format(i, cells))
    table = Markup('<table class="inner"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>')
    return table.format(head, Markup("").join(rows))


def plain_json(value: Any, paths: Paths | None = None) -> Any:
    """``value`` as JSON data: a hidden value as the string ``"hidden"``, paths in texts
    relative to the root."""
    if isinstance(value, Hidden):
        return "hidden"
    if isinstance(value, str) and paths is not None:
        return paths.text(value)
    if isinstance(value, Mapping):
        return {str(k): plain_json(v, paths) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain_json(v, paths) for v in value]
    return value
