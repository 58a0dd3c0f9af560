"""Mint Tin Mahjong print-and-play: the 54-card deck, a rules summary card, a score sheet.

The deck is laid out for printing at 100%: on sheets (A4 or Letter) with every card
surrounded by its bleed and its own crop marks, fronts and backs on alternate pages,
the backs mirrored so that they line up when the sheet is turned over the long edge
(or the short edge); or one card per page with TrimBox and BleedBox for a print shop;
or each card side as its own SVG file.
"""

from __future__ import annotations

from dataclasses import replace

from tilepress.documents.cards import (
    CardSheetOptions,
    CardSheets,
    CardSpec,
    Side,
    card_dimensions,
    card_size_of,
    sheet_card_size,
)
from tilepress.documents.large_print import large_print_aware
from tilepress.documents.model import Bullets, Document, Heading, Paragraph, Section, Table
from tilepress.documents.print_options import LARGE_TYPE, large
from tilepress.documents.sheets import DrawnPages
from tilepress.documents.text_cards import CardStyle, CardText, text_cards
from tilepress.draw.canvas import PT, Canvas, Paper
from tilepress.draw.fonts import wrap
from tilepress.games.minttin.cards import ALL_CARDS, JOKER
from tilepress.games.minttin.deck_options import DeckOptions
from tilepress.games.minttin.hand import CATEGORIES, CATEGORY_NAMES, PATTERNS, SPECIAL_POINTS
from tilepress.games.minttin.options import MatOptions, ScoreSheetOptions
from tilepress.games.minttin.pictures import draw_card_back, draw_card_face, draw_score_side


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
            cards.append(CardSpec(f"{card}-{copy}", _face(card)))
    for k in (1, 2):
        cards.append(CardSpec(f"joker-double-{k}", _face(JOKER), _face(JOKER)))
    for k in (1, 2):
        cards.append(CardSpec(f"joker-{k}", _face(JOKER)))
    for k in (1, 2):
        cards.append(CardSpec(f"score-{k}", _score((0, 1, 2, 3)), _score((4, 5, 6, 7))))
    return cards


def deck(paper: Paper, options: CardSheetOptions | None = None) -> CardSheets:
    """The 54-card Mint Tin Mahjong deck, ready to print (the cards without a back of
    their own take the deck's back); with ``rules_cards`` (:class:`DeckOptions`), the
    rules summary cards follow it, in the free places of its last sheet."""
    cards, title = deck_cards(), "Mint Tin Mahjong deck"
    if isinstance(options, DeckOptions) and options.rules_cards:
        cards += _rules_cards(options)
        title += " and rules cards"
    return CardSheets(title, cards, paper, options, back=_back)


# ---------------------------------------------------------------------------
# The rules summary card and the score sheet
# ---------------------------------------------------------------------------


def rules_parts() -> list[CardText]:
    """The rules summary, part by part: winning hands, their sets, scoring, the turn."""
    points = SPECIAL_POINTS
    return [
        CardText("WINNING HANDS", (
            "14 cards in blocks of identical cards: pairs (2), pungs (3), kongs (4), "
            "quints (5), of exactly two sizes:",
            *[f"- {p}" for p in PATTERNS],
            "Numbers in runs of one category; dragons of a suit with numbers (over).",
        )),
        CardText("NUMBERS AND DRAGONS", (
            "- Number blocks: one each of 3 or more numbers in a row of one category "
            "(Consecutive ...), wrapping round from the top to the bottom:",
            *[f"  - {CATEGORY_NAMES[k].split()[-1]} {'-'.join(map(str, v))}"
              for k, v in CATEGORIES.items()],
            "- Dragon blocks: of suits that have a number block; each dragon once.",
            "- Jokers: in any block but a pair.",
        )),
        CardText("SCORING", (
            "A win needs at least 1 point.",
            "- A kong +1 (once only).",
            "- Each quint +1.",
            "- Each joker you discarded +1.",
            "- Concealed +1: no exposures but the winning call.",
            f"- One Suit +{points['one suit']}: one suit's numbers and its dragon.",
            f"- Three Suits +{points['three suits']}: six blocks, a number and a dragon of "
            "each suit.",
            f"- Epic Hand +{points['epic hand']}: one of each number and dragon, two jokers; "
            "it wins the match.",
        )),
        CardText("YOUR TURN", (
            "1. Draw, or call the last discard with 2 or more matching cards or jokers "
            "(a pair only for Mahjong).",
            "2. Swap jokers out of exposures for the cards they stand for.",
            "3. Discard.",
            "Double: with a winning hand and 3 or more cards left; the other player drops "
            "or takes (3 more turns).",
            "Miscalled Mahjong: the other player scores 2.",
            "First to 7 wins (or 14).",
        )),
    ]


