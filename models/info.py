"""What a game is, in one constant: its :class:`GameInfo` (players, chance and information
kinds, options, event kinds, summary columns, components), and the :class:`Outcome` of a game.

>>> Outcome.highest((3.0, 5.0, 5.0), final=True).winners
(1, 2)
"""

from __future__ import annotations

import dataclasses
import enum
from collections.abc import Iterable

from models.errors import AtollError
from models.events import EventKind
from models.options import RuleOptions
from models.vocabulary import Vocabulary

__all__ = ["ChanceKind", "GameInfo", "InformationKind", "Outcome"]


class ChanceKind(enum.StrEnum):
    """Whether a game has chance nodes."""

    DETERMINISTIC = "deterministic"
    EXPLICIT = "explicit"


class InformationKind(enum.StrEnum):
    """Whether every player sees the whole state (``observation()`` is then the same for all)."""

    PERFECT = "perfect"
    IMPERFECT = "imperfect"


@dataclasses.dataclass(frozen=True)
class Outcome:
    """Scores and winners (several when tied); ``final`` once the game is over."""

    scores: tuple[float, ...]
    winners: tuple[int, ...]
    final: bool

    @classmethod
    def highest(cls, scores: Iterable[float], *, final: bool) -> Outcome:
        """The players with the highest score win; a tie is reported as a tie."""
        values = tuple(float(s) for s in scores)
        top = max(values)
        return cls(values, tuple(p for p, s in enumerate(values) if s == top), final)


@dataclasses.dataclass(frozen=True)
class GameInfo:
    """What a game is: one constant per game, read by the registry, the CLI and studies."""

    name: str
    title: str
    min_players: int
    max_players: int
    default_players: int
    chance: ChanceKind
    information: InformationKind
    options: type[RuleOptions]
    events: type[EventKind]
    #: The columns :meth:`GameState.summary` gives a study's games table: (name, meaning).
    summary_columns: tuple[tuple[str, str], ...] = ()
    #: The columns :meth:`GameState.player_summary` gives its players table: (name, meaning).
    player_columns: tuple[tuple[str, str], ...] = ()
    #: The component files the game is made from, (name, meaning): the keywords of its
    #: constructor and the NAMEs of ``--component NAME=FILE``.
    components: tuple[tuple[str, str], ...] = ()
    #: The words its strategy files may use (:mod:`models.vocabulary`); None: it takes none.
    vocabulary: Vocabulary | None = None

    def check_players(self, players: int | None) -> int:
        """``players`` (the default when ``None``) if the game allows it, else an error."""
        if players is None:
            return self.default_players
        if isinstance(players, bool) or not isinstance(players, int):
            raise AtollError(f"must be a whole number, got {players!r}", field="players")
        if not self.min_players <= players <= self.max_players:
            raise AtollError(
                f"{self.title} is for {self.min_players} to {self.max_players} players, "
                f"not {players}",
                field="players",
            )
        return players

    def check_components(self, names: Iterable[str]) -> None:
        """Refuse a component name the game does not have, listing the ones it has."""
        known = [name for name, _ in self.components]
        for name in names:
            if name not in known:
                has = f"its components are {', '.join(known)}" if known else "it has none"
                raise AtollError(
                    f"{self.title} has no component {name!r} ({has})", field="component"
                )
