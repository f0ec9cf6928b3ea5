"""After a tuning (issue 39, "After"): the check's verdict in words, the tuned files under
``tuned/`` only when better (else ``candidate/`` with ``VERDICT.txt``), the CLI's last line
starting with the verdict, and the over-shoot and same-winner agreement of the side effects."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pandas as pd
import pytest

from analyses.cli.main import main
from analyses.statistics.balance import read_design
from analyses.statistics.seating import SeatTest
from analyses.statistics.stats import Estimate
from analyses.studies.frames import StudyFrames
from analyses.studies.study import StudyConfig
from analyses.tuning.check import Checked, check
from analyses.tuning.report import deliver, write_report
from analyses.tuning.search import TuneRun, prepare, search
from analyses.tuning.sideeffects import agreement, overshoot
from analyses.tuning.verdict import (
    BETTER,
    CANNOT_TELL,
    NOT_BETTER,
    VERDICT_FILE,
    verdict,
)
from tests.analyses.tuning import toy


@pytest.fixture(autouse=True)
def _handicap() -> None:
    toy.register()


def _checked(base: float, tuned: float, span: tuple[float, float], same: bool = False) -> Checked:
    return Checked(base, tuned, tuned - base, span, (base, base), (tuned, tuned), 600, 1,
                   (None, None), (None, None), same=same)  # type: ignore[arg-type]  # fmt: skip


@pytest.mark.parametrize(
    ("checked", "words", "start"),
    [
        (_checked(0.44, 0.03, (-0.5, -0.3)), BETTER, "better: 0.44 → 0.03 (difference -0.41"),
        (_checked(0.03, 0.44, (0.3, 0.5)), NOT_BETTER, "not better: worse, 0.03 → 0.44"),
        (_checked(0.2, 0.19, (-0.05, 0.03)), CANNOT_TELL, "cannot be told apart: 0.200 → 0.190"),
        (_checked(0.2, 0.2, (0.0, 0.0)), NOT_BETTER, "not better: the tuned values play the same"),
        (_checked(0.2, 0.2, (0.0, 0.0), same=True), NOT_BETTER, "not better: the best trial is"),
    ],
    ids=["better", "worse", "cannot tell", "identical games", "the start won"],
)
def test_the_verdict_is_said_in_words_from_the_difference_and_its_interval(
    checked: Checked, words: str, start: str
) -> None:
    said = verdict(checked)
    assert said.words == words and said.line.startswith(start), said.line
    assert said.folder == ("tuned" if words == BETTER else "candidate")
    if words == CANNOT_TELL:
        assert "holds 0" in said.line


def _toy(params: tuple[str, ...], trials: int, games: int = 200) -> TuneRun:
    config = StudyConfig("handicap", 2, games=games, seed=3, rotate=False)
    return TuneRun(config, params, "seats", trials=trials, check_games=600)


def test_a_clear_improvement_is_written_under_tuned_without_a_verdict_file(tmp_path: Path) -> None:
    prep = prepare(_toy(("option:bonus=0..30",), trials=2))
    study = search(prep, tmp_path)
    checked = check(prep, {"option:bonus": 10}, tmp_path)  # the seats' even value
    assert verdict(checked).words == BETTER
    (tmp_path / "candidate").mkdir()
    (tmp_path / "candidate" / VERDICT_FILE).write_text("stale\n", encoding="utf-8")
    write_report(prep, study, checked, tmp_path, "t")
    assert (tmp_path / "tuned" / "options.toml").is_file()
    assert not (tmp_path / "candidate").exists()  # an earlier check's verdict is gone
    assert not (tmp_path / "tuned" / VERDICT_FILE).exists()


def test_an_inert_change_is_not_better_and_goes_under_candidate_with_its_verdict(
    tmp_path: Path,
) -> None:
    """Tobago's marker_threshold changes no game: moved to 24 its check plays the same games."""
    config = StudyConfig("tobago", 2, games=2, seed=1)
    prep = prepare(TuneRun(config, ("option:marker_threshold=10..24",), "seats", 2, 4))
    with pytest.warns(Warning):
        study = search(prep, tmp_path)
    checked = check(prep, {"option:marker_threshold": 24}, tmp_path)
    said = verdict(checked)
    assert said.words == NOT_BETTER and "play the same games" in said.line
    write_report(prep, study, checked, tmp_path, "t")
    assert not (tmp_path / "tuned").exists()
    assert (tmp_path / "candidate" / VERDICT_FILE).read_text(encoding="utf-8") == f"{said.line}\n"
    assert "marker_threshold = 24" in (tmp_path / "candidate" / "options.toml").read_text()
    page = (tmp_path / "report.html").read_text(encoding="utf-8")
    assert "Verdict: not better" in page and "inert: 17 and 24 play identical games" in page


