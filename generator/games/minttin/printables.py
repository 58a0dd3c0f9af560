"""Mint Tin Mahjong print-and-play: the 54-card deck, a rules summary card, a score sheet.

The deck is laid out for printing at 100%: on sheets (A4 or Letter) with every card
surrounded by its bleed and its own crop marks, fronts and backs on alternate pages,
the backs mirrored so that they line up when the sheet is turned over the long edge
(or the short edge); or one card per page with TrimBox and BleedBox for a print shop;
or each card side as its own SVG file.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from generator.documents.model import Bullets, Document, Heading, Paragraph, Section, Table
from generator.draw.canvas import Canvas, Paper, Surface
from generator.errors import FileFormatError, RequestError
from generator.games.minttin.cards import ALL_CARDS, JOKER
from generator.games.minttin.hand import CATEGORIES, CATEGORY_NAMES, PATTERNS, SPECIAL_POINTS
from generator.games.minttin.pictures import draw_card_back, draw_card_face, draw_score_side

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


def _face(card) -> Side:
    return lambda c, w, h, b: draw_card_face(c, card, w, h, b)


def _back(c: Canvas, w: float, h: float, b: float) -> None:
    draw_card_back(c, w, h, b)


def _score(values) -> Side:
    return lambda c, w, h, b: draw_score_side(c, values, w, h, b)


def deck_cards() -> list[CardSpec]:
    """The 54 cards: 36 numbers, 12 dragons, 2 double-sided jokers, 2 jokers with backs,
    2 score cards (0-3 on one side, 4-7 on the other, read at the edge facing you)."""
    cards: list[CardSpec] = []
    for card in ALL_CARDS[:-1]:
        for copy in range(1, 5):
            cards.append(CardSpec(f"{card}-{copy}", _face(card), _back))
    for k in (1, 2):
        cards.append(CardSpec(f"joker-double-{k}", _face(JOKER), _face(JOKER)))
    for k in (1, 2):
        cards.append(CardSpec(f"joker-{k}", _face(JOKER), _back))
    for k in (1, 2):
        cards.append(CardSpec(f"score-{k}", _score((0, 1, 2, 3)), _score((4, 5, 6, 7))))
    return cards


def _crop_marks(c: Canvas, x: float, y: float, w: float, h: float, bleed: float) -> None:
    start = bleed + 0.5
    for cx, dx in ((x, -1), (x + w, 1)):
        for cy, dy in ((y, -1), (y + h, 1)):
            c.line(cx + dx * start, cy, cx + dx * (start + MARK), cy, stroke="#000000",
                   stroke_width=0.2)
            c.line(cx, cy + dy * start, cx, cy + dy * (start + MARK), stroke="#000000",
                   stroke_width=0.2)


class DeckSheets:
    """Cards on sheets of paper, fronts then mirrored backs, page after page."""

    def __init__(self, title: str, cards: list[CardSpec], paper: Paper, card_size: str,
                 duplex: str = "long", one_per_page: bool = False) -> None:
        if card_size not in CARD_SIZES:
            raise RequestError(f"card size must be one of {', '.join(CARD_SIZES)}, not "
                               f"{card_size!r}")
        if duplex not in ("long", "short"):
            raise RequestError(f"duplex must be long or short, not {duplex!r}")
        self.title = title
        self.subtitle = ""
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


def write_svg_cards(cards: list[CardSpec], card_size: str, directory: Path) -> int:
    """Each card side as its own SVG (with its bleed) in ``directory``; the folder is
    built beside it and moved into place, so it is never half-written."""
    from generator.draw.svg import SvgSurface

    if card_size not in CARD_SIZES:
        raise RequestError(f"card size must be one of {', '.join(CARD_SIZES)}, not "
                           f"{card_size!r}")
    w, h = CARD_SIZES[card_size]
    directory = Path(directory)
    if directory.exists() and not directory.is_dir():
        raise FileFormatError(f"{os.fspath(directory)!r} is a file; give a folder for SVG cards")
    try:
        directory.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{directory.name}.", dir=directory.parent))
    except OSError as exc:
        raise FileFormatError(f"cannot write the folder {os.fspath(directory)!r}: "
                              f"{exc.strerror}") from None
    try:
        for n, spec in enumerate(cards, start=1):
            for label, side in (("front", spec.front), ("back", spec.back)):
                surface = SvgSurface(title=f"{spec.name} {label}")
                with surface.page(w, h, bleed=BLEED) as c:
                    side(c, w, h, BLEED)
                (work / f"{n:02d}-{spec.name}-{label}.svg").write_bytes(surface.finish())
        os.chmod(work, 0o755)
        if directory.exists():
            old = directory.with_name(f".{directory.name}.old")
            shutil.rmtree(old, ignore_errors=True)
            directory.rename(old)
            work.rename(directory)
            shutil.rmtree(old, ignore_errors=True)
        else:
            work.rename(directory)
    except BaseException:
        shutil.rmtree(work, ignore_errors=True)
        raise
    return 2 * len(cards)


def deck(paper: Paper, card_size: str = "mini", duplex: str = "long",
         one_per_page: bool = False) -> DeckSheets:
    """The 54-card Mint Tin Mahjong deck, ready to print."""
    return DeckSheets("Mint Tin Mahjong deck", deck_cards(), paper, card_size, duplex,
                      one_per_page)


# ---------------------------------------------------------------------------
# The rules summary card and the score sheet
# ---------------------------------------------------------------------------


def _summary_front(c: Canvas, w: float, h: float, b: float) -> None:
    _text_card(c, w, h, b, "WINNING HANDS", [
        "14 cards in blocks of identical cards: pair 2, pung 3, kong 4, quint 5.",
        "Exactly two block sizes. Patterns:",
        *[f"  {p}" for p in PATTERNS],
        "Numbers: a set of 3+ in a row, one block each, wrapping round:",
        *[f"  {CATEGORY_NAMES[k]}: {'-'.join(map(str, v))}" for k, v in CATEGORIES.items()],
        "Dragons: a block of a suit that has a number block; each colour once.",
        "Jokers: in any block but a pair.",
    ])


def _summary_back(c: Canvas, w: float, h: float, b: float) -> None:
    _text_card(c, w, h, b, "SCORING", [
        "A win needs at least 1 point.",
        "Kong (once) +1.  Each quint +1.",
        "Each joker you discarded +1.",
        "Concealed (no exposures but the winning call) +1.",
        f"One Suit +{SPECIAL_POINTS['one suit']}: one suit's numbers and its dragon.",
        f"Three Suits +{SPECIAL_POINTS['three suits']}: six blocks, a number and a dragon "
        "of each suit.",
        f"Epic Hand +{SPECIAL_POINTS['epic hand']}: one of each number and dragon, two "
        "jokers.",
        "TURN: draw or call, swap jokers, discard.",
        "Call a discard with 2+ matching cards or jokers; a pair only for Mahjong.",
        "Double: with 3+ cards left; drop or take (3 turns).",
        "Miscalled Mahjong: the opponent scores 2.",
        "First to 7 wins.",
    ])


def _text_card(c: Canvas, w: float, h: float, b: float, title: str, lines: list[str]) -> None:
    from generator.draw.fonts import wrap

    c.rect(-b, -b, w + 2 * b, h + 2 * b, fill="#f4ead2")
    c.rect(w * 0.04, w * 0.04, w * 0.92, h - w * 0.08, fill="#fffdf8", stroke="#9a7410",
           stroke_width=0.4, radius=w * 0.04)
    size = 5.0 * w / 44.45
    c.text(w / 2, w * 0.04 + size * 0.55, title, size=size * 1.3, font="bold",
           anchor="middle", fill="#9a7410")
    y = w * 0.04 + size * 1.3
    step = size * 0.3528 * 1.25
    for line in lines:
        indent = line.startswith("  ")
        for part in wrap(line.strip(), w * 0.84 - (1.5 if indent else 0), size):
            y += step
            c.text(w * 0.08 + (1.5 if indent else 0), y, part, size=size, fill="#1d1d1b")


def rules_card(paper: Paper, card_size: str = "mini", duplex: str = "long",
               one_per_page: bool = False) -> DeckSheets:
    """A rules summary card at deck size (two copies): hands on the front, scoring and the
    turn on the back."""
    cards = [CardSpec(f"rules-{k}", _summary_front, _summary_back) for k in (1, 2)]
    return DeckSheets("Mint Tin Mahjong rules card", cards, paper, card_size, duplex,
                      one_per_page)


def score_sheet(paper: Paper) -> Document:
    """A two-player score sheet: round by round to 7 (or 14) points."""
    rows = tuple((str(k), "", "", "", "", "", "") for k in range(1, 16))
    return Document("Mint Tin Mahjong: score sheet", paper, (
        Section("Score sheet"),
        Heading("Mint Tin Mahjong: score sheet"),
        Paragraph("Player 1: ____________________     Player 2: ____________________", size=10),
        Table(("round", "dealer", "winner", "hand and bonuses", "double?", "P1 total",
               "P2 total"), rows, widths=(1.1, 1.3, 1.3, 5.2, 1.4, 1.3, 1.3), size=8.5,
              row_height=11.0),
        Bullets((
            "A win needs at least 1 point: kong +1 (once), each quint +1, each joker you "
            "discarded +1, concealed +1.",
            f"One Suit +{SPECIAL_POINTS['one suit']}, Three Suits +"
            f"{SPECIAL_POINTS['three suits']}, Epic Hand +{SPECIAL_POINTS['epic hand']} "
            "(wins the game).",
            "Double (3+ cards left): drop - the doubler scores the hand (1 if 0); take - "
            "three turns for the other player, then double the points.",
            "Miscalled Mahjong: the other player scores 2. First to 7 (or 14) wins; the "
            "dealer rotates each round.",
        ), size=8.5),
    ))


__all__ = ["CARD_SIZES", "DeckSheets", "deck", "deck_cards", "rules_card", "score_sheet",
           "write_svg_cards"]
