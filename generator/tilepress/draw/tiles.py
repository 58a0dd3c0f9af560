"""Vector art for every mahjong tile, drawn from primitives (no CJK font needed).

Each face is defined once per document as a symbol 12 mm x 16 mm (the size at which it
must stay legible in print) and placed scaled. Number tiles carry a small index in the
top-left corner; characters show the Chinese numeral over a red 萬 drawn as strokes.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import TypeVar

from tilepress.draw.canvas import PT, Canvas, star_points
from tilepress.tiles import Tile

Lines = TypeVar("Lines")

TILE_W = 12.0
TILE_H = 16.0
RATIO = TILE_H / TILE_W

INK = "#1d1d1b"
NAVY = "#1c2f5e"
BLUE = "#1f4f9e"
GREEN = "#16784a"
RED = "#c62633"
GOLD = "#d89a12"
PINK = "#d9577f"
PURPLE = "#7a3f98"
BROWN = "#8a4b1c"
FACE = "#fffbf0"
EDGE = "#5b5346"
MARK = "#e0661b"

SUIT_COLORS = {"m": RED, "p": BLUE, "s": GREEN}

# art box inside the face
_AX0, _AY0, _AX1, _AY1 = 1.0, 2.7, 11.0, 15.0


def _at(u: float, v: float) -> tuple[float, float]:
    return (_AX0 + u * (_AX1 - _AX0), _AY0 + v * (_AY1 - _AY0))


def _strokes(c: Canvas, strokes: Sequence[Sequence[tuple[float, float]]], box: tuple,
             color: str, width: float) -> None:
    x0, y0, x1, y1 = box
    for stroke in strokes:
        pts = [(x0 + u * (x1 - x0), y0 + v * (y1 - y0)) for u, v in stroke]
        c.polyline(pts, stroke=color, stroke_width=width, cap="round")


# ---------------------------------------------------------------------------
# Dots
# ---------------------------------------------------------------------------

_DOTS = {
    2: (2.25, [(0.5, 0.25, GREEN), (0.5, 0.75, BLUE)]),
    3: (1.75, [(0.2, 0.17, BLUE), (0.5, 0.5, RED), (0.8, 0.83, GREEN)]),
    4: (2.0, [(0.27, 0.27, BLUE), (0.73, 0.27, GREEN), (0.27, 0.73, GREEN), (0.73, 0.73, BLUE)]),
    5: (1.6, [(0.22, 0.2, BLUE), (0.78, 0.2, GREEN), (0.5, 0.5, RED), (0.22, 0.8, GREEN),
              (0.78, 0.8, BLUE)]),
    6: (1.55, [(0.28, 0.16, GREEN), (0.72, 0.16, GREEN), (0.28, 0.54, RED), (0.72, 0.54, RED),
               (0.28, 0.85, RED), (0.72, 0.85, RED)]),
    7: (1.3, [(0.17, 0.1, GREEN), (0.5, 0.23, GREEN), (0.83, 0.36, GREEN), (0.28, 0.62, RED),
              (0.72, 0.62, RED), (0.28, 0.89, RED), (0.72, 0.89, RED)]),
    8: (1.3, [(x, y, BLUE) for y in (0.11, 0.37, 0.63, 0.89) for x in (0.28, 0.72)]),
    9: (1.45, [(x, y, color) for y, color in ((0.15, BLUE), (0.5, RED), (0.85, GREEN))
               for x in (0.17, 0.5, 0.83)]),
}


def _coin(c: Canvas, cx: float, cy: float, r: float, color: str) -> None:
    c.circle(cx, cy, r, fill=color)
    c.circle(cx, cy, r * 0.7, fill=FACE)
    c.circle(cx, cy, r * 0.46, fill=color)
    c.circle(cx, cy, r * 0.16, fill=FACE)


def _draw_dots(c: Canvas, n: int) -> None:
    if n == 1:
        cx, cy = _at(0.5, 0.5)
        c.circle(cx, cy, 4.4, fill=GREEN)
        c.circle(cx, cy, 3.75, fill=FACE)
        c.circle(cx, cy, 3.3, fill=BLUE)
        for i in range(8):
            a = i * math.pi / 4
            c.circle(cx + 2.55 * math.cos(a), cy + 2.55 * math.sin(a), 0.42, fill=FACE)
        c.circle(cx, cy, 1.75, fill=FACE)
        c.circle(cx, cy, 1.25, fill=RED)
        c.circle(cx, cy, 0.45, fill=FACE)
        return
    r, dots = _DOTS[n]
    for u, v, color in dots:
        _coin(c, *_at(u, v), r, color)


# ---------------------------------------------------------------------------
# Bamboo
# ---------------------------------------------------------------------------


def _stick(c: Canvas, cx: float, cy: float, length: float, color: str, angle: float = 0.0) -> None:
    w = 1.35
    with c.group(translate=(cx, cy), rotate=angle):
        c.rect(-w / 2, -length / 2, w, length, fill=color, radius=0.5)
        for t in (-0.5, 0.0, 0.5):
            y = t * (length - 0.7)
            c.line(-w / 2 - 0.12, y, w / 2 + 0.12, y, stroke=color, stroke_width=0.45)
            c.line(-w / 2 + 0.25, y, w / 2 - 0.25, y, stroke=FACE, stroke_width=0.22)
        c.line(0, -length / 2 + 0.6, 0, length / 2 - 0.6, stroke=FACE, stroke_width=0.18)


_STICKS = {
    2: (5.0, [(0.5, 0.26, GREEN), (0.5, 0.74, BLUE)]),
    3: (5.0, [(0.5, 0.26, BLUE), (0.28, 0.74, GREEN), (0.72, 0.74, GREEN)]),
    4: (5.0, [(0.3, 0.26, GREEN), (0.7, 0.26, BLUE), (0.3, 0.74, BLUE), (0.7, 0.74, GREEN)]),
    5: (5.0, [(0.2, 0.26, GREEN), (0.8, 0.26, BLUE), (0.5, 0.5, RED), (0.2, 0.74, BLUE),
              (0.8, 0.74, GREEN)]),
    6: (5.0, [(x, y, color) for y, color in ((0.26, GREEN), (0.74, BLUE))
              for x in (0.2, 0.5, 0.8)]),
    7: (3.4, [(0.5, 0.15, RED)] + [(x, y, GREEN) for y in (0.5, 0.85) for x in (0.2, 0.5, 0.8)]),
    9: (3.4, [(x, y, color) for y in (0.16, 0.5, 0.84)
              for x, color in ((0.2, GREEN), (0.5, RED), (0.8, BLUE))]),
}


def _draw_bamboo(c: Canvas, n: int) -> None:
    if n == 1:
        _draw_bird(c)
        return
    if n == 8:
        for v, sign, color in ((0.26, 1, GREEN), (0.74, -1, BLUE)):
            for i, u in enumerate((0.14, 0.38, 0.62, 0.86)):
                angle = sign * (18 if i % 2 == 0 else -18)
                _stick(c, *_at(u, v), 5.0, color, angle)
        return
    length, sticks = _STICKS[n]
    for u, v, color in sticks:
        _stick(c, *_at(u, v), length, color)


def _draw_bird(c: Canvas) -> None:
    # a perched sparrow, facing left: tail fan, body, wing, head, beak, legs
    for angle, color in ((-70, BLUE), (-50, GREEN), (-30, RED), (-10, GREEN)):
        with c.group(translate=(7.4, 9.4), rotate=angle):
            c.ellipse(1.6, 0, 1.6, 0.7, fill=color)
    c.ellipse(6.0, 9.4, 3.4, 2.4, fill=GREEN, rotate=-15)
    c.ellipse(6.6, 9.2, 2.0, 1.2, fill=BLUE, rotate=-25)
    c.circle(3.4, 6.4, 1.55, fill=RED)
    c.circle(3.0, 6.1, 0.38, fill=FACE)
    c.circle(2.95, 6.1, 0.18, fill=INK)
    c.polyline([(1.95, 6.2), (0.9, 6.7), (2.05, 6.85)], closed=True, fill=GOLD, stroke=None)
    c.line(5.4, 11.6, 5.0, 13.6, stroke=BROWN, stroke_width=0.35)
    c.line(6.6, 11.7, 6.8, 13.6, stroke=BROWN, stroke_width=0.35)
    c.line(3.0, 13.7, 9.6, 13.7, stroke=BROWN, stroke_width=0.5)


# ---------------------------------------------------------------------------
# Characters: Chinese numerals and 萬, as strokes
# ---------------------------------------------------------------------------

_NUMERALS: dict[int, list[list[tuple[float, float]]]] = {
    1: [[(0.08, 0.5), (0.92, 0.5)]],
    2: [[(0.25, 0.28), (0.75, 0.28)], [(0.06, 0.78), (0.94, 0.78)]],
    3: [[(0.2, 0.14), (0.8, 0.14)], [(0.28, 0.48), (0.72, 0.48)], [(0.06, 0.86), (0.94, 0.86)]],
    4: [[(0.1, 0.12), (0.1, 0.92)], [(0.1, 0.12), (0.9, 0.12), (0.9, 0.92)],
        [(0.1, 0.88), (0.9, 0.88)], [(0.4, 0.12), (0.38, 0.45), (0.24, 0.66)],
        [(0.6, 0.12), (0.6, 0.56), (0.74, 0.62)]],
    5: [[(0.14, 0.1), (0.86, 0.1)], [(0.46, 0.1), (0.38, 0.5)],
        [(0.22, 0.5), (0.74, 0.5), (0.7, 0.9)], [(0.06, 0.9), (0.94, 0.9)]],
    6: [[(0.44, 0.02), (0.56, 0.18)], [(0.08, 0.34), (0.92, 0.34)],
        [(0.36, 0.54), (0.14, 0.92)], [(0.62, 0.54), (0.86, 0.9)]],
    7: [[(0.06, 0.52), (0.94, 0.38)], [(0.38, 0.06), (0.38, 0.82), (0.5, 0.92), (0.88, 0.92),
                                         (0.92, 0.78)]],
    8: [[(0.42, 0.12), (0.36, 0.52), (0.08, 0.92)], [(0.58, 0.18), (0.7, 0.6), (0.94, 0.9)]],
    9: [[(0.4, 0.04), (0.38, 0.48), (0.08, 0.94)],
        [(0.08, 0.34), (0.62, 0.34), (0.6, 0.84), (0.7, 0.92), (0.94, 0.9), (0.94, 0.74)]],
}

_WAN = [
    [(0.06, 0.13), (0.94, 0.13)], [(0.3, 0.0), (0.3, 0.26)], [(0.7, 0.0), (0.7, 0.26)],
    [(0.25, 0.33), (0.75, 0.33), (0.75, 0.57), (0.25, 0.57), (0.25, 0.33)],
    [(0.25, 0.45), (0.75, 0.45)], [(0.5, 0.33), (0.5, 0.96)],
    [(0.12, 1.0), (0.12, 0.66), (0.88, 0.66), (0.88, 0.96), (0.78, 1.0)],
    [(0.3, 0.92), (0.5, 0.74)], [(0.3, 0.92), (0.7, 0.9)], [(0.62, 0.8), (0.72, 0.88)],
]


def _draw_characters(c: Canvas, n: int) -> None:
    _strokes(c, _NUMERALS[n], (2.6, 2.9, 9.6, 7.4), NAVY, 0.95)
    _strokes(c, _WAN, (2.4, 8.5, 9.6, 14.9), RED, 0.62)


# ---------------------------------------------------------------------------
# Honors
# ---------------------------------------------------------------------------

_WIND_WORDS = ("EAST", "SOUTH", "WEST", "NORTH")
_GREEN_DRAGON = [
    [(0.7, 0.04), (0.84, 0.17)], [(0.1, 0.3), (0.9, 0.3)],
    [(0.48, 0.04), (0.44, 0.46), (0.1, 0.96)],
    [(0.34, 0.56), (0.82, 0.56), (0.44, 0.97)], [(0.46, 0.7), (0.92, 0.97)],
]
_RED_DRAGON = [
    [(0.14, 0.3), (0.14, 0.68)], [(0.14, 0.3), (0.86, 0.3), (0.86, 0.68)],
    [(0.14, 0.66), (0.86, 0.66)],
    [(0.5, 0.03), (0.5, 0.98)],
]


def _draw_honor(c: Canvas, n: int) -> None:
    if n <= 4:
        c.text(6.0, 11.3, "ESWN"[n - 1], size=26, font="bold", anchor="middle", fill=NAVY)
        c.text(6.0, 14.6, _WIND_WORDS[n - 1], size=4.6, font="bold", anchor="middle", fill=NAVY)
    elif n == 5:
        c.rect(1.9, 2.2, 8.2, 11.6, stroke=BLUE, stroke_width=0.8, radius=0.4)
        c.rect(3.2, 3.5, 5.6, 9.0, stroke=BLUE, stroke_width=0.35, radius=0.2)
    elif n == 6:
        _strokes(c, _GREEN_DRAGON, (1.8, 2.4, 10.2, 14.4), GREEN, 1.15)
    else:
        _strokes(c, _RED_DRAGON, (1.8, 2.0, 10.2, 14.6), RED, 1.25)


# ---------------------------------------------------------------------------
# Flowers, seasons, joker
# ---------------------------------------------------------------------------

_BONUS_WORDS = ("PLUM", "ORCHID", "MUM", "BAMBOO", "SPRING", "SUMMER", "AUTUMN", "WINTER")


def _draw_bonus(c: Canvas, n: int) -> None:
    cx, cy = 6.0, 8.0
    if n == 1:  # plum blossom
        c.line(2.0, 13.0, 9.5, 4.0, stroke=BROWN, stroke_width=0.6)
        for i in range(5):
            a = -math.pi / 2 + i * 2 * math.pi / 5
            c.circle(cx + 1.7 * math.cos(a), cy + 1.7 * math.sin(a), 1.25, fill=PINK)
        c.circle(cx, cy, 0.8, fill=GOLD)
    elif n == 2:  # orchid
        c.line(cx, 13.4, cx, 9.0, stroke=GREEN, stroke_width=0.5)
        for angle in (-50, 0, 50):
            with c.group(translate=(cx, 8.6), rotate=angle):
                c.ellipse(0, -2.3, 0.95, 2.3, fill=PURPLE)
        c.circle(cx, 8.6, 0.65, fill=GOLD)
    elif n == 3:  # chrysanthemum
        for i in range(16):
            with c.group(translate=(cx, cy), rotate=i * 22.5):
                c.ellipse(0, -2.4, 0.55, 1.9, fill=GOLD)
        c.circle(cx, cy, 1.2, fill=BROWN)
    elif n == 4:  # bamboo plant
        c.line(5.0, 13.6, 5.6, 2.8, stroke=GREEN, stroke_width=0.9)
        for y in (5.5, 8.5, 11.5):
            c.line(4.6, y, 6.0, y - 0.1, stroke=FACE, stroke_width=0.25)
        for (x, y, angle) in ((6.0, 5.0, 35), (5.2, 8.0, -40), (6.0, 10.5, 40)):
            with c.group(translate=(x, y), rotate=angle):
                c.ellipse(0, -1.8, 0.6, 1.8, fill=GREEN)
    elif n == 5:  # spring: sprout
        c.line(cx, 13.2, cx, 7.2, stroke=GREEN, stroke_width=0.6)
        c.ellipse(cx - 1.8, 7.0, 1.9, 0.9, fill=GREEN, rotate=-25)
        c.ellipse(cx + 1.8, 6.2, 1.9, 0.9, fill=GREEN, rotate=25)
        c.circle(cx, 5.0, 1.0, fill=PINK)
    elif n == 6:  # summer: sun
        for i in range(12):
            a = i * math.pi / 6
            c.line(cx + 2.6 * math.cos(a), cy + 2.6 * math.sin(a), cx + 4.0 * math.cos(a),
                   cy + 4.0 * math.sin(a), stroke=GOLD, stroke_width=0.55, cap="round")
        c.circle(cx, cy, 2.2, fill=GOLD)
    elif n == 7:  # autumn: leaf
        leaf = [("M", cx, 3.0), ("C", cx + 4.2, 5.5, cx + 3.6, 10.5, cx, 12.6),
                ("C", cx - 3.6, 10.5, cx - 4.2, 5.5, cx, 3.0), ("Z",)]
        c.path(leaf, fill=BROWN)
        c.line(cx, 4.0, cx, 13.8, stroke=FACE, stroke_width=0.3)
        for y in (6.0, 8.0, 10.0):
            c.line(cx, y + 1.0, cx + 1.8, y, stroke=FACE, stroke_width=0.22)
            c.line(cx, y + 1.0, cx - 1.8, y, stroke=FACE, stroke_width=0.22)
    else:  # winter: snowflake
        for i in range(6):
            a = i * math.pi / 3
            ex, ey = cx + 3.6 * math.cos(a), cy + 3.6 * math.sin(a)
            c.line(cx, cy, ex, ey, stroke=BLUE, stroke_width=0.5, cap="round")
            mx, my = cx + 2.2 * math.cos(a), cy + 2.2 * math.sin(a)
            for da in (0.6, -0.6):
                c.line(mx, my, mx + 1.1 * math.cos(a + da), my + 1.1 * math.sin(a + da),
                       stroke=BLUE, stroke_width=0.4, cap="round")
    color = RED if n <= 4 else BLUE
    if n <= 4:  # a flower's number in a disc, a season's in a square: apart in grey too
        c.circle(2.2, 2.4, 1.45, fill=color)
    else:
        c.rect(0.9, 1.1, 2.6, 2.6, fill=color, radius=0.35)
    c.text(2.2, 3.15, str(n if n <= 4 else n - 4), size=5.5, font="bold", anchor="middle",
           fill=FACE)
    c.text(6.0, 15.0, _BONUS_WORDS[n - 1], size=3.9, font="bold", anchor="middle", fill=color)


def _draw_joker(c: Canvas) -> None:
    c.polyline(star_points(6.0, 5.6, 3.2, 1.35), closed=True, fill=GOLD, stroke=None)
    c.text(6.0, 12.6, "J", size=17, font="bold", anchor="middle", fill=PURPLE)
    c.text(6.0, 15.0, "JOKER", size=4.6, font="bold", anchor="middle", fill=PURPLE)


# ---------------------------------------------------------------------------
# Faces, backs and rows
# ---------------------------------------------------------------------------


def draw_face(c: Canvas, tile: Tile, art: float = 1.0) -> None:
    """Draw ``tile`` at natural size (12 x 16 mm) with its top-left corner at (0, 0);
    ``art`` < 1 draws the art that much smaller, at the top of the face."""
    c.rect(0.15, 0.15, TILE_W - 0.3, TILE_H - 0.3, fill=FACE, stroke=EDGE, stroke_width=0.3,
           radius=1.2)
    if art == 1.0:
        draw_art(c, tile)
        return
    x0, y0, x1, _ = ART_BOX
    with c.group(translate=((TILE_W - (x0 + x1) * art) / 2, y0 * (1 - art)), scale=art):
        draw_art(c, tile)


ART_BOX = (0.7, 0.9, 11.6, 15.3)
"""Where the art of every face lies inside the 12 x 16 mm tile (x0, y0, x1, y1): the
corner index, the pictures and the words, with the face's edge left out. A paper tile
scales this box to its own face."""


def draw_art(c: Canvas, tile: Tile) -> None:
    """The face of ``tile`` without the tile around it (no frame, no ground): its picture
    and corner index, in the tile's 12 x 16 mm coordinates."""
    suit, n = tile.suit, tile.number
    if suit == "p":
        _draw_dots(c, n)
    elif suit == "s":
        _draw_bamboo(c, n)
    elif suit == "m":
        _draw_characters(c, n)
    elif suit == "z":
        _draw_honor(c, n)
    elif suit == "f":
        _draw_bonus(c, n)
    else:
        _draw_joker(c)
    if suit in "mps":
        color = RED if tile.is_red else SUIT_COLORS[suit]
        c.text(0.95, 2.5, str(n), size=5.2, font="bold", fill=color)
        if tile.is_red:
            c.circle(11.0, 1.6, 0.55, fill=RED)


