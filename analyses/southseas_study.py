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

from collections import Counter
from collections.abc import Mapping
from typing import Any

import pandas as pd

from models.core import count_events, load_game, make_rng, random_playout, spawn_seeds

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
    players: int, games: int, seed: int, options: Mapping[str, Any] | None = None
) -> pd.DataFrame:
    """Play ``games`` games with uniformly random legal actions; one row per game and seat."""
    game = load_game("southseas", players, options)
    kinds = game.info.events
    wanted = [kinds.parse(k) for k in EVENT_COLUMNS]  # a misspelt kind is an error, not zero
    complete = kinds.parse("complete")
    rows: list[dict[str, Any]] = []
    for index, game_seed in enumerate(spawn_seeds(seed, games)):
        state: Any = game.new_initial_state()
        random_playout(state, make_rng(game_seed))
        counts = count_events(state.events(), kinds)
        completed = Counter(e.data["feature"] for e in state.events() if e.kind is complete)
        top = state.outcome().winners
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
                    **{f"events_{k.value}": counts[k] for k in wanted},
                    **{f"completed_{k}": completed[k] for k in ("bridge", "island", "sea")},
                }
            )
    frame = pd.DataFrame(rows)
    frame.attrs["options"] = game.options.to_dict()
    frame.attrs["reconstruction"] = {
        name: part["reconstruction"] for name, part in game.components().items()
    }
    frame.attrs["seed"] = seed
    return frame


def seat_summary(frame: pd.DataFrame) -> pd.DataFrame:
    """Win rate (ties count for every tied seat) and mean score by seat, with the sample size."""
    summary = frame.groupby("seat").agg(
        games=("game", "nunique"), win_rate=("win", "mean"), mean_score=("score", "mean")
    )
    return summary
