"""Tile layouts on paper: every layer drawn flat, so a reader can play them with a pencil.

The bottom layer spans the top of the figure; the upper layers follow side by side,
each at the same tile size and with the layer under it drawn faintly, so that what
covers what can be read off. In an answer key each tile carries the number of the move
that removes it (both tiles of a pair share a number).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from tilepress.documents.model import Figure, Illustration
from tilepress.draw.canvas import Canvas
from tilepress.draw.tiles import RATIO, draw_keyed_tile, draw_tile
from tilepress.games.solitaire.options import FreeFigure, SolitaireFigure
from tilepress.layouts import Layout
from tilepress.tiles import Tile

GHOST = "#d9d3c7"
LABEL = "#8c2f39"


LABEL_SIZE = 7.5
"""Layer labels and the numbers of a key, in points: never under 6 pt in print, even
drawn a little smaller to share a page with an introduction."""
NUMBER_SIZE = 7.0
_LABEL_H = 6.0
_GAP_X, _GAP_Y = 6.0, 4.0


def _boxes(layout: Layout) -> dict[int, tuple[int, int, int, int]]:
    """Each layer's panel in half-tile units (x0, y0, width, height): its tiles and the
    tiles of the layer beneath that lie near them (drawn faintly)."""
    boxes = {}
    for z in sorted({p.z for p in layout.positions}):
        here = [p for p in layout.positions if p.z == z]
        below = [p for p in layout.positions if p.z == z - 1] if z else []
        shown = here + [p for p in below if any(abs(p.x - q.x) < 4 and abs(p.y - q.y) < 4
                                                for q in here)]
        x0 = min(p.x for p in shown)
        y0 = min(p.y for p in shown)
        boxes[z] = (x0, y0, max(p.x for p in shown) + 2 - x0, max(p.y for p in shown) + 2 - y0)
    return boxes


def _pack(sizes: list[tuple[float, float]], width: float, beside: bool
          ) -> tuple[list[tuple[float, float]], float, float] | None:
    """Panels of these sizes (mm, label excluded) in rows no wider than ``width``: their
    top-left corners, the width and the height used; ``beside`` puts the first panel on
    the left and the others in rows to its right. None if a panel is wider than the room."""
    if beside:
        first_w, first_h = sizes[0]
        rest = _pack(sizes[1:], width - first_w - _GAP_X, False) if len(sizes) > 1 else \
            ([], 0.0, 0.0)
        if rest is None:
            return None
        spots, w, h = rest
        return ([(0.0, _LABEL_H), *((first_w + _GAP_X + x, y) for x, y in spots)],
                first_w + (_GAP_X + w if spots else 0.0), max(first_h + _LABEL_H, h))
    spots: list[tuple[float, float]] = []
    x = y = row_h = used_w = 0.0
    for w, h in sizes:
        if w > width + 1e-9:
            return None
        if x and x + w > width + 1e-9:
            y += row_h + _GAP_Y
            x = row_h = 0.0
        spots.append((x, y + _LABEL_H))
        used_w = max(used_w, x + w)
        x += w + _GAP_X
        row_h = max(row_h, h + _LABEL_H)
    return spots, used_w, y + row_h


def _arrange(layout: Layout, width: float, max_height: float, tile_width: float | None = None
             ) -> tuple[float, dict[int, tuple[float, float]], float, float]:
    """The largest tile width (at most 13 mm) at which every layer fits in width x
    max_height, side by side where they fit: (tile width, each layer's panel corner,
    figure width, figure height). A ``tile_width`` that fits is used as it is."""
    boxes = _boxes(layout)
    layers = sorted(boxes)
    max_height = max_height if max_height > 0 else float("inf")  # 0: no limit
    if tile_width is not None:
        sizes = [(boxes[z][2] * tile_width / 2, boxes[z][3] * tile_width * RATIO / 2)
                 for z in layers]
        packed = _pack(sizes, width, False)
        if packed is not None and packed[2] <= max_height + 1e-9:
            spots, w, h = packed
            return tile_width, dict(zip(layers, spots, strict=True)), w, h
    best = None
    for beside in (False, True):
        tile_w = 13.0
        while tile_w > 3.0:
            sizes = [(boxes[z][2] * tile_w / 2, boxes[z][3] * tile_w * RATIO / 2)
                     for z in layers]
            packed = _pack(sizes, width, beside)
            if packed is not None and packed[2] <= max_height + 1e-9:
                break
            tile_w = round(tile_w - 0.1, 2)
        if packed is not None and (best is None or tile_w > best[0] + 1e-9):
            spots, w, h = packed
            best = (tile_w, dict(zip(layers, spots, strict=True)), w, h)
    assert best is not None
    return best


def layers_figure(layout: Layout, tiles: Sequence[Tile | None], *, width: float = 180.0,
                  numbers: Sequence[int] | None = None, caption: str = "",
                  max_height: float = 235.0, marked: frozenset[int] = frozenset(),
                  tile_width: float | None = None) -> Figure:
    """A figure of every layer of a deal; ``numbers`` labels each position (a key);
    ``marked`` positions are outlined (the free tiles of a lesson). The tiles are as large
    as the width and ``max_height`` allow (or ``tile_width`` mm where that fits), the layers
    side by side where they fit, so the figure is drawn at full size (its type stays
    legible)."""
    tile_w, panels, full_w, total_h = _arrange(layout, width, max_height, tile_width)
    boxes = _boxes(layout)
    half_w, half_h = tile_w / 2, tile_w * RATIO / 2
    index = {p: i for i, p in enumerate(layout.positions)}

    def draw(c: Canvas) -> None:
        for z, (px, py) in panels.items():
            bx, by, bw, _bh = boxes[z]
            c.text(px, py - 1.8, f"Layer {z + 1}" + (" (bottom)" if z == 0 else ""),
                   size=LABEL_SIZE, font="bold", fill=LABEL)
            if z:
                for p in layout.positions:
                    if p.z == z - 1:
                        x = px + (p.x - bx) * half_w
                        y = py + (p.y - by) * half_h
                        if (x >= px - 0.1 and x + tile_w <= px + bw * half_w + 0.1
                                and y >= py - 0.1):
                            c.rect(x + 0.3, y + 0.3, tile_w - 0.6, tile_w * RATIO - 0.6,
                                   fill="#f3f0ea", stroke=GHOST, stroke_width=0.25, radius=0.8)
            for p in layout.positions:
                if p.z != z:
                    continue
                x = px + (p.x - bx) * half_w
                y = py + (p.y - by) * half_h
                i = index[p]
                if numbers is not None:
                    draw_keyed_tile(c, tiles[i], x, y, tile_w, str(numbers[i]),
                                    size=NUMBER_SIZE, colour=LABEL)
                else:
                    draw_tile(c, tiles[i], x, y, tile_w, mark=i in marked)

    return Figure(full_w, total_h, draw, caption, max_height=max_height)


def stacked_figure(layout: Layout, tiles: Sequence[Tile | None], *, tile_width: float = 9.0,
                   marked: frozenset[int] = frozenset(), caption: str = "") -> Figure:
    """The layout as it stands on the table: each layer drawn over the one below, moved
    a little up and to the left, as the computer games show it."""
    x0, y0, x1, y1 = layout.bounds
    half_w, half_h = tile_width / 2, tile_width * RATIO / 2
    lift = tile_width * 0.12
    top = max(p.z for p in layout.positions)
    order = sorted(range(len(layout)), key=lambda i: (layout.positions[i].z,
                                                      layout.positions[i].y,
                                                      layout.positions[i].x))

    def draw(c: Canvas) -> None:
        for i in order:
            p = layout.positions[i]
            x = (p.x - x0) * half_w + (top - p.z) * lift
            y = (p.y - y0) * half_h + (top - p.z) * lift
            c.rect(x + lift * 0.6, y + lift * 0.6, tile_width, tile_width * RATIO,
                   fill="#b9b2a4", radius=0.9)
            draw_tile(c, tiles[i], x, y, tile_width, mark=i in marked)

    width = (x1 - x0) * half_w + top * lift + lift
    height = (y1 - y0) * half_h + top * lift + lift + (1.5 if marked else 0.0)
    return Figure(width, height, draw, caption)


def layout_figure(params: SolitaireFigure) -> Illustration:
    """A layout, empty (tile backs) or dealt with a deal proven winnable: stacked as on the
    table, or every layer drawn apart; with ``free`` the tiles free at the start are
    outlined."""
    from tilepress.engine import solitaire
    from tilepress.layouts.files import find_layout

    layout = find_layout(params.layout)
    board = solitaire.board_for(layout)
    everything = (1 << len(layout)) - 1
    free = frozenset(board.free_tiles(everything))
    if params.dealt:
        deal, _ = solitaire.deal_backwards(layout,
                                           random.Random(f"tilepress:draw:{params.deal}"))
        tiles: Sequence[Tile | None] = deal.tiles
    else:
        tiles = [None] * len(layout)
    marked = free if params.free else frozenset()
    if params.view == "stacked":
        figure = stacked_figure(layout, tiles, tile_width=params.tile_width, marked=marked)
    else:
        figure = layers_figure(layout, tiles, width=params.width, marked=marked)
    facts = {"tiles": len(layout), "layers": len({p.z for p in layout.positions}),
             "free": len(free), "solvable": layout_solvable(layout)}
    return Illustration(figure, facts)




# ---------------------------------------------------------------------------
# Build plans: a layer at a time, to lay a layout out with real (or paper) tiles
# ---------------------------------------------------------------------------

PLAN_INK = "#1d1d1b"
PLAN_GRID = "#c9c2b4"
PLAN_BELOW = "#e6e1d6"
PLAN_TILE = "#fffbf0"
PLAN_TAB = 7.0
"""Width (mm) of the row labels at the left of a plan's layer."""


