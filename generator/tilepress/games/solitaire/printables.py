"""Mahjong solitaire at the table: build plans that lay a layout out layer by layer.

A picture from above shows where a layout's top tiles lie but not what stands beneath
them; a build plan draws every layer on its own, on a grid numbered the same way on every
layer, the layer beneath it faint, so a player can lay out the layout with real or paper
tiles.
"""

from __future__ import annotations

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
from tilepress.games.solitaire.options import BuildPlanOptions
from tilepress.games.solitaire.pictures import (
    layer_plan_figure,
    layer_rows,
    plan_tile_width,
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
    widths = [plan_tile_width(layout, frame) for layout in layouts]
    if large and min(widths) < 12.0 * LARGE and paper.height > paper.width:
        wide = Paper(paper.name, paper.height, paper.width)
        if min(plan_tile_width(layout, wide.width - 2 * margin, most=18.0)
               for layout in layouts) > min(widths):
            page, frame = wide, wide.width - 2 * margin
    blocks: list[Block] = []
    for k, layout in enumerate(layouts):
        tile_w = plan_tile_width(layout, frame, most=18.0 if large else 12.0)
        blocks += _plan(layout, tile_w, size, frame, first=k == 0)
    title = ("Mahjong solitaire: build plans" if len(layouts) > 1
             else f"Mahjong solitaire: building the {layouts[0].name}")
    return Document(title, page, tuple(blocks), margin=margin)


def _plan(layout: Layout, tile_w: float, size: float, frame: float, *, first: bool
          ) -> list[Block]:
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
            Heading(f"Layer {z + 1}: {count} tile{'s' * (count != 1)}, {where}", level=2),
            *_layer(layout, z, tile_w, size, frame),
        ]
    above = stacked_figure(layout, [None] * len(layout),
                           tile_width=min(6.0, tile_w) if size < 14 else min(9.0, tile_w),
                           caption=f"The {name} when it is built, seen from above: the top "
                           "of each tile shows.")
    blocks += [Heading(f"The {name}, built", level=2), above]
    return blocks


def _layer(layout: Layout, z: int, tile_w: float, size: float, frame: float
           ) -> list[Block]:
    """A layer's plan, and its rows in words beside it where they fit, else below."""
    text = size - 1.0 if size < 14 else size
    panel = layer_plan_figure(layout, z, tile_width=tile_w, size=max(size - 1.0, 8.0))
    rows = layer_rows(layout, z)
    gap = 6.0
    line = text * PT * 1.45
    beside = max(text_width(r, text) for r in rows)
    if panel.width + gap + beside > frame:
        return [panel, Bullets(tuple(rows), size=text)]
    height = max(panel.height, (len(rows) + 1) * line)

    def draw(c: Canvas) -> None:
        panel.draw(c)
        for k, row in enumerate(rows):
            c.text(panel.width + gap, (k + 1) * line + 6.0, row, size=text, fill=INK)

    return [Figure(panel.width + gap + beside, height + 1.0, draw)]


__all__ = ["build_plans", "plan_layouts"]
