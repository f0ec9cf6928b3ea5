"""Errors and warnings for bad input, shared by every game.

Every error a user can cause with a file, a clue string or a command-line argument is an
:class:`AtollError`. It names where the problem is (file, entry, field) and prints as one line,
so the CLI can show it and exit with status 2 instead of a traceback.

>>> str(AtollError("no treasure 5", source="hints.toml", entry="treasure.5"))
'hints.toml: treasure.5: no treasure 5'
"""

from __future__ import annotations

import re
from pathlib import Path


class AtollError(ValueError):
    """Bad input: a one-line message naming the file, the entry and the field at fault."""

    def __init__(
        self,
        message: str,
        *,
        source: str | Path | None = None,
        entry: str | None = None,
        field: str | None = None,
    ) -> None:
        self.message = message
        self.source = str(source) if source is not None else None
        self.entry = entry
        self.field = field
        super().__init__(self.one_line())

    def one_line(self) -> str:
        """``source: entry: field: message`` with the parts that are known, on one line
        whatever they contain (line breaks in any part become spaces)."""
        parts = [p for p in (self.source, self.entry, self.field, self.message.strip()) if p]
        return ": ".join(re.sub(r"\s*[\r\n\u2028\u2029]+\s*", " ", p) for p in parts)

    def located(self, source: str | Path | None = None, entry: str | None = None) -> AtollError:
        """The same error with a file (and an outer entry) filled in where it was missing."""
        new_entry = self.entry
        if entry:
            new_entry = f"{entry}.{self.entry}" if self.entry else entry
        return AtollError(
            self.message,
            source=self.source or source,
            entry=new_entry,
            field=self.field,
        )


class PathRefused(AtollError):
    """A file outside the folder atoll may read (the explore app's root): refused, never
    opened (:func:`models.files.confined_to`)."""


class AtollWarning(UserWarning):
    """Suspicious but acceptable input (for example two identical landmarks close together)."""


class DeprecatedFlag(AtollWarning):
    """An old command-line flag that still works: the CLI says what to write instead, in one
    line, once the command has finished (an error stays a single line)."""


class IllegalActionError(AtollError):
    """An action the rules do not allow now: the message names the rule it breaks.

    >>> error = IllegalActionError("SS-P2: shares no side with a placed tile", rule="SS-P2",
    ...                            action="place (3,3) r0", entry="turn 4", field="place")
    >>> error.rule, str(error)
    ('SS-P2', 'turn 4: place: SS-P2: shares no side with a placed tile')

    Games refuse with :meth:`refused`, which words every refusal alike:

    >>> str(IllegalActionError.refused("pass", "TB-T1", "a drive is possible", entry="turn 3"))
    'turn 3: pass is not legal: TB-T1: a drive is possible'
    """

    def __init__(
        self,
        message: str,
        *,
        rule: str,
        action: object,
        source: str | Path | None = None,
        entry: str | None = None,
        field: str | None = None,
    ) -> None:
        self.rule = rule
        self.action = action
        super().__init__(message, source=source, entry=entry, field=field)

    @classmethod
    def refused(
        cls,
        action: object,
        rule: str,
        why: str,
        *,
        shown: str | None = None,
        entry: str | None = None,
        field: str | None = None,
    ) -> IllegalActionError:
        """The refusal of ``action`` (written as ``shown``, by default as the action prints):
        ``ACTION is not legal: RULE: WHY``."""
        text = str(action) if shown is None else shown
        return cls(
            f"{text} is not legal: {rule}: {why}",
            rule=rule,
            action=action,
            entry=entry,
            field=field,
        )

    def located(self, source: str | Path | None = None, entry: str | None = None) -> AtollError:
        new = super().located(source, entry)
        return IllegalActionError(
            new.message,
            rule=self.rule,
            action=self.action,
            source=new.source,
            entry=new.entry,
            field=new.field,
        )
