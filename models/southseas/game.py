"""The South Seas game: what it is (one :class:`~models.core.GameInfo`), made from a player
count, rule options, a tile set and ships. Found through ``load_game("southseas", ...)``.

>>> from models.core import load_game
>>> game = load_game("southseas", 3, tiles=None)
>>> game.info.chance.value, game.info.information.value, len(game.draws)
('explicit', 'perfect', 46)
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any

from models.core import ChanceKind, Game, GameInfo, InformationKind
from models.southseas.actions import Deliver, Draw, Reveal
from models.southseas.components import TileSet, TileType
from models.southseas.events import SouthSeasEvent
from models.southseas.options import SouthSeasOptions
from models.southseas.scenario import Scenario, load_scenario
from models.southseas.ships import Ship, ShipSet, dump_ships, load_ships, payments
from models.southseas.state import SouthSeasState
from models.southseas.summary import GAME_COLUMNS, PLAYER_COLUMNS
from models.southseas.tilefile import dump_tiles, load_tiles
from models.southseas.vocabulary import VOCABULARY


class SouthSeas(Game):
    """Carcassonne: South Seas for 2–5 players with a tile set, ships and rule options.

    ``tiles`` and ``ships`` are loaded sets or files (the bundled reconstructions by default).
    """

    info = GameInfo(
        name="southseas",
        title="Carcassonne: South Seas",
        min_players=2,
        max_players=5,
        default_players=4,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.PERFECT,
        options=SouthSeasOptions,
        events=SouthSeasEvent,
        summary_columns=GAME_COLUMNS,
        player_columns=PLAYER_COLUMNS,
        components=(
            ("tiles", "the tile set (a tiles file; default the bundled one)"),
            ("ships", "the merchant ships (a ships file; default the bundled one)"),
        ),
        vocabulary=VOCABULARY,
    )
    scenario_keys = frozenset(Scenario.model_fields)

    def __init__(
        self,
        players: int = 4,
        options: SouthSeasOptions | None = None,
        tiles: TileSet | str | Path | None = None,
        ships: ShipSet | str | Path | None = None,
    ) -> None:
        self._players = self.info.check_players(players)
        self.seats = list(range(self._players))
        self._options = options or SouthSeasOptions()
        self.tiles = tiles if isinstance(tiles, TileSet) else load_tiles(tiles)
        self.ships = ships if isinstance(ships, ShipSet) else load_ships(ships)
        counts = {t.id: t.count - (1 if t.start else 0) for t in self.tiles.types}
        #: The tile kinds of the draw stack, their copies, and the chance outcome of each.
        self.draw_types: tuple[TileType, ...] = tuple(t for t in self.tiles.types if counts[t.id])
        self.draw_counts = tuple(counts[t.id] for t in self.draw_types)
        self.draws = tuple(Draw(t.id) for t in self.draw_types)
        self.draw_index = {t.id: i for i, t in enumerate(self.draw_types)}
        self.reveals = {s.id: Reveal(s.id) for s in self.ships.ships}
        #: Frontier requirements that no tile of the set meets in any rotation: holes.
        self.dead_codes = frozenset(
            code for code in range(1, 256) if not any(t.table[code] for t in self.tiles.types)
        )
        self._deliveries: dict[tuple[str, tuple[int, int, int]], tuple[Deliver, ...]] = {}

    def deliveries(self, ship: Ship, holdings: tuple[int, int, int]) -> tuple[Deliver, ...]:
        """Every delivery to ``ship`` that ``holdings`` can pay (SS-S1, SS-S2), in payment
        order; remembered per ship and holdings (ship ids are unique in a game)."""
        key = (ship.id, holdings)
        found = self._deliveries.get(key)
        if found is None:
            pays = sorted(payments(ship, holdings))
            found = self._deliveries[key] = tuple(Deliver(ship.id, pay) for pay in pays)
        return found

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> SouthSeasOptions:
        return self._options

    def new_initial_state(self) -> SouthSeasState:
        return SouthSeasState(self)

    @classmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> SouthSeasState:
        """The state a scenario file describes (:mod:`models.southseas.scenario`)."""
        return load_scenario(path, steps=steps, components=components)

    def components(self) -> dict[str, Any]:
        return {
            "tiles": {"source": self.tiles.source, "reconstruction": self.tiles.reconstruction},
            "ships": {"source": self.ships.source, "reconstruction": self.ships.reconstruction},
        }

    def component_texts(self) -> dict[str, str]:
        return {"tiles": dump_tiles(self.tiles), "ships": dump_ships(self.ships)}
