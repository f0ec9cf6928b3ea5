"""Strategy files: a named, ordered list of rules in TOML, read and checked against the game's
vocabulary (:mod:`models.vocabulary`) once, when loaded.

The format (version 1)::

    name = "Low cards"                  # shown in reports
    game = "gloryislands"               # the game it is for
    about = "Plays its lowest sail card every round; greedy for the rest."
    fallback = "greedy"                 # who decides where no rule applies: greedy or random
    version = 1                         # optional; the only version so far

    [params]                            # named numbers the rules use (a search varies them)
    top = { value = 2, low = 1, high = 5, help = "the highest card it plays" }

    [[rules]]
    name = "lowest card"                # shown in errors and reports
    kind = "play"                       # the action kind the rule prefers (vocabulary)
    when = ["round >= 1"]               # every condition must hold (features, params, numbers)
    where = ["value <= top"]            # keep the actions whose attributes satisfy these
    prefer = "lowest value"             # among those: lowest/highest ATTRIBUTE (or a list)
    # or: weights = { value = -1.0, fame = "w" } — the highest weighted sum wins

A condition is ``LEFT OP RIGHT`` with ``OP`` one of ``< <= > >= == !=`` and each side a feature,
a parameter, a number or (in ``where``) an attribute of the rule's kind. Actions the rules leave
tied are decided by the fallback among them. A name the game does not know, a parameter out of
its range or a malformed condition is a one-line :class:`~models.errors.AtollError` naming the
file, the rule and the field.

>>> from models.core import game_info
>>> text = '''
... name = "Low cards"
... game = "gloryislands"
... about = "Plays its lowest card."
... [params]
... top = { value = 2, low = 1, high = 5 }
... [[rules]]
... name = "lowest card"
... kind = "play"
... where = ["value <= top"]
... prefer = "lowest value"
... '''
>>> strategy = parse_strategy(text, game_info("gloryislands"), source="low.toml")
>>> strategy.name, strategy.rules[0].where[0].text, strategy.param("top").value
('Low cards', 'value <= top', 2)
>>> strategy.with_values({"top": 9})
Traceback (most recent call last):
...
models.errors.AtollError: low.toml: params: top: 9 is outside its range 1..5
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from models.data import parse_toml, read_text
from models.errors import AtollError
from models.info import GameInfo
from solvers.strategies.rules import (
    Condition,
    Param,
    Rule,
    checked_value,
    read_params,
    read_rule,
    required_text,
    text_value,
    unknown_keys,
)

__all__ = [
    "Condition",
    "Param",
    "Rule",
    "Strategy",
    "dump_strategy",
    "load_strategy",
    "parse_strategy",
]

#: The agents a strategy may fall back on.
FALLBACKS = ("greedy", "random")
_TOP = {"name", "game", "about", "fallback", "version", "params", "rules"}


@dataclasses.dataclass(frozen=True)
class Strategy:
    """A strategy file read and checked (see the module)."""

    name: str
    game: str
    about: str
    fallback: str
    params: tuple[Param, ...]
    rules: tuple[Rule, ...]
    source: str = "<string>"

    def param(self, name: str) -> Param:
        for param in self.params:
            if param.name == name:
                return param
        raise KeyError(name)

    def values(self) -> dict[str, int | float]:
        """Every parameter's value, by name."""
        return {p.name: p.value for p in self.params}

    def searchable(self) -> tuple[Param, ...]:
        """The parameters with a range (what a best-response search varies)."""
        return tuple(p for p in self.params if p.searchable)

    def with_values(self, values: Mapping[str, Any]) -> Strategy:
        """The same strategy with some parameters set (each in its range)."""
        known = {p.name: p for p in self.params}
        changed = []
        for name, value in values.items():
            if name not in known:
                raise AtollError(
                    f"no parameter {name!r} (its parameters: {', '.join(known) or 'none'})",
                    source=self.source,
                    field="params",
                )
            changed.append(checked_value(known[name], value, self.source))
        replaced = {p.name: p for p in changed}
        params = tuple(replaced.get(p.name, p) for p in self.params)
        return dataclasses.replace(self, params=params)


