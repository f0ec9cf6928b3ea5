"""What a study records of a game as it is played, besides its end: the score race and the
branching factor (a :class:`~solvers.agents.play.Watcher` of the playout).

* **Score race** (the ``trajectory`` table): at the first decision of every new turn
  (:meth:`~models.core.GameState.turn_number` grows), each player's
  :meth:`~models.core.GameState.standing` as the last turn left it — the returns so far, or the
  game's heuristic where most of the score comes at the end (Glory Islands) — and at the end the
  final scores. From it a report reads lead changes, when the eventual winner took the lead for
  good, and the race itself.
* **Branching factor** (the ``branching`` table): at every decision, how many legal actions the
  player had, by decision kind (:meth:`~models.core.GameState.decision_kind`) and tenth of the
  game (by turn), counted per game.

Both cost a few method calls per move and one standing per turn: a random-agent study slows by
a few per cent (``benchmarks/trace_cost.py`` measures it).

>>> from models.core import load_game, make_rng
>>> from solvers.agents import make_agent
>>> from solvers.agents.play import play_out
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> trace = Trace()
>>> played = play_out(state, [make_agent("random", 1), make_agent("random", 2)], make_rng(3),
...                   watcher=trace)
>>> table = trace.trajectory_columns(7, state)
>>> bool(table["final"][-1]), bool(table["score"][-1] == state.returns()[1])
(True, True)
>>> decisions = pd.DataFrame(trace.decision_columns(7))
>>> int(branching(decisions)["decisions"].sum()) == sum(played.moves)
True
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np
import pandas as pd

from models.core import GameState

#: The game is cut into this many parts (by turn) for the branching factor over the game.
PARTS = 10


class Trace:
    """The score race and the branching factor of one game, as it is played."""

    def __init__(self) -> None:
        self.points: list[tuple[int, int, tuple[float, ...]]] = []  # turn, decisions, standing
        self.kinds: list[str] = []  # per decision: its kind, legal actions and turn
        self.actions: list[int] = []
        self.turns: list[int] = []
        self.turn: int | None = None

    def decision(self, state: GameState, actions: tuple[Hashable, ...]) -> None:
        """Before each decision: a new turn's first decision takes the standing the last
        turn left (only chance moved since), then the decision is noted."""
        turn = state.turn_number()
        if turn != self.turn:
            if self.turn is not None:
                self.points.append((self.turn, len(self.turns), state.standing()))
            self.turn = turn
        self.kinds.append(state.decision_kind())
        self.actions.append(len(actions))
        self.turns.append(turn)

    def trajectory_columns(self, game: int, state: GameState) -> dict[str, np.ndarray]:
        """The ``trajectory`` table of the game as columns (arrays): a point per turn and seat,
        then the final scores."""
        points = [*self.points, (self.turn or 0, len(self.turns), state.returns())]
        count, seats = len(points), len(points[-1][2])
        point = np.repeat(np.arange(count), seats)
        return {
            "game": np.full(count * seats, game),
            "point": point,
            "turn": np.repeat(np.array([t for t, _, _ in points]), seats),
            "decisions": np.repeat(np.array([d for _, d, _ in points]), seats),
            "seat": np.tile(np.arange(seats), count),
            "score": np.array([s for _, _, s in points], dtype=float).ravel(),
            "final": point == count - 1,
        }

    def decision_columns(self, game: int) -> dict[str, Any]:
        """Every decision of the game as columns (kind, legal actions, turn): a chunk counts
        them into the ``branching`` table at once (:func:`branching`), which is far cheaper
        than counting game by game."""
        return {
            "game": np.full(len(self.turns), game),
            "kind": self.kinds,
            "actions": np.array(self.actions),
            "turn": np.array(self.turns),
        }


def branching(decisions: pd.DataFrame) -> pd.DataFrame:
    """The ``branching`` table from the decisions of some games: counted by game, kind, part of
    the game (the tenth its turn falls in) and number of legal actions."""
    columns = ["game", "kind", "part", "actions", "decisions"]
    if decisions.empty:
        return pd.DataFrame(columns=columns)
    game, games = pd.factorize(decisions["game"])
    kind, kinds = pd.factorize(decisions["kind"])
    turn = decisions["turn"].to_numpy(np.int64)
    last = np.ones(len(games), dtype=np.int64)  # each game's last turn (at least 1)
    np.maximum.at(last, game, turn)
    part = np.minimum(PARTS - 1, turn * PARTS // (last[game] + 1))
    actions = decisions["actions"].to_numpy(np.int64)
    width = int(actions.max()) + 1
    key = ((game * len(kinds) + kind) * PARTS + part) * width + actions  # one number a cell
    cells, counts = np.unique(key, return_counts=True)
    return pd.DataFrame(
        {
            "game": np.asarray(games)[cells // (width * PARTS * len(kinds))],
            "kind": np.asarray(kinds)[cells // (width * PARTS) % len(kinds)],
            "part": cells // width % PARTS,
            "actions": cells % width,
            "decisions": counts,
        }
    )
