"""What a study's design lets its report claim about seats and agents, and the units it reads
them in.

A study is played in one of two designs (``StudyConfig.design``; a study.json without one is
``"fixed"``), and its ``games`` table says which deal (chance seed) and which rotation of the
lineup each game played:

* **fixed** — each game deals its own chance; the agents sit in fixed seats or are rotated
  from game to game. Every game is its own deal and the unit of observation. With unlike
  agents, no deal is ever played with the agents in other seats, so a seat's win share is
  also its agents' strength: **seat and agent are confounded**, and the report states no seat
  effect as a property of the game.
* **duplicate** — every deal is played once per rotation of the lineup, so each agent sits in
  each seat on the same deals. The rotations of a deal are **one unit**: seat effects are
  estimated with the agents balanced within each deal, agent effects with the seats balanced,
  and tests permute within deals (:func:`analyses.statistics.seating.seat_test`) or flip the sign
  of a deal's value (:func:`analyses.statistics.pergame.sign_flip_p`). A deal that lacks a rotation
  (a failed game) is left out of these, and the report says so.

A seat effect is stated as the game's only when every seat had the same agent spec or the
design is duplicate (:attr:`Design.seat_claims`).

A study folder from before the designs (no ``deal`` column) reads as fixed, one deal a game.

>>> games = pd.DataFrame({"game": [0, 1, 2, 3], "deal": [0, 0, 1, 1], "rotation": [0, 1, 0, 1]})
>>> players = pd.DataFrame({"game": [0, 0, 1, 1, 2, 2, 3, 3], "seat": [0, 1] * 4,
...                         "agent": ["g", "r", "r", "g"] * 2,
...                         "win_share": [1.0, 0, 1, 0, 0, 1, 1, 0]})
>>> design = read_design(games, players, "duplicate")
>>> design.units, design.count, design.seat_claims
('deals', 2, True)
>>> design.per_unit(players.groupby("game")["win_share"].first()).tolist()
[1.0, 0.5]
"""

from __future__ import annotations

import dataclasses
import math
from typing import Any

import numpy as np
import pandas as pd

from analyses.statistics import pergame

__all__ = ["DUPLICATE", "FIXED", "Design", "PairingGain", "design_of", "pairing_gain"]

FIXED, DUPLICATE = "fixed", "duplicate"


@dataclasses.dataclass(frozen=True)
class Design:
    """A study's design as its report reads it: its name, the deal (unit) of every game used
    for seats and agents, whether every seat had the same agent spec, whether the agents sat
    in fixed seats, and how many games were left out (deals missing a rotation)."""

    name: str
    players: int
    deal: pd.Series
    alike: bool
    fixed_seats: bool = False
    left_out: int = 0

    @property
    def paired(self) -> bool:
        """Whether the games come in deals played once per rotation (duplicate)."""
        return self.name == DUPLICATE

    @property
    def seat_claims(self) -> bool:
        """Whether a seat effect may be stated as the game's: alike agents in every seat, or
        a duplicate design (the agents balanced over the seats within every deal)."""
        return self.alike or (self.paired and self.count > 0)

    @property
    def units(self) -> str:
        """What ``n`` counts: "deals" (duplicate) or "games"."""
        return "deals" if self.paired else "games"

    @property
    def over(self) -> str:
        """What an interval of the seats and agents is over, in words."""
        if self.paired:
            return f"deals (each the mean of its {self.players} rotations)"
        return "games"

    @property
    def count(self) -> int:
        """How many units: deals, or games."""
        return int(self.deal.nunique())

    def used(self, players: pd.DataFrame) -> pd.DataFrame:
        """The rows of ``players`` (or any table with a ``game`` column) of the games used."""
        return players[players["game"].isin(self.deal.index)]

    def per_unit(self, values: pd.Series) -> pd.Series:
        """One value per unit: the mean of a per-game series over each deal's games (the
        games used only), indexed by deal."""
        kept = values[values.index.isin(self.deal.index)]
        return kept.groupby(self.deal.reindex(kept.index).to_numpy()).mean()


