"""How a run stops (analyses.studies.interrupts): the signal remembered for the exit status, signals
held back over steps that must not be cut, an interrupt that was swallowed raised again."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time

import pytest

from analyses.studies import interrupts


def _signal_self(signum: int) -> None:
    os.kill(os.getpid(), signum)
    time.sleep(0.05)  # Python runs the handler at its next step


def test_a_plain_kill_exits_143_and_ctrl_c_130() -> None:
    with interrupts.stop_on_signals():
        with pytest.raises(KeyboardInterrupt):
            _signal_self(signal.SIGTERM)
        with pytest.raises(KeyboardInterrupt):
            _signal_self(signal.SIGINT)
        assert interrupts.exit_status() == 143  # the first one stopped the run
    with interrupts.stop_on_signals():
        with pytest.raises(KeyboardInterrupt):
            _signal_self(signal.SIGINT)
        assert interrupts.exit_status() == 130


def test_signals_held_back_are_delivered_after_the_block() -> None:
    with interrupts.stop_on_signals():
        reached = False
        with pytest.raises(KeyboardInterrupt), interrupts.deferred():
            _signal_self(signal.SIGINT)
            reached = True  # not cut half way
        assert reached and interrupts.exit_status() == 130


def test_a_swallowed_interrupt_is_raised_again_at_the_next_check() -> None:
    """A fork hook or a finaliser prints "Exception ignored in ..." and goes on: the loop's
    next check stops the run all the same (tune once ran its remaining trials after that)."""
    with interrupts.stop_on_signals():
        interrupts.check()  # nothing asked yet
        with contextlib.suppress(KeyboardInterrupt):  # swallowed
            _signal_self(signal.SIGTERM)
        with pytest.raises(KeyboardInterrupt):
            interrupts.check()
    interrupts.check()  # the run is over: what follows in this process is not stopped


def test_keeping_says_what_was_kept() -> None:
    with (
        pytest.raises(interrupts.Interrupted) as info,
        interrupts.keeping(lambda: "3 of 9 games are kept"),
    ):
        raise KeyboardInterrupt
    assert info.value.kept == "3 of 9 games are kept"


def test_a_stop_swallowed_after_the_last_check_still_ends_the_block_as_interrupted() -> None:
    """Swallowed in a finaliser after a loop's last check (tune's last trial), a stop is not
    ignored: the command that keeps what it finished ends as interrupted all the same."""
    with (
        interrupts.stop_on_signals(),
        pytest.raises(interrupts.Interrupted),
        interrupts.keeping(lambda: "4 of 4 trials are kept"),
        contextlib.suppress(KeyboardInterrupt),
    ):
        _signal_self(signal.SIGINT)
    with interrupts.keeping(lambda: "nothing"):  # no stop asked: the block ends as it is
        pass


class _StoppedWhileFinalised:
    def __del__(self) -> None:
        _signal_self(signal.SIGINT)  # the stop lands in a finaliser, which cannot raise it


def test_a_stop_swallowed_by_a_finaliser_prints_no_traceback(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Python reports what a finaliser could not raise ("Exception ignored in ...", with a
    traceback): for a stop, which the next check raises again, it says nothing."""
    monkeypatch.setattr(sys, "unraisablehook", sys.__unraisablehook__)  # not pytest's
    with interrupts.stop_on_signals():
        _StoppedWhileFinalised()  # made and dropped at once
        with pytest.raises(KeyboardInterrupt):
            interrupts.check()
    assert "Traceback" not in capfd.readouterr().err
