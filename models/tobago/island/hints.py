"""Hints laid at the four treasures, and the hints file format.

A hints file is TOML with one table per treasure (1 to 4; a treasure without a table has no
hints yet), at most :data:`MAX_HINTS` hints each::

    [treasure.1]
    hints = ["in jungle", "not next to sea"]

    [treasure.3]
    hints = ["in sight of statue"]

>>> hints = parse_hints('[treasure.2]\\nhints = ["in lake"]')
>>> [str(c) for c in hints.of(2)], hints.of(1)
(['in lake'], ())
>>> parse_hints(hints.to_toml()) == hints
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType

from models.data import brief, key_name, parse_toml, read_text
from models.errors import AtollError
from models.tobago.island.clues import Clue

#: TB-S2: four treasures are searched at all times.
TREASURES: tuple[int, ...] = (1, 2, 3, 4)

#: Hints at one treasure: a 52-card deck lays far fewer (each must exclude a candidate, TB-H3),
#: and the solvers' work grows with every hint.
MAX_HINTS = 64


@dataclasses.dataclass(frozen=True)
class Hints:
    """The clues laid at each treasure, in the order they were laid (TB-H1)."""

    by_treasure: Mapping[int, tuple[Clue, ...]] = dataclasses.field(
        default_factory=lambda: MappingProxyType({t: () for t in TREASURES})
    )

    def __post_init__(self) -> None:
        full = {t: tuple(self.by_treasure.get(t, ())) for t in TREASURES}
        bad = set(self.by_treasure) - set(TREASURES)
        if bad:
            raise AtollError(
                f"no treasure {sorted(bad)[0]} (treasures are 1 to 4)", field="treasure"
            )
        object.__setattr__(self, "by_treasure", MappingProxyType(full))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hints) and dict(self.by_treasure) == dict(other.by_treasure)

    def __hash__(self) -> int:
        return hash(tuple(self.by_treasure.items()))

    def of(self, treasure: int) -> tuple[Clue, ...]:
        return self.by_treasure[treasure]

    def with_hint(self, treasure: int, clue: Clue) -> Hints:
        """These hints plus ``clue`` laid behind the others at ``treasure``."""
        return Hints({**self.by_treasure, treasure: (*self.of(treasure), clue)})

    def cleared(self, treasure: int) -> Hints:
        """These hints with ``treasure`` started afresh (after it was raised, TB-G6)."""
        return Hints({**self.by_treasure, treasure: ()})

    def to_toml(self) -> str:
        parts = []
        for t in TREASURES:
            if self.of(t):
                quoted = ", ".join(f'"{c}"' for c in self.of(t))
                parts.append(f"[treasure.{t}]\nhints = [{quoted}]\n")
        return "\n".join(parts)


def load_hints(path: str | Path) -> Hints:
    """Read and validate a hints file."""
    return parse_hints(read_text(path), source=path)


def parse_hints(text: str, *, source: str | Path = "<hints>") -> Hints:
    """Validate hints text; every error names the file, the treasure and the hint."""
    data = parse_toml(text, source=source)
    extra = set(data) - {"treasure"}
    if extra:
        raise AtollError(
            "unknown key (expected [treasure.N] tables)",
            source=source,
            entry=key_name(sorted(extra)[0]),
        )
    tables = data.get("treasure", {})
    if not isinstance(tables, dict):
        raise AtollError(
            f"must be tables [treasure.1] .. [treasure.4], got {brief(tables)}",
            source=source,
            entry="treasure",
        )
    by_treasure: dict[int, tuple[Clue, ...]] = {}
    for key, table in tables.items():
        entry = f"treasure.{key_name(key)}"
        if key not in {str(t) for t in TREASURES}:
            raise AtollError("no such treasure (treasures are 1 to 4)", source=source, entry=entry)
        if not isinstance(table, dict):
            raise AtollError(
                f"must be a table with hints, got {brief(table)}", source=source, entry=entry
            )
        if set(table) - {"hints"}:
            raise AtollError(
                "unknown field: a treasure table holds only 'hints'",
                source=source,
                entry=entry,
                field=key_name(sorted(set(table) - {"hints"})[0]),
            )
        raw = table.get("hints", [])
        if not isinstance(raw, list):
            raise AtollError(
                f"must be a list of clue strings, got {brief(raw)}",
                source=source,
                entry=entry,
                field="hints",
            )
        if len(raw) > MAX_HINTS:
            raise AtollError(
                f"{len(raw)} hints: a treasure takes at most {MAX_HINTS}",
                source=source,
                entry=entry,
                field="hints",
            )
        clues = []
        for i, item in enumerate(raw):
            if not isinstance(item, str):
                raise AtollError(
                    f"must be a clue string, got {brief(item)}",
                    source=source,
                    entry=entry,
                    field=f"hints[{i}]",
                )
            try:
                clues.append(Clue.parse(item))
            except AtollError as exc:
                raise AtollError(
                    exc.message, source=source, entry=entry, field=f"hints[{i}]"
                ) from None
        by_treasure[int(key)] = tuple(clues)
    return Hints(by_treasure)
