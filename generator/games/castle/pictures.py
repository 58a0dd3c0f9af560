"""Dragon Castle on paper: the central castle seen from above, each player's 6x6 castle,
the castle floor by floor for setting it up, and an isometric picture of it."""

from __future__ import annotations

import math
from collections.abc import Sequence

from generator.documents.model import Figure
from generator.draw.canvas import PT, Canvas
from generator.draw.tiles import RATIO, draw_tile
from generator.games.castle.rules import SIZE, PlayerCastle
from generator.layouts.castle import Castle
from generator.tiles import Tile

LABEL = "#8c2f39"
GRID = "#cfc8ba"
FLOOR_COLOURS = ("#e8d9b9", "#cfe3c8", "#f3d9a4", "#e7b7a5", "#c9c3e6", "#b9dbe6")
SIDE_SHADE = ("#c4b391", "#a9c3a1", "#d5b57a", "#c8917e", "#a59fca", "#93b9c5")


SMALLEST = 6.0
"""No text in a picture is printed smaller (points)."""


def _height_badge(c: Canvas, x: float, y: float, w: float, h: float, height: int) -> None:
    size = max(SMALLEST, w * 0.4)
    r = max(w * 0.2, size * PT * 0.62)
    c.circle(x + w - r * 0.7, y + h - r * 0.7, r, fill=LABEL)
    c.text(x + w - r * 0.7, y + h - r * 0.7 + size * PT * 0.36, str(height), size=size,
           font="bold", anchor="middle", fill="#ffffff")


def draw_central(c: Canvas, castle: Castle, tops: dict[tuple[int, int], tuple[Tile, int]],
                 x: float, y: float, cell: float, taken: Sequence[tuple[int, int]] = ()) -> None:
    """The central castle from above: the top tile of each stack and its height;
    ``taken`` cells (row, column from 1) get a red outline."""
    th = cell * RATIO
    for r, c_, _h in castle.cells():
        cx, cy = x + c_ * cell, y + r * th
        c.rect(cx + 0.2, cy + 0.2, cell - 0.4, th - 0.4, stroke=GRID, stroke_width=0.2,
               radius=cell * 0.1, dash=(0.6, 0.6))
    for (r, c_), (tile, height) in tops.items():
        cx, cy = x + (c_ - 1) * cell, y + (r - 1) * th
        draw_tile(c, tile, cx, cy, cell)
        if height > 1:
            _height_badge(c, cx, cy, cell, th, height)
    for r, c_ in taken:
        c.rect(x + (c_ - 1) * cell, y + (r - 1) * th, cell, th, stroke="#c0392b",
               stroke_width=0.45, radius=cell * 0.1)