def draw_back(c: Canvas) -> None:
    """The back of a tile at natural size."""
    c.rect(0.15, 0.15, TILE_W - 0.3, TILE_H - 0.3, fill=GREEN, stroke=EDGE, stroke_width=0.3,
           radius=1.2)
    c.rect(1.3, 1.3, TILE_W - 2.6, TILE_H - 2.6, stroke=FACE, stroke_width=0.25, radius=0.8)


def art_symbol(c: Canvas, tile: Tile) -> str:
    """Define the art of ``tile`` (:func:`draw_art`, 12 x 16 mm) once; return its name."""
    name = f"tile-art-{tile}"
    c.define(name, TILE_W, TILE_H, lambda cc: draw_art(cc, tile))
    return name


def draw_paper_back(c: Canvas, w: float, h: float, bleed: float) -> None:
    """The back of a paper tile ``w`` x ``h`` mm: the tile's green to the edge of the
    bleed and a small emblem in the middle, nothing near the cut (so that every back
    looks the same however the sheet is cut)."""
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=GREEN)
    cx, cy, r = w / 2, h / 2, min(w, h) * 0.2
    c.polyline([(cx, cy - 1.3 * r), (cx + r, cy), (cx, cy + 1.3 * r), (cx - r, cy)],
               closed=True, stroke=FACE, stroke_width=0.35)
    c.circle(cx, cy, 0.32 * r, fill=FACE)