RULES_STYLE = CardStyle(background="#f4ead2", panel="#fffdf8", accent="#9a7410")


def rules_card(paper: Paper, options: CardSheetOptions | None = None) -> CardSheets:
    """The rules summary at deck size, two copies: it takes as many cards as its type
    (never under 6.5 pt) needs at that size -- two at mini size, one at poker size."""
    return CardSheets("Mint Tin Mahjong rules card", _rules_cards(options), paper, options,
                      back=_back)


def _rules_cards(options: CardSheetOptions | None) -> list[CardSpec]:
    style = replace(RULES_STYLE, size=LARGE_TYPE) if large(options) else RULES_STYLE
    return text_cards("rules", rules_parts(), card_size_of(options), style, copies=2,
                      blank=_back)


@large_print_aware
def score_sheet(paper: Paper, options: ScoreSheetOptions | None = None) -> Document:
    """A two-player score sheet: round by round to 7 (or 14) points; with ``solo``, the
    solo game's sheet."""
    if options is not None and options.solo:
        return solo_score_sheet(paper)
    rows = tuple((str(k), "", "", "", "", "", "") for k in range(1, 19))
    return Document("Mint Tin Mahjong: score sheet", paper, (
        Section("Score sheet"),
        Heading("Mint Tin Mahjong: score sheet"),
        Paragraph("Player 1: ____________________     Player 2: ____________________", size=10),
        Table(("round", "dealer", "winner", "hand and bonuses", "double?", "P1 total",
               "P2 total"), rows, widths=(1.1, 1.3, 1.3, 5.2, 1.4, 1.3, 1.3), size=8.5,
              row_height=10.0),
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


def solo_score_sheet(paper: Paper) -> Document:
    """The solo game round by round: your hand, or the virtual opponent's pungs, and
    both totals; as many rows as the page holds, never fewer than 17 (a match to 7
    takes about 17 rounds)."""
    from tilepress.documents.layout import page_fills

    for count in range(22, 16, -1):
        sheet = _solo_sheet(paper, count, 9.5 if count > 17 else 9.0)
        if len(page_fills(sheet)) == 1:
            return sheet
    return sheet


def _solo_sheet(paper: Paper, count: int, row_height: float) -> Document:
    rows = tuple((str(k), "", "", "", "", "", "") for k in range(1, count + 1))
    return Document("Mint Tin Mahjong solo: score sheet", paper, (
        Section("Score sheet"),
        Heading("Mint Tin Mahjong solo: score sheet"),
        Paragraph("Player: ______________________     Date: ____________", size=10),
        Table(("round", "your hand and bonuses", "double?", "opponent's pungs",
               "you", "opponent", "wall game"), rows,
              widths=(1.1, 5.4, 1.4, 2.2, 1.2, 1.5, 1.3), size=8.5, row_height=row_height),
        Bullets((
            "You win: your hand's points (kong +1 once, each quint +1, each joker you "
            f"discarded +1, concealed +1; One Suit +{SPECIAL_POINTS['one suit']}, Three "
            f"Suits +{SPECIAL_POINTS['three suits']}, Epic Hand "
            f"+{SPECIAL_POINTS['epic hand']}).",
            "The opponent wins on its fifth exposed pung: 1 point, and 1 more for each "
            "dragon pung matching the suit of one of its number pungs.",
            "Double (3+ cards left, the opponent has 3+ pungs): three cards go to the "
            "opponent; no fifth pung and you score double (1 if your hand is worth 0), a "
            "fifth pung and the opponent scores double.",
            "Wall game: nobody scores. First to 7 wins.",
        ), size=8.5),
    ))




# ---------------------------------------------------------------------------
# The solo table mat
# ---------------------------------------------------------------------------

MAT_INK = "#1d1d1b"
MAT_LINE = "#8a8478"
MAT_FILL = "#f4efe4"


def solo_mat(paper: Paper, options: MatOptions | None = None) -> DrawnPages:
    """Where everything goes in the solo game, as the rules lay it out: the virtual
    opponent's side away from you (its score card, its joker's spot with the discard row
    to the right, the hold spot and the draw deck with its exposures to the right), the
    dead hand aside, and your side in front of you. A landscape sheet; each spot the size
    of a card where the sheet has room (a little smaller for large cards)."""
    options = options or MatOptions()
    cw, ch = card_dimensions(sheet_card_size(
        CardSheetOptions(card_size=options.card_size, large_print=options.large_print)))
    size = 14.0 if options.large_print else 9.0
    label = size * PT * 1.5
    margin, gap = 10.0, 5.0
    width, height = max(paper.width, paper.height), min(paper.width, paper.height)
    rows_h = height - 2 * margin - 14.0 - label - 2 * gap - 30.0
    scale = min(1.0, rows_h / (2 * ch), (width - 2 * margin - 2 * gap - 90.0) / (2 * cw))
    w, h = cw * scale, ch * scale

    def spot(c: Canvas, x: float, y: float, sw: float, name: str, note: str = "",
             dashed: bool = False) -> None:
        c.rect(x, y, sw, h, fill=MAT_FILL, stroke=MAT_LINE, stroke_width=0.4, radius=2.5,
               dash=(2.0, 1.5) if dashed else None)
        step = size * PT * 1.3
        heads = wrap(name, sw - 4.0, size, "bold")
        for k, line in enumerate(heads):
            c.text(x + sw / 2, y + 3.0 + (k + 0.8) * step, line, size=size, font="bold",
                   anchor="middle", fill=MAT_INK)
        if note:
            lines = wrap(note, sw - 6.0, size)
            for k, line in enumerate(lines):
                c.text(x + sw / 2, y + h / 2 + (k - (len(lines) - 1) / 2 + 0.7) * step,
                       line, size=size, anchor="middle", fill=MAT_LINE)

    def draw(c: Canvas, pw: float, ph: float) -> None:
        title = "Mint Tin Mahjong solo: the table"
        c.text(margin, margin + 6.0, title, size=size + 4.0, font="bold", fill=MAT_INK)
        c.text(pw - margin, margin + 6.0, "the virtual opponent's side", size=size,
               anchor="end", fill=MAT_LINE)
        top = margin + 14.0
        mid = top + h + gap
        x0, x1 = margin, margin + w + gap
        x2 = x1 + w + gap
        row_w = pw - margin - x2
        spot(c, x0, top, w, "Opponent's score", "its score card, 0 at the top as it reads")
        spot(c, x1, top, w, "Opponent's joker", "its joker's spot")
        spot(c, x2, top, row_w, "Discard row", "every discard, face up, left to right; "
             "a third card alike (or a second, with the joker here) makes the "
             "opponent a pung", dashed=True)
        spot(c, x0, mid, w, "Hold spot", "the opponent's card: you may call it")
        spot(c, x1, mid, w, "Draw deck", "face down")
        spot(c, x2, mid, row_w, "Opponent's exposures", "its pungs, 1 to 5: the fifth "
             "wins it the round", dashed=True)
        bottom = mid + h + label + gap
        band = ph - margin - 8.0 - bottom
        c.text(x0, bottom - size * PT * 0.45, "Your side", size=size, font="bold",
               fill=MAT_INK)
        c.rect(x0, bottom, pw - 2 * margin, band, stroke=MAT_LINE, stroke_width=0.4,
               radius=2.5, dash=(2.0, 1.5))
        notes = ("Your score card at the left, 0 at the top as you read it; your exposures "
                 "in front of you; the dead hand (12 cards) face down out of play, beside "
                 "the mat.")
        for k, line in enumerate(wrap(notes, pw - 2 * margin - 8.0, size)):
            c.text(x0 + 4.0, bottom + 4.0 + (k + 0.8) * size * PT * 1.3, line, size=size,
                   fill=MAT_LINE)

    return DrawnPages("Mint Tin Mahjong solo: table mat", paper, [draw],
                      subtitle="where the cards go in the solo game", landscape=True)


__all__ = ["ScoreSheetOptions", "deck", "deck_cards", "rules_card", "rules_parts",
           "score_sheet", "solo_mat", "solo_score_sheet"]
