"""Cards on sheets of paper, ready to print at 100%: decks, card sets, paper tiles.

Each card is surrounded by its bleed (the art runs into it) and its own crop marks;
fronts and backs come on alternate pages, the backs mirrored so that they line up when the
sheet is turned over the long edge (or the short edge). With ``one_per_page`` every card
side is a page of its own, with TrimBox and BleedBox set, for a print shop.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from generator.draw.canvas import Canvas, Paper, Surface
from generator.errors import RequestError
from generator.params import option

CARD_SIZES = {"mini": (44.45, 63.5), "poker": (63.5, 88.9), "bridge": (57.15, 88.9),
              "tarot": (70.0, 120.0)}
BLEED = 3.0
MARK = 2.5
"""Length of a crop mark (mm); marks start 0.5 mm outside the bleed."""
SHEET_MARGIN = 6.0

Side = Callable[[Canvas, float, float, float], None]

@dataclass(frozen=True)
class CardSpec:
    """One physical card: a name and how to draw each side (w, h, bleed)."""

    name: str
    front: Side
    back: Side



@dataclass(frozen=True)
class CardSheetOptions:
    """How cards are laid out for printing."""

    card_size: str = option("mini", choices=tuple(CARD_SIZES),
                            help="mini (44.45 x 63.5 mm, the default), poker, bridge or tarot.")
    duplex: str = option("long", choices=("long", "short"),
                         help="long (backs mirrored for a long-edge flip, the default) or "
                         "short.")
    one_per_page: bool = option(False, flags=("--one-per-page",),
                                help="Each card side on its own page, with TrimBox and "
                                "BleedBox, for a print shop.")
    format: str = option("pdf", choices=("pdf", "svg"),
                         help="svg writes each card side as its own SVG into the folder "
                         "given by -o.")


def _crop_marks(c: Canvas, x: float, y: float, w: float, h: float, bleed: float) -> None:
    start = bleed + 0.5
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            c.line(cx + dx * start, cy, cx + dx * (start + MARK), cy, stroke="#000000",
                   stroke_width=0.2)
            c.line(cx, cy + dy * start, cx, cy + dy * (start + MARK), stroke="#000000",
                   stroke_width=0.2)


class CardSheets:
    """Cards on sheets of paper, fronts then mirrored backs, page after page."""

    def __init__(self, title: str, cards: list[CardSpec], paper: Paper,
                 options: CardSheetOptions | None = None) -> None:
        options = options or CardSheetOptions()
        card_size, duplex, one_per_page = options.card_size, options.duplex, options.one_per_page
        if card_size not in CARD_SIZES:
            raise RequestError(f"card size must be one of {', '.join(CARD_SIZES)}, not "
                               f"{card_size!r}")
        if duplex not in ("long", "short"):
            raise RequestError(f"duplex must be long or short, not {duplex!r}")
        self.title = title
        self.subtitle = ""
        self.options = options
        self.cards = cards
        self.paper = paper
        self.size = CARD_SIZES[card_size]
        self.duplex = duplex
        self.one_per_page = one_per_page
        w, h = self.size
        self.cell = (w + 2 * (BLEED + 0.5 + MARK), h + 2 * (BLEED + 0.5 + MARK))
        self.columns = int((paper.width - 2 * SHEET_MARGIN) // self.cell[0])
        self.rows = int((paper.height - 2 * SHEET_MARGIN) // self.cell[1])
        if not one_per_page and (self.columns < 1 or self.rows < 1):
            raise RequestError(f"{card_size} cards do not fit on {paper.name} paper")

    def pages(self) -> int:
        if self.one_per_page:
            return 2 * len(self.cards)
        per = self.columns * self.rows
        return 2 * -(-len(self.cards) // per)

    def slot(self, k: int, back: bool) -> tuple[float, float]:
        """Top-left corner (mm) of the ``k``-th card of a sheet, on the fronts page or on
        the backs page, mirrored so that a card's back lands behind its front."""
        w, h = self.size
        row, col = divmod(k, self.columns)
        if back and self.duplex == "long":
            col = self.columns - 1 - col
        elif back:
            row = self.rows - 1 - row
        left = (self.paper.width - self.columns * self.cell[0]) / 2
        top = (self.paper.height - self.rows * self.cell[1]) / 2
        return (left + col * self.cell[0] + (self.cell[0] - w) / 2,
                top + row * self.cell[1] + (self.cell[1] - h) / 2)

    def render(self, surface: Surface) -> int:
        w, h = self.size
        if self.one_per_page:
            for spec in self.cards:
                for side in (spec.front, spec.back):
                    with surface.page(w, h, bleed=BLEED) as c:
                        side(c, w, h, BLEED)
            return self.pages()
        per = self.columns * self.rows
        for start in range(0, len(self.cards), per):
            batch = self.cards[start:start + per]
            for back in (False, True):
                with surface.page(self.paper.width, self.paper.height) as c:
                    for k, spec in enumerate(batch):
                        x, y = self.slot(k, back)
                        with c.group(translate=(x, y)):
                            (spec.back if back else spec.front)(c, w, h, BLEED)
                        _crop_marks(c, x, y, w, h, BLEED)
                    side = "backs" if back else "fronts"
                    c.text(self.paper.width / 2, self.paper.height - 2.5,
                           f"{self.title}: sheet {start // per + 1}, {side} - print at 100%, "
                           f"{'long' if self.duplex == 'long' else 'short'}-edge duplex",
                           size=6, anchor="middle", fill="#6b6862")
        return self.pages()


__all__ = ["BLEED", "CARD_SIZES", "CardSheetOptions", "CardSheets", "CardSpec", "Side"]
