"""Strategies written as data: a strategy file is a named, ordered list of rules over what a
player can see (:mod:`solvers.strategies.files`), played by :class:`StrategyAgent`
(:mod:`solvers.strategies.agent`); each game ships some (:mod:`solvers.strategies.bundled`).
On a command line a strategy is the agent spec ``strategy:NAME`` or ``strategy:FILE``, with
parameters set after it: ``strategy:low-cards,top=3``.
"""

from solvers.strategies.agent import StrategyAgent
from solvers.strategies.bundled import bundled_names, bundled_strategy, find_strategy
from solvers.strategies.files import Strategy, load_strategy, parse_strategy

__all__ = [
    "Strategy",
    "StrategyAgent",
    "bundled_names",
    "bundled_strategy",
    "find_strategy",
    "load_strategy",
    "parse_strategy",
]
