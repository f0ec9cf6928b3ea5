"""The agent ladder's entries written to ``solvers/agents/ladder.toml`` (atomically).

Each measured rung is one ``[[entry]]`` table in the format the reader documents
(:mod:`solvers.agents.ladder`, the file's header): ``game``, ``players``, ``agent`` (the tested
agent's spec), ``opponents`` (``"3 greedy"``), ``games``, ``win_share``, ``interval`` (its 95%
interval over the units of the design, ``[low, high]``), ``ms_per_decision``, ``date`` (a TOML
date), ``command``, and the optional ``seed``, ``design`` and ``note``. A new entry replaces the
one of the same game, players, agent and opponents; the others are kept in the file's order,
the new ones appended. The whole file is written to a temporary file and renamed over the old
one (:func:`models.files.write_bytes_atomically`).

>>> import datetime
>>> entry = {"game": "tobago", "players": 4, "agent": "greedy", "opponents": "3 random",
...          "games": 2, "win_share": 1.0, "interval": [0.16, 1.0], "ms_per_decision": 0.5,
...          "date": datetime.date(2026, 12, 3), "command": 'run "x"', "seed": 0}
>>> print(*(line for line in dump([entry]).splitlines() if line[:8] in ("interval", "command ")))
interval = [0.16, 1.0] command = "run \\"x\\""
>>> import tomllib; tomllib.loads(dump([entry]))["entry"][0] == entry
True
"""

from __future__ import annotations

import datetime
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
    "interval",
    "ms_per_decision",
    "date",
    "command",
    "seed",
    "design",
    "note",
)
#: The fields an entry may leave out.
OPTIONAL = ("seed", "design", "note")
#: What makes two entries the same rung (a new one replaces the old).
KEY = ("game", "players", "agent", "opponents")

HEADER = """\
# The agents' measured strength: one [[entry]] per measurement, read by solvers/agents/ladder.py.
#
# Every study report names, beside its findings, each of its agents' entries for the report's
# game and player count, or says "not measured". Entries are written by
# benchmarks/agent_strength.py from what it measured; never write a number here by hand that no
# command measured. A malformed entry is refused in one line naming this file, the entry
# (entry[0] is the first) and the field.
#
# Fields of an entry (all required unless marked optional):
#   game             the game's registry name: "southseas", "gloryislands", "tobago"
#   players          the player count it was measured at
#   agent            the agent spec measured ("greedy", "ismcts:iterations=200"); a report
#                    matches it to its own agents by name and parameters (declared defaults
#                    filled in: "ismcts" is "ismcts:c=0.7")
#   opponents        who sat in the other seats, in words: "3 greedy", "1 random"
#   games            how many games the measurement played
#   win_share        the agent's share of each game's win (1/k for k tied winners), averaged
#                    over the games; the even share is 1/players
#   interval         its 95% interval [low, high] over the games (or the deals), within [0, 1]
#   ms_per_decision  the agent's mean thinking time per decision, in milliseconds
#   date             the day it was measured (a TOML date: 2026-12-01)
#   command          the command that measured it, to run again
#   seed             optional: the root seed of the measurement
#   design           optional: "fixed" or "duplicate", the study design it played
#   note             optional: anything else worth knowing (the machine, its load)
#
# ms_per_decision of the entries below is the study's wall-clock ms per move (forced moves too),
# so it is above a rung's budget when the machine was loaded; the budget itself is a number of
# ISMCTS iterations (benchmarks/agent_strength.py ITERATION_MS, calibrated in CPU ms).
"""


def _value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, datetime.date):
        return value.isoformat()  # a TOML local date
    if isinstance(value, (list, tuple)):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if not math.isfinite(value):
            raise ValueError(f"a ladder figure must be finite, got {value}")
        return repr(round(value, 4))
    return json.dumps(str(value), ensure_ascii=False)  # a TOML basic string


def dump(entries: Sequence[Mapping[str, Any]]) -> str:
    """The TOML text of ``entries`` (each with every field of :data:`FIELDS`, the
    :data:`OPTIONAL` ones when they are given)."""
    parts = [HEADER]
    for entry in entries:
        parts.append("\n[[entry]]\n")
        parts.extend(
            f"{name} = {_value(entry[name])}\n"
            for name in FIELDS
            if name not in OPTIONAL or entry.get(name) not in (None, "")
        )
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
