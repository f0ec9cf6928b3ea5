"""What ``atoll GAME tune`` may change: ``--param PATH=RANGE``.

``PATH`` is one of

* ``option:NAME`` — a rule option of the game (``option:amulets_when``);
* ``COMPONENT:KEYS`` — a number or a value in one of the game's component files (``board``,
  ``tiles``, ``cards``... as ``--component`` names them): keys separated by dots, a list entry
  by its index in brackets, a table of a list by a key's value (``[id=bridge-straight]``):
  ``board:island_scoring.3[0]`` (first place on an island of 3), ``cards:gold[2].count``,
  ``tiles:tile[id=bridge-straight].count``.

``RANGE`` is an integer interval ``LOW..HIGH`` (both whole numbers), a real interval
``LOW..HIGH`` (either written with a point or an exponent), or choices ``A|B|C`` (each read as
a TOML value: ``true|false``, ``2|3|5``, ``turn_order|standing``; a bare word is a string).

A component is changed by writing a copy of its file (comments and the reconstruction label
kept, with tomlkit) into the run's folder, which the trial's games load by ``--component``.

>>> p = parse_param("board:island_scoring.3[0]=4..9")
>>> p.target, p.keys, p.low, p.high, p.kind
('board', ('island_scoring', '3', 0), 4, 9, 'int')
>>> parse_param("option:same_field=together|next_turn").choices
('together', 'next_turn')
"""

from __future__ import annotations

import dataclasses
import os
import re
import tempfile
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

import tomlkit

from analyses.cli.numbers import read_float, read_int
from models.data import read_text, read_toml
from models.errors import AtollError

Key = str | int | tuple[str, str]  # a table key, a list index, or [key=value] in a list

_INDEX = re.compile(r"\[([^\]]*)\]")


@dataclasses.dataclass(frozen=True)
class Param:
    """One tuned value: where it lives (``target`` is ``option`` or a component name, with
    its ``keys``) and its range (``kind``: ``int``, ``float`` or ``choice``)."""

    text: str
    target: str
    keys: tuple[Key, ...]
    kind: str
    low: float | int | None = None
    high: float | int | None = None
    choices: tuple[Any, ...] = ()

    @property
    def name(self) -> str:
        """The parameter's name in the search and the report (its path)."""
        return _split_path(self.text)[0].strip()


def parse_param(text: str) -> Param:
    """``PATH=RANGE`` (see the module docstring); a one-line error naming ``--param``. The
    ``=`` that ends the path is the first outside brackets (``[id=shells-2]`` is a key).

    >>> parse_param("ships:ship[id=shells-2].points=1..5").keys
    ('ship', ('id', 'shells-2'), 'points')
    """
    path, sep, span = _split_path(text)
    path, span = path.strip(), span.strip()
    where = f"--param {path or text}"
    if not sep or not path or not span:
        raise AtollError(f"write PATH=RANGE, got {text!r}", field="--param")
    target, colon, rest = path.partition(":")
    if not colon or not target or not rest:
        raise AtollError(
            "a path is option:NAME or COMPONENT:KEYS (board:island_scoring.3[0])", field=where
        )
    keys = (rest,) if target == "option" else _keys(rest, where)
    if "|" in span:
        choices = tuple(_value(c.strip(), where) for c in span.split("|"))
        if len(choices) < 2 or any(c == "" for c in choices):
            raise AtollError("choices are A|B|C, at least two", field=where)
        return Param(path, target, keys, "choice", choices=choices)
    low_text, dots, high_text = span.partition("..")
    if not dots:
        raise AtollError(f"a range is LOW..HIGH or A|B|C, got {span!r}", field=where)
    real = any(c in t for t in (low_text, high_text) for c in ".eE")
    what = f"a range is LOW..HIGH of numbers, got {span!r}: each"
    read = read_float if real else read_int
    low, high = (read(t, where, what) for t in (low_text, high_text))
    if not low < high:
        raise AtollError(f"the low end must be below the high end, got {span!r}", field=where)
    return Param(path, target, keys, "float" if real else "int", low, high)


def _split_path(text: str) -> tuple[str, str, str]:
    """``text`` split at its first ``=`` outside brackets (as ``str.partition`` does)."""
    depth = 0
    for i, c in enumerate(text):
        if c == "[":
            depth += 1
        elif c == "]":
            depth = max(0, depth - 1)
        elif c == "=" and depth == 0:
            return text[:i], "=", text[i + 1 :]
    return text, "", ""


