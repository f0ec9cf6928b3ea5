"""The Tobago game: what it is (one :class:`~models.core.GameInfo`), made from a player count,
rule options, a map, a clue deck and the counted components. Found through
``load_game("tobago", ...)``.

Components (each a file; ``--component NAME=FILE`` in a study): ``map`` — a map file or the name
of a bundled map (default ``lagoon``, one of atoll's own designs); ``clues`` — a clue deck (the
bundled 52 cards, a **reconstruction**); ``cards`` — gold cards, curses, amulets, roses and hand
sizes (the bundled file, a **reconstruction** of the gold values).

Everything a turn needs is compiled here once per game: each distinct clue's set of fields as a
bitmask (:func:`models.tobago.clues.clue_mask`), the leg graph (:mod:`models.tobago.roads`),
where each statue washes up amulets, and every action object (so legal-action lists reuse them).

>>> from models.core import load_game
>>> game = load_game("tobago", 3)
>>> game.info.information.value, len(game.clues), game.cards.total_gold, game.hand_size
('imperfect', 52, 39, 4)
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from models.core import ChanceKind, Game, GameInfo, InformationKind
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
from models.tobago.amulets import statue_targets
from models.tobago.cards import Cards, dump_cards, load_cards
from models.tobago.clues import clue_mask
from models.tobago.deck import Deck, dump_deck, load_deck
from models.tobago.events import TobagoEvent
from models.tobago.game_options import TobagoGameOptions
from models.tobago.island import Island
from models.tobago.mapfile import dump_map, resolve_map
from models.tobago.roads import roads
from models.tobago.state import TobagoState
from models.tobago.summary import GAME_COLUMNS, PLAYER_COLUMNS

#: The map a game is played on unless another is given.
DEFAULT_MAP = "lagoon"


class Tobago(Game):
    """Tobago for 2–4 players on a map with a clue deck, counted components and rule options."""

    info = GameInfo(
        name="tobago",
        title="Tobago",
        min_players=2,
        max_players=4,
        default_players=4,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.IMPERFECT,
        options=TobagoGameOptions,
        events=TobagoEvent,
        summary_columns=GAME_COLUMNS,
        player_columns=PLAYER_COLUMNS,
        components=(
            ("map", "the island (a map file or a bundled map's name; default lagoon)"),
            ("clues", "the clue deck (a deck file; default the bundled one)"),
            ("cards", "gold cards, curses, amulets and hand sizes (a cards file)"),
        ),
    )

    def __init__(
        self,
        players: int = 4,
        options: TobagoGameOptions | None = None,
        map: Island | str | Path | None = None,
        clues: Deck | str | Path | None = None,
        cards: Cards | str | Path | None = None,
    ) -> None:
        self._players = self.info.check_players(players)
        self._options = options or TobagoGameOptions()
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
    def options(self) -> TobagoGameOptions:
        return self._options

    def new_initial_state(self) -> TobagoState:
        return TobagoState(self)

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
