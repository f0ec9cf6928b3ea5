"""The clue deck: a TOML list of cards, each one clue.

The bundled deck (``data/clues.toml``) is a labelled reconstruction: the published game has 52
clue cards whose breakdown by kind is not public. A deck holds at most :data:`MAX_CARDS` cards.

>>> deck = load_deck()
>>> len(deck.cards), deck.reconstruction
(52, True)
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

from models.data import brief, bundled_path, component_entries, key_name, read_toml
from models.errors import AtollError
from models.tobago.island.clues import Clue

#: Cards in a deck: the published deck has 52; the legality matrix has a row per card.
MAX_CARDS = 1000


@dataclasses.dataclass(frozen=True)
class Deck:
    """A clue deck: its cards in file order, where it came from, and whether it is reconstructed."""

    cards: tuple[Clue, ...]
    source: str
    reconstruction: bool
    note: str = ""

    def distinct(self) -> tuple[Clue, ...]:
        """Each clue once, in first-appearance order (the legality matrix's rows)."""
        return tuple(dict.fromkeys(self.cards))


def load_deck(path: str | Path | None = None) -> Deck:
    """Read a deck file; the bundled reconstruction when no path is given."""
    path = Path(path) if path is not None else bundled_path("tobago", "clues.toml")
    raw, reconstruction, note = component_entries(
        read_toml(path), source=path, key="card", what="a deck", max_entries=MAX_CARDS
    )
    cards = []
    for i, card in enumerate(raw):
        entry = f"card[{i}]"
        if not isinstance(card, dict):
            raise AtollError(
                f"a card is a table with one string field 'clue', got {brief(card)}",
                source=path,
                entry=entry,
            )
        if set(card) - {"clue"}:
            field = key_name(sorted(set(card) - {"clue"})[0])
            raise AtollError(
                "unknown field (a card has one field, clue)", source=path, entry=entry, field=field
            )
        if "clue" not in card:
            raise AtollError("missing (a clue string)", source=path, entry=entry, field="clue")
        if not isinstance(card["clue"], str):
            raise AtollError(
                f"must be a clue string, got {brief(card['clue'])}",
                source=path,
                entry=entry,
                field="clue",
            )
        try:
            cards.append(Clue.parse(card["clue"]))
        except AtollError as exc:
            raise AtollError(exc.message, source=path, entry=entry, field="clue") from None
    return Deck(tuple(cards), str(path), reconstruction, note)


def dump_deck(deck: Deck) -> str:
    """The deck as a deck file: its label and note, then a ``[[card]]`` per card in order
    (:func:`load_deck` reads it back to the same cards)."""
    lines = [f"reconstruction = {str(deck.reconstruction).lower()}"]
    if deck.note:
        lines.append(f"note = {json.dumps(deck.note, ensure_ascii=False)}")
    for card in deck.cards:
        lines += ["", "[[card]]", f"clue = {json.dumps(str(card), ensure_ascii=False)}"]
    return "\n".join(lines) + "\n"
