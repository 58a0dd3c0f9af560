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
import json
import os
import shutil
import tempfile
from collections import defaultdict
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from tilepress.batch import BatchOptions, Progress, Task, run_batch
from tilepress.errors import FileFormatError, RequestError
from tilepress.files import check_replace, umask, write_all
from tilepress.params import params_dict
from tilepress.publish.daily_draw import (
    Chains,
    EntrySet,
    Plan,
    Sheet,
    draw_day,
    draw_entry,
    entry_params,
    entry_title,
    make_plan,
    make_sheet,
)
from tilepress.publish.daily_page import sheet_document
from tilepress.publish.daily_spec import (
    ANSWERS,
    WEEKDAYS,
    DailySpec,
    Entry,
    default_spec,
    load_daily_spec,
    parse_daily_spec,
    parse_date,
)
from tilepress.puzzles.base import (
    FORMAT,
    MIXED,
    VERSION,
)

# ---------------------------------------------------------------------------
# Sheets
# ---------------------------------------------------------------------------


MOST_DAYS = 3_653
"""The most sheets one run makes: ten years (a longer range is made in parts)."""


def sheet_json(plan: Plan, sheet: Sheet) -> str:
    """The day's puzzles as one puzzle file of several kinds (docs/formats.md)."""
    from tilepress.version import __version__

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


def render_sheet(plan: Plan, sheet: Sheet, previous: Sheet | None, fmt: str) -> bytes:
    """The sheet as ``"pdf"`` or ``"svg"`` bytes (``""``: not rendered, empty)."""
    from tilepress.output import render_bytes

    if not fmt:
        return b""
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
    if (last - first).days >= MOST_DAYS:
        raise RequestError(f"the range {first.isoformat()} to {last.isoformat()} holds "
                           f"{(last - first).days + 1:,} days; one run makes at most "
                           f"{MOST_DAYS:,} (ten years): make longer ones in parts")
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
    from tilepress.output import render_combined

    first, last = made[0][0], made[-1][0]
    return render_combined((sheet_document(plan, sheet, previous, bookmark=True)
                            for sheet, previous in made),
                           title=f"{plan.spec.title}, No. {first.number} to No. {last.number}",
                           subject=f"{first.day.isoformat()} to {last.day.isoformat()}")


@dataclass
class RangeReport:
    sheets: int = 0
    files: list[Path] = field(default_factory=list)


def write_range(plan: Plan, first: dt.date, last: dt.date, folder: str | os.PathLike[str], *,
                combined: bool = False, options: BatchOptions | None = None,
                progress: Progress | None = None, force: bool = False) -> RangeReport:
    """``DATE.pdf`` and ``DATE.json`` for every day into ``folder`` (and with ``combined``
    the whole range in one PDF, ``FIRST_LAST.pdf``). Everything is written into a new
    folder beside it first and moved in at the end, file by file: a failed run leaves
    the folder as it was, files of other names in it are never touched, and a file of
    one of these names that tilepress did not write stops the run before anything is
    made, unless ``force`` (:func:`tilepress.files.check_replace`)."""
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise FileFormatError(f"{os.fspath(target)!r} is a file; a range of sheets is written "
                              "to a folder")
    plan_work(plan, first, last)  # bad dates fail before anything is made
    days = [first + dt.timedelta(days=k) for k in range((last - first).days + 1)]
    targets = [target / f"{day.isoformat()}.{suffix}" for day in days for suffix in
               ("pdf", "json")]
    if combined:
        targets.append(target / f"{first.isoformat()}_{last.isoformat()}.pdf")
    check_replace(targets, force=force)
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
        reals = check_replace([target / name for name in names], force=force)  # again
        mode = 0o666 & ~umask()
        for name, real in zip(names, reals, strict=True):
            os.chmod(work / name, mode)
            os.replace(work / name, real)  # a link is written through, as every output
            report.files.append(target / name)
    except OSError as exc:
        raise FileFormatError(f"cannot write the folder {os.fspath(target)!r}: "
                              f"{exc.strerror}") from None
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report


def write_day(plan: Plan, day: dt.date, path: str | os.PathLike[str], *,
              puzzles: bool = False, options: BatchOptions | None = None,
              progress: Progress | None = None, force: bool = False) -> list[Path]:
    """One day's sheet to ``path``: .pdf or .svg (the sheet) or .json (its puzzles); with
    ``puzzles`` the puzzle file too, beside the sheet (``DATE.json`` by ``DATE.pdf``). A
    file tilepress did not write is replaced only with ``force``."""
    from tilepress.output import output_format

    fmt = output_format(path, (".pdf", ".svg", ".json"), force=force)
    beside = Path(path).with_suffix(".json")
    if puzzles and fmt != "json":
        check_replace([beside], force=force)  # before the sheet is made
    plan.check_day(day)
    made = make_day(plan, day, fmt="" if fmt == "json" else fmt, options=options,
                    progress=progress)
    if fmt == "json":
        return write_all([(path, made.puzzles)], force=force)
    files = [(path, made.document)] + ([(beside, made.puzzles)] if puzzles else [])
    return write_all(files, force=force)


__all__ = ["ANSWERS", "WEEKDAYS", "Chains", "DailySpec", "Entry", "Made", "Plan", "Sheet",
           "default_spec", "draw_day", "draw_entry", "load_daily_spec", "make_day",
           "make_plan", "make_sheets", "parse_daily_spec", "parse_date", "plan_work",
           "sheet_json", "write_day", "write_range"]
