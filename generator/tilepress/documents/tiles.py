"""Paper mahjong tiles: a tile set printed as cards on card stock.

A paper tile is a card (:mod:`tilepress.documents.cards`): its face on the front, the
tile's art as large as the safe zone allows on an ivory ground that runs into the bleed,
and one green back shared by every tile, so every card-sheet option applies (sheets and
gutters, crop marks, the duplex edge and back offset, a print shop's pages with TrimBox
and BleedBox, SVG and PNG files).

The sets: ``onesuit`` (36: one suit, four of each number), ``standard`` (136: three suits,
winds and dragons), ``full`` (144: and the flowers and seasons), ``american`` (152: and
eight jokers), or any list of tiles in MPSZ notation (``xN`` at the end: N of each).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from tilepress.documents.cards import SAFE, CardSheetOptions, CardSheets, CardSpec, Side
from tilepress.documents.print_options import LARGE_TILES
from tilepress.documents.sheets import CUT, INK, DrawnPages, fold_line
from tilepress.draw.canvas import PT, Canvas, Paper
from tilepress.draw.fonts import wrap
from tilepress.draw.tiles import ART_BOX, FACE, TILE_H, TILE_W, art_symbol, draw_paper_back
from tilepress.errors import RequestError, TilepressError
from tilepress.params import option
from tilepress.tiles import Tile, parse_tiles

TILE_SIZE = (20.0, 27.0)
"""A paper tile's face (mm) unless told: near the face of a small real tile."""
WIDTHS, HEIGHTS = (10.0, 60.0), (10.0, 80.0)

_SUITS = "123456789m123456789p123456789s"
_HONORS = "1234567z"
SETS: dict[str, str] = {
    "onesuit": "36 tiles of one suit: 1 to 9, four of each",
    "standard": "136 tiles: three suits, winds and dragons, four of each",
    "full": "144 tiles: the standard 136, four flowers and four seasons",
    "american": "152 tiles: the standard 136, eight flowers and eight jokers",
}
SET_TITLES = {"onesuit": "one suit", "standard": "standard set", "full": "full set",
              "american": "American set"}


def tile_set(name: str, suit: str = "m") -> tuple[Tile, ...]:
    """The tiles of a named set (``onesuit`` in ``suit``), or of an MPSZ list: each tile
    as listed, or with ``xN`` at the end each face N times (``1234567z x4``). Copies of a
    face stand together."""
    if suit not in ("m", "p", "s"):
        raise RequestError(f"the suit must be m, p or s, not {suit!r}")
    if name == "onesuit":
        return _copies(parse_tiles(f"123456789{suit}"), 4)
    if name in ("standard", "full", "american"):
        tiles = _copies(parse_tiles(_SUITS + _HONORS), 4)
        if name == "full":
            tiles += parse_tiles("12345678f")
        if name == "american":
            tiles += parse_tiles("12345678f") + _copies(parse_tiles("1j"), 8)
        return tiles
    text, copies = name.strip(), 1
    m = re.fullmatch(r"(.*?)\s*[xX](\d)", text)
    if m and m[1]:
        text, copies = m[1], int(m[2])
    if not re.search(r"\d", text) or copies < 1:
        raise RequestError(f"unknown tile set {name!r}: give {', '.join(SETS)}, or tiles in "
                           "MPSZ notation (123m456p; 1234567z x4 for four of each)")
    try:
        tiles = _copies(parse_tiles(text), copies)
    except TilepressError as exc:
        raise RequestError(f"tile set {name!r}: {exc}") from None
    if not tiles:
        raise RequestError(f"tile set {name!r} holds no tiles")
    return tiles


def _copies(faces: tuple[Tile, ...], n: int) -> tuple[Tile, ...]:
    return tuple(t for t in faces for _ in range(n))


def describe_set(name: str, suit: str = "m") -> str:
    """The set in words: "136 tiles: three suits, ..." or "20 tiles as listed"."""
    if name in SETS:
        return SETS[name]
    return f"{len(tile_set(name, suit))} tiles as listed"


