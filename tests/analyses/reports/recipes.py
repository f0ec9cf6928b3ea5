"""Recipes (:mod:`tests.analyses.reports.recompute`) for the tables every game's report shares: who
sat
where, the seats and the seat × agent interaction, the agents and their head to head, final
scores, decisiveness, length, the branching factor, events per game, the planning table, and
the first table of each rule variant. Each computes its numbers from the Parquet tables with
pandas and numpy, from the definitions the report states (its intros, notes and the column
meanings in study.json); a game's own tables are in ``tests/analyses/<game>/recipes.py``."""

from __future__ import annotations

import itertools
import json
import math
import re
from typing import Any

import numpy as np
import pandas as pd
from scipy import stats as sps

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

SHARE = (0.0, 1.0)
COUNT = (0.0, math.inf)
Records = list[dict[str, Any]]


def _by_deal(tables: Tables, per_game: pd.Series, paired: bool) -> np.ndarray:
    return (tables.per_deal(per_game) if paired else per_game.sort_index()).to_numpy(float)


def _paired(records: Records) -> bool:
    return any(re.search(r"\bdeals\b", r["over"]) for r in records)


def lineups(tables: Tables, records: Records) -> dict[str, Expectation]:
    wide = tables.players.pivot(index="game", columns="seat", values="agent")
    counted = wide.value_counts()
    # a row is named by its seat 0, or by all its seats where seat 0 does not tell it apart
    width = 1 if counted.index.get_level_values(0).is_unique else tables.seats
    out: dict[str, Expectation] = {}
    for lineup, games in counted.items():
        labels = ", ".join(f"seat {s} {a}" for s, a in enumerate(lineup[:width]))
        out[f"Lineups: {labels}: games"] = Plain(games)
    return out


def seats(tables: Tables, records: Records) -> dict[str, Expectation]:
    players = tables.players
    paired = _paired(records)
    tested = {r["row"] for r in records if r.get("p") is not None}
    ps = {s: p for s, p in seat_test(tables).items() if s in tested} if tested else {}
    out: dict[str, Expectation] = {}
    for seat, mine in players.groupby("seat"):
        wins = mine.set_index("game")["win_share"]
        scores = mine.set_index("game")["score"]
        out[f"Seats: seat {seat}: win share"] = Units(
            _by_deal(tables, wins, paired), "share", SHARE, p=ps.get(int(seat))
        )
        out[f"Seats: seat {seat}: mean score"] = Units(_by_deal(tables, scores, paired))
    return out


def _canonical(lineup: tuple[str, ...]) -> tuple[tuple[str, ...], int, int]:
    """A lineup's least rotation, the turn that gives it, and its period."""
    size = len(lineup)
    turned = [lineup[r:] + lineup[:r] for r in range(size)]
    least = min(turned)
    period = next(r for r in range(1, size + 1) if turned[r % size] == lineup)
    return least, turned.index(least), period


