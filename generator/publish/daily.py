"""Daily puzzle sheets: a new sheet for every date, the same for everyone, harder as the
week goes on, with its answers on the back or on the next day's sheet.

A TOML spec (like a book's) names the sheet, the first day of the series and the puzzles::

    title = "The Daily Tile"
    series = "tilepress"          # a publisher's own series: tilepress daily --series NAME
    start = 2026-01-01            # sheet No. 1; the numbers count the days from here
    paper = "a4"
    answers = "back"              # or "next-day": each sheet carries the day before's
    difficulty = ["easy", "easy", "medium", "medium", "hard", "hard", "expert"]

    [[puzzle]]
    kind = "waits"                # any puzzle kind; its options follow
    title = "Find the wait"
    count = 2
    tiles = [7, 10, 7, 10, 7, 10, 10]   # seven values: Monday to Sunday

    [[puzzle]]
    kind = "solitaire"
    days = ["mon", "wed", "fri", "sun"]  # only on these weekdays
    layout = "mini"

An option is one value for every day or a list of seven, Monday first. ``difficulty``
at the top is the level of each weekday; a puzzle takes it unless it gives its own
(a kind that cannot reach a level asks for the nearest it reaches: docs/grading.md).

**Seeds.** Each puzzle entry of each day draws from its own ``random.Random`` seeded
with the series, the date, the entry's place in the spec and its kind. A sheet is
therefore a function of (series, date, spec, options, version) alone: it does not
depend on the range asked for, the number of workers or where they ran.

**No repeats within a series-year.** Two puzzles are the same when their kind's
``Candidate.identity`` is equal (a hand, its mirror image and its suit swaps share one).
Puzzles that could be equal are put on one *chain*: the same kind and the same asked
difficulty (every difficulty is enforced exactly here, so a puzzle graded "hard" never
comes from an entry asking "medium", and equal identities grade alike), and for the
hand kinds the same hand size and suits. A chain runs through one calendar year, in
date order: the puzzles of a day are drawn with the identities of every earlier day of
the chain (from 1 January, or the series' start) excluded. That is a sequential
definition, computed in parallel: every day is first drawn with nothing excluded (on
any number of workers), then the days are settled in date order; a day whose draw
hits an identity already used is drawn again, from the same seed, with the exclusions.
A draw that hits nothing excluded is exactly what the draw with exclusions gives (the
same random stream, the same candidates accepted), so the result is the sequential one.
A sheet late in the year therefore needs the earlier days of its chains: ``tilepress
daily 2027-12-31`` draws (without drawing pages) the year's earlier puzzles of the same
chains first.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
import random
import shutil
import tempfile
import tomllib
from collections import defaultdict
from collections.abc import Hashable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path
from typing import Any

from generator.batch import BatchOptions, Progress, Task, run_batch
from generator.errors import FileFormatError, RequestError, TilepressError
from generator.files import read_text, write_atomic
from generator.games import find_kind, kind_names
from generator.params import params_dict, parse_params
from generator.puzzles.base import (
    DIFFICULTIES,
    FORMAT,
    MIXED,
    VERSION,
    Candidate,
    Puzzle,
    PuzzleKind,
    PuzzleSet,
    describe,
    verify_set,
)

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
ANSWERS = ("back", "next-day")
SPEC_KEYS = {"title", "series", "start", "paper", "answers", "difficulty", "puzzle"}
ENTRY_KEYS = {"kind", "title", "count", "days"}
DISJOINT: dict[str, tuple[str, ...]] = {"waits": ("tiles", "suits"),
                                        "discard": ("tiles", "suits")}
"""Options besides the difficulty that keep two entries of a kind from ever making the
same puzzle: a hand of 7 tiles is never a hand of 10, a one-suit hand never a mixed one."""
MAX_SERIES = 64
MIN_TRIES = 200
"""A day's draw tries a kind at least this often before it gives up (the kind's own
limit may be lower for a set: a day insists on its exact difficulty)."""


# ---------------------------------------------------------------------------
# The spec
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    """A ``[[puzzle]]`` of the spec: a kind, how many, on which weekdays, with which
    options on each weekday (Monday first)."""

    kind: str
    title: str
    count: int
    days: tuple[bool, ...]
    options: tuple[tuple[tuple[str, Any], ...], ...]
    where: str

    def plays(self, weekday: int) -> bool:
        return self.days[weekday]

    def options_on(self, weekday: int) -> dict[str, Any]:
        return dict(self.options[weekday])


@dataclass(frozen=True)
class DailySpec:
    title: str
    series: str
    start: dt.date
    paper: str
    answers: str
    levels: tuple[str, ...]
    """The level of each weekday, Monday first."""
    entries: tuple[Entry, ...]
    source: str = "daily spec"
    fingerprint: str = ""
    """A digest of the spec's text: the key of what is remembered about it in a process."""