def tile_size(text: str) -> tuple[float, float]:
    """A tile's width and height in mm, written WxH or W,H (``20x27``)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[xX,]\s*(\d+(?:\.\d+)?)\s*", text)
    if not m:
        raise RequestError(f"tile-size must be a width and a height in mm, as 20x27, not "
                           f"{text!r}")
    w, h = float(m[1]), float(m[2])
    if not (WIDTHS[0] <= w <= WIDTHS[1] and HEIGHTS[0] <= h <= HEIGHTS[1]):
        raise RequestError(f"tile-size {w:g} x {h:g} mm is not a mahjong tile: give "
                           f"{WIDTHS[0]:g}-{WIDTHS[1]:g} mm wide and {HEIGHTS[0]:g}-"
                           f"{HEIGHTS[1]:g} mm tall")
    return w, h


@dataclass(frozen=True)
class TileSheetOptions(CardSheetOptions):
    """A tile set on sheets: the card-sheet options, with the tile's size for the card's."""

    card_size: str = option(f"{TILE_SIZE[0]:g}x{TILE_SIZE[1]:g}", flags=("--tile-size",),
                            help="The face of a tile in mm as WxH (20x27, the default, near a "
                            "small real tile; 26x34.7 is a common large one).")
    back: str = option("shipped", help="The tile back: shipped (green, the default), none "
                       "(fronts only) or a plain colour as #rrggbb.")
    set: str = option("standard", argument=True,
                      help="onesuit (36), standard (136), full (144, with flowers and "
                      "seasons), american (152, with 8 jokers), or tiles in MPSZ notation "
                      "(123m456p; 1234567z x4 for four of each).")
    suit: str = option("m", choices=("m", "p", "s"),
                       help="The suit of the onesuit set: m (characters), p (dots) or s "
                       "(bamboo).")
    large_print: bool = option(False, flags=("--large-print",),
                               help="Large print: tiles half as large again as --tile-size "
                               "(30x40.5 from the default 20x27).")


def tile_front(tile: Tile) -> Side:
    """A paper tile's face: ivory to the edge of the bleed, the art centred and as large
    as the safe zone allows."""

    def draw(c: Canvas, w: float, h: float, b: float) -> None:
        c.rect(-b, -b, w + 2 * b, h + 2 * b, fill=FACE)
        x0, y0, x1, y1 = ART_BOX
        cx, cy = TILE_W / 2, TILE_H / 2
        half_w, half_h = max(cx - x0, x1 - cx), max(cy - y0, y1 - cy)
        scale = min((w / 2 - SAFE) / half_w, (h / 2 - SAFE) / half_h)
        c.place(art_symbol(c, tile), w / 2 - cx * scale, h / 2 - cy * scale, scale=scale)

    return draw


def tile_cards(tiles: tuple[Tile, ...]) -> list[CardSpec]:
    """One card a tile, named by its face and copy (``5m-2``)."""
    seen: dict[Tile, int] = {}
    cards = []
    for tile in tiles:
        seen[tile] = seen.get(tile, 0) + 1
        cards.append(CardSpec(f"{tile}-{seen[tile]}", tile_front(tile)))
    return cards


def tile_sheets(paper: Paper, options: TileSheetOptions | None = None, *,
                title: str = "") -> CardSheets:
    """A tile set as cards on sheets, fronts and mirrored backs on alternate pages."""
    options = options or TileSheetOptions()
    w, h = tile_size(options.card_size)
    if options.large_print:  # the tiles half as large again; cards of that size
        w, h = round(w * LARGE_TILES, 2), round(h * LARGE_TILES, 2)
        options = replace(options, card_size=f"{w:g}x{h:g}", large_print=False)
    tiles = tile_set(options.set, options.suit)
    name = SET_TITLES.get(options.set, "tiles as listed")
    try:
        return CardSheets(title or f"Paper tiles, {name}", tile_cards(tiles), paper, options,
                          back=draw_paper_back)
    except RequestError as exc:  # the card sheets speak of cards; these are tiles
        raise RequestError(str(exc).replace(" cards ", " tiles ")) from None





# ---------------------------------------------------------------------------
# A tile stand to fold: what stands in for a rack
# ---------------------------------------------------------------------------

STAND_MARGIN = 10.0
STAND_GAP = 6.0
LIP, TAB = 5.0, 8.0


def stand_panels(tile_h: float) -> tuple[tuple[str, float], ...]:
    """The panels of a tile stand across its strip (mm), in folding order: a lip, the
    floor the tiles stand on, the slope they lean on, the back, the base and a tab glued
    under the floor. The back, the base and the slope make a right triangle."""
    import math

    back, base = round(0.8 * tile_h, 1), round(0.65 * tile_h, 1)
    return (("lip", LIP), ("floor", round(0.35 * tile_h, 1)),
            ("slope", round(math.hypot(back, base), 1)), ("back", back), ("base", base),
            ("tab", TAB))


def _rack_words(holds: int, parts: int, hand: int) -> str:
    """What a stand sheet's header says of one player's rack, when it takes more stands."""
    return (f" Each stand holds {holds} tiles: {parts} side by side make one player's "
            f"rack, for a hand of {hand}." if parts > 1 else "")


def tile_stands(paper: Paper, tile_w: float, tile_h: float, *, count: int,
                title: str, hand: int = 0, large_print: bool = False) -> DrawnPages:
    """Fold-up tile stands for ``count`` players' paper tiles ``tile_w`` x ``tile_h`` mm,
    as many to a sheet as fit: a strip to cut out, fold along its dashed lines into a
    wedge and glue; the tiles stand on its floor against its slope, faces to their
    player, backs to the table. A strip is as long as the paper allows; when it holds
    fewer than ``hand`` tiles (the most a player stands), each player gets as many strips
    as make room for them, to set side by side, and every sheet says so."""
    panels = stand_panels(tile_h)
    strip_w = sum(w for _, w in panels)
    size = 14.0 if large_print else 8.0
    room_w = paper.width - 2 * STAND_MARGIN

    def header(k: int) -> list[str]:
        return wrap(f"{title}: tile stands, sheet {k + 1} of {sheets}. Print at 100% on "
                    f"card stock.{rack}", paper.width - 2 * STAND_MARGIN, size, "bold")

    rack = _rack_words(99, 9, hand) if hand else ""  # the longest it can be: the header's room
    sheets = 1  # for the header's height; counted below
    top = STAND_MARGIN + size * PT * (1.0 + 1.3 * len(header(99))) + 2.0
    room_h = paper.height - top - STAND_MARGIN - 8.0
    across = max(1, int((room_w + STAND_GAP) // (strip_w + STAND_GAP)))
    holds = int((room_h - 6.0) // tile_w)
    if strip_w > room_w or holds < 4:
        raise RequestError(f"a tile stand for {tile_w:g} x {tile_h:g} mm tiles does not fit "
                           f"on {paper.name} paper")
    length = holds * tile_w + 6.0
    parts = max(1, -(-hand // holds))  # strips side by side for one player's hand
    per_player = (f"; set {parts} side by side for a hand of {hand}" if parts > 1 else "")
    rack = _rack_words(holds, parts, hand)
    count *= parts
    sheets = -(-count // across)
    words = (f"Cut along the solid line; fold back along every dashed line; glue the tab "
             f"under the floor. Holds {holds} tiles{per_player}.")

    def strip(c: Canvas, x: float, y: float) -> None:
        c.rect(x, y, strip_w, length, stroke=INK, stroke_width=CUT)
        at = x
        for name, w in panels:
            if name == "slope":
                c.rect(at, y, w, length, fill="#f4efe4")
            if name == "tab":
                c.rect(at, y, w, length, fill="#e6e1d6")
            at += w
        at = x
        for _name, w in panels[:-1]:
            at += w
            fold_line(c, at, y, at, y + length)
        labels = {"floor": "tiles stand here", "slope": "your tiles lean here",
                  "back": words, "tab": "glue"}
        at = x
        for name, w in panels:
            text = labels.get(name, "")
            if text:
                lines = wrap(text, length - 8.0, size)
                if len(lines) * size * PT * 1.3 > w - 2.0:
                    lines = wrap(text.split(";")[0], length - 8.0, size) if name == "back" \
                        else []
                for k, line in enumerate(lines[:max(1, int((w - 2.0) // (size * PT * 1.3)))]):
                    with c.group(translate=(at + w / 2, y + length / 2), rotate=-90):
                        offset = (k - (len(lines) - 1) / 2) * size * PT * 1.3
                        c.text(0, offset + size * PT * 0.35, line, size=size,
                               anchor="middle", fill="#6b6862")
            at += w

    def page(k: int):
        def draw(c: Canvas, w: float, h: float) -> None:
            for n, line in enumerate(header(k)):
                c.text(STAND_MARGIN, STAND_MARGIN + size * PT * (1 + 1.3 * n), line,
                       size=size, font="bold", fill=INK)
            n = min(across, count - k * across)
            used = n * strip_w + (n - 1) * STAND_GAP
            x = (w - used) / 2
            for j in range(n):
                strip(c, x + j * (strip_w + STAND_GAP), top)
        return draw

    return DrawnPages(f"{title}: tile stands", paper, [page(k) for k in range(sheets)],
                      subtitle=f"{count} stands to fold, each for {holds} tiles"
                      + (f", {parts} to a player" if parts > 1 else ""))


__all__ = ["SETS", "TILE_SIZE", "TileSheetOptions", "describe_set", "stand_panels", "tile_cards",
           "tile_front", "tile_set", "tile_sheets", "tile_size", "tile_stands"]
