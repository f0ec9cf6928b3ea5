"""What a South Seas study records of islanders stranded in features that could no longer be
finished: a study watcher (:class:`~analyses.studies.watchers.StudyWatcher`) adding two kinds of
rows to the ``events`` table (``player`` empty, after the game's own events):

* ``impossible`` — at the first decision after a feature with islanders became unfinishable
  (the turn column): ``feature`` kind, ``at`` (x, y, piece), ``islanders`` ({player: count}),
  ``proof`` (``no-tile-fits``, ``too-few-tiles`` or ``too-few-fitting``: the fast necessary
  conditions of :mod:`models.southseas.finishable`), ``tiles_left``;
* ``stranded`` — at the end, for each feature whose islanders the end sent home (SS-F1,
  SS-F2: the ``end`` and ``home`` events): ``feature``, ``at``, ``islanders`` (how many),
  ``impossible_since`` (the turn it was shown unfinishable, or ``null``: it was never shown so
  before the tiles ran out), ``proof`` and ``turns`` (the game's length).

It looks once a draw (at the first decision after it, the last placement done) and only at
what can have changed: a feature that needed a position a tile was placed on since, or one
next to it (its needed positions or what fits them changed: all three conditions). For any
other feature only the copies changed: ``too-few-tiles`` is a comparison with the positions it
needs, and ``no-tile-fits`` can hold only when the last copy of some legality class (types
that fit the same sides) went, so the fitting copies are counted again only then, and only at
positions that class fits.
``too-few-fitting`` (a matching) is asked only of features a placement touched.
An impossibility the fast conditions cannot see (a sea no mix of the tiles left can enclose) is
not recorded: ``impossible`` counts are lower bounds, and "not shown impossible" is what the
other side means. ``benchmarks/stranding_cost.py`` measures what it costs a study.

>>> import json
>>> from models.core import load_game, make_rng
>>> from solvers.agents import make_agent
>>> from solvers.agents.play import play_out
>>> state = load_game("southseas", 2).new_initial_state()
>>> watch = StrandingWatch()
>>> _ = play_out(state, [make_agent("random", 1), make_agent("random", 2)], make_rng(5),
...              watcher=watch)
>>> rows = watch.rows(0, state, first=1000)
>>> stranded = [r for r in rows if r["kind"] == "stranded"]
>>> sum(json.loads(r["data"])["islanders"] for r in stranded) == sum(
...     state.player_summary(p)["stranded_islanders"] for p in range(2))
True
"""

from __future__ import annotations

from collections.abc import Hashable
from itertools import islice
from typing import Any

import orjson

from models.southseas.components import TileType
from models.southseas.events import SouthSeasEvent as EV
from models.southseas.finishable import matching, needs_of, usable_of
from models.southseas.geometry import STEP, Position

__all__ = ["StrandingWatch"]


