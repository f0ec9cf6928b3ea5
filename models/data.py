"""Loading component data and rule options from TOML, with one-line errors.

Components (maps, tiles, clue decks, ships) are TOML files under ``models/<game>/data/``,
shipped as package data. Every loader goes through :func:`read_toml` so a syntax error names the
file and line, and through :func:`validation_error` so a schema error names the entry and field.

>>> bundled_path("tobago", "clues.toml").name
'clues.toml'
"""

from __future__ import annotations

import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Any

import pydantic

from models.errors import AtollError


def bundled_path(game: str, *parts: str) -> Path:
    """Path of a data file shipped with ``models/<game>/data/``."""
    root = resources.files(f"models.{game}") / "data"
    return Path(str(root.joinpath(*parts)))


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file; a missing file or a syntax error becomes an :class:`AtollError`."""
    return parse_toml(read_text(path), source=path)


def read_text(path: str | Path) -> str:
    """A UTF-8 text file; a missing or unreadable file becomes an :class:`AtollError`."""
    path = Path(path)
    try:
        return path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise AtollError("no such file", source=path) from None
    except IsADirectoryError:
        raise AtollError("is a directory, not a file", source=path) from None
    except (OSError, UnicodeDecodeError) as exc:
        raise AtollError(f"cannot read: {exc}", source=path) from None


def parse_toml(text: str, *, source: str | Path = "<string>") -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes an :class:`AtollError` naming the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise AtollError(f"invalid TOML: {exc}", source=source) from None


def validation_error(
    exc: pydantic.ValidationError, *, source: str | Path | None, entry: str | None = None
) -> AtollError:
    """The first problem of a pydantic error as a one-line :class:`AtollError`.

    The error location becomes ``entry`` (tables and array indices) and ``field`` (the last key).
    pydantic's own tags in a location (the member types of a union, ``[key]``) are dropped, and
    the complaints of a union's members about one field are joined with "or".
    """
    errors = exc.errors()
    loc = _plain_location(errors[0].get("loc", ()))
    # The field is the last name in the location plus any element indices after it: sight[0].
    names = [i for i, p in enumerate(loc) if isinstance(p, str)]
    cut = names[-1] if names else len(loc)
    field = "".join(str(p) if isinstance(p, str) else f"[{p}]" for p in loc[cut:]) or None
    inner = ".".join(str(p) for p in loc[:cut]) or None
    full_entry = ".".join(p for p in (entry, inner) if p) or None
    first = errors[0]
    same_place = [e for e in errors if _plain_location(e.get("loc", ())) == loc]
    messages = list(dict.fromkeys(e.get("msg", "invalid value") for e in same_place))
    message = " or ".join(messages)
    if first.get("type") in ("extra_forbidden", "unexpected_keyword_argument"):
        message = "unknown field"
    elif "input" in first and first.get("type") != "missing":
        message = f"{message} (got {first['input']!r})"
    return AtollError(message, source=source, entry=full_entry, field=field)


def _plain_location(loc: Any) -> tuple[Any, ...]:
    """A pydantic error location without its schema tags (``str``, ``list[str]``, ``[key]``)."""
    return tuple(
        p
        for p in loc
        if not (isinstance(p, str) and (p in _SCHEMA_TAGS or "[" in p or p.startswith(_PREFIXES)))
    )


_SCHEMA_TAGS = {"str", "int", "bool", "float", "list", "dict", "tuple", "none", "set"}
_PREFIXES = ("function-", "constrained-", "nullable", "tagged-union", "lax-", "json-or-python")


def validate(
    model: type[Any],
    data: Mapping[str, Any],
    *,
    source: str | Path | None,
    entry: str | None = None,
) -> Any:
    """Validate ``data`` against a pydantic model or dataclass; errors are one-line."""
    try:
        return pydantic.TypeAdapter(model).validate_python(data)
    except pydantic.ValidationError as exc:
        raise validation_error(exc, source=source, entry=entry) from None


def component_entries(
    data: Mapping[str, Any], *, source: str | Path, key: str, what: str
) -> tuple[list[Any], bool, str]:
    """The ``[[key]]`` entries of a component file, with its ``reconstruction`` label and
    ``note``; any other top-level key is an error.

    Every component file (tiles, ships, clue decks) says whether it is a reconstruction, so
    every report that uses it can say so.

    >>> component_entries({"card": [{"clue": "in lake"}], "reconstruction": True},
    ...                   source="deck.toml", key="card", what="a deck")
    ([{'clue': 'in lake'}], True, '')
    """
    extra = set(data) - {"reconstruction", "note", key}
    if extra:
        raise AtollError("unknown key", source=source, entry=sorted(extra)[0])
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        raise AtollError(f"{what} needs [[{key}]] entries", source=source, entry=key)
    reconstruction = data.get("reconstruction", False)
    if not isinstance(reconstruction, bool):
        raise AtollError("must be true or false", source=source, field="reconstruction")
    note = data.get("note", "")
    if not isinstance(note, str):
        raise AtollError("must be a string", source=source, field="note")
    return raw, reconstruction, note