def half(v: int) -> str:
    """A position in half-tile units as a 1-based column or row number: 0 -> "1",
    1 -> "1½"."""
    whole, rest = divmod(v, 2)
    return f"{whole + 1}{'½' if rest else ''}"


def plan_window(layout: Layout, z: int) -> tuple[int, int, int, int]:
    """The part of the layout a layer's plan shows (half-tile units, x0, y0, x1, y1): the
    layer's own tiles and one tile round them, within the layout, on whole squares."""
    lx0, ly0, lx1, ly1 = layout.bounds
    here = [p for p in layout.positions if p.z == z]
    x0 = max(lx0, min(p.x for p in here) - 2)
    y0 = max(ly0, min(p.y for p in here) - 2)
    x1 = min(lx1, max(p.x for p in here) + 4)
    y1 = min(ly1, max(p.y for p in here) + 4)
    return x0 - (x0 - lx0) % 2, y0 - (y0 - ly0) % 2, x1 + (x1 - lx0) % 2, y1 + (y1 - ly0) % 2


def plan_tile_width(layout: Layout, width: float, *, most: float = 14.0) -> float:
    """The tile width (mm, in tenths) at which the layout's widest layer window fits in
    ``width`` beside its row labels: one scale for every layer of a plan."""
    widest = max(x1 - x0 for x0, _, x1, _ in (plan_window(layout, z)
                                              for z in range(len(layout.layers))))
    return min(most, int((width - PLAN_TAB) / (widest / 2) * 10) / 10)


