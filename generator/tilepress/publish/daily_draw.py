"""The plan of a daily run and the drawing of a day's puzzles: each entry of each day
from its own seed and from its day's own share of its chain's puzzles, so that no puzzle
repeats within a series-year and a day is drawn without any other (see
:mod:`tilepress.publish.daily`)."""

from __future__ import annotations

import datetime as dt
import hashlib
import random
from collections.abc import Hashable, Sequence
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
limit may be lower for a set: a day insists on its exact difficulty), times the days of
its chain when it keeps only its own share of a kind's random puzzles."""

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
    yesterday: bool = False
    """With answers on the back, a panel of the day before's answers there too."""
    large_print: bool = False
    """The large-print edition: words at 14 pt and more, tiles half as large again, the
    puzzles one under another over as many pages as they need, then the answers."""

    @property
    def key(self) -> tuple[str, str, str, str, bool, bool]:
        return (self.spec.fingerprint, self.series, self.answers, self.paper, self.yesterday,
                self.large_print)

    @property
    def shows_previous(self) -> bool:
        """Whether a sheet prints the day before's answers (next-day answers, or the
        panel of yesterday's)."""
        return self.answers == "next-day" or self.yesterday

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
              paper: str | None = None, yesterday: bool | None = None,
              large_print: bool = False) -> Plan:
    """A run's plan: the spec, with the series, answers, paper and panel of yesterday's
    answers given here (the spec's where None), and the large-print edition or not."""
    from tilepress.draw.canvas import find_paper

    mode = answers or spec.answers
    if mode not in ANSWERS:
        raise RequestError(f"answers must be back or next-day, not {mode!r}")
    sheet = (spec.paper if paper is None else paper).lower()
    if sheet not in SHEET_PAPERS:
        raise RequestError(f"--paper must be {' or '.join(SHEET_PAPERS)} for daily sheets, "
                           f"not {sheet!r}")
    find_paper(sheet)
    return Plan(spec, check_series(series) if series is not None else spec.series, mode, sheet,
                spec.yesterday if yesterday is None else yesterday, large_print)


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
# A chain's year: its days, and each day's share of the chain's puzzles
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Share:
    """A day's place on its chain: the day is the ``slot``-th of the chain's ``slots``
    days in its year, and its puzzles on the chain (``demand``) follow the ``offset``
    puzzles of the chain's earlier days (``total`` in the year)."""

    slot: int
    slots: int
    offset: int
    demand: int
    total: int


_CALENDARS: dict[tuple, dict[dt.date, tuple[int, int, int]]] = {}


def _calendar(plan: Plan, chain: tuple) -> dict[dt.date, tuple[int, int, int]]:
    """Every day of ``chain``'s year that has puzzles on it: (slot, offset, demand)."""
    key = (plan.spec.fingerprint, chain)
    if key not in _CALENDARS:
        year = chain[0]
        day = plan.anchor(dt.date(year, 12, 31))
        found: dict[dt.date, tuple[int, int, int]] = {}
        offset = 0
        while day.year == year:
            demand = sum(plan.spec.entries[i].count for i in plan.entries_on(day)
                         if plan.chain(i, day) == chain)
            if demand:
                found[day] = (len(found), offset, demand)
                offset += demand
            day += dt.timedelta(days=1)
        _CALENDARS[key] = found
    return _CALENDARS[key]


def share(plan: Plan, index: int, day: dt.date) -> Share:
    """Where entry ``index`` on ``day`` stands on its chain (a year's days at most)."""
    calendar = _calendar(plan, plan.chain(index, day))
    slot, offset, demand = calendar[day]
    last = calendar[next(reversed(calendar))]
    return Share(slot, len(calendar), offset, demand, last[1] + last[2])


def stable_text(identity: Hashable) -> str:
    """An identity as text that is the same in every process (``hash()`` of a string is
    not): the repr of what identities are made of, tuples of text and whole numbers
    (:attr:`Candidate.identity`; ``tests/test_daily.py`` checks every kind's)."""
    return repr(identity)


def home_key(series: str, chain: tuple) -> bytes:
    """The key of a series-year's chain for :func:`home`."""
    return hashlib.blake2b(f"tilepress:daily:{series}:{stable_text(chain)}".encode(),
                           digest_size=32).digest()


def home(key: bytes, identity: Hashable, slots: int) -> int:
    """The one day (its slot, of ``slots``) of a series-year's chain (``key``,
    :func:`home_key`) that may use a puzzle: a keyed hash of its identity."""
    digest = hashlib.blake2b(stable_text(identity).encode(), key=key, digest_size=8).digest()
    return int.from_bytes(digest, "big") % slots


_LISTED: dict[tuple, tuple[Any, tuple[Hashable, ...]] | None] = {}