def test_deliver_writes_the_verdict_beside_a_candidate(tmp_path: Path) -> None:
    prep = prepare(_toy(("option:bonus=0..30",), trials=1, games=20))
    checked = check(prep, prep.start, tmp_path)  # the starting values: nothing changed
    said = verdict(checked)
    files = deliver(prep, checked, said, tmp_path)
    assert said.words == NOT_BETTER and tmp_path / "candidate" / VERDICT_FILE in files
    assert not (tmp_path / "tuned").exists()


def _cli(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str]:
    status = main(list(args))
    return status, capsys.readouterr().out


@pytest.mark.parametrize(("trials", "words", "folder"),
                         [(12, "better: ", "tuned"), (1, "not better: ", "candidate")])  # fmt: skip
def test_the_cli_s_last_line_starts_with_the_verdict(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], trials: int, words: str, folder: str
) -> None:
    out_dir = tmp_path / "t"
    status, out = _cli(
        capsys, "handicap", "tune", "--param", "option:bonus=0..30", "--objective", "seats",
        "--trials", str(trials), "--games-per-trial", "300", "--check-games", "600",
        "--out", str(out_dir), "--workers", "1", "--fixed-seats",
    )  # fmt: skip
    assert status == 0
    last = out.strip().splitlines()[-1]
    assert last.startswith(words) and f"best of {trials} trial" in last, last
    assert (out_dir / folder).is_dir() and len([*out_dir.glob("*/options.toml")]) == 1


def _frames(winners: Sequence[tuple[int, ...]]) -> StudyFrames:
    games = pd.DataFrame({"game": range(len(winners)), "winners": winners})
    seats = [s for _ in winners for s in (0, 1)]
    players = pd.DataFrame({"game": np.repeat(range(len(winners)), 2), "seat": seats,
                            "agent": "random"})  # fmt: skip
    return StudyFrames.from_rows({"games": games, "players": players})


def test_same_winner_agreement_against_what_independent_games_give() -> None:
    rng = np.random.default_rng(5)
    first = [(int(w),) for w in rng.integers(0, 2, 400)]
    frames = _frames(first)
    design = read_design(frames.games, frames.players)
    alike = agreement(frames, frames, design)
    assert alike.same.value == 1.0 and alike.units == 400
    assert alike.independent == pytest.approx(0.5, abs=0.05)
    other = _frames([(int(w),) for w in rng.integers(0, 2, 400)])  # games of their own
    apart = agreement(frames, other, design)
    assert apart.same.low < apart.independent < apart.same.high


def _seat_test(shares: dict[int, float], p: float) -> SeatTest:
    es = {s: Estimate(v, v - 0.02, v + 0.02, 500) for s, v in shares.items()}
    return SeatTest(es, dict.fromkeys(es, p), dict.fromkeys(es, p), p, True, len(es), 500)


def test_an_over_shoot_is_a_finding_when_another_seat_is_now_behind() -> None:
    frames = _frames([(0,), (1,)])
    design = read_design(frames.games, frames.players)
    was = _seat_test({0: 0.30, 1: 0.35, 2: 0.35}, 0.001)
    now = _seat_test({0: 0.36, 1: 0.36, 2: 0.28}, 0.001)
    found, data = overshoot((was, now), design)
    assert found is not None and found.text.startswith(
        "Over-shoot: seat 0 was behind (0.300), now seat 2 is (0.280, -0.053 ± 0.020"
    )
    assert found.p == 0.001 and data["overshoot_tested"]
    assert overshoot((was, was), design)[0] is None  # the same seat behind: no over-shoot
    still = _seat_test({0: 0.25, 1: 0.40, 2: 0.35}, 0.5)
    assert overshoot((was, still), design)[0] is None  # seat 0 is still the one behind