def tile_symbol(c: Canvas, tile: Tile | None) -> str:
    """Define the face of ``tile`` (or the back, for ``None``) once; return its name."""
    if tile is None:
        name = "tile-back"
        c.define(name, TILE_W, TILE_H, draw_back)
    else:
        name = f"tile-{tile}"
        c.define(name, TILE_W, TILE_H, lambda cc: draw_face(cc, tile))
    return name


def draw_tile(c: Canvas, tile: Tile | None, x: float, y: float, width: float = TILE_W, *,
              mark: bool = False, sideways: bool = False) -> None:
    """Draw a tile face (``None``: its back) ``width`` mm wide with its top-left at (x, y).

    ``mark`` outlines the tile and puts a triangle under it (the winning tile in a key);
    ``sideways`` turns it a quarter to the left, as a called tile lies."""
    name = tile_symbol(c, tile)
    scale = width / TILE_W
    if sideways:
        with c.group(translate=(x, y + width), rotate=-90):
            c.place(name, 0, 0, scale=scale)
    else:
        c.place(name, x, y, scale=scale)
    if mark:
        h = width * (TILE_W if sideways else TILE_H) / TILE_W
        w = width * RATIO if sideways else width
        c.rect(x - 0.35, y - 0.35, w + 0.7, h + 0.7, stroke=MARK, stroke_width=0.6,
               radius=width * 0.12)
        cx = x + w / 2
        c.polyline([(cx - 1.1, y + h + 2.0), (cx + 1.1, y + h + 2.0), (cx, y + h + 0.8)],
                   closed=True, fill=MARK, stroke=None)