class StrandingWatch:
    """Watches one South Seas game (see the module docstring)."""

    def __init__(self) -> None:
        self.left = -1  # tiles left in the stack at the last check
        self.tiles = 0  # tiles on the board at the last check
        self.types: tuple[TileType, ...] = ()
        self.usable: list[int] | None = None  # per type, the copies usable now
        self.total = 0  # usable copies in all
        #: root -> the positions it needs and their frontier codes, when last looked at
        self.needs: dict[int, tuple[frozenset[Position], list[int]]] = {}
        self.nodes: dict[int, int] = {}  # root -> its pieces when its needs were found
        #: per legality class (types that fit the same codes): its usable copies; each type's
        #: class; per frontier code the classes that fit it (shared by the games of a tile set)
        self.in_class: list[int] = []
        self.class_of: tuple[int, ...] = ()
        self.fitting: dict[int, tuple[int, ...]] = {}
        self.emptied: set[int] = set()  # classes whose last usable copy went since the last look
        #: root when shown unfinishable -> (turn, proof); roots may merge later
        self.impossible: dict[int, tuple[int, str]] = {}
        self.found: list[dict[str, Any]] = []

    def decision(self, state: Any, actions: tuple[Hashable, ...]) -> None:
        board = state.board
        if state.tiles_left == self.left:  # looked at once a draw, after the last placement
            return
        self.left = state.tiles_left
        tiles = board.tiles
        placed = len(tiles) - self.tiles
        self.tiles = len(tiles)
        filled = [next(reversed(tiles))] if placed == 1 else list(islice(reversed(tiles), placed))
        self._count(state, filled)
        if placed == 1:
            x, y = filled[0]
            changed = {(x, y), (x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)}
        else:
            changed = {(x + dx, y + dy) for x, y in filled for dx, dy in STEP}
            changed.update(filled)
        total = self.total
        frontier, features, parent = board.frontier, board.features, board.parent
        # a feature shown unfinishable is kept as _SHOWN (no positions: never looked at again);
        # one it merged into under another root is found again: it is checked against these
        done: set[int] | None = None
        cached, emptied, kept_now = self.needs, self.emptied, {}
        in_class, fitting = self.in_class, self.fitting
        for nodes in state.ledger.placed:
            for node in nodes:
                root = node  # the union-find's root, read without compressing the path
                while parent[root] != root:
                    root = parent[root]
                if root in kept_now:
                    continue
                feature = features[root]
                if feature.closed or not feature.islanders:
                    continue
                kept = cached.get(root)
                if kept is not None and kept[0].isdisjoint(changed):
                    # its positions and their codes are as they were: only the copies changed
                    kept_now[root] = kept
                    if total < len(kept[0]):
                        kept_now[root] = self._record(state, root, "too-few-tiles")
                    elif emptied:  # only a code a class that ran out fits can have none
                        # (whether any copy fits, not how many: ``any`` stops at the first)
                        for code in kept[1]:
                            classes = fitting[code]
                            if not emptied.isdisjoint(classes) and not any(
                                map(in_class.__getitem__, classes)
                            ):
                                kept_now[root] = self._record(state, root, "no-tile-fits")
                                break
                    continue
                if done is None:
                    done = set()
                    for shown in self.impossible:  # its root now, read without compressing
                        while parent[shown] != shown:
                            shown = parent[shown]
                        done.add(shown)
                if root in done:
                    kept_now[root] = _SHOWN
                    continue
                if kept is not None and kept[0].isdisjoint(filled):  # only what fits changed
                    needs = kept[0]
                    self.nodes[root] = len(feature.nodes)
                else:
                    needs = self._needs(board, root, None if kept is None else kept[0], filled)
                n = len(needs)
                codes = []
                fewest = total
                scarce = []  # copies fitting each needed position, where fewer than n
                for q in needs:
                    code = frontier.get(q, 0)
                    codes.append(code)
                    fit = fitting.get(code)  # the classes fitting it (found once a tile set)
                    if fit is None:
                        fit = self._classes_fitting(code)
                    found = sum(map(in_class.__getitem__, fit))  # the usable copies fitting it
                    if found < n:
                        scarce.append(found)
                    if found < fewest:
                        fewest = found
                kept_now[root] = (needs, codes)
                if total < n:
                    kept_now[root] = self._record(state, root, "too-few-tiles")
                elif not fewest:
                    kept_now[root] = self._record(state, root, "no-tile-fits")
                elif len(scarce) > 1 and _hall_may_fail(scarce) and self._short(board, needs):
                    kept_now[root] = self._record(state, root, "too-few-fitting")
        # features with no islander now (a boat sent them home, or merged away) are forgotten,
        # so their needs are found again if islanders come back
        self.needs = kept_now

    def _needs(
        self,
        board: Any,
        root: int,
        needs: frozenset[Position] | None,
        filled: list[Position],
    ) -> frozenset[Position]:
        """The positions the feature at ``root`` needs now: as before when no tile went on one
        of them (only what fits them changed); grown by the one tile placed on one when it
        merged nothing in (its pieces are all the feature gained); else found again."""
        feature = board.features[root]
        nodes = len(feature.nodes)
        if needs is not None and needs.isdisjoint(filled):
            found = needs
        elif needs is not None and len(filled) == 1:
            p = filled[0]
            tiles = board.tiles
            placed = tiles[p]
            tile, first = placed.tile, placed.first_node
            parent = board.parent
            mine = set()  # the new tile's pieces in the feature (roots read without compressing)
            for i in range(len(tile.pieces)):
                node = first + i
                while parent[node] != node:
                    node = parent[node]
                if node == root:
                    mine.add(i)
            if nodes != self.nodes[root] + len(mine):  # a feature merged in
                found = frozenset(needs_of(board, root))
            else:
                grown = set(needs)
                grown.discard(p)
                x, y = p
                for (dx, dy), on_side in zip(STEP, tile.side_pieces[placed.rotation], strict=True):
                    if not mine.isdisjoint(on_side):
                        n = (x + dx, y + dy)
                        if n not in tiles:
                            grown.add(n)
                found = frozenset(grown)
        else:
            found = frozenset(needs_of(board, root))
        self.nodes[root] = nodes
        return found

    def _count(self, state: Any, filled: list[Position]) -> None:
        """Take in the copies usable now (the stack, plus the tile drawn): the copies gone,
        and the copies fitting each frontier code met so far. Drawing moves a copy from the
        stack to the hand (usable either way), so what went is the tiles placed since,
        unless SS-P4 removed one too."""
        before = self.total
        self.total = total = state.tiles_left + (state.drawn is not None)
        self.emptied = set()
        if self.usable is None:
            self.types = types = state.game.draw_types
            self.usable = usable = list(usable_of(state))
            (self.class_of, classes), self.fitting = _class_set(types)
            self.in_class = [0] * classes
            for i, c in enumerate(usable):
                self.in_class[self.class_of[i]] += c
            return
        gone = before - total
        if not gone:
            return
        index, tiles, usable = state.game.draw_index, state.board.tiles, self.usable
        if gone == 1 and len(filled) == 1:  # the one tile placed (the common case)
            i = index[tiles[filled[0]].tile.id]
            usable[i] -= 1
            c = self.class_of[i]
            left = self.in_class[c] = self.in_class[c] - 1
            if not left:
                self.emptied.add(c)
            return
        steps = [(index[tiles[p].tile.id], -1) for p in filled]
        if len(steps) != gone:  # SS-P4 removed a tile too: compare type by type
            now = usable_of(state)
            steps = [(i, b - a) for i, (a, b) in enumerate(zip(usable, now, strict=True)) if a != b]
        in_class, class_of = self.in_class, self.class_of
        for i, step in steps:
            usable[i] += step
            c = class_of[i]
            in_class[c] += step
            if not in_class[c]:
                self.emptied.add(c)

    def _short(self, board: Any, needs: frozenset[Position]) -> bool:
        """Whether the positions of ``needs`` cannot each get their own fitting copy (the
        matching of :func:`~models.southseas.finishable.largest_matching`)."""
        frontier, types, usable = board.frontier, self.types, self.usable
        assert usable is not None
        options = {q: [i for i in _fitting(types, frontier.get(q, 0)) if usable[i]] for q in needs}
        return matching(options, usable) < len(needs)

    def _classes_fitting(self, code: int) -> tuple[int, ...]:
        found = self.fitting[code] = tuple(
            sorted({self.class_of[i] for i in _fitting(self.types, code)})
        )
        return found

    def _record(self, state: Any, root: int, why: str) -> tuple[frozenset[Position], list[int]]:
        """Note the feature at ``root`` shown unfinishable now; :data:`_SHOWN` is returned
        (what is kept of it from then on)."""
        board, turn = state.board, state.turn_number()
        self.impossible[root] = (turn, why)
        feature = board.features[root]
        counts: dict[int, int] = {}
        for player, _ in feature.islanders:
            counts[player] = counts.get(player, 0) + 1
        (x, y), piece = board.node_place[min(feature.nodes)]
        data = {
            "feature": feature.kind.value,
            "at": [x, y, piece],
            "islanders": counts,
            "proof": why,
            "tiles_left": state.tiles_left,
        }
        self.found.append({"turn": turn, "kind": "impossible", "data": data})
        return _SHOWN

    def rows(self, game: int, state: Any, *, first: int) -> list[dict[str, Any]]:
        """The events-table rows of the game (indices from ``first`` on): the ``impossible``
        rows as they came, then a ``stranded`` row per feature the end sent islanders home
        from."""
        board = state.board
        since: dict[int, tuple[int, str]] = {}
        for root, (turn, why) in self.impossible.items():
            now = board.root(root)
            if now not in since or turn < since[now][0]:
                since[now] = (turn, why)
        found = list(self.found)
        for event in _end_events(state.log):
            x, y, piece = event.data["at"]
            root = board.root(board.node_at((x, y), piece))
            shown = since.get(root)
            data = {
                "feature": event.data["feature"],
                "at": [x, y, piece],
                "islanders": sum(event.data["returned"].values()),
                "impossible_since": None if shown is None else shown[0],
                "proof": None if shown is None else shown[1],
                "turns": state.turn,
            }
            found.append({"turn": event.turn, "kind": "stranded", "data": data})
        return [
            {
                "game": game,
                "index": first + k,
                "turn": row["turn"],
                "player": None,
                "kind": row["kind"],
                "data": orjson.dumps(row["data"], option=orjson.OPT_NON_STR_KEYS).decode(),
            }
            for k, row in enumerate(found)
        ]


