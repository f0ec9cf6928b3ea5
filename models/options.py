"""Rule options: every ambiguity of a rule catalogue is a field of one frozen dataclass per game.

Each game subclasses :class:`RuleOptions` with a ``@dataclasses.dataclass(frozen=True)`` whose
fields have defaults: the published reading, documented with its source. Options load from a
mapping or a TOML file, unknown keys are errors (a typo never falls back to a default silently),
and :meth:`RuleOptions.to_dict` gives plain values to record with every result.

>>> import dataclasses
>>> @dataclasses.dataclass(frozen=True)
... class DemoOptions(RuleOptions):
...     target: int = 20
>>> DemoOptions.from_mapping({"target": 30}).to_dict()
{'target': 30}
>>> DemoOptions.from_mapping({"targte": 30})
Traceback (most recent call last):
...
models.errors.AtollError: targte: unknown field
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from typing import Any, ClassVar, Self

import pydantic

from models.data import read_toml, validate
from models.errors import AtollError


class RuleOptions:
    """Base of the per-game rule-option dataclasses (frozen, validated, loadable from TOML)."""

    __pydantic_config__: ClassVar[pydantic.ConfigDict] = pydantic.ConfigDict(extra="forbid")

    @classmethod
    def from_mapping(cls, data: Mapping[str, Any], *, source: str | Path | None = None) -> Self:
        """Options from a mapping (for example a TOML table); unknown keys are errors."""
        if not isinstance(data, Mapping):
            raise AtollError("rule options must be a table", source=source, field="options")
        result: Self = validate(cls, dict(data), source=source)
        return result

    @classmethod
    def from_toml(cls, path: str | Path, *, table: str | None = None) -> Self:
        """Options from a TOML file, or from one table of it (``[tobago]``, say)."""
        data = read_toml(path)
        if table is not None:
            data = data.get(table, {})
            if not isinstance(data, dict):
                raise AtollError("must be a table", source=path, entry=table)
        return cls.from_mapping(data, source=path)

    def to_dict(self) -> dict[str, Any]:
        """Plain values (sets as sorted lists) for recording with every result."""
        if not dataclasses.is_dataclass(self):
            raise TypeError(f"{type(self).__name__} must be a dataclass")
        out: dict[str, Any] = {}
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if isinstance(value, (set, frozenset)):
                value = sorted(value)
            out[f.name] = value
        return out

    def replace(self, **changes: Any) -> Self:
        """A copy with some options changed, validated like a fresh load."""
        return type(self).from_mapping({**self.to_dict(), **changes})
