"""The statistics of a balance report, written out: intervals for rates and means, and
the tests that compare two rule sets. Pure functions of numbers, no dependencies.

- Rates get a 95% Wilson score interval (good near 0 and 1, where the plain normal
  interval falls outside [0, 1]).
- Means get a Student t interval (the normal one for large samples).
- Two rates are compared by the two-proportion z-test (pooled), two means by Welch's t
  test (unequal variances), each two-sided; a set of comparisons is corrected for
  multiplicity by Holm's step-down method.

The Student t distribution comes from the regularized incomplete beta function
(continued fraction, evaluated by the modified Lentz method).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The 97.5th percentile of the standard normal distribution."""
LEVEL = 0.05
"""Significance level of a comparison (after Holm's correction)."""


# -- distributions ------------------------------------------------------------------------


def normal_cdf(x: float) -> float:
    """P(Z <= x) for a standard normal Z."""
    return 0.5 * math.erfc(-x / math.sqrt(2.0))


def _beta_fraction(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    tiny, eps = 1e-300, 1e-15
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1.0)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 1000):
        for numerator in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                          -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + numerator * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + numerator / c
            c = c if abs(c) > tiny else tiny
            h *= d * c
        if abs(d * c - 1.0) < eps:
            break
    return h


def beta_inc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 <= x <= 1."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _beta_fraction(a, b, x) / a
    return 1.0 - front * _beta_fraction(b, a, 1.0 - x) / b


def t_sf2(t: float, df: float) -> float:
    """Two-sided tail P(|T| >= |t|) of Student's t with ``df`` degrees of freedom."""
    if math.isinf(df):
        return 2.0 * normal_cdf(-abs(t))
    return beta_inc(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(p: float, df: float) -> float:
    """The ``p`` quantile (0.5 < p < 1) of Student's t, by bisection on the tail."""
    if math.isinf(df) or df > 1e6:
        lo, hi = 0.0, 40.0
        for _ in range(200):
            mid = (lo + hi) / 2
            lo, hi = (mid, hi) if normal_cdf(mid) < p else (lo, mid)
        return (lo + hi) / 2
    lo, hi = 0.0, 1e4
    for _ in range(200):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if 1.0 - t_sf2(mid, df) / 2.0 < p else (lo, mid)
    return (lo + hi) / 2


# -- intervals ----------------------------------------------------------------------------


@dataclass(frozen=True)
class Interval:
    """An estimate with its 95% interval."""

    value: float
    low: float
    high: float


def wilson(successes: float, trials: int, z: float = Z95) -> Interval:
    """The share ``successes / trials`` with its Wilson score interval. (A shared win
    counts as a fraction of a success; the interval treats it as such.)"""
    if trials <= 0:
        return Interval(math.nan, math.nan, math.nan)
    p = successes / trials
    z2 = z * z
    denominator = 1.0 + z2 / trials
    centre = (p + z2 / (2 * trials)) / denominator
    half = z * math.sqrt(max(p * (1 - p), 0.0) / trials + z2 / (4 * trials * trials)) \
        / denominator
    # the bounds hold p itself (rounding could put p = 1 a hair above the top)
    return Interval(p, min(p, max(0.0, centre - half)), max(p, min(1.0, centre + half)))


@dataclass(frozen=True)
class Moments:
    """A sample summed up: count, mean and (sample) variance."""

    n: int
    mean: float
    variance: float

    @classmethod
    def of_sums(cls, n: int, total: float, squares: float) -> Moments:
        """From the count, the sum and the sum of squares (exact when they are ints)."""
        if n == 0:
            return cls(0, math.nan, math.nan)
        if isinstance(total, int) and isinstance(squares, int):
            variance = (n * squares - total * total) / (n * (n - 1)) if n > 1 else 0.0
        else:
            mean = total / n
            variance = max(0.0, (squares - n * mean * mean) / (n - 1)) if n > 1 else 0.0
        return cls(n, total / n, variance)

    @property
    def sd(self) -> float:
        return math.sqrt(self.variance) if self.n > 1 else 0.0

    def interval(self) -> Interval:
        """The mean with its 95% Student t interval."""
        if self.n < 2:
            return Interval(self.mean, self.mean, self.mean)
        half = t_quantile(0.975, self.n - 1) * self.sd / math.sqrt(self.n)
        return Interval(self.mean, self.mean - half, self.mean + half)


# -- comparisons --------------------------------------------------------------------------


@dataclass(frozen=True)
class Test:
    """A comparison of run B against run A: B - A, its 95% interval, the statistic and
    the two-sided p-value."""

    difference: float
    low: float
    high: float
    statistic: float
    p: float


def two_proportions(x1: float, n1: int, x2: float, n2: int) -> Test:
    """Two rates compared, B (x2 of n2) - A (x1 of n1): the pooled two-proportion z-test,
    and the unpooled (Wald) interval of the difference."""
    p1, p2 = x1 / n1, x2 / n2
    diff = p2 - p1
    pooled = (x1 + x2) / (n1 + n2)
    se0 = math.sqrt(max(pooled * (1 - pooled), 0.0) * (1 / n1 + 1 / n2))
    se = math.sqrt(max(p1 * (1 - p1), 0.0) / n1 + max(p2 * (1 - p2), 0.0) / n2)
    if se0 == 0.0:
        z, p = 0.0, 1.0 if diff == 0 else 0.0
    else:
        z = diff / se0
        p = 2.0 * normal_cdf(-abs(z))
    return Test(diff, diff - Z95 * se, diff + Z95 * se, z, p)


def welch(a: Moments, b: Moments) -> Test:
    """Two means compared, B - A: Welch's t test and the interval of the difference on
    the Welch-Satterthwaite degrees of freedom."""
    diff = b.mean - a.mean
    va, vb = a.variance / a.n, b.variance / b.n
    se = math.sqrt(va + vb)
    if se == 0.0:
        return Test(diff, diff, diff, 0.0, 1.0 if diff == 0 else 0.0)
    df = (va + vb) ** 2 / ((va * va / (a.n - 1) if a.n > 1 else 0.0)
                           + (vb * vb / (b.n - 1) if b.n > 1 else 0.0))
    t = diff / se
    half = t_quantile(0.975, df) * se
    return Test(diff, diff - half, diff + half, t, t_sf2(t, df))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjustment: p-values that keep the chance of any false
    "significant" among them at the level."""
    m = len(p_values)
    order = sorted(range(m), key=lambda k: (p_values[k], k))
    adjusted = [1.0] * m
    running = 0.0
    for rank, k in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[k]))
        adjusted[k] = running
    return adjusted


__all__ = ["LEVEL", "Z95", "Interval", "Moments", "Test", "beta_inc", "holm", "normal_cdf",
           "t_quantile", "t_sf2", "two_proportions", "welch", "wilson"]
