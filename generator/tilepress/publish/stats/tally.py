"""Game records added up, in the order of their games, into the figures of a report.

A :class:`Tally` keeps counts, integer sums and histograms of values, never the records
themselves, so a million games take the memory of one; integer sums are exact, and the
only floating sums (the moment a game was decided) are taken in the order of the games,
which the batch runner keeps whatever the number of workers. :meth:`Tally.summary` gives
the figures as plain data (the report's JSON).
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from tilepress.engine.record import GameRecord
from tilepress.publish.stats.measures import Interval, Moments, wilson


def _round(x: float) -> float | None:
    return None if x is None or math.isnan(x) else round(x, 6)


def rate(interval: Interval, count: float | None = None) -> dict[str, Any]:
    data = {"rate": _round(interval.value), "low": _round(interval.low),
            "high": _round(interval.high)}
    if count is not None:
        data["count"] = _round(count)
    return data


@dataclass
class Values:
    """A sample of numbers: count, sums and (for whole numbers) a histogram."""

    n: int = 0
    total: float = 0
    squares: float = 0
    histogram: Counter = field(default_factory=Counter)

    def add(self, value: float) -> None:
        self.n += 1
        self.total += value
        self.squares += value * value
        if isinstance(value, int):
            self.histogram[value] += 1

    @property
    def moments(self) -> Moments:
        return Moments.of_sums(self.n, self.total, self.squares)

    def summary(self, histogram: bool = True) -> dict[str, Any]:
        """Count, mean (95% interval), sd; for whole numbers the range, the median and
        (with ``histogram``) every value's count."""
        m = self.moments
        ci = m.interval()
        data: dict[str, Any] = {"n": self.n, "mean": _round(m.mean), "sd": _round(m.sd),
                                "low": _round(ci.low), "high": _round(ci.high)}
        if self.histogram:
            data.update(min=min(self.histogram), max=max(self.histogram),
                        median=_median(self.histogram),
                        **({"histogram": [[v, c] for v, c in sorted(self.histogram.items())]}
                           if histogram else {}))
        return data


def _median(histogram: Counter) -> float:
    n = sum(histogram.values())
    seen, low = 0, None
    for value, count in sorted(histogram.items()):
        seen += count
        if low is None and seen >= (n + 1) // 2:
            low = value
        if seen >= n // 2 + 1:
            return (low + value) / 2 if n % 2 == 0 else value
    return math.nan  # pragma: no cover - an empty histogram


