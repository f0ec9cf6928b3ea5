"""Recipes (:mod:`tests.analyses.reports.recompute`) for the Glory Islands tables of a study report,
each computed from the study's Parquet tables with pandas and numpy from the definitions in
``analyses/gloryislands`` (read as the spec, never imported):

* card colours: ties of equal cards by colour and agent, and by card value and colour — the
  pairs of equal cards of every ``reveal`` event, the one earlier in its ``order`` the winner,
  counted by the colours of the cards played; with ``colours = dealt`` each colour's win share
  and a permutation test of my own that deals the colours again (from the board file's
  colours; one deal per deal of a duplicate design, whose rotations share their colours);
* the sail cards: each agent's share of its cards of each value, all rounds and the first
  reveal of each game, and the win share by the card opened with (``opening_card``);
* sinking: ships sunk by agent, what sank them, the sinkings;
* island scorings (from the ``island`` events; an island's size from the board file), the
  rule that decided each, and each agent's island fame (from the events' ``fame``);
* the race: its length, each agent's fame by source, how the first ship home or at the
  compass fared;
* each special action's variant: the game's measures (each agent's win share and fame, each
  seat's win share, rounds), paired by deal (or game) on the study and the variant's study
  under ``variants/<slug>``: means, the mean difference with a sign-flip p, units changed;
  an effect that is an earlier tested one's again ("same as") and a direct effect untested.

A ratio of per-game sums counts only the games with a denominator (:class:`Ratio`).
"""

from __future__ import annotations

import itertools
import json
import math
import re
import tomllib
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd

from tests.analyses.reports.recompute import (
    DRAWS,
    Expectation,
    Plain,
    PValue,
    Ratio,
    Recipe,
    Tables,
    Units,
    sign_flip,
)

Records = list[dict[str, Any]]
Out = dict[str, Expectation]
SHARE = (0.0, 1.0)
#: The island-scoring rules (the rule catalogue's names, GI-I1..I5).
RULES = {
    "GI-I1": "majorities, no tie",
    "GI-I2": "tie for 1st",
    "GI-I3": "tie for 2nd",
    "GI-I4": "tie for 3rd",
    "GI-I5": "all players present tied",
}


# -- helpers ------------------------------------------------------------------------------------


def _games(tables: Tables) -> list[int]:
    return sorted(tables.games["game"].tolist())


def _agents(tables: Tables) -> list[str]:
    return list(dict.fromkeys(tables.players["agent"]))


def _sums(frame: pd.DataFrame, games: list[int], column: str | None = None) -> np.ndarray:
    """Per game (in ``games`` order) the rows of ``frame`` or the sum of their ``column``."""
    if frame.empty:
        return np.zeros(len(games))
    grouped = frame.groupby("game")
    totals = grouped.size() if column is None else grouped[column].sum()
    return totals.reindex(games, fill_value=0).to_numpy(float)


def ratio(numerator: np.ndarray, denominator: np.ndarray, *, share: bool = True) -> Ratio:
    """A ratio of per-game sums (the engine counts only the games with a denominator)."""
    return Ratio(numerator, denominator, share=share)


def _events(tables: Tables, kind: str) -> pd.DataFrame:
    events = tables.events
    chosen = events[events["kind"] == kind].sort_values(["game", "index"])
    return chosen.assign(data=[json.loads(d) for d in chosen["data"]])


def _agent_of(tables: Tables) -> dict[tuple[int, int], str]:
    players = tables.players
    return dict(zip(zip(players["game"], players["seat"], strict=True), players["agent"],
                    strict=True))  # fmt: skip


@cache
def _board(source: str) -> dict[str, Any]:
    return tomllib.loads(Path(source).read_text())


def board(tables: Tables) -> dict[str, Any]:
    """The study's board file (its component source)."""
    return _board(str(tables.study["components"]["board"]["source"]))


def complete(recipe: Recipe) -> Recipe:
    """The recipe, failing when the report lacks a number it recomputed (a row left out)."""

    def checked(tables: Tables, records: Records) -> Out:
        out = recipe(tables, records)
        missing = set(out) - {r["name"] for r in records}
        if missing:
            raise AssertionError(f"the report lacks {sorted(missing)}")
        return out

    checked.__name__ = recipe.__name__
    return checked


# -- card colours and the tie-breakers ---------------------------------------------------------


