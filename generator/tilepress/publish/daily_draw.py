"""The plan of a daily run and the drawing of a day's puzzles: each entry of each day
from its own seed, on chains that never repeat a puzzle within a series-year (see
:mod:`tilepress.publish.daily`)."""

from __future__ import annotations

import datetime as dt
import random
from collections import defaultdict
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from tilepress.errors import RequestError
from tilepress.games import find_kind
from tilepress.params import params_dict
from tilepress.publish.daily_spec import (
    ANSWERS,
    SHEET_PAPERS,
    DailySpec,
    check_series,
    entry_params,
)
from tilepress.puzzles.base import (
    Candidate,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    describe,
    draw_candidates,
    verify_set,
)

DISJOINT: dict[str, tuple[str, ...]] = {"waits": ("tiles", "suits"),
                                        "discard": ("tiles", "suits")}
"""Options besides the difficulty that keep two entries of a kind from ever making the
same puzzle: a hand of 7 tiles is never a hand of 10, a one-suit hand never a mixed one."""
MIN_TRIES = 200
"""A day's draw tries a kind at least this often before it gives up (the kind's own
limit may be lower for a set: a day insists on its exact difficulty)."""



# ---------------------------------------------------------------------------
# The plan: a spec with the series and options of one run
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Plan:
    """What a sheet is made from, besides its date: small and picklable, so that workers
    rebuild every sheet from it."""

    spec: DailySpec
    series: str
    answers: str
    paper: str

    @property
    def key(self) -> tuple[str, str, str, str]:
        return (self.spec.fingerprint, self.series, self.answers, self.paper)

    def number(self, day: dt.date) -> int:
        """The sheet's number in the series: No. 1 on the series' start."""
        return (day - self.spec.start).days + 1

    def check_day(self, day: dt.date) -> None:
        if day < self.spec.start:
            raise RequestError(f"the series starts on {self.spec.start.isoformat()}: there is "
                               f"no sheet for {day.isoformat()}")

    def entries_on(self, day: dt.date) -> tuple[int, ...]:
        weekday = day.weekday()
        return tuple(i for i, e in enumerate(self.spec.entries) if e.plays(weekday))

    def chain(self, index: int, day: dt.date) -> tuple:
        """The chain of entry ``index`` on ``day``: entries that might make equal puzzles
        share one (see the module's docstring); it runs through one calendar year."""
        return (day.year, *_chain_key(self.spec, index, day.weekday()))

    def anchor(self, day: dt.date) -> dt.date:
        """The first day of ``day``'s chains: 1 January, or the series' start."""
        return max(dt.date(day.year, 1, 1), self.spec.start)


def make_plan(spec: DailySpec, *, series: str | None = None, answers: str | None = None,
              paper: str | None = None) -> Plan:
    from tilepress.draw.canvas import find_paper

    mode = answers or spec.answers
    if mode not in ANSWERS:
        raise RequestError(f"answers must be back or next-day, not {mode!r}")
    sheet = (spec.paper if paper is None else paper).lower()
    if sheet not in SHEET_PAPERS:
        raise RequestError(f"--paper must be {' or '.join(SHEET_PAPERS)} for daily sheets, "
                           f"not {sheet!r}")
    find_paper(sheet)
    return Plan(spec, check_series(series) if series is not None else spec.series, mode, sheet)


_CHAINS: dict[tuple[str, int, int], tuple] = {}


def _difficulty(params: Any) -> str:
    return str(getattr(params, "difficulty", "any"))


def _chain_key(spec: DailySpec, index: int, weekday: int) -> tuple:
    key = (spec.fingerprint, index, weekday)
    if key not in _CHAINS:
        _CHAINS[key] = _find_chain(spec, index, weekday)
    return _CHAINS[key]


def _find_chain(spec: DailySpec, index: int, weekday: int) -> tuple:
    entry = spec.entries[index]
    params = entry_params(spec, index, weekday)
    anything = any(_difficulty(entry_params(spec, i, d)) == "any"
                   for i, e in enumerate(spec.entries) if e.kind == entry.kind
                   for d in range(7) if e.plays(d))
    values = params_dict(params)
    split = tuple(values.get(name) for name in DISJOINT.get(entry.kind, ()))
    return (entry.kind, "*" if anything else _difficulty(params), *split)


# ---------------------------------------------------------------------------
# Drawing the puzzles of a day
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class EntrySet:
    """The puzzles of one entry on one day, with their identities."""

    index: int
    chain: tuple
    puzzles: tuple[Puzzle, ...]
    identities: tuple[Hashable, ...]


def entry_rng(series: str, day: dt.date, index: int, kind: str) -> random.Random:
    return random.Random(f"tilepress:daily:{series}:{day.isoformat()}:{index}:{kind}")


