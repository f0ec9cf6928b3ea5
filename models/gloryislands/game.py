"""The Glory Islands game: what it is (one :class:`~models.core.GameInfo`), made from a player
count, rule options and a component file. Found through ``load_game("gloryislands", ...)``.

>>> from models.core import load_game
>>> game = load_game("gloryislands", 3)
>>> game.info.chance.value, game.info.information.value, [str(p) for p in game.plays[:2]]
('explicit', 'imperfect', ['play red-1', 'play red-2'])
>>> game.components()["board"]["reconstruction"]
True
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path

from models.core import ChanceKind, Game, GameInfo, InformationKind
from models.gloryislands import scenario
from models.gloryislands.boardfile import dump_board, load_board
from models.gloryislands.components import Components
from models.gloryislands.events import GloryIslandsEvent
from models.gloryislands.options import GloryIslandsOptions
from models.gloryislands.state import GloryIslandsState
from models.gloryislands.summary import GAME_COLUMNS, PLAYER_COLUMNS
from models.gloryislands.tables import Tables
from models.gloryislands.vocabulary import VOCABULARY


class GloryIslands(Tables, Game):
    """Glory Islands for 2–4 players with a component file (the bundled reconstruction by
    default) and rule options. Seat ``i`` sails the ``i``-th card colour of the file. The
    tables every position reads are :class:`~models.gloryislands.tables.Tables`'."""

    info = GameInfo(
        name="gloryislands",
        title="Glory Islands",
        min_players=2,
        max_players=4,
        default_players=4,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.IMPERFECT,
        options=GloryIslandsOptions,
        events=GloryIslandsEvent,
        summary_columns=GAME_COLUMNS,
        player_columns=PLAYER_COLUMNS,
        components=(
            ("board", "the board, cards and treasure tiles (a board file; default the bundled)"),
        ),
        vocabulary=VOCABULARY,
    )
    scenario_keys = frozenset(scenario.Scenario.model_fields)

    def __init__(
        self,
        players: int = 4,
        options: GloryIslandsOptions | None = None,
        board: Components | str | Path | None = None,
    ) -> None:
        super().__init__(
            self.info.check_players(players),
            options or GloryIslandsOptions(),
            board if isinstance(board, Components) else load_board(board),
        )

    def new_initial_state(self) -> GloryIslandsState:
        return GloryIslandsState(self)

    def component_texts(self) -> dict[str, str]:
        return {"board": dump_board(self.board)}

    @classmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> GloryIslandsState:
        """The state a scenario file describes (see :mod:`models.gloryislands.scenario`)."""
        return scenario.load_scenario(path, steps=steps, components=components)
