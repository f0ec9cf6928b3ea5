"""Stopping a run, as a user does: Ctrl-C to the terminal's process group or a plain ``kill`` to
atoll, in the middle of a ``study``, ``compare``, ``skill`` or ``tune`` with more workers than
work. Each exits within seconds (130 or 143) with one line saying what was kept, no traceback,
no process left behind, and ``--resume`` finishes the run. A second run into a folder in use is
refused in one line and does not harm the first.

The runs are the real CLI in a subprocess of its own session (a process group, as a terminal
makes); the signal is sent once a file or a line shows the run is under way, not after a blind
sleep. The time bounds are generous: they catch a hang, not a slow machine.
"""

from __future__ import annotations

import contextlib
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from analyses.studies.store import StudyStore

ROOT = Path(__file__).resolve().parents[3]
ATOLL = [sys.executable, "-c", "import sys; from analyses.cli.main import main; sys.exit(main())"]
#: Long enough for a busy machine to stop a run; a hang is far longer.
STOPS_WITHIN = 20.0
#: The lines a run prints on stderr as it goes.
PROGRESS = re.compile(r"atoll: .*: \d+ done \(\d+%\)|atoll: trial \d+ of \d+: objective .*")


class Run:
    """One atoll command in a session of its own; stderr goes to a file we can poll."""

    def __init__(self, tmp_path: Path, *args: object) -> None:
        self.args = [str(a) for a in args]
        self.err_path = tmp_path / f"stderr-{time.monotonic_ns()}.txt"
        with open(self.err_path, "w", encoding="utf-8") as err:
            self.process = subprocess.Popen(
                [*ATOLL, *self.args],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
                start_new_session=True,
            )

    @property
    def err(self) -> str:
        return self.err_path.read_text(encoding="utf-8")

    def until(self, ready: Callable[[], bool], what: str, within: float = 180) -> None:
        """Wait until ``ready()`` (polled), failing if the run ends or takes too long first."""
        end = time.monotonic() + within
        while not ready():
            if self.process.poll() is not None:
                pytest.fail(f"ended before {what}: exit {self.process.returncode}: {self.err}")
            if time.monotonic() > end:
                self.kill()
                pytest.fail(f"no {what} within {within} s")
            time.sleep(0.05)

    def stop(self, sig: int, *, group: bool) -> float:
        """Send ``sig`` to the process group (Ctrl-C in a terminal) or to atoll alone; returns
        how long it took to exit."""
        began = time.monotonic()
        if group:
            os.killpg(self.process.pid, sig)
        else:
            self.process.send_signal(sig)
        try:
            self.process.wait(timeout=90)
        except subprocess.TimeoutExpired:
            self.kill()
            pytest.fail(f"still running 90 s after {signal.Signals(sig).name}: {self.err}")
        return time.monotonic() - began

    def finish(self, within: float = 300) -> str:
        """Wait for the end; returns stdout."""
        try:
            out, _ = self.process.communicate(timeout=within)
        except subprocess.TimeoutExpired:
            self.kill()
            pytest.fail(f"not finished within {within} s: {self.err}")
        return out

    def kill(self) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(self.process.pid, signal.SIGKILL)
        self.process.communicate()


def _left_in_group(pgid: int, within: float = 10) -> list[int]:
    """The live processes of group ``pgid`` (zombies are gone already), given a moment."""
    end = time.monotonic() + within
    while True:
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            with contextlib.suppress(OSError, IndexError):
                fields = stat.read_text().rsplit(")", 1)[1].split()
                if int(fields[2]) == pgid and fields[0] != "Z":
                    found.append(int(stat.parent.name))
        if not found or time.monotonic() > end:
            return found
        time.sleep(0.1)


def _stopped_cleanly(run: Run, sig: int, *, group: bool) -> str:
    """Stop ``run``; check the exit status, the time, the one line and the process group;
    returns that line."""
    seconds = run.stop(sig, group=group)
    err = run.err
    assert "Traceback" not in err, err
    assert run.process.returncode == 128 + sig, err
    assert seconds < STOPS_WITHIN, f"{seconds:.1f} s to stop"
    lines = err.strip().splitlines()
    assert all(PROGRESS.fullmatch(line) for line in lines[:-1]), err  # progress, then one
    assert lines[-1].startswith("atoll: interrupted: "), err
    assert _left_in_group(run.process.pid) == []
    return lines[-1]