def _weekday_index(name: Any, where: str) -> int:
    if isinstance(name, str):
        text = name.strip().lower()
        for i, day in enumerate(WEEKDAYS):
            if len(text) >= 2 and day.lower().startswith(text):
                return i
    raise FileFormatError(f"{where}: {name!r} is not a weekday (monday ... sunday, or "
                          "mon ... sun)")


def _per_day(value: Any, name: str, where: str) -> tuple[Any, ...]:
    """One value for every weekday, or a list of seven, Monday first."""
    if isinstance(value, list):
        if len(value) != 7:
            raise FileFormatError(f"{where}: {name} lists {len(value)} values; give one value "
                                  "for every day or seven, Monday to Sunday")
        values = tuple(value)
    else:
        values = (value,) * 7
    for v in values:
        if isinstance(v, dict | list | dt.date | dt.datetime | dt.time):
            raise FileFormatError(f"{where}: {name} must be a number, text or true/false, "
                                  f"not {v!r}")
    return values


def _start(value: Any, source: str) -> dt.date:
    if isinstance(value, dt.datetime):
        return value.date()
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        return parse_date(value, what=f"{source}: start")
    raise FileFormatError(f"{source}: start must be a date like 2026-01-01")


def check_series(name: str) -> str:
    """A series name: printable text, at most 64 characters."""
    text = name.strip()
    if not text or len(text) > MAX_SERIES or not text.isprintable():
        raise RequestError(f"a series name must be 1 to {MAX_SERIES} printable characters, "
                           f"not {name!r}")
    return text


