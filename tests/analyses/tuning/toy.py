"""A toy game whose balancing values are known: one chance draw decides it.

Chance draws a number 0..99; the first seat wins when it is below ``edge - bonus`` (``edge``
from the component file ``table``, 60 by default; ``bonus`` a rule option, 0 by default), the
second seat otherwise. The first seat wins 60% of games as shipped; ``bonus = 10`` (or
``edge = 50``) makes the seats even. :func:`register` registers it as ``handicap`` (in a
fixture, after the conformance suites were collected: it is no game of atoll's).
"""

from __future__ import annotations

import dataclasses
import random
import tomllib
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Any, Self

from models.core import (
    CHANCE,
    TERMINAL,
    ChanceKind,
    EventKind,
    Game,
    GameInfo,
    GameState,
    InformationKind,
    RuleOptions,
    register_game,
)
from models.errors import AtollError, IllegalActionError

TABLE = Path(__file__).with_name("handicap.toml")


@dataclasses.dataclass(frozen=True)
class HandicapOptions(RuleOptions):
    bonus: int = 0


class HandicapEvent(EventKind):
    DRAW = "draw"


class HandicapState(GameState):
    def __init__(self, game: Handicap) -> None:
        super().__init__()
        self.game = game
        self.drawn: int | None = None

    def current_player(self) -> int:
        return TERMINAL if self.drawn is not None else CHANCE

    def is_terminal(self) -> bool:
        return self.drawn is not None

    def legal_actions(self) -> tuple[Hashable, ...]:
        return tuple(range(100)) if self.drawn is None else ()

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        return tuple((v, 0.01) for v in range(100)) if self.drawn is None else ()

    def is_legal(self, action: Hashable) -> bool:
        return self.drawn is None and action in range(100)

    def refusal(self, action: Hashable) -> IllegalActionError:
        return IllegalActionError(f"{action!r} is not a draw", rule="HC-1")

    def do_apply(self, action: Hashable) -> None:
        assert isinstance(action, int)
        self.drawn = action
        self.event(HandicapEvent.DRAW, None, value=action)

    def turn_number(self) -> int:
        return 1

    def parse_action(self, text: str) -> int:
        return int(text)

    def turn_rule(self, player: int) -> tuple[str, str]:
        return "HC-1", self.not_your_turn(player)

    def returns(self) -> tuple[float, ...]:
        if self.drawn is None:
            return (0.0, 0.0)
        first = self.drawn < self.game.edge - self.game.options.bonus
        return (1.0, 0.0) if first else (0.0, 1.0)

    def clone(self) -> Self:
        twin = type(self)(self.game)
        twin.drawn = self.drawn
        self._copy_record(twin)
        return twin

    def observation(self, player: int) -> Any:
        return self.drawn

    def resample(self, player: int, rng: random.Random) -> Self:
        return self.clone()

    def figure(self) -> Any:
        raise NotImplementedError


class Handicap(Game):
    info = GameInfo(
        name="handicap",
        title="Handicap",
        min_players=2,
        max_players=2,
        default_players=2,
        chance=ChanceKind.EXPLICIT,
        information=InformationKind.PERFECT,
        options=HandicapOptions,
        events=HandicapEvent,
        components=(("table", "the seat edge"),),
    )

    def __init__(
        self, players: int, options: HandicapOptions | None = None, table: str | None = None
    ) -> None:
        self._players = self.info.check_players(players)
        self._options = options or HandicapOptions()
        self.source = str(table or TABLE)
        data = tomllib.loads(Path(self.source).read_text(encoding="utf-8"))
        self.edge = int(data["edge"])
        if not 0 <= self.edge <= 100:
            raise AtollError("from 0 to 100", source=self.source, field="edge")

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> HandicapOptions:
        return self._options

    def components(self) -> dict[str, Any]:
        return {"table": {"source": self.source, "reconstruction": False}}

    def new_initial_state(self) -> HandicapState:
        return HandicapState(self)

    @classmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> HandicapState:
        raise AtollError("handicap has no scenarios")


def register() -> None:
    register_game(Handicap, replace=True)
