"""The agent ladder's entries written to ``solvers/agents/ladder.toml`` (atomically).

Each measured rung is one ``[[entry]]`` table: ``game``, ``players``, ``agent`` (the tested
agent's spec), ``opponents`` (``"3 greedy"``), ``games``, ``win_share``, ``low``, ``high`` (its
95% interval over games), ``ms_per_decision``, ``date`` (UTC, ISO 8601) and ``command``. A new
entry replaces the one of the same game, players, agent and opponents; the others are kept in
the file's order, the new ones appended. The whole file is written to a temporary file and
renamed over the old one (:func:`models.files.write_bytes_atomically`).

>>> entry = {"game": "tobago", "players": 4, "agent": "greedy", "opponents": "3 random",
...          "games": 2, "win_share": 1.0, "low": 0.16, "high": 1.0, "ms_per_decision": 0.5,
...          "date": "2026-12-03T18:00:00Z", "command": 'run "x"'}
>>> print(dump([entry]).splitlines()[1], dump([entry]).splitlines()[-1])
game = "tobago" command = "run \\"x\\""
>>> import tomllib; tomllib.loads(dump([entry]))["entry"][0] == entry
True
"""

from __future__ import annotations

import json
import math
import tomllib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from models.files import write_bytes_atomically

#: The fields of an entry, in the order they are written.
FIELDS = (
    "game",
    "players",
    "agent",
    "opponents",
    "games",
    "win_share",
    "low",
    "high",
    "ms_per_decision",
    "date",
    "command",
)
#: What makes two entries the same rung (a new one replaces the old).
KEY = ("game", "players", "agent", "opponents")

HEADER = (
    "# The agent ladder: each agent's win share against three of the rung below, measured by\n"
    "# benchmarks/agent_strength.py --ladder --write (low, high: its 95% interval over games).\n"
    "# ms_per_decision: the study's wall-clock ms per move (forced moves too), so it is above a\n"
    "# rung's budget when the machine was loaded; the budget itself is a number of iterations\n"
    "# (agent_strength.ITERATION_MS).\n"
)


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"a ladder figure must be finite, got {value}")
        return repr(round(value, 4))
    return json.dumps(str(value), ensure_ascii=False)  # a TOML basic string


def dump(entries: Sequence[Mapping[str, Any]]) -> str:
    """The TOML text of ``entries`` (each with every field of :data:`FIELDS`)."""
    parts = [HEADER]
    for entry in entries:
        parts.append("\n[[entry]]\n")
        parts.extend(f"{name} = {_value(entry[name])}\n" for name in FIELDS)
    return "".join(parts)


def merge(old: Sequence[Mapping[str, Any]], new: Sequence[Mapping[str, Any]]) -> list[dict]:
    """``old`` with every entry of the same rung as one of ``new`` replaced, ``new`` appended."""
    keys = {tuple(e[k] for k in KEY) for e in new}
    kept = [dict(e) for e in old if tuple(e.get(k) for k in KEY) not in keys]
    return kept + [dict(e) for e in new]


def write_entries(path: str | Path, new: Sequence[Mapping[str, Any]]) -> Path:
    """Add ``new`` to the ladder file at ``path`` (made if missing), atomically."""
    target = Path(path)
    old: list[Mapping[str, Any]] = []
    if target.exists():
        with target.open("rb") as handle:
            old = tomllib.load(handle).get("entry", [])
    return write_bytes_atomically(target, dump(merge(old, new)).encode("utf-8"))
