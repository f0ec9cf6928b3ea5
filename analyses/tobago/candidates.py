"""The candidates of each treasure and what a solver of the puzzle needs beside them: their
status, the smallest conflicting set of a contradictory treasure, the treasures no card of the
deck can narrow. One answer for ``atoll tobago candidates`` and the explore page, so the two
always show the same thing.

>>> from models.tobago.island.deck import load_deck
>>> from models.tobago.island.hints import parse_hints
>>> from models.tobago.island.mapfile import resolve_map
>>> view = solve_view(resolve_map("reef"), parse_hints('[treasure.1]\\nhints = ["in jungle"]'),
...                   load_deck(None))
>>> view.to_json()["treasures"]["1"]["status"], len(view.answer.fields[2]) > 1
('marked', True)
"""

from __future__ import annotations

import dataclasses
from typing import Any

from models.tobago.island.deck import Deck
from models.tobago.island.hints import TREASURES, Hints
from models.tobago.island.map import Island
from models.tobago.island.options import ClueOptions
from solvers.limits import DEFAULT_TIME_LIMIT
from solvers.tobago.explain import smallest_conflict
from solvers.tobago.hints import (
    Backend,
    CandidateAnswer,
    Conflict,
    LegalityMatrix,
    legality_matrix,
    solve_candidates,
    treasure_status,
)

__all__ = [
    "CandidatesView",
    "conflict_text",
    "deck_at_every_treasure",
    "inseparable_text",
    "solve_view",
]


@dataclasses.dataclass(frozen=True)
class CandidatesView:
    """The candidates of a position with their status, conflicts and separability."""

    island: Island
    deck: Deck
    options: ClueOptions
    answer: CandidateAnswer
    #: Per treasure left without a candidate: ``{"hints": [...]}`` (its fewest conflicting
    #: hints) or ``{"treasures": [...], "fields": [...]}`` (treasures that cannot all be apart).
    conflicts: dict[int, dict[str, Any]]
    #: Treasures with two or more candidates that no card of the deck can narrow.
    stuck: frozenset[int]
    #: How many distinct cards of the deck may be laid at each treasure now.
    legal_cards: dict[int, int]

    def status(self, treasure: int) -> str:
        return treasure_status(len(self.answer.fields[treasure]), self.options)

    def to_json(self) -> dict[str, Any]:
        """What ``atoll tobago candidates --json`` prints."""
        treasures = {}
        for t in TREASURES:
            fields = self.answer.fields[t]
            entry: dict[str, Any] = {"candidates": [list(f) for f in fields]}
            entry["status"] = self.status(t)
            if t in self.conflicts:
                entry["conflict"] = self.conflicts[t]
            entry["legal_cards"] = self.legal_cards[t]
            # null: one candidate or none, nothing left to separate
            entry["separable"] = None if len(fields) < 2 else t not in self.stuck
            if entry["separable"] is False:
                entry["separable_note"] = inseparable_text(len(fields))
            treasures[str(t)] = entry
        return {
            "map": self.island.name,
            "treasures": treasures,
            "deck": self.deck.source,
            "reconstruction": self.deck.reconstruction,
        }


def solve_view(
    island: Island,
    hints: Hints,
    deck: Deck,
    *,
    backend: Backend = "cpsat",
    distinct: bool = False,
    options: ClueOptions | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> CandidatesView:
    """Solve the candidates (within ``time_limit``: past it
    :class:`~solvers.limits.SolverUnknown`, never a partial answer) and everything shown beside
    them."""
    options = options or ClueOptions()
    answer = solve_candidates(
        island, hints, backend=backend, distinct=distinct, options=options, time_limit=time_limit
    )
    conflicts = {
        t: _conflict(island, hints, answer.conflict_of(t), t, options, time_limit)
        for t in TREASURES
        if not answer.fields[t]
    }
    matrix = deck_at_every_treasure(island, hints, deck, options)
    counts = {t: matrix.legal_count(t) for t in TREASURES}
    return CandidatesView(
        island, deck, options, answer, conflicts, frozenset(matrix.inseparable()), counts
    )


def deck_at_every_treasure(
    island: Island, hints: Hints, deck: Deck, options: ClueOptions
) -> LegalityMatrix:
    """Every distinct card of the deck at every treasure, to find the treasures no card can
    narrow: set algebra on the compiled clues (the bitset path, as ``rank`` uses), exact and
    in milliseconds where enumerating a big map's candidates again could take seconds."""
    return legality_matrix(island, hints, deck.distinct(), backend="bitset", options=options)


def inseparable_text(candidates: int) -> str:
    return (
        f"every card of the deck excludes none or all of these {candidates} candidates, so no "
        "hint can ever narrow them"
    )


def _conflict(
    island: Island,
    hints: Hints,
    conflict: Conflict | None,
    treasure: int,
    options: ClueOptions,
    time_limit: float,
) -> dict[str, Any]:
    """What leaves a treasure without candidates: the fewest of its hints that conflict, or the
    treasures that cannot all lie on distinct fields."""
    if conflict is None or conflict.treasures == (treasure,):
        clues = smallest_conflict(island, hints.of(treasure), options, time_limit)
        return {"hints": [str(c) for c in clues]}
    return {"treasures": list(conflict.treasures), "fields": [list(f) for f in conflict.fields]}


def conflict_text(conflict: dict[str, Any]) -> str:
    """A conflict of :attr:`CandidatesView.conflicts` in words."""
    if "hints" in conflict:
        quoted = " and ".join(f"'{c}'" for c in conflict["hints"])
        return f"contradictory hints: {quoted} exclude every field together"
    group = " and ".join(str(t) for t in conflict["treasures"])
    fields = " ".join(f"[{c},{r}]" for c, r in conflict["fields"]) or "no field"
    return f"treasures {group} cannot lie on distinct fields: they share only {fields}"
