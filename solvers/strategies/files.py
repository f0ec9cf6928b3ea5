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
import math
import operator
import re
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from models.data import parse_toml, read_text
from models.errors import AtollError
from models.info import GameInfo
from models.vocabulary import ActionKind, Vocabulary

__all__ = ["Condition", "Param", "Rule", "Strategy", "load_strategy", "parse_strategy"]

#: The agents a strategy may fall back on.
FALLBACKS = ("greedy", "random")
#: The comparisons a condition may make.
OPERATORS: dict[str, Callable[[float, float], bool]] = {
    "<=": operator.le,
    ">=": operator.ge,
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    ">": operator.gt,
}
_CONDITION = re.compile(
    r"^\s*([A-Za-z_][\w]*|-?[0-9.]+)\s*(<=|>=|==|!=|<|>)\s*([A-Za-z_]\w*|-?[0-9.]+)\s*$"
)
_PREFER = re.compile(r"^\s*(lowest|highest)\s+([A-Za-z_]\w*)\s*$")
_TOP = {"name", "game", "about", "fallback", "version", "params", "rules"}
_RULE = {"name", "kind", "when", "where", "prefer", "weights"}
_PARAM = {"value", "low", "high", "help"}


@dataclasses.dataclass(frozen=True)
class Param:
    """A named number of a strategy; ``low``..``high`` (both or neither) is its search range."""

    name: str
    value: int | float
    low: int | float | None = None
    high: int | float | None = None
    help: str = ""

    @property
    def searchable(self) -> bool:
        return self.low is not None and self.high is not None

    @property
    def integer(self) -> bool:
        return all(isinstance(v, int) for v in (self.value, self.low, self.high) if v is not None)


@dataclasses.dataclass(frozen=True)
class Condition:
    """``left op right``; each side a name (feature, parameter, attribute) or a number."""

    text: str
    left: str | float
    op: str
    right: str | float

    def holds(self, lookup: Callable[[str], float]) -> bool:
        a = lookup(self.left) if isinstance(self.left, str) else self.left
        b = lookup(self.right) if isinstance(self.right, str) else self.right
        return OPERATORS[self.op](a, b)

    def names(self) -> tuple[str, ...]:
        return tuple(s for s in (self.left, self.right) if isinstance(s, str))


@dataclasses.dataclass(frozen=True)
class Rule:
    """One rule: when its conditions hold, the actions of ``kind`` that pass ``where``, best
    by ``prefer`` (attribute, +1 highest / -1 lowest, in order) or ``weights``."""

    name: str
    kind: str
    when: tuple[Condition, ...] = ()
    where: tuple[Condition, ...] = ()
    prefer: tuple[tuple[str, int], ...] = ()
    weights: tuple[tuple[str, str | float], ...] = ()


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
            changed.append(_checked_value(known[name], value, self.source))
        replaced = {p.name: p for p in changed}
        params = tuple(replaced.get(p.name, p) for p in self.params)
        return dataclasses.replace(self, params=params)


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
    _unknown(data, _TOP, where, None)
    name = _text(data, "name", where, None, required=True)
    game = _text(data, "game", where, None, required=True)
    if game != info.name:
        raise AtollError(f"the file is for {game!r}, not {info.name!r}", source=where, field="game")
    version = data.get("version", 1)
    if version != 1:
        raise AtollError(
            f"version 1 is the only one, got {version!r}", source=where, field="version"
        )
    fallback = _text(data, "fallback", where, None) or "greedy"
    if fallback not in FALLBACKS:
        raise AtollError(
            f"{fallback!r} is no fallback (one of: {', '.join(FALLBACKS)})",
            source=where,
            field="fallback",
        )
    params = _params(data.get("params", {}), vocab, where)
    rules_data = data.get("rules", [])
    if not isinstance(rules_data, list) or not rules_data:
        raise AtollError("a strategy has at least one [[rules]] table", source=where, field="rules")
    names = {p.name for p in params}
    rules = tuple(_rule(r, k, vocab, names, where) for k, r in enumerate(rules_data, 1))
    return Strategy(
        name=name,
        game=game,
        about=_text(data, "about", where, None) or "",
        fallback=fallback,
        params=params,
        rules=rules,
        source=where,
    )


