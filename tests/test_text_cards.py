"""Text cards (the Mint Tin rules cards): every line of every side stays inside its card's
panel, titles included, at every card size and in large print (issue 34's audit found
large-print titles running off their cards into the next)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from drawn import ProbeCanvas, ProbePage

from tilepress.documents.cards import CARD_SIZES, SAFE
from tilepress.documents.print_options import LARGE_TYPE
from tilepress.documents.text_cards import CardText, text_card_sides
from tilepress.draw.fonts import text_width
from tilepress.games.minttin.printables import RULES_STYLE, rules_parts


def _sides(parts, size: str, style) -> list[ProbePage]:
    w, h = CARD_SIZES[size]
    pages = []
    for side in text_card_sides(parts, w, h, style):
        page = ProbePage(w, h, 0.0)
        side(ProbeCanvas(page, set()), w, h, 0.0)
        pages.append(page)
    return pages


def _inside(page: ProbePage, w: float) -> list[str]:
    """The texts that reach past the panel's sides (the panel is SAFE from the trim)."""
    out = []
    for t in page.texts:
        wide = text_width(t.text, t.size, t.font)
        left = t.x - wide / 2 if t.anchor == "middle" else t.x
        if left < SAFE - 0.01 or left + wide > w - SAFE + 0.01:
            out.append(f"{t.text!r} at {t.size} pt: {left:.1f}-{left + wide:.1f} mm of {w}")
    return out


@pytest.mark.parametrize("large", [False, True], ids=["standard", "large-print"])
@pytest.mark.parametrize("size", sorted(CARD_SIZES))
def test_every_line_of_the_rules_cards_stays_on_its_card(size: str, large: bool) -> None:
    style = replace(RULES_STYLE, size=LARGE_TYPE) if large else RULES_STYLE
    w, _ = CARD_SIZES[size]
    pages = _sides(rules_parts(), size, style)
    assert pages
    for number, page in enumerate(pages, start=1):
        assert not _inside(page, w), (number, _inside(page, w))
        if large:
            assert min(t.size for t in page.texts) >= LARGE_TYPE


def test_a_title_wider_than_any_card_wraps_at_the_text_size() -> None:
    part = CardText("A very long heading about numbers and dragons", ("one item",))
    page = _sides([part], "mini", replace(RULES_STYLE, size=LARGE_TYPE))[0]
    titles = [t for t in page.texts if t.font == "bold" and t.text != "\u2022"]
    assert len(titles) >= 2 and not _inside(page, CARD_SIZES["mini"][0])
