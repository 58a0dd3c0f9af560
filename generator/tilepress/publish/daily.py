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
hand kinds the same hand size and suits. A chain runs through one calendar year (from
1 January, or the series' start), and each of its days owns a share of its puzzles that
no other day of that series-year may use:

- where a kind can list every puzzle of the chain's request (one-suit hands of up to 10
  tiles: a few thousand), the list is shuffled with a key made of the series and the
  chain-year, and each day takes its own slice of it, as long as its puzzles on the
  chain (a year of such slices never overlaps);
- otherwise a puzzle belongs to the one day of its chain-year that a keyed hash of its
  identity names, and a day keeps only the puzzles of its own (the kind is asked before
  it solves a question, so the others cost little).

A day is therefore drawn alone, in the same time on 31 December as on 1 January, on
any worker. A request with too few puzzles for its year (a chain's slices would be
empty) is a clear error naming the day.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import os
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from pathlib import Path

from tilepress.batch import BatchOptions, Progress, Task, run_batch
from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.files import WRITTEN, check_replace, write_atomic
from tilepress.params import params_dict
from tilepress.publish.daily_draw import (
    EntrySet,
    Plan,
    Sheet,
    draw_day,
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
from tilepress.puzzles.base import FORMAT, MIXED, VERSION, Puzzle

# ---------------------------------------------------------------------------
# Sheets
# ---------------------------------------------------------------------------


MOST_DAYS = 3_653
"""The most sheets one run makes: ten years (a longer range is made in parts)."""
SHEET_FORMATS = ("pdf", "svg", "png")
"""What a sheet is written as: one PDF of its two pages, or one SVG or PNG per page."""
DAYS_A_CHUNK = 4
"""Days a worker process makes at once (unless the run says otherwise): few enough that a
stopped run loses little, and consecutive, so that next-day answers draw each day once."""
DPI = 150
"""Dots per inch of a sheet written as PNG, unless asked otherwise."""
DPI_RANGE = (36, 1200)
"""The dots per inch a PNG sheet may ask for, as for every PNG tilepress writes (A4 at
1200 dpi is 140 million pixels)."""


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


def sheet_of_json(plan: Plan, day: dt.date, text: str) -> Sheet:
    """A sheet read back from the puzzle file :func:`sheet_json` wrote for ``day`` (a
    day kept from an earlier run, checked by its hash)."""
    data = json.loads(text)
    puzzles = {p["id"]: Puzzle(p["id"], p["difficulty"], p["question"], p["answer"],
                               p.get("grade", {}), kind=p.get("kind", ""))
               for p in data["puzzles"]}
    indices = plan.entries_on(day)
    groups = tuple((index, tuple(puzzles[i] for i in s["puzzles"]))
                   for index, s in zip(indices, data["generator"]["sets"], strict=True))
    return Sheet(day, plan.number(day), plan.spec.levels[day.weekday()], groups)


def check_dpi(dpi: int) -> int:
    low, high = DPI_RANGE
    if isinstance(dpi, bool) or not isinstance(dpi, int) or not low <= dpi <= high:
        raise RequestError(f"--dpi must be a whole number from {low} to {high}, not {dpi!r}")
    return dpi


def render_sheet(plan: Plan, sheet: Sheet, previous: Sheet | None, fmt: str, *,
                 dpi: int = DPI) -> tuple[bytes, ...]:
    """The sheet as ``"pdf"`` (one file of both pages), or ``"svg"`` or ``"png"`` (one
    file per page: the puzzles, then the answers); ``""``: nothing."""
    from tilepress.output import png_pages, render_bytes, render_pages

    if not fmt:
        return ()
    document = sheet_document(plan, sheet, previous)
    if fmt == "svg":
        return tuple(render_pages(document))
    pdf = render_bytes(document, "pdf")
    return (pdf,) if fmt == "pdf" else tuple(png_pages(pdf, dpi))


# ---------------------------------------------------------------------------
# Runs: one day or a range, on the batch runner
# ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Made:
    """A finished sheet: the sheet, the one before it whose answers it prints (next-day
    answers), its pages as rendered (see :func:`render_sheet`) and its puzzle file."""

    sheet: Sheet
    previous: Sheet | None
    pages: tuple[bytes, ...]
    puzzles: str
    sets: tuple[EntrySet, ...] = ()
    """The day's puzzles by entry, with their chains and identities."""

    @property
    def document(self) -> bytes:
        """The sheet's one file (a PDF's, or the first page of SVG or PNG)."""
        return self.pages[0]


_MEMO: dict[tuple[tuple[str, ...], dt.date], tuple[EntrySet, ...]] = {}


def day_sets(plan: Plan, day: dt.date) -> tuple[EntrySet, ...]:
    """A day's puzzles, remembered in this process for a few days: a chunk of
    consecutive days with next-day answers draws each day once."""
    key = (plan.key, day)
    if key not in _MEMO:
        if len(_MEMO) > 8:
            _MEMO.clear()
        _MEMO[key] = draw_day(plan, day)
    return _MEMO[key]


def make_made(plan: Plan, day: dt.date, fmt: str = "pdf", *, dpi: int = DPI) -> Made:
    """One day's sheet, drawn and rendered (with the day before's answers for next-day
    answers): everything a run writes for the day, made in one process."""
    sets = day_sets(plan, day)
    sheet = make_sheet(plan, day, sets)
    previous = None
    before = day - dt.timedelta(days=1)
    if plan.shows_previous and before >= plan.spec.start:
        previous = make_sheet(plan, before, day_sets(plan, before))
    return Made(sheet, previous, render_sheet(plan, sheet, previous, fmt, dpi=dpi),
                sheet_json(plan, sheet), sets)


@dataclass(frozen=True)
class Refused:
    """What a task hands back for a day its request cannot make (too few puzzles of a
    kind for the year, a difficulty it never reaches): the error, in one line, which the
    run raises as it is rather than as a failed task to try again."""

    message: str


def _made_task(plan: Plan, days: tuple[dt.date, ...], fmt: str, dpi: int, task: Task
               ) -> Made | Refused:
    """The task function of a run: one day's sheet, whole."""
    try:
        return make_made(plan, days[task.index], fmt, dpi=dpi)
    except TilepressError as exc:
        return Refused(str(exc))


def range_days(plan: Plan, first: dt.date, last: dt.date) -> tuple[dt.date, ...]:
    """The days ``first`` to ``last``, checked: in the series, in order, at most ten
    years."""
    plan.check_day(first)
    if last < first:
        raise RequestError(f"the range ends ({last.isoformat()}) before it starts "
                           f"({first.isoformat()})")
    if (last - first).days >= MOST_DAYS:
        raise RequestError(f"the range {first.isoformat()} to {last.isoformat()} holds "
                           f"{(last - first).days + 1:,} days; one run makes at most "
                           f"{MOST_DAYS:,} (ten years): make longer ones in parts")
    return tuple(first + dt.timedelta(days=k) for k in range((last - first).days + 1))


def make_sheets(plan: Plan, days: Sequence[dt.date], *, fmt: str = "pdf", dpi: int = DPI,
                options: BatchOptions | None = None,
                progress: Progress | None = None) -> Iterator[Made]:
    """The sheets of ``days`` in their order, each drawn and rendered whole by one task
    of the batch runner (local processes or a Dask cluster), in chunks of a few days. A
    day its request cannot make stops the run with that error (:class:`Refused`); a day
    that fails otherwise is left out, and the runner names it after the others."""
    days = tuple(days)
    if not days:
        return
    options = options or BatchOptions()
    if options.chunk_size is None:  # in this process, each day is handed over when done
        options = replace(options, chunk_size=1 if options.jobs == 1 else DAYS_A_CHUNK)
    results = run_batch(partial(_made_task, plan, days, fmt, dpi), len(days),
                        seed=f"daily:{plan.series}",
                        name=lambda i: f"daily {days[i].isoformat()}",
                        options=options, progress=progress)
    try:
        for _, made in results:
            if isinstance(made, Refused):
                raise RequestError(made.message)
            yield made
    finally:
        results.close()


def make_day(plan: Plan, day: dt.date, *, fmt: str = "pdf", dpi: int = DPI,
             options: BatchOptions | None = None, progress: Progress | None = None) -> Made:
    """One day's sheet."""
    plan.check_day(day)
    (made,) = make_sheets(plan, (day,), fmt=fmt, dpi=dpi, options=options, progress=progress)
    return made


def combined_document(plan: Plan, made: Sequence[tuple[Sheet, Sheet | None]]) -> bytes:
    """Every sheet of a range in one PDF, with a bookmark for each day."""
    from tilepress.output import render_combined

    first, last = made[0][0], made[-1][0]
    return render_combined((sheet_document(plan, sheet, previous, bookmark=True)
                            for sheet, previous in made),
                           title=f"{plan.spec.title}, No. {first.number} to No. {last.number}",
                           subject=f"{first.day.isoformat()} to {last.day.isoformat()}")


# ---------------------------------------------------------------------------
# Writing: a day, a range into one PDF, a range into a folder that resumes
# ---------------------------------------------------------------------------


RUN_FILE = ".tilepress-daily.json"
"""The file in a folder of daily sheets that records each day written whole, with the
SHA-256 of its files and the options of the run (docs/formats.md)."""
RUN_FORMAT = "tilepress-daily-folder"


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def run_options(plan: Plan, fmt: str, dpi: int) -> dict[str, object]:
    """What a folder's sheets were made with: the same options and version make the
    same bytes, so a day recorded with them is kept."""
    from tilepress.version import __version__

    return {"tilepress": __version__, "spec": plan.spec.fingerprint, "series": plan.series,
            "answers": plan.answers, "yesterday": plan.yesterday, "paper": plan.paper,
            "format": fmt, "dpi": dpi if fmt == "png" else None,
            **({"large_print": True} if plan.large_print else {})}


def day_names(day: dt.date, fmt: str, pages: int) -> list[str]:
    """A day's files in a folder: the sheet (one per page for SVG and PNG: ``DATE.svg``,
    ``DATE-2.svg``) and ``DATE.json``."""
    from tilepress.output import page_paths

    return [p.name for p in page_paths(f"{day.isoformat()}.{fmt}", pages)] + [
        f"{day.isoformat()}.json"]


@dataclass
class RangeReport:
    sheets: int = 0
    """Sheets made by this run."""
    kept: int = 0
    """Sheets already in the folder, written whole by an earlier run with the same options
    and version, and kept."""
    files: list[Path] = field(default_factory=list)


class _Record:
    """A folder's record of its finished days (:data:`RUN_FILE`)."""

    def __init__(self, folder: Path, options: dict[str, object]) -> None:
        self.path = folder / RUN_FILE
        self.options = options
        self.days: dict[str, dict[str, str]] = {}
        self.found = False
        """Whether the folder held a record of a run with the same options."""
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return
        if (isinstance(data, dict) and data.get("format") == RUN_FORMAT
                and data.get("options") == options and isinstance(data.get("days"), dict)):
            self.found = True
            self.days = {day: files for day, files in data["days"].items()
                         if isinstance(files, dict)}

    def kept(self, day: dt.date) -> dict[str, bytes] | None:
        """The day's files if every one is there with its recorded hash."""
        files = self.days.get(day.isoformat())
        if not files:
            return None
        out = {}
        for name, digest in files.items():
            try:
                data = (self.path.parent / name).read_bytes()
            except OSError:
                return None
            if _digest(data) != digest:
                return None
            out[name] = data
        return out

    def add(self, day: dt.date, files: dict[str, bytes]) -> None:
        self.days[day.isoformat()] = {name: _digest(data) for name, data in files.items()}
        text = json.dumps({"format": RUN_FORMAT, "version": 1,  # format first: the mark
                           "options": dict(sorted(self.options.items())),
                           "days": dict(sorted(self.days.items()))}, indent=1)
        path = write_atomic(self.path, text + "\n")
        while WRITTEN.count(path) > 1:  # one file, however often it is written again
            WRITTEN.remove(path)


def write_range(plan: Plan, first: dt.date, last: dt.date, folder: str | os.PathLike[str], *,
                fmt: str = "pdf", dpi: int = DPI, combined: bool = False,
                resume: bool = False, options: BatchOptions | None = None,
                progress: Progress | None = None, force: bool = False) -> RangeReport:
    """The sheet (``DATE.pdf``, or a file per page for SVG and PNG) and ``DATE.json`` of
    every day into ``folder``, and with ``combined`` the whole range in one PDF,
    ``FIRST_LAST.pdf``. Each day is written whole as soon as it is made, and recorded in
    the folder's :data:`RUN_FILE` with its files' hashes; a day recorded by an earlier run
    with the same options and version whose files are all there unchanged is kept, not
    made again (with ``resume``, a folder without such a record is an error). Files of
    other names are never touched, and a file of one of these names that tilepress did
    not write stops the run before anything is made, unless ``force``
    (:func:`tilepress.files.check_replace`)."""
    if fmt not in SHEET_FORMATS:
        raise RequestError(f"--format must be {', '.join(SHEET_FORMATS)}, not {fmt!r}")
    check_dpi(dpi)
    target = Path(folder)
    if target.exists() and not target.is_dir():
        raise FileFormatError(f"{os.fspath(target)!r} is a file; a range of sheets is written "
                              "to a folder")
    days = range_days(plan, first, last)
    record = _Record(target, run_options(plan, fmt, dpi))
    if resume and not record.found:
        raise RequestError(f"nothing to resume in {os.fspath(target)!r}: it holds no sheets "
                           "made with these options by this version of tilepress")
    report = RangeReport()
    sheets: dict[dt.date, tuple[Sheet, Sheet | None]] = {}
    todo = []
    for day in days:
        files = record.kept(day)
        if files is None:
            todo.append(day)
            continue
        report.kept += 1
        if combined:
            sheet = sheet_of_json(plan, day, files[f"{day.isoformat()}.json"].decode())
            sheets[day] = (sheet, None)
    pages = 1 if fmt == "pdf" else 2  # a sheet is two pages: its front and its back
    names = [name for day in todo for name in day_names(day, fmt, pages)]
    if combined:
        names.append(f"{first.isoformat()}_{last.isoformat()}.pdf")
    check_replace([target / name for name in names], force=force)  # before the work
    for made in make_sheets(plan, todo, fmt=fmt, dpi=dpi, options=options, progress=progress):
        day = made.sheet.day
        names = day_names(day, fmt, len(made.pages))
        files = dict(zip(names, (*made.pages, made.puzzles.encode()), strict=True))
        for name, data in files.items():
            report.files.append(write_atomic(target / name, data, force=force))
        record.add(day, files)
        report.sheets += 1
        if combined:
            sheets[day] = (made.sheet, made.previous)
    if combined:
        ordered = [_with_previous(plan, sheets, day) for day in days]
        name = f"{first.isoformat()}_{last.isoformat()}.pdf"
        report.files.append(write_atomic(target / name, combined_document(plan, ordered),
                                         force=force))
    return report


def _with_previous(plan: Plan, sheets: dict[dt.date, tuple[Sheet, Sheet | None]],
                   day: dt.date) -> tuple[Sheet, Sheet | None]:
    """A sheet of a range with the sheet whose answers it prints (next-day answers)."""
    sheet, previous = sheets[day]
    before = day - dt.timedelta(days=1)
    if previous is not None or not plan.shows_previous or before < plan.spec.start:
        return sheet, previous
    if before in sheets:
        return sheet, sheets[before][0]
    return sheet, make_sheet(plan, before, day_sets(plan, before))


def write_combined(plan: Plan, first: dt.date, last: dt.date, path: str | os.PathLike[str],
                   *, options: BatchOptions | None = None,
                   progress: Progress | None = None, force: bool = False) -> Path:
    """Every sheet of a range in one PDF at ``path``, a bookmark for each day (over a file
    tilepress did not write only with ``force``)."""
    from tilepress.files import check_output

    check_output(path, force=force)  # before the work
    days = range_days(plan, first, last)
    made = [(m.sheet, m.previous) for m in make_sheets(plan, days, fmt="", options=options,
                                                       progress=progress)]
    return write_atomic(path, combined_document(plan, made), force=force)


def write_day(plan: Plan, day: dt.date, path: str | os.PathLike[str], *,
              puzzles: bool = False, dpi: int = DPI, options: BatchOptions | None = None,
              progress: Progress | None = None, force: bool = False) -> list[Path]:
    """One day's sheet to ``path`` by its suffix: .pdf (both pages), .svg or .png (one file
    per page: ``d.png`` the puzzles, ``d-2.png`` the answers), or .json (its puzzles);
    with ``puzzles`` the puzzle file too, beside the sheet (``DATE.json`` by
    ``DATE.pdf``). A file tilepress did not write is replaced only with ``force``."""
    from tilepress.output import output_format, page_paths

    fmt = output_format(path, (".pdf", ".svg", ".png", ".json"), force=force)
    check_dpi(dpi)
    beside = Path(path).with_suffix(".json")
    pages = 1 if fmt in ("pdf", "json") else 2
    check_replace([*page_paths(path, pages), *([beside] if puzzles else [])],
                  force=force)  # before the work
    made = make_day(plan, day, fmt="" if fmt == "json" else fmt, dpi=dpi, options=options,
                    progress=progress)
    if fmt == "json":
        return [write_atomic(path, made.puzzles, force=force)]
    written = [write_atomic(target, data, force=force) for target, data in
               zip(page_paths(path, len(made.pages)), made.pages, strict=True)]
    if puzzles:
        written.append(write_atomic(beside, made.puzzles, force=force))
    return written


def make_range(plan: Plan, first: dt.date, last: dt.date, *, fmt: str = "pdf",
               options: BatchOptions | None = None,
               progress: Progress | None = None) -> list[Made]:
    """The sheets ``first`` to ``last``, in memory (for the library)."""
    return list(make_sheets(plan, range_days(plan, first, last), fmt=fmt, options=options,
                            progress=progress))


__all__ = ["ANSWERS", "DPI", "RUN_FILE", "SHEET_FORMATS", "WEEKDAYS", "DailySpec", "Entry",
           "Made", "Plan", "RangeReport", "Sheet", "day_names", "default_spec", "draw_day",
           "load_daily_spec", "make_day", "make_made", "make_plan", "make_range",
           "make_sheets", "parse_daily_spec", "parse_date", "range_days", "sheet_json",
           "sheet_of_json", "write_combined", "write_day", "write_range"]