def _params(data: Any, vocab: Vocabulary, where: str) -> tuple[Param, ...]:
    if not isinstance(data, dict):
        raise AtollError("must be a table", source=where, field="params")
    taken = set(vocab.feature_names()) | {a.name for k in vocab.kinds for a in k.attributes}
    out = []
    for name, spec in data.items():
        entry = f"params.{name}"
        if not re.fullmatch(r"[A-Za-z_]\w*", name):
            raise AtollError(
                "a parameter's name is a word (letters, digits, _)", source=where, field=entry
            )
        if name in taken:
            raise AtollError(
                f"{name!r} is a feature or attribute of the game: name the parameter otherwise",
                source=where,
                field=entry,
            )
        if not isinstance(spec, dict):
            spec = {"value": spec}
        _unknown(spec, _PARAM, where, None, prefix=entry)
        numbers = {k: spec.get(k) for k in ("value", "low", "high")}
        for key, value in numbers.items():
            if value is not None and not _is_number(value):
                raise AtollError(
                    f"must be a number, got {value!r}", source=where, field=f"{entry}.{key}"
                )
        if numbers["value"] is None:
            raise AtollError("missing", source=where, field=f"{entry}.value")
        if (numbers["low"] is None) != (numbers["high"] is None):
            raise AtollError("give both low and high, or neither", source=where, field=entry)
        if numbers["low"] is not None and numbers["low"] > numbers["high"]:
            raise AtollError("low is above high", source=where, field=entry)
        param = Param(
            name, numbers["value"], numbers["low"], numbers["high"], str(spec.get("help", ""))
        )
        out.append(_checked_value(param, param.value, where))
    return tuple(out)


def _checked_value(param: Param, value: Any, where: str) -> Param:
    if not _is_number(value):
        raise AtollError(
            f"{param.name} must be a number, got {value!r}", source=where, field="params"
        )
    if param.integer and param.searchable and not isinstance(value, int):
        if float(value).is_integer():
            value = int(value)
        else:
            raise AtollError(
                f"{param.name} is a whole number, got {value!r}", source=where, field="params"
            )
    if param.searchable and not param.low <= value <= param.high:  # type: ignore[operator]
        raise AtollError(
            f"{param.name}: {value!r} is outside its range {param.low}..{param.high}",
            source=where,
            field="params",
        )
    return dataclasses.replace(param, value=value)


def _rule(data: Any, k: int, vocab: Vocabulary, params: set[str], where: str) -> Rule:
    entry = f"rule {k}"
    if not isinstance(data, dict):
        raise AtollError("must be a table", source=where, entry=entry)
    name = _text(data, "name", where, entry) or f"rule {k}"
    entry = f"rule {k} ({name})"
    _unknown(data, _RULE, where, entry)
    kind_name = _text(data, "kind", where, entry, required=True)
    try:
        kind = vocab.kind(kind_name)
    except KeyError:
        known = ", ".join(k.name for k in vocab.kinds)
        raise AtollError(
            f"unknown action kind {kind_name!r} (the kinds: {known})",
            source=where,
            entry=entry,
            field="kind",
        ) from None
    features = set(vocab.feature_names())
    when = _conditions(data.get("when", []), "when", features | params, vocab, kind, where, entry)
    attrs = set(kind.attribute_names())
    where_ = _conditions(
        data.get("where", []), "where", features | params | attrs, vocab, kind, where, entry
    )
    prefer = _prefer(data.get("prefer"), attrs, kind, where, entry)
    weights = _weights(data.get("weights"), attrs, params, kind, where, entry)
    if prefer and weights:
        raise AtollError(
            "give prefer or weights, not both", source=where, entry=entry, field="weights"
        )
    return Rule(name, kind.name, when, where_, prefer, weights)


def _conditions(
    data: Any,
    field: str,
    names: set[str],
    vocab: Vocabulary,
    kind: ActionKind,
    where: str,
    entry: str,
) -> tuple[Condition, ...]:
    if isinstance(data, str):
        data = [data]
    if not isinstance(data, list):
        raise AtollError("must be a list of conditions", source=where, entry=entry, field=field)
    out = []
    for i, text in enumerate(data):
        at = f"{field}[{i}]"
        if not isinstance(text, str):
            raise AtollError(
                f"a condition is a string, got {text!r}", source=where, entry=entry, field=at
            )
        match = _CONDITION.match(text)
        if match is None:
            raise AtollError(
                f"{text!r} is not NAME OP VALUE (OP one of {' '.join(OPERATORS)})",
                source=where,
                entry=entry,
                field=at,
            )
        left, op, right = match.groups()
        sides = [_side(s, names, vocab, kind, field, where, entry, at) for s in (left, right)]
        out.append(Condition(text.strip(), sides[0], op, sides[1]))
    return tuple(out)


