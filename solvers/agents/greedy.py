"""The greedy agent: one step of lookahead judged by the game's own heuristic.

For each legal action the agent applies it to a copy of the position and asks the game for
:meth:`~models.core.GameState.heuristic` (each player's estimated final return; the returns
themselves if the action ends the game). An action's value is the agent's own estimate minus
the best other player's, so it both gains and keeps others from gaining; the best value wins
and ties are broken by the agent's generator.

It never looks past a chance node: only its own action is applied, and if chance moves next
(a tile is drawn, a card turned up) the position is judged there. It never looks at what its
player cannot see either: the copies are made from one determinization,
``state.resample(player, rng)`` (for a game of perfect information, a plain copy).

A **secret choice** (:meth:`~models.core.GameState.secret_choice`: Glory Islands' sail cards)
is judged at the reveal, whatever the agent's place in the order of choosing
(:mod:`solvers.agents.secret`): from the state where the choice began, each own choice is
played out with the other choosers' choices drawn uniformly from their legal ones, ``samples``
times (each time a determinization of the start, the same draws for every own choice), and
its value is the mean margin there.

>>> from models.core import load_game, make_rng
>>> state = load_game("southseas", 3).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> agent = GreedyAgent(seed=1)
>>> agent.choose(state) == GreedyAgent(seed=1).choose(state)
True
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

from models.core import GameState, make_rng
from solvers.agents.secret import reveal
from solvers.agents.spec import Agent, Param

#: Values closer than this are a tie (heuristics are sums of floats).
TIE = 1e-9


def margin(values: Sequence[float], player: int) -> float:
    """``player``'s value minus the best other player's (his own value alone if he is alone).

    >>> margin((3.0, 5.0, 1.0), 0), margin((3.0, 5.0, 1.0), 1)
    (-2.0, 2.0)
    """
    others = [v for p, v in enumerate(values) if p != player]
    return values[player] - max(others) if others else values[player]


def judged_margin(after: GameState, player: int) -> float:
    """``player``'s :func:`margin` where a lookahead stops: on the returns at the end, else on
    the game's heuristic."""
    return margin(after.returns() if after.is_terminal() else after.heuristic(), player)


class GreedyAgent(Agent):
    """One-step lookahead on the game's heuristic; ties broken by the agent's own generator."""

    params: tuple[Param, ...] = (
        Param(
            "samples",
            int,
            8,
            "draws of the others' secret choices to judge one's own against",
            minimum=1,
        ),
    )

    def __init__(self, *, seed: int, samples: int = 8, name: str = "greedy") -> None:
        self.name = name
        self.rng = make_rng(seed)
        self.samples = samples

    def values(self, state: GameState) -> list[tuple[Hashable, float]]:
        """Each legal action with its value (own estimate minus the best other's)."""
        if state.secret_choice() is not None:
            return self.secret_values(state)
        player = state.current_player()
        actions = state.legal_actions()
        base = state.resample(player, self.rng)  # a fresh state: the last action may use it
        out = []
        for i, action in enumerate(actions):
            after = base if i == len(actions) - 1 else base.clone()
            after.apply(action)
            out.append((action, judged_margin(after, player)))
        return out

    def secret_values(self, state: GameState) -> list[tuple[Hashable, float]]:
        """At a secret choice: each own choice with its mean margin at the reveal (module)."""
        player = state.current_player()
        start = state.secret_choice_start()
        seeds = [self.rng.getrandbits(63) for _ in range(self.samples)]
        out = []
        for action in state.legal_actions():
            total = 0.0
            for seed in seeds:  # common draws: every own choice meets the same others'
                rng = make_rng(seed)
                after = reveal(start.resample(player, rng), player, action, rng)
                total += judged_margin(after, player)
            out.append((action, total / len(seeds)))
        return out

    def choose(self, state: GameState) -> Hashable:
        actions = state.legal_actions()
        if len(actions) == 1:
            return actions[0]
        values = self.values(state)
        top = max(v for _, v in values)
        best = [a for a, v in values if v >= top - TIE]
        return best[0] if len(best) == 1 else self.rng.choice(best)