def parse_daily_spec(text: str, *, source: str = "daily spec") -> DailySpec:
    """Read a daily spec; every error names the file, the puzzle and the weekday."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileFormatError(f"{source}: not valid TOML: {exc}") from None
    unknown = set(data) - SPEC_KEYS
    if unknown:
        raise FileFormatError(f"{source}: unknown setting {sorted(unknown)[0]!r} "
                              f"(known: {', '.join(sorted(SPEC_KEYS))})")
    title = data.get("title", "Daily puzzles")
    series = data.get("series", "tilepress")
    paper = data.get("paper", "a4")
    answers = data.get("answers", "back")
    for key, value in (("title", title), ("series", series), ("paper", paper),
                       ("answers", answers)):
        if not isinstance(value, str) or not value.strip():
            raise FileFormatError(f"{source}: {key} must be text")
    if answers not in ANSWERS:
        raise FileFormatError(f"{source}: answers must be back or next-day, not {answers!r}")
    try:
        series = check_series(series)
    except RequestError as exc:
        raise FileFormatError(f"{source}: {exc}") from None
    start = _start(data.get("start", "2026-01-01"), source)
    levels = _per_day(data.get("difficulty", list(_DEFAULT_LEVELS)), "difficulty", source)
    for level in levels:
        if level not in DIFFICULTIES:
            raise FileFormatError(f"{source}: difficulty must be {', '.join(DIFFICULTIES)}, "
                                  f"not {level!r}")
    raw_entries = data.get("puzzle", [])
    if not isinstance(raw_entries, list) or not raw_entries:
        raise FileFormatError(f"{source}: the sheet needs at least one [[puzzle]]")
    entries = tuple(_entry(raw, i, levels, source) for i, raw in enumerate(raw_entries, 1))
    for weekday in range(7):
        if not any(e.plays(weekday) for e in entries):
            raise FileFormatError(f"{source}: no puzzle is played on {WEEKDAYS[weekday]}s")
    digest = hashlib.sha256(f"{source}\n{text}".encode()).hexdigest()[:20]
    spec = DailySpec(title.strip(), series, start, paper, answers, tuple(levels), entries,
                     source, digest)
    for index, entry in enumerate(entries):  # every request checked now, not in a worker
        for weekday in range(7):
            if entry.plays(weekday):
                entry_params(spec, index, weekday)
    return spec


_DEFAULT_LEVELS = ("easy", "easy", "medium", "medium", "hard", "hard", "expert")


def _entry(raw: Any, number: int, levels: Sequence[str], source: str) -> Entry:
    where = f"{source}: puzzle {number}"
    if not isinstance(raw, dict):
        raise FileFormatError(f"{where}: must be a table")
    kind = raw.get("kind")
    if not isinstance(kind, str):
        raise FileFormatError(f"{where}: a puzzle needs kind = \"...\"")
    if kind not in kind_names():
        raise FileFormatError(f"{where}: unknown puzzle kind {kind!r}; the kinds are "
                              f"{', '.join(kind_names())}")
    where = f"{where} ({kind})"
    title = raw.get("title", "")
    if not isinstance(title, str):
        raise FileFormatError(f"{where}: title must be text")
    count = raw.get("count", 1)
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= 12:
        raise FileFormatError(f"{where}: count must be a whole number from 1 to 12")
    days = raw.get("days")
    if days is None:
        plays = (True,) * 7
    else:
        if not isinstance(days, list) or not days:
            raise FileFormatError(f"{where}: days must be a list of weekdays, such as "
                                  "[\"mon\", \"thu\"]")
        chosen = {_weekday_index(d, where) for d in days}
        plays = tuple(i in chosen for i in range(7))
    columns: dict[str, tuple[Any, ...]] = {}
    for name, value in raw.items():
        if name not in ENTRY_KEYS:
            columns[name] = _per_day(value, name, where)
    if "difficulty" not in columns:
        columns["difficulty"] = tuple(levels)
    options = tuple(tuple((name, values[d]) for name, values in columns.items())
                    for d in range(7))
    return Entry(kind, title, count, plays, options, where)


def load_daily_spec(path: str | os.PathLike[str]) -> DailySpec:
    return parse_daily_spec(read_text(path, "daily spec"), source=os.fspath(path))


def default_spec() -> DailySpec:
    """The shipped spec, ``puzzles/daily.toml``."""
    from generator.resources import shipped

    return load_daily_spec(shipped("puzzles", "daily.toml"))


def parse_date(text: str, *, what: str = "date") -> dt.date:
    """An ISO date, ``2027-03-01``; anything else is one clear error."""
    try:
        if len(text.strip()) != 10:
            raise ValueError
        return dt.date.fromisoformat(text.strip())
    except ValueError:
        raise RequestError(f"{what} {text!r} is not a date like 2027-03-01 "
                           "(year-month-day)") from None


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
    from generator.draw.canvas import find_paper

    mode = answers or spec.answers
    if mode not in ANSWERS:
        raise RequestError(f"answers must be back or next-day, not {mode!r}")
    sheet = (spec.paper if paper is None else paper).lower()
    find_paper(sheet)
    return Plan(spec, check_series(series) if series is not None else spec.series, mode, sheet)


_PARAMS: dict[tuple[str, int, int], Any] = {}
_CHAINS: dict[tuple[str, int, int], tuple] = {}


def entry_params(spec: DailySpec, index: int, weekday: int) -> Any:
    """The puzzle parameters of entry ``index`` on a weekday, checked by its kind."""
    key = (spec.fingerprint, index, weekday)
    if key not in _PARAMS:
        entry = spec.entries[index]
        kind = find_kind(entry.kind)
        where = f"{entry.where} on {WEEKDAYS[weekday]}s"
        try:
            params = parse_params(kind.params_type, entry.options_on(weekday), where=where)
            kind.check_request(params, entry.count)
        except TilepressError as exc:
            message = str(exc)
            raise FileFormatError(message if message.startswith(where)
                                  else f"{where}: {message}") from None
        _PARAMS[key] = params
    return _PARAMS[key]


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
    decoys = kind.decoys_wanted(params)
    slots = [True] * decoys + [False] * (count - decoys)
    rng.shuffle(slots)
    asked = _difficulty(params)
    tries = max(kind.misses_in_a_row, MIN_TRIES)
    seen: set[Hashable] = set()
    found: list[Candidate] = []
    for is_decoy in slots:
        misses = 0
        while True:
            misses += 1
            if misses > tries and not exclude:
                raise RequestError(
                    f"{where}: no new {asked} {kind.name} puzzle in {tries} tries "
                    f"({describe(params)}); ask for a difficulty it reaches more often")
            if misses > tries:
                raise RequestError(
                    f"{where}: found only {len(found)} new {kind.name} puzzles "
                    f"({describe(params)}); the year's earlier sheets used "
                    f"{len(exclude)} of them: ask for fewer, or vary the options by weekday")
            candidate = kind.decoy(params, rng) if is_decoy else kind.generate(params, rng)
            if (candidate is None or candidate.identity in seen
                    or candidate.identity in exclude
                    or asked not in ("any", candidate.grade.difficulty)):
                continue
            seen.add(candidate.identity)
            found.append(candidate)
            break
    return found


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
        self.redrawn = 0

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
                self.redrawn += 1
            out.append(s)
        for s in out:
            self.used[s.chain].update(s.identities)
        return tuple(out), bool(redraw)


# ---------------------------------------------------------------------------
# Sheets
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


def sheet_json(plan: Plan, sheet: Sheet) -> str:
    """The day's puzzles as one puzzle file of several kinds (docs/formats.md)."""
    from generator import __version__

    sets = []
    for index, puzzles in sheet.groups:
        entry = plan.spec.entries[index]
        params = entry_params(plan.spec, index, sheet.day.weekday())
        sets.append({"kind": entry.kind, "title": entry_title(plan, index),
                     "params": params_dict(params), "puzzles": [p.id for p in puzzles]})
    generator = {"tilepress": __version__, "sheet": plan.spec.title, "series": plan.series,
                 "date": sheet.day.isoformat(), "weekday": WEEKDAYS[sheet.day.weekday()],
                 "number": sheet.number, "level": sheet.level, "sets": sets}
    data = {"format": FORMAT, "version": VERSION, "kind": MIXED, "generator": generator,
            "puzzles": [p.as_dict() for p in sheet.puzzles]}
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def entry_title(plan: Plan, index: int) -> str:
    entry = plan.spec.entries[index]
    return entry.title or find_kind(entry.kind).title