def _side(
    text: str,
    names: set[str],
    vocab: Vocabulary,
    kind: ActionKind,
    field: str,
    where: str,
    entry: str,
    at: str,
) -> str | float:
    if not re.match(r"[A-Za-z_]", text):
        try:
            value = float(text)
        except ValueError:
            raise AtollError(
                f"{text!r} is not a number", source=where, entry=entry, field=at
            ) from None
        return value
    if text in names:
        return text
    known = sorted(names)
    what = (
        "feature, parameter or attribute of " + repr(kind.name)
        if field == "where"
        else "feature or parameter"
    )
    raise AtollError(
        f"unknown {what} {text!r} (known: {', '.join(known)})", source=where, entry=entry, field=at
    )


def _prefer(
    data: Any, attrs: set[str], kind: ActionKind, where: str, entry: str
) -> tuple[tuple[str, int], ...]:
    if data is None:
        return ()
    items = [data] if isinstance(data, str) else data
    if not isinstance(items, list):
        raise AtollError(
            "must be a string or a list of strings", source=where, entry=entry, field="prefer"
        )
    out = []
    for i, text in enumerate(items):
        match = _PREFER.match(text) if isinstance(text, str) else None
        if match is None:
            raise AtollError(
                f"{text!r} is not 'lowest ATTRIBUTE' or 'highest ATTRIBUTE'",
                source=where,
                entry=entry,
                field=f"prefer[{i}]",
            )
        way, attr = match.groups()
        if attr not in attrs:
            raise AtollError(
                _no_attribute(kind, attr, attrs),
                source=where,
                entry=entry,
                field=f"prefer[{i}]",
            )
        out.append((attr, 1 if way == "highest" else -1))
    return tuple(out)


def _weights(
    data: Any, attrs: set[str], params: set[str], kind: ActionKind, where: str, entry: str
) -> tuple[tuple[str, str | float], ...]:
    if data is None:
        return ()
    if not isinstance(data, dict) or not data:
        raise AtollError(
            "must be a table of attribute = weight", source=where, entry=entry, field="weights"
        )
    out: list[tuple[str, str | float]] = []
    for attr, weight in data.items():
        at = f"weights.{attr}"
        if attr not in attrs:
            raise AtollError(
                _no_attribute(kind, attr, attrs),
                source=where,
                entry=entry,
                field=at,
            )
        if isinstance(weight, str):
            if weight not in params:
                raise AtollError(
                    f"unknown parameter {weight!r}", source=where, entry=entry, field=at
                )
        elif not _is_number(weight):
            raise AtollError(
                f"a weight is a number or a parameter, got {weight!r}",
                source=where,
                entry=entry,
                field=at,
            )
        out.append((attr, weight))
    return tuple(out)


def _unknown(
    data: Mapping[str, Any], known: set[str], where: str, entry: str | None, prefix: str = ""
) -> None:
    for key in data:
        if key not in known:
            field = f"{prefix}.{key}" if prefix else key
            raise AtollError(
                f"unknown field (the fields: {', '.join(sorted(known))})",
                source=where,
                entry=entry,
                field=field,
            )


def _text(
    data: Mapping[str, Any], key: str, where: str, entry: str | None, *, required: bool = False
) -> str | None:
    value = data.get(key)
    if value is None:
        if required:
            raise AtollError("missing", source=where, entry=entry, field=key)
        return None
    if not isinstance(value, str) or not value.strip():
        raise AtollError(
            f"must be a non-empty string, got {value!r}", source=where, entry=entry, field=key
        )
    return value.strip()


def _is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _no_attribute(kind: ActionKind, attr: str, attrs: set[str]) -> str:
    known = ", ".join(sorted(attrs)) or "none"
    return f"{kind.name!r} has no attribute {attr!r} (its attributes: {known})"