def dump_strategy(strategy: Strategy) -> str:
    """The text of a strategy file that reads back to ``strategy`` (a best response's tuned
    values are written so).

    >>> from models.core import game_info
    >>> from solvers.strategies.bundled import bundled_strategy
    >>> low = bundled_strategy("gloryislands", "low-cards").with_values({"top": 4})
    >>> parse_strategy(dump_strategy(low), game_info("gloryislands")) == dataclasses.replace(
    ...     low, source="<string>")
    True
    """
    import tomlkit  # only when a strategy is written (reading needs tomllib alone)

    doc = tomlkit.document()
    doc.add("name", strategy.name)
    doc.add("game", strategy.game)
    doc.add("about", strategy.about)
    doc.add("fallback", strategy.fallback)
    doc.add("version", 1)
    params = tomlkit.table()
    for p in strategy.params:
        entry = tomlkit.inline_table()
        entry.update({"value": p.value})
        if p.searchable:
            entry.update({"low": p.low, "high": p.high})
        if p.help:
            entry.update({"help": p.help})
        params.add(p.name, entry)
    if strategy.params:
        doc.add("params", params)
    rules = tomlkit.aot()
    for rule in strategy.rules:
        table = tomlkit.table()
        table.add("name", rule.name)
        table.add("kind", rule.kind)
        if rule.when:
            table.add("when", [c.text for c in rule.when])
        if rule.where:
            table.add("where", [c.text for c in rule.where])
        if rule.prefer:
            table.add(
                "prefer", [f"{'highest' if sign > 0 else 'lowest'} {a}" for a, sign in rule.prefer]
            )
        if rule.weights:
            weights = tomlkit.inline_table()
            weights.update(dict(rule.weights))
            table.add("weights", weights)
        rules.append(table)
    doc.add("rules", rules)
    return tomlkit.dumps(doc)


def load_strategy(path: str | Path, info: GameInfo) -> Strategy:
    """A strategy file of ``info``'s game, read (through the one file check) and checked."""
    return parse_strategy(read_text(path), info, source=path)


def parse_strategy(text: str, info: GameInfo, *, source: str | Path = "<string>") -> Strategy:
    """A strategy from the text of its file (see the module)."""
    data = parse_toml(text, source=source)
    where = str(source)
    vocab = info.vocabulary
    if vocab is None:
        raise AtollError(f"{info.title} takes no strategy files", source=where, field="game")
    unknown_keys(data, _TOP, where, None)
    name = required_text(data, "name", where, None)
    game = required_text(data, "game", where, None)
    if game != info.name:
        raise AtollError(f"the file is for {game!r}, not {info.name!r}", source=where, field="game")
    version = data.get("version", 1)
    if version != 1:
        raise AtollError(
            f"version 1 is the only one, got {version!r}", source=where, field="version"
        )
    fallback = text_value(data, "fallback", where, None) or "greedy"
    if fallback not in FALLBACKS:
        raise AtollError(
            f"{fallback!r} is no fallback (one of: {', '.join(FALLBACKS)})",
            source=where,
            field="fallback",
        )
    params = read_params(data.get("params", {}), vocab, where)
    rules_data = data.get("rules", [])
    if not isinstance(rules_data, list) or not rules_data:
        raise AtollError("a strategy has at least one [[rules]] table", source=where, field="rules")
    names = {p.name for p in params}
    rules = tuple(read_rule(r, k, vocab, names, where) for k, r in enumerate(rules_data, 1))
    return Strategy(
        name=name,
        game=game,
        about=text_value(data, "about", where, None) or "",
        fallback=fallback,
        params=params,
        rules=rules,
        source=where,
    )
