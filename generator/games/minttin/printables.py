"""Mint Tin Mahjong print-and-play: the 54-card deck, a rules summary card, a score sheet.

The deck is laid out for printing at 100%: on sheets (A4 or Letter) with every card
surrounded by its bleed and its own crop marks, fronts and backs on alternate pages,
the backs mirrored so that they line up when the sheet is turned over the long edge
(or the short edge); or one card per page with TrimBox and BleedBox for a print shop;
or each card side as its own SVG file.
"""

from __future__ import annotations

from generator.documents.cards import CardSheetOptions, CardSheets, CardSpec, Side
from generator.documents.model import Bullets, Document, Heading, Paragraph, Section, Table
from generator.draw.canvas import Canvas, Paper
from generator.games.minttin.cards import ALL_CARDS, JOKER
from generator.games.minttin.hand import CATEGORIES, CATEGORY_NAMES, PATTERNS, SPECIAL_POINTS
from generator.games.minttin.pictures import draw_card_back, draw_card_face, draw_score_side


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


def deck(paper: Paper, options: CardSheetOptions | None = None) -> CardSheets:
    """The 54-card Mint Tin Mahjong deck, ready to print."""
    return CardSheets("Mint Tin Mahjong deck", deck_cards(), paper, options)


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


def rules_card(paper: Paper, options: CardSheetOptions | None = None) -> CardSheets:
    """A rules summary card at deck size (two copies): hands on the front, scoring and the
    turn on the back."""
    cards = [CardSpec(f"rules-{k}", _summary_front, _summary_back) for k in (1, 2)]
    return CardSheets("Mint Tin Mahjong rules card", cards, paper, options)


def score_sheet(paper: Paper, options: None = None) -> Document:
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


__all__ = ["deck", "deck_cards", "rules_card", "score_sheet"]
