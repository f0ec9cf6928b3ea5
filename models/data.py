"""Loading component data and rule options from TOML, with one-line errors.

Components (maps, tiles, clue decks, ships) are TOML files under ``models/<game>/data/``,
shipped as package data. Every loader goes through :func:`read_toml` so a syntax error names the
file and line, and through :func:`validation_error` so a schema error names the entry and field.
A scenario table (:meth:`models.core.GameState.scenario`) is written back by
:func:`write_scenario`, as TOML or JSON, atomically.

>>> bundled_path("tobago", "clues.toml").name
'clues.toml'
"""

from __future__ import annotations

import json
import re
import reprlib
import tomllib
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import Annotated, Any

import pydantic
import pydantic_core

from models.errors import AtollError
from models.files import read_regular, write_bytes_atomically


def bundled_path(game: str, *parts: str) -> Path:
    """Path of a data file shipped with ``models/<game>/data/``."""
    root = resources.files(f"models.{game}") / "data"
    return Path(str(root.joinpath(*parts)))


#: The largest data file read (bytes). The biggest real files — a 500 x 500 map, a full
#: scenario — are well under 1 MB; the bound keeps a wrong file (a log) from filling memory.
MAX_FILE_BYTES = 8 * 1024 * 1024

#: How deeply tables and arrays may nest. Real files nest at most 5 levels (a tile's piece's
#: side list); the bound keeps parsers and validators off Python's recursion limit.
MAX_DEPTH = 32

NESTED_TOO_DEEPLY = f"nested too deeply (tables and arrays: at most {MAX_DEPTH} levels)"


def read_toml(path: str | Path) -> dict[str, Any]:
    """Parse a TOML file; a missing file or a syntax error becomes an :class:`AtollError`."""
    return parse_toml(read_text(path), source=path)


def read_text(path: str | Path) -> str:
    """A UTF-8 text file; a missing, unreadable or oversized file becomes an :class:`AtollError`,
    and so does anything that is not a regular file (a pipe, socket, directory or device), except
    ``/dev/null``, which reads as empty."""
    path = Path(path)
    raw = read_regular(path, MAX_FILE_BYTES + 1)
    if len(raw) > MAX_FILE_BYTES:
        raise AtollError(
            f"too large (more than {MAX_FILE_BYTES // (1024 * 1024)} MB): not a data file",
            source=path,
        )
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise AtollError(f"not UTF-8 text (byte {exc.start}: {exc.reason})", source=path) from None


def parse_toml(text: str, *, source: str | Path = "<string>") -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes an :class:`AtollError` naming the line.

    >>> parse_toml("a = " + "[" * 40 + "]" * 40, source="d.toml")
    Traceback (most recent call last):
    ...
    models.errors.AtollError: d.toml: nested too deeply (tables and arrays: at most 32 levels)
    """
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise AtollError(f"invalid TOML: {exc}", source=source) from None
    except RecursionError:
        raise AtollError(NESTED_TOO_DEEPLY, source=source) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise AtollError(f"invalid TOML: {_number_problem(exc)}", source=source) from None
    check_nesting(data, source=source)
    return data


def parse_json(text: str, *, source: str | Path = "<string>") -> Any:
    """Parse JSON text as strictly as TOML: no NaN or Infinity, no key twice, no lone surrogate
    halves in strings, nesting at most :data:`MAX_DEPTH` deep.

    >>> parse_json('{"a": 1, "a": 2}', source="s.json")
    Traceback (most recent call last):
    ...
    models.errors.AtollError: s.json: invalid JSON: duplicate key 'a'
    """
    try:
        data = json.loads(text, object_pairs_hook=_unique_keys, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise AtollError(f"invalid JSON: {exc}", source=source) from None
    except _JSONValueError as exc:
        raise AtollError(f"invalid JSON: {exc}", source=source) from None
    except RecursionError:
        raise AtollError(NESTED_TOO_DEEPLY, source=source) from None
    except ValueError as exc:  # an integer of more digits than Python converts
        raise AtollError(f"invalid JSON: {_number_problem(exc)}", source=source) from None
    check_nesting(data, source=source)
    return data


class _JSONValueError(ValueError):
    """A JSON document that parses but is not plain data (NaN, a key given twice)."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _JSONValueError(f"duplicate key {brief(key)}")
        out[key] = value
    return out


def _no_constant(name: str) -> Any:
    raise _JSONValueError(f"{name} is not a JSON number")


def _number_problem(exc: ValueError) -> str:
    if "digits" in str(exc):
        return "an integer with thousands of digits"
    return brief(str(exc))


