"""Tile layouts on paper: every layer drawn flat, so a reader can play them with a pencil.

The bottom layer spans the top of the figure; the upper layers follow side by side,
each at the same tile size and with the layer under it drawn faintly, so that what
covers what can be read off. In an answer key each tile carries the number of the move
that removes it (both tiles of a pair share a number).
"""

from __future__ import annotations

from collections.abc import Sequence

from generator.documents.model import Figure
from generator.draw.canvas import Canvas
from generator.draw.tiles import RATIO, draw_tile
from generator.layouts import Layout
from generator.tiles import Tile

GHOST = "#d9d3c7"
LABEL = "#8c2f39"


def _panels(layout: Layout, tile_w: float, width: float, bottom_alone: bool = True
            ) -> list[tuple[int, float, float]]:
    """(layer, x, y) of each layer's panel in mm, and the total size appended; the
    bottom layer has a row of its own unless ``bottom_alone`` is false."""
    layers = sorted({p.z for p in layout.positions})
    half_w, half_h = tile_w / 2, tile_w * RATIO / 2
    boxes = {}
    for z in layers:
        here = [p for p in layout.positions if p.z == z]
        below = [p for p in layout.positions if p.z == z - 1] if z else []
        shown = here + [p for p in below if any(abs(p.x - q.x) < 4 and abs(p.y - q.y) < 4
                                                for q in here)]
        x0 = min(p.x for p in shown)
        y0 = min(p.y for p in shown)
        x1 = max(p.x for p in shown) + 2
        y1 = max(p.y for p in shown) + 2
        boxes[z] = (x0, y0, (x1 - x0) * half_w, (y1 - y0) * half_h)
    placed = []
    label_h = 6.0
    cursor_x, cursor_y, row_h = 0.0, 0.0, 0.0
    for z in layers:
        w, h = boxes[z][2], boxes[z][3]
        if z == 0 or (cursor_x and cursor_x + w > width):
            if cursor_x:
                cursor_y += row_h + 4.0
            cursor_x, row_h = 0.0, 0.0
        placed.append((z, cursor_x, cursor_y + label_h))
        cursor_x += w + 6.0
        row_h = max(row_h, h + label_h)
        if z == 0 and bottom_alone:
            cursor_y += row_h + 4.0
            cursor_x, row_h = 0.0, 0.0
    return placed, boxes, cursor_y + row_h  # type: ignore[return-value]


def layers_figure(layout: Layout, tiles: Sequence[Tile], *, width: float = 180.0,
                  numbers: Sequence[int] | None = None, caption: str = "",
                  max_height: float = 235.0, tile_width: float | None = None) -> Figure:
    """A figure of every layer of a deal; ``numbers`` labels each position (a key).
    With ``tile_width`` the tiles have that width and every layer, the bottom one too,
    takes its place in rows ``width`` wide (a compact figure for a small layout)."""
    x0_all, _y0, x1_all, _y1 = layout.bounds
    span_tiles = (x1_all - x0_all) / 2
    tile_w = tile_width or min(13.0, width / max(span_tiles, 1))
    panels, boxes, total_h = _panels(layout, tile_w, width, bottom_alone=tile_width is None)
    half_w, half_h = tile_w / 2, tile_w * RATIO / 2
    index = {p: i for i, p in enumerate(layout.positions)}
    full_w = max(px + boxes[z][2] for z, px, _py in panels)

    def draw(c: Canvas) -> None:
        for z, px, py in panels:
            bx, by, bw, _bh = boxes[z]
            c.text(px, py - 1.8, f"Layer {z + 1}" + (" (bottom)" if z == 0 else ""),
                   size=7.5, font="bold", fill=LABEL)
            if z:
                for p in layout.positions:
                    if p.z == z - 1:
                        x = px + (p.x - bx) * half_w
                        y = py + (p.y - by) * half_h
                        if x >= px - 0.1 and x + tile_w <= px + bw + 0.1 and y >= py - 0.1:
                            c.rect(x + 0.3, y + 0.3, tile_w - 0.6, tile_w * RATIO - 0.6,
                                   fill="#f3f0ea", stroke=GHOST, stroke_width=0.25, radius=0.8)
            for p in layout.positions:
                if p.z != z:
                    continue
                x = px + (p.x - bx) * half_w
                y = py + (p.y - by) * half_h
                i = index[p]
                draw_tile(c, tiles[i], x, y, tile_w)
                if numbers is not None:
                    r = tile_w * 0.3
                    cx, cy = x + tile_w / 2, y + tile_w * RATIO / 2
                    c.circle(cx, cy, r, fill="#ffffff", stroke=LABEL, stroke_width=0.35)
                    c.text(cx, cy + r * 0.42, str(numbers[i]), size=max(4.5, r * 2.2),
                           font="bold", anchor="middle", fill=LABEL)

    return Figure(full_w, total_h, draw, caption, max_height=max_height)
