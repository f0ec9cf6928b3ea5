"""Tobago's counted components — gold cards, curses, amulets, roses, hands — as a labelled file.

The bundled ``data/cards.toml`` is a **reconstruction**: the published game has 39 gold cards
worth 2 to 6, but how many show each value is not public. The file says so
(``reconstruction = true``, a ``note``, and ``reconstructed = ["gold"]`` naming the fields that
are reconstructed); every report that uses it repeats it. Format::

    reconstruction = true
    note = "..."
    reconstructed = ["gold"]     # which parts are reconstructed
    curses = 2                   # curse cards (TB-G5)
    curse_free_top = 12          # the top cards of the gold deck hold no curse
    amulets = 20                 # TB-A1
    roses_per_player = 15
    vehicles = 4                 # so at most 4 players
    markers_per_treasure = 17    # TB-H5
    hand = 4                     # TB-S3
    hand_two_players = 6         # TB-S3 (published)
    start_hints_per_treasure = 1 # TB-S4
    [sources]                    # where each count comes from (optional; keys as above)
    gold = "..."
    [[gold]]
    value = 2
    count = 7

A bad entry is a one-line error naming the file, the entry and the field.

>>> cards = load_cards()
>>> cards.total_gold, cards.curses, cards.reconstruction, cards.hand_size(2), cards.hand_size(3)
(39, 2, True, 6, 4)
>>> parse_cards(dump_cards(cards), source=cards.source) == cards
True
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Annotated, Literal

import pydantic
from annotated_types import Interval, Len
from pydantic import StrictBool, StrictInt, StrictStr

from models.data import bundled_path, parse_toml, read_text, validate
from models.errors import AtollError

#: The largest gold value and count a file may give (far above the published 6 and 39).
MAX_VALUE = 100
MAX_CARDS = 1000
_Count = Annotated[StrictInt, Interval(ge=0, le=MAX_CARDS)]
_Positive = Annotated[StrictInt, Interval(ge=1, le=MAX_CARDS)]
_Source = Literal[
    "gold",
    "curses",
    "curse_free_top",
    "amulets",
    "roses_per_player",
    "vehicles",
    "markers_per_treasure",
    "hand",
    "hand_two_players",
    "start_hints_per_treasure",
]


class _Gold(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")
    value: Annotated[StrictInt, Interval(ge=1, le=MAX_VALUE)]
    count: _Positive


class _File(pydantic.BaseModel):
    model_config = pydantic.ConfigDict(extra="forbid")
    reconstruction: StrictBool = False
    note: StrictStr = ""
    reconstructed: list[Literal["gold", "curses", "amulets", "roses", "hands"]] = []
    curses: _Count
    curse_free_top: _Count
    amulets: _Count
    roses_per_player: _Positive
    vehicles: Annotated[StrictInt, Interval(ge=2, le=8)]
    markers_per_treasure: _Positive
    hand: Annotated[StrictInt, Interval(ge=1, le=20)]
    hand_two_players: Annotated[StrictInt, Interval(ge=1, le=20)]
    start_hints_per_treasure: Annotated[StrictInt, Interval(ge=0, le=1)]
    gold: list[_Gold]
    sources: dict[_Source, Annotated[StrictStr, Len(1, 500)]] = {}


@dataclasses.dataclass(frozen=True)
class Cards:
    """The counted components of a Tobago game (see the module for each field's meaning)."""

    gold: tuple[tuple[int, int], ...]  # (value, count), values ascending and distinct
    curses: int
    curse_free_top: int
    amulets: int
    roses_per_player: int
    vehicles: int
    markers_per_treasure: int
    hand: int
    hand_two_players: int
    start_hints_per_treasure: int
    source: str = ""
    reconstruction: bool = False
    note: str = ""
    reconstructed: tuple[str, ...] = ()
    sources: tuple[tuple[str, str], ...] = ()  # (count, where it comes from)

    @property
    def source_of(self) -> dict[str, str]:
        """Where each count comes from, as the file says."""
        return dict(self.sources)

    @property
    def total_gold(self) -> int:
        return sum(count for _, count in self.gold)

    @property
    def values(self) -> tuple[int, ...]:
        """The distinct gold values, ascending."""
        return tuple(value for value, _ in self.gold)

    def hand_size(self, players: int) -> int:
        """TB-S3: hint cards per hand (the published 2-player hand is larger)."""
        return self.hand_two_players if players == 2 else self.hand


def load_cards(path: str | Path | None = None) -> Cards:
    """Read a cards file; the bundled reconstruction when no path is given."""
    path = Path(path) if path is not None else bundled_path("tobago", "cards.toml")
    return parse_cards(read_text(path), source=path)


def parse_cards(text: str, *, source: str | Path = "<cards>") -> Cards:
    """Validate a cards file's text: one-line errors naming the file, entry and field."""
    data = parse_toml(text, source=source)
    checked: _File = validate(_File, data, source=source)
    values = [g.value for g in checked.gold]
    if not values:
        raise AtollError("needs [[gold]] entries (value, count)", source=source, entry="gold")
    for i, value in enumerate(values):
        if value in values[:i]:
            raise AtollError(
                f"value {value} is given twice", source=source, entry=f"gold[{i}]", field="value"
            )
    gold = tuple(sorted((g.value, g.count) for g in checked.gold))
    total = sum(count for _, count in gold)
    if checked.curse_free_top > total:
        raise AtollError(
            f"{checked.curse_free_top} exceeds the {total} gold cards",
            source=source,
            field="curse_free_top",
        )
    return Cards(
        gold=gold,
        curses=checked.curses,
        curse_free_top=checked.curse_free_top,
        amulets=checked.amulets,
        roses_per_player=checked.roses_per_player,
        vehicles=checked.vehicles,
        markers_per_treasure=checked.markers_per_treasure,
        hand=checked.hand,
        hand_two_players=checked.hand_two_players,
        start_hints_per_treasure=checked.start_hints_per_treasure,
        source=str(source),
        reconstruction=checked.reconstruction,
        note=checked.note,
        reconstructed=tuple(checked.reconstructed),
        sources=tuple(checked.sources.items()),
    )


def dump_cards(cards: Cards) -> str:
    """The cards as TOML in the documented format (labels included)."""
    lines = [
        f"reconstruction = {str(cards.reconstruction).lower()}",
        f"note = {_toml_string(cards.note)}",
        f"reconstructed = {json.dumps(list(cards.reconstructed))}",
    ]
    for name in (
        "curses",
        "curse_free_top",
        "amulets",
        "roses_per_player",
        "vehicles",
        "markers_per_treasure",
        "hand",
        "hand_two_players",
        "start_hints_per_treasure",
    ):
        lines.append(f"{name} = {getattr(cards, name)}")
    if cards.sources:
        lines += ["", "[sources]"]
        lines += [f"{name} = {_toml_string(text)}" for name, text in cards.sources]
    for value, count in cards.gold:
        lines += ["", "[[gold]]", f"value = {value}", f"count = {count}"]
    return "\n".join(lines) + "\n"


def _toml_string(value: str) -> str:
    """A TOML basic string: JSON's escapes are valid TOML; DEL must be escaped too."""
    return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007F")