def seat_test(tables: Tables, *, seed: int = 3) -> dict[int, PValue]:
    """Each seat's p (and, under key -1, all seats together): the games of a deal with the
    same lineup up to rotation swap their rotations (and a lineup a rotation maps onto
    itself turns freely); a seat's statistic is its total win share's distance from its
    expectation under that, here from :data:`~tests.analyses.reports.recompute.DRAWS` draws and the
    expectation computed exactly by enumerating every arrangement's average."""
    players = tables.players
    size = tables.seats
    share = players.pivot(index="game", columns="seat", values="win_share").sort_index()
    agents = players.pivot(index="game", columns="seat", values="agent").loc[share.index]
    deal = tables.deal.reindex(share.index)
    groups: dict[Any, list[tuple[np.ndarray, int, int]]] = {}
    for game in share.index:
        lineup = tuple(agents.loc[game])
        least, turn, period = _canonical(lineup)
        # the outcome read from the lineup's least rotation: slot k is seat (k + turn) % size
        slots = np.roll(share.loc[game].to_numpy(float), -turn)
        groups.setdefault((deal[game], least), []).append((slots, turn, period))
    observed = share.sum(axis=0).to_numpy(float)
    expected = np.zeros(size)
    for members in groups.values():
        # every game's slots land on each of the group's turns (and their period's multiples)
        landing = np.zeros(size)
        for _, turn, period in members:
            for extra in range(0, size, period):
                landing[(turn + extra) % size] += period / size
        landing /= len(members)
        for slots, _, _ in members:
            for k in range(size):
                expected += slots[k] * np.roll(landing, k)
    rng = np.random.default_rng(seed)
    totals = np.zeros((DRAWS, size))
    draws = np.arange(DRAWS)
    for members in groups.values():
        turns = np.array([t for _, t, _ in members])
        periods = np.array([p for _, _, p in members])
        order = np.argsort(rng.random((DRAWS, len(members))), axis=1)  # turns swapped
        spin = rng.integers(0, size, order.shape) // periods * periods  # and turned freely
        landed = (turns[order] + spin) % size  # where game g's slot 0 lands, per draw
        for g, (slots, _, _) in enumerate(members):
            for k in range(size):
                totals[draws, (landed[:, g] + k) % size] += slots[k]
    far = np.abs(totals - expected) >= np.abs(observed - expected) - 1e-9
    out = {}
    for s in range(size):
        p = (1 + far[:, s].sum()) / (1 + DRAWS)
        out[s] = PValue(float(p), math.sqrt(p * (1 - p) / DRAWS))
    both = ((totals - expected) ** 2).sum(axis=1) >= ((observed - expected) ** 2).sum() - 1e-9
    p = (1 + both.sum()) / (1 + DRAWS)
    out[-1] = PValue(float(p), math.sqrt(p * (1 - p) / DRAWS))
    return out


def seat_by_agent(tables: Tables, records: Records) -> dict[str, Expectation]:
    caption = records[0]["table"]
    players = tables.players
    out: dict[str, Expectation] = {}
    deal = tables.deal
    for (seat, agent), mine in players.groupby(["seat", "agent"]):
        per_game = mine.set_index("game")["win_share"]
        per = per_game.groupby(deal.reindex(per_game.index).to_numpy()).mean()
        out[f"{caption}: seat {seat}: {agent}: win share"] = Units(per.to_numpy(float), "share")
        units = "deals" if _paired(records) else "games"
        out[f"{caption}: seat {seat}: {agent}: {units}"] = Plain(len(per))
    return out


def _cells(tables: Tables) -> pd.DataFrame:
    players = tables.players.assign(deal=tables.deal.reindex(tables.players["game"]).to_numpy())
    return players.groupby(["deal", "agent", "seat"])["win_share"].mean().unstack("seat").dropna()


def interactions(tables: Tables, records: Records) -> dict[str, Expectation]:
    caption = records[0]["table"]
    cells = _cells(tables)
    advantage = cells.sub(cells.mean(axis=1), axis=0)
    agents = list(dict.fromkeys(tables.players["agent"]))
    tested = {r["row"] for r in records if r.get("p") is not None}
    out: dict[str, Expectation] = {}
    for agent in agents[:1] if len(agents) == 2 else agents:
        others = [a for a in agents if a != agent]
        mine = advantage.xs(agent, level="agent")
        theirs = sum(advantage.xs(a, level="agent") for a in others) / len(others)
        share_mine = cells.xs(agent, level="agent")
        share_theirs = sum(cells.xs(a, level="agent") for a in others) / len(others)
        both = mine.index.intersection(theirs.dropna().index)
        for seat in cells.columns:
            against = others[0] if len(others) == 1 else f"the others ({', '.join(others)})"
            row = f"seat {seat}: {agent} against {against}"
            d = (mine.loc[both, seat] - theirs.loc[both, seat]).to_numpy(float)
            name = f"{caption}: contrast {row}"
            out[f"{name}: agent's win share there"] = Units(share_mine.loc[both, seat], "share")
            out[f"{name}: others' win share there"] = Units(share_theirs.loc[both, seat], "share")
            out[f"{name}: agent's advantage"] = Units(mine.loc[both, seat], bounds=(-1, 1))
            out[f"{name}: others' advantage"] = Units(theirs.loc[both, seat], bounds=(-1, 1))
            out[f"{name}: difference"] = Units(
                d, bounds=(-2, 2), p=sign_flip(d) if row in tested else None
            )
    return out