def layer_plan_figure(layout: Layout, z: int, *, tile_width: float,
                      size: float = 8.0) -> Figure:
    """One layer of a build plan: a grid of whole tile squares numbered along the top
    (columns) and down the left (rows) as the whole layout counts them, the layer
    beneath drawn faintly, and this layer's tiles outlined, each with its number in the
    order to lay them (row by row, left to right). A tile half a square over sits across
    a grid line."""
    from tilepress.draw.canvas import PT

    lx0, ly0, _, _ = layout.bounds
    x0, y0, x1, y1 = plan_window(layout, z)
    half_w, half_h = tile_width / 2, tile_width * RATIO / 2
    top = size * PT * 1.6
    here = [p for p in layout.positions if p.z == z]
    below = [p for p in layout.positions if p.z == z - 1]
    width = PLAN_TAB + (x1 - x0) * half_w
    height = top + (y1 - y0) * half_h

    def at(x: int, y: int) -> tuple[float, float]:
        return PLAN_TAB + (x - x0) * half_w, top + (y - y0) * half_h

    def draw(c: Canvas) -> None:
        for x in range(x0, x1 + 1, 2):
            gx, _ = at(x, y0)
            c.line(gx, top, gx, height, stroke=PLAN_GRID, stroke_width=0.2, dash=(0.8, 0.8))
            if x < x1:
                c.text(gx + half_w, top - size * PT * 0.45, half(x - lx0), size=size,
                       anchor="middle", fill=PLAN_INK)
        for y in range(y0, y1 + 1, 2):
            _, gy = at(x0, y)
            c.line(PLAN_TAB, gy, width, gy, stroke=PLAN_GRID, stroke_width=0.2, dash=(0.8, 0.8))
            if y < y1:
                c.text(PLAN_TAB - 1.5, gy + half_h + size * PT * 0.35, half(y - ly0),
                       size=size, anchor="end", fill=PLAN_INK)
        inset = min(0.5, tile_width * 0.04)
        for p in below:
            if x0 <= p.x < x1 and y0 <= p.y < y1:
                px, py = at(p.x, p.y)
                c.rect(px + inset, py + inset, tile_width - 2 * inset,
                       tile_width * RATIO - 2 * inset, fill=PLAN_BELOW, stroke=GHOST,
                       stroke_width=0.25, radius=0.8)
        for n, p in enumerate(here, start=1):
            px, py = at(p.x, p.y)
            c.rect(px + inset, py + inset, tile_width - 2 * inset,
                   tile_width * RATIO - 2 * inset, fill=PLAN_TILE, stroke=PLAN_INK,
                   stroke_width=0.45, radius=0.9)
            c.text(px + tile_width / 2, py + tile_width * RATIO / 2 + size * PT * 0.35,
                   str(n), size=size, anchor="middle", fill=LABEL)

    return Figure(width, height, draw)


