"""The strategy agent: plays a strategy file (:mod:`solvers.strategies.files`) through the
protocol.

At each decision it reads the rules in order; the first rule whose ``when`` holds and that
leaves at least one legal action of its kind passing ``where`` decides: the best of those
actions by ``prefer`` (or ``weights``), ties decided by the fallback agent among them. When no
rule applies, the fallback (greedy or random) chooses among all legal actions. Features and
attributes are read from what the player sees (:mod:`models.vocabulary`); at a secret choice
from :meth:`~models.core.GameState.secret_choice_start`, so the choice is the same whatever
the agent's place in the order of choosing. Every random choice (ties, the fallback) comes
from the agent's own generator.

>>> from models.core import load_game, make_rng
>>> from solvers.strategies.bundled import bundled_strategy
>>> game = load_game("gloryislands", 2)
>>> state = game.new_initial_state()
>>> agent = StrategyAgent(bundled_strategy("gloryislands", "low-cards"), game.info, seed=1)
>>> str(agent.choose(state)).startswith("play")
True
"""

from __future__ import annotations

from collections.abc import Callable, Hashable

from models.core import GameState
from models.info import GameInfo
from models.vocabulary import Vocabulary
from solvers.agents.greedy import TIE, GreedyAgent
from solvers.agents.random_agent import RandomAgent
from solvers.agents.spec import Agent
from solvers.strategies.files import Rule, Strategy

__all__ = ["StrategyAgent"]


class StrategyAgent(Agent):
    """A strategy file's rules, then its fallback (see the module)."""

    def __init__(
        self, strategy: Strategy, info: GameInfo, *, seed: int, name: str | None = None
    ) -> None:
        if info.vocabulary is None:
            raise ValueError(f"{info.title} has no vocabulary")
        self.strategy = strategy
        self.vocab: Vocabulary = info.vocabulary
        self.name = name or f"strategy:{strategy.name}"
        self.fallback: GreedyAgent | RandomAgent = (
            GreedyAgent(seed=seed) if strategy.fallback == "greedy" else RandomAgent(seed=seed)
        )
        self.params = strategy.values()
        #: Which rule decided each choice (the rule's name, or "fallback"): counted per game
        #: by whoever wants to know (a report's profile of the strategy).
        self.last_rule = ""

    def choose(self, state: GameState) -> Hashable:
        actions = state.legal_actions()
        if len(actions) == 1:
            self.last_rule = "forced"
            return actions[0]
        player = state.current_player()
        view = state.secret_choice_start() if state.secret_choice() is not None else state
        features: dict[str, float] = {}

        def feature(name: str) -> float:
            if name in self.params:
                return float(self.params[name])
            if name not in features:
                features[name] = float(self.vocab.feature(name).value(view, player))
            return features[name]

        for rule in self.strategy.rules:
            if not all(c.holds(feature) for c in rule.when):
                continue
            best = self._best(rule, view, actions, feature)
            if best:
                self.last_rule = rule.name
                return self.fallback.choose_among(state, best)
        self.last_rule = "fallback"
        return self.fallback.choose(state)

    def _best(
        self,
        rule: Rule,
        view: GameState,
        actions: tuple[Hashable, ...],
        feature: Callable[[str], float],
    ) -> tuple[Hashable, ...]:
        """The legal actions a rule leaves, best first by its order; empty if none."""
        kind = self.vocab.kind(rule.kind)
        attributes = {a.name: a.value for a in kind.attributes}
        scored: list[tuple[tuple[float, ...], Hashable]] = []
        for action in actions:
            if not kind.matches(action):
                continue
            cache: dict[str, float] = {}

            def lookup(
                name: str, action: Hashable = action, cache: dict[str, float] = cache
            ) -> float:
                if name in attributes:
                    if name not in cache:
                        cache[name] = float(attributes[name](view, action))
                    return cache[name]
                return feature(name)

            if not all(c.holds(lookup) for c in rule.where):
                continue
            if rule.weights:
                total = sum(
                    lookup(attr) * (self.params[w] if isinstance(w, str) else w)
                    for attr, w in rule.weights
                )
                key: tuple[float, ...] = (total,)
            else:
                key = tuple(sign * lookup(attr) for attr, sign in rule.prefer)
            scored.append((key, action))
        if not scored:
            return ()
        top = max(key for key, _ in scored)
        return tuple(
            a for key, a in scored if all(k >= t - TIE for k, t in zip(key, top, strict=True))
        )
