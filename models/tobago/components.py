"""Tobago's components: the island, the clue deck and the counted components (gold cards,
curses, amulets, roses, hands, a labelled file read here), compiled once per game
(:class:`TobagoComponents`: each distinct clue's set of fields as a bitmask, the leg graph,
where each statue washes up amulets, and every action object, so legal-action lists reuse them).

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
from typing import Annotated, Any, Literal

import pydantic
from annotated_types import Interval, Len
from pydantic import StrictBool, StrictInt, StrictStr

from models.data import bundled_path, parse_toml, read_text, validate
from models.errors import AtollError
from models.tobago.actions import (
    STOP,
    Action,
    DrawClue,
    DrawGold,
    Hint,
    Leg,
    PlaceVehicle,
    Reveal,
    Wash,
)
from models.tobago.island.clues import clue_mask
from models.tobago.island.deck import Deck, dump_deck, load_deck
from models.tobago.island.map import Island
from models.tobago.island.mapfile import dump_map, resolve_map
from models.tobago.options import TobagoOptions
from models.tobago.roads import roads
from models.tobago.statues import statue_targets

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


#: The map a game is played on unless another is given.
DEFAULT_MAP = "lagoon"


class TobagoComponents:
    """The components of one Tobago game, compiled for its positions: read by every rule step
    (a position's ``game``); :class:`~models.tobago.game.Tobago` is one."""

    def __init__(
        self,
        players: int,
        options: TobagoOptions | None = None,
        map: Island | str | Path | None = None,
        clues: Deck | str | Path | None = None,
        cards: Cards | str | Path | None = None,
    ) -> None:
        self._players = players
        self._options = options or TobagoOptions()
        self.map_source = str(map) if isinstance(map, (str, Path)) else DEFAULT_MAP
        self.island = map if isinstance(map, Island) else resolve_map(str(map or DEFAULT_MAP))
        if isinstance(map, Island):
            self.map_source = map.name
        self.deck = clues if isinstance(clues, Deck) else load_deck(clues)
        self.cards = cards if isinstance(cards, Cards) else load_cards(cards)
        if self._players > self.cards.vehicles:
            raise AtollError(
                f"{self._players} players need {self._players} vehicles; the cards file has "
                f"{self.cards.vehicles}",
                field="players",
            )
        self.hand_size = self.cards.hand_size(self._players)
        self.roads = roads(self.island)
        self.fields = self.island.island_fields
        self.full = (1 << len(self.fields)) - 1
        clue_options = self._options.clues()
        #: The distinct clues of the deck (card identity is the clue), their copies, masks.
        self.clues = self.deck.distinct()
        self.clue_index = {c: i for i, c in enumerate(self.clues)}
        self.clue_copies = [0] * len(self.clues)
        for card in self.deck.cards:
            self.clue_copies[self.clue_index[card]] += 1
        self.masks = [clue_mask(self.island, c, clue_options) for c in self.clues]
        #: Whether a clue may begin a treasure: it excludes some field and not all (TB-H2, H3).
        self.opens = [0 < m != self.full for m in self.masks]
        self.hint_actions = [[Hint(c, t + 1) for t in range(4)] for c in self.clues]
        self.draw_actions = [DrawClue(c) for c in self.clues]
        self.leg_actions = [Leg(f) for f in self.fields]
        #: For each field, the first legs of a drive from it, and the later ones (or stop).
        self.first_legs: tuple[tuple[Action, ...], ...] = tuple(
            tuple(self.leg_actions[g] for g in self.roads.legs[f]) for f in range(len(self.fields))
        )
        self.next_legs: tuple[tuple[Action, ...], ...] = tuple(
            (STOP, *legs) for legs in self.first_legs
        )
        self.vehicle_actions = tuple(PlaceVehicle(f) for f in self.fields)
        self.top_value = max(self.cards.values)
        self.gold_actions = [DrawGold(v) for v in range(self.top_value + 1)]
        self.reveal_actions = [Reveal(v) for v in range(self.top_value + 1)]
        #: For each statue, the fields where its amulets may wash up (TB-A1).
        self.statue_targets = statue_targets(self.island, self._options.amulet_field)
        self.wash_actions = {i: Wash(self.fields[i]) for t in self.statue_targets for i in t}

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> TobagoOptions:
        return self._options

    def components(self) -> dict[str, Any]:
        return {
            "map": {
                "source": self.map_source,
                "reconstruction": False,
                "note": "atoll's own island design, not a published board section",
            },
            "clues": {
                "source": self.deck.source,
                "reconstruction": self.deck.reconstruction,
                "note": self.deck.note,
            },
            "cards": {
                "source": self.cards.source,
                "reconstruction": self.cards.reconstruction,
                "note": self.cards.note,
            },
        }

    def component_texts(self) -> dict[str, str]:
        return {
            "map": dump_map(self.island),
            "clues": dump_deck(self.deck),
            "cards": dump_cards(self.cards),
        }