def _resumed(tmp_path: Path, args: list[str]) -> str:
    """``args`` run again with --resume to the end; returns stdout."""
    run = Run(tmp_path, *args, "--resume")
    out = run.finish()
    assert run.process.returncode == 0, run.err
    return out


@pytest.mark.parametrize(
    ("sig", "group"),
    [(signal.SIGINT, True), (signal.SIGTERM, False)],
    ids=["ctrl-c to the group", "kill to atoll"],
)
def test_stopping_a_study_with_more_workers_than_chunks_exits_at_once(
    tmp_path: Path, sig: int, group: bool
) -> None:
    out = tmp_path / "study"
    args = ["southseas", "study", "--games", "70", "--players", "2", "--workers", "8"]
    args += ["--out", str(out)]
    run = Run(tmp_path, *args)
    # four chunks (20, 20, 20, 10 games) on eight workers: once the short one is stored the
    # three others are half played
    run.until(lambda: (out / "chunks" / "000060-000069").is_dir(), "the first chunk")
    line = _stopped_cleanly(run, sig, group=group)
    kept = sum(int(b) - int(a) + 1 for a, b in (p.name.split("-") for p in out.glob("chunks/0*")))
    assert line == (
        f"atoll: interrupted: {kept} of 70 games are kept in {out}: the same command with "
        "--resume continues"
    )
    # on a quiet machine the other chunks may be done and stored too (a stop that arrives while
    # a chunk is written waits for it): the line counts what the folder holds, whatever it is
    assert 10 <= kept <= 70
    assert _resumed(tmp_path, args).startswith("70 games (0 failed)")


def test_stopping_a_compare_exits_at_once_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "compare"
    args = ["gloryislands", "compare", "--games", "100", "--workers", "8"]
    args += ["--option", "sails_may_sink=false", "--out", str(out)]
    run = Run(tmp_path, *args)
    run.until(lambda: any(out.glob("baseline/chunks/0*")), "the baseline's first chunk")
    line = _stopped_cleanly(run, signal.SIGTERM, group=False)
    assert re.fullmatch(
        rf"atoll: interrupted: \d+ of 100 games are kept in {re.escape(str(out))}/"
        r"(baseline|variant): the same command with --resume continues",
        line,
    ), line
    assert _resumed(tmp_path, args).startswith(f"wrote {out / 'compare.html'}")


def test_stopping_a_skill_trace_exits_at_once_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "skill"
    args = ["gloryislands", "skill", "--budgets", "4,8", "--games", "40", "--workers", "8"]
    args += ["--against", "greedy:rounds=4", "--out", str(out)]  # quick opponents
    run = Run(tmp_path, *args)
    run.until(lambda: (out / "budget-4" / "study.json").exists(), "the first budget's study")
    line = _stopped_cleanly(run, signal.SIGINT, group=True)
    assert line == (
        f"atoll: interrupted: the finished games are kept in {out}/budget-*: the same command "
        "with --resume continues"
    )
    assert _resumed(tmp_path, args).strip().endswith(f"wrote {out / 'skill.png'}")


TUNE = ["gloryislands", "tune", "--param", "board:island_scoring.6[0]=8..16"]
TUNE += ["--objective", "seats", "--games-per-trial", "40", "--check-games", "20"]
TUNE += ["--workers", "4"]  # two chunks a trial


