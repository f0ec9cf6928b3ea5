"""What a study records of a game as it is played, besides its end: the score race, the
branching factor and the choices made (a :class:`~solvers.agents.play.Watcher` of the playout).

* **Score race** (the ``trajectory`` table): at the first decision of every new turn
  (:meth:`~models.core.GameState.turn_number` grows), each player's
  :meth:`~models.core.GameState.standing` as the last turn left it — the returns so far, or the
  game's heuristic where most of the score comes at the end (Glory Islands) — and at the end the
  final scores. From it a report reads lead changes, when the eventual winner took the lead for
  good, and the race itself.
* **Branching factor** (the ``branching`` table): at every decision, how many legal actions the
  player had, by decision kind (:meth:`~models.core.GameState.decision_kind`) and tenth of the
  game (by turn), counted per game.
* **Choices** (the ``choices`` table): at every decision, the seat to move and where in the
  game's history its action will stand (:meth:`~models.core.GameState.moves_played`: no copy of
  the history per move); at the end each chosen action is looked up in
  :meth:`~models.core.GameState.history` and named by its kind — the game's vocabulary's action
  kind (:meth:`models.vocabulary.Vocabulary.kind_of`, the words of strategy files) where the
  game has one and it names the action, else the action's class name in lower case — and counted
  per game, seat, decision kind, third of the game (by turn) and action kind (:func:`choices`):
  what each player actually does, early, in the middle and late.

All three cost a few method calls per move and one standing per turn: a random-agent study slows
by a few per cent (``benchmarks/trace_cost.py`` measures it).

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
>>> chosen = choices(decisions)
>>> "play" in set(chosen["action"]), int(chosen["decisions"].sum()) == sum(played.moves)
(True, True)
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

import numpy as np
import pandas as pd

from models.core import GameState
from models.vocabulary import Vocabulary

#: The game is cut into this many parts (by turn) for the branching factor over the game.
PARTS = 10
#: ... and into this many for the choices: early, middle and late (thirds of the game by turn).
PHASES = ("early", "middle", "late")


class Trace:
    """The score race, the branching factor and the choices of one game, as it is played;
    ``vocabulary`` names the kinds of action chosen (the game's, :attr:`GameInfo.vocabulary
    <models.info.GameInfo.vocabulary>`; None: by their class names)."""

    def __init__(self, vocabulary: Vocabulary | None = None) -> None:
        self.points: list[tuple[int, int, tuple[float, ...]]] = []  # turn, decisions, standing
        self.kinds: list[str] = []  # per decision: its kind, legal actions and turn
        self.actions: list[int] = []
        self.turns: list[int] = []
        self.seats: list[int] = []  # ... the seat to move and where its action will stand
        self.steps: list[int] = []  # in the history
        self.turn: int | None = None
        self.vocabulary = vocabulary
        self.state: GameState | None = None  # the state watched (played in place)

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
        self.seats.append(state.current_player())
        self.steps.append(state.moves_played())
        self.state = state

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
        """Every decision of the game as columns (kind, legal actions, turn, seat and the kind
        of action chosen): a chunk counts them into the ``branching`` and ``choices`` tables at
        once (:func:`branching`, :func:`choices`), which is far cheaper than counting game by
        game."""
        return {
            "game": np.full(len(self.turns), game),
            "kind": self.kinds,
            "actions": np.array(self.actions),
            "turn": np.array(self.turns),
            "seat": np.array(self.seats),
            "action": self.chosen_kinds(),
        }

    def chosen_kinds(self) -> list[str]:
        """The kind of the action chosen at each decision, read from the history of the state
        watched (the action a decision chose stands where the history ended when it was
        made)."""
        if self.state is None:
            return []
        history = self.state.history()
        named = _named(self.vocabulary)
        out = []
        for step in self.steps:
            action = history[step]
            name = named.get(action)
            if name is None:
                name = named[action] = action_kind(action, self.vocabulary)
            out.append(name)
        if len(named) > _KEEP_NAMES:  # a game of endless distinct actions: start again
            named.clear()
        return out


#: The kinds of the actions named so far in this process, by vocabulary: an action seen in an
#: earlier game is not matched against the vocabulary again (at most this many kept).
_NAMES: dict[Vocabulary | None, dict[Hashable, str]] = {}
_KEEP_NAMES = 50_000


def _named(vocabulary: Vocabulary | None) -> dict[Hashable, str]:
    return _NAMES.setdefault(vocabulary, {})


def action_kind(action: Hashable, vocabulary: Vocabulary | None) -> str:
    """What the ``choices`` table calls an action: its kind in ``vocabulary`` (the words a
    strategy file uses), else (no vocabulary, or no kind of it matches) its class name in
    lower case.

    >>> from models.core import load_game
    >>> state = load_game("gloryislands", 2).new_initial_state()
    >>> action_kind(state.legal_actions()[0], None), action_kind(3, None)
    ('play', 'int')
    """
    kind = vocabulary.kind_of(action) if vocabulary is not None else None
    return kind.name if kind is not None else type(action).__name__.lower()


def choices(decisions: pd.DataFrame) -> pd.DataFrame:
    """The ``choices`` table from the decisions of some games (:meth:`Trace.decision_columns`):
    counted by game, seat, decision kind, part of the game (the third its turn falls in: 0
    early, 1 middle, 2 late, by :data:`PHASES`) and kind of action chosen."""
    columns = ["game", "seat", "kind", "part", "action", "decisions"]
    if decisions.empty or "action" not in decisions.columns:
        return pd.DataFrame(columns=columns)
    game, games = pd.factorize(decisions["game"])
    kind, kinds = pd.factorize(decisions["kind"])
    action, names = pd.factorize(decisions["action"])
    seat = decisions["seat"].to_numpy(np.int64)
    turn = decisions["turn"].to_numpy(np.int64)
    last = np.ones(len(games), dtype=np.int64)  # each game's last turn (at least 1)
    np.maximum.at(last, game, turn)
    parts = len(PHASES)
    part = np.minimum(parts - 1, turn * parts // (last[game] + 1))
    seats = int(seat.max()) + 1
    # one number a cell: game, seat, kind, part, action
    key = (((game * seats + seat) * len(kinds) + kind) * parts + part) * len(names) + action
    cells, counts = np.unique(key, return_counts=True)
    cells, action_of = np.divmod(cells, len(names))
    cells, part_of = np.divmod(cells, parts)
    cells, kind_of = np.divmod(cells, len(kinds))
    game_of, seat_of = np.divmod(cells, seats)
    return pd.DataFrame(
        {
            "game": np.asarray(games)[game_of],
            "seat": seat_of,
            "kind": np.asarray(kinds)[kind_of],
            "part": part_of,
            "action": np.asarray(names)[action_of],
            "decisions": counts,
        }
    )


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
