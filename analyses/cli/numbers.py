"""Numbers on the command line, written in the digits 0-9.

Click reads a number with ``int()`` or ``float()``, which take the digits of every script: ``--games
٣`` (Arabic-Indic) would play 3 games. These types refuse such a number in one line, like any
other malformed argument, and read every ASCII number as click does.

>>> Int().convert("12", None, None), IntRange(0).convert("0", None, None)
(12, 0)
>>> IntRange(1, 4).convert("\\u0663", None, None)
Traceback (most recent call last):
...
click.exceptions.BadParameter: '٣' is not a number in the digits 0-9.
"""

from __future__ import annotations

from typing import Any

import click


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
    """A number in a range (``click.FloatRange``)."""

    def convert(self, value: Any, param: Any, ctx: Any) -> Any:
        _check(self, value, param, ctx)
        return super().convert(value, param, ctx)
