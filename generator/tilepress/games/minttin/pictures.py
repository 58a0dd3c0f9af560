"""Mint Tin Mahjong card art, original vector drawings: the Sword, Moon and Fire suit
symbols, number and dragon faces, jokers, the card back and the score cards.

Full-size faces are drawn in a ``w`` x ``h`` box (mm) and, given a ``bleed``, extend
their background and border art that far beyond it on every side. ``draw_small_card``
is the compact face used in puzzle rows and worked examples.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from typing import Any

from tilepress.documents.cards import SAFE
from tilepress.documents.model import Figure, Illustration
from tilepress.draw.canvas import PT, Canvas
from tilepress.draw.fonts import text_width
from tilepress.draw.tiles import even_rows
from tilepress.errors import HandError
from tilepress.games.minttin.cards import JOKER, Card, parse_card
from tilepress.games.minttin.hand import (
    BLOCK_NAMES,
    CATEGORY_NAMES,
    HAND,
    Arrangement,
    Exposure,
    best,
    completions,
    parse_written_hand,
    round_extras,
    why_not,
)
from tilepress.games.minttin.options import CardsFigure

SUIT_COLOURS = {"S": "#2f5d8a", "M": "#5b3f8c", "F": "#b8361e", "": "#9a7410"}
SUIT_TINTS = {"S": "#e6eef6", "M": "#eee8f6", "F": "#fbe9e2", "": "#fbf3dc"}
PAPER = "#fffdf8"
BACK = "#1f4e4a"
BACK_LINE = "#2f6d67"
MARK = "#e0a526"


def suit_symbol(c: Canvas, suit: str, cx: float, cy: float, size: float,
                colour: str | None = None, background: str = PAPER) -> None:
    """A suit symbol ``size`` mm tall centred on (cx, cy)."""
    colour = colour or SUIT_COLOURS[suit]
    s = size / 2
    if suit == "S":  # a sword, point up: blade, crossguard, grip and pommel
        blade = [(cx, cy - s), (cx + s * 0.16, cy - s * 0.72), (cx + s * 0.16, cy + s * 0.3),
                 (cx - s * 0.16, cy + s * 0.3), (cx - s * 0.16, cy - s * 0.72)]
        c.polyline(blade, closed=True, fill=colour, stroke=None)
        c.line(cx, cy - s * 0.75, cx, cy + s * 0.25, stroke=background, stroke_width=s * 0.05)
        c.rect(cx - s * 0.5, cy + s * 0.3, s, s * 0.14, fill=colour, radius=s * 0.06)
        c.rect(cx - s * 0.09, cy + s * 0.44, s * 0.18, s * 0.36, fill=colour)
        c.circle(cx, cy + s * 0.88, s * 0.13, fill=colour)
    elif suit == "M":  # a crescent moon with a small star
        r = s * 0.82
        c.circle(cx, cy, r, fill=colour)
        c.circle(cx + r * 0.45, cy - r * 0.22, r * 0.8, fill=background)
        star_r = s * 0.16
        pts = []
        for k in range(10):
            a = -math.pi / 2 + k * math.pi / 5
            rr = star_r if k % 2 == 0 else star_r * 0.45
            pts.append((cx + r * 0.55 + rr * math.cos(a), cy + r * 0.35 + rr * math.sin(a)))
        c.polyline(pts, closed=True, fill=colour, stroke=None)
    elif suit == "F":  # a flame: an outer tongue and an inner one
        c.path([("M", cx, cy - s),
                ("C", cx + s * 0.25, cy - s * 0.55, cx + s * 0.75, cy - s * 0.2,
                 cx + s * 0.62, cy + s * 0.35),
                ("C", cx + s * 0.52, cy + s * 0.8, cx + s * 0.15, cy + s, cx, cy + s),
                ("C", cx - s * 0.15, cy + s, cx - s * 0.58, cy + s * 0.8, cx - s * 0.62,
                 cy + s * 0.35),
                ("C", cx - s * 0.68, cy - s * 0.05, cx - s * 0.35, cy - s * 0.25, cx - s * 0.3,
                 cy - s * 0.55),
                ("C", cx - s * 0.1, cy - s * 0.3, cx - s * 0.05, cy - s * 0.6, cx, cy - s),
                ("Z",)], fill=colour)
        c.path([("M", cx, cy - s * 0.15),
                ("C", cx + s * 0.3, cy + s * 0.15, cx + s * 0.35, cy + s * 0.55, cx,
                 cy + s * 0.82),
                ("C", cx - s * 0.35, cy + s * 0.55, cx - s * 0.25, cy + s * 0.2, cx,
                 cy - s * 0.15),
                ("Z",)], fill=background)
    else:  # the joker's star
        pts = []
        for k in range(16):
            a = -math.pi / 2 + k * math.pi / 8
            rr = s if k % 2 == 0 else s * 0.45
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        c.polyline(pts, closed=True, fill=colour, stroke=None)


_OVERHANG = {"J": 0.16}
"""How far a bold index letter's ink reaches left of where it is set, in ems (the J's
hook), and so how far it is moved right to stand where a number's ink stands."""


