"""The parts of a report and the numbers in them: sections, tables of estimates, findings.

A report section holds tables whose cells are numbers, not text: an
:class:`~analyses.statistics.stats.Estimate` (a value with its interval, n and method), a p-value
column (``p``, ``adjusted p``), or a plain value. The same table is drawn as HTML
(:func:`table_html`) and written, cell by cell, to ``report.json`` (:func:`json_numbers`), so
every number a designer reads is also one a program can read — with its interval, n, what it
was computed over and, in a row of a test, its p-values.

>>> from analyses.statistics.stats import Estimate
>>> table = Table("Seats", pd.DataFrame({"seat": [0], "win share": [Estimate(0.3, 0.2, 0.4, 50)],
...                                       "p": [0.01], "adjusted p": [0.02]}), over="games")
>>> [n["name"] for n in json_numbers("Outcome", table)]
['Seats: seat 0: win share', 'Seats: seat 0: p', 'Seats: seat 0: adjusted p']
>>> json_numbers("Outcome", table)[0]["adjusted_p"]
0.02
>>> estimate_cell(Estimate(0.5, 0.5, 0.5, 120, method="constant"))
'0.50 (the same in all 120 games)'
"""

from __future__ import annotations

import dataclasses
import html
import math
from numbers import Number
from typing import Any

import pandas as pd

from analyses.statistics import formats
from analyses.statistics.stats import Estimate

#: A table of more columns than this is drawn tighter (class ``wide``), so that it fits the page.
WIDE = 7
#: Columns of a table that hold p-values (drawn as p-values, attached to the row's estimates).
P_COLUMNS = ("p", "adjusted p")
#: Columns of a row's test that the page does not draw: how its p was computed (``exact``,
#: ``t``, ``monte carlo``) and the p's Monte Carlo standard error; report.json gives them
#: beside the p (``p_method``, ``p_error``).
P_DETAILS = ("p method", "p error")


@dataclasses.dataclass
class Table:
    """A table of a section: its caption, its rows (cells are numbers or labels; the first
    column labels the row), what its estimates are computed over (``"games"``, ``"games where
    both played"``...), and the unit of each column where it has one."""

    caption: str
    frame: pd.DataFrame
    over: str = "games"
    units: dict[str, str] = dataclasses.field(default_factory=dict)
    index: bool = False  # whether the frame's index labels the rows (else its first column)
    folded: bool = False  # drawn folded (a dot plot of its top rows stands above it)
    #: The column whose estimate a row's p-values test (default: ``difference`` where the
    #: table has one, else its first column of estimates); report.json attaches them to it only.
    tested: str | None = None
    #: What a row's measure is, by the row's label (the measures of
    #: :mod:`analyses.reports.metrics`): report.json gives it with the row's numbers.
    about: dict[str, str] = dataclasses.field(default_factory=dict)

    def tested_column(self) -> str | None:
        """The column a row's ``p`` and ``adjusted p`` belong to (:attr:`tested`)."""
        if self.tested is not None:
            return self.tested
        columns = [str(c) for c in self.frame.columns]
        if "difference" in columns:
            return "difference"
        for column in self.frame.columns:
            if any(isinstance(v, Estimate) for v in self.frame[column]):
                return str(column)
        return None

    @property
    def has_intervals(self) -> bool:
        """Whether any cell is an estimate with an interval (the page then says over what)."""
        return any(isinstance(v, Estimate) for column in self.frame for v in self.frame[column])


@dataclasses.dataclass(eq=False)
class Finding:
    """One sentence of the findings box, and the number it rests on (if any).

    A finding with a ``p`` is a test: ``text`` is its claim without the p-value, and it is
    stated only if it survives the report's correction for all its tests together
    (:func:`analyses.reports.family.adjust` sets ``adjusted``, and writes it into ``row``: the table
    row that shows the test, as (frame, row label)). It is not stated when a finding of
    ``unless`` holds (a seat's effect that is an interaction with the agents, say, is stated
    as that). A finding without a ``p`` is a plain statement, always stated.

    >>> f = Finding("Seat 1 wins 0.60", p=0.001, adjusted=0.004)
    >>> f.holds, f.sentence()
    (True, 'Seat 1 wins 0.60, adjusted p = 0.004.')
    """

    text: str
    estimate: Estimate | None = None
    p: float = math.nan
    adjusted: float = math.nan
    row: tuple[pd.DataFrame, Any] | None = None
    unless: tuple[Finding, ...] = ()

    @property
    def tested(self) -> bool:
        """Whether this is a test (it has a p-value) rather than a plain statement."""
        return not math.isnan(self.p)

    @property
    def holds(self) -> bool:
        """A statement always; a test when its adjusted p is below 0.05."""
        return not self.tested or bool(self.adjusted < 0.05)

    @property
    def stated(self) -> bool:
        """Whether the findings box says it: it holds and no finding of ``unless`` does."""
        return self.holds and not any(other.holds for other in self.unless)

    def sentence(self) -> str:
        """The sentence of the box: a test's claim with its adjusted p."""
        if not self.tested:
            return self.text
        return f"{self.text}, adjusted {p_text(self.adjusted)}."