def listed(plan: Plan, chain: tuple) -> tuple[Any, tuple[Hashable, ...]] | None:
    """For a chain whose puzzles can be listed (one request on every day of it, and a
    kind that lists that request): the request and its list, in the series-year's own
    order (a keyed shuffle)."""
    key = (plan.spec.fingerprint, plan.series, chain)
    if key not in _LISTED:
        requests = {}
        for day in _calendar(plan, chain):
            for index in plan.entries_on(day):
                if plan.chain(index, day) == chain:
                    params = entry_params(plan.spec, index, day.weekday())
                    requests[stable_text(tuple(sorted(params_dict(params).items())))] = (
                        index, params)
        found = None
        if len(requests) == 1:
            index, params = next(iter(requests.values()))
            items = find_kind(plan.spec.entries[index].kind).listing(params)
            if items is not None:
                order = list(items)
                random.Random(f"tilepress:daily:{plan.series}:{stable_text(chain)}"
                              ).shuffle(order)
                found = (params, tuple(order))
        _LISTED[key] = found
    return _LISTED[key]


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


def draw_entry(plan: Plan, day: dt.date, index: int,
               exclude: frozenset | set = frozenset()) -> list[Candidate]:
    """Entry ``index``'s puzzles on ``day``: distinct, none in ``exclude`` (the day's
    earlier entries on its chain), each of exactly the asked difficulty, decoys in
    shuffled places, and each from the day's own share of its chain's puzzles: a
    listed chain's slice of its list, else the puzzles whose identities the chain's
    keyed hash sends to this day. Two days of a chain therefore never share a puzzle,
    and a day is drawn without looking at any other."""
    entry = plan.spec.entries[index]
    kind = find_kind(entry.kind)
    params = entry_params(plan.spec, index, day.weekday())
    where = f"{day.isoformat()}: {entry.where}"
    asked = _difficulty(params)
    rng = entry_rng(plan.series, day, index, kind.name)
    chain = plan.chain(index, day)
    place = share(plan, index, day)

    key = home_key(plan.series, chain)

    def keep(identity: Hashable) -> bool:
        return home(key, identity, place.slots) == place.slot

    listing = listed(plan, chain)
    portion: list[Hashable] = []
    if listing is not None:
        items = listing[1]
        size = len(items) // place.total
        if size == 0:
            raise RequestError(
                f"{where}: a year of these sheets asks for {place.total} {asked} "
                f"{kind.name} puzzles ({describe(params)}), and there are only "
                f"{len(items)} different ones: ask for fewer, or vary the options by "
                "weekday")
        portion = list(items[place.offset * size:(place.offset + place.demand) * size])
    tries = max(kind.misses_in_a_row, MIN_TRIES) * (1 if listing else place.slots)

    def make(decoy: bool) -> Candidate | None:
        if decoy:
            return kind.decoy(params, rng, keep)
        if listing is None:
            return kind.generate(params, rng, keep)
        if not portion:
            return None
        return kind.from_listing(params, portion.pop(0), rng)

    def give_up(found: int, decoy: bool) -> str:
        return (f"{where}: found only {found} of {entry.count} {asked} {kind.name} "
                f"{'decoys' if decoy else 'puzzles'} ({describe(params)}) in this day's "
                f"share of the year's ({place.slots} days draw on the same puzzles): ask "
                "for a difficulty the kind reaches more often, for fewer puzzles, or vary "
                "the options by weekday")

    return draw_candidates(kind, params, entry.count, rng, asked=asked, tries=tries,
                           give_up=give_up, exclude=exclude, make=make)


def draw_set(plan: Plan, day: dt.date, index: int, exclude: frozenset | set = frozenset()
             ) -> EntrySet:
    """Entry ``index``'s puzzles on ``day`` (:func:`draw_entry`); checked again by the
    kind's solver before they are used."""
    kind = find_kind(plan.spec.entries[index].kind)
    found = draw_entry(plan, day, index, exclude)
    puzzles = tuple(Puzzle(f"{day.isoformat()}-{index + 1}-{n}", c.grade.difficulty,
                           dict(c.question), dict(c.answer), c.grade.as_dict(), kind=kind.name)
                    for n, c in enumerate(found, start=1))
    problems = verify_set(PuzzleSet(kind.name, {}, puzzles), kind)
    if problems:  # pragma: no cover - would be a bug in a kind
        raise RuntimeError(f"{day.isoformat()}: {plan.spec.entries[index].where}: puzzle "
                           f"{problems[0]}")
    return EntrySet(index, plan.chain(index, day), puzzles, tuple(c.identity for c in found))


def draw_day(plan: Plan, day: dt.date, indices: Sequence[int] | None = None
             ) -> tuple[EntrySet, ...]:
    """The entries ``indices`` of a day (all of the day's if None), in spec order; an
    entry avoids the puzzles of the day's earlier entries on the same chain."""
    out: list[EntrySet] = []
    for index in sorted(plan.entries_on(day) if indices is None else indices):
        chain = plan.chain(index, day)
        avoid = {i for earlier in out if earlier.chain == chain for i in earlier.identities}
        out.append(draw_set(plan, day, index, frozenset(avoid)))
    return tuple(out)


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
