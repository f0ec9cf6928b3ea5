"""Secret choices made one after another: judged at the reveal, the same from every place in the
order (:meth:`~models.core.GameState.secret_choice`).

The engine asks for a secret choice (Glory Islands' sail cards) one player after another, but the
rules make it simultaneous: nobody sees another's choice before all are revealed. An agent that
judged its choice right after making it would see the reveal only when it chooses last (the
choices before it redrawn from what it cannot see) and judge a first choice before anything
happened: the order would decide how it plays. So an agent goes back to where the choice began
(:meth:`~models.core.GameState.secret_choice_start`) and plays the whole choice out, every
chooser treated alike, whatever its place.

Two models of the others are here:

* :func:`reveal` — every other chooser **uniform** among his legal choices (how ``resample``
  redraws a hidden choice already made). A best reply to it is a pure choice, and identical
  agents then make identical choices: in a game with little chance (Glory Islands) two greedy
  agents played the 1-card every round of every game, and the cards' tie-breakers alone decided
  the race (the first colour won 0.99 of 2-player games).
* :func:`equilibrium` — the choice as the simultaneous game it is: every chooser, the agent
  included, plays **regret matching** (Hart and Mas-Colell, 2000) on the game's own judgement at
  the reveal, over ``samples`` determinizations of the start, for ``rounds`` rounds; the
  agent's average strategy is a mixed one, from which it draws. In a two-player game whose
  judgement is a margin (zero-sum) the average strategies approach a minimax equilibrium; with
  more players, a coarse correlated equilibrium of the sampled game. Either way no chooser's
  model depends on where the engine asks him.

>>> from models.core import load_game, make_rng
>>> state = load_game("gloryislands", 2).new_initial_state()
>>> rng = make_rng(0)
>>> while state.is_chance_node():
...     state.apply(state.sample_chance(rng))
>>> key = state.secret_choice()
>>> after = reveal(state.secret_choice_start(), 0, state.legal_actions()[0], make_rng(1))
>>> after.secret_choice() != key and after.moves_played() == state.moves_played() + 2
True
>>> mix = equilibrium(state.secret_choice_start(), 0, make_rng(2), samples=2, rounds=8)
>>> sorted(mix.strategy, key=str) == sorted(state.legal_actions(), key=str)
True
>>> abs(sum(mix.strategy.values()) - 1) < 1e-9
True
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Hashable, Mapping

from models.core import GameState, make_rng
from solvers.agents.judge import judged_margin


def reveal(start: GameState, player: int, action: Hashable, rng: random.Random) -> GameState:
    """``start`` (a state where a secret choice begins; changed in place and returned) played to
    the end of that choice: ``player`` chooses ``action``, every other chooser uniformly among
    his legal choices (drawn with ``rng``, in the order the engine asks)."""
    return _play(start, lambda chooser, legal: action if chooser == player else rng.choice(legal))


def _play(start: GameState, choose: Callable[[int, tuple[Hashable, ...]], Hashable]) -> GameState:
    """``start`` played to the end of its secret choice, each chooser's choice from ``choose``
    (given him and his legal choices); changed in place and returned."""
    key = start.secret_choice()
    while start.secret_choice() == key and start.current_player() >= 0:
        chooser = start.current_player()
        start.apply(choose(chooser, tuple(start.legal_actions())))
    return start


@dataclasses.dataclass
class Mix:
    """What :func:`equilibrium` found for one chooser: his mixed ``strategy`` (each legal
    choice's probability) and each choice's mean ``value`` (his margin at the reveal against
    the others' strategies, over the rounds)."""

    strategy: dict[Hashable, float]
    value: dict[Hashable, float]

    def draw(self, rng: random.Random) -> Hashable:
        """A choice drawn from the strategy with ``rng``."""
        actions = list(self.strategy)
        return rng.choices(actions, weights=[self.strategy[a] for a in actions])[0]


class _Regrets:
    """One chooser's regret matching: the current strategy from the positive regrets, and the
    sums that make the average strategy and the mean values."""

    def __init__(self) -> None:
        self.regret: dict[Hashable, float] = {}
        self.strategy_sum: dict[Hashable, float] = {}
        self.value_sum: dict[Hashable, float] = {}
        self.rounds: dict[Hashable, int] = {}

    def strategy(self, legal: tuple[Hashable, ...]) -> dict[Hashable, float]:
        positive = {a: max(self.regret.get(a, 0.0), 0.0) for a in legal}
        total = sum(positive.values())
        if total <= 0:
            return {a: 1 / len(legal) for a in legal}
        return {a: r / total for a, r in positive.items()}

    def update(self, current: Mapping[Hashable, float], values: Mapping[Hashable, float]) -> None:
        expected = sum(current[a] * values[a] for a in values)
        for a, v in values.items():
            self.regret[a] = self.regret.get(a, 0.0) + v - expected
            self.strategy_sum[a] = self.strategy_sum.get(a, 0.0) + current[a]
            self.value_sum[a] = self.value_sum.get(a, 0.0) + v
            self.rounds[a] = self.rounds.get(a, 0) + 1

    def mix(self) -> Mix:
        total = sum(self.strategy_sum.values())
        strategy = {a: s / total for a, s in self.strategy_sum.items()}
        value = {a: self.value_sum[a] / self.rounds[a] for a in self.value_sum}
        return Mix(strategy, value)


def equilibrium(
    start: GameState, player: int, rng: random.Random, *, samples: int, rounds: int
) -> Mix:
    """``player``'s mixed strategy for the secret choice beginning at ``start`` (module doc):
    ``samples`` determinizations of ``start`` as ``player`` sees it (drawn with ``rng``), used
    in turn by ``rounds`` rounds of regret matching in which every chooser draws a choice
    from his current strategy and then learns what each of his choices would have given him
    against the others' draws (one reveal and one judgement each)."""
    dets = [start.resample(player, make_rng(rng.getrandbits(63))) for _ in range(samples)]
    learners: dict[int, _Regrets] = {}
    for t in range(rounds):
        det = dets[t % samples]
        current, drawn = _draw(det.clone(), learners, rng)
        for chooser, strategy in current.items():
            values = {}
            for action in strategy:
                after = _play(det.clone(), _Profile({**drawn, chooser: action}, rng))
                values[action] = judged_margin(after, chooser)
            learners[chooser].update(strategy, values)
    return learners[player].mix()


def _draw(
    det: GameState, learners: dict[int, _Regrets], rng: random.Random
) -> tuple[dict[int, dict[Hashable, float]], dict[int, Hashable]]:
    """One round's draws: each chooser's current strategy (a new chooser's learner made) and
    the choice drawn from it, as the secret choice at ``det`` is played out (in place)."""
    current: dict[int, dict[Hashable, float]] = {}
    drawn: dict[int, Hashable] = {}

    def draw(chooser: int, legal: tuple[Hashable, ...]) -> Hashable:
        strategy = learners.setdefault(chooser, _Regrets()).strategy(legal)
        current[chooser] = strategy
        drawn[chooser] = rng.choices(legal, weights=[strategy[a] for a in legal])[0]
        return drawn[chooser]

    _play(det, draw)
    return current, drawn


class _Profile:
    """Chooses each chooser's choice in ``profile`` if it is legal (a choice may depend on those
    before it in some game), else one drawn uniformly with ``rng``."""

    def __init__(self, profile: Mapping[int, Hashable], rng: random.Random) -> None:
        self.profile, self.rng = profile, rng

    def __call__(self, chooser: int, legal: tuple[Hashable, ...]) -> Hashable:
        choice = self.profile.get(chooser)
        return choice if choice in legal else self.rng.choice(legal)
