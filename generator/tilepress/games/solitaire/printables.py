"""Mahjong solitaire at the table: build plans that lay a layout out layer by layer.

A picture from above shows where a layout's top tiles lie but not what stands beneath
them; a build plan draws every layer on its own, on a grid numbered the same way on every
layer, the layer beneath it faint, so a player can lay out the layout with real or paper
tiles.
"""

from __future__ import annotations

from dataclasses import replace

from tilepress.documents.model import (
    Block,
    Bullets,
    Document,
    Figure,
    Heading,
    Paragraph,
    Section,
)
from tilepress.draw.canvas import PT, Canvas, Paper
from tilepress.draw.fonts import text_width
from tilepress.draw.tiles import RATIO
from tilepress.games.solitaire.options import BuildPlanOptions
from tilepress.games.solitaire.pictures import (
    PLAN_TAB,
    layer_plan_figure,
    layer_rows,
    plan_tile_width,
    plan_window,
    stacked_figure,
)
from tilepress.layouts import Layout

INK = "#1d1d1b"

LARGE = 1.5
"""Large print: tiles this much larger, and type of at least 14 pt."""


def plan_layouts(text: str) -> list[Layout]:
    """The layouts named in ``text``, separated by commas."""
    from tilepress.errors import RequestError
    from tilepress.layouts.files import find_layout

    names = [n.strip() for n in text.split(",") if n.strip()]
    if not names:
        raise RequestError("layout: name at least one layout to plan")
    return [find_layout(n) for n in names]


def build_plans(paper: Paper, options: BuildPlanOptions | None = None) -> Document:
    """Every layer of each layout, at one scale, on a numbered grid with the layer
    beneath drawn faintly, each tile numbered in an order to lay it; before the layers,
    the finished layout seen from above and how to read the plan. In large print the
    pages turn landscape where that gives the tiles their larger size."""
    options = options or BuildPlanOptions()
    layouts = plan_layouts(options.layout)
    large = options.large_print
    size = 14.0 if large else 9.0
    margin = 15.0
    frame = paper.width - 2 * margin
    page = paper
    most = 12.0 * LARGE if large else 12.0

    def fit(layout: Layout, on: Paper) -> float:
        """The tile width at which every layer's plan fits the page's width, and its
        height below the layer's heading."""
        tall = on.height - 2 * margin - 30.0
        rows = max(y1 - y0 for _, y0, _, y1 in (plan_window(layout, z)
                                                for z in range(len(layout.layers)))) / 2
        by_height = int((tall - 8.0) / (rows * RATIO) * 10) / 10
        return min(plan_tile_width(layout, on.width - 2 * margin, most=most), by_height)

    if large and paper.height > paper.width:  # landscape where the tiles grow by it
        wide = Paper(paper.name, paper.height, paper.width)
        if min(fit(lay, wide) for lay in layouts) > min(fit(lay, paper) for lay in layouts):
            page, frame = wide, wide.width - 2 * margin
    blocks: list[Block] = []
    for k, layout in enumerate(layouts):
        tall = page.height - 2 * margin - 30.0  # below a layer's heading
        blocks += _plan(layout, fit(layout, page), size, frame, tall, first=k == 0)
    title = ("Mahjong solitaire: build plans" if len(layouts) > 1
             else f"Mahjong solitaire: building the {layouts[0].name}")
    return Document(title, page, tuple(blocks), margin=margin)


def _plan(layout: Layout, tile_w: float, size: float, frame: float, tall: float, *,
          first: bool) -> list[Block]:
    from tilepress.documents.model import PageBreak

    layers = layout.layers
    counts = ", ".join(f"layer {z + 1}: {n}" for z, n in enumerate(layers))
    name = layout.name
    blocks: list[Block] = [] if first else [PageBreak(soft=True)]
    blocks += [
        Section(f"Building the {name}"),
        Heading(f"Building the {name}"),
        Paragraph(f"{len(layout)} tiles in {len(layers)} layers ({counts}). Lay layer 1 on "
                  "the table, then each layer on top of the one before.", size=size),
    ]
    if first:
        blocks.append(Bullets((
            "The squares of the grid are one tile each, numbered along the top (columns) "
            "and down the left (rows) the same way on every layer. A tile half a square "
            "over lies across a grid line: its column or row reads 1½, 2½, ...",
            "The faint tiles are the layer beneath: each new tile rests on the faint "
            "tiles it covers, edges lined up with theirs.",
            "The small number on a tile is an order to lay them in: row by row, left to "
            "right. Shuffle the tiles face down, then turn each one face up as you lay it.",
        ), size=size))
    for z, count in enumerate(layers):
        where = "on the table" if z == 0 else f"on top of layer {z}, drawn faintly"
        blocks += [
            Heading(f"Layer {z + 1}: {count} tile{'s' * (count != 1)}, {where}", level=2,
                    size=_sub(size)),
            *_layer(layout, z, tile_w, size, frame, tall),
        ]
    above = stacked_figure(layout, [None] * len(layout),
                           tile_width=min(6.0, tile_w) if size < 14 else min(9.0, tile_w),
                           caption=f"The {name} when it is built, seen from above: the top "
                           "of each tile shows.")
    if size >= 14:
        above = replace(above, caption_size=size)
    blocks += [Heading(f"The {name}, built", level=2, size=_sub(size)), above]
    return blocks


def _sub(size: float) -> float:
    """The size of a layer's heading: the level's own, or 18 pt in large print."""
    return 18.0 if size >= 14 else 0.0


def _layer(layout: Layout, z: int, tile_w: float, size: float, frame: float, tall: float
           ) -> list[Block]:
    """A layer's plan, and its rows in words beside it where they fit, else below."""
    text = size - 1.0 if size < 14 else size
    panel = layer_plan_figure(layout, z, tile_width=tile_w,
                              size=max(size - 1.0, 8.0) if size < 14 else size)
    rows = layer_rows(layout, z)
    gap = 6.0
    line = text * PT * 1.45
    beside = max(text_width(r, text) for r in rows)
    if panel.width + gap + beside <= frame:
        height = max(panel.height, (len(rows) + 1) * line)
        return [Figure(panel.width + gap + beside, height + 1.0,
                       lambda c: _words(c, panel, rows, panel.width + gap, 6.0, text))]
    below = panel.height + 3.0 + len(rows) * line
    if size >= 14 and below <= tall:  # large print: the words stay with their plan
        return [Figure(max(panel.width, beside), below + 1.0,
                       lambda c: _words(c, panel, rows, PLAN_TAB, panel.height + 3.0, text))]
    return [panel, Bullets(tuple(rows), size=text)]


def _words(c: Canvas, panel: Figure, rows: list[str], x: float, y: float, size: float
           ) -> None:
    panel.draw(c)
    for k, row in enumerate(rows):
        c.text(x, y + (k + 0.8) * size * PT * 1.45, row, size=size, fill=INK)


__all__ = ["build_plans", "plan_layouts"]