#: What is kept of a feature shown unfinishable: no positions, so it is never looked at again.
_SHOWN: tuple[frozenset[Position], list[int]] = (frozenset(), [])

#: Per tile set (by the identity of its draw types, kept alive here), the indices of the types
#: that fit each frontier code: the same for every game on the set.
_FITTING: dict[int, tuple[tuple[TileType, ...], dict[int, tuple[int, ...]]]] = {}


def _fitting(types: tuple[TileType, ...], code: int) -> tuple[int, ...]:
    kept = _FITTING.get(id(types))
    if kept is None or kept[0] is not types:
        kept = _FITTING[id(types)] = (types, {})
    found = kept[1].get(code)
    if found is None:
        found = kept[1][code] = tuple(i for i, t in enumerate(types) if t.table[code])
    return found


#: Per tile set (as :data:`_FITTING`): each type's legality class, how many classes, and the
#: classes that fit each frontier code (filled in as codes are met). A game counts its copies
#: per class, and the copies fitting a position are the sum over the few classes fitting it.
_Classes = tuple[tuple[tuple[int, ...], int], dict[int, tuple[int, ...]]]
_CLASSES: dict[int, tuple[tuple[TileType, ...], _Classes]] = {}


def _class_set(types: tuple[TileType, ...]) -> _Classes:
    kept = _CLASSES.get(id(types))
    if kept is None or kept[0] is not types:
        first: dict[Any, int] = {}
        class_of = tuple(first.setdefault(t.legality, len(first)) for t in types)
        kept = _CLASSES[id(types)] = (types, ((class_of, len(first)), {}))
    return kept[1]


def _end_events(log: Any) -> list[Any]:
    """The ``end`` and ``home`` events, in order: end scoring logs them together, just before
    ``game-end`` (:func:`models.southseas.turns.finish`), so the log is read from its end."""
    found = []
    for event in reversed(log):
        if event.kind in (EV.END, EV.HOME):
            found.append(event)
        elif event.kind is not EV.GAME_END:
            break
    return found[::-1]


def _hall_may_fail(scarce: list[int]) -> bool:
    """Whether some ``s`` positions could lack ``s`` copies between them: only if ``s`` of
    them each have fewer than ``s`` fitting copies (``scarce``: the copies of the positions
    with fewer than the feature needs), so the matching is asked only then."""
    return any(c < s for s, c in enumerate(sorted(scarce), start=1) if s > 1)
