"""One family of tests per report: every test that could become a finding of a page is
adjusted together with all the others (Holm), and the page shows that adjusted p wherever the
test appears — in its table and in its sentence.

Sections state each test as a :class:`~analyses.reports.tables.Finding` with its raw ``p`` and,
where a table shows the test, the table row (``Finding.row``). :func:`adjust` adjusts them all at
once; :func:`stated` gives the sentences of those that survive (adjusted p below 0.05) and are
not said by another finding instead (``Finding.unless``). So a page of 30 tests needs a smaller
p for a finding than a page of 3, however its tables are cut.

>>> import pandas as pd
>>> from analyses.reports.tables import Finding, Section
>>> frame = pd.DataFrame({"seat": [0, 1], "p": [0.001, 0.2], "adjusted p": [float("nan")] * 2})
>>> tests = [Finding(f"Seat {s} wins", p=p, row=(frame, s)) for s, p in enumerate(frame["p"])]
>>> section = Section("Seats", findings=tests)
>>> adjust([section])
>>> frame["adjusted p"].tolist(), stated([section])
([0.002, 0.2], ['Seat 0 wins, adjusted p = 0.002.'])
"""

from __future__ import annotations

from collections.abc import Sequence

from analyses.reports.tables import Finding, Section
from analyses.statistics.stats import holm

__all__ = ["adjust", "members", "stated"]


def members(sections: Sequence[Section]) -> list[Finding]:
    """Every test of the page's sections (the findings that have a p-value), in order."""
    return [f for s in sections for f in s.findings if f.tested]


def adjust(sections: Sequence[Section]) -> None:
    """Adjust every test of ``sections`` together (Holm, a family-wise 5%): set each
    finding's ``adjusted`` and write it into the ``adjusted p`` of its table row (and a
    ``clear`` column's yes/no, where the row has one and is not another's twin). The same
    tests give the same result however often this runs."""
    family = members(sections)
    for finding, value in zip(family, holm([f.p for f in family]), strict=True):
        finding.adjusted = float(value)
        if finding.row is None:
            continue
        frame, label = finding.row
        frame.loc[label, "adjusted p"] = finding.adjusted
        if "clear" in frame.columns and not str(frame.loc[label, "clear"]).startswith("same"):
            frame.loc[label, "clear"] = "yes" if finding.holds else ""


def stated(sections: Sequence[Section]) -> list[str]:
    """The sentences of the findings box: every plain statement and every test that survives
    the page's correction, unless another finding says it instead."""
    return [f.sentence() for s in sections for f in s.findings if f.stated]
