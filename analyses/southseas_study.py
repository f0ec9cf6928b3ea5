"""Random South Seas games as a pandas table: one row per game and seat.

A first look for designers (the full study runner with agents comes later): how scores spread
by seat, how often rule events happen (boat evaluations, unplaceable tiles, completed features,
markets), how long games run. Seeds come from :func:`models.core.spawn_seeds`, so row ``i``
depends only on the study seed and ``i``.

>>> frame = random_games(players=3, games=4, seed=1)
>>> len(frame), frame["seat"].unique().tolist()
(12, [0, 1, 2])
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pandas as pd

from models.core import spawn_seeds
from models.southseas.options import SouthSeasOptions
from models.southseas.rules import SouthSeas, winners

EVENT_COLUMNS = (
    "complete",
    "boat",
    "boat-no-trigger",
    "market",
    "unplaceable",
    "delivery",
    "recall",
)


def random_games(
    players: int, games: int, seed: int, options: SouthSeasOptions | None = None
) -> pd.DataFrame:
    """Play ``games`` games with uniformly random legal actions; one row per game and seat."""
    game = SouthSeas(players, options)
    rows: list[dict[str, Any]] = []
    for index, game_seed in enumerate(spawn_seeds(seed, games)):
        state = game.new_initial_state(game_seed)
        rng = random.Random(game_seed)
        while not state.is_terminal():
            state.apply(rng.choice(state.legal_actions()))
        counts = Counter(e.kind for e in state.log)
        completed = Counter(e.data["feature"] for e in state.log if e.kind == "complete")
        top = winners(state)
        for seat in range(players):
            s, b, f = state.ledger.wares[seat]
            rows.append(
                {
                    "game": index,
                    "seed": game_seed,
                    "seat": seat,
                    "score": state.returns()[seat],
                    "win": seat in top,
                    "tied": len(top) > 1,
                    "ship_points": state.yard.points(seat),
                    "ships": len(state.taken[seat]),
                    "shells": s,
                    "bananas": b,
                    "fish": f,
                    "turns": state.turn,
                    **{f"events_{k}": counts[k] for k in EVENT_COLUMNS},
                    **{f"completed_{k}": completed[k] for k in ("bridge", "island", "sea")},
                }
            )
    frame = pd.DataFrame(rows)
    frame.attrs["options"] = game.options.to_dict()
    frame.attrs["reconstruction"] = {
        "tiles": game.tiles.reconstruction,
        "ships": game.ships.reconstruction,
    }
    frame.attrs["seed"] = seed
    return frame


def seat_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Win rate (ties count for every tied seat) and mean score by seat, with the sample size."""
    summary = frame.groupby("seat").agg(
        games=("game", "nunique"), win_rate=("win", "mean"), mean_score=("score", "mean")
    )
    return summary
