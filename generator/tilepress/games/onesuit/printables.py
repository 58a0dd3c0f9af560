"""One suit mahjong: a reference card of wait shapes, every wait worked out by the engine."""

from __future__ import annotations

from tilepress.documents.large_print import large_print_aware
from tilepress.documents.model import (
    Bullets,
    Document,
    Heading,
    Paragraph,
    Section,
    Table,
    TileRow,
)
from tilepress.draw.canvas import Paper
from tilepress.engine import standard
from tilepress.params import PrintOptions
from tilepress.tiles import parse_tiles

HAND_TILE = 5.6
WAIT_TILE = 6.0
"""Tile widths (mm) on the card: every row draws its tiles at these widths, breaking a
long hand onto a second line rather than shrinking it."""

#: (name, hand). Neither the waits nor the readings are written here: the engine finds them.
SHAPES = (
    ("two-sided", "34m 99m"),
    ("closed", "35m 99m"),
    ("edge", "12m 99m"),
    ("dual pung", "55m 99m"),
    ("single", "123m 9m"),
    ("extended single", "2345m"),
    ("three-sided", "2345678m"),
    ("pung and neighbour", "5556m"),
    ("pung and gap", "5557m"),
    ("pung at the edge", "1112m"),
    ("runs that shift", "2344556m"),
    ("stairs", "1122334m"),
    ("nine gates", "1112345678999m"),
    ("seven pairs", "11m 22m 33m 55m 77m 99m 4m"),
)


def _reading_text(reading) -> str:
    *sets, shape = reading.groups
    parts = [str(g) for g in sets] + [f"{shape} ({reading.shape})"]
    return " + ".join(parts) + f" waits {' '.join(map(str, reading.waits))}"


@large_print_aware
def wait_shapes_card(paper: Paper, options: PrintOptions | None = None) -> Document:
    from tilepress.games.standard.puzzles import cover_readings

    rows = []
    for name, hand in SHAPES:
        tiles = parse_tiles(hand.replace(" ", ""))
        groups = tuple(parse_tiles(part) for part in hand.split())
        waits = tuple(w.tile for w in standard.waits(tiles))
        readings = cover_readings(standard.readings(tiles), list(waits))
        rows.append((name, TileRow(groups, tile_width=HAND_TILE, wrap=True),
                     TileRow((waits,), tile_width=WAIT_TILE, wrap=True),
                     "; ".join(_reading_text(r) for r in readings)))
    return Document("One suit mahjong: wait shapes", paper, (
        Section("Wait shapes"),
        Heading("One suit mahjong: wait shapes"),
        Paragraph("The shapes that make waits in a single suit, with every tile each one "
                  "waits on and the readings that show them, each checked before "
                  "printing. A reading writes a group as its numbers and m for "
                  "characters (99m is a pair of 9s, 34m a 3 and a 4) and the tiles it "
                  "waits on the same way. In a larger hand, the "
                  "rest of the tiles are complete sets. A tile the hand holds all four of is "
                  "never a wait; naming every wait when you win scores 2 more points in the "
                  "naming game.", size=9),
        Table(("shape", "hand", "waits", "how to read it"), tuple(rows),
              widths=(1.7, 4.6, 3.1, 7.0), size=8),
    ), margin=12.0)


@large_print_aware
def score_sheet(paper: Paper, options: PrintOptions | None = None) -> Document:
    """A two-player score sheet, hand by hand, for either scoring: how each hand ended,
    the waits named and both totals."""
    from tilepress.games.onesuit.rules import Naming

    one, other = parse_tiles("1m2m")
    right = Naming((one, other), (one,)).points()
    exact = Naming((one,), (one,)).points() - right
    wrong = Naming((one,), (other,)).points()
    rows = tuple((str(k), "", "", "", "", "", "") for k in range(1, 17))
    return Document("One suit mahjong: score sheet", paper, (
        Section("Score sheet"),
        Heading("One suit mahjong: score sheet"),
        Paragraph("Player 1: ____________________     Player 2: ____________________     "
                  "Hands: ____", size=10),
        Table(("hand", "dealer", "ron, tsumo or draw", "waits named", "points",
               "P1 total", "P2 total"), rows, widths=(1.0, 1.4, 2.4, 4.6, 2.6, 1.4, 1.4),
              size=8.5, row_height=11.0),
        Bullets((
            "Simple scoring: a real win scores 1.",
            f"Naming scoring: a real win +5; each wait named right +{right}; all of them "
            f"and no more +{exact}; each tile named that is not a wait {wrong}; a false win "
            "-10 (the deal stays).",
            "Wall empty: both show and name their waits, and score the naming as above "
            "(without the 5); the dealer keeps the deal only if really ready.",
            "After a real win the winner deals the next hand. The higher total after the "
            "agreed number of hands wins.",
        ), size=8.5),
    ))


__all__ = ["SHAPES", "score_sheet", "wait_shapes_card"]
