"""``tilepress daily``: the daily sheet for a date, or one for every day of a range."""

from __future__ import annotations

import datetime as dt
import os
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tilepress.cli.common import Force, Jobs, Scheduler, echo, output_option, whole
from tilepress.cli.common import paper as common_paper
from tilepress.cli.progress import progress
from tilepress.wording import plural

if TYPE_CHECKING:
    from tilepress.batch import BatchOptions
    from tilepress.publish.daily import Plan

SHEET_SUFFIXES = (".pdf", ".svg", ".png", ".json")

LargePrint = Annotated[bool, typer.Option(
    "--large-print", help="The large-print edition: words at 14 pt and more, tiles half as "
    "large again, the puzzles over as many pages as they need.")]


def is_folder(path: Path, text: str) -> bool:
    """A folder name: it ends in ``/``, has no suffix, or is a folder already."""
    return text.endswith(("/", os.sep)) or not path.suffix or path.is_dir()


def daily(
    date: Annotated[str | None, typer.Argument(
        help="The day, as 2027-03-01; today if left out.", show_default=False)] = None,
    first: Annotated[str | None, typer.Option(
        "--from", help="First day of a range (with --to): one sheet per day.")] = None,
    last: Annotated[str | None, typer.Option("--to", help="Last day of a range.")] = None,
    output: Annotated[str | None, output_option(
        ".pdf (both pages), .png or .svg (a file per page) or .json (the puzzles) for one "
        "day, .pdf for a whole range in one file; or a folder (a name without a suffix, or "
        "ending in /) for a sheet and a puzzle file per day")] = None,
    fmt: Annotated[str | None, typer.Option(
        "--format", help="For a folder: pdf (the default), png or svg, one file per page "
        "of each sheet for png and svg.", show_default=False)] = None,
    dpi: Annotated[int, typer.Option(
        "--dpi", parser=whole(), metavar="<int>",
        help="Dots per inch of PNG sheets (36 to 1200).")] = 150,
    series: Annotated[str | None, typer.Option(
        "--series", help="A series of your own: the same date in another series is another "
        "sheet. The spec's series if left out.")] = None,
    spec: Annotated[Path | None, typer.Option(
        "--spec", help="A daily spec (.toml); the shipped puzzles/daily.toml if left "
        "out.")] = None,
    answers: Annotated[str | None, typer.Option(
        "--answers", help="back (on the back of the sheet) or next-day (the day before's "
        "answers on the back of each sheet); the spec's if left out.")] = None,
    paper: Annotated[str | None, typer.Option(
        "--paper", help="a4 or letter (overrides the spec).")] = None,
    yesterday: Annotated[bool | None, typer.Option(
        "--yesterday/--no-yesterday", help="With the answers on the back, also the day "
        "before's answers there, in words; the spec's if left out.",
        show_default=False)] = None,
    large_print: LargePrint = False,
    combined: Annotated[bool, typer.Option(
        "--combined", help="For a range into a folder, also every sheet in one PDF, "
        "FROM_TO.pdf.")] = False,
    resume: Annotated[bool, typer.Option(
        "--resume", help="Go on with a range stopped part way: keep the days the folder "
        "holds from a run with the same options (running the same command again does "
        "too); an error if it holds none.")] = False,
    jobs: Jobs = None,
    scheduler: Scheduler = None,
    force: Force = False,
) -> None:
    """Daily puzzle sheets: one page of puzzles of several kinds for a date, harder from
    Monday to Sunday, numbered in its series, with the answers on the back. A range
    writes DATE.pdf and DATE.json (for tilepress verify) for every day into a folder,
    and keeps the days a stopped run finished.

    Example: tilepress daily --from 2027-01-01 --to 2027-12-31 -o out/daily/ --jobs 2
    """
    from tilepress.batch import BatchOptions
    from tilepress.errors import RequestError
    from tilepress.publish.daily import (
        SHEET_FORMATS,
        check_dpi,
        default_spec,
        load_daily_spec,
        make_plan,
    )

    start, end = _days(date, first, last)
    if fmt is not None and fmt not in SHEET_FORMATS:
        raise RequestError(f"--format must be {', '.join(SHEET_FORMATS)}, not {fmt!r}")
    check_dpi(dpi)
    if paper is not None:
        common_paper(paper)  # one line naming --paper before anything runs
    ranged = first is not None
    target, folder = _target(output, fmt, ranged=ranged, combined=combined, resume=resume)
    options = BatchOptions(jobs=jobs, scheduler=scheduler, label="daily")  # for Dask
    plan = make_plan(load_daily_spec(spec) if spec else default_spec(), series=series,
                     answers=answers, paper=paper, yesterday=yesterday,
                     large_print=large_print)
    plan.check_day(start)
    if folder:
        _to_folder(plan, start, end, target, fmt or "pdf", dpi, combined, resume, options,
                   force)
    elif ranged:
        _to_one_pdf(plan, start, end, target, options, force)
    else:
        _one_day(plan, start, target, dpi, options, force)