def draw_keyed_tile(c: Canvas, tile: Tile | None, x: float, y: float, width: float,
                    label: str, *, size: float = 7.0, colour: str = "#8c2f39") -> None:
    """A tile of an answer key with its number (``label``) at its foot: the face's art
    is drawn a little smaller at the top of the tile, so that the number covers none of
    it (a 2 of dots whose lower dot was hidden read as a 1)."""
    if tile is None:
        draw_tile(c, tile, x, y, width)
    else:
        foot = (_tab_height(size) + 0.65) * TILE_W / width  # in the tile's own units
        _, y0, _, y1 = ART_BOX
        k = round(min(1.0, (TILE_H - foot - y0) / (y1 - y0)), 3)
        name = f"tile-keyed-{tile}-{round(k * 1000)}"
        c.define(name, TILE_W, TILE_H, lambda cc: draw_face(cc, tile, k))
        c.place(name, x, y, scale=width / TILE_W)
    draw_order_tab(c, x, y, width, label, size=size, colour=colour)


def _tab_height(size: float) -> float:
    return size * PT * 1.25


def draw_order_tab(c: Canvas, x: float, y: float, width: float, label: str, *,
                   size: float = 7.0, colour: str = "#8c2f39") -> None:
    """An answer key's number on the tile at (x, y): a white tab across the foot of the
    face (:func:`draw_keyed_tile` leaves the foot free for it)."""
    from tilepress.draw.fonts import text_width

    height = _tab_height(size)
    tab = min(width - 0.8, text_width(label, size, "bold") + size * PT * 0.9)
    cx, bottom = x + width / 2, y + width * RATIO - 0.45
    c.rect(cx - tab / 2, bottom - height, tab, height, fill="#ffffff", stroke=colour,
           stroke_width=0.3, radius=height * 0.3)
    c.text(cx, bottom - height * 0.22, label, size=size, font="bold", anchor="middle",
           fill=colour)


