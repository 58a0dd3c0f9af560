"""``tilepress daily``: the daily sheet for a date, or one for every day of a range."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from tilepress.cli.common import Force, Jobs, Scheduler, echo, output_option
from tilepress.cli.common import paper as common_paper

if TYPE_CHECKING:
    from tilepress.batch import BatchOptions
    from tilepress.publish.daily import Plan


@contextmanager
def progress_bar(label: str) -> Iterator[object]:
    """A rich progress bar on stderr while a batch runs (nothing when stderr is not a
    terminal); yields the batch runner's progress callback."""
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn

    console = Console(stderr=True)
    if not console.is_terminal:
        yield None
        return
    with Progress("[progress.description]{task.description}", BarColumn(),
                  MofNCompleteColumn(), TimeElapsedColumn(), console=console,
                  transient=True) as bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def daily(
    date: Annotated[str | None, typer.Argument(
        help="The day, as 2027-03-01; today if left out.", show_default=False)] = None,
    first: Annotated[str | None, typer.Option(
        "--from", help="First day of a range (with --to): one sheet per day.")] = None,
    last: Annotated[str | None, typer.Option("--to", help="Last day of a range.")] = None,
    output: Annotated[Path | None, output_option(
        ".pdf .svg .json for one day; a folder for a range")] = None,
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
    combined: Annotated[bool, typer.Option(
        "--combined", help="For a range, also every sheet in one PDF, FROM_TO.pdf.")] = False,
    jobs: Jobs = None,
    scheduler: Scheduler = None,
    force: Force = False,
) -> None:
    """Daily puzzle sheets: one page of puzzles of several kinds for a date, harder from
    Monday to Sunday, numbered in its series, with the answers on the back. A range
    writes DATE.pdf and DATE.json (for tilepress verify) for every day into a folder.

    Example: tilepress daily --from 2027-01-01 --to 2027-12-31 -o out/daily/ --jobs 2
    """
    import datetime as dt

    from tilepress.batch import BatchOptions
    from tilepress.errors import RequestError
    from tilepress.output import output_format
    from tilepress.publish.daily import (
        default_spec,
        load_daily_spec,
        make_plan,
        parse_date,
        write_day,
    )

    if date is not None and (first is not None or last is not None):
        raise RequestError("give a DATE or a range (--from and --to), not both")
    if (first is None) != (last is None):
        raise RequestError("a range needs both --from and --to")
    if combined and first is None:
        raise RequestError("--combined is for a range (--from and --to)")
    if paper is not None:
        common_paper(paper)  # one line naming --paper before anything runs
    options = BatchOptions(jobs=jobs, scheduler=scheduler, label="daily")  # for Dask

    def new_plan() -> Plan:
        return make_plan(load_daily_spec(spec) if spec else default_spec(), series=series,
                         answers=answers, paper=paper)

    if first is not None and last is not None:
        _daily_range(new_plan, first, last, output, combined, options, force)
        return
    day = parse_date(date) if date is not None else dt.date.today()
    target = output or Path(f"out/daily/{day.isoformat()}.pdf")
    output_format(target, (".pdf", ".svg", ".json"), force=force)
    plan = new_plan()
    plan.check_day(day)
    with progress_bar("daily sheet") as progress:
        written = write_day(plan, day, target, puzzles=output is None, options=options,
                            progress=progress, force=force)  # type: ignore[arg-type]
    echo(f"wrote the daily sheet No. {plan.number(day)} of {day.isoformat()} to "
         + " and ".join(str(path) for path in written))


def _daily_range(plan: Callable[[], Plan], first: str, last: str, output: Path | None,
                 combined: bool, options: BatchOptions, force: bool) -> None:
    """A sheet for every day from ``first`` to ``last``, into a folder."""
    from tilepress.errors import RequestError
    from tilepress.publish.daily import parse_date, write_range

    start, end = parse_date(first, what="--from"), parse_date(last, what="--to")
    folder = output or Path("out/daily")
    if folder.suffix.lower() in (".pdf", ".svg", ".json"):
        raise RequestError(f"a range is written to a folder, not to {str(folder)!r}")
    made = plan()
    if end < start:  # before the workers start: one line, nothing written
        raise RequestError(f"the range ends ({end.isoformat()}) before it starts "
                           f"({start.isoformat()})")
    with progress_bar("daily sheets") as progress:
        report = write_range(made, start, end, folder, combined=combined, options=options,
                             progress=progress, force=force)  # type: ignore[arg-type]
    echo(f"wrote {report.sheets} daily sheet{'s' * (report.sheets != 1)} "
         f"({start.isoformat()} to {end.isoformat()}), with their puzzle files, to "
         f"{folder}{' and all of them in one PDF' if combined else ''}")