def render_sheet(plan: Plan, sheet: Sheet, previous: Sheet | None, fmt: str) -> bytes:
    """The sheet as ``"pdf"`` or ``"svg"`` bytes (``""``: not rendered, empty)."""
    from generator.output import render_bytes

    if not fmt:
        return b""
    from generator.publish.daily_page import sheet_document

    return render_bytes(sheet_document(plan, sheet, previous), fmt)


# ---------------------------------------------------------------------------
# Runs: one day or a range, on the batch runner
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Work:
    """One task: a day, the entries to draw, and whether its sheet is printed."""

    day: dt.date
    entries: tuple[int, ...]
    printed: bool


@dataclass(frozen=True)
class Drawn:
    """What a task hands back: the first draw of its entries, and for a printed day the
    sheet rendered from the first draws (of the day before too, for next-day answers)."""

    day: dt.date
    sets: tuple[EntrySet, ...]
    document: bytes | None = None
    previous: tuple[EntrySet, ...] | None = None


def plan_work(plan: Plan, first: dt.date, last: dt.date) -> tuple[Work, ...]:
    """Every day to draw for the sheets ``first`` to ``last``: those days, the day before
    for next-day answers, and the earlier days of the year on the same chains."""
    plan.check_day(first)
    if last < first:
        raise RequestError(f"the range ends ({last.isoformat()}) before it starts "
                           f"({first.isoformat()})")
    needed: dict[dt.date, set[int]] = defaultdict(set)
    printed = set()
    day = first
    while day <= last:
        needed[day].update(plan.entries_on(day))
        printed.add(day)
        day += dt.timedelta(days=1)
    if plan.answers == "next-day" and first - dt.timedelta(days=1) >= plan.spec.start:
        before = first - dt.timedelta(days=1)
        needed[before].update(plan.entries_on(before))
    latest: dict[tuple, dt.date] = {}
    for day, indices in needed.items():
        for index in indices:
            chain = plan.chain(index, day)
            latest[chain] = max(latest.get(chain, day), day)
    for chain, end in latest.items():
        day = plan.anchor(end)
        while day < end:
            for index in plan.entries_on(day):
                if plan.chain(index, day) == chain:
                    needed[day].add(index)
            day += dt.timedelta(days=1)
    return tuple(Work(day, tuple(sorted(needed[day])), day in printed)
                 for day in sorted(needed))


