"""The clue deck: a TOML list of cards, each one clue.

The bundled deck (``data/clues.toml``) is a labelled reconstruction: the published game has 52
clue cards whose breakdown by kind is not public.

>>> deck = load_deck()
>>> len(deck.cards), deck.reconstruction
(52, True)
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

from models.data import bundled_path, component_entries, read_toml
from models.errors import AtollError
from models.tobago.clues import Clue


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
        read_toml(path), source=path, key="card", what="a deck"
    )
    cards = []
    for i, card in enumerate(raw):
        entry = f"card[{i}]"
        if not isinstance(card, dict) or set(card) != {"clue"} or not isinstance(card["clue"], str):
            raise AtollError(
                "a card is a table with one string field 'clue'", source=path, entry=entry
            )
        try:
            cards.append(Clue.parse(card["clue"]))
        except AtollError as exc:
            raise AtollError(exc.message, source=path, entry=entry, field="clue") from None
    return Deck(tuple(cards), str(path), reconstruction, note)