def _index(c: Canvas, text: str, colour: str, w: float, h: float, size: float,
           pip: str = "") -> None:
    """The corner index at the top left, and turned half round at the bottom right; a 6
    or a 9 is underlined, so that turned round it cannot be read as the other. A dragon's
    ``pip`` (its suit's symbol) stands under its D, so that the corner of a card in a
    fanned hand tells the three dragons apart by shape, not by colour alone."""
    for turn in (0, 180):
        with c.group(translate=(w, h) if turn else (0.0, 0.0), rotate=turn):
            x, y = w * 0.09 + _OVERHANG.get(text, 0.0) * size * PT, h * 0.03 + size * 0.36
            c.text(x, y, text, size=size, font="bold", fill=colour)
            wide = text_width(text, size, "bold")
            if text in ("6", "9"):
                c.line(x, y + size * PT * 0.16, x + wide, y + size * PT * 0.16,
                       stroke=colour, stroke_width=size * PT * 0.08)
            if pip:
                suit_symbol(c, pip, x + wide / 2, y + size * PT * 0.62, size * PT * 0.8)


def _inset(w: float) -> float:
    """Where a card's frame stands: never nearer the trim than the safe zone."""
    return max(SAFE, w * 0.05)


def _frame(c: Canvas, colour: str, tint: str, w: float, h: float, bleed: float) -> None:
    """Background and border; the tint runs into the bleed so a trim error shows none,
    and the border keeps to the safe zone so that it shows none either."""
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill=tint)
    m = _inset(w)
    c.rect(m, m, w - 2 * m, h - 2 * m, fill=PAPER, stroke=colour, stroke_width=0.5,
           radius=w * 0.05)


def _grid(n: int) -> list[tuple[float, float]]:
    """Positions (fractions of the art box) for n symbols, in card-like columns."""
    layouts = {
        1: [(0.5, 0.5)], 2: [(0.5, 0.25), (0.5, 0.75)],
        3: [(0.5, 0.18), (0.5, 0.5), (0.5, 0.82)],
        4: [(0.28, 0.25), (0.72, 0.25), (0.28, 0.75), (0.72, 0.75)],
        5: [(0.28, 0.2), (0.72, 0.2), (0.5, 0.5), (0.28, 0.8), (0.72, 0.8)],
        6: [(0.28, 0.18), (0.72, 0.18), (0.28, 0.5), (0.72, 0.5), (0.28, 0.82), (0.72, 0.82)],
        7: [(0.22, 0.13), (0.78, 0.13), (0.5, 0.33), (0.22, 0.53), (0.78, 0.53), (0.22, 0.87),
            (0.78, 0.87)],
        8: [(0.22, 0.12), (0.78, 0.12), (0.5, 0.31), (0.22, 0.5), (0.78, 0.5), (0.5, 0.69),
            (0.22, 0.88), (0.78, 0.88)],
        9: [(0.2, 0.12), (0.8, 0.12), (0.2, 0.37), (0.8, 0.37), (0.5, 0.5),
            (0.2, 0.63), (0.8, 0.63), (0.2, 0.88), (0.8, 0.88)],
    }
    return layouts[n]


SYMBOL_SCALE = {7: 0.85, 8: 0.8, 9: 0.72}
"""Smaller symbols where many share the card, so that none touches another."""