def layer_rows(layout: Layout, z: int) -> list[str]:
    """A layer's tiles row by row in words: "row 1: 12 tiles, columns 2 to 13"; a row
    with gaps lists each run ("1 tile, column 1; 2 tiles, columns 14 to 15")."""
    lx0, ly0, _, _ = layout.bounds
    lines = []
    for y in sorted({p.y for p in layout.positions if p.z == z}):
        xs = sorted(p.x for p in layout.positions if p.z == z and p.y == y)
        runs: list[list[int]] = [[xs[0]]]
        for x in xs[1:]:
            if x == runs[-1][-1] + 2:
                runs[-1].append(x)
            else:
                runs.append([x])
        parts = [f"1 tile, column {half(r[0] - lx0)}" if len(r) == 1 else
                 f"{len(r)} tiles, columns {half(r[0] - lx0)} to {half(r[-1] - lx0)}"
                 for r in runs]
        lines.append(f"Row {half(y - ly0)}: {'; '.join(parts)}.")
    return lines


LESSON = ((0, 0, 0), (2, 0, 0), (4, 0, 0), (6, 0, 0), (8, 0, 0), (2, 2, 0), (4, 2, 0),
          (6, 2, 0), (3, 0, 1))
"""A few tiles that show every way a tile is held or free: the ends of a row, a row's
middle, two tiles under a third that rests half on each."""
LESSON_TILES = "1s5p5p2m9s3z7p1s6z"


def free_figure(params: FreeFigure) -> Illustration:
    """Which tiles are free, on a few tiles as they lie on the table: the free ones
    outlined, as the engine finds them."""
    from tilepress.engine import solitaire
    from tilepress.layouts import Position
    from tilepress.tiles import parse_tiles

    layout = Layout.of("free tiles", [Position(z, y, x) for x, y, z in LESSON])
    faces = dict(zip(LESSON, parse_tiles(LESSON_TILES), strict=True))
    tiles = [faces[(p.x, p.y, p.z)] for p in layout.positions]
    board = solitaire.board_for(layout)
    free = frozenset(board.free_tiles((1 << len(layout)) - 1))
    figure = stacked_figure(layout, tiles, tile_width=params.tile_width, marked=free)
    return Illustration(figure, {"tiles": len(layout), "free": len(free)})


SOLVABLE_BUDGET = 20_000
"""Simulated plays spent on the rare layout that quick removal orders do not clear."""


def layout_solvable(layout: Layout) -> bool | str:
    """Whether a winnable deal exists for the layout: some order takes it apart two free
    tiles at a time (a deal laid on that order in reverse then wins). True when such an
    order is found; False when none exists (an odd count, or the solver proves it for a
    deal whose tiles all match one another, which plays as the empty layout); "undecided"
    when the solver's budget ran out first."""
    from tilepress.engine import solitaire
    from tilepress.errors import RequestError
    from tilepress.tiles import parse_tiles

    if len(layout) % 2:
        return False
    try:
        solitaire.removal_order(layout, random.Random("tilepress:solvable"), attempts=20)
        return True
    except RequestError:
        pass
    flowers = parse_tiles("1f") * len(layout)  # any flower matches any flower
    result = solitaire.solve(solitaire.Deal(layout, flowers), budget=SOLVABLE_BUDGET)
    if result.status == solitaire.UNDECIDED:
        return "undecided"
    return result.status == solitaire.SOLVED


