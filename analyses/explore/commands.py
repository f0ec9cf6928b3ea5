"""The command that finishes a folder atoll left unfinished, as the studies page suggests it:
the game's CLI name, the verb that wrote the folder, and every setting its stored record holds,
so that ``--resume`` continues that very study (the store refuses any other: its config must be
the same, key for key).

Run in the root (``--out`` is the folder's path under it). Component files are named as the
study was begun with them: a relative name is relative to where it was begun.

>>> config = {"game": "gloryislands", "players": 2, "agents": ["random"], "games": 4,
...           "seed": 1, "rotate": True, "options": {"hunt": False}, "components": {},
...           "max_moves": 100000}
>>> report_command(config, "runs/a").split(" --")  # doctest: +NORMALIZE_WHITESPACE
['atoll gloryislands report', 'games 4', 'players 2', 'agent random', 'seed 1',
 'option hunt=false', 'out runs/a', 'resume']
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Mapping, Sequence
from typing import Any

from models.errors import AtollError
from models.registry import game_names

__all__ = [
    "compare_command",
    "play_words",
    "report_command",
    "skill_command",
    "split_budget",
    "tune_command",
]

#: What a study plays when the CLI does not say (``max_moves`` has no flag).
_MAX_MOVES = 100_000


def _toml(value: Any) -> str:
    """A rule option's value as ``--option NAME=VALUE`` reads it (TOML)."""
    import tomlkit  # only when a command is written

    return str(tomlkit.item(value).as_string())


def _game(config: Mapping[str, Any]) -> str:
    game = config.get("game")
    if game not in game_names():
        raise AtollError(f"no game {game!r} of this installation", field="game")
    return str(game)


def _options(flag: str, options: Mapping[str, Any]) -> list[str]:
    return [w for k, v in options.items() for w in (flag, f"{k}={_toml(v)}")]


def play_words(config: Mapping[str, Any], *, options: bool = True) -> list[str]:
    """The flags of what a study plays (players, agents, seed, seats, options, components)."""
    if config.get("max_moves", _MAX_MOVES) != _MAX_MOVES:
        raise AtollError(
            f"played with max_moves = {config['max_moves']}, which the CLI cannot set",
            field="max_moves",
        )
    words = ["--players", str(config["players"])]
    for spec in config.get("agents") or ["random"]:
        words += ["--agent", str(spec)]
    words += ["--seed", str(config["seed"])]
    if config.get("rotate") is False:
        words.append("--fixed-seats")
    if (config.get("design") or "fixed") != "fixed":  # a study.json without one is fixed
        words += ["--design", str(config["design"])]
    if options:
        words += _options("--option", config.get("options") or {})
    components = config.get("components") or {}
    words += [w for k, v in components.items() for w in ("--component", f"{k}={v}")]
    return words


def _join(game: str, verb: str, words: Sequence[str], out: str) -> str:
    return shlex.join(["atoll", game, verb, *words, "--out", out, "--resume"])


def report_command(config: Mapping[str, Any], out: str) -> str:
    """``report --resume``: the report of a stored study (its missing games played first)."""
    words = ["--games", str(config["games"]), *play_words(config)]
    return _join(_game(config), "report", words, out)


def compare_command(base: Mapping[str, Any], variant: Mapping[str, Any], out: str) -> str:
    """``compare --resume``: the baseline's options as ``--baseline-option``, the variant's
    own as ``--option`` (a variant changes rule options only)."""
    same = {k: base[k] for k in base if k != "options"} == {
        k: variant[k] for k in variant if k != "options"
    }
    if not same:
        raise AtollError("the baseline and the variant differ beyond rule options", field="variant")
    base_options = base.get("options") or {}
    own = {k: v for k, v in (variant.get("options") or {}).items() if base_options.get(k) != v}
    if not own or set(base_options) - set(variant.get("options") or {}):
        raise AtollError("the variant changes no rule option of the baseline", field="variant")
    words = ["--games", str(base["games"]), *play_words(base, options=False)]
    words += _options("--baseline-option", base_options) + _options("--option", own)
    return _join(_game(base), "compare", words, out)


def split_budget(spec: str, budget: int) -> tuple[str, str]:
    """The tested agent and the parameter a skill trace's budget set, from the spec it
    played at that budget (the budget is always its last parameter).

    >>> split_budget("ismcts:c=0.5,iterations=50", 50), split_budget("ismcts:iterations=2", 2)
    (('ismcts:c=0.5', 'iterations'), ('ismcts', 'iterations'))
    """
    found = re.fullmatch(rf"(.*?)[:,]\s*([A-Za-z_][\w]*)\s*=\s*{budget}", spec.strip())
    if found is None:
        raise AtollError(f"{spec!r} does not end with a budget of {budget}", field="agents")
    return found.group(1), found.group(2)


def skill_command(game: str, plan: Mapping[str, Any], budgets: Sequence[int], out: str) -> str:
    """``skill --resume`` for the budgets' studies begun (``plan``: agent, param, against,
    games, players, seed)."""
    words = [
        "--agent", str(plan["agent"]),
        "--param", str(plan["param"]),
        "--budgets", ",".join(str(b) for b in budgets),
        "--against", str(plan["against"]),
        "--games", str(plan["games"]),
        "--players", str(plan["players"]),
        "--seed", str(plan["seed"]),
    ]  # fmt: skip
    if (plan.get("design") or "fixed") != "fixed":
        words += ["--design", str(plan["design"])]
    return _join(_game({"game": game}), "skill", words, out)


def tune_command(run: Mapping[str, Any], out: str) -> str:
    """``tune --resume`` for the run a ``tune.json`` records (its study, parameters,
    objective, trials and check games)."""
    study = run["study"]
    words = [w for p in run["params"] for w in ("--param", str(p))]
    words += [
        "--objective", str(run["objective"]),
        "--trials", str(run["trials"]),
        "--games-per-trial", str(study["games"]),
        "--check-games", str(run["check_games"]),
        *play_words(study),
    ]  # fmt: skip
    return _join(_game(study), "tune", words, out)