def draw_card_face(c: Canvas, card: Card, w: float, h: float, bleed: float = 0.0) -> None:
    """A full-size card face in a w x h box."""
    suit = card.suit
    colour, tint = SUIT_COLOURS[suit], SUIT_TINTS[suit]
    _frame(c, colour, tint, w, h, bleed)
    index_size = w * 0.36 / 0.3528 * 0.55
    if card.is_number:
        _index(c, str(card.number), colour, w, h, index_size)
        box_x, box_y, box_w, box_h = w * 0.24, h * 0.17, w * 0.52, h * 0.66
        sym = min(box_w * 0.5, box_h * 0.22) * SYMBOL_SCALE.get(card.number, 1.0)
        for fx, fy in _grid(card.number):
            suit_symbol(c, suit, box_x + fx * box_w, box_y + fy * box_h, sym)
    elif card.is_dragon:
        _index(c, "D", colour, w, h, index_size, pip=suit)
        cx, cy, r = w / 2, h / 2, w * 0.3
        c.circle(cx, cy, r, fill=colour)
        c.circle(cx, cy, r * 0.82, fill=PAPER)
        suit_symbol(c, suit, cx, cy - r * 0.1, r * 0.95)
        c.text(cx, cy + r * 1.45, "DRAGON", size=w * 0.16 / 0.3528 * 0.45, font="bold",
               anchor="middle", fill=colour)
        c.text(cx, cy - r * 1.22, {"S": "SWORD", "M": "MOON", "F": "FIRE"}[suit],
               size=w * 0.16 / 0.3528 * 0.4, font="bold", anchor="middle", fill=colour)
    else:
        _index(c, "J", colour, w, h, index_size)
        suit_symbol(c, "", w / 2, h / 2, w * 0.55)
        for k, s in enumerate(("S", "M", "F")):
            suit_symbol(c, s, w * (0.3 + 0.2 * k), h * 0.78, w * 0.12)
        c.text(w / 2, h * 0.25, "JOKER", size=w * 0.16 / 0.3528 * 0.5, font="bold",
               anchor="middle", fill=colour)


def draw_card_back(c: Canvas, w: float, h: float, bleed: float = 0.0) -> None:
    """The common back: a lattice running into the bleed, and the game's name."""
    x0, y0, x1, y1 = -bleed, -bleed, w + bleed, h + bleed
    c.rect(x0, y0, x1 - x0, y1 - y0, fill=BACK)
    # a lattice of diagonals, each cut to the card and its bleed (so that neighbouring
    # cards on a sheet never draw over each other)
    step = w / 6
    k = 0
    while y0 - x1 + k * step <= y1 - x0:
        up = y0 - x1 + k * step             # the line y = x + up
        a, b = max(x0, y0 - up), min(x1, y1 - up)
        if a < b:
            c.line(a, a + up, b, b + up, stroke=BACK_LINE, stroke_width=0.35)
        down = x0 + y0 + k * step           # the line y = down - x
        a, b = max(x0, down - y1), min(x1, down - y0)
        if a < b:
            c.line(a, down - a, b, down - b, stroke=BACK_LINE, stroke_width=0.35)
        k += 1
    c.rect(w * 0.08, w * 0.08, w * 0.84, h - w * 0.16, stroke="#e9d9a8", stroke_width=0.6,
           radius=w * 0.05)
    c.rect(w * 0.2, h * 0.38, w * 0.6, h * 0.24, fill=BACK, stroke="#e9d9a8", stroke_width=0.4,
           radius=w * 0.04)
    size = max(w * 0.1 / 0.3528 * 0.55, 6.5)
    c.text(w / 2, h * 0.47, "MINT TIN", size=size, font="bold", anchor="middle", fill="#e9d9a8")
    c.text(w / 2, h * 0.56, "MAHJONG", size=size, font="bold", anchor="middle", fill="#e9d9a8")


def _score_value(c: Canvas, value: int, x: float, y: float, rotate: float,
                 size: float) -> None:
    """A score upright for the reader on one side; a 6 or a 9 is underlined, so that
    turned round it cannot be read as the other."""
    with c.group(translate=(x, y), rotate=rotate):
        c.text(0, 0, str(value), size=size, font="bold", anchor="middle", fill="#9a7410")
        if value in (6, 9):
            half = text_width(str(value), size, "bold") / 2
            c.line(-half, size * PT * 0.16, half, size * PT * 0.16, stroke="#9a7410",
                   stroke_width=size * PT * 0.08)


