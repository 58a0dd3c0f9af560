"""Cards on sheets of paper, ready to print at 100%: decks, card sets, paper tiles.

Any list of :class:`CardSpec` at any card size. On sheets (A4 or Letter) the cards sit
in a grid, as many as fit inside the printer's margin; with a gutter of 0 neighbouring
cards share their cut lines (the bleed only runs past the outer edges), with a gutter
each card has its own bleed. Crop marks stand at the sheet's edges, in line with every
cut (or around every card). Fronts and backs come on alternate pages, the backs
mirrored so that they line up when the sheet is turned over the long edge (or the short
edge); registration marks in the margins show a printer's front-to-back shift, and a
duplex test page measures it. Every sheet carries its number and a 50 mm calibration
bar inside the printable area.

For a print shop (``one_per_page``): every front on a page of its own with TrimBox and
BleedBox, a card's own back after its front, and the shared back once at the end -- as a
PDF, or as one SVG or PNG (300 dpi) file per side.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from tilepress.documents.model import Figure
from tilepress.draw.canvas import PT, Canvas, Paper, Surface
from tilepress.draw.fonts import text_width, wrap
from tilepress.draw.pdfx import REGISTERED, PrintShop
from tilepress.errors import RequestError
from tilepress.params import option

CARD_SIZES = {"mini": (44.45, 63.5), "poker": (63.5, 88.9), "bridge": (57.15, 88.9),
              "tarot": (70.0, 120.0)}
BLEED = 3.0
SAFE = 3.0
"""The safe zone (mm): frames and text keep this far inside the trim, so that a cut a
little off never shows."""
MARK = 4.0
"""Longest crop mark (mm); marks start 0.5 mm beyond the bleed."""
MARK_MIN = 1.5
MARK_EACH = 2.5
"""Crop marks around every card are this long, in a gutter of 2 x (bleed + 0.5 + it)."""
SEAM = 0.15
"""How far (mm) a card drawn on a shared cut line runs past it into its neighbour: less
than any cut's error, enough that a viewer or printer shows no seam between the two."""
FOLD_GAP = BLEED + 0.5
"""How far (mm) the cards of a sheet to fold stand from the fold line, each side: their
bleed, and half a millimetre of paper for the fold."""
BAND = 4.5
"""The strips at the top and bottom of a sheet (or at its sides, where that fits more
cards) holding its label, the calibration bar and the registration marks (mm, inside
the margin)."""
RULER = 50.0
INK = "#1d1d1b"
GREY = "#4a4844"
FOOTER_SIZE = 7.0

Side = Callable[[Canvas, float, float, float], None]
"""Draws one side of a card: ``side(canvas, width, height, bleed)``, the card's top-left
corner at (0, 0), its art running ``bleed`` mm beyond the trim on every side."""


@dataclass(frozen=True)
class CardSpec:
    """One physical card: a name and how to draw each side. ``back=None`` takes the
    sheet's shared back (the deck's back, or the one the options choose)."""

    name: str
    front: Side
    back: Side | None = None


def plain_side(colour: str) -> Side:
    def draw(c: Canvas, w: float, h: float, b: float) -> None:
        c.rect(-b, -b, w + 2 * b, h + 2 * b, fill=colour)

    return draw