def _keys(text: str, where: str) -> tuple[Key, ...]:
    keys: list[Key] = []
    for part in text.split("."):
        name = _INDEX.split(part)[0]
        if name:
            keys.append(name)
        for inside in _INDEX.findall(part):
            if inside.lstrip("-").isdigit():
                keys.append(read_int(inside, where, f"[{inside}]: an index"))
            elif "=" in inside:
                k, _, v = inside.partition("=")
                keys.append((k.strip(), v.strip()))
            else:
                raise AtollError(f"[{inside}]: write [INDEX] or [KEY=VALUE]", field=where)
        if not name and not _INDEX.findall(part):
            raise AtollError(f"an empty key in {text!r}", field=where)
    return tuple(keys)


def _value(text: str, where: str) -> Any:
    try:
        return tomllib.loads(f"v = {text}")["v"]
    except tomllib.TOMLDecodeError:
        return text
    except (RecursionError, ValueError):
        raise AtollError(f"not a value: {text[:40]!r}", field=where) from None


def _walk(data: Any, keys: Sequence[Key], param: Param, source: str) -> tuple[Any, Key]:
    """The container holding the last key, and that key (checked to exist)."""
    where = f"--param {param.name}"
    node = data
    for depth, key in enumerate(keys):
        last = depth == len(keys) - 1
        if isinstance(key, tuple):
            k, v = key
            if not isinstance(node, list):
                raise AtollError(f"[{k}={v}] needs a list of tables", source=source, field=where)
            found = [i for i, t in enumerate(node) if isinstance(t, Mapping) and str(t.get(k)) == v]
            if len(found) != 1:
                raise AtollError(
                    f"{len(found)} tables with {k} = {v!r} (need exactly one)",
                    source=source,
                    field=where,
                )
            key = found[0]
        if isinstance(key, int):
            if not isinstance(node, list) or not -len(node) <= key < len(node):
                raise AtollError(f"no list entry [{key}] there", source=source, field=where)
        elif not isinstance(node, Mapping) or key not in node:
            raise AtollError(f"no key {key!r} there", source=source, field=where)
        if last:
            return node, key
        node = node[key]
    raise AssertionError("unreachable")


def check_param(param: Param, options: Mapping[str, Any], files: Mapping[str, str]) -> Any:
    """The starting value of ``param`` (the option's value, or the component file's), after
    checking that the path exists and that the value is a number (for an interval)."""
    where = f"--param {param.name}"
    if param.target == "option":
        name = str(param.keys[0])
        if name not in options:
            raise AtollError(f"no rule option {name!r} (known: {', '.join(options)})", field=where)
        start = options[name]
    else:
        if param.target not in files:
            known = ", ".join(["option", *files])
            raise AtollError(f"no component {param.target!r} (known: {known})", field=where)
        data = read_toml(files[param.target])
        node, key = _walk(data, param.keys, param, files[param.target])
        start = node[key]
    if param.kind != "choice" and (isinstance(start, bool) or not isinstance(start, int | float)):
        raise AtollError(f"holds {start!r}, not a number: give choices A|B|C instead", field=where)
    if param.kind == "int" and not isinstance(start, int):
        raise AtollError(f"holds the real {start!r}: write a real range (1.0..2.0)", field=where)
    if param.kind == "float" and isinstance(start, int):
        raise AtollError(
            f"holds the whole number {start!r}: write a whole range (1..5)", field=where
        )
    return start


def apply(
    params: Sequence[Param],
    values: Mapping[str, Any],
    options: Mapping[str, Any],
    files: Mapping[str, str],
    folder: Path,
) -> tuple[dict[str, Any], dict[str, str]]:
    """The options and component files with ``values`` (by parameter name) put in: changed
    components are written into ``folder`` (atomically) and named by their new paths."""
    options = dict(options)
    changed: dict[str, Any] = {}
    for p in params:
        if p.name not in values:
            continue
        if p.target == "option":
            options[str(p.keys[0])] = values[p.name]
        else:
            if p.target not in changed:
                text = read_text(files[p.target])
                changed[p.target] = tomlkit.parse(text)
            node, key = _walk(changed[p.target], p.keys, p, files[p.target])
            node[key] = values[p.name]
    paths = dict(files)
    for name, doc in changed.items():
        path = folder / f"{name}{Path(files[name]).suffix or '.toml'}"
        write_text(path, tomlkit.dumps(doc))
        paths[name] = str(path)
    return options, paths


def write_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically (a temporary file beside it, then a rename)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