def draw_score_side(c: Canvas, values: Sequence[int], w: float, h: float,
                    bleed: float = 0.0) -> None:
    """One side of a score card: four values, one read at each edge (turn the card so
    the score faces you). ``values`` go top, right, bottom, left."""
    c.rect(-bleed, -bleed, w + 2 * bleed, h + 2 * bleed, fill="#f4ead2")
    m = _inset(w)
    c.rect(m, m, w - 2 * m, h - 2 * m, fill=PAPER, stroke="#9a7410", stroke_width=0.5,
           radius=w * 0.05)
    k = w * 0.05 * 0.45  # the diagonals start inside the frame's rounded corners
    dx, dy = m + k, m + k * h / w
    c.line(dx, dy, w - dx, h - dy, stroke="#e3d3a8", stroke_width=0.3)
    c.line(w - dx, dy, dx, h - dy, stroke="#e3d3a8", stroke_width=0.3)
    size = w * 0.3 / 0.3528 * 0.5
    top, right, bottom, left = values
    # each value sits by its edge, upright for a reader on that side
    _score_value(c, top, w / 2, h * 0.2, 0, size)
    _score_value(c, bottom, w / 2, h * 0.8, 180, size)
    _score_value(c, right, w * 0.8, h / 2, 90, size)
    _score_value(c, left, w * 0.2, h / 2, -90, size)
    c.text(w / 2, h / 2 + 1, "SCORE", size=max(size * 0.34, 6.0), font="bold",
           anchor="middle", fill="#9a7f3c")


def draw_small_card(c: Canvas, card: Card | None, x: float, y: float, w: float, *,
                    mark: bool = False) -> None:
    """A compact face (``None``: a back) ``w`` wide and 1.4 w tall: the index and one
    suit symbol, for rows of cards on a page."""
    h = w * 1.4
    if card is None:
        c.rect(x, y, w, h, fill=BACK, stroke="#0f2f2c", stroke_width=0.2, radius=w * 0.1)
        return
    colour = SUIT_COLOURS[card.suit]
    if mark:  # a gold ring around the card: the one just drawn, called or won on
        c.rect(x - 0.8, y - 0.8, w + 1.6, h + 1.6, fill=MARK, radius=w * 0.1 + 0.8)
    c.rect(x, y, w, h, fill=PAPER, stroke=colour, stroke_width=0.35, radius=w * 0.1)
    label = str(card.number) if card.is_number else "D" if card.is_dragon else "J"
    c.text(x + w / 2, y + h * 0.42, label, size=w * 1.55, font="bold", anchor="middle",
           fill=colour)
    suit_symbol(c, card.suit, x + w / 2, y + h * 0.72, w * 0.5, colour)


def _row_width(groups: Sequence[Sequence[Card | None]], card_w: float) -> float:
    return sum(len(g) * (card_w + 0.6) for g in groups) + card_w * 0.45 * max(len(groups) - 1, 0)


def _wrapped(count: int, sizes: Sequence[int], card_w: float, max_width: float) -> list[range]:
    """The groups of each row, within ``max_width`` (0: all in one row), the rows as even
    as they can be without another row: 11 22 33 / 33 DDD, never 11 22 33 33 / DDD."""
    total = _row_width([[None] * n for n in sizes], card_w)
    return even_rows(lambda w: _filled(count, sizes, card_w, w), max_width,
                     lambda rows: total / rows, card_w / 2)


def _filled(count: int, sizes: Sequence[int], card_w: float, max_width: float) -> list[range]:
    """The groups of each row: as many as fit in ``max_width`` (0: all in one row)."""
    rows: list[range] = []
    start = 0
    for i in range(1, count + 1):
        if i == count or (max_width and _row_width([[None] * n for n in sizes[start:i + 1]],
                                                   card_w) > max_width):
            rows.append(range(start, i))
            start = i
    return rows or [range(0)]


LABEL_SIZE = 7.0
LABEL_INK = "#45433f"
"""A block's label under it ("pung", "kong, exposed"): the words that say a block is
exposed, so printed large and dark enough to read at arm's length."""


