"""Cards of text: rules summaries and player aids at card size, each part a titled panel of
paragraphs, bullets and numbered items, flowed over as many sides as they need (printed
by :class:`~.cards.CardSheets` like any card)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from tilepress.documents.cards import INK, SAFE, CardSpec, Side, card_dimensions, plain_side
from tilepress.draw.canvas import PT, Canvas
from tilepress.draw.fonts import text_width, wrap


@dataclass(frozen=True)
class CardText:
    """A titled part of a text card; each item is a paragraph. An item starting with
    "- " hangs from a bullet, "1. " from its number; "  " indents a sub-item."""

    title: str
    items: tuple[str, ...]


@dataclass(frozen=True)
class CardStyle:
    background: str = "#f4ead2"
    panel: str = "#fffdf8"
    accent: str = "#9a7410"
    ink: str = INK
    size: float = 6.5
    """Body type (points) on a mini card; larger cards scale it up, to at most 9 pt."""


_PANEL_PAD = 1.6


def _type_size(style: CardStyle, w: float) -> float:
    return max(style.size, min(9.0, style.size * w / 44.45))


def _item_lines(item: str, width: float, size: float) -> tuple[str, float, float, list[str]]:
    """The item's marker ("\u2022", "1." or ""), where the marker and the text start, and
    the text's lines."""
    start = 0.0
    if item.startswith("  "):
        start, item = 2.0, item.strip()
    marker, indent = "", start
    m = re.match(r"(- |\d+\. )", item)
    if m:
        marker = "\u2022" if m[1] == "- " else m[1].strip()
        item = item[len(m[1]):]
        indent = start + 1.2 + text_width(marker, size, "bold")
    lines = wrap(item, width - indent, size)
    if len(lines) > 1 and len(lines[-1]) < 12 and len(lines[-2].split()) > 2:
        # no runt: bring a word down to keep the last line company, if it fits there
        head, last = lines[-2].rsplit(" ", 1)
        if text_width(f"{last} {lines[-1]}", size) <= width - indent:
            lines[-2:] = [head, f"{last} {lines[-1]}"]
    return marker, start, indent, lines


def _title_rows(text: str, inner: float, size: float) -> tuple[float, list[str]]:
    """A part's title on one line, a little larger than the text, or as small as the
    text; wrapped at the text's size if it is still wider than the card (large print on
    a small card)."""
    t = size * 1.25
    while text_width(text, t, "bold") > inner and t > size:
        t -= 0.25
    return t, [text] if text_width(text, t, "bold") <= inner else wrap(text, inner, t, "bold")


def text_card_sides(parts: Sequence[CardText], w: float, h: float,
                    style: CardStyle = CardStyle()) -> list[Side]:
    """Card sides holding ``parts`` in order at no less than the style's type size: a
    part starts a new side when it does not fit below the one before, and runs over
    (between items, its title repeated) only when it alone is longer than a side."""
    size = _type_size(style, w)
    lead = size * PT * 1.28
    inner = w - 2 * (SAFE + _PANEL_PAD)
    height = h - 2 * (SAFE + _PANEL_PAD)
    Line = tuple[str, str, float, float, str, float]  # kind, marker, start, indent, text, size

    def title_lines(text: str) -> list[Line]:
        t, rows = _title_rows(text, inner, size)
        return [("title", "", 0.0, 0.0, row, t) for row in rows]

    def tall(line: Line) -> float:
        return {"title": line[5] * PT * 1.5, "gap": lead * 0.5}.get(line[0], lead)

    def item_lines(item: str) -> list[Line]:
        marker, start, indent, lines = _item_lines(item, inner, size)
        return [("text", marker if k == 0 else "", start, indent, line, size)
                for k, line in enumerate(lines)]

    sides: list[list[Line]] = [[]]
    used = 0.0

    def add(lines: list[Line]) -> None:
        nonlocal used
        sides[-1].extend(lines)
        used += sum(tall(line) for line in lines)

    def new_side() -> None:
        nonlocal used
        sides.append([])
        used = 0.0

    for part in parts:
        items = [item_lines(item) for item in part.items]
        head = title_lines(part.title)
        need = sum(tall(line) for line in head + [x for item in items for x in item])
        gap = [("gap", "", 0.0, 0.0, "", size)] if sides[-1] else []
        if used + lead * 0.5 * bool(gap) + need <= height:
            add(gap + head + [x for item in items for x in item])
            continue
        if sides[-1]:
            new_side()
        add(head)
        for item in items:
            if used + sum(tall(line) for line in item) > height:
                new_side()
                add(title_lines(f"{part.title} (cont.)"))
            add(item)

    def side_of(lines: list[Line]) -> Side:
        def draw(c: Canvas, cw: float, ch: float, b: float) -> None:
            c.rect(-b, -b, cw + 2 * b, ch + 2 * b, fill=style.background)
            c.rect(SAFE, SAFE, cw - 2 * SAFE, ch - 2 * SAFE, fill=style.panel,
                   stroke=style.accent, stroke_width=0.4, radius=2.0)
            y = SAFE + _PANEL_PAD
            x = SAFE + _PANEL_PAD
            for line in lines:
                kind, marker, start, indent, text, t = line
                if kind == "title":
                    c.text(cw / 2, y + t * PT * 1.05, text, size=t, font="bold",
                           anchor="middle", fill=style.accent)
                elif kind == "text":
                    base = y + t * PT * 0.95
                    if marker:
                        c.text(x + start, base, marker, size=t, font="bold",
                               fill=style.accent)
                    c.text(x + indent, base, text, size=t, fill=style.ink)
                y += tall(line)

        return draw

    return [side_of(lines) for lines in sides if lines]


def text_cards(name: str, parts: Sequence[CardText], card_size: str,
               style: CardStyle = CardStyle(), *, copies: int = 1,
               blank: Side | None = None) -> list[CardSpec]:
    """Cards (front and back) holding ``parts`` at ``card_size``, ``copies`` of each; an
    odd last side gets ``blank`` on its back (a plain side in the style's colour)."""
    w, h = card_dimensions(card_size)
    sides = text_card_sides(parts, w, h, style)
    if len(sides) % 2:
        sides.append(blank or plain_side(style.background))
    cards = []
    for copy in range(1, copies + 1):
        for k in range(0, len(sides), 2):
            cards.append(CardSpec(f"{name}-{k // 2 + 1}-{copy}", sides[k], sides[k + 1]))
    return cards


__all__ = ["CardStyle", "CardText", "text_card_sides", "text_cards"]
