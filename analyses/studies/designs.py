"""A study's design: which games share a deal, and how the lineup sits on the seats.

* ``fixed`` — every game is a deal (a chance seed) of its own; with ``rotate`` game ``i``
  shifts the lineup by ``i`` seats. Every study before designs is a fixed study.
* ``duplicate`` — every deal is played once per rotation of the lineup (``players`` games a
  deal: game ``i`` is rotation ``i % players`` of deal ``i // players``), so each agent sits in
  each seat on the same deals: agent effects are measured with the seats balanced, and seat
  effects with the agents balanced. The rotations of a deal are one unit of observation.

The default of every command that plays a lineup is :func:`default_design`: duplicate when the
seats hold unlike agents, fixed when they hold one agent (its rotations would be the same
games). A deal is whole: :func:`whole_deals` rounds a number of games up to whole deals.

>>> default_design(("greedy", "random"), 2), whole_deals(5, 2)
('duplicate', 6)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pandas only where a study's tables are read (keeps `atoll --help` fast)
    import pandas as pd

#: The designs of a study: ``fixed`` is every study before designs (a study.json without one).
DESIGNS = ("duplicate", "fixed")


def default_design(agents: Sequence[str], players: int) -> str:
    """The design a command plays when none is named: ``duplicate`` when the lineup (the
    agents repeated over the seats) holds unlike agents, ``fixed`` when every seat has the same
    agent (rotating identical agents over the same deal would play it again for nothing).

    >>> default_design(("greedy", "random"), 4), default_design(("greedy",), 4)
    ('duplicate', 'fixed')
    """
    lineup = {agents[i % len(agents)].strip() for i in range(players)} if agents else set()
    return "duplicate" if len(lineup) > 1 else "fixed"


def whole_deals(games: int, players: int) -> int:
    """``games`` rounded up to whole deals of the duplicate design (a multiple of ``players``).

    >>> whole_deals(101, 4), whole_deals(100, 4)
    (104, 100)
    """
    return -(-games // players) * players


def per_deal(values: pd.Series, games: pd.DataFrame) -> pd.Series:
    """Per-game ``values`` (indexed by game) averaged over each deal's games (the games table's
    ``deal`` column; a games table without one, as stored before designs, has a deal per
    game), indexed by deal: the unit of observation of a duplicate study.

    >>> import pandas as pd
    >>> games = pd.DataFrame({"game": [0, 1, 2, 3], "deal": [0, 0, 1, 1]})
    >>> per_deal(pd.Series([1.0, 0.0, 1.0, 1.0]), games).tolist()
    [0.5, 1.0]
    """
    by_game = games.set_index("game")
    deals = by_game["deal"] if "deal" in by_game.columns else by_game.index.to_series()
    grouped = values.groupby(deals.reindex(values.index).to_numpy())
    return grouped.mean().rename_axis("deal")
