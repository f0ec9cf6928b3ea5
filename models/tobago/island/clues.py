"""The Tobago clue language (TB-C1..C4): parse, print, and compile clues to sets of fields.

Grammar::

    [not] (in | next to | in sight of) [the largest] REFERENT
    REFERENT = beach | jungle | river | scrubland | lake | mountain | sea | palm | hut | statue

``in`` and ``the largest`` take terrain types only. An article before a plain referent is
accepted and dropped ("next to the sea" reads as "next to sea"), so printing is canonical.

Semantics over the island fields, with d(f, X) the hex distance from field f to the nearest field
of X: ``in T`` ⇔ d = 0; ``next to X`` by the ``next_to`` option: ``outside`` ⇔ d = 1 (the
default), ``neighbour`` ⇔ one of f's six neighbours is in X, ``within`` ⇔ d ≤ 1;
``in sight of X`` ⇔ d ∈ ``sight`` (default {0, 1, 2}); ``not C`` = the island fields where C
fails.

>>> clue = Clue.parse("not in sight of the largest jungle")
>>> clue.negated, clue.relation.value, clue.largest, clue.referent
(True, 'in sight of', True, 'jungle')
>>> str(Clue.parse("Next to the Sea")) == "next to sea"
True
"""

from __future__ import annotations

import dataclasses
import enum
import re
from functools import lru_cache

import numpy as np

from models.errors import AtollError
from models.tobago.island.hexgrid import Field, hex_distance
from models.tobago.island.map import LAND_TYPES, Island, LandmarkKind, Terrain
from models.tobago.island.options import ClueOptions


class Relation(enum.Enum):
    IN = "in"
    NEXT_TO = "next to"
    IN_SIGHT_OF = "in sight of"


TERRAIN_WORDS: tuple[str, ...] = tuple(t.word for t in LAND_TYPES)
LANDMARK_WORDS: tuple[str, ...] = tuple(k.value for k in LandmarkKind)
REFERENTS: tuple[str, ...] = (*TERRAIN_WORDS, "sea", *LANDMARK_WORDS)


@dataclasses.dataclass(frozen=True)
class Clue:
    """One clue: ``[not] RELATION [the largest] REFERENT``. Hashable and printable."""

    relation: Relation
    referent: str
    largest: bool = False
    negated: bool = False

    def __post_init__(self) -> None:
        if self.referent not in REFERENTS:
            raise AtollError(f"unknown referent {self.referent!r}", field="clue")
        if self.largest and self.referent not in TERRAIN_WORDS:
            raise AtollError(
                f"'the largest' takes a terrain type, not {self.referent!r}", field="clue"
            )
        if self.relation is Relation.IN and self.referent not in TERRAIN_WORDS:
            raise AtollError(
                f"'in' takes a terrain type, not {self.referent!r} "
                "(treasures lie on island fields)",
                field="clue",
            )

    def __str__(self) -> str:
        words = ["not"] if self.negated else []
        words.append(self.relation.value)
        if self.largest:
            words.append("the largest")
        words.append(self.referent)
        return " ".join(words)

    def negation(self) -> Clue:
        """The clue with ``not`` toggled (TB-C2)."""
        return dataclasses.replace(self, negated=not self.negated)

    @classmethod
    def parse(cls, text: str) -> Clue:
        """Parse a clue; an error names the column where it went wrong."""
        return _Parser(text).clue()