_MEMO: dict[tuple[tuple[str, ...], dt.date], tuple[EntrySet, ...]] = {}


def _first_draw(plan: Plan, day: dt.date, indices: tuple[int, ...]) -> tuple[EntrySet, ...]:
    """A day's first draw (nothing excluded across days), remembered in this process: a
    chunk of consecutive days draws each day once, even for next-day answers."""
    have = {s.index: s for s in _MEMO.get((plan.key, day), ())}
    sets = draw_day(plan, day, indices, drawn=have)
    if len(_MEMO) > 16:
        _MEMO.clear()
    merged = {**have, **{s.index: s for s in sets}}
    _MEMO[(plan.key, day)] = tuple(merged[i] for i in sorted(merged))
    return sets


def draw_work(plan: Plan, work: tuple[Work, ...], fmt: str, task: Task) -> Drawn:
    """The task function of a run: draw one day and, if it is printed, render its sheet."""
    item = work[task.index]
    sets = _first_draw(plan, item.day, item.entries)
    if not item.printed:
        return Drawn(item.day, sets)
    if not fmt:  # the puzzles alone
        return Drawn(item.day, sets, b"")
    previous = None
    before = item.day - dt.timedelta(days=1)
    if plan.answers == "next-day" and before >= plan.spec.start:
        previous = _first_draw(plan, before, plan.entries_on(before))
    document = render_sheet(plan, make_sheet(plan, item.day, sets),
                            make_sheet(plan, before, previous) if previous else None, fmt)
    return Drawn(item.day, sets, document, previous)


@dataclass(frozen=True)
class Made:
    """A finished sheet: the sheet, the one before it whose answers it prints (next-day
    answers), the rendered document and the puzzle file."""

    sheet: Sheet
    previous: Sheet | None
    document: bytes
    puzzles: str
    sets: tuple[EntrySet, ...] = ()
    """The day's settled puzzles by entry, with their chains and identities."""


def make_sheets(plan: Plan, first: dt.date, last: dt.date, *, fmt: str = "pdf",
                options: BatchOptions | None = None,
                progress: Progress | None = None) -> Iterator[Made]:
    """The sheets ``first`` to ``last`` in date order, drawn on the batch runner (local
    processes or a Dask cluster) and settled against the year's earlier puzzles here; a
    sheet whose puzzles (or, for next-day answers, the day before's) changed in settling
    is rendered again here."""
    work = plan_work(plan, first, last)
    chains = Chains(plan)
    prior: tuple[Sheet, bool] | None = None  # the last whole day settled, and if it moved
    # A day that fails leaves a gap no later day can be settled across: stop sending work
    # at the first failure, hand nothing over after it, and let the runner name it.
    options = replace(options or BatchOptions(), max_failures=1)
    results = run_batch(partial(draw_work, plan, work, fmt), len(work),
                        seed=f"daily:{plan.series}",
                        name=lambda i: f"the sheet of {work[i].day.isoformat()}",
                        options=options, progress=progress)
    expected = 0
    for index, drawn in results:
        if index != expected:
            continue  # after a failed day: the runner raises when the results run out
        expected += 1
        sets, moved = chains.settle(drawn.day, drawn.sets)
        before = drawn.day - dt.timedelta(days=1)
        previous = prior if prior is not None and prior[0].day == before else None
        if set(plan.entries_on(drawn.day)) == {s.index for s in sets}:
            prior = (make_sheet(plan, drawn.day, sets), moved)
        if drawn.document is None:
            continue
        assert prior is not None and prior[0].day == drawn.day
        sheet = prior[0]
        shown = None
        if drawn.previous is not None:
            assert previous is not None, "the day before a sheet is settled before it"
            shown = previous[0]
        document = drawn.document
        if moved or (shown is not None and previous is not None and previous[1]):
            document = render_sheet(plan, sheet, shown, fmt)
        yield Made(sheet, shown, document, sheet_json(plan, sheet), sets)