@dataclass
class Tally:
    """Records added up, in order."""

    games: int = 0
    sides: tuple[str, ...] = ()
    wins: list[float] = field(default_factory=list)
    """Wins by side; a win shared by k sides counts 1/k to each."""
    no_winner: int = 0
    shared: int = 0
    first_known: int = 0
    first_wins: float = 0.0
    first_seats: set[int] = field(default_factory=set)
    """The sides that moved first: one alone when the first move never passes round."""
    turns: Values = field(default_factory=Values)
    rounds: Values = field(default_factory=Values)
    rounds_without_winner: int = 0
    scores: list[Values] = field(default_factory=list)
    margin: Values = field(default_factory=Values)
    lead_changes: Values = field(default_factory=Values)
    decided_at: Values = field(default_factory=Values)
    ends: Counter = field(default_factory=Counter)
    round_ends: Counter = field(default_factory=Counter)
    patterns: Counter = field(default_factory=Counter)
    pattern_games: Counter = field(default_factory=Counter)
    actions: dict[str, Values] = field(default_factory=dict)
    action_games: Counter = field(default_factory=Counter)

    def add(self, record: GameRecord) -> None:
        """Add one game (games must come in the order of their index)."""
        if not self.games:
            self.sides = record.sides
            self.wins = [0.0] * len(record.sides)
            self.scores = [Values() for _ in record.sides]
        self.games += 1
        for k in record.winners:
            if k < len(self.wins):
                self.wins[k] += 1 / len(record.winners)
        self.no_winner += not record.winners
        self.shared += len(record.winners) > 1
        if record.first is not None and record.first < len(self.wins):
            self.first_known += 1
            self.first_seats.add(record.first)
            if record.first in record.winners:
                self.first_wins += 1 / len(record.winners)
        self.turns.add(record.turns)
        self.rounds.add(record.rounds)
        self.rounds_without_winner += record.rounds_without_winner
        for values, score in zip(self.scores, record.scores, strict=False):
            values.add(score)
        if record.margin is not None:
            self.margin.add(record.margin)
        if record.lead_changes is not None:
            self.lead_changes.add(record.lead_changes)
        if record.decided_at is not None:
            self.decided_at.add(record.decided_at)
        self.ends[record.end] += 1
        self.round_ends.update(dict(record.round_ends))
        self.patterns.update(record.wins)
        self.pattern_games.update(set(record.wins))
        taken = dict(record.actions)
        for name in taken.keys() | self.actions.keys():
            values = self.actions.get(name)
            if values is None:  # zeros for the games before the action first appeared
                values = self.actions[name] = Values(n=self.games - 1)
                values.histogram[0] = self.games - 1
            values.add(taken.get(name, 0))
            self.action_games[name] += name in taken

    # -- the figures ------------------------------------------------------------------

    def win_rates(self) -> list[Interval]:
        return [wilson(w, self.games) for w in self.wins]

    def summary(self) -> dict[str, Any]:
        """Every figure of the report, as plain data."""
        n = self.games
        several = len(self.sides) > 1
        rounds = int(self.rounds.total)
        scores = Values()
        for values in self.scores:
            for v, c in values.histogram.items():
                scores.histogram[v] += c
            scores.n += values.n
            scores.total += values.total
            scores.squares += values.squares
        data: dict[str, Any] = {
            "games": n,
            "sides": list(self.sides),
            "win_rate": [rate(r, w) for r, w in zip(self.win_rates(), self.wins, strict=True)]
            if several else None,
            "no_winner": rate(wilson(self.no_winner, n), self.no_winner) if several else None,
            "shared_wins": self.shared,
            "first_player": (rate(wilson(self.first_wins, self.first_known), self.first_wins)
                             | {"games": self.first_known, "fair": _round(1 / len(self.sides)),
                                "seat": min(self.first_seats) if len(self.first_seats) == 1
                                else None}
                             if several and self.first_known else None),
            "rounds_without_winner": rate(wilson(self.rounds_without_winner, rounds),
                                          self.rounds_without_winner) | {"rounds": rounds},
            "turns": self.turns.summary(),
            "rounds": self.rounds.summary(),
            "scores": scores.summary(),
            "scores_by_side": [v.summary(histogram=False) for v in self.scores],
            "margin": self.margin.summary() if self.margin.n else None,
            "lead_changes": self.lead_changes.summary() if self.lead_changes.n else None,
            "decided_at": self.decided_at.summary() if self.decided_at.n else None,
            "ends": _shares(self.ends, n),
            "round_ends": _shares(self.round_ends, sum(self.round_ends.values())),
            "patterns": [
                rate(wilson(c, sum(self.patterns.values())), c)
                | {"name": name, "games": self.pattern_games[name]}
                for name, c in _by_count(self.patterns)],
            "actions": [
                self.actions[name].summary(histogram=False) | {"name": name,
                                                               "games_with": rate(wilson(
                                                     self.action_games[name], n),
                                                     self.action_games[name])}
                for name, _ in _by_count(Counter({k: v.total for k, v in
                                                  self.actions.items()}))],
        }
        data["metrics"] = metrics(data, self)
        return data


def _by_count(counter: Counter) -> list[tuple[str, int]]:
    return sorted(counter.items(), key=lambda kv: (-kv[1], kv[0]))


def _shares(counter: Counter, total: int) -> list[dict[str, Any]]:
    return [rate(wilson(c, total), c) | {"name": name} for name, c in _by_count(counter)]


def metrics(data: dict[str, Any], tally: Tally) -> dict[str, Any]:
    """The general measures, after the game-evaluation metrics of the Ludii system (see
    the README): balance, completion, drawishness, first-player advantage, duration,
    decisiveness and lead changes. Outcome measures are left out (None) for a game of
    one side, where nobody wins or loses."""
    several = len(tally.sides) > 1
    rates = [r.value for r in tally.win_rates()]
    balance = 1.0 - (max(rates) - min(rates)) if several and rates else None
    completion = wilson(tally.games - tally.no_winner, tally.games)
    first = data["first_player"]
    return {
        "balance": _round(balance) if balance is not None else None,
        "completion": rate(completion) if several else None,
        "drawishness": data["no_winner"],
        "advantage": ({"rate": first["rate"], "low": first["low"], "high": first["high"],
                       "over_fair": _round(first["rate"] - first["fair"])}
                      if first else None),
        "duration_turns": {k: data["turns"][k] for k in ("mean", "low", "high")},
        "duration_rounds": {k: data["rounds"][k] for k in ("mean", "low", "high")},
        "decisiveness": ({k: data["decided_at"][k] for k in ("mean", "low", "high")}
                         if data["decided_at"] else None),
        "lead_change": ({k: data["lead_changes"][k] for k in ("mean", "low", "high")}
                        if data["lead_changes"] else None),
    }


__all__ = ["Tally", "Values", "metrics", "rate"]