def cards_figure(groups: Sequence[Sequence[Card | None]], *, card_w: float = 7.0,
                 labels: Sequence[str] = (), marks: frozenset[tuple[int, int]] = frozenset(),
                 caption: str = "", max_width: float = 0.0) -> Figure:
    """Rows of compact cards, a gap between groups (exposures in brackets are groups
    too); ``labels`` go under groups. Groups wrap onto more rows past ``max_width`` mm."""
    rows = _wrapped(len(groups), [len(g) for g in groups], card_w, max_width)
    label_h = 3.5 if any(labels) else 0.0
    row_h = card_w * 1.4 + label_h + 0.5
    width = max(_row_width([groups[i] for i in r], card_w) for r in rows)
    height = row_h * len(rows) + 2.0 * (len(rows) - 1)

    def draw(c: Canvas) -> None:
        for k, row in enumerate(rows):
            x, y = 0.0, k * (row_h + 2.0)
            for gi in row:
                start = x
                for ci, card in enumerate(groups[gi]):
                    draw_small_card(c, card, x, y, card_w, mark=(gi, ci) in marks)
                    x += card_w + 0.6
                if gi < len(labels) and labels[gi]:
                    c.text((start + x - 0.6) / 2, y + card_w * 1.4 + 3.0, labels[gi],
                           size=LABEL_SIZE, anchor="middle", fill=LABEL_INK)
                x += card_w * 0.45

    return Figure(max(width, 1.0), height, draw, caption)


parse_drawn_hand = parse_written_hand
"""A hand as a rulebook writes it (:func:`tilepress.games.minttin.hand.parse_written_hand`)."""


def _facts(cards: tuple[Card, ...], exposures: tuple[Exposure, ...],
           params: CardsFigure) -> tuple[dict[str, Any], Arrangement | None]:
    """What the engine says of the hand: for 14 cards its best reading and points (or why
    it is no hand), for 13 the cards that complete it."""
    extras = round_extras(len(exposures), params.jokers_discarded, winning_call=params.concealed)
    total = len(cards) + sum(e.size for e in exposures)
    facts: dict[str, Any] = {"cards": total, "concealed": extras.concealed}
    if total == HAND:
        top = best(cards, exposures, extras)
        facts["wins"] = top is not None and top.score >= 1
        facts["points"] = top.score if top else 0
        facts["pattern"] = (str(top.pattern) if top.pattern else "epic hand") if top else ""
        facts["category"] = CATEGORY_NAMES.get(top.category, "") if top else ""
        facts["set"] = top.set_text.replace(",", "-") if top else ""
        facts["special"] = top.special if top else ""
        facts["blocks"] = " ".join(str(b) for b in top.blocks) if top else ""
        facts["explained"] = ", ".join(f"{name} +{p}" for name, p in top.points) if top else ""
        facts["why_not"] = "" if top else why_not(cards, exposures)
        return facts, top
    if total == HAND - 1:
        ways = completions(cards, exposures, extras)
        facts["completions"] = " ".join(f"{c}:{p}" for c, p in
                                        sorted(ways.items(), key=lambda kv: kv[0]))
        return facts, None
    raise HandError(f"draw 13 or 14 cards with the exposures, not {total}")


def _claims_hold(facts: dict[str, Any], params: CardsFigure) -> None:
    if params.points is not None and facts.get("points") != params.points:
        said = (f"scores it {facts['points']}" if "points" in facts
                else "scores only 14 cards")
        raise HandError(f"the claim is {params.points} points; the engine {said}")
    if params.pattern and facts.get("pattern") != params.pattern.strip().lower():
        raise HandError(f"the claim is the pattern {params.pattern!r}; the engine finds "
                        f"{facts.get('pattern') or 'no winning pattern'!r}")


def cards_figure_of(params: CardsFigure) -> Illustration:
    """A Mint Tin hand with its exposures and a card outlined, laid out in the blocks of
    its best reading when it wins; checked against a claimed pattern and points."""
    cards, exposures = parse_drawn_hand(params.hand)
    facts, top = _facts(cards, exposures, params)
    _claims_hold(facts, params)
    if top is not None and top.pattern is not None:
        groups = [[b.face] * (b.size - b.jokers) + [JOKER] * b.jokers for b in top.blocks]
        labels = [BLOCK_NAMES[b.size] + (", exposed" if b.exposed else "") for b in top.blocks]
    else:
        concealed = [list(g) for _, g in itertools.groupby(sorted(cards))]
        groups = concealed + [list(e.cards) for e in exposures]
        labels = ([BLOCK_NAMES.get(len(g), "") if g[0] != JOKER else "" for g in concealed]
                  + [f"{BLOCK_NAMES.get(len(e.cards), 'block')}, exposed" for e in exposures])
    marks: frozenset[tuple[int, int]] = frozenset()
    if params.highlight:
        mark = parse_card(params.highlight)
        hits = [(gi, ci) for gi, g in enumerate(groups) for ci, c in enumerate(g) if c == mark]
        if not hits:
            raise HandError(f"the card to outline, {mark}, is not in the hand")
        marks = frozenset({hits[-1]})
    return Illustration(cards_figure(groups, card_w=params.card_width, labels=labels,
                                     marks=marks, max_width=params.width), facts)


