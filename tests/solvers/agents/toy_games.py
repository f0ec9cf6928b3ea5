"""Doors: a two-move game of open information whose best play is known, for testing agents.

Player 0 opens one of three doors; player 1 then makes one of three replies, and the game is
over. Behind doors 0 and 1 exactly one reply wins for player 1 (reply 1 behind door 0, reply 2
behind door 1) and the other two hand the win to player 0; behind door 2 every reply is a draw.

So player 1's best reply is the winning one behind a trap door, and player 0's best door is door
2, the sure draw (half a win), since behind a trap he loses against the best reply. An agent that
judged player 1's replies by player 0's reward would think every trap won for player 0; one that
averaged the replies would take a trap (two in three replies lose for player 1); one that counted
a draw as a whole win for each would score the draw 2 in all.

Importing this module registers the game as ``"doors"``.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Hashable, Mapping
from pathlib import Path
from typing import Self

from models.core import (
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

#: Behind each door, who wins after each of player 1's replies (``None``: a draw).
BEHIND: tuple[tuple[int | None, ...], ...] = ((0, 1, 0), (0, 0, 1), (None, None, None))
#: Player 1's winning reply behind each trap door.
ESCAPE = {0: 1, 1: 2}
#: Player 0's best door: a draw whatever player 1 does.
SAFE_DOOR = 2


@dataclasses.dataclass(frozen=True)
class DoorsOptions(RuleOptions):
    """Doors has no options."""


class DoorsEvent(EventKind):
    OPEN = "open"  # data: door
    REPLY = "reply"  # data: reply


@dataclasses.dataclass(frozen=True, slots=True, order=True)
class Door:
    """Player 0 opens a door."""

    number: int

    def __str__(self) -> str:
        return f"door {self.number}"


@dataclasses.dataclass(frozen=True, slots=True, order=True)
class Reply:
    """Player 1 replies."""

    number: int

    def __str__(self) -> str:
        return f"reply {self.number}"


class DoorsState(GameState):
    def __init__(self) -> None:
        super().__init__()
        self.moves: list[Door | Reply] = []

    def current_player(self) -> int:
        return TERMINAL if len(self.moves) == 2 else len(self.moves)

    def is_terminal(self) -> bool:
        return len(self.moves) == 2

    def legal_actions(self) -> tuple[Door | Reply, ...]:
        if len(self.moves) == 0:
            return tuple(Door(d) for d in range(len(BEHIND)))
        if len(self.moves) == 1:
            return tuple(Reply(r) for r in range(3))
        return ()

    def chance_outcomes(self) -> tuple[tuple[Hashable, float], ...]:
        return ()

    def is_legal(self, action: Hashable) -> bool:
        return action in self.legal_actions()

    def refusal(self, action: Hashable) -> IllegalActionError:
        message = f"DR-MOVE: {action} is not legal here"
        return IllegalActionError(message, rule="DR-MOVE", action=action)

    def do_apply(self, action: Hashable) -> None:
        assert isinstance(action, Door | Reply)
        player = len(self.moves)
        self.moves.append(action)
        kind = (DoorsEvent.OPEN, DoorsEvent.REPLY)[player]
        self.event(kind, player, **{kind.value: action.number})

    def turn_number(self) -> int:
        return 1

    def parse_action(self, text: str) -> Door | Reply:
        word, _, number = text.partition(" ")
        if word in ("door", "reply") and number.isascii() and number.isdigit():
            return Door(int(number)) if word == "door" else Reply(int(number))
        raise AtollError(f"cannot read {text!r} as an action (door N, reply N)")

    def turn_rule(self, player: int) -> tuple[str, str]:
        return "DR-MOVE", self.not_your_turn(player)

    def returns(self) -> tuple[float, ...]:
        if len(self.moves) < 2:
            return (0.0, 0.0)
        door, reply = self.moves
        winner = BEHIND[door.number][reply.number]
        if winner is None:
            return (1.0, 1.0)
        return (1.0, 0.0) if winner == 0 else (0.0, 1.0)

    def clone(self) -> Self:
        twin = type(self)()
        twin.moves = list(self.moves)
        self._copy_record(twin)
        return twin

    def observation(self, player: int) -> Hashable:
        return tuple(self.moves)

    def resample(self, player: int, rng: random.Random) -> Self:
        return self.clone()  # nothing is hidden


class Doors(Game):
    info = GameInfo(
        name="doors",
        title="Doors",
        min_players=2,
        max_players=2,
        default_players=2,
        chance=ChanceKind.DETERMINISTIC,
        information=InformationKind.PERFECT,
        options=DoorsOptions,
        events=DoorsEvent,
    )

    def __init__(self, players: int, options: DoorsOptions | None = None) -> None:
        self._players = self.info.check_players(players)
        self._options = options or DoorsOptions()

    @property
    def num_players(self) -> int:
        return self._players

    @property
    def options(self) -> DoorsOptions:
        return self._options

    def new_initial_state(self) -> DoorsState:
        return DoorsState()

    @classmethod
    def load_scenario(
        cls,
        path: str | Path,
        *,
        steps: int | None = None,
        components: Mapping[str, str] | None = None,
    ) -> DoorsState:
        raise AtollError("Doors has no scenario files", source=path)


register_game(Doors)
