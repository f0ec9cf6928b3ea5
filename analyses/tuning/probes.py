"""What a tuning's search learns of its parameters (issue 39, "During"):

* **inert** ones: after the first trial (the starting values) each parameter is *probed* once,
  a trial with only it moved (to the far end of its range from the start, or to another
  choice). When that trial's games are identical to the first trial's — the same
  :func:`fingerprint`: every game's winners, moves, turns, counters and every seat's score — the
  parameter does not change play: it is *inert*, said so, and kept at its starting value from
  then on (:func:`inert_params` reads them back from the stored trials);
* a best value **at the edge** of its range, which a wider range might improve on
  (:func:`at_edge`).

>>> from analyses.tuning.params import parse_param
>>> p = parse_param("option:marker_threshold=10..24")
>>> probe_value(p, 17), probe_value(p, 12), probe_value(parse_param("option:x=a|b|c"), "b")
(24, 24, 'a')
>>> origin_value(p, 30), origin_value(parse_param("option:x=a|b"), "z")
(24, 'a')
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Collection, Mapping
from typing import TYPE_CHECKING, Any

from analyses.tuning.params import Param
from analyses.tuning.storage import completed

if TYPE_CHECKING:
    from analyses.studies.frames import StudyFrames
    from analyses.tuning.run import Prepared

__all__ = [
    "at_edge",
    "fingerprint",
    "inert_params",
    "origin_value",
    "probe_value",
    "probed",
]

#: A real value this close to an end of its range (a share of the range's width) is at it.
EDGE = 0.01


def origin_value(param: Param, start: Any) -> Any:
    """The first trial's value of ``param``: its starting value, brought into its range (the
    nearest end, or the first choice) when it lies outside."""
    if param.kind == "choice":
        return start if start in param.choices else param.choices[0]
    return min(max(start, param.low), param.high)


def probe_value(param: Param, origin: Any) -> Any:
    """The value ``param`` is probed at: the end of its range farther from ``origin`` (the
    high end when both are as far), or the first other choice."""
    if param.kind == "choice":
        return next(c for c in param.choices if c != origin)
    assert param.low is not None and param.high is not None
    return param.low if origin - param.low > param.high - origin else param.high


def fingerprint(frames: StudyFrames) -> str:
    """A digest of the games a trial played: the games table (but the config's digest, which
    names the values) and every seat's score and win share. Equal digests: identical games."""
    games = frames.games.drop(columns=["config"], errors="ignore").sort_values("game")
    players = frames.players[["game", "seat", "score", "win_share"]].sort_values(["game", "seat"])
    rows = [games.to_dict("records"), players.to_dict("records")]
    text = json.dumps(rows, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def probed(trials: list[Any]) -> dict[str, tuple[Any, Any, bool]]:
    """Each parameter probed among ``trials`` (finished optuna trials in the order played): its
    first trial's value, its probe's, and whether the two played identical games."""
    if not trials or "fingerprint" not in trials[0].user_attrs:
        return {}
    first = trials[0]
    found: dict[str, tuple[Any, Any, bool]] = {}
    for t in trials[1:]:
        name = t.user_attrs.get("probe")
        if name is None or name not in t.params or name in found:
            continue
        same = t.user_attrs.get("fingerprint") == first.user_attrs["fingerprint"]
        found[name] = (first.params.get(name), t.params[name], same)
    return found


def inert_params(study: Any) -> dict[str, tuple[Any, Any]]:
    """The inert parameters of a tuning's optuna ``study``: each with the two values that
    played identical games (its first trial's and its probe's), in the order probed."""
    return {name: (a, b) for name, (a, b, same) in probed(completed(study)).items() if same}


def inert_message(name: str, a: Any, b: Any) -> str:
    """What is said of an inert parameter."""
    return f"{name} is inert: {a} and {b} play identical games; dropped from the search"


def at_edge(prep: Prepared, params: Mapping[str, Any], inert: Collection[str] = ()) -> list[str]:
    """A sentence for each number of ``params`` (the best trial's values) at the low or high
    end of its range (a real one within 1% of the range's width of it), the ``inert`` ones
    left out: a wider range might do better."""
    found = []
    for p in prep.params:
        if p.kind == "choice" or p.name not in params or p.name in inert:
            continue
        assert p.low is not None and p.high is not None
        value, slack = params[p.name], (EDGE * (p.high - p.low) if p.kind == "float" else 0)
        if value <= p.low + slack or value >= p.high - slack:
            found.append(
                f"{p.name} = {value} is at the edge of its range {p.low}..{p.high}: widen it"
            )
    return found
