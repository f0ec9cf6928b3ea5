"""What a game records during a study besides its log: study watchers, by game name.

A watcher is made fresh for every game a study plays; it is told of every decision before it
is made (:class:`~solvers.agents.play.Watcher`), then asked for rows of the ``events`` table,
which follow the game's own events (the game's watcher module documents its row kinds). A
game's watcher comes from its plug-in (:attr:`analyses.plugin.GamePlugin.watcher`: South
Seas' :class:`~analyses.southseas.stranding.StrandingWatch`, islanders stranded in features that
could no longer be finished), so the runner finds it in any worker process by the game's name
alone; :func:`register_watcher` sets one at run time.

>>> watcher_for("southseas") is not None, watcher_for("gloryislands")
(True, None)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, Protocol

from analyses.plugins import plugin
from models.core import GameState

__all__ = ["StudyWatcher", "register_watcher", "watcher_for"]


class StudyWatcher(Protocol):
    """A game's recorder during a study (see the module docstring)."""

    def decision(self, state: GameState, actions: tuple[Hashable, ...]) -> None: ...

    def rows(self, game: int, state: GameState, *, first: int) -> list[dict[str, Any]]:
        """Rows of the ``events`` table (game, index from ``first``, turn, player, kind,
        data as JSON) for the game ``state`` ended."""
        ...


_WATCHERS: dict[str, Callable[[], StudyWatcher]] = {}


def register_watcher(game: str, make: Callable[[], StudyWatcher]) -> None:
    """Record games of ``game`` with a watcher from ``make()`` in every study."""
    _WATCHERS[game] = make


def watcher_for(game: str) -> Callable[[], StudyWatcher] | None:
    """The watcher maker of ``game`` (set at run time, else its plug-in's), ``None`` when it
    has none."""
    return _WATCHERS.get(game) or plugin(game).watcher