def tie_pairs(tables: Tables) -> pd.DataFrame:
    """Every pair of equal cards of a reveal: its value, the colours of the card ahead in the
    turn order (the winner) and of the other, and their players' agents."""
    agent_of = _agent_of(tables)
    rows = []
    for _, event in _events(tables, "reveal").iterrows():
        data = event["data"]
        place = {str(p): k for k, p in enumerate(data["order"])}
        for a, b in itertools.combinations(sorted(data["values"], key=place.__getitem__), 2):
            if data["values"][a] != data["values"][b]:
                continue
            game = int(event["game"])
            rows.append((game, data["values"][a], data["colours"][a], data["colours"][b],
                         agent_of[(game, int(a))], agent_of[(game, int(b))]))  # fmt: skip
    columns = ["game", "value", "winner", "loser", "winner_agent", "loser_agent"]
    return pd.DataFrame(rows, columns=columns)


def _ties_won(pairs: pd.DataFrame, games: list[int], colour: str, agent: str | None) -> Any:
    won = pairs["winner"] == colour
    lost = pairs["loser"] == colour
    if agent is not None:
        won &= pairs["winner_agent"] == agent
        lost &= pairs["loser_agent"] == agent
    wins = _sums(pairs[won], games)
    return ratio(wins, wins + _sums(pairs[lost], games)), int(won.sum() + lost.sum())


def _colours(tables: Tables) -> list[str]:
    return list(dict.fromkeys(tables.players.sort_values("seat", kind="stable")["colour"]))


def ties_by_colour(tables: Tables, records: Records) -> Out:
    pairs, games, agents = tie_pairs(tables), _games(tables), _agents(tables)
    caption = records[0]["table"]
    out: Out = {}
    for colour in _colours(tables):
        name = f"{caption}: card colour {colour}"
        share, contested = _ties_won(pairs, games, colour, None)
        out[f"{name}: ties contested"] = Plain(contested)
        out[f"{name}: ties won"] = share
        for agent in agents if len(agents) > 1 else []:
            out[f"{name}: won, played by {agent}"] = _ties_won(pairs, games, colour, agent)[0]
    return out


def ties_by_value(tables: Tables, records: Records) -> Out:
    pairs, games = tie_pairs(tables), _games(tables)
    caption = records[0]["table"]
    out: Out = {}
    for value, group in pairs.groupby("value"):
        for colour in _colours(tables):
            share, _ = _ties_won(group, games, colour, None)
            out[f"{caption}: card value {value}: {colour}"] = share
    return out


def _deal_colours(tables: Tables) -> pd.DataFrame:
    """Per unit (a deal of a duplicate design, else a game) and seat: the colour dealt and the
    seat's win share (the mean over the deal's rotations, which share their colours)."""
    players = tables.players.assign(unit=tables.deal.reindex(tables.players["game"]).to_numpy())
    colours = players.groupby(["unit", "seat"])["colour"].nunique()
    assert (colours == 1).all(), "the rotations of a deal were dealt different colours"
    return (
        players.groupby(["unit", "seat"])
        .agg(colour=("colour", "first"), win_share=("win_share", "mean"))
        .reset_index()
    )