def agents(tables: Tables, records: Records) -> dict[str, Expectation]:
    players = tables.players
    paired = _paired(records)
    even = 1 / tables.seats
    timed = players.merge(tables.timings, on=["game", "seat"], how="left")
    tested = {r["row"] for r in records if r.get("p") is not None}
    units = "deals" if paired else "games"
    out: dict[str, Expectation] = {}
    for agent, mine in timed.groupby("agent"):
        shares = _by_deal(tables, mine.groupby("game")["win_share"].mean(), paired)
        scores = _by_deal(tables, mine.groupby("game")["score"].mean(), paired)
        p = sign_flip(shares - even) if agent in tested else None
        name = f"Agents: agent {agent}"
        out[f"{name}: {units}"] = Plain(len(shares))
        out[f"{name}: seats per game"] = Plain(len(mine) / mine["game"].nunique())
        out[f"{name}: win share per seat"] = Units(shares, "share", SHARE, p=p)
        out[f"{name}: mean score"] = Units(scores)
        moves = mine["moves"].sum()
        out[f"{name}: ms per move"] = Plain(1000 * mine["seconds"].sum() / moves, 1e-6)
    return out


def head_to_head(tables: Tables, records: Records) -> dict[str, Expectation]:
    caption = records[0]["table"]
    players = tables.players
    paired = _paired(records)
    tested = {r["row"] for r in records if r.get("p") is not None}
    agents = list(dict.fromkeys(players["agent"]))
    out: dict[str, Expectation] = {}
    for a, b in itertools.combinations(agents, 2):
        left = players.loc[players["agent"] == a, ["game", "score"]]
        right = players.loc[players["agent"] == b, ["game", "score"]]
        pairs = left.merge(right, on="game", suffixes=("_a", "_b"))
        ahead = (pairs["score_a"] > pairs["score_b"]) + 0.5 * (pairs["score_a"] == pairs["score_b"])
        values = _by_deal(tables, ahead.groupby(pairs["game"]).mean(), paired)
        row = f"{a} against {b}"
        p = sign_flip(values - 0.5) if row in tested else None
        out[f"{caption}: pair {row}: first ahead"] = Units(values, "share", SHARE, p=p)
        out[f"{caption}: pair {row}: {'deals' if paired else 'games'}"] = Plain(len(values))
    return out


def scores(tables: Tables, records: Records) -> dict[str, Expectation]:
    out: dict[str, Expectation] = {}
    for agent, mine in tables.players.groupby("agent"):
        values = mine["score"].to_numpy(float)
        name = f"Final scores by agent: agent {agent}"
        out[f"{name}: mean per seat"] = Units(mine.groupby("game")["score"].mean())
        out[f"{name}: sd over seats"] = Plain(float(np.std(values, ddof=1)))
        out[f"{name}: median"] = Plain(float(np.median(values)))
        out[f"{name}: q1"] = Plain(float(np.percentile(values, 25)))
        out[f"{name}: q3"] = Plain(float(np.percentile(values, 75)))
        out[f"{name}: min"] = Plain(values.min())
        out[f"{name}: max"] = Plain(values.max())
    return out


def _leaders(race: pd.DataFrame) -> pd.DataFrame:
    """Per game and point: the sole leader's seat (-1 when shared) and the point's turn."""
    rows = []
    for (game, point), at in race.groupby(["game", "point"]):
        top = at[at["score"] == at["score"].max()]
        rows.append((game, point, int(top["seat"].iloc[0]) if len(top) == 1 else -1,
                     at["turn"].iloc[0]))  # fmt: skip
    return pd.DataFrame(rows, columns=["game", "point", "leader", "turn"])


