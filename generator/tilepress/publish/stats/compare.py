"""Two rule sets compared on the same seeds: each measure side by side, the difference
(B - A) with its 95% interval, and whether it is significant.

Rates are compared by the two-proportion z-test, means by Welch's t test; the p-values
of one comparison are adjusted together by Holm's method, so that a run against itself
(or a change that does nothing) is unlikely to show any "significant" difference by
chance among the dozens of measures. The games of the two runs share their seeds, so
the deals are the same; the tests still treat the runs as independent samples, which
errs on the side of calling fewer differences significant.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from tilepress.publish.stats.measures import LEVEL, Test, holm, two_proportions, welch
from tilepress.publish.stats.tally import Tally, Values


@dataclass(frozen=True)
class Difference:
    """One measure in both runs, and the test of B against A."""

    measure: str
    kind: str
    """"rate" or "mean"."""
    a: float
    b: float
    test: Test
    p_adjusted: float = 1.0

    @property
    def significant(self) -> bool:
        return self.p_adjusted < LEVEL

    def as_dict(self) -> dict[str, Any]:
        r = _round
        return {"measure": self.measure, "kind": self.kind, "a": r(self.a), "b": r(self.b),
                "difference": r(self.test.difference), "low": r(self.test.low),
                "high": r(self.test.high), "statistic": r(self.test.statistic),
                "p": r(self.test.p), "p_holm": r(self.p_adjusted),
                "significant": self.significant}


def _round(x: float) -> float:
    return round(x, 6)


def _rate(measure: str, x1: float, n1: int, x2: float, n2: int) -> Difference | None:
    if n1 <= 0 or n2 <= 0:
        return None
    return Difference(measure, "rate", x1 / n1, x2 / n2, two_proportions(x1, n1, x2, n2))


def _mean(measure: str, a: Values, b: Values) -> Difference | None:
    if a.n < 2 or b.n < 2:
        return None
    ma, mb = a.moments, b.moments
    return Difference(measure, "mean", ma.mean, mb.mean, welch(ma, mb))


def _differences(a: Tally, b: Tally) -> Iterator[Difference | None]:
    several = len(a.sides) > 1 and len(a.sides) == len(b.sides)
    if several:
        for k, (wa, wb) in enumerate(zip(a.wins, b.wins, strict=True)):
            yield _rate(f"win rate, seat {k + 1}", wa, a.games, wb, b.games)
        yield _rate("games without a winner", a.no_winner, a.games, b.no_winner, b.games)
        yield _rate("first player's win rate", a.first_wins, a.first_known, b.first_wins,
                    b.first_known)
    yield _rate("rounds without a winner", a.rounds_without_winner, int(a.rounds.total),
                b.rounds_without_winner, int(b.rounds.total))
    yield _mean("turns", a.turns, b.turns)
    yield _mean("rounds", a.rounds, b.rounds)
    if len(a.scores) == len(b.scores):
        for k, (sa, sb) in enumerate(zip(a.scores, b.scores, strict=True)):
            yield _mean(f"score, seat {k + 1}" if len(a.scores) > 1 else "score", sa, sb)
    yield _mean("margin of victory", a.margin, b.margin)
    yield _mean("lead changes", a.lead_changes, b.lead_changes)
    yield _mean("decided at (share of the game)", a.decided_at, b.decided_at)
    wins_a, wins_b = sum(a.patterns.values()), sum(b.patterns.values())
    for name in sorted(a.patterns.keys() | b.patterns.keys()):
        yield _rate(f"share of wins: {name}", a.patterns[name], wins_a, b.patterns[name],
                    wins_b)
    for name in sorted(a.actions.keys() | b.actions.keys()):
        yield _mean(f"per game: {name}", a.actions.get(name) or _zeros(a.games),
                    b.actions.get(name) or _zeros(b.games))


def _zeros(n: int) -> Values:
    values = Values(n=n)
    values.histogram[0] = n
    return values


def compare(a: Tally, b: Tally) -> list[Difference]:
    """Every measure of run B against run A, Holm-adjusted together."""
    found = [d for d in _differences(a, b) if d is not None]
    adjusted = holm([d.test.p for d in found])
    return [Difference(d.measure, d.kind, d.a, d.b, d.test, p)
            for d, p in zip(found, adjusted, strict=True)]


__all__ = ["Difference", "compare"]