@dataclass(frozen=True)
class CardSheetOptions:
    """How cards are laid out for printing."""

    card_size: str = option("mini", help="mini (44.45 x 63.5 mm, the default), poker, "
                            "bridge, tarot, or any size as WxH in mm (25x34).")
    per_sheet: str = option("auto", help="Cards across x down on a sheet, as 3x3; auto (the "
                            "default) fits as many as the paper and margin allow.")
    gutter: str = option("auto", help="Space between cards in mm: 0 gives shared cut lines "
                         "(bleed only at the outer edges), 6 gives every card its own 3 mm "
                         "bleed; auto (the default) takes whichever fits more cards.")
    margin: float = option(4.5, low=0, high=30,
                           help="The printer's unprintable margin in mm: crop marks, "
                           "labels and the calibration bar stay inside it.")
    crop_marks: str = option("edges", choices=("edges", "each", "none"),
                             help="edges (at the sheet's edges, in line with every cut; the "
                             "default), each (around every card, with a 12 mm gutter) or "
                             "none.")
    back: str = option("shipped", help="The card back: shipped (the deck's own), none "
                       "(fronts only, for single-sided printing) or a plain colour as "
                       "#rrggbb. Double-sided cards keep their second face.")
    duplex: str = option("long", choices=("long", "short", "fold"),
                         help="long (backs mirrored for a long-edge flip, the default), "
                         "short, or fold: no duplex printer, fronts and backs side by side "
                         "on one side of the sheet, to fold along the printed line and glue.")
    back_offset: str = option("0,0", help="Move the backs by DX,DY mm (right and down, as "
                              "seen on the back) to make up for a printer's front-to-back "
                              "shift, as the duplex test measures it (each -8 to 8).")
    registration: bool = option(True, help="Registration marks in the margins, at mirrored "
                                "places front and back: held up to the light, they show "
                                "how far the printer shifts the back.")
    duplex_test: bool = option(False, flags=("--duplex-test",),
                               help="Print only a duplex test sheet: a scale on the front, a "
                               "pointer on the back; held up to the light it reads the "
                               "printer's shift in mm.")
    one_per_page: bool = option(False, flags=("--one-per-page",),
                                help="For a print shop: each front on its own page with "
                                "TrimBox and BleedBox, the shared back once at the end.")
    format: str = option("pdf", choices=("pdf", "svg", "png"),
                         help="svg or png write each card side as its own file (the shared "
                         "back once) into the folder given by -o; png at --dpi.")
    dpi: int = option(300, low=36, high=1200,
                      help="Resolution of PNG card files (dots per inch).")
    pdfx: str = option("none", choices=("none", "x1a", "x4"), flags=("--pdfx",),
                       help="For a print shop: a PDF/X file in CMYK with an output intent; "
                       "x1a (PDF/X-1a:2003, a registered printing condition) or x4 "
                       "(PDF/X-4, with the shop's ICC profile). none (the default): RGB.")
    output_condition: str = option("fogra39", choices=("fogra39", "gracol", "swop"),
                                   help="The shop's printing condition for --pdfx: fogra39 "
                                   "(Europe, the default), gracol or swop (North America).")
    icc_profile: str = option("", help="The shop's CMYK output profile (.icc), embedded in "
                              "the output intent: needed for --pdfx x4.")
    large_print: bool = option(False, flags=("--large-print",),
                               help="Large print: cards at least poker size (63.5 x 88.9 "
                               "mm), their words at 14 pt and more.")


@dataclass(frozen=True)
class SheetLayout:
    """Where the cards go on a sheet: columns and rows, the gutter, the top-left corner
    of the first card's trim (mm), and where the label strips go ("rows": top and
    bottom, "sides": left and right)."""

    columns: int
    rows: int
    gutter: float
    left: float
    top: float
    bands: str = "rows"


def card_dimensions(card_size: str) -> tuple[float, float]:
    """Width and height (mm) of a named card size, or of one written as WxH."""
    if card_size in CARD_SIZES:
        return CARD_SIZES[card_size]
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*[xX,]\s*(\d+(?:\.\d+)?)\s*", card_size)
    if not m or not (10 <= float(m[1]) <= 200 and 10 <= float(m[2]) <= 280):
        raise RequestError(f"card-size must be one of {', '.join(CARD_SIZES)} or a width "
                           f"and height in mm as 25x34 (10 to 200 by 10 to 280), not "
                           f"{card_size!r}")
    return float(m[1]), float(m[2])


SCALE = 8
"""How far (mm) the duplex test's scales read either way: the most a back offset can
make up for (a printer that shifts the back further needs mending, not an offset)."""