def decisiveness(tables: Tables, records: Records) -> dict[str, Expectation]:
    games, players = tables.games, tables.players
    wide = players.pivot(index="game", columns="seat", values="score")
    ordered = np.sort(wide.to_numpy(float), axis=1)
    top, second = ordered[:, -1], ordered[:, -2]
    margin = top - second
    share = np.clip(margin[top > 0] / top[top > 0], 0, 1)
    name = "Decisiveness: measure {}: estimate"
    out: dict[str, Expectation] = {
        name.format("games ending in a shared win (drawishness)"): Units(
            games["tied"].astype(float), "share"
        ),
        name.format("winner's margin over the runner-up"): Units(margin, bounds=COUNT),
        name.format("winner's margin, share of the winning score"): Units(share, "share"),
    }
    race = tables.trajectory
    if race.empty:
        return out
    leaders = _leaders(race)
    changes, good = [], []
    winners = dict(zip(games["game"], games["winners"], strict=True))
    for game in games["game"]:
        points = leaders[leaders["game"] == game].sort_values("point")
        if points.empty:
            changes.append(0)
            continue
        sole = points.loc[points["leader"] >= 0, "leader"].to_numpy()
        changes.append(int(np.sum(sole[1:] != sole[:-1])))
        won = list(winners[game])
        if len(won) != 1:
            continue
        ahead = points["leader"].to_numpy() == won[0]
        turns = points["turn"].to_numpy(float)
        after = len(ahead) - int(np.argmin(ahead[::-1])) if not ahead.all() else 0
        after = min(after, len(ahead) - 1)
        span = turns[-1] - turns[0]
        good.append((turns[after] - turns[0]) / span if span > 0 else 1.0)
    out[name.format("lead changes per game")] = Units(changes, "count", COUNT)
    out[name.format("share of the game before the winner led for good")] = Units(good, "share")
    return out


def length(tables: Tables, records: Records) -> dict[str, Expectation]:
    games = tables.games.sort_values("game")
    players = tables.seats
    seconds = tables.timings.groupby("game")["seconds"].sum()
    measures = {}
    if "turns" in games:
        measures["turns"] = games["turns"].to_numpy(float)
    measures["decisions per player"] = games["moves"].to_numpy(float) / players
    measures["seconds of thinking"] = seconds.reindex(games["game"], fill_value=0).to_numpy(float)
    out: dict[str, Expectation] = {}
    for measure, values in measures.items():
        name = f"Length: measure {measure}"
        out[f"{name}: mean"] = Units(values, bounds=COUNT)
        out[f"{name}: median"] = Plain(float(np.median(values)))
        out[f"{name}: p95"] = Plain(float(np.percentile(values, 95)))
        out[f"{name}: max"] = Plain(float(values.max()))
    return out


def far_longer(tables: Tables, records: Records) -> dict[str, Expectation]:
    """Tukey's far-out fence (3 interquartile ranges above the upper quartile) on the turns
    (decisions per player where a game has no turns), and any game ended by the turn limit."""
    games = tables.games.sort_values("game")
    values = games["turns"] if "turns" in games else games["moves"] / tables.seats
    q1, q3 = np.percentile(values, [25, 75])
    cut = q3 + 3 * (q3 - q1) if q3 > q1 else 3 * float(np.median(values))
    far = values.to_numpy(float) > cut
    far |= games["ended"].astype(str).str.contains("limit").to_numpy()
    out: dict[str, Expectation] = {}
    for _, game in games[far].head(20).iterrows():
        for column in ("seed", "turns", "moves"):
            if column in game:
                out[f"Games far longer than the rest: game {game['game']}: {column}"] = Plain(
                    game[column]
                )
    return out


def branching(tables: Tables, records: Records) -> dict[str, Expectation]:
    table = tables.branching
    games = tables.games["game"].sort_values().to_list()
    out: dict[str, Expectation] = {}
    for kind, group in table.groupby("kind"):
        spread = np.repeat(group["actions"].to_numpy(), group["decisions"].to_numpy())
        totals = (group["actions"] * group["decisions"]).groupby(group["game"]).sum()
        decisions = group.groupby("game")["decisions"].sum()
        name = f"Legal actions per decision: decision {kind.replace('_', ' ')}"
        out[f"{name}: actions per decision"] = Ratio(totals, decisions)
        out[f"{name}: median"] = Plain(float(np.median(spread)))
        out[f"{name}: p95"] = Plain(float(np.percentile(spread, 95)))
        out[f"{name}: max"] = Plain(spread.max())
        out[f"{name}: decisions per game"] = Units(
            decisions.reindex(games, fill_value=0), "count", COUNT
        )
    return out


