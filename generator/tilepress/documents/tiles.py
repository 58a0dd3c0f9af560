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
from dataclasses import dataclass

from tilepress.documents.cards import SAFE, CardSheetOptions, CardSheets, CardSpec, Side
from tilepress.draw.canvas import Canvas, Paper
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
    tile_size(options.card_size)
    tiles = tile_set(options.set, options.suit)
    name = SET_TITLES.get(options.set, "tiles as listed")
    try:
        return CardSheets(title or f"Paper tiles, {name}", tile_cards(tiles), paper, options,
                          back=draw_paper_back)
    except RequestError as exc:  # the card sheets speak of cards; these are tiles
        raise RequestError(str(exc).replace(" cards ", " tiles ")) from None


__all__ = ["SETS", "TILE_SIZE", "TileSheetOptions", "describe_set", "tile_cards", "tile_front",
           "tile_set", "tile_sheets", "tile_size"]