def make_day(plan: Plan, day: dt.date, *, fmt: str = "pdf", options: BatchOptions | None = None,
             progress: Progress | None = None) -> Made:
    """One day's sheet (the run is finished, so that a failed earlier day is raised)."""
    (made,) = make_sheets(plan, day, day, fmt=fmt, options=options, progress=progress)
    return made


def combined_document(plan: Plan, made: Sequence[tuple[Sheet, Sheet | None]]) -> bytes:
    """Every sheet of a range in one PDF, with a bookmark for each day."""
    from generator.draw.pdf import PdfSurface
    from generator.publish.daily_page import sheet_document

    first, last = made[0][0], made[-1][0]
    surface = PdfSurface(title=f"{plan.spec.title}, No. {first.number} to No. {last.number}",
                         subject=f"{first.day.isoformat()} to {last.day.isoformat()}")
    for sheet, previous in made:
        sheet_document(plan, sheet, previous, bookmark=True).render(surface)
    return surface.finish()


@dataclass
class RangeReport:
    sheets: int = 0
    files: list[Path] = field(default_factory=list)


def write_range(plan: Plan, first: dt.date, last: dt.date, folder: str | os.PathLike[str], *,
                combined: bool = False, options: BatchOptions | None = None,
                progress: Progress | None = None) -> RangeReport:
    """``DATE.pdf`` and ``DATE.json`` for every day into ``folder`` (and with ``combined``
    the whole range in one PDF, ``FIRST_LAST.pdf``). Everything is written into a new
    folder beside it first and moved in at the end, file by file: a failed run leaves
    the folder as it was, and files of other names in it are never touched."""
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise FileFormatError(f"{os.fspath(target)!r} is a file; a range of sheets is written "
                              "to a folder")
    plan_work(plan, first, last)  # bad dates fail before anything is made
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    except OSError as exc:
        raise FileFormatError(f"cannot write the folder {os.fspath(target)!r}: "
                              f"{exc.strerror}") from None
    report = RangeReport()
    names: list[str] = []
    try:
        kept: list[tuple[Sheet, Sheet | None]] = []
        for made in make_sheets(plan, first, last, options=options, progress=progress):
            name = made.sheet.day.isoformat()
            (work / f"{name}.pdf").write_bytes(made.document)
            (work / f"{name}.json").write_text(made.puzzles, encoding="utf-8")
            names += [f"{name}.pdf", f"{name}.json"]
            if combined:
                kept.append((made.sheet, made.previous))
            report.sheets += 1
        if combined:
            name = f"{first.isoformat()}_{last.isoformat()}.pdf"
            (work / name).write_bytes(combined_document(plan, kept))
            names.append(name)
        target.mkdir(parents=True, exist_ok=True)
        mode = 0o666 & ~_umask()
        for name in names:
            os.chmod(work / name, mode)
            os.replace(work / name, target / name)
            report.files.append(target / name)
    except OSError as exc:
        raise FileFormatError(f"cannot write the folder {os.fspath(target)!r}: "
                              f"{exc.strerror}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def write_day(plan: Plan, day: dt.date, path: str | os.PathLike[str], *,
              puzzles: bool = False, options: BatchOptions | None = None,
              progress: Progress | None = None) -> list[Path]:
    """One day's sheet to ``path``: .pdf or .svg (the sheet) or .json (its puzzles); with
    ``puzzles`` the puzzle file too, beside the sheet (``DATE.json`` by ``DATE.pdf``)."""
    from generator.output import output_format

    fmt = output_format(path, (".pdf", ".svg", ".json"))
    plan.check_day(day)
    made = make_day(plan, day, fmt="" if fmt == "json" else fmt, options=options,
                    progress=progress)
    if fmt == "json":
        return [write_atomic(path, made.puzzles)]
    written = [write_atomic(path, made.document)]
    if puzzles:
        written.append(write_atomic(Path(path).with_suffix(".json"), made.puzzles))
    return written


__all__ = ["ANSWERS", "WEEKDAYS", "Chains", "DailySpec", "Entry", "Made", "Plan", "Sheet",
           "default_spec", "draw_day", "draw_entry", "load_daily_spec", "make_day",
           "make_plan", "make_sheets", "parse_daily_spec", "parse_date", "plan_work",
           "sheet_json", "write_day", "write_range"]

