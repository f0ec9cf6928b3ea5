"""The field of a tournament: its entrants, as named on the command line, read and checked once.

An entry (``--strategies A,B,C``) is one of

* a bundled strategy's name (``low-cards``): the agent ``strategy:low-cards``;
* a strategy file's path (``my.toml``, anything ending in ``.toml`` or holding a ``/``): the
  agent ``strategy:my.toml``;
* an agent spec (``greedy``, ``random``, ``ismcts:iterations=50``,
  ``strategy:low-cards,top=3``): as it is.

Entries are separated by commas or ``;`` as the seats of ``--agents`` are
(:func:`solvers.agents.split_specs`: ``ismcts:iterations=50,depth=2`` stays one entry). Every
entry is read for its game here (a strategy file loaded and checked against the game's
vocabulary), so a bad one is a one-line error before anything is played; two entries that name
the same agent are refused. Each entrant records the SHA-256 of its strategy file's text, so a
tournament resumed after the file changed is refused (:mod:`analyses.strategies.tournament`).

>>> field = read_field("gloryislands", "low-cards,ismcts:iterations=50,depth=2")
>>> [(e.entry, e.source) for e in field], field[0].spec
([('low-cards', 'bundled'), ('ismcts:iterations=50,depth=2', '')], 'strategy:low-cards')
>>> read_field("gloryislands", "random")
Traceback (most recent call last):
...
models.errors.AtollError: --strategies: a tournament needs at least 2 entrants, got 1 (random)
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from models.data import brief, read_text
from models.errors import AtollError
from solvers.agents import AGENTS, read_agent, split_specs
from solvers.strategies.bundled import bundled_names

__all__ = ["Entrant", "as_spec", "read_field"]

FIELD = "--strategies"
#: What an entry that is one of atoll's own agents is, in words (a strategy says it in its file).
AGENT_ABOUT = {
    "random": "atoll's random agent: every legal action equally likely (the baseline).",
    "greedy": "atoll's greedy agent: one step of lookahead on the game's heuristic.",
    "ismcts": "atoll's ISMCTS agent: information-set Monte Carlo tree search over playouts.",
}


@dataclasses.dataclass(frozen=True)
class Entrant:
    """One entrant of a field: the ``entry`` as given (how reports name it), the agent ``spec``
    its games are played with, a ``name`` (the strategy's own, or the spec), what it does
    (``about``), and for a strategy its file (``source``: the path as given, or ``bundled``) and
    the SHA-256 of its text."""

    entry: str
    spec: str
    name: str
    about: str
    source: str = ""
    sha256: str = ""

    @property
    def is_strategy(self) -> bool:
        return bool(self.sha256)

    def to_dict(self) -> dict[str, str]:
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Entrant:
        return cls(**{f.name: str(data.get(f.name, "")) for f in dataclasses.fields(cls)})


def as_spec(entry: str, game: str) -> str:
    """The agent spec an entry names (see the module): an agent spec as it is, a strategy
    file's path or a bundled strategy's name as ``strategy:...``.

    >>> as_spec("low-cards", "gloryislands"), as_spec("plans/my.toml", "gloryislands")
    ('strategy:low-cards', 'strategy:plans/my.toml')
    >>> as_spec("ismcts:iterations=50", "gloryislands")
    'ismcts:iterations=50'
    """
    text = entry.strip()
    head = text.partition(":")[0].strip()
    if head in (*AGENTS, "strategy"):
        return text
    if text.endswith(".toml") or "/" in text or "\\" in text:
        return f"strategy:{text}"
    if text not in bundled_names(game):
        bundled = ", ".join(bundled_names(game)) or "none"
        raise AtollError(
            f"{brief(text)} is no agent ({', '.join(AGENTS)}), no bundled strategy of {game} "
            f"(bundled: {bundled}) and no strategy file (a path ending in .toml)",
            field=FIELD,
        )
    return f"strategy:{text}"


def read_field(game: str, entries: str | Sequence[str]) -> tuple[Entrant, ...]:
    """The entrants ``entries`` name (a ``--strategies`` text or a list of entries), each read
    and checked for ``game``; at least two, none twice."""
    listed = split_specs(entries) if isinstance(entries, str) else tuple(e.strip() for e in entries)
    listed = tuple(e for e in listed if e)
    field = tuple(_entrant(game, entry) for entry in listed)
    if len(field) < 2:
        named = f" ({', '.join(e.entry for e in field)})" if field else ""
        raise AtollError(
            f"a tournament needs at least 2 entrants, got {len(field)}{named}", field=FIELD
        )
    seen: dict[str, str] = {}
    for entrant in field:
        if entrant.spec in seen:
            raise AtollError(
                f"{entrant.entry!r} and {seen[entrant.spec]!r} name the same entrant "
                f"({entrant.spec}): name each once",
                field=FIELD,
            )
        seen[entrant.spec] = entrant.entry
    return field


def _entrant(game: str, entry: str) -> Entrant:
    spec = as_spec(entry, game)
    read = read_agent(spec, game)  # a bad spec or strategy file: its one line, here
    strategy = read.strategy
    if strategy is None:
        return Entrant(entry, read.text, read.text, AGENT_ABOUT.get(read.name, read.text))
    path = Path(str(strategy.source))
    digest = hashlib.sha256(read_text(path).encode("utf-8")).hexdigest()
    target = spec.partition(":")[2].split(",")[0].strip()
    bundled = not (target.endswith(".toml") or "/" in target or "\\" in target)
    return Entrant(
        entry,
        read.text,
        strategy.name,
        strategy.about,
        source="bundled" if bundled else target,
        sha256=digest,
    )