def _days(date: str | None, first: str | None, last: str | None) -> tuple[dt.date, dt.date]:
    """The first and last day asked for: DATE (today if none), or --from and --to."""
    from tilepress.errors import RequestError
    from tilepress.publish.daily import parse_date

    if date is not None and (first is not None or last is not None):
        raise RequestError("give a DATE or a range (--from and --to), not both")
    if (first is None) != (last is None):
        raise RequestError("a range needs both --from and --to")
    if first is None or last is None:
        day = parse_date(date) if date is not None else dt.date.today()
        return day, day
    start, end = parse_date(first, what="--from"), parse_date(last, what="--to")
    if end < start:  # before the workers start: one line, nothing written
        raise RequestError(f"the range ends ({end.isoformat()}) before it starts "
                           f"({start.isoformat()})")
    return start, end


def _target(output: str | None, fmt: str | None, *, ranged: bool, combined: bool,
            resume: bool) -> tuple[Path, bool]:
    """Where ``-o`` writes, and whether it is a folder: a name with a suffix is a file, a
    folder has none or ends in / (the default, out/daily/); the options that go with
    each, checked."""
    from tilepress.errors import RequestError

    text = output if output is not None else "out/daily/"
    if not text:
        raise RequestError("no output name given (-o is empty)")
    target = Path(text)
    folder = is_folder(target, text)
    if not folder and target.suffix.lower() not in SHEET_SUFFIXES:
        raise RequestError(f"cannot tell what to write to {text!r}: a sheet goes to a name "
                           f"ending in {', '.join(SHEET_SUFFIXES)}, and sheets to a folder "
                           "(a name without a suffix, or ending in /)")
    if not folder:
        suffix = target.suffix.lower()
        if fmt is not None:
            raise RequestError(f"--format is for a folder; the name {text!r} already says "
                               f"what to write ({suffix})")
        if ranged and suffix != ".pdf":
            raise RequestError(f"a range of sheets cannot go into one {suffix} file "
                               f"({text!r}): give a folder (with --format "
                               f"{suffix[1:] if suffix != '.json' else 'pdf'}) for a file "
                               "per day, or a .pdf name for the whole range in one PDF")
        if combined:
            raise RequestError("--combined is for a range into a folder; a .pdf name already "
                               "holds the whole range")
        if resume:
            raise RequestError("--resume is for a range into a folder")
    if combined and not ranged:
        raise RequestError("--combined is for a range (--from and --to)")
    return target, folder


def _one_day(plan: Plan, day: dt.date, target: Path, dpi: int, options: BatchOptions,
             force: bool) -> None:
    from tilepress.publish.daily import write_day

    written = write_day(plan, day, target, dpi=dpi, options=options, force=force)
    pages = " (a file per page)" if len(written) > 1 else ""
    echo(f"wrote the daily sheet No. {plan.number(day)} of {day}{pages} to "
         + " and ".join(str(path) for path in written))


def _to_one_pdf(plan: Plan, start: dt.date, end: dt.date, target: Path,
                options: BatchOptions, force: bool) -> None:
    from tilepress.publish.daily import range_days, write_combined

    days = range_days(plan, start, end)
    with progress("sheets", len(days)) as bar:
        path = write_combined(plan, days[0], days[-1], target, options=options,
                              progress=bar.update, force=force)
    bar.summary(f"wrote {_sheets(len(days))} ({days[0]} to {days[-1]}) in one PDF to {path}")


def _to_folder(plan: Plan, start: dt.date, end: dt.date, folder: Path, fmt: str, dpi: int,
               combined: bool, resume: bool, options: BatchOptions, force: bool) -> None:
    from tilepress.publish.daily import range_days, write_range

    days = range_days(plan, start, end)
    with progress("sheets", len(days), quiet=len(days) == 1) as bar:
        report = write_range(plan, days[0], days[-1], folder, fmt=fmt, dpi=dpi,
                             combined=combined, resume=resume, options=options,
                             progress=bar.update, force=force)
    each = {"pdf": "DATE.pdf", "svg": "an SVG per page", "png": f"a PNG per page at {dpi} dpi"}
    span = f"{days[0]}" if len(days) == 1 else f"{days[0]} to {days[-1]}"
    kept = f"; kept {_sheets(report.kept)} already written" if report.kept else ""
    line = (f"wrote {_sheets(report.sheets)} ({span}: {each[fmt]} and DATE.json each"
            f"{', and all of them in one PDF' if combined else ''}) to {folder}{kept}")
    if len(days) > 1:
        bar.summary(line)
    else:
        echo(line)


def _sheets(n: int) -> str:
    return plural(n, "daily sheet")
