"""The charts of a balance report, as document figures: win rate by seat, histograms of
length, scores and margins, and bars for winning patterns, round ends and optional
actions. Each chart is made by reportlab's chart library (:mod:`tilepress.draw.charts`)
and shows run A, or runs A and B side by side, with 95% error bars on rates and means.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

from tilepress.documents.model import Figure
from tilepress.draw.charts import Series, bar_chart, draw_drawing, histogram

WIDTH = 176.0
HEIGHT = 66.0
MOST_BARS = 14
"""Categories shown in a bar chart of patterns or actions (the most frequent)."""
MOST_BINS = 24


Chart = tuple[Figure, str]
"""A chart and the sentence that reads it (printed above it)."""


def _figure(drawing: Any, note: str) -> Chart:
    return (Figure(drawing.width * 25.4 / 72, drawing.height * 25.4 / 72,
                   lambda c: draw_drawing(c, drawing)), note)


PLAYER_NAMES = {"planner": "planning player", "random": "random player",
                "efficiency": "efficient player", "greedy": "greedy player",
                "virtual opponent": "virtual opponent"}
"""What a page calls each simulated player (the data keeps the program's name)."""


def bot_of(side: str) -> str:
    """The program that plays a side: "planner", or "efficiency" from "A (efficiency)"."""
    return side[side.index("(") + 1:side.rindex(")")] if side.endswith(")") else side


def player_name(side: str) -> str:
    """A reader's name for the simulated player of ``side``: "planning player"."""
    return PLAYER_NAMES.get(bot_of(side), "simulated player")


def seat_labels(sides: Sequence[str]) -> list[str]:
    """Each seat's label: "seat 1", or "seat 1: random player" when the seats are not
    all played alike."""
    alike = len(set(sides)) == 1
    return [f"seat {k + 1}" if alike else f"seat {k + 1}: {player_name(bot)}"
            for k, bot in enumerate(sides)]


def win_rates(runs: Sequence[tuple[str, dict[str, Any]]]) -> Chart | None:
    """Each seat's share of the wins, with 95% intervals; None for one side."""
    first = runs[0][1]
    if not first["win_rate"]:
        return None
    seats = seat_labels(first["sides"])
    series = [Series(label, *(tuple(r[key] for r in s["win_rate"])
                              for key in ("rate", "low", "high")))
              for label, s in runs if s["win_rate"] and len(s["win_rate"]) == len(seats)]
    fair = 1 / len(seats)
    drawing = bar_chart(seats, series, width=WIDTH, height=HEIGHT, percent=True)
    return _figure(drawing, f"Share of games won from each seat, with 95% intervals (a fair "
                   f"game gives each of the {len(seats)} seats {fair:.0%}; a shared win is "
                   "split between its winners).")


def _bins(histograms: Sequence[Sequence[Sequence[int]]]) -> tuple[list[str], list[list[int]],
                                                                   int]:
    """Common bins for the histograms: one per value over a short range, else ranges of
    a round width; the labels, the counts of each histogram, and the width."""
    values = [v for h in histograms for v, _ in h]
    low, high = min(values), max(values)
    span = high - low + 1
    width = 1
    for step in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000, 10_000):
        width = step
        if math.ceil(span / step) <= MOST_BINS:
            break
    start = low // width * width
    count = (high - start) // width + 1
    counts = [[0] * count for _ in histograms]
    for k, h in enumerate(histograms):
        for v, c in h:
            counts[k][(v - start) // width] += c
    labels = [str(start + i * width) for i in range(count)]
    return labels, counts, width


def distribution(runs: Sequence[tuple[str, dict[str, Any]]], key: str, what: str
                 ) -> Chart | None:
    """A histogram of the figure ``key`` (turns, scores, margin) as shares of its
    values."""
    found = [(label, s[key]) for label, s in runs if s.get(key) and s[key].get("histogram")]
    if not found:
        return None
    labels, counts, width = _bins([v["histogram"] for _, v in found])
    series = [Series(label, tuple(c / max(1, sum(row)) for c in row))
              for (label, _), row in zip(found, counts, strict=True)]
    drawing = histogram(labels, series, width=WIDTH, height=HEIGHT)
    means = "; ".join(f"{label}: mean {v['mean']:.1f}, median {v['median']:g}"
                      for label, v in found) if len(found) > 1 else \
        f"mean {found[0][1]['mean']:.1f}, median {found[0][1]['median']:g}"
    binned = f" (bars {width} wide, labelled by their first value)" if width > 1 else ""
    return _figure(drawing, f"{what}: share of values{binned}; {means}.")


def frequencies(runs: Sequence[tuple[str, dict[str, Any]]], key: str, caption: str, *,
                per_game: bool = False) -> Chart | None:
    """Horizontal bars for the most frequent names under ``key`` (patterns, round ends,
    actions): their share, or their mean per game, with 95% intervals."""
    first = runs[0][1][key]
    names = [item["name"] for item in first][:MOST_BARS]
    for _, s in runs[1:]:
        names += [i["name"] for i in s[key] if i["name"] not in names][:MOST_BARS - len(names)]
    if not names:
        return None
    value = ("mean", "low", "high") if per_game else ("rate", "low", "high")
    series = []
    for label, s in runs:
        items = {i["name"]: i for i in s[key]}
        rows = [tuple(items[n][v] if n in items else 0.0 for n in names) for v in value]
        series.append(Series(label, *rows))
    longest = max(len(n) for n in names)
    drawing = bar_chart([_short(n) for n in names], series, width=WIDTH,
                        height=min(150.0, 22 + 7.5 * len(names) * len(series) ** 0.5),
                        percent=not per_game, horizontal=True,
                        label_width=min(70.0, 2 + 1.6 * min(longest, 42)))
    return _figure(drawing, caption)


def _short(name: str, most: int = 42) -> str:
    return name if len(name) <= most else name[:most - 1] + "…"


__all__ = ["PLAYER_NAMES", "Chart", "bot_of", "distribution", "frequencies", "player_name",
           "seat_labels", "win_rates"]
