"""Mint Tin Mahjong print-and-play: the 54-card deck, a rules summary card, a score sheet.

The deck is laid out for printing at 100%: on sheets (A4 or Letter) with every card
surrounded by its bleed and its own crop marks, fronts and backs on alternate pages,
the backs mirrored so that they line up when the sheet is turned over the long edge
(or the short edge); or one card per page with TrimBox and BleedBox for a print shop;
or each card side as its own SVG file.
"""

from __future__ import annotations

from tilepress.documents.cards import (
    CardSheetOptions,
    CardSheets,
    CardSpec,
    Side,
    card_size_of,
)
from tilepress.documents.model import Bullets, Document, Heading, Paragraph, Section, Table
from tilepress.documents.text_cards import CardStyle, CardText, text_cards
from tilepress.draw.canvas import Canvas, Paper
from tilepress.games.minttin.cards import ALL_CARDS, JOKER
from tilepress.games.minttin.deck_options import DeckOptions
from tilepress.games.minttin.hand import CATEGORIES, CATEGORY_NAMES, PATTERNS, SPECIAL_POINTS
from tilepress.games.minttin.options import ScoreSheetOptions
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
            f"- Epic Hand +{points['epic hand']}: one of each number and dragon, two jokers.",
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
    return text_cards("rules", rules_parts(), card_size_of(options), RULES_STYLE, copies=2,
                      blank=_back)


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


__all__ = ["ScoreSheetOptions", "deck", "deck_cards", "rules_card", "rules_parts",
           "score_sheet", "solo_score_sheet"]
