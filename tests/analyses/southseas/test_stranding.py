"""The South Seas study watcher: islanders stranded in features shown unfinishable."""

from __future__ import annotations

import json
from collections.abc import Hashable
from typing import Any

import pytest

from analyses.southseas.stranding import StrandingWatch
from analyses.study import StudyConfig, run_study
from models.core import load_game, make_rng
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
    from analyses.study import game_seeds, play_game

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