__all__ = ["cards_figure", "cards_figure_of", "draw_card_back", "draw_card_face", "draw_score_side",
           "draw_small_card", "parse_drawn_hand", "suit_symbol"]


# ---------------------------------------------------------------------------
# A position from a game log (``tilepress draw position``)
# ---------------------------------------------------------------------------


def said(ev: Any, names: Sequence[str], seat: int | None) -> str:
    """The event in words, as the player at ``seat`` (None: an onlooker who sees all)
    would hear it: another player's draw is "a card"."""
    from tilepress.games.minttin import rules as r
    from tilepress.games.minttin.words import card_name, cards_words

    p = getattr(ev, "player", 1)
    who = names[p]
    s = "" if who == "You" else "s"
    if isinstance(ev, r.Deal):
        return f"Round {ev.round} is dealt" + ("." if who == "You" or len(names) < 2
                                              else f" by {names[ev.dealer]}.")
    if isinstance(ev, r.Draw):
        card = "a card" if seat not in (None, p) else card_name(ev.card)
        return f"{who} draw{s} {card}."
    if isinstance(ev, r.Discard):
        if ev.block:
            return f"{who} place{s} a joker on the discard row as a block."
        return f"{who} discard{s} {card_name(ev.card)}."
    if isinstance(ev, r.Call):
        return (f"{who} call{s} {card_name(ev.card)} and expose{s} it with "
                f"{cards_words(ev.cards)}.")
    if isinstance(ev, r.Swap):
        return f"{who} swap{s} a joker with an exposure of {card_name(ev.face)}."
    if isinstance(ev, r.Mahjong):
        return f"{who} call{s} Mahjong" + (
            f" for {ev.points} point{'s' * (ev.points != 1)}." if ev.points else
            ", but the hand does not win.")
    if isinstance(ev, r.Double):
        return f"{who} call{s} Double."
    if isinstance(ev, r.Answer):
        return f"{who} {'takes' if ev.take else 'drops'} the double."
    if isinstance(ev, r.PassOffer):
        return f"{who} offers to pass {ev.count} card{'s' * (ev.count != 1)}."
    if isinstance(ev, r.PassCards):
        cards = cards_words(ev.cards) if ev.cards and seat in (None, p) else \
            f"{len(ev.cards)} card{'s' * (len(ev.cards) != 1)}"
        return f"{who} passes {cards}."
    if isinstance(ev, r.Exhausted):
        return f"{who} cannot draw: the deck is empty."
    if isinstance(ev, r.OpponentDraw):
        return f"The virtual opponent turns up {card_name(ev.card)}."
    if isinstance(ev, r.ToRow):
        return f"{card_name(ev.card).capitalize()} goes to the discard row."
    if isinstance(ev, r.OpponentSwap):
        return f"The virtual opponent swaps {card_name(ev.face)} for a joker."
    if isinstance(ev, r.OpponentExposes):
        return f"The virtual opponent exposes a pung: {cards_words(ev.cards)}."
    if isinstance(ev, r.RoundEnd):
        return f"The round ends: {ev.reason} ({names[0]} +{ev.scores[0]}, " \
               f"{names[1].lower() if names[0] == 'You' else names[1]} +{ev.scores[1]})."
    return str(ev.TYPE)  # pragma: no cover - every event of the game is named above