def events(tables: Tables, records: Records) -> dict[str, Expectation]:
    games = tables.games["game"].sort_values().to_list()
    counts = tables.events.groupby(["game", "kind"]).size().unstack(fill_value=0)
    counts = counts.reindex(index=games, fill_value=0)
    out: dict[str, Expectation] = {}
    for record in records:
        kind = record["row"]
        column = counts[kind] if kind in counts else pd.Series(0, index=games)
        name = f"Events per game: event {kind}"
        if record["estimate"] is None:  # a kind the options rule out: none may have happened
            out[record["name"]] = Plain(math.nan) if not column.any() else Plain(-1.0)
            continue
        if record["column"] == "per game":
            out[f"{name}: per game"] = Units(column, "count", COUNT)
        elif record["column"] == "games with it":
            out[f"{name}: games with it"] = Units((column > 0).astype(float), "share")
        elif record["column"] == "items per game":  # the items one event stands for
            field = _glossary(tables).get(kind)
            of_kind = tables.events[tables.events["kind"] == kind]
            items = of_kind["data"].map(lambda d, f=field: json.loads(d).get(f, 1) if d else 1)
            per_game = items.groupby(of_kind["game"]).sum().reindex(games, fill_value=0)
            out[record["name"]] = Units(per_game, "count", COUNT)
    return out


def _glossary(tables: Tables) -> dict[str, str]:
    """Which field of an event's data counts its items (the game's event glossary: the
    definition of the column, read from the game's events module)."""
    from models.registry import game_info  # metadata: the glossary of the game's events

    kinds = game_info(tables.study["config"]["game"]).events.glossary()
    return {k: g.items for k, g in kinds.items() if g.items}


def planning(tables: Tables, records: Records) -> dict[str, Expectation]:
    """n = z² p(1-p) / m² for a rate at its worst (p = 1/2), raised to where Wilson's
    interval is as narrow; twice that per group for a difference of two rates."""
    z = float(sps.norm.ppf(0.975))
    out: dict[str, Expectation] = {}
    for m in (0.1, 0.05, 0.02, 0.01):
        n = math.ceil(z * z * 0.25 / m**2)
        while z * math.sqrt(0.25 * n + z * z / 4) / (n + z * z) > m:  # Wilson's half-width
            n += 1
        out[f"Games needed: margin (±) {m}: games for a rate"] = Plain(n)
        out[f"Games needed: margin (±) {m}: games per variant to compare two rates"] = Plain(
            math.ceil(2 * z * z * 0.25 / m**2)
        )
    return out


# -- rule variants ------------------------------------------------------------------------------


def _variant_folder(tables: Tables, caption: str) -> Tables:
    from analyses.plugins import plugin  # metadata only: which variant a caption is about

    game = tables.study["config"]["game"]
    for slug, variant in plugin(game).variants.items():
        if caption.startswith(variant.label):
            return Tables(tables.folder / "variants" / slug)
    raise AssertionError(f"{caption}: no variant of {game} has this label")


def measure(tables: Tables, name: str) -> pd.Series | None:
    """A variant table's measure by its name, per game: "mean score of all seats", "first
    seat's win share", "<games column> per game" (moves, rounds), "<what> of seat <k>" and
    "<what> of <agent>" (win share, fame, score: the players column, the mean over the
    agent's seats); None for a name it does not know (the game's recipes know it)."""
    players, games = tables.players, tables.games.set_index("game")
    columns = {"win share": "win_share", "fame": "fame", "score": "score"}
    if name in ("mean score of all seats", "score (mean of all seats)"):
        return players.groupby("game")["score"].mean()
    if name == "decisions per game":
        return games["moves"]
    if name.startswith("events: "):
        counts = tables.events[tables.events["kind"] == name.removeprefix("events: ")]
        return counts.groupby("game").size().reindex(games.index, fill_value=0)
    if name.replace(" ", "_") in games and name.replace(" ", "_") not in ("deal", "seed"):
        return games[name.replace(" ", "_")]
    if name == "first seat's win share":
        return players[players["seat"] == 0].set_index("game")["win_share"]
    found = re.fullmatch(r"(\w+) per game", name)
    if found and found[1] in games:
        return games[found[1]]
    found = re.fullmatch(r"(.+) of seat (\d+)", name)
    if found and found[1] in columns:
        chosen = players[players["seat"] == int(found[2])]
        return chosen.set_index("game")[columns[found[1]]]
    found = re.fullmatch(r"(.+?)(?: per seat)? of (.+)", name)
    if found and found[1] in columns and found[2] in set(players["agent"]):
        chosen = players[players["agent"] == found[2]]
        return chosen.groupby("game")[columns[found[1]]].mean()
    return None


