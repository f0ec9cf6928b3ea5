"""Luck held fixed across settings: a game's chance drawn from named streams, one per purpose,
each keyed by what it draws, so that a change to one component alters only what it must.

A :class:`Luck` draws the outcome of every chance node of one game from a seed. The node names
its purpose (:meth:`~models.core.GameState.chance_stream`: ``"tiles"``, ``"ships"``, ``"clues"``,
``"gold"`` ...), and each purpose has its own stream, so drawing one more ship does not move
the tiles. Within a stream the draw is keyed by the outcome's identity (its text), not by its
place in a list of outcomes:

* **A pile** (:meth:`~models.core.GameState.chance_pile`: what is left of a set of copies,
  drawn without putting back: a tile stack, a clue pile) is a shuffle for each seat it is drawn
  for (:meth:`~models.core.GameState.chance_for`; the table is one more): every copy ``j`` of
  every kind has a key per seat, fixed by the seed, the stream, the seat, the kind and ``j``,
  and a draw takes the copy left with the least key for the seat it is for. Each draw is
  exactly uniform over the copies left (the keys of the copies left are alike, whoever drew
  the others). A set with one more copy of a kind, or a kind whose other values changed, keeps
  every seat's order of the copies both sets share; a larger hand deals each player the cards
  of the smaller one and one more. Where the pile stops being what is left of the set (copies
  put back, discards reshuffled, a new share dealt), what it holds then is shuffled anew.
* **Any other chance node** is an exponential race: the ``k``-th draw of the stream gives each
  outcome a key from the seed, the stream, ``k`` and the outcome's text, and the outcome with
  the least ``-ln(key) / probability`` is drawn (exactly the node's distribution). A changed
  probability moves the result only where the race was close.

Two games of one seed under two settings therefore share their luck as far as their
components do: the same tiles come in the same order, the same clue cards in the same order,
where the rules let them (measured by ``benchmarks/luck_agreement.py``: how often the same seat
wins the same game under two settings).

>>> from models.core import load_game
>>> state = load_game("tobago", 2).new_initial_state()
>>> [Luck(7).draw(state) == Luck(7).draw(state), Luck(7).draw(state) in state.legal_actions()]
[True, True]
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Hashable
from typing import TYPE_CHECKING

from models.errors import AtollError

if TYPE_CHECKING:
    from models.core import GameState

__all__ = ["Luck"]

_SCALE = 2.0**-64


class _Stream:
    """One purpose's draws: its key, how many it made, and the copies left in its pile."""

    __slots__ = ("draws", "epoch", "key", "kinds", "left", "order", "present", "texts")

    def __init__(self, seed: int, name: str) -> None:
        self.key = hashlib.blake2b(f"{seed}/{name}".encode(), digest_size=32).digest()
        self.draws = 0
        self.epoch = 0  # how many shuffles the stream began
        self.kinds: list[Hashable] = []  # this shuffle's kinds (outcomes)
        self.left: list[int] = []  # each kind's copies left
        self.texts: list[str] = []  # each kind's text (its identity in the keys)
        self.present: set[tuple[int, int]] = set()  # (kind, copy) left
        self.order: dict[int, list[tuple[float, int, int]]] = {}  # a drawer's copies, by key

    def uniform(self, text: str) -> float:
        """A number in (0, 1) fixed by this stream's key and ``text``."""
        digest = hashlib.blake2b(text.encode(), digest_size=8, key=self.key).digest()
        return (int.from_bytes(digest, "little") + 0.5) * _SCALE

    def _holds(self, pile: tuple[tuple[Hashable, int], ...]) -> bool:
        """Whether ``pile`` is what this shuffle has left (nothing put back or taken), its
        kinds with no copy left named or not."""
        mine = [(k, n) for k, n in zip(self.kinds, self.left, strict=True) if n > 0]
        theirs = [(k, n) for k, n in pile if n > 0]
        if len(mine) != len(theirs):
            return False
        for (a, n), (b, m) in zip(mine, theirs, strict=True):
            if n != m or (a is not b and a != b):
                return False
        return True

    def _shuffle(self, pile: tuple[tuple[Hashable, int], ...]) -> None:
        """Begin a new shuffle of what ``pile`` holds."""
        self.epoch += 1
        self.kinds = [k for k, n in pile if n > 0]
        self.left = [n for _, n in pile if n > 0]
        self.texts = [str(k) for k in self.kinds]
        self.present = {(i, j) for i, n in enumerate(self.left) for j in range(n)}
        self.order = {}

    def _order(self, drawer: int) -> list[tuple[float, int, int]]:
        """``drawer``'s copies of this shuffle, the greatest key first (drawn from the end)."""
        epoch, texts = self.epoch, self.texts
        keyed = [(self.uniform(f"{epoch}:{drawer}:{texts[i]}#{j}"), i, j) for i, j in self.present]
        keyed.sort(reverse=True)
        return keyed

    def from_pile(self, pile: tuple[tuple[Hashable, int], ...], drawer: int) -> Hashable:
        """The copy left with the least key for ``drawer`` (a seat, or -1 for the table)."""
        if not self._holds(pile):
            self._shuffle(pile)
        order = self.order.get(drawer)
        if order is None:
            order = self.order[drawer] = self._order(drawer)
        present = self.present
        while order and (order[-1][1], order[-1][2]) not in present:
            order.pop()  # drawn for another seat
        if not order:
            raise AtollError("a chance pile with nothing left", field="chance")
        _, i, j = order.pop()
        present.discard((i, j))
        self.left[i] -= 1
        self.draws += 1
        return self.kinds[i]

    def race(self, outcomes: tuple[tuple[Hashable, float], ...]) -> Hashable:
        """The outcome with the least ``-ln(u) / p`` for this draw's keys ``u``."""
        best: Hashable = None
        least = math.inf
        k = self.draws
        for outcome, p in outcomes:
            if p <= 0.0:
                continue
            time = -math.log(self.uniform(f"{k}|{outcome}")) / p
            if time < least:
                best, least = outcome, time
        if least == math.inf:
            raise AtollError("a chance node with no outcome", field="chance")
        self.draws += 1
        return best


class Luck:
    """The chance of one game: every chance node's outcome drawn from the stream its purpose
    names, keyed by what it draws (see the module). A game played with ``Luck(seed)`` draws the
    same whatever its agents did between the draws, as far as the rules allow.

    >>> from models.core import load_game
    >>> state = load_game("southseas", 2).new_initial_state()
    >>> luck = Luck(3)
    >>> state.chance_stream(), luck.draw(state) == Luck(3).draw(state)
    ('ships', True)
    """

    __slots__ = ("seed", "streams")

    def __init__(self, seed: int) -> None:
        self.seed = seed
        self.streams: dict[str, _Stream] = {}

    def draw(self, state: GameState) -> Hashable:
        """The outcome of ``state``'s chance node (not applied)."""
        name = state.chance_stream()
        stream = self.streams.get(name)
        if stream is None:
            stream = self.streams[name] = _Stream(self.seed, name)
        pile = state.chance_pile()
        if pile is not None:
            return stream.from_pile(pile, state.chance_for())
        return stream.race(state.chance_outcomes())
