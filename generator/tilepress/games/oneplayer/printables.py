"""Mah-Jongg One Player: a score sheet for the ten lines of a game."""

from __future__ import annotations

from tilepress.documents.large_print import large_print_aware
from tilepress.documents.model import Bullets, Document, Heading, Paragraph, Section, Table
from tilepress.draw.canvas import Paper
from tilepress.games.oneplayer.rules import COMMON_POINTS, SPECIAL_POINTS
from tilepress.params import PrintOptions


@large_print_aware
def score_sheet(paper: Paper, options: PrintOptions | None = None) -> Document:
    lines = [("0 (across)", "", "", "", "", "", "")] + [
        (str(n), "", "", "", "", "", "") for n in range(1, 10)]
    points = ", ".join(f"{name} {COMMON_POINTS[n]}" for name, n in
                       (("pair", 2), ("pung", 3), ("kong", 4)))
    return Document("Mah-Jongg One Player: score sheet", paper, (
        Section("Score sheet"),
        Heading("Mah-Jongg One Player: score sheet"),
        Paragraph("Player: ______________________     Date: ____________", size=10),
        Table(("line", "anchor", "pairs", "pungs", "kongs", "special line", "points"),
              (*lines, ("total", "", "", "", "", "", "")),
              widths=(1.6, 1.3, 1.3, 1.3, 1.3, 2.6, 1.4), size=9, row_height=13.0),
        Heading("Points", level=3),
        Bullets((
            f"Number tiles: {points}.",
            "Honors (winds, dragons) and flowers: double: pair 20, pung 40, kong 80.",
            f"Special line, {SPECIAL_POINTS} points (or its groups, if more): all odd; all "
            "even; all 1s and 9s; all honors and flowers; all one suit; only two numbers; "
            "seven pairs; three kongs.",
            "Place at least 2 tiles on the first turn and at least 1 after; draw back up to 8.",
            "Fill line 0 first; each of lines 1-9 starts from a tile of line 0, up or down.",
        ), size=8.5),
    ))