def paired_rows(
    tables: Tables,
    records: Records,
    measures: dict[str, tuple[pd.Series, pd.Series]],
    *,
    label: str = "measure",
    study_column: str = "study",
    others: list[np.ndarray] | None = None,
) -> dict[str, Expectation]:
    """The expectations of a variant table of paired comparisons, from each measure's
    per-game values in the study and in the variant: the means over units (deals under a
    duplicate design), the mean difference with its sign-flip p where the row is tested,
    and the units it changed. A row untested must be one of: unchanged, a multiple of an
    earlier tested row's differences (the same effect again), or a direct effect of the
    rule (the report's notes name it). ``label`` and ``study_column`` name the first two
    columns (a compare page: "metric", "baseline"); ``others``, the tested differences of the
    page's other tables (one family: a twin may be in another table)."""
    caption = records[0]["table"]
    paired = _paired(records)
    units = "deals" if paired else "games"
    tested = {r["row"] for r in records if r.get("p") is not None}
    notes = " ".join(n for s in tables.report.get("notes", []) for n in s["notes"])
    earlier: list[np.ndarray] = list(others or [])
    out: dict[str, Expectation] = {}
    for measure in dict.fromkeys(r["row"] for r in records):
        if measure not in measures:
            continue
        study, variant = measures[measure]
        both = study.index.intersection(variant.index)
        a = _by_deal(tables, study.loc[both].astype(float), paired)
        b = _by_deal(tables, variant.loc[both].astype(float), paired)
        d = b - a
        name = f"{caption}: {label} {measure}"
        out[f"{name}: {study_column}"] = Units(a)
        out[f"{name}: variant"] = Units(b)
        is_tested = measure in tested
        twin = any(
            np.any(e) and np.any(d) and np.allclose(d, d[np.flatnonzero(e)[0]]
                                                   / e[np.flatnonzero(e)[0]] * e)
            for e in earlier
        )  # fmt: skip
        direct = re.search(rf"(?i)direct effects[^.]*{re.escape(measure)}[,.]", notes) is not None
        untested_ok = not np.any(d) or twin or direct
        if not is_tested and not untested_ok:
            out[f"{name}: difference"] = Plain(math.nan)  # untested without a reason: a failure
        else:
            out[f"{name}: difference"] = Units(d, p=sign_flip(d) if is_tested else None)
        if is_tested:
            earlier.append(d)
        out[f"{name}: {units} changed"] = Plain(int(np.count_nonzero(d)))
    return out


def variant(tables: Tables, records: Records) -> dict[str, Expectation]:
    caption = records[0]["table"]
    other = _variant_folder(tables, caption)
    measures = {}
    for name in dict.fromkeys(r["row"] for r in records):
        pair = measure(tables, name), measure(other, name)
        if pair[0] is not None and pair[1] is not None:
            measures[name] = pair
    return paired_rows(tables, records, measures)


def compared(tables: Tables, records: Records) -> dict[str, Expectation]:
    """A table of ``atoll GAME compare``: the baseline and the variant are the page's two
    stored studies, every measure of the page one family."""
    base, other = Tables(tables.folder / "baseline"), Tables(tables.folder / "variant")
    base.report = tables.report
    measures = {}
    for name in dict.fromkeys(r["row"] for r in tables.report["numbers"]):
        pair = measure(base, name), measure(other, name)
        if pair[0] is not None and pair[1] is not None:
            measures[name] = pair
    caption = records[0]["table"]
    elsewhere = [r for r in tables.report["numbers"] if r["table"] != caption]
    pool = paired_rows(base, elsewhere, measures, label="metric", study_column="baseline")
    others = [w.data for k, w in pool.items() if k.endswith(": difference") and
              isinstance(w, Units) and w.p is not None]  # fmt: skip
    return paired_rows(
        base, records, measures, label="metric", study_column="baseline", others=others
    )


# -- simple strategies (the degenerate-strategy check) ------------------------------------------