def _hand_groups(seat: Any, hidden: bool, drawn: Card | None
                 ) -> tuple[list[list[Card | None]], list[str], frozenset[tuple[int, int]]]:
    """A seat's hand (identical cards together, face down when ``hidden``) and its
    exposures, their labels, and the card just drawn outlined."""
    groups: list[list[Card | None]] = []
    if hidden:
        groups = [[None] * len(seat.hand)] if seat.hand else []
    else:
        for card in sorted(seat.hand):
            if groups and groups[-1][-1] == card:
                groups[-1].append(card)
            else:
                groups.append([card])
    marks: frozenset[tuple[int, int]] = frozenset()
    if drawn is not None and not hidden:
        hits = [(gi, ci) for gi, g in enumerate(groups) for ci, c in enumerate(g) if c == drawn]
        marks = frozenset(hits[-1:])
    labels = [""] * len(groups) + [f"{BLOCK_NAMES.get(len(m.cards), 'block')}, exposed"
                                   for m in seat.melds]
    groups += [sorted(m.cards) for m in seat.melds]
    return groups, labels, marks


def position_figure(log: Any, events: int, *, seat: int | None = None,
                    tile_width: float = 9.0) -> Illustration:
    """The table after the first ``events`` events of ``log``: each hand (only ``seat``'s
    face up when given) with its exposures, the discards, the deck, whose turn, and the
    last action in words. Solo: your hand, the virtual opponent's pungs, the discard row
    and the hold spot."""
    from tilepress.documents.assemble import labelled, position_frame, text_figure
    from tilepress.engine.log import line_of
    from tilepress.games.minttin import rules as r
    from tilepress.games.minttin.runner import new_match

    match = new_match(log)
    for ev in log.events[:events]:
        match.apply(ev)
    last = log.events[events - 1]
    solo = log.game == r.SOLO
    names = ("You", "The virtual opponent") if solo else ("Player 1", "Player 2")
    width = 16 * (tile_width + 0.6)
    parts: list[Figure] = []
    up = down = 0
    for p in (0, 1):
        me = match.seats[p]
        hidden = seat is not None and seat != p and not solo
        drawn = last.card if isinstance(last, r.Draw) and last.player == p else None
        groups, labels, marks = _hand_groups(me, hidden, drawn)
        down += len(me.hand) if hidden else 0
        up += sum(len(g) for g in groups) - (len(me.hand) if hidden else 0)
        points = f"{me.score} point{'s' * (me.score != 1)}"
        what = (f"{len(me.hand)} cards in hand, {points}" if not (solo and p)
                else f"pungs {len(me.melds)} of 5, {points}")
        if groups:
            parts.append(labelled(f"{names[p]}: {what}", cards_figure(
                groups, card_w=tile_width, labels=labels, marks=marks, max_width=width)))
        else:
            parts.append(labelled(f"{names[p]}: {what}", text_figure("nothing yet", size=7)))
    hidden_discards = 0
    if solo:
        row = list(match.row)
        if row:
            up += len(row)
            blocked = f", the first {match.block_at} blocked" if match.block_at else ""
            parts.append(labelled(f"The discard row{blocked}",
                                  cards_figure([row], card_w=tile_width, max_width=width)))
        if match.hold is not None:
            up += 1
            parts.append(labelled("The hold spot", cards_figure([[match.hold]],
                                                                card_w=tile_width)))
    else:
        hidden_discards = match.double_turns if match.doubler is not None else 0
        if hidden_discards:  # after a double, discards are made face down
            down += hidden_discards
            parts.append(labelled("Discarded face down since the double", cards_figure(
                [[None] * hidden_discards], card_w=tile_width)))
        for p in (0, 1):
            mine = [c for q, c in match.discards if q == p]
            if mine:
                up += len(mine)
                parts.append(labelled(f"{names[p]}'s discards", cards_figure(
                    [mine], card_w=tile_width, max_width=width)))
    to_move = match.to_move
    turn = (f"{names[to_move]} to play ({match.phase})" if to_move is not None
            else f"next: {match.phase}")
    a, b = (s.score for s in match.seats)
    status = (f"Round {match.round}; the deck holds {len(match.wall)} cards; {turn}; "
              f"score {a}-{b} (the match is played to {match.options.target}).")
    line = line_of(last) or 0
    words = said(last, names, seat)
    if isinstance(last, r.Discard) and not solo and hidden_discards:
        from tilepress.games.minttin.words import card_name

        seen = f" ({card_name(last.card)})" if seat in (None, last.player) else ""
        words = f"{names[last.player]} discards a card face down{seen}."
    facts = {"line": line, "face_up": up, "face_down": down, "wall": len(match.wall),
             "to_move": None if to_move is None else to_move + 1, "said": words}
    return Illustration(position_frame(parts, status, f"After line {line}: {words}"), facts)
