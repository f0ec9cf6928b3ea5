"""The Tobago game: what it is (one :class:`~models.core.GameInfo`), made from a player count,
rule options, a map, a clue deck and the counted components. Found through
``load_game("tobago", ...)``.

Components (each a file; ``--component NAME=FILE`` in a study): ``map`` — a map file or the name
of a bundled map (default ``lagoon``, one of atoll's own designs); ``clues`` — a clue deck (the
bundled 52 cards, a **reconstruction**); ``cards`` — gold cards, curses, amulets, roses and hand
sizes (the bundled file, a **reconstruction** of the gold values).

Everything a turn needs is compiled once per game (:class:`~models.tobago.components.
TobagoComponents`, which the game is): each distinct clue's set of fields as a bitmask
(:func:`models.tobago.island.clues.clue_mask`), the leg graph (:mod:`models.tobago.roads`),
where each statue washes up amulets, and every action object (so legal-action lists reuse them).

>>> from models.core import load_game
>>> game = load_game("tobago", 3)
>>> game.info.information.value, len(game.clues), game.cards.total_gold, game.hand_size
('imperfect', 52, 39, 4)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from models.core import ChanceKind, Game, GameInfo, InformationKind
from models.tobago.components import DEFAULT_MAP, Cards, TobagoComponents
from models.tobago.events import TobagoEvent
from models.tobago.island.deck import Deck
from models.tobago.island.map import Island
from models.tobago.options import TobagoOptions
from models.tobago.scenario import Scenario, load_scenario
from models.tobago.state import TobagoState
from models.tobago.summary import GAME_COLUMNS, PLAYER_COLUMNS
from models.tobago.vocabulary import VOCABULARY

__all__ = ["DEFAULT_MAP", "Tobago"]


class Tobago(TobagoComponents, Game):
    """Tobago for 2–4 players on a map with a clue deck, counted components and rule options."""

    info = GameInfo(
        name="tobago",
        title="Tobago",
        min_players=2,
        max_players=4,
        default_players=4,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.IMPERFECT,
        options=TobagoOptions,
        events=TobagoEvent,
        summary_columns=GAME_COLUMNS,
        player_columns=PLAYER_COLUMNS,
        components=(
            ("map", "the island (a map file or a bundled map's name; default lagoon)"),
            ("clues", "the clue deck (a deck file; default the bundled one)"),
            ("cards", "gold cards, curses, amulets and hand sizes (a cards file)"),
        ),
        vocabulary=VOCABULARY,
    )
    scenario_keys = frozenset(Scenario.model_fields)

    def __init__(
        self,
        players: int = 4,
        options: TobagoOptions | None = None,
        map: Island | str | Path | None = None,
        clues: Deck | str | Path | None = None,
        cards: Cards | str | Path | None = None,
    ) -> None:
        super().__init__(self.info.check_players(players), options, map, clues, cards)

    def new_initial_state(self) -> TobagoState:
        return TobagoState(self)

    @classmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> TobagoState:
        """The state a scenario file describes (:mod:`models.tobago.scenario`)."""
        return load_scenario(path, steps=steps, components=components)