def check_nesting(data: Any, *, source: str | Path | None) -> None:
    """Refuse data nested deeper than :data:`MAX_DEPTH`, or holding strings that are not valid
    Unicode (lone surrogate halves, which JSON escapes allow), without recursing."""
    stack: list[tuple[Any, int]] = [(data, 0)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, str):
            _check_unicode(value, source)
            continue
        if not isinstance(value, (dict, list)):
            continue
        if depth >= MAX_DEPTH:
            raise AtollError(NESTED_TOO_DEEPLY, source=source)
        if isinstance(value, dict):
            for key, item in value.items():
                _check_unicode(key, source)
                stack.append((item, depth + 1))
        else:
            stack.extend((item, depth + 1) for item in value)


def _check_unicode(text: str, source: str | Path | None) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise AtollError(
            f"not valid Unicode: {brief(text)} holds a lone surrogate", source=source
        ) from None


_BRIEF = reprlib.Repr()
_BRIEF.maxlevel = 2
_BRIEF.maxstring = 60
_BRIEF.maxother = 60
_BRIEF.maxlong = 40
_BRIEF.maxlist = _BRIEF.maxtuple = _BRIEF.maxdict = _BRIEF.maxset = _BRIEF.maxfrozenset = 4


_PLAYER_ENTRY = re.compile(r"p([0-9])\s+(.*)\Z", re.S)
#: Any script's digit: ``\d`` and ``int()`` read "٣" (Arabic-Indic) or "३" (Devanagari) as 3.
_ANY_DIGIT = re.compile(r"\d")


def split_player(entry: str) -> tuple[int | None, str]:
    """A scenario entry's optional ``pN`` prefix (the player expected to decide) and its action.

    >>> split_player("p1 take"), split_player("refuse")
    ((1, 'take'), (None, 'refuse'))
    >>> split_player("p\u0661 take")
    Traceback (most recent call last):
    ...
    models.errors.AtollError: 'p١ take': the player is written p0, p1, ... in the digits 0-9
    """
    found = _PLAYER_ENTRY.match(entry.strip())
    if found:
        return int(found.group(1)), found.group(2)
    other = re.match(r"p(\d+)\s", entry.strip())
    if other and not other.group(1).isascii():
        raise AtollError(f"{brief(entry)}: the player is written p0, p1, ... in the digits 0-9")
    return None, entry


def other_digits(text: str) -> str:
    """`` (numbers are written in the digits 0-9, not '٣')`` when ``text`` holds a digit of
    another script, else ``""``: a hint for the error that refuses it.

    >>> other_digits("move \u0663"), other_digits("move 3")
    (" (numbers are written in the digits 0-9, not '٣')", '')
    """
    for found in _ANY_DIGIT.finditer(text):
        if not found.group().isascii():
            return f" (numbers are written in the digits 0-9, not {found.group()!r})"
    return ""


def brief(value: Any) -> str:
    """``repr(value)`` cut short for an error message: long strings, huge numbers and big or
    deep tables shown by their start (one line, whatever the value holds).

    >>> brief("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxx...xxxxxxxxxxxxxxxxxxxxxxxxxxxx'"
    >>> brief([[[[1]]]])
    '[[[...]]]'
    """
    try:
        return _BRIEF.repr(value)
    except (RecursionError, ValueError):  # an int of more digits than Python prints
        return f"<{type(value).__name__} too large to show>"


def printable(text: str) -> bool:
    """Is ``text`` fit to be a name (a tile or ship id): no line breaks, tabs or other control
    characters, which would break the one line an error is printed on?"""
    return text.isprintable()


NOT_PRINTABLE = "must be printable (no line breaks, tabs or control characters)"


def _printable_name(text: str) -> str:
    if not printable(text):
        raise pydantic_core.PydanticCustomError("printable", NOT_PRINTABLE)
    return text


#: A string field that names something (a tile, a ship), for pydantic models.
Name = Annotated[pydantic.StrictStr, pydantic.AfterValidator(_printable_name)]


def key_name(key: object) -> str:
    """A key from a file as an error message names it: bare when it is a plain TOML bare key
    (``colour``), quoted otherwise (so a key holding a newline cannot break the line).

    >>> key_name("colour"), key_name("a b")
    ('colour', "'a b'")
    """
    if isinstance(key, str) and _BARE_KEY.fullmatch(key):
        return key
    return brief(key)


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]{1,60}")


def validation_error(
    exc: pydantic.ValidationError, *, source: str | Path | None, entry: str | None = None
) -> AtollError:
    """The first problem of a pydantic error as a one-line :class:`AtollError`.

    The error location becomes ``entry`` (up to the last array index that has keys after it,
    ``move[3]``) and ``field`` (the keys after that, with any indices after them: ``pay.fish``,
    ``sight[0]``). pydantic's own tags in a location (the member types of a union, ``[key]``)
    are dropped, and the complaints of a union's members about one field are joined with "or".
    """
    errors = exc.errors()
    loc = _plain_location(errors[0].get("loc", ()))
    indices = [
        i
        for i, p in enumerate(loc)
        if isinstance(p, int) and any(isinstance(q, str) for q in loc[i + 1 :])
    ]
    cut = indices[-1] + 1 if indices else 0
    field = _location_text(loc[cut:]) or None
    inner = _location_text(loc[:cut]) or None
    full_entry = ".".join(p for p in (entry, inner) if p) or None
    first = errors[0]
    same_place = [e for e in errors if _plain_location(e.get("loc", ())) == loc]
    messages = list(dict.fromkeys(e.get("msg", "invalid value") for e in same_place))
    message = _in_file_words(" or ".join(messages))
    if first.get("type") in ("extra_forbidden", "unexpected_keyword_argument"):
        message = "unknown field"
    elif first.get("type") == "value_error" and not loc:  # a check across fields: no input
        message = message.removeprefix("Value error, ")
    elif "input" in first and first.get("type") != "missing":
        message = f"{message} (got {brief(first['input'])})"
    return AtollError(message, source=source, entry=full_entry, field=field)