def simple_strategies(tables: Tables, records: Records) -> dict[str, Expectation]:
    """Each simple strategy's games in ``strategies/NAME/K`` (one folder per entrant of its
    field): its win share per deal (the strategy is each lineup's first agent), against each
    entrant and against the field (all its deals), tested against the even share."""
    import tomllib  # the strategies' titles and rule counts, read from their files (metadata)

    from solvers.strategies.bundled import bundled_path

    caption = records[0]["table"]
    even = tables.report["simple_strategies"]["even_share"]
    game = tables.study["config"]["game"]
    titles = {}
    for folder in (tables.folder / "strategies").iterdir():
        titles[folder.name] = tomllib.loads(bundled_path(game, folder.name).read_text("utf-8"))
    out: dict[str, Expectation] = {}
    for name, data in sorted(titles.items()):
        everything = []
        row = f"{caption}: strategy {data['name']}"
        for folder in sorted((tables.folder / "strategies" / name).iterdir()):
            other = Tables(folder)
            spec, entrant = other.study["config"]["agents"][:2]
            mine = other.players[other.players["agent"] == spec]
            shares = other.per_deal(mine.groupby("game")["win_share"].mean()).to_numpy(float)
            everything.append(shares)
            slug = entrant.removeprefix("strategy:")
            label = titles[slug]["name"] if slug in titles else entrant
            out[f"{row}: against {label}"] = Units(shares, "mean", SHARE)
        shares = np.concatenate(everything)
        out[f"{row}: against the field"] = Units(shares, "mean", SHARE, p=sign_flip(shares - even))
        out[f"{row}: rules"] = Plain(len(data["rules"]))
        out[f"{row}: even share"] = Plain(even)
    return out


SHARED: dict[str, Recipe] = {
    r"Lineups$": lineups,
    r"Seats$": seats,
    r"Seat × agent: ": seat_by_agent,
    r"Seat × agent interaction": interactions,
    r"Agents$": agents,
    r"Head to head, seat by seat": head_to_head,
    r"Final scores by agent$": scores,
    r"Decisiveness$": decisiveness,
    r"Length$": length,
    r"Games far longer than the rest$": far_longer,
    r"Legal actions per decision$": branching,
    r"Events per game$": events,
    r"Games needed$": planning,
    r"Simple strategies against ": simple_strategies,
    r"(Rates|Points|Per-game counts|Lengths|Scores): every measure that changed": compared,
}


def page_numbers(tables: Tables) -> list[str]:
    """The numbers of a study report outside its tables: the seat test's overall p (and the
    note that says it) and the duplicate design's pairing (each agent's win-share variance
    paired by deal and unpaired, by games). What disagrees, one line each."""
    data, problems = tables.report, []
    seat = data.get("seat_test")
    if seat:
        mine = seat_test(tables)[-1]
        allowed = 4.5 * math.hypot(seat.get("p_error", 0.0), mine.error) + 1e-9
        if abs(seat["overall_p"] - mine.value) > allowed:
            problems.append(f"seat_test: overall p {seat['overall_p']}, recomputed {mine.value}")
        said = f"All seats together: permutation p = {seat['overall_p']:.3f}."
        if not any(said in n for s in data["notes"] for n in s["notes"]):
            problems.append(f"seat_test: no note says {said!r}")
    pairing = data.get("pairing")
    for entry in (pairing or {}).get("agents", []):
        mine = tables.players[tables.players["agent"] == entry["agent"]]
        per_game = mine.groupby("game")["win_share"].mean()
        deals = tables.per_deal(per_game)
        want = {
            "deals": len(deals),
            "games": len(per_game),
            "variance_paired": float(np.var(deals, ddof=1)) / len(deals),
            "variance_unpaired": float(np.var(per_game, ddof=1)) / len(per_game),
        }
        for key, value in want.items():
            if not math.isclose(entry[key], value, rel_tol=1e-9, abs_tol=1e-12):
                problems.append(f"pairing: {entry['agent']} {key} {entry[key]}, recomputed {value}")
    return problems


def with_variants(game_recipes: dict[str, Recipe], tables_game: str) -> dict[str, Recipe]:
    """The shared recipes, each variant's first table (under its label, unless the game's
    own recipes take it) and the game's recipes."""
    from analyses.plugins import plugin

    recipes = dict(SHARED)
    for slug_variant in plugin(tables_game).variants.values():
        recipes.setdefault(re.escape(slug_variant.label) + r" \(", variant)
    recipes.update(game_recipes)
    return recipes


__all__ = ["SHARED", "page_numbers", "paired_rows", "seat_test", "with_variants"]