def _number(text: str, what: str, low: float | None = None, high: float | None = None
            ) -> float:
    """A number of millimetres given as text: finite, and from ``low`` to ``high``."""
    try:
        value = float(text)
    except ValueError:
        raise RequestError(f"{what} must be a number of millimetres, not {text!r}") from None
    if not math.isfinite(value):
        raise RequestError(f"{what} must be a finite number of millimetres, not {text!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RequestError(f"{what} must be from {low:g} to {high:g} mm, not {value:g}")
    return value


def _pair(text: str, what: str) -> tuple[float, float]:
    """A back offset DX,DY (mm), each within the duplex test's scale."""
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2:
        raise RequestError(f"{what} must be two numbers as DX,DY (mm), not {text!r}")
    return (_number(parts[0], what, -SCALE, SCALE), _number(parts[1], what, -SCALE, SCALE))


def _fits(room: float, size: float, gutter: float) -> int:
    return max(int((room + gutter + 1e-9) // (size + gutter)), 0)


class CardSheets:
    """Cards on sheets of paper, fronts then mirrored backs, page after page."""

    def __init__(self, title: str, cards: Sequence[CardSpec], paper: Paper,
                 options: CardSheetOptions | None = None, *, back: Side | None = None) -> None:
        options = options or CardSheetOptions()
        if options.duplex not in ("long", "short", "fold"):
            raise RequestError(f"duplex must be long, short or fold, not {options.duplex!r}")
        self.shop = print_shop(options)
        if options.duplex == "fold" and options.duplex_test:
            raise RequestError("--duplex-test measures a duplex printer; --duplex fold prints "
                               "the backs beside their fronts and needs no test")
        if not 0 <= options.margin <= 30:
            raise RequestError(f"margin must be between 0 and 30 mm, not {options.margin}")
        if options.format == "png" and not 36 <= options.dpi <= 1200:
            raise RequestError(f"dpi must be between 36 and 1200, not {options.dpi}")
        self.title = title
        self.subtitle = ""
        self.options = options
        self.cards = list(cards)
        self.paper = paper
        self.size = card_dimensions(sheet_card_size(options))
        self.one_per_page = options.one_per_page
        self.shared_back = self._choose_back(options.back, back)
        self.fold = options.duplex == "fold" and self.double_sided and not self.one_per_page
        self.duplex = options.duplex if options.duplex != "fold" else "long"
        """The flip the backs are mirrored for: a fold across the page's width turns the
        sheet like a long-edge flip, a fold across its height like a short-edge one."""
        self.back_offset = _pair(options.back_offset, "back-offset")
        self.layout = self._layout()
        self.columns, self.rows = self.layout.columns, self.layout.rows

    def notes(self) -> list[str]:
        """One line for each option that these options leave without effect."""
        o = self.options
        if o.format in ("svg", "png") or o.one_per_page:
            ignored = [name for name, given in (
                ("--paper", self.paper.name != "A4"), ("--duplex", o.duplex != "long"),
                ("--per-sheet", o.per_sheet != "auto"), ("--gutter", o.gutter != "auto"),
                ("--crop-marks", o.crop_marks != "edges")) if given]
            if ignored:
                what = ("on its own page" if o.format == "pdf"
                        else f"as its own {o.format.upper()} file")
                verb = "applies" if len(ignored) == 1 else "apply"
                return [f"note: {', '.join(ignored)} {verb} only to sheets of cards; this "
                        f"writes each card side {what}"]
        return []

    # -- what goes on the cards ------------------------------------------------------

    @staticmethod
    def _choose_back(choice: str, shipped: Side | None) -> Side | None:
        if choice == "shipped":
            return shipped
        if choice == "none":
            return None
        if re.fullmatch(r"#[0-9a-fA-F]{6}", choice):
            return plain_side(choice.lower())
        raise RequestError(f"back must be shipped, none or a colour as #rrggbb, not {choice!r}")

    def back_of(self, spec: CardSpec) -> Side | None:
        """The side printed behind ``spec``: its own back, else the shared one (None when
        the cards are printed single-sided)."""
        return spec.back if spec.back is not None else self.shared_back

    @property
    def double_sided(self) -> bool:
        return any(self.back_of(spec) is not None for spec in self.cards)

    # -- where the cards go ------------------------------------------------------------

    def _zone(self) -> float:
        """What the grid needs beyond its trim on every side: bleed and crop marks."""
        if self.options.crop_marks == "none":
            return BLEED
        return BLEED + 0.5 + (MARK_EACH if self.options.crop_marks == "each" else MARK_MIN)

    def _layout(self) -> SheetLayout:
        o = self.options
        w, h = self.size
        if o.gutter == "auto":
            gutters = ([2 * (BLEED + 0.5 + MARK_EACH)] if o.crop_marks == "each"
                       else [2 * BLEED, 0.0])
        else:
            gutters = [_number(o.gutter, "gutter")]
            if not 0 <= gutters[0] <= 50:
                raise RequestError(f"gutter must be between 0 and 50 mm, not {o.gutter}")
        zone = self._zone()
        if self.fold:
            return self._fold_layout(gutters, zone)
        fits = []  # (columns, rows, gutter, bands), the preferred first among equals
        for g in gutters:
            for bands in ("rows", "sides"):
                side = BAND if bands == "sides" else 0.0
                room_w = self.paper.width - 2 * (o.margin + side + zone)
                room_h = self.paper.height - 2 * (o.margin + BAND - side + zone)
                fits.append((_fits(room_w, w, g), _fits(room_h, h, g), g, bands))
        cols, rows, g, bands = max(fits, key=lambda f: f[0] * f[1])
        if o.per_sheet != "auto":
            m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", o.per_sheet)
            if not m or int(m[1]) < 1 or int(m[2]) < 1:
                raise RequestError(f"per-sheet must be auto or across x down, as 3x3, not "
                                   f"{o.per_sheet!r}")
            want = (int(m[1]), int(m[2]))
            able = [f for f in fits if f[0] >= want[0] and f[1] >= want[1]]
            if not able:
                most = max(fits, key=lambda f: f[0] * f[1])
                raise RequestError(
                    f"{want[0]}x{want[1]} {o.card_size} cards do not fit on "
                    f"{self.paper.name} paper with a {o.margin:g} mm margin; at most "
                    f"{most[0]}x{most[1]}")
            cols, rows, g, bands = (*want, *able[0][2:])
        if not self.one_per_page and not o.duplex_test and (cols < 1 or rows < 1):
            raise RequestError(f"{o.card_size} cards do not fit on {self.paper.name} paper "
                               f"with a {o.margin:g} mm margin")
        grid_w, grid_h = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
        return SheetLayout(cols, rows, g, (self.paper.width - grid_w) / 2,
                           (self.paper.height - grid_h) / 2, bands)

    def _fold_layout(self, gutters: list[float], zone: float) -> SheetLayout:
        """Fronts in one half of the sheet against the fold line, backs mirrored into the
        other: a fold down the middle (the backs turned as by a long-edge flip) or across
        it (a short-edge flip), whichever holds more cards; the fold wins ties."""
        o = self.options
        w, h = self.size
        fits = []
        for g in gutters:
            for fold in ("long", "short"):
                if fold == "long":
                    room_w = self.paper.width / 2 - FOLD_GAP - o.margin - zone
                    room_h = self.paper.height - 2 * (o.margin + BAND + zone)
                else:
                    room_w = self.paper.width - 2 * (o.margin + zone)
                    room_h = self.paper.height / 2 - FOLD_GAP - o.margin - BAND - zone
                fits.append((_fits(room_w, w, g), _fits(room_h, h, g), g, fold))
        cols, rows, g, fold = max(fits, key=lambda f: f[0] * f[1])
        if o.per_sheet != "auto":
            m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", o.per_sheet)
            want = (int(m[1]), int(m[2])) if m else (0, 0)
            able = [f for f in fits if f[0] >= want[0] and f[1] >= want[1]]
            if not m or not able or min(want) < 1:
                raise RequestError(f"{o.per_sheet} {o.card_size} cards do not fit on half a "
                                   f"sheet of {self.paper.name} paper to fold; at most "
                                   f"{cols}x{rows}")
            cols, rows, g, fold = (*want, *able[0][2:])
        if cols < 1 or rows < 1:
            raise RequestError(f"{o.card_size} cards do not fit on half a sheet of "
                               f"{self.paper.name} paper to fold")
        self.duplex = fold
        grid_w, grid_h = cols * w + (cols - 1) * g, rows * h + (rows - 1) * g
        if fold == "long":
            return SheetLayout(cols, rows, g, self.paper.width / 2 - FOLD_GAP - grid_w,
                               (self.paper.height - grid_h) / 2)
        return SheetLayout(cols, rows, g, (self.paper.width - grid_w) / 2,
                           self.paper.height / 2 - FOLD_GAP - grid_h)

    @property
    def per_sheet(self) -> int:
        return self.columns * self.rows

    @property
    def sheets(self) -> int:
        return -(-len(self.cards) // self.per_sheet)

    def pages(self) -> int:
        if self.options.duplex_test:
            return 2
        if self.one_per_page:
            return len(self.pod_sides())
        return self.sheets * (2 if self.double_sided and not self.fold else 1)

    def slot(self, k: int, back: bool) -> tuple[float, float]:
        """Top-left corner (mm) of the ``k``-th card of a sheet, on the fronts page or on
        the backs page, mirrored so that a card's back lands behind its front (and moved
        by the back offset)."""
        w, h = self.size
        lay = self.layout
        row, col = divmod(k, lay.columns)
        x, y = lay.left + col * (w + lay.gutter), lay.top + row * (h + lay.gutter)
        if not back:
            return x, y
        dx, dy = self.back_offset
        if self.duplex == "long":
            return self.paper.width - x - w + dx, y + dy
        return x + dx, self.paper.height - y - h + dy

    def _reach(self, k: int, count: int) -> tuple[float, float, float, float]:
        """How far card ``k``'s art may run beyond its trim (left, top, right, bottom):
        the full bleed at the outer edges, half the gutter (at most the bleed) between
        cards, so that neighbours never draw over each other; cards that share a cut line
        overlap by :data:`SEAM` there, so no hairline of paper shows between two fills."""
        lay = self.layout
        row, col = divmod(k, lay.columns)
        inner = min(BLEED, lay.gutter / 2) if lay.gutter > 0 else SEAM
        last_row = (count - 1) // lay.columns
        return (BLEED if col == 0 else inner, BLEED if row == 0 else inner,
                BLEED if col == lay.columns - 1 or k == count - 1 else inner,
                BLEED if row == last_row or k + lay.columns >= count else inner)

    # -- drawing -----------------------------------------------------------------------

    def render(self, surface: Surface) -> int:
        if self.shop is not None:
            surface.print_shop(self.shop)
        if self.options.duplex_test:
            surface.prefer(duplex=self.duplex)
            self._duplex_test(surface)
            return 2
        w, h = self.size
        if self.one_per_page:
            for _name, side in self.pod_sides():
                with surface.page(w, h, bleed=BLEED) as c:
                    side(c, w, h, BLEED)
            return self.pages()
        surface.prefer(duplex=self.duplex if self.double_sided and not self.fold
                       else "simplex")
        per = self.per_sheet
        for sheet in range(self.sheets):
            batch = self.cards[sheet * per:(sheet + 1) * per]
            sides = ((False, True),) if self.fold else ((False,), (True,)) \
                if self.double_sided else ((False,),)
            for page_sides in sides:
                with surface.page(self.paper.width, self.paper.height) as c:
                    for back, (k, spec) in ((b, item) for b in page_sides
                                            for item in enumerate(batch)):
                        side = self.back_of(spec) if back else spec.front
                        x, y = self.slot(k, back)
                        left, top, right, bottom = self._reach(k, len(batch))
                        if back and self.duplex == "long":
                            left, right = right, left
                        elif back:
                            top, bottom = bottom, top
                        region = (x - left, y - top, w + left + right, h + top + bottom)
                        if side is not None:
                            with c.clip(*region), c.group(translate=(x, y)):
                                side(c, w, h, BLEED)
                        if self.options.crop_marks == "each":
                            self._marks_around(c, x, y)
                    if self.options.crop_marks == "edges":
                        self._edge_marks(c, page_sides, len(batch))
                    if self.fold:
                        self._fold_line(c)
                    self._furniture(c, sheet, page_sides[-1])
        return self.pages()

    def _fold_line(self, c: Canvas) -> None:
        """The line to fold along, dashed, from margin to margin, named at both ends."""
        o = self.options
        pw, ph = self.paper.width, self.paper.height
        inset = o.margin + BAND + 1.0
        if self.duplex == "long":
            c.line(pw / 2, inset, pw / 2, ph - inset, stroke=INK, stroke_width=0.3,
                   dash=(3.0, 1.5))
        else:
            c.line(inset, ph / 2, pw - inset, ph / 2, stroke=INK, stroke_width=0.3,
                   dash=(3.0, 1.5))

    def pod_sides(self) -> list[tuple[str, Side]]:
        """The sides a print shop gets, in order: each front, a card's own back after its
        front, and the shared back once at the end."""
        sides: list[tuple[str, Side]] = []
        for spec in self.cards:
            sides.append((f"{spec.name}-front", spec.front))
            if spec.back is not None:
                sides.append((f"{spec.name}-back", spec.back))
        if self.shared_back is not None and any(s.back is None for s in self.cards):
            sides.append(("back", self.shared_back))
        return sides

    def _marks_around(self, c: Canvas, x: float, y: float) -> None:
        w, h = self.size
        start = BLEED + 0.5
        for cx, dx in ((x, -1), (x + w, 1)):
            for cy, dy in ((y, -1), (y + h, 1)):
                c.line(cx + dx * start, cy, cx + dx * (start + MARK_EACH), cy, stroke=INK,
                       stroke_width=0.2)
                c.line(cx, cy + dy * start, cx, cy + dy * (start + MARK_EACH), stroke=INK,
                       stroke_width=0.2)

    def cut_lines(self, back: bool = False, count: int | None = None
                  ) -> tuple[list[float], list[float]]:
        """The x of every vertical cut and the y of every horizontal cut on a page."""
        w, h = self.size
        count = self.per_sheet if count is None else count
        xs: set[float] = set()
        ys: set[float] = set()
        for k in range(count):
            x, y = self.slot(k, back)
            xs.update((round(x, 6), round(x + w, 6)))
            ys.update((round(y, 6), round(y + h, 6)))
        return sorted(xs), sorted(ys)

    def _edge_marks(self, c: Canvas, sides: tuple[bool, ...], count: int) -> None:
        """Marks at the sheet's edges in line with every cut, beyond the bleed and inside
        the margin and the label strips (for fronts and backs folded together, the cuts
        of both halves)."""
        xs, ys = [], []
        for back in sides:
            more_x, more_y = self.cut_lines(back, count)
            xs += more_x
            ys += more_y
        xs, ys = sorted(set(xs)), sorted(set(ys))
        o = self.options
        start = BLEED + 0.5
        top, bottom = min(ys), max(ys)
        left, right = min(xs), max(xs)
        band_y = BAND if self.layout.bands == "rows" else 0.0
        band_x = BAND - band_y
        up = min(MARK, top - start - (o.margin + band_y))
        down = min(MARK, self.paper.height - (o.margin + band_y) - bottom - start)
        out_l = min(MARK, left - start - (o.margin + band_x))
        out_r = min(MARK, self.paper.width - (o.margin + band_x) - right - start)
        for x in xs:
            c.line(x, top - start, x, top - start - up, stroke=INK, stroke_width=0.25)
            c.line(x, bottom + start, x, bottom + start + down, stroke=INK, stroke_width=0.25)
        for y in ys:
            c.line(left - start, y, left - start - out_l, y, stroke=INK, stroke_width=0.25)
            c.line(right + start, y, right + start + out_r, y, stroke=INK, stroke_width=0.25)

    def _target(self, c: Canvas, x: float, y: float) -> None:
        arm = BAND / 2 - 0.05
        c.circle(x, y, 1.5, stroke=INK, stroke_width=0.2)
        c.line(x - arm, y, x + arm, y, stroke=INK, stroke_width=0.2)
        c.line(x, y - arm, x, y + arm, stroke=INK, stroke_width=0.2)

    def _furniture(self, c: Canvas, sheet: int, back: bool, label: str = "") -> None:
        """The sheet's label in one strip, the calibration bar in the other, and
        registration marks at the strips' ends: all inside the printable area, at places
        that mirror onto each other front and back."""
        o = self.options
        pw, ph = self.paper.width, self.paper.height
        sides = self.layout.bands == "sides"
        # the strips' long dimension, and their centre lines
        length = ph if sides else pw
        near, far = o.margin + BAND / 2, (pw if sides else ph) - o.margin - BAND / 2
        inset = o.margin + 3.0
        if o.registration and not self.fold:
            for a in (inset, length - inset):
                for b in (near, far):
                    self._target(c, b if sides else a, a if sides else b)
        side = "backs" if back else "fronts"
        flip = {"long": "long-edge", "short": "short-edge"}[self.duplex]
        how = (f"Print at 100% (actual size), double-sided, {flip} flip"
               if self.double_sided else "Print at 100% (actual size), one-sided")
        if self.fold:
            side = "fronts and backs"
            how = ("Print at 100% (actual size), one-sided; fold on the dashed line, "
                   "printed sides out, glue, then cut")
        label = f"{label or f'{self.title}: sheet {sheet + 1} of {self.sheets}, {side}'}. {how}"
        room = length - 2 * inset - 8.0
        size = FOOTER_SIZE
        while text_width(label, size) > room and size > 6.0:
            size -= 0.25
        # the label in the first strip, the bar in the second; on a side strip both read
        # from the bottom up
        with c.group(translate=(near, length / 2) if sides else (length / 2, near),
                     rotate=-90 if sides else 0):
            c.text(0, size * PT * 0.35, label, size=size, anchor="middle", fill=GREY)
        with c.group(translate=(far, length / 2) if sides else (length / 2, far),
                     rotate=-90 if sides else 0):
            self._ruler(c, 0.0, 0.0)

    def _ruler(self, c: Canvas, cx: float, cy: float) -> None:
        """A 50 mm bar with centimetre ticks, centred on (cx, cy), and what to check."""
        note = "This bar is 50 mm long when printed at 100%."
        width = RULER + 3.0 + text_width(note, FOOTER_SIZE)
        x = cx - width / 2
        c.rect(x, cy - 0.5, RULER, 1.0, fill=INK)
        for k in range(6):
            c.line(x + 10 * k, cy - 1.6, x + 10 * k, cy + 1.6, stroke=INK, stroke_width=0.2)
        c.text(x + RULER + 3.0, cy + FOOTER_SIZE * PT * 0.35, note, size=FOOTER_SIZE,
               fill=GREY)

    def _duplex_test(self, surface: Surface) -> None:
        """Front: millimetre scales at the middle and near each corner of the card grid,
        the grid faintly; back: red crosshairs at the mirrored places. Held up to the
        light, where a crosshair crosses its scale is the printer's shift there."""
        pw, ph = self.paper.width, self.paper.height
        w, h = self.size
        lay = self.layout
        grid_w = lay.columns * w + (lay.columns - 1) * lay.gutter
        grid_h = lay.rows * h + (lay.rows - 1) * lay.gutter
        inset = 22.0
        places = [(pw / 2, ph / 2)] + [
            (x, y) for x in (lay.left + inset, lay.left + grid_w - inset)
            for y in (lay.top + inset, lay.top + grid_h - inset)]
        flip = {"long": "the long edge", "short": "the short edge"}[self.duplex]
        words = (f"Duplex test. Print both pages double-sided, flipping on {flip}, at 100% "
                 "(actual size). Hold the sheet up to a light: where each red cross on the "
                 "back meets the scale on the front is how far your printer moves the back "
                 "there, in mm (right and down are +). Print the deck with that back offset, "
                 "signs turned round (a shift of +1,0 needs an offset of -1,0).")
        for back in (False, True):
            with surface.page(pw, ph) as c:
                for k in range(self.per_sheet):
                    x, y = self.slot(k, back)
                    c.rect(x, y, w, h, stroke="#d3cec4", stroke_width=0.2, radius=2.0)
                for x, y in places:
                    if back:
                        c.line(x - 12, y, x + 12, y, stroke="#c62633", stroke_width=0.3)
                        c.line(x, y - 12, x, y + 12, stroke="#c62633", stroke_width=0.3)
                    else:
                        self._scale(c, x, y)
                if not back:
                    lines = wrap(words, 120.0, 8.0)
                    top = ph / 2 - 24 - len(lines) * 8.0 * PT * 1.35
                    c.rect(pw / 2 - 63, top - 4.0, 126, len(lines) * 8.0 * PT * 1.35 + 3.0,
                           fill="#ffffff", stroke="#9a968c", stroke_width=0.25, radius=1.5)
                    for k, line in enumerate(lines):
                        c.text(pw / 2, top + k * 8.0 * PT * 1.35, line, size=8.0,
                               anchor="middle", fill=INK)
                self._furniture(c, 0, back, label=f"{self.title}: duplex test, "
                                f"{'back' if back else 'front'}")

    def _scale(self, c: Canvas, cx: float, cy: float) -> None:
        for k in range(-SCALE, SCALE + 1):
            t = 3.0 if k % 5 == 0 else 1.6
            c.line(cx + k, cy - t, cx + k, cy + t, stroke=INK, stroke_width=0.15)
            c.line(cx - t, cy + k, cx + t, cy + k, stroke=INK, stroke_width=0.15)
            if k % 5 == 0 and k:  # across: under the scale; down: to its left, clear
                c.text(cx + k, cy + 6.5, f"{k:+d}", size=6, anchor="middle", fill=INK)
                c.text(cx - 8.5, cy + k + 0.75, f"{k:+d}", size=6, anchor="end", fill=INK)


def print_shop(options: CardSheetOptions) -> PrintShop | None:
    """What ``--pdfx`` asks for, with the ICC profile read and checked; None for RGB."""
    from pathlib import Path

    if options.pdfx == "none":
        if options.icc_profile:
            raise RequestError("--icc-profile goes with --pdfx x1a or x4")
        return None
    if options.pdfx not in ("x1a", "x4"):
        raise RequestError(f"pdfx must be none, x1a or x4, not {options.pdfx!r}")
    if options.format != "pdf":
        raise RequestError(f"--pdfx makes a PDF file, not {options.format.upper()} files")
    if options.output_condition not in REGISTERED:
        raise RequestError(f"output-condition must be one of {', '.join(REGISTERED)}, not "
                           f"{options.output_condition!r}")
    if options.pdfx == "x4" and not options.icc_profile:
        raise RequestError("--pdfx x4 embeds the print shop's CMYK profile: give it with "
                           "--icc-profile FILE.icc (or ask for --pdfx x1a)")
    icc = b""
    if options.icc_profile:
        path = Path(options.icc_profile)
        try:
            icc = path.read_bytes()
        except OSError as exc:
            raise RequestError(f"--icc-profile {path}: cannot read it ({exc.strerror})"
                               ) from None
        if len(icc) < 128 or icc[36:40] != b"acsp":
            raise RequestError(f"--icc-profile {path}: not an ICC profile")
        if icc[16:20] != b"CMYK" or icc[12:16] != b"prtr":
            raise RequestError(f"--icc-profile {path}: not a CMYK output (printer) profile: "
                               f"its colour space is {icc[16:20].decode('latin-1').strip()!r}"
                               f" and its class {icc[12:16].decode('latin-1')!r}")
    return PrintShop(options.pdfx, options.output_condition, icc,
                     Path(options.icc_profile).stem if icc else "")


def calibration_figure() -> Figure:
    """The 50 mm calibration bar of the card sheets, for any page that must print at
    100% (a board at tile size)."""
    note = "This bar is 50 mm long when printed at 100%."
    width = RULER + 3.0 + text_width(note, FOOTER_SIZE)

    def draw(c: Canvas) -> None:
        c.rect(0, 1.1, RULER, 1.0, fill=INK)
        for k in range(6):
            c.line(10 * k, 0.0, 10 * k, 3.2, stroke=INK, stroke_width=0.2)
        c.text(RULER + 3.0, 1.6 + FOOTER_SIZE * PT * 0.35, note, size=FOOTER_SIZE, fill=GREY)

    return Figure(width, 3.2, draw)


def card_size_of(options: CardSheetOptions | None) -> str:
    """The size the cards are printed at, as WxH or a name (see :func:`sheet_card_size`)."""
    return sheet_card_size(options or CardSheetOptions())


LARGE_CARD = CARD_SIZES["poker"]
"""Large print: no card smaller than a poker card."""


def sheet_card_size(options: CardSheetOptions) -> str:
    """The card size the options print: as given, or in large print at least poker size
    (keeping the card's proportions)."""
    if not options.large_print or options.card_size not in CARD_SIZES:
        return options.card_size  # a size of its own (a token's, a tile's) is kept
    w, h = card_dimensions(options.card_size)
    grow = max(1.0, LARGE_CARD[0] / w, LARGE_CARD[1] / h)
    return f"{round(w * grow, 2):g}x{round(h * grow, 2):g}" if grow > 1.0 else options.card_size


__all__ = ["BLEED", "CARD_SIZES", "SAFE", "CardSheetOptions", "CardSheets", "CardSpec", "Side",
           "calibration_figure", "card_dimensions", "card_size_of", "plain_side",
           "sheet_card_size"]