def group_gap(width: float) -> float:
    return width * 0.35


def row_width(groups: Sequence[Sequence[Tile | None]], width: float) -> float:
    """Width of tiles drawn in groups with a gap between groups."""
    tiles = sum(len(g) for g in groups)
    gaps = max(0, sum(1 for g in groups if g) - 1)
    return tiles * width + gaps * group_gap(width)


def even_rows(fill: Callable[[float], Lines], room: float,
              narrowest: Callable[[int], float], step: float,
              count: Callable[[Lines], int] = len) -> Lines:
    """``fill(width)`` breaks a row of groups into rows at most ``width`` wide, greedily;
    the same row broken as evenly as it can be: at the narrowest width, from
    ``narrowest(rows)`` up by ``step``, that needs no more rows than ``room`` does (13
    tiles as 7 and 6, never 12 and 1). ``count`` tells how many rows a result holds."""
    rows = fill(room)
    if count(rows) > 1:
        width = narrowest(count(rows))
        while width < room:
            even = fill(width)
            if count(even) == count(rows):
                return even
            width += step
    return rows


def draw_row(c: Canvas, groups: Sequence[Sequence[Tile | None]], x: float, y: float,
             width: float = TILE_W, *, marks: frozenset[tuple[int, int]] = frozenset()) -> float:
    """Draw groups of tiles left to right; ``marks`` holds (group, index) pairs to mark.
    Returns the width used."""
    cursor = x
    for gi, group in enumerate(groups):
        if not group:
            continue
        for ti, tile in enumerate(group):
            draw_tile(c, tile, cursor, y, width, mark=(gi, ti) in marks)
            cursor += width
        cursor += group_gap(width)
    return row_width(groups, width)