class _Parser:
    """A tiny recursive-descent parser over whitespace-separated words, tracking columns."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.words = [(m.group().lower(), m.start()) for m in re.finditer(r"\S+", text)]
        self.pos = 0

    def peek(self, ahead: int = 0) -> str | None:
        i = self.pos + ahead
        return self.words[i][0] if i < len(self.words) else None

    def take(self, word: str) -> bool:
        if self.peek() == word:
            self.pos += 1
            return True
        return False

    def fail(self, expected: str) -> AtollError:
        if self.pos < len(self.words):
            word, col = self.words[self.pos]
            got = f"got {word!r}"
        else:
            col, got = len(self.text), "got the end of the clue"
        return AtollError(
            f"{self.text!r}: at column {col + 1}: expected {expected}, {got}", field="clue"
        )

    def expect(self, word: str) -> None:
        if not self.take(word):
            raise self.fail(repr(word))

    def clue(self) -> Clue:
        negated = self.take("not")
        if self.take("next"):
            self.expect("to")
            relation = Relation.NEXT_TO
        elif self.take("in"):
            if self.take("sight"):
                self.expect("of")
                relation = Relation.IN_SIGHT_OF
            else:
                relation = Relation.IN
        else:
            raise self.fail("'in', 'next to' or 'in sight of'" + ("" if negated else " (or 'not')"))
        largest = False
        if self.peek() == "the" and self.peek(1) == "largest":
            self.pos += 2
            largest = True
        elif self.take("largest"):
            largest = True
        elif self.peek() in ("the", "a", "an"):
            self.pos += 1
        allowed = TERRAIN_WORDS if (largest or relation is Relation.IN) else REFERENTS
        referent = self.peek()
        if referent not in allowed:
            why = "a terrain type" if allowed is TERRAIN_WORDS else "a referent"
            raise self.fail(f"{why} ({', '.join(allowed)})")
        self.pos += 1
        if self.pos != len(self.words):
            raise self.fail("the end of the clue")
        return Clue(relation=relation, referent=referent, largest=largest, negated=negated)


# -- semantics --------------------------------------------------------------------------------


def referent_fields(island: Island, referent: str, largest: bool = False) -> frozenset[Field]:
    """The fields X a clue measures distance to."""
    if referent in LANDMARK_WORDS:
        return frozenset(lm.at for lm in island.landmarks_of(LandmarkKind(referent)))
    terrain = Terrain.SEA if referent == "sea" else Terrain[referent.upper()]
    if largest:
        return frozenset().union(*island.largest_areas(terrain))
    return island.fields_of(terrain)


def holds(island: Island, clue: Clue, options: ClueOptions | None = None) -> np.ndarray:
    """Boolean array over ``island.island_fields``: where the clue holds."""
    options = options or ClueOptions()
    reach = max(1, *options.sight)  # no clue looks farther than this
    targets = referent_fields(island, clue.referent, clue.largest)
    d = island.distances_to(targets, reach)
    if clue.relation is Relation.IN:
        result = d == 0
    elif clue.relation is Relation.NEXT_TO:
        if options.next_to == "neighbour":
            result = island.touching(targets)
        else:
            result = d <= 1 if options.next_to == "within" else d == 1
    else:
        result = np.isin(d, sorted(options.sight))
    return ~result if clue.negated else result


def clue_fields(island: Island, clue: Clue, options: ClueOptions | None = None) -> frozenset[Field]:
    """The island fields where the clue holds."""
    mask = holds(island, clue, options)
    return frozenset(f for f, ok in zip(island.island_fields, mask, strict=True) if ok)


def clue_mask(island: Island, clue: Clue, options: ClueOptions | None = None) -> int:
    """The clue as a bitmask: bit i set ⇔ it holds on ``island.island_fields[i]``. Cached."""
    return _cached_mask(island, clue, options or ClueOptions())


@lru_cache(maxsize=65536)
def _cached_mask(island: Island, clue: Clue, options: ClueOptions) -> int:
    bits = np.packbits(holds(island, clue, options), bitorder="little")
    return int.from_bytes(bits.tobytes(), "little")


def mask_bits(mask: int) -> list[int]:
    """The set bits of a mask, lowest first: indices into ``island.island_fields``.

    >>> mask_bits(0b10110)
    [1, 2, 4]
    """
    out = []
    while mask:
        bit = mask & -mask
        out.append(bit.bit_length() - 1)
        mask ^= bit
    return out


def all_clues() -> list[Clue]:
    """Every clue the grammar allows, each once, in a fixed order."""
    out = []
    for negated in (False, True):
        for relation in Relation:
            for largest in (False, True):
                for referent in REFERENTS:
                    try:
                        out.append(Clue(relation, referent, largest, negated))
                    except AtollError:
                        continue
    return out


def holds_at(island: Island, clue: Clue, field: Field, options: ClueOptions | None = None) -> bool:
    """Reference semantics for one field, written plainly (no arrays, no caching).

    Slow on purpose: it is the independent reading the python-constraint backend and the tests
    use to check :func:`holds`.
    """
    options = options or ClueOptions()
    targets = referent_fields(island, clue.referent, clue.largest)
    d = min((hex_distance(field, x) for x in targets), default=None)
    if clue.relation is Relation.IN:
        result = d == 0
    elif clue.relation is Relation.NEXT_TO:
        touches = any(hex_distance(field, x) == 1 for x in targets)  # a neighbour is in X
        inside = field in targets
        if options.next_to == "outside":
            result = touches and not inside
        elif options.next_to == "neighbour":
            result = touches
        else:
            result = touches or inside
    else:
        result = d is not None and d in options.sight
    return result != clue.negated
