"""A list of hands analysed one by one into a table: ``tilepress analyze waits --file``.

A hand list is text, one hand a line; blank lines and lines starting with ``#`` are
skipped, and so is anything after `` #`` on a line (a note). Each hand goes through a
game's row function (``hand -> {column: value}``); a hand the engine refuses stops the
table with the line's number. The table is written as CSV, JSON or a PDF (or SVG) page
by the output's suffix.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tilepress.documents.model import Document, Heading, Paragraph, Table
from tilepress.draw.canvas import Paper
from tilepress.errors import FileFormatError, TilepressError

MAX_HANDS = 10_000
"""The most hands a list may hold (each is analysed in well under a second)."""
MAX_LINE = 200
"""The longest line read as a hand (a hand of 18 tiles with brackets is under 60)."""


@dataclass(frozen=True)
class HandTable:
    """Hands of a list and what the engine found for each, in named columns."""

    title: str
    columns: tuple[str, ...]
    rows: tuple[Mapping[str, Any], ...]

    def to_csv(self) -> str:
        out = io.StringIO()
        writer = csv.DictWriter(out, fieldnames=self.columns, lineterminator="\n")
        writer.writeheader()
        for row in self.rows:
            writer.writerow({k: _cell(row[k]) for k in self.columns})
        return out.getvalue()

    def to_json(self) -> str:
        return json.dumps({"format": "tilepress-hands", "version": 1, "title": self.title,
                           "columns": list(self.columns),
                           "hands": [dict(row) for row in self.rows]},
                          indent=2, ensure_ascii=False) + "\n"

    def document(self, paper: Paper) -> Document:
        """The table on pages, its header repeated on each."""
        head = tuple(c.replace("_", " ") for c in self.columns)
        rows = tuple(tuple(_cell(row[c]) for c in self.columns) for row in self.rows)
        widths = tuple(WIDTHS.get(c, 1.0) for c in self.columns)
        blocks = (Heading(self.title),
                  Paragraph(f"{len(self.rows)} hand{'s' * (len(self.rows) != 1)}, each "
                            "analysed by the rules engine.", size=9.0),
                  Table(head, rows, widths=widths, size=8.0))
        return Document(self.title, paper, blocks)


WIDTHS = {"line": 0.5, "hand": 2.6, "tiles": 0.6, "cards": 0.6, "shanten": 0.8,
          "waits": 1.8, "better": 2.2, "completions": 1.8, "pattern": 2.4, "wins": 0.6,
          "points": 0.7, "tiles_left": 0.8, "cards_left": 0.8, "best_points": 0.8,
          "best_discard": 0.9}
"""Relative column widths on a page."""


def is_hand_table(path: Any) -> bool:
    """Whether a CSV file is a table of hands tilepress wrote: its first line is one of
    the tables' column heads (``line,hand,...``)."""
    try:
        with open(path, "rb") as handle:
            head = handle.readline(400)
    except OSError:
        return False
    return head.startswith(b"line,hand,")


def _cell(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value)


def hand_lines(text: str, source: str) -> list[tuple[int, str]]:
    """The hands of a list with their line numbers (comments and blank lines left out)."""
    out = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.split(" #", 1)[0].split("\t#", 1)[0].strip()
        if not line or line.startswith("#"):
            continue
        if len(line) > MAX_LINE:
            raise FileFormatError(f"{source}: line {number}: {len(line)} characters is no hand "
                                  f"(at most {MAX_LINE})")
        out.append((number, line))
        if len(out) > MAX_HANDS:
            raise FileFormatError(f"{source}: more than {MAX_HANDS:,} hands; split the list")
    if not out:
        raise FileFormatError(f"{source}: no hands (one hand a line; blank lines and lines "
                              "starting with # are skipped)")
    return out


def hand_table(text: str, *, source: str, title: str, columns: Sequence[str],
               row: Callable[[str], Mapping[str, Any]]) -> HandTable:
    """Every hand of a list through ``row``; a hand it refuses is one error naming the
    line: ``hands.txt: line 4: 'x' at position 3 is not a digit or a suit letter``."""
    rows = []
    for number, hand in hand_lines(text, source):
        try:
            found = row(hand)
        except TilepressError as exc:
            raise FileFormatError(f"{source}: line {number}: {hand!r}: {exc}") from None
        rows.append({"line": number, **found})
    return HandTable(title, tuple(columns), tuple(rows))


__all__ = ["HandTable", "hand_lines", "hand_table"]
