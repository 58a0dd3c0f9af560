"""The daily sheets' spec: a TOML file naming the sheet, the first day of the series
and the puzzles, each option one value or seven (Monday first); see
:mod:`tilepress.publish.daily` for the format."""

from __future__ import annotations

import datetime as dt
import hashlib
import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tilepress.errors import FileFormatError, RequestError, TilepressError
from tilepress.files import parse_toml, read_text
from tilepress.games import find_kind, kind_names
from tilepress.params import parse_params
from tilepress.puzzles.base import (
    DIFFICULTIES,
)

WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
ANSWERS = ("back", "next-day")
SPEC_KEYS = {"title", "series", "start", "paper", "answers", "difficulty", "puzzle", "byline",
             "copyright", "yesterday"}
MAX_LINE = 120
"""The longest byline or copyright line, in characters: one line of the page."""
ENTRY_KEYS = {"kind", "title", "count", "days"}
MAX_SERIES = 64


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
    byline: str = ""
    """Under the masthead: who made the puzzles ("Puzzles by ...")."""
    copyright: str = ""
    """At the foot of the back: "(c) 2027 ..."."""
    yesterday: bool = False
    """With answers on the back, also a panel of the day before's answers there."""
    source: str = "daily spec"
    fingerprint: str = ""
    """A digest of the spec's text (wherever it was read from): the key of what is
    remembered about it in a process, and of a folder's record of its sheets."""


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
    data = parse_toml(text, source)
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
    if paper.lower() not in SHEET_PAPERS:
        raise FileFormatError(f"{source}: paper must be {' or '.join(SHEET_PAPERS)}, not "
                              f"{paper!r} (a sheet is one page of puzzles)")
    try:
        series = check_series(series)
    except RequestError as exc:
        raise FileFormatError(f"{source}: {exc}") from None
    lines = {}
    for key in ("byline", "copyright"):
        value = data.get(key, "")
        if not isinstance(value, str) or len(value) > MAX_LINE or not value.isprintable():
            raise FileFormatError(f"{source}: {key} must be one line of text, at most "
                                  f"{MAX_LINE} characters")
        lines[key] = value.strip()
    yesterday = data.get("yesterday", False)
    if not isinstance(yesterday, bool):
        raise FileFormatError(f"{source}: yesterday must be true or false")
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
    digest = hashlib.sha256(text.encode()).hexdigest()[:20]
    spec = DailySpec(title.strip(), series, start, paper, answers, tuple(levels), entries,
                     lines["byline"], lines["copyright"], yesterday, source, digest)
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
    from tilepress.resources import shipped

    return load_daily_spec(shipped("puzzles", "daily.toml"))


def parse_date(text: str, *, what: str = "date") -> dt.date:
    """An ISO date, ``2027-03-01``; anything else is one clear error."""
    try:
        if len(text.strip()) != 10:
            raise ValueError
        day = dt.date.fromisoformat(text.strip())
    except ValueError:
        raise RequestError(f"{what} {text!r} is not a date like 2027-03-01 "
                           "(year-month-day)") from None
    if day.year > LAST_YEAR:
        raise RequestError(f"{what} {text!r}: sheets go up to the end of {LAST_YEAR}")
    return day


SHEET_PAPERS = ("a4", "letter")
"""The papers a daily sheet is laid out for: a page of puzzles, the answers on its back."""
LAST_YEAR = 9998
"""The last year with sheets (its day after, for next-day answers, must exist)."""


_PARAMS: dict[tuple[str, int, int], Any] = {}


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