def read_design(
    games: pd.DataFrame, players: pd.DataFrame, name: str = FIXED, *, rotate: bool = True
) -> Design:
    """The design of a study's tables: ``name`` from its config, the deals of a duplicate
    design from the ``deal`` column of ``games`` (a fixed design: each game its own deal, as
    in a study without that column). A duplicate study none of whose deals has all its
    rotations is read game by game, as a fixed one."""
    size = int(players["seat"].max()) + 1 if len(players) else 0
    alike = players["agent"].nunique() <= 1
    played = games[games["game"].isin(players["game"].unique())]
    if "deal" in played.columns and name == DUPLICATE:
        deal = played.set_index("game")["deal"]
        rotations = (
            played.groupby("deal")["rotation"].nunique()
            if "rotation" in played.columns
            else played.groupby("deal").size()
        )
        complete = rotations[rotations == size].index
        kept = deal[deal.isin(complete)]
        if len(kept):  # else no deal has all its rotations: read game by game, as fixed
            return Design(name, size, kept.astype(int), alike, False, len(deal) - len(kept))
    deal = pd.Series(played["game"].to_numpy(), index=played["game"].to_numpy())  # own deal
    return Design(FIXED, size, deal, alike, not rotate and name != DUPLICATE)


def design_of(frames: Any, record: dict[str, Any]) -> Design:
    """The design of a stored study (its frames and study.json record)."""
    config = record["config"]
    return read_design(
        frames.games,
        frames.players,
        str(config.get("design", FIXED)),
        rotate=bool(config.get("rotate", True)),
    )


# -- what the pairing is worth -------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class PairingGain:
    """The variance of an agent's win share (per seat it held) with the deals as paired units,
    against the same games treated as independent: how much the duplicate design removed."""

    agent: str
    deals: int
    games: int
    paired: float
    unpaired: float

    @property
    def removed(self) -> float:
        """The share of the unpaired variance the pairing removed (negative: it added)."""
        if not self.unpaired > 0:
            return math.nan
        return 1 - self.paired / self.unpaired

    @property
    def worth(self) -> float:
        """How many unpaired games the paired deals weigh as much as."""
        if not self.paired > 0:
            return math.nan
        return self.games * self.unpaired / self.paired

    def to_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "deals": self.deals,
            "games": self.games,
            "variance_paired": _finite(self.paired),
            "variance_unpaired": _finite(self.unpaired),
            "variance_removed": _finite(self.removed),
            "worth_unpaired_games": _finite(self.worth),
        }


def _finite(x: float) -> float | None:
    return None if math.isnan(x) else float(x)


def pairing_gain(players: pd.DataFrame, design: Design, agent: str) -> PairingGain:
    """The agent's win share per seat it held, per game and per deal: the variance of its
    mean from the deal means (``var / deals``) and from the games as if unpaired
    (``var / games``). The estimate is the same either way (every deal holds all its
    rotations); only its uncertainty differs.

    Two deals favour seat 0 (g wins one rotation, loses the other), one favours g (it wins
    both): the deals' own luck cancels within them.

    >>> games = pd.DataFrame({"game": range(6), "deal": [0, 0, 1, 1, 2, 2], "rotation": [0, 1] * 3})
    >>> players = pd.DataFrame({"game": [g for g in range(6) for _ in "ab"], "seat": [0, 1] * 6,
    ...                         "agent": ["g", "r", "r", "g"] * 3,
    ...                         "win_share": [1.0, 0, 1, 0, 1, 0, 1, 0, 1, 0, 0, 1]})
    >>> gain = pairing_gain(players, read_design(games, players, "duplicate"), "g")
    >>> round(gain.removed, 3), gain.deals, gain.games, round(gain.worth, 1)
    (0.375, 3, 6, 9.6)
    """
    shares = pergame.agent_shares(design.used(players), agent)
    deals = design.per_unit(shares)
    per_game = shares.to_numpy(float)
    unpaired = float(np.var(per_game, ddof=1)) / len(per_game) if len(per_game) > 1 else math.nan
    paired = float(np.var(deals, ddof=1)) / len(deals) if len(deals) > 1 else math.nan
    return PairingGain(agent, len(deals), len(per_game), paired, unpaired)
