"""Role ``components.py`` (optional): the component types and their file loading.

Optional: a game made from its rules alone (no tiles, boards or decks) leaves it out and the
protocol's defaults serve (``GameInfo.components`` empty, ``Game.components()`` and
``Game.component_texts()`` empty). A real game puts here its tiles, ships, boards or decks as
typed values, loaded from TOML files under ``data/`` (a designer changes the game by editing a
copy of a file, never the code), validated with errors naming the file, entry and field, and
written back (a study records the component texts it ran with). A large file format may sit
in a module of its own beside it (South Seas' ``tilefile.py``).

>>> deck = load_deck()
>>> len(deck.cards), deck.values(), deck.reconstruction
(15, (1, 2, 3, 4, 5), False)
>>> parse_deck({"card": [{"value": 2, "copies": 0}]}, source="d.toml")
Traceback (most recent call last):
...
models.errors.AtollError: d.toml: card[0]: copies: ...
"""

from __future__ import annotations

import dataclasses
from importlib import resources
from pathlib import Path
from typing import Any

import pydantic
from pydantic import StrictInt

from models.data import component_entries, read_toml, validate
from models.errors import AtollError

#: The most cards a deck file may hold (a bound keeps a wrong file from costing much).
MAX_CARDS = 100


class CardEntry(pydantic.BaseModel):
    """One ``[[card]]`` entry of a deck file: a value and how many copies of it."""

    model_config = pydantic.ConfigDict(extra="forbid")
    value: StrictInt = pydantic.Field(ge=1, le=99)
    copies: StrictInt = pydantic.Field(ge=1, le=MAX_CARDS)


@dataclasses.dataclass(frozen=True)
class Deck:
    """The deck: every card's value (sorted, one entry per copy), whether the file is a
    reconstruction, its note, and the file it came from (not part of the comparison)."""

    cards: tuple[int, ...]
    reconstruction: bool = False
    note: str = ""
    source: str = dataclasses.field(default="", compare=False)

    def values(self) -> tuple[int, ...]:
        """The distinct card values, ascending."""
        return tuple(sorted(set(self.cards)))


def bundled_deck() -> Path:
    """The deck shipped with the game (``data/deck.toml`` beside this module, found by the
    package's own name, so a copy of the folder finds its own)."""
    return Path(str(resources.files(__package__ or __name__) / "data" / "deck.toml"))


def load_deck(path: str | Path | None = None) -> Deck:
    """The deck file at ``path`` (the bundled one when ``None``)."""
    path = bundled_deck() if path is None else Path(path)
    return parse_deck(read_toml(path), source=path)


def parse_deck(data: dict[str, Any], *, source: str | Path) -> Deck:
    """A deck from a file's table; any problem is a one-line error naming file, entry, field."""
    raw, reconstruction, note = component_entries(
        data, source=source, key="card", what="a deck", max_entries=MAX_CARDS
    )
    cards: list[int] = []
    for i, item in enumerate(raw):
        if not isinstance(item, dict):
            raise AtollError("must be a table (value, copies)", source=source, entry=f"card[{i}]")
        entry = validate(CardEntry, item, source=source, entry=f"card[{i}]")
        if entry.value in cards:
            raise AtollError(f"value {entry.value} is listed twice", source=source,
                             entry=f"card[{i}]")  # fmt: skip
        cards += [entry.value] * entry.copies
    if len(cards) > MAX_CARDS:
        raise AtollError(f"{len(cards)} cards: a deck holds at most {MAX_CARDS}", source=source)
    return Deck(tuple(sorted(cards)), reconstruction, note, str(source))


def dump_deck(deck: Deck) -> str:
    """The deck as its file's text (what :func:`parse_deck` reads back to the same deck)."""
    lines = [f"reconstruction = {'true' if deck.reconstruction else 'false'}"]
    if deck.note:
        lines.append(f"note = {_toml_string(deck.note)}")
    for value in deck.values():
        lines += ["", "[[card]]", f"value = {value}", f"copies = {deck.cards.count(value)}"]
    return "\n".join(lines) + "\n"


def _toml_string(text: str) -> str:
    """A TOML basic string (JSON's escapes are TOML's for printable text)."""
    import json

    return json.dumps(text, ensure_ascii=False)