def colour_test(tables: Tables, *, seed: int = 5) -> dict[str, PValue]:
    """Each colour's p: its total win share against its spread when every unit's colours are
    dealt again (an ordered draw of the board's colours for the seats), |total - expected|."""
    units = _deal_colours(tables)
    palette = sorted(dict.fromkeys(c["colour"] for c in board(tables)["card"]))
    wins = units.pivot(index="unit", columns="seat", values="win_share").to_numpy(float)
    dealt = units.pivot(index="unit", columns="seat", values="colour")
    code = dealt.map(palette.index).to_numpy(int)
    kinds, (count, seats) = len(palette), wins.shape
    observed = np.bincount(code.ravel(), wins.ravel(), kinds)
    expected = wins.sum() / kinds
    rng = np.random.default_rng(seed)
    beyond = np.zeros(kinds)
    step = max(1, 2_000_000 // (count * kinds))
    for start in range(0, DRAWS, step):
        k = min(step, DRAWS - start)
        deal = np.argsort(rng.random((k, count, kinds)), axis=2)[:, :, :seats]
        where = (np.arange(k)[:, None, None] * kinds + deal).ravel()
        totals = np.bincount(where, np.broadcast_to(wins, deal.shape).ravel(), k * kinds)
        far = np.abs(totals.reshape(k, kinds) - expected) >= np.abs(observed - expected) - 1e-9
        beyond += far.sum(axis=0)
    ps = (1 + beyond) / (1 + DRAWS)
    return {
        c: PValue(float(p), math.sqrt(p * (1 - p) / DRAWS))
        for c, p in zip(palette, ps, strict=True)
    }


def colour_shares(tables: Tables, records: Records) -> Out:
    caption = records[0]["table"]
    paired = any(r["over"].startswith("deals") for r in records)
    units = _deal_colours(tables) if paired else tables.players.rename(columns={"game": "unit"})
    ps = colour_test(tables)
    out: Out = {}
    for colour, mine in units.groupby("colour"):
        values = mine.groupby("unit")["win_share"].mean().to_numpy(float)
        out[f"{caption}: card colour {colour}: win share"] = Units(
            values, "share", SHARE, p=ps[str(colour)]
        )
    return out


# -- the sail cards -----------------------------------------------------------------------------


def plays(tables: Tables) -> pd.DataFrame:
    """Every card revealed: game, whether in the game's first reveal, value and agent."""
    agent_of = _agent_of(tables)
    reveals = _events(tables, "reveal")
    first = reveals.groupby("game")["index"].transform("min")
    rows = [
        (int(e["game"]), e["index"] == first[i], v, agent_of[(int(e["game"]), int(p))])
        for i, e in reveals.iterrows()
        for p, v in e["data"]["values"].items()
    ]
    return pd.DataFrame(rows, columns=["game", "first", "value", "agent"])


def card_plays(tables: Tables, records: Records) -> Out:
    cards, games = plays(tables), _games(tables)
    caption = records[0]["table"]
    out: Out = {}
    for agent in _agents(tables):
        mine = cards[cards["agent"] == agent]
        for label, chosen in (("all rounds", mine), ("round 1", mine[mine["first"]])):
            for value in sorted(cards["value"].unique()):
                hits = _sums(chosen[chosen["value"] == value], games)
                out[f"{caption}: agent {agent}, rounds {label}: value {value}"] = ratio(
                    hits, _sums(chosen, games)
                )
    return out


def opening(tables: Tables, records: Records) -> Out:
    """Win share by the card opened with, per agent: the rows in the report's order (agents as
    they first sit, values ascending), named as the report names them."""
    caption = records[0]["table"]
    players = tables.players
    cards = plays(tables)
    first = cards[cards["first"]]
    players = players.merge(
        first.groupby(["game", "agent"])["value"].agg(list).rename("opened").reset_index(),
        on=["game", "agent"],
        how="left",
    )
    rows: list[tuple[str, int, np.ndarray]] = []
    opened = players[players["opening_card"] > 0]
    for agent in _agents(tables):
        mine = opened[opened["agent"] == agent]
        for value, seats in mine.groupby("opening_card"):
            rows.append((agent, int(value), seats.groupby("game")["win_share"].mean().to_numpy()))
    # the players table's opening card is the value the game's first reveal shows
    logged = players.apply(lambda r: r["opening_card"] in (r["opened"] or [0]), axis=1)
    names = [f"agent {a}" for a, _, _ in rows]
    if len(set(names)) < len(names):
        names = [f"{n} (row {k + 1})" for k, n in enumerate(names)]
    out: Out = {}
    for name, (_, value, values) in zip(names, rows, strict=True):
        out[f"{caption}: {name}: card played in round 1"] = Plain(value if logged.all() else -1)
        out[f"{caption}: {name}: win share"] = Units(values, "share", SHARE)
    return out


# -- sinking ------------------------------------------------------------------------------------


def ships_sunk(tables: Tables, records: Records) -> Out:
    players = tables.players.assign(sank=tables.players["sunk"].astype(float))
    caption = records[0]["table"]
    out: Out = {}
    for agent in [*_agents(tables), None]:
        mine = players if agent is None else players[players["agent"] == agent]
        name = f"{caption}: agent {agent or 'all'}: ships sunk (share of its seats)"
        out[name] = Units(mine.groupby("game")["sank"].mean().to_numpy(float), "share", SHARE)
    return out


def _sunk(tables: Tables) -> pd.DataFrame:
    players = tables.players
    return players[players["sunk"].astype(bool)]


def sank_by(tables: Tables, records: Records) -> Out:
    sunk, games = _sunk(tables), _games(tables)
    return {
        f"What sank them: cause {cause}: share of sinkings": ratio(
            _sums(sunk[sunk["sunk_by"] == cause], games), _sums(sunk, games)
        )
        for cause in ("card", "special")
    }


def sinkings(tables: Tables, records: Records) -> Out:
    sunk, games = _sunk(tables), _games(tables)
    any_sunk = np.isin(games, sunk["game"]).astype(float)
    name = "Sinkings: measure {}: estimate"
    return {
        name.format("games with a sinking"): Units(any_sunk, "share", SHARE),
        name.format("round of a sinking"): ratio(
            _sums(sunk, games, "sunk_round"), _sums(sunk, games), share=False
        ),
        name.format("win share of a sunk ship"): Units(
            sunk.groupby("game")["win_share"].mean().to_numpy(float), "share", SHARE
        ),
    }


# -- island scorings ----------------------------------------------------------------------------


def scorings(tables: Tables) -> pd.DataFrame:
    """Every island scoring: game, round, island, rule and what it paid."""
    events = _events(tables, "island")
    rows = []
    for _, e in events.iterrows():
        fame = list(e["data"]["fame"].values())
        rows.append((int(e["game"]), e["turn"], e["data"]["island"], e["data"]["rule"],
                     sum(f > 0 for f in fame), max(fame, default=0), sum(fame)))  # fmt: skip
    columns = ["game", "round", "island", "rule", "paid", "best", "fame"]
    return pd.DataFrame(rows, columns=columns)


def islands(tables: Tables, records: Records) -> Out:
    scored, games = scorings(tables), _games(tables)
    caption = records[0]["table"]
    sizes = {i["name"]: len(i["fields"]) for i in board(tables)["island"]}
    out: Out = {}
    for island, mine in scored.groupby("island"):
        name = f"{caption}: island {island}"
        count = _sums(mine, games)
        out[f"{name}: size"] = Plain(sizes[island])
        out[f"{name}: scored in games"] = Units((count > 0).astype(float), "share", SHARE)
        out[f"{name}: round"] = ratio(_sums(mine, games, "round"), count, share=False)
        tie = mine.assign(tie=(mine["rule"] != "GI-I1").astype(float))
        out[f"{name}: decided by a tie rule"] = ratio(_sums(tie, games, "tie"), count)
        for column, label in (("paid", "players paid"), ("best", "best paid fame"),
                              ("fame", "fame paid in all")):  # fmt: skip
            out[f"{name}: {label}"] = ratio(_sums(mine, games, column), count, share=False)
    return out


def rule_label(rules: str) -> str:
    parts = [r.strip() for r in rules.split(",") if r.strip()]
    return " + ".join(f"{r} {RULES[r]}" if r in RULES else r for r in parts)


def rules(tables: Tables, records: Records) -> Out:
    scored, games = scorings(tables), _games(tables)
    return {
        f"Which rule decided the scoring: rule {rule_label(rule)}: share of scorings": ratio(
            _sums(scored[scored["rule"] == rule], games), _sums(scored, games)
        )
        for rule in scored["rule"].unique()
    }


def island_fame(tables: Tables) -> pd.DataFrame:
    """The players table with each seat's island fame summed from the island events."""
    fame: dict[tuple[int, int], float] = {}
    for _, e in _events(tables, "island").iterrows():
        for p, f in e["data"]["fame"].items():
            key = (int(e["game"]), int(p))
            fame[key] = fame.get(key, 0) + f
    players = tables.players
    keys = zip(players["game"], players["seat"], strict=True)
    return players.assign(logged=[float(fame.get(k, 0)) for k in keys])


def island_shares(tables: Tables, records: Records) -> Out:
    players = island_fame(tables)
    caption = records[0]["table"]
    out: Out = {}
    for agent in _agents(tables):
        mine = players[players["agent"] == agent].groupby("game")
        name = f"{caption}: agent {agent}"
        out[f"{name}: island fame per seat"] = Units(mine["logged"].mean().to_numpy(float))
        numerator = mine["logged"].sum().to_numpy(float)
        denominator = mine["fame"].sum().clip(lower=0).to_numpy(float)
        out[f"{name}: share of its fame"] = ratio(numerator, denominator)
    return out


# -- the race -----------------------------------------------------------------------------------


def race_length(tables: Tables, records: Records) -> Out:
    rounds = tables.games["rounds"].to_numpy(float)
    return {
        f"Race length: rounds {int(r)}: share of games": Units(
            (rounds == r).astype(float), "share", SHARE
        )
        for r in np.unique(rounds)
    }


def fame_sources(tables: Tables, records: Records) -> Out:
    players = tables.players
    caption = records[0]["table"]
    out: Out = {}
    for agent in _agents(tables):
        mine = players[players["agent"] == agent].groupby("game")
        for column in [c for c in players.columns if c.startswith("fame_")]:
            label = column.removeprefix("fame_").replace("_", " ")
            out[f"{caption}: agent {agent}: {label}"] = Units(mine[column].mean().to_numpy(float))
    return out


def leaders(tables: Tables, records: Records) -> Out:
    players = tables.players
    out: Out = {}
    for what, column in (("first home", "home_place"), ("first at the compass", "compass_place")):
        first = players[players[column] == 1].groupby("game")["win_share"].mean()
        out[f"How the leaders fared: ship {what}: win share"] = Units(
            first.to_numpy(float), "share", SHARE
        )
    return out


# -- each special action's variant --------------------------------------------------------------


def _measures(tables: Tables) -> list[tuple[str, pd.Series]]:
    """The game's measures of a variant, per game, in the report's order."""
    players = tables.players
    out = []
    for agent in dict.fromkeys(players["agent"]):
        mine = players[players["agent"] == agent].groupby("game")
        out += [
            (f"win share of {agent}", mine["win_share"].mean()),
            (f"fame of {agent}", mine["fame"].mean()),
        ]
    for seat, mine in players.groupby("seat"):
        out.append((f"win share of seat {seat}", mine.set_index("game")["win_share"]))
    out.append(("rounds per game", tables.games.set_index("game")["rounds"]))
    return out


def _twin(d: pd.Series, earlier: list[pd.Series]) -> bool:
    """Whether ``d`` is a multiple of an earlier tested measure's differences."""
    for other in earlier:
        if len(other) != len(d) or not other.any() or not d.any():
            continue
        k = int(np.flatnonzero(other.to_numpy())[0])
        factor = d.iloc[k] / other.iloc[k]
        if factor and np.allclose(d, factor * other, rtol=1e-9, atol=1e-12):
            return True
    return False


def variant_effects(tables: Tables, records: Records) -> Out:
    from analyses.plugins import plugin  # metadata: the variants' labels and declared words

    caption = records[0]["table"]
    slug, variant = next(
        (s, v) for s, v in plugin("gloryislands").variants.items() if caption.startswith(v.label)
    )
    other = Tables(tables.folder / "variants" / slug)
    paired = tables.study["config"].get("design") == "duplicate"
    units = "deals" if paired else "games"
    match = re.search(r"; (\d+) (deals|games) paired$", caption)
    out: Out = {}
    earlier: list[pd.Series] = []
    shown = 0
    for (name, study), (_, changed) in zip(_measures(tables), _measures(other), strict=True):
        a = tables.per_deal(study) if paired else study
        b = other.per_deal(changed) if paired else changed
        a, b = a.align(b, join="inner")
        keep = a.notna() & b.notna()
        if keep.sum() < 2:
            continue
        a, b = a[keep].astype(float).sort_index(), b[keep].astype(float).sort_index()
        d = b - a
        shown = max(shown, len(d))
        direct = any(word == name or word in name for word in variant.direct)
        twin = not direct and _twin(d, earlier)
        row = f"{caption}: measure {name}"
        out[f"{row}: study"] = Units(a.to_numpy())
        out[f"{row}: variant"] = Units(b.to_numpy())
        tested = not direct and not twin and bool(d.any())
        p = sign_flip(d.to_numpy()) if tested else None
        out[f"{row}: difference"] = Units(d.to_numpy(), p=p)
        out[f"{row}: {units} changed"] = Plain(int(np.count_nonzero(d.to_numpy())))
        if not direct and not twin:
            earlier.append(d)
    if not match or int(match.group(1)) != shown or match.group(2) != units:
        raise AssertionError(f"{caption}: recomputed {shown} {units} paired")
    return out


RECIPES: dict[str, Recipe] = {
    r"Ties of equal cards won, by card colour$": complete(ties_by_colour),
    r"Ties won, by card value and colour$": complete(ties_by_value),
    r"Win share by card colour \(colours dealt at random\)$": complete(colour_shares),
    r"Card plays by value, per agent$": complete(card_plays),
    r"Win share by the card played in round 1, per agent$": complete(opening),
    r"Ships sunk, by agent$": complete(ships_sunk),
    r"What sank them$": complete(sank_by),
    r"Sinkings$": complete(sinkings),
    r"By island \(size = fields; fame = what one scoring paid\)$": complete(islands),
    r"Which rule decided the scoring$": complete(rules),
    r"Who gets the island fame$": complete(island_shares),
    r"Race length$": complete(race_length),
    r"Where each agent's fame comes from \(per seat\)$": complete(fame_sources),
    r"How the leaders fared$": complete(leaders),
}


def _variant_keys() -> dict[str, Recipe]:
    from analyses.plugins import plugin  # metadata: the variants' labels

    return {
        re.escape(v.label) + r" \(": complete(variant_effects)
        for v in plugin("gloryislands").variants.values()
    }


RECIPES.update(_variant_keys())

__all__ = ["RECIPES", "colour_test", "ratio", "tie_pairs"]
