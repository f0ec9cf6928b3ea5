"""The South Seas study watcher: islanders stranded in features shown unfinishable."""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

import pytest

from analyses.southseas.stranding import StrandingWatch
from analyses.studies.study import StudyConfig, run_study
from models.core import load_game, make_rng
from models.southseas.geometry import STEP
from solvers.agents import make_agent
from solvers.agents.play import play_out
from solvers.southseas.completable import completable


class _Checked(StrandingWatch):
    """The watcher, asking the solver about every feature it records as it records it."""

    def __init__(self) -> None:
        super().__init__()
        self.answers: list[str] = []

    def decision(self, state: Any, actions: tuple[Hashable, ...]) -> None:
        before = len(self.found)
        super().decision(state, actions)
        for row in self.found[before:]:
            x, y, piece = row["data"]["at"]
            self.answers.append(completable(state, (x, y, piece), time_limit=30).answer)


@pytest.mark.parametrize("seed", [3, 8])
def test_SS_F1_a_feature_recorded_unfinishable_is_one_the_solver_proves_so(seed: int) -> None:
    state = load_game("southseas", 3).new_initial_state()
    watch = _Checked()
    agents = [make_agent("random", seed + p) for p in range(3)]
    play_out(state, agents, make_rng(seed), watcher=watch)
    assert watch.answers, "no feature with islanders became unfinishable: pick another seed"
    assert set(watch.answers) == {"no"}


def test_SS_F2_the_stranded_rows_hold_every_islander_the_end_sent_home() -> None:
    config = StudyConfig(game="southseas", players=4, games=6, seed=2, agents=("random",))
    frames = run_study(config)
    rows = frames.events[frames.events["kind"] == "stranded"]
    data = rows["data"].map(json.loads)
    per_game = data.map(lambda d: d["islanders"]).groupby(rows["game"]).sum()
    stranded = frames.games.set_index("game")["stranded_islanders"]
    assert per_game.reindex(stranded.index, fill_value=0).tolist() == stranded.tolist()
    for d in data:
        since = d["impossible_since"]
        assert since is None or 1 <= since <= d["turns"]
        assert (since is None) == (d["proof"] is None)
    assert (frames.events[frames.events["kind"] == "impossible"]["player"].isna()).all()


def test_a_study_without_the_watcher_has_no_stranding_rows() -> None:
    from analyses.studies.study import game_seeds, play_game

    config = StudyConfig(game="southseas", players=2, games=1, seed=1)
    game = config.make_game()
    chunk = play_game(config, game, 0, game_seeds(config)[0], watch=False)
    assert not [r for r in chunk.events if r["kind"] in ("impossible", "stranded")]
    chunk = play_game(config, game, 0, game_seeds(config)[0])
    assert [r for r in chunk.events if r["kind"] == "stranded"]


def test_the_report_splits_the_stranded_islanders_and_notes_an_old_study() -> None:
    from analyses.southseas.report import features

    config = StudyConfig(game="southseas", players=4, games=8, seed=4, agents=("random",))
    frames = run_study(config)
    section = features(frames, {})
    table = next(t for t in section.tables if t.caption == "Stranded islanders")
    first, last = table.frame.iloc[0], table.frame.iloc[-1]
    both = first["per game"].value + last["per game"].value
    assert both == pytest.approx(frames.games["stranded_islanders"].mean())
    old = frames.__class__(
        **{**frames.__dict__, "events": frames.events[frames.events["kind"] != "stranded"]}
    )
    notes = features(old, {}).notes
    assert any("no 'stranded' rows" in n for n in notes)


class _EveryFeature(StrandingWatch):
    """The plain reading of the watcher's rule, for comparison: at the first decision after
    each draw, every open feature with islanders not yet recorded is asked afresh: too few
    tiles, then no tile fits, then (only if a tile went on or next to a position it needed at
    the last look, or it was not looked at then) too few fitting."""

    def __init__(self) -> None:
        super().__init__()
        self.before: dict[int, frozenset[tuple[int, int]]] = {}
        self.count = 0

    def decision(self, state: Any, actions: tuple[Hashable, ...]) -> None:
        from models.southseas.finishable import largest_matching, needs_of, usable_of

        if state.tiles_left == self.left:
            return
        self.left = state.tiles_left
        board, types, usable = state.board, state.game.draw_types, usable_of(state)
        filled = list(board.tiles)[self.count :]
        self.count = len(board.tiles)
        changed = {(x + dx, y + dy) for x, y in filled for dx, dy in STEP} | set(filled)
        done = {board.root(r) for r in self.impossible}
        now: dict[int, frozenset[tuple[int, int]]] = {}
        for root in dict.fromkeys(board.root(n) for nodes in state.ledger.placed for n in nodes):
            feature = board.features[root]
            if root in done or feature.closed or not feature.islanders:
                continue
            needs = now[root] = frozenset(needs_of(board, root))
            near = root not in self.before or not self.before[root].isdisjoint(changed)
            fits = [
                any(
                    c and t.table[board.frontier.get(q, 0)]
                    for t, c in zip(types, usable, strict=True)
                )
                for q in needs
            ]
            if sum(usable) < len(needs):
                self._record(state, root, "too-few-tiles")
            elif not all(fits):
                self._record(state, root, "no-tile-fits")
            elif near and largest_matching(board, types, usable, list(needs)) < len(needs):
                self._record(state, root, "too-few-fitting")
        self.before = now


@pytest.mark.parametrize("players", [2, 4])
def test_SS_F1_the_watcher_records_what_asking_every_feature_every_draw_records(
    players: int,
) -> None:
    for seed in range(12):
        found = []
        for watch in (StrandingWatch(), _EveryFeature()):
            state = load_game("southseas", players).new_initial_state()
            agents = [make_agent("random", 100 * seed + p) for p in range(players)]
            play_out(state, agents, make_rng(seed), watcher=watch)
            found.append(watch.rows(0, state, first=0))
        assert found[0] == found[1], f"seed {seed}"
