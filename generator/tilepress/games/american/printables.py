"""American Mah Jongg at the table: the practice card laid out to hold, a payments score
sheet, and a Charleston reference card."""

from __future__ import annotations

from tilepress.documents.large_print import large_print_aware
from tilepress.documents.model import (
    Block,
    Bullets,
    Document,
    Figure,
    Heading,
    Paragraph,
    PlayerAid,
    Section,
    Table,
    half_sheet,
)
from tilepress.documents.print_options import StandOptions, large
from tilepress.documents.sheets import DrawnPages
from tilepress.documents.tiles import tile_size, tile_stands
from tilepress.draw.canvas import Canvas, Paper
from tilepress.games.american.card import Hand
from tilepress.games.american.cards_file import practice_card
from tilepress.games.american.pictures import draw_card_line, pass_figure, suits_legend
from tilepress.params import PrintOptions

TOKEN_SIZE = 10.0


def _family_figure(hands: list[Hand], width: float, *, large: bool = False) -> Figure:
    """A family's hands, a row each; in large print the hands' tiles (tokens) half as
    large again and every word at 14 pt or more."""
    grow = 1.5 if large else 1.0
    token = TOKEN_SIZE * grow
    mark = 14.0 if large else 9.0
    row_h = 6.2 * grow
    value_w = 12.0 * grow

    def draw(c: Canvas) -> None:
        for k, hand in enumerate(hands):
            y = k * row_h + 4.6 * grow
            if k % 2:
                c.rect(0, y - 4.4 * grow, width, row_h, fill="#f6f2ea")
            draw_card_line(c, hand, 2.0, y, token, or_size=14.0 if large else 8.0)
            c.text(width - value_w - 8, y, "C" if hand.concealed else "X", size=mark,
                   font="bold", anchor="middle",
                   fill="#b3261e" if hand.concealed else "#6b6862")
            c.text(width - 2, y, str(hand.value), size=token, font="bold",
                   anchor="end", fill="#1d1d1b")

    return Figure(width, len(hands) * row_h + 1.5, draw)


@large_print_aware
def practice_card_sheet(paper: Paper, options: PrintOptions | None = None) -> Document:
    """The shipped practice card, family by family: three different suits (any suits),
    each in its colour and with its mark (plain, underlined, boxed), so that they stay
    apart in black and white; orange flowers, values and X/C marks at the right."""
    card = practice_card()
    width = paper.width - 30
    big = large(options)
    blocks: list[Block] = [
        Section("Practice card"),
        Heading(card.name),
        suits_legend(15.6 if big else 8.5, width),  # its words at 0.9 of that size
        Paragraph("Each suit is one of your choice; different suits in a line are different "
                  "suits. x y z w v are numbers in a row (x, x+1, ...), D a dragon of its "
                  "group's suit (red with craks, green with bams, white with dots), 0 the "
                  "white dragon, R G the red and green, N E W S winds, F flowers. "
                  "X: exposures allowed; C: concealed. Jokers never in singles, pairs or "
                  "years. Original practice hands, not the league's card.", size=8),
    ]
    for family in card.families:
        hands = [h for h in card.hands if h.family == family]
        blocks.append(Heading(family, level=3))
        blocks.append(_family_figure(hands, width, large=big))
    return Document(f"American Mah Jongg: {card.name}", paper, tuple(blocks))


@large_print_aware
def payments_sheet(paper: Paper, options: PrintOptions | None = None) -> Document:
    rows = tuple((str(k), "", "", "", "", "", "") for k in range(1, 17))
    return Document("American Mah Jongg: payments", paper, (
        Section("Payments"),
        Heading("American Mah Jongg: payments"),
        Paragraph("East ________  South ________  West ________  North ________", size=10),
        Table(("game", "hand won", "East", "South", "West", "North", "how"), rows,
              widths=(1, 4, 1.6, 1.6, 1.6, 1.6, 3), size=8.5, row_height=10.5),
        Bullets((
            "On a discard: the discarder pays twice the hand's value, the others once.",
            "Self-drawn, or won by redeeming another player's joker: everyone pays twice.",
            "Jokerless on a discard: the discarder pays three times, the others once. "
            "House rule at some tables: a jokerless hand doubles every payment instead.",
            "Jokerless and self-drawn: everyone pays four times.",
            "A dead hand pays the winner like any other player. A wall game: nobody pays.",
        ), size=8.5),
    ))


@large_print_aware
def charleston_card(paper: Paper, options: PrintOptions | None = None) -> PlayerAid:
    """The Charleston from your seat: the passes drawn, the table of both Charlestons and
    what else to know; a player aid on half a sheet, two to a sheet."""
    page = half_sheet(paper)
    large = options is not None and options.large_print
    return PlayerAid(Document("American Mah Jongg: the Charleston", page, (
        Section("Charleston"),
        Heading("The Charleston"),
        Paragraph("Three tiles each time, never a joker. Right is the next player in turn, "
                  "left the one before.", size=9.5),
        Paragraph("First Charleston", size=9.5, font="bold"),
        pass_figure((("right", "1. right"), ("across", "2. across"), ("left", "3. left")),
                    large_print=large),
        Paragraph("Second Charleston (unless a player stops it)", size=9.5, font="bold"),
        pass_figure((("left", "1. left"), ("across", "2. across"), ("right", "3. right")),
                    large_print=large),
        Table(("", "first Charleston", "second Charleston (optional)"), (
            ("1", "right", "left"),
            ("2", "across", "across"),
            ("3", "left - blind pass allowed", "right - blind pass allowed"),
        ), widths=(0.6, 5, 5), size=9.5),
        Bullets((
            "Blind pass: on the first left and the last right pass you may pass on 1, 2 or "
            "3 of the tiles just passed to you, without looking at them.",
            "After the first left pass any player may stop the Charleston: the second one "
            "is skipped.",
            "Courtesy pass: last, across. Players across agree on 0 to 3 tiles and pass the "
            "same number.",
            "Then East, holding 14 tiles, discards first, and play goes to the right.",
        ), size=9.5),
    ), page_numbers=False, running_header=False, margin=10.0), paper)


__all__ = ["charleston_card", "payments_sheet", "practice_card_sheet"]


def tile_stand(paper: Paper, options: StandOptions | None = None) -> DrawnPages:
    """Fold-up tile stands for paper tiles, one for each of the four players."""
    options = options or StandOptions()
    w, h = tile_size(options.tile_size)
    return tile_stands(paper, w, h, count=options.stands, title="American Mah Jongg",
                       hand=14, large_print=options.large_print)