def draw_board(c: Canvas, me: PlayerCastle, x: float, y: float, cell: float,
               fresh: Sequence[int] = ()) -> None:
    """A player's 6x6 castle: face-up tiles, face-down backs, shrines as dark discs,
    stack heights in the corner; ``fresh`` cells (built this turn) outlined."""
    th = cell * RATIO
    c.rect(x, y, SIZE * cell, SIZE * th, fill="#fbf8f1", stroke=GRID, stroke_width=0.3)
    for k in range(1, SIZE):
        c.line(x + k * cell, y, x + k * cell, y + SIZE * th, stroke=GRID, stroke_width=0.15)
        c.line(x, y + k * th, x + SIZE * cell, y + k * th, stroke=GRID, stroke_width=0.15)
    for i, stack in enumerate(me.stacks):
        if not stack:
            continue
        cx, cy = x + (i % SIZE) * cell, y + (i // SIZE) * th
        draw_tile(c, stack[-1] if me.up[i] else None, cx, cy, cell)
        if me.shrine[i]:
            c.circle(cx + cell / 2, cy + th / 2, cell * 0.28, fill="#1d1d1b", stroke="#ffffff",
                     stroke_width=0.3)
        if len(stack) > 1:
            _height_badge(c, cx, cy, cell, th, len(stack))
    for i in fresh:
        c.rect(x + (i % SIZE) * cell, y + (i // SIZE) * th, cell, th, stroke="#c0392b",
               stroke_width=0.45, radius=cell * 0.1)


def turn_figure(castle: Castle, tops: dict[tuple[int, int], tuple[Tile, int]],
                players: Sequence[PlayerCastle], names: Sequence[str], *,
                taken: Sequence[tuple[int, int]] = (), fresh: dict[int, Sequence[int]] | None
                = None, width: float = 170.0) -> Figure:
    """The central castle on the left and every player's castle on the right."""
    fresh = fresh or {}
    board_cell = 4.4
    board_w, board_h = SIZE * board_cell, SIZE * board_cell * RATIO
    cols = 2
    rows = math.ceil(len(players) / cols)
    right_w = cols * (board_w + 5)
    central_w = width - right_w - 6
    cell = min(6.4, central_w / max(castle.width, 1))
    central_h = castle.depth * cell * RATIO
    label = 4.5
    board_label = 7.5
    height = max(central_h + label, rows * (board_h + board_label + 3))

    def draw(c: Canvas) -> None:
        c.text(0, 3.2, "Central castle", size=7, font="bold", fill=LABEL)
        draw_central(c, castle, tops, 0, label, cell, taken)
        for k, me in enumerate(players):
            bx = width - right_w + (k % cols) * (board_w + 5)
            by = (k // cols) * (board_h + board_label + 3)
            c.text(bx, by + 2.6, names[k], size=6.5, font="bold", fill=LABEL)
            c.text(bx, by + 5.6, f"{me.score} points"
                   + (f", reserve {me.reserve}" if me.reserve else ""), size=6,
                   fill="#1d1d1b")
            draw_board(c, me, bx, by + board_label, board_cell, fresh.get(k, ()))

    return Figure(width, height, draw)


def floors_figure(castle: Castle, *, width: float = 174.0, tiles: dict | None = None,
                  numbers: dict | None = None, max_height: float = 0.0) -> Figure:
    """Set-up diagram: each floor on its own grid, the floor below drawn faintly, so the
    castle can be built floor by floor. ``tiles`` maps (row, column, floor) from 1 to
    the tile that goes there (a dealt castle); without it the cells are shaded.
    ``numbers`` (same keys) labels tiles, as in an answer key."""
    floors = len(castle.floors)
    gap = 6.0
    label = 5.0
    cell = min(9.0, (width - gap * (floors - 1)) / max(floors * castle.width, 1))
    if max_height:  # as large as fits, so that the figure is never scaled (nor its type)
        cell = min(cell, (max_height - label) / max(castle.depth * RATIO, 1))
    th = cell * RATIO
    panel_w = castle.width * cell
    heights = castle.heights

    def draw(c: Canvas) -> None:
        for f in range(1, floors + 1):
            px = (f - 1) * (panel_w + gap)
            count = castle.floors[f - 1]
            c.text(px, 3.5, f"Floor {f}: {count} tiles" + (" (ground)" if f == 1 else ""),
                   size=7, font="bold", fill=LABEL)
            for r, line in enumerate(heights):
                for col, h in enumerate(line):
                    x, y = px + col * cell, label + r * th
                    if h >= f:
                        if tiles is not None:
                            draw_tile(c, tiles.get((r + 1, col + 1, f)), x, y, cell)
                            if numbers and (r + 1, col + 1, f) in numbers:
                                rad = max(cell * 0.3, 2.3)
                                size = max(SMALLEST + 0.5, rad * 2.2)
                                cx, cy = x + cell / 2, y + th / 2
                                c.circle(cx, cy, rad, fill="#ffffff", stroke=LABEL,
                                         stroke_width=0.35)
                                c.text(cx, cy + size * PT * 0.36,
                                       str(numbers[(r + 1, col + 1, f)]), size=size,
                                       font="bold", anchor="middle", fill=LABEL)
                        else:
                            c.rect(x + 0.25, y + 0.25, cell - 0.5, th - 0.5,
                                   fill=FLOOR_COLOURS[(f - 1) % 6], stroke="#6b6358",
                                   stroke_width=0.3, radius=cell * 0.12)
                    elif h == f - 1 and h:
                        c.rect(x + 0.25, y + 0.25, cell - 0.5, th - 0.5, fill="#f3f0ea",
                               stroke=GRID, stroke_width=0.2, radius=cell * 0.12)

    return Figure(floors * panel_w + gap * (floors - 1), label + castle.depth * th, draw,
                  max_height=max_height)


def heightmap_figure(castle: Castle, *, cell: float = 5.0) -> Figure:
    """The height map as written in a castle file: a digit per stack, on a faint grid."""

    def draw(c: Canvas) -> None:
        for r, line in enumerate(castle.heights):
            for col, h in enumerate(line):
                x, y = col * cell, r * cell
                c.rect(x, y, cell, cell, stroke=GRID, stroke_width=0.15,
                       fill=FLOOR_COLOURS[(h - 1) % 6] if h else None)
                if h:
                    c.text(x + cell / 2, y + cell * 0.72, str(h), size=cell * 1.7,
                           font="bold", anchor="middle", fill="#1d1d1b")

    return Figure(castle.width * cell, castle.depth * cell, draw)


def isometric_figure(castle: Castle, *, width: float = 150.0, caption: str = "",
                     max_height: float = 0.0) -> Figure:
    """The castle as an isometric picture, each floor in its own colour."""
    cos30, sin30 = math.cos(math.pi / 6), 0.5
    rows, cols = castle.depth, castle.width
    top = max(len(castle.floors), 1)
    unit = width / ((rows + cols) * cos30)
    thick = unit * 0.55

    def project(r: float, c_: float, z: float) -> tuple[float, float]:
        return ((c_ - r) * unit * cos30 + rows * unit * cos30,
                (c_ + r) * unit * sin30 - z * thick + top * thick)

    height = (rows + cols) * unit * sin30 + top * thick

    def draw(c: Canvas) -> None:
        cells = sorted(((r, col, z) for r, col, h in castle.cells() for z in range(h)),
                       key=lambda t: (t[0] + t[1], t[2]))
        for r, col, z in cells:
            colour = FLOOR_COLOURS[z % 6]
            shade = SIDE_SHADE[z % 6]
            a = project(r, col, z + 1)
            b = project(r, col + 1, z + 1)
            cc = project(r + 1, col + 1, z + 1)
            d = project(r + 1, col, z + 1)
            b0 = project(r, col + 1, z)
            c0 = project(r + 1, col + 1, z)
            d0 = project(r + 1, col, z)
            c.polyline([d, cc, c0, d0], closed=True, fill=shade, stroke="#5a5348",
                       stroke_width=0.15)
            c.polyline([cc, b, b0, c0], closed=True, fill=colour, stroke="#5a5348",
                       stroke_width=0.15)
            c.polyline([a, b, cc, d], closed=True, fill=colour, stroke="#5a5348",
                       stroke_width=0.2)

    return Figure(width, height, draw, caption, max_height=max_height)


__all__ = ["draw_board", "draw_central", "floors_figure", "heightmap_figure", "isometric_figure",
           "turn_figure"]