def _trials(folder: Path) -> dict[str, int]:
    """How many trials of the tuning in ``folder`` are in each state."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    study = optuna.load_study(study_name="atoll", storage=f"sqlite:///{folder / 'tune.db'}")
    states: dict[str, int] = {}
    for trial in study.get_trials(deepcopy=False):
        states[trial.state.name] = states.get(trial.state.name, 0) + 1
    return states


def test_tune_stops_cleanly_whenever_it_is_interrupted(tmp_path: Path) -> None:
    """Ctrl-C at three moments of a trial (a trial here: start the workers, play, stop them):
    as it begins, a third and two thirds in, each timed by the trial just before it, so that
    the moments fall inside a trial on a quick machine (a quarter of a second a trial) and on a
    loaded one (seconds); fixed delays once reached the end of the run. Each is a clean 130
    (once a hang, an InvalidStateError or a Ctrl-C lost in a fork hook). The trial stopped half
    way is failed, never finished."""
    trials = 8  # three runs stop after two trials each at most: the end is never reached
    out = tmp_path / "tune"
    args = [*TUNE, "--trials", str(trials), "--out", str(out)]
    finished = 0
    for k, fraction in enumerate([0.0, 0.33, 0.67]):
        run = Run(tmp_path, *args, *(["--resume"] if k else []))
        before, last = (f"trial {finished + n} of {trials}" for n in (1, 2))
        run.until(lambda r=run, b=before: b in r.err, before)  # type: ignore[misc]
        began = time.monotonic()
        run.until(lambda r=run, b=last: b in r.err, last)  # type: ignore[misc]
        time.sleep(fraction * (time.monotonic() - began))
        line = _stopped_cleanly(run, signal.SIGINT, group=True)
        assert line == (
            f"atoll: interrupted: the finished trials are kept in {out}: the same command "
            "with --resume continues"
        )
        finished += len(re.findall(rf"trial \d+ of {trials}", run.err))
        assert finished < trials, "the run ended before it was stopped"
        states = _trials(out)
        assert states.get("COMPLETE", 0) == finished and "RUNNING" not in states, states
    assert f"best of {trials} trials" in _resumed(tmp_path, args)
    assert _trials(out)["COMPLETE"] == trials


def _paused(run: Run) -> contextlib.AbstractContextManager[None]:
    """``run`` (its whole process group) stopped for the ``with`` block and continued after:
    a second run is sure to meet the first still at work, however slow the machine."""

    @contextlib.contextmanager
    def pause() -> Iterator[None]:
        os.killpg(run.process.pid, signal.SIGSTOP)
        try:
            yield
        finally:
            os.killpg(run.process.pid, signal.SIGCONT)

    return pause()


def _in_use(folder: Path, pid: int) -> str:
    return (
        f"atoll: error: {folder} is in use by another atoll run (pid {pid}): wait for it to "
        "end, or name another folder\n"
    )


def test_a_second_tune_into_a_folder_in_use_is_refused_and_the_first_finishes(
    tmp_path: Path,
) -> None:
    out = tmp_path / "tune"
    args = [*TUNE, "--trials", "3", "--out", str(out)]
    first = Run(tmp_path, *args)
    first.until(lambda: "trial 1 of 3" in first.err, "trial 1")
    with _paused(first):
        second = subprocess.run(
            [*ATOLL, *args, "--resume"], cwd=ROOT, capture_output=True, text=True, timeout=120
        )
    assert (second.returncode, second.stderr) == (2, _in_use(out, first.process.pid))
    assert "best of 3 trials" in first.finish()
    assert first.process.returncode == 0, first.err


def test_a_study_folder_in_use_is_refused_to_every_command_that_writes_it(
    tmp_path: Path,
) -> None:
    out = tmp_path / "study"
    args = ["southseas", "study", "--games", "60", "--players", "2", "--workers", "2"]
    first = Run(tmp_path, *args, "--out", out)
    first.until(lambda: (out / "study.json").exists(), "the study's start")
    with _paused(first):
        seconds = [
            subprocess.Popen(
                [*ATOLL, "southseas", command, *args[2:], "--out", str(out), "--resume"],
                cwd=ROOT,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
            )
            for command in ("study", "report")
        ]
        for second in seconds:
            _, err = second.communicate(timeout=120)
            assert (second.returncode, err) == (2, _in_use(out, first.process.pid))
    assert first.finish().startswith("60 games (0 failed)")  # unharmed
    assert first.process.returncode == 0, first.err
    assert not StudyStore.open(out).survey().bad and StudyStore.open(out).left() == 0