def draw_entry(kind: PuzzleKind, params: Any, count: int, rng: random.Random,
               exclude: frozenset | set = frozenset(), *, where: str = "") -> list[Candidate]:
    """``count`` distinct candidates none of whose identities is in ``exclude``, each
    of exactly the asked difficulty (as :func:`generate_set` draws them, with decoys
    in shuffled places)."""
    asked = _difficulty(params)
    tries = max(kind.misses_in_a_row, MIN_TRIES)

    def give_up(found: int, decoy: bool) -> str:
        if not exclude:
            return (f"{where}: no new {asked} {kind.name} puzzle in {tries} tries "
                    f"({describe(params)}); ask for a difficulty it reaches more often")
        return (f"{where}: found only {found} new {kind.name} puzzles "
                f"({describe(params)}); the year's earlier sheets used "
                f"{len(exclude)} of them: ask for fewer, or vary the options by weekday")

    return draw_candidates(kind, params, count, rng, asked=asked, tries=tries,
                           give_up=give_up, exclude=exclude)


def draw_set(plan: Plan, day: dt.date, index: int, exclude: frozenset | set = frozenset()
             ) -> EntrySet:
    """Entry ``index``'s puzzles on ``day``, none of them in ``exclude``; checked again by
    the kind's solver before they are used."""
    entry = plan.spec.entries[index]
    kind = find_kind(entry.kind)
    params = entry_params(plan.spec, index, day.weekday())
    where = f"{day.isoformat()}: {entry.where}"
    found = draw_entry(kind, params, entry.count, entry_rng(plan.series, day, index, kind.name),
                       exclude, where=where)
    puzzles = tuple(Puzzle(f"{day.isoformat()}-{index + 1}-{n}", c.grade.difficulty,
                           dict(c.question), dict(c.answer), c.grade.as_dict(), kind=kind.name)
                    for n, c in enumerate(found, start=1))
    problems = verify_set(PuzzleSet(kind.name, {}, puzzles), kind)
    if problems:  # pragma: no cover - would be a bug in a kind
        raise RuntimeError(f"{where}: puzzle {problems[0]}")
    return EntrySet(index, plan.chain(index, day), puzzles, tuple(c.identity for c in found))


def draw_day(plan: Plan, day: dt.date, indices: Sequence[int],
             exclude: Mapping[tuple, set] | None = None,
             drawn: Mapping[int, EntrySet] | None = None) -> tuple[EntrySet, ...]:
    """The entries ``indices`` of a day, in spec order; an entry excludes ``exclude`` of
    its chain and the puzzles of the day's earlier entries on the same chain. Sets in
    ``drawn`` (already drawn, by index) are taken as they are."""
    out: list[EntrySet] = []
    for index in sorted(indices):
        if drawn and index in drawn:
            out.append(drawn[index])
            continue
        chain = plan.chain(index, day)
        avoid = set(exclude.get(chain, ())) if exclude else set()
        for earlier in out:
            if earlier.chain == chain:
                avoid.update(earlier.identities)
        out.append(draw_set(plan, day, index, frozenset(avoid)))
    return tuple(out)


class Chains:
    """The year-level memory: every identity used so far on each chain, filled in date
    order; settles each day's first draw against it."""

    def __init__(self, plan: Plan) -> None:
        self.plan = plan
        self.used: dict[tuple, set[Hashable]] = defaultdict(set)
        self.last: dt.date | None = None

    def settle(self, day: dt.date, sets: tuple[EntrySet, ...]) -> tuple[tuple[EntrySet, ...],
                                                                          bool]:
        """The day's final sets, and whether any differs from the first draw."""
        if self.last is not None and day <= self.last:  # pragma: no cover - a caller's bug
            raise RuntimeError("days must be settled in date order")
        self.last = day
        out: list[EntrySet] = []
        redraw: set[tuple] = set()
        for s in sets:
            used = self.used[s.chain]
            if s.chain in redraw or used.intersection(s.identities):
                avoid = set(used)
                for earlier in out:
                    if earlier.chain == s.chain:
                        avoid.update(earlier.identities)
                s = draw_set(self.plan, day, s.index, frozenset(avoid))
                redraw.add(s.chain)
            out.append(s)
        for s in out:
            self.used[s.chain].update(s.identities)
        return tuple(out), bool(redraw)


# ---------------------------------------------------------------------------
# Sheets: a day's drawn puzzles, numbered as printed
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Sheet:
    """One day's sheet: its puzzles numbered as printed, grouped by entry."""

    day: dt.date
    number: int
    level: str
    groups: tuple[tuple[int, tuple[Puzzle, ...]], ...]
    """(entry index, puzzles) in spec order; puzzle ids are ``DATE-N``, N as printed."""

    @property
    def puzzles(self) -> tuple[Puzzle, ...]:
        return tuple(p for _, ps in self.groups for p in ps)


def make_sheet(plan: Plan, day: dt.date, sets: Sequence[EntrySet]) -> Sheet:
    groups = []
    n = 0
    for s in sorted(sets, key=lambda s: s.index):
        numbered = []
        for p in s.puzzles:
            n += 1
            numbered.append(replace(p, id=f"{day.isoformat()}-{n}"))
        groups.append((s.index, tuple(numbered)))
    return Sheet(day, plan.number(day), plan.spec.levels[day.weekday()], tuple(groups))


def entry_title(plan: Plan, index: int) -> str:
    entry = plan.spec.entries[index]
    return entry.title or find_kind(entry.kind).title