@dataclasses.dataclass
class Power:
    """What a section's test could find, for the report's resolution: ``what`` is tested (in
    words: "seat 0's win share"), one value per unit of the test (``values``: a seat's win
    share per deal), the ``units`` (games, deals) and the value of no effect (``against``, in
    words: "the even 0.25"). The report turns it into the smallest effect the test finds with
    80% power at the family's level (:func:`analyses.reports.findings.findings_box`)."""

    what: str
    values: Any
    units: str
    against: str


@dataclasses.dataclass
class Section:
    """One part of a report: tables, figures (caption, data URI), notes, and its tests as
    findings; for the box at the top of the report, warnings, lines on what the sample can
    resolve and the agents' measured strength; ``data``, values report.json holds by
    name beside the tables' numbers; and ``powers``, what its tests could find."""

    title: str
    intro: str = ""
    tables: list[Table] = dataclasses.field(default_factory=list)
    figures: list[tuple[str, str]] = dataclasses.field(default_factory=list)
    notes: list[str] = dataclasses.field(default_factory=list)
    findings: list[Finding] = dataclasses.field(default_factory=list)
    warnings: list[str] = dataclasses.field(default_factory=list)
    resolution: list[str] = dataclasses.field(default_factory=list)
    strength: list[str] = dataclasses.field(default_factory=list)
    data: dict[str, Any] = dataclasses.field(default_factory=dict)
    #: What the section's tests could find (:class:`Power`): the resolution of the report.
    powers: list[Power] = dataclasses.field(default_factory=list)


def estimate_cell(e: Estimate, digits: int = 2, units: str = "games") -> str:
    """An estimate as ``value [low, high]`` with at least ``digits`` decimals, more where the
    interval needs them to show its width (:mod:`analyses.statistics.formats`); one that did not
    vary says so (in all its ``units``: games, or deals in the duplicate design), one without an
    interval says why.

    >>> estimate_cell(Estimate(2.0, 1.5, 2.5, 10))
    '2.00 [1.50, 2.50]'
    >>> estimate_cell(Estimate(4.0, math.nan, math.nan, 1))
    '4.00 (n=1: no interval)'
    """
    if math.isnan(e.value):
        return "–"
    if e.constant:
        return f"{formats.fixed(e.value, digits)} (the same in all {e.n} {units})"
    if math.isnan(e.low) or math.isnan(e.high):
        return f"{formats.fixed(e.value, digits)} (n={e.n}: no interval)"
    return formats.interval(e.value, e.low, e.high, digits)


def p_text(p: float) -> str:
    """A p-value in a sentence: ``p = 0.012``, ``p < 0.001``.

    >>> p_text(0.0004), p_text(0.0123)
    ('p < 0.001', 'p = 0.012')
    """
    cell = p_cell(p)
    return f"p {cell}" if cell.startswith("<") else f"p = {cell}"


def estimate_text(e: Estimate, units: str = "games") -> str:
    """An estimate in a sentence, with the units it rests on (games, or the deals of a
    duplicate design).

    >>> estimate_text(Estimate(0.36, 0.29, 0.43, 200))
    '0.36 [0.29, 0.43] (n = 200 games)'
    >>> estimate_text(Estimate(0.5, 0.5, 0.5, 40, method="constant"), "deals")
    '0.50 in every one of 40 deals'
    """
    if e.constant:
        return f"{formats.fixed(e.value, 2)} in every one of {e.n} {units}"
    return f"{estimate_cell(e)} (n = {e.n} {units})"


def p_cell(p: float) -> str:
    """A p-value for reading: three digits, ``< 0.001`` below that, ``–`` when untested."""
    return formats.p_value(None if p is None else float(p))


def _cell(value: Any, column: str, digits: int = 2, units: str = "games") -> Any:
    if isinstance(value, Estimate):  # "x [low, high]" unbreakable, so that a narrow column wraps
        text = estimate_cell(value, digits, units)  # between the number and its words only
        number, _, words = text.partition(" (")
        return number.replace(" ", "\u00a0") + (f" ({words}" if words else "")
    if column in P_COLUMNS:
        return p_cell(value).replace(" ", "\u00a0")
    return value


