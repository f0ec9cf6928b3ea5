"""The parts of a strategy file's rules (:mod:`solvers.strategies.files`): named parameters,
conditions (``LEFT OP RIGHT``) and one rule's table, each read and checked against the game's
vocabulary, with a one-line :class:`~models.errors.AtollError` naming the file, the rule and
the field.

>>> Condition("card >= 3", "card", ">=", 3.0).holds({"card": 4.0}.__getitem__)
True
"""

from __future__ import annotations

import dataclasses
import math
import operator
import re
from collections.abc import Callable, Mapping
from typing import Any

from models.errors import AtollError
from models.vocabulary import ActionKind, Vocabulary

__all__ = ["OPERATORS", "Condition", "Param", "Rule", "read_params", "read_rule"]

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


def read_params(data: Any, vocab: Vocabulary, where: str) -> tuple[Param, ...]:
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
        unknown_keys(spec, _PARAM, where, None, prefix=entry)
        numbers = {k: spec.get(k) for k in ("value", "low", "high")}
        for key, value in numbers.items():
            if value is not None and not is_number(value):
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
        out.append(checked_value(param, param.value, where))
    return tuple(out)


def checked_value(param: Param, value: Any, where: str) -> Param:
    if not is_number(value):
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
    if param.low is not None and param.high is not None and not param.low <= value <= param.high:
        raise AtollError(
            f"{param.name}: {value!r} is outside its range {param.low}..{param.high}",
            source=where,
            field="params",
        )
    return dataclasses.replace(param, value=value)


def read_rule(data: Any, k: int, vocab: Vocabulary, params: set[str], where: str) -> Rule:
    entry = f"rule {k}"
    if not isinstance(data, dict):
        raise AtollError("must be a table", source=where, entry=entry)
    name = text_value(data, "name", where, entry) or f"rule {k}"
    entry = f"rule {k} ({name})"
    unknown_keys(data, _RULE, where, entry)
    kind_name = required_text(data, "kind", where, entry)
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
        elif not is_number(weight):
            raise AtollError(
                f"a weight is a number or a parameter, got {weight!r}",
                source=where,
                entry=entry,
                field=at,
            )
        out.append((attr, weight))
    return tuple(out)


def unknown_keys(
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


def text_value(
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


def is_number(value: Any) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def _no_attribute(kind: ActionKind, attr: str, attrs: set[str]) -> str:
    known = ", ".join(sorted(attrs)) or "none"
    return f"{kind.name!r} has no attribute {attr!r} (its attributes: {known})"


def required_text(data: Mapping[str, Any], key: str, where: str, entry: str | None) -> str:
    """A string field that must be there (a one-line error otherwise)."""
    value = text_value(data, key, where, entry, required=True)
    if value is None:  # text_value raises first: for the type checker
        raise AtollError("missing", source=where, entry=entry, field=key)
    return value
