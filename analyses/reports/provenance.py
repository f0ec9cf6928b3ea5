"""Where a report's numbers come from, as a reader sees it at the top: the command that made
it, the atoll version, the date, the study's seed and config, the rule options as a table
(option, value, default, rule ID — non-defaults marked) and the component files. Nothing here
is raw JSON or a Python repr.

>>> from models.core import game_info
>>> rows = option_rows(game_info("tobago").options, {"curse_without_gold": "nothing"})
>>> row = next(r for r in rows if r["option"] == "curse_without_gold")
>>> row["value"], row["default"], row["rule"], row["changed"]
('nothing', 'amulet', 'TB-G5', 'yes')
"""

from __future__ import annotations

import dataclasses
import datetime
import re
import shlex
import sys
from collections.abc import Mapping, Sequence
from typing import Any

from models.options import RuleOptions

_RULE = re.compile(r"\b([A-Z]{2}-[A-Z]+\d+)\b")


def plain(value: Any) -> str:
    """A value as a reader writes it: lists joined by commas, booleans as true/false, None
    as "none"."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "none"
    if isinstance(value, (list, tuple, set, frozenset)):
        items = sorted(value) if isinstance(value, (set, frozenset)) else value
        return ", ".join(plain(v) for v in items)
    if isinstance(value, Mapping):
        return "; ".join(f"{k} = {plain(v)}" for k, v in value.items())
    return str(value)


def rule_ids(options: type[RuleOptions]) -> dict[str, str]:
    """Each option's rule ID, read from the first ID its docstring entry names ("" if none)."""
    doc = options.__doc__ or ""
    for base in options.__mro__[1:]:
        doc += "\n" + (base.__doc__ or "")
    found: dict[str, str] = {}
    names = [f.name for f in dataclasses.fields(options)]  # type: ignore[arg-type]
    for name in names:
        match = re.search(rf"^\s+{name}: (.*?)(?=^\s+\w+: |\Z)", doc, re.S | re.M)
        rule = _RULE.search(match.group(1)) if match else None
        found[name] = rule.group(1) if rule else ""
    return found


def option_rows(options: type[RuleOptions], chosen: Mapping[str, Any]) -> list[dict[str, str]]:
    """One row per rule option: its value, its default, its rule ID, and whether it was
    changed from the default."""
    defaults = options().to_dict()
    values = {**defaults, **options.from_mapping(dict(chosen)).to_dict()}
    rules = rule_ids(options)
    return [
        {
            "option": name,
            "value": plain(values[name]),
            "default": plain(default),
            "rule": rules.get(name, ""),
            "changed": "yes" if values[name] != default else "",
        }
        for name, default in defaults.items()
    ]


def command_line(argv: Sequence[str] | None = None) -> str:
    """The command that is running, as the user would type it again."""
    args = list(sys.argv if argv is None else argv)
    if args and args[0].endswith(("atoll", "__main__.py", "-c")):
        args[0] = "atoll"
    return shlex.join(args)


def today() -> str:
    """The date and time now, in UTC (ISO 8601)."""
    return datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()