def table_html(table: Table | pd.DataFrame, *, index: bool | None = None) -> str:
    """A table as HTML: estimates as ``value [low, high]``, p-values rounded, floats to 3
    significant digits; numbers right-aligned (``class="num"``), words left-aligned; column
    names readable (``features_bridge`` as "features bridge").

    >>> html_text = table_html(pd.DataFrame({"kind": ["a"], "n_games": [2.5]}))
    >>> "<th>n games</th>" in html_text, '<td>a</td><td class="num">2.50</td>' in html_text
    (True, True)
    """
    frame = table.frame if isinstance(table, Table) else table
    units = "deals" if isinstance(table, Table) and "deals" in table.over else "games"
    if index is None:
        index = table.index if isinstance(table, Table) else False
    if index:
        frame = frame.reset_index()
    frame = frame.drop(columns=[c for c in P_DETAILS if c in frame.columns])
    head = "".join(f"<th>{html.escape(readable(c))}</th>" for c in frame.columns)
    wide = len(frame.columns) > WIDE
    places = {column: _column_decimals(frame[column]) for column in frame.columns}
    floats = {column: _float_places(frame[column]) for column in frame.columns}
    body = []
    for row in frame.itertuples(index=False):
        cells = []
        for column, value in zip(frame.columns, row, strict=True):
            shown = _cell(value, str(column), places[column], units)
            number = _is_number(value) or isinstance(value, Estimate) or str(column) in P_COLUMNS
            text = _text(shown, floats[column])
            if wide and isinstance(value, Estimate):  # the interval under its value
                text = text.replace("\u00a0[", "<br>[", 1)
            cells.append(f'<td class="num">{text}</td>' if number else f"<td>{text}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    tight = ' class="wide"' if wide else ""  # set tighter to fit the page
    return f"<table{tight}><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"


def _column_decimals(column: pd.Series) -> int:
    """The decimals of a column's estimates: one precision for the column, enough for every
    interval in it to show its width (:func:`analyses.statistics.formats.column_decimals`)."""
    rows = [
        (v.value, v.low, v.high)
        for v in column
        if isinstance(v, Estimate) and not v.constant and not math.isnan(v.value)
    ]
    return formats.column_decimals(rows)


def readable(name: object) -> str:
    """A column or measure name for reading: underscores as spaces."""
    return str(name).replace("_", " ")


def _float_places(column: pd.Series) -> int | None:
    """The decimals of a column's plain floats (one precision for the column), or None when
    it has none."""
    values = [float(v) for v in column if isinstance(v, float) and not math.isnan(v)]
    return formats.column_places(values) if values else None


def _text(value: Any, places: int | None = None) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if isinstance(value, float):
        if places is None:
            return "0" if value == 0 else f"{value:.3g}"  # never "-0"
        return html.escape(formats.plain(value, places))
    return html.escape(str(value))


def json_numbers(section: str, table: Table) -> list[dict[str, Any]]:
    """Every number of ``table`` as a ``report.json`` record: name (table, row, column; unique
    in the table), estimate, interval, n, method, unit, what it is over, and — on the estimate
    the row's test is about (:meth:`Table.tested_column`) only — the row's p-values. A table
    whose index labels its rows (``index=True``) is read with the index as its first column;
    where the first column does not tell the rows apart, the labels of the columns before the
    first number do (and, failing them, the row's place)."""
    frame = table.frame
    if table.index:
        frame = frame.rename_axis(frame.index.name or "row").reset_index()
    if frame.empty:
        return []
    label = frame.columns[0]
    names = _row_names(frame)
    tested = table.tested_column()
    out = []
    for (_, row), name in zip(frame.iterrows(), names, strict=True):
        tests = {c: _plain(row[c]) for c in P_COLUMNS + P_DETAILS if c in frame.columns}
        details = {"p_method": tests.get("p method"), "p_error": tests.get("p error")}
        if tests.get("p") is None:
            details = {}
        for column in frame.columns[1:]:
            if column in P_DETAILS:
                continue
            value = row[column]
            record: dict[str, Any] = {
                "section": section,
                "table": table.caption,
                "row": _plain(row[label]),
                "column": str(column),
                "name": f"{table.caption}: {name}: {column}",
                "over": table.over,
                "unit": table.units.get(str(column), ""),
            }
            if str(row[label]) in table.about:
                record["definition"] = table.about[str(row[label])]
            if isinstance(value, Estimate):
                record.update(
                    estimate=_plain(value.value),
                    low=_plain(value.low),
                    high=_plain(value.high),
                    n=value.n,
                    method=value.method,
                )
                mine = str(column) == tested  # the row's test is about this estimate only
                record.update(
                    p=tests.get("p") if mine else None,
                    adjusted_p=tests.get("adjusted p") if mine else None,
                )
                if mine:
                    record.update(details)
            elif _is_number(value):
                record.update(estimate=_plain(value))
                if str(column) == "p":
                    record["adjusted_p"] = tests.get("adjusted p")
                    record.update(details)
            else:
                continue  # a label, not a number
            out.append(record)
    return out


def _row_names(frame: pd.DataFrame) -> list[str]:
    """Each row's name in report.json: ``column value`` of its first column, of the label
    columns before the first number where that repeats, and its place where even they do."""
    labels: list[Any] = []
    for column in frame.columns:
        if any(_is_number(v) or isinstance(v, Estimate) for v in frame[column]) and labels:
            break
        labels.append(column)
    for width in (1, len(labels)):
        names = []
        for _, row in frame.iterrows():
            names.append(", ".join(f"{c} {_plain(row[c])}" for c in labels[:width]))
        if len(set(names)) == len(names):
            return names
    return [f"{name} (row {k + 1})" for k, name in enumerate(names)]


def _is_number(value: Any) -> bool:
    return isinstance(value, Number) and not isinstance(value, bool)


def _plain(value: Any) -> Any:
    """A JSON value: nan as null, numpy numbers as Python numbers."""
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value