def _location_text(parts: tuple[Any, ...]) -> str:
    """``("move", 3, "pay", "fish")`` as ``move[3].pay.fish``."""
    text = ""
    for p in parts:
        if isinstance(p, int):
            text += f"[{p}]"
        else:
            text += ("." if text else "") + key_name(p)
    return text


def _in_file_words(message: str) -> str:
    """pydantic's Python words for what a data file calls tables and arrays."""
    for python, data_word in _FILE_WORDS.items():
        message = message.replace(python, data_word)
    return message


_FILE_WORDS = {
    "frozenset": "list",
    "Frozenset": "List",
    "dictionary": "table",
    "Dictionary": "Table",
}


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
    check_nesting(data, source=source)
    try:
        return pydantic.TypeAdapter(model).validate_python(data)
    except pydantic.ValidationError as exc:
        raise validation_error(exc, source=source, entry=entry) from None
    except RecursionError:
        raise AtollError(NESTED_TOO_DEEPLY, source=source, entry=entry) from None


def write_scenario(data: Mapping[str, Any], path: str | Path) -> Path:
    """Write a scenario table to ``path``, atomically (folders made as needed): JSON for a
    ``.json`` file, TOML otherwise (as the games' ``load_scenario`` read them); returns the
    path. A value the format cannot hold (``None`` in TOML) is a one-line :class:`AtollError`."""
    path = Path(path)
    text = _scenario_json(data, path) if path.suffix == ".json" else _scenario_toml(data, path)
    return write_bytes_atomically(path, text.encode("utf-8"))


def _scenario_json(data: Mapping[str, Any], path: Path) -> str:
    try:
        return json.dumps(data, indent=2, ensure_ascii=False, allow_nan=False) + "\n"
    except (TypeError, ValueError) as exc:  # a date, NaN, a circular table
        raise AtollError(f"cannot be written as JSON: {exc}", source=path) from None


def _scenario_toml(data: Mapping[str, Any], path: Path) -> str:
    """TOML with each list of entries one entry a line (tables after the top-level keys)."""
    import tomlkit  # only when a scenario is written (reading needs tomllib alone)
    import tomlkit.items

    doc = tomlkit.document()
    for key, value in data.items():
        try:
            item = tomlkit.item(value)
        except (TypeError, ValueError) as exc:  # tomlkit's ConvertError: None, an object
            raise AtollError(f"cannot be written as TOML: {exc}", source=path, field=key) from None
        if isinstance(item, tomlkit.items.Array) and len(item):
            item.multiline(True)
        doc.add(key, item)
    return tomlkit.dumps(doc)


def component_entries(
    data: Mapping[str, Any], *, source: str | Path, key: str, what: str, max_entries: int
) -> tuple[list[Any], bool, str]:
    """The ``[[key]]`` entries of a component file (at most ``max_entries``), with its
    ``reconstruction`` label and ``note``; any other top-level key is an error.

    Every component file (tiles, ships, clue decks) says whether it is a reconstruction, so
    every report that uses it can say so.

    >>> component_entries({"card": [{"clue": "in lake"}], "reconstruction": True},
    ...                   source="deck.toml", key="card", what="a deck", max_entries=1000)
    ([{'clue': 'in lake'}], True, '')
    """
    extra = set(data) - {"reconstruction", "note", key}
    if extra:
        raise AtollError("unknown key", source=source, entry=key_name(sorted(extra)[0]))
    raw = data.get(key)
    if not isinstance(raw, list) or not raw:
        got = f", got {brief(raw)}" if key in data else ""
        raise AtollError(f"{what} needs [[{key}]] entries{got}", source=source, entry=key)
    if len(raw) > max_entries:
        raise AtollError(
            f"{len(raw)} entries: {what} has at most {max_entries}", source=source, entry=key
        )
    reconstruction = data.get("reconstruction", False)
    if not isinstance(reconstruction, bool):
        raise AtollError(
            f"must be true or false, got {brief(reconstruction)}",
            source=source,
            field="reconstruction",
        )
    note = data.get("note", "")
    if not isinstance(note, str):
        raise AtollError(f"must be a string, got {brief(note)}", source=source, field="note")
    return raw, reconstruction, note
