"""Settings for the whole test session.

A suite started in the background by a non-interactive shell (``cmd &``, as a CI script may
do) inherits SIGINT *ignored*, and every process a test starts would inherit that too: the
tests that press Ctrl-C on a study, a pool or a solve would then wait for a stop that can
never come. Ctrl-C is what those tests check, so the session restores Python's own handler
before any test runs (a process started afterwards gets the default disposition, as from a
terminal).
"""

from __future__ import annotations

import signal

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
