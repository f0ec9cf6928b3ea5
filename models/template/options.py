"""Role ``options.py`` (required): the one rule-options class of the game.

A real game puts here every reading its rules leave open (each ambiguity of its rule
catalogue) and switches worth measuring, one field each, with its default — the published
reading — and its rule ID in the docstring. Every command of the game accepts the class
(``--option penalty=0``, ``[options]`` in a scenario), unknown names are errors, and every
result records the options it was played with.

>>> PearlDiversOptions().penalty
1
>>> PearlDiversOptions.from_mapping({"rounds": 4}).to_dict()
{'rounds': 4, 'penalty': 1}
"""

from __future__ import annotations

import dataclasses

from pydantic import StrictInt

from models.core import RuleOptions


@dataclasses.dataclass(frozen=True)
class PearlDiversOptions(RuleOptions):
    """Rule options of Pearl Divers.

    Attributes:
        rounds: PD-G1. How many rounds the game lasts (1 to 5; the deck must hold a card for
            every player in every round).
        penalty: PD-R2. The points a diver who does not take the pearl loses (0 to 3).
    """

    rounds: StrictInt = 3
    penalty: StrictInt = 1
