"""The template game (Pearl Divers) for the strategy tests: its class found in its module, not
named (code outside a game's folder makes games without naming their classes), and not
registered (the template is no installed game)."""

from __future__ import annotations

import importlib

from models.core import Game

_module = importlib.import_module("models.template.game")
(TEMPLATE,) = [v for v in vars(_module).values() if isinstance(v, type) and Game in v.__mro__[1:]]
INFO = TEMPLATE.info
