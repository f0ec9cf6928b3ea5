"""Numbers on the command line, written in the digits 0-9, and finite.

Click reads a number with ``int()`` or ``float()``, which take the digits of every script: ``--games
٣`` (Arabic-Indic) would play 3 games, ``--time-limit nan`` would pass every range check. These
types refuse such a number in one line, like any other malformed argument, and read every ASCII
number as click does. A number inside a longer argument (``--feature X,Y,PIECE``, ``--objective
2*length:40``, ``--param option:x=1..5``) is read by :func:`read_int` and :func:`read_float`,
the same rule.

>>> Int().convert("12", None, None), IntRange(0).convert("0", None, None)
(12, 0)
>>> IntRange(1, 4).convert("\\u0663", None, None)
Traceback (most recent call last):
...
click.exceptions.BadParameter: '٣' is not a number in the digits 0-9.
>>> FloatRange(min=0, min_open=True).convert("nan", None, None)
Traceback (most recent call last):
...
click.exceptions.BadParameter: 'nan' is not a finite number.
>>> read_int("-3", "--feature"), read_float("2.5e1", "--objective", "a weight")
(-3, 25.0)
"""

from __future__ import annotations

import math
from typing import Any

import click

from models.errors import AtollError

__all__ = ["FloatRange", "Int", "IntRange", "read_float", "read_int"]


def _check(kind: click.ParamType, value: Any, param: Any, ctx: Any) -> None:
    if isinstance(value, str) and not value.isascii():
        kind.fail(f"{value!r} is not a number in the digits 0-9.", param, ctx)


class Int(click.types.IntParamType):
    """A whole number (``type=int``)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        _check(self, value, param, ctx)
        return super().convert(value, param, ctx)


class IntRange(click.IntRange):
    """A whole number in a range (``click.IntRange``)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        _check(self, value, param, ctx)
        return super().convert(value, param, ctx)


class FloatRange(click.FloatRange):
    """A finite number in a range (``click.FloatRange``; ``nan`` passes every comparison, so
    it is refused here, and so is ``inf``)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        _check(self, value, param, ctx)
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):  # nan is inside every range; 1e999 reads as inf
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return number


def read_int(text: str, field: str, what: str = "a whole number") -> int:
    """``text`` as a whole number in the digits 0-9 (a sign allowed), else a one-line error
    naming ``field``."""
    digits = text.strip().removeprefix("-").removeprefix("+")
    if not (digits.isascii() and digits.isdigit()):
        raise AtollError(f"{what} in the digits 0-9, got {text!r}", field=field)
    return int(text)


def read_float(text: str, field: str, what: str = "a number") -> float:
    """``text`` as a finite number in the digits 0-9 (``2``, ``-0.5``, ``1e3``), else a
    one-line error naming ``field``."""
    try:
        if not text.isascii():
            raise ValueError
        value = float(text)
    except ValueError:
        raise AtollError(
            f"{what} must be a number in the digits 0-9, got {text!r}", field=field
        ) from None
    if not math.isfinite(value):
        raise AtollError(f"{what} must be finite, got {text!r}", field=field)
    return value
