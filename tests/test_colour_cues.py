"""Colour is never the only cue: what tells two things apart on a colour printer still
tells them apart on a black-and-white one. The American card's suits each carry a mark
(plain, underlined, boxed) besides their colour, wherever a card line is printed (the
practice card, the rulebook, the daily sheet's quiz); a balance report's second run is
hatched as well as coloured."""

from __future__ import annotations

import itertools

import pytest
from drawn import ProbePage, ProbeSurface, probe

from tilepress.draw.canvas import PAPERS
from tilepress.games.american.card import Group
from tilepress.games.american.cards_file import practice_card
from tilepress.games.american.pictures import (
    SUIT_COLOURS,
    card_lines_figure,
    draw_token,
    suits_legend,
)
from tilepress.games.american.printables import practice_card_sheet


def _page(draw, w: float = 200.0, h: float = 40.0) -> ProbePage:
    surface = ProbeSurface()
    with surface.page(w, h) as c:
        draw(c)
    return surface.pages[0]


def _without_colour(page: ProbePage) -> tuple:
    """What a black-and-white print keeps of a drawing: its texts and shapes, where they
    are and how thick, without their colours."""
    return (tuple((t.text, t.font, round(t.size, 3)) for t in page.texts),
            tuple(sorted((s.kind, tuple(round(v, 2) for v in s.box), round(s.stroke_width, 3),
                          s.fill is not None) for s in page.shapes)))


def test_two_suits_never_differ_only_in_colour() -> None:
    drawn = {suit: _page(lambda c, s=suit: draw_token(c, Group("2222", s), 10, 10, 9.0))
             for suit in "abc"}
    for one, other in itertools.combinations("abc", 2):
        assert drawn[one].texts[0].fill != drawn[other].texts[0].fill
        assert _without_colour(drawn[one]) != _without_colour(drawn[other]), (one, other)


def _marks(page: ProbePage) -> dict[str, set[str]]:
    """For each suit colour of the card, the marks its groups carry on the page: 'under'
    (a line under the text), 'box' (a rectangle around it) or 'plain'."""
    from tilepress.draw.fonts import text_width

    found: dict[str, set[str]] = {}
    for t in page.texts:
        suit = next((s for s, colour in SUIT_COLOURS.items() if s and colour == t.fill), None)
        if suit is None or t.font != "bold" or t.text.strip("0123456789xyzwvD"):
            continue  # not a suit's group (numbers, number letters, its dragon): "C"
        x1 = t.x + text_width(t.text, t.size, "bold")
        under = any(s.kind == "path" and abs(s.box[0] - t.x) < 0.05 and abs(s.box[2] - x1) < 0.05
                    and 0 < s.box[1] - t.y < t.size * 0.2 for s in page.shapes)
        box = any(s.kind == "rect" and s.fill is None and s.box[0] < t.x < x1 < s.box[2]
                  and s.box[1] < t.y < s.box[3] for s in page.shapes)
        found.setdefault(suit, set()).add("under" if under else "box" if box else "plain")
    return found


def test_every_group_of_the_practice_card_carries_its_suits_mark() -> None:
    for paper in ("a4", "letter"):
        pages = probe(practice_card_sheet(PAPERS[paper]))
        marks: dict[str, set[str]] = {}
        for page in pages:
            for suit, seen in _marks(page).items():
                marks.setdefault(suit, set()).update(seen)
        assert marks == {"a": {"plain"}, "b": {"under"}, "c": {"box"}}


def test_the_daily_quiz_lines_and_the_legend_carry_the_marks() -> None:
    card = practice_card()
    lines = [(str(k), hand, None) for k, hand in enumerate(card.hands[:12])]
    figure = card_lines_figure(lines, width=150.0, size=7.0)
    marks = _marks(_page(figure.draw, figure.width + 10, figure.height + 10))
    assert marks["b"] == {"under"} and marks["c"] == {"box"} and marks["a"] == {"plain"}
    legend = suits_legend()
    assert _marks(_page(legend.draw)) == {"a": {"plain"}, "b": {"under"}, "c": {"box"}}
    words = " ".join(t.text for t in _page(legend.draw).texts)
    assert "plain" in words and "underlined" in words and "in a box" in words
    keyed = card_lines_figure(lines[:4], width=80.0, size=7.0, legend=True)
    page = _page(keyed.draw, 100, keyed.height + 5)
    assert keyed.width <= 80.0 + 1e-6 and "underlined" in page.words()
    assert min(t.size for t in page.texts) >= 6.0


@pytest.mark.parametrize("broken", ["underline", "box"])
def test_the_mark_check_sees_a_missing_mark(monkeypatch, broken: str) -> None:
    """The checks above fail when a suit's mark is dropped."""
    from tilepress.games.american import pictures

    marks = {k: ("plain" if v == broken else v) for k, v in pictures.SUIT_MARKS.items()}
    monkeypatch.setattr(pictures, "SUIT_MARKS", marks)
    with pytest.raises(AssertionError):
        test_two_suits_never_differ_only_in_colour()


@pytest.mark.parametrize("horizontal", [False, True])
def test_two_runs_of_a_report_differ_by_stripes_as_well_as_colour(horizontal: bool) -> None:
    """A balance report's run B is striped, bars and legend swatch alike; run A is not."""
    from tilepress.draw.charts import SERIES_COLOURS, Series, bar_chart, draw_drawing

    series = [Series("run A", (0.5, 0.3, 0.2)), Series("run B", (0.4, 0.35, 0.25))]
    drawing = bar_chart(["x", "y", "z"], series, width=150, height=70, percent=True,
                        horizontal=horizontal, label_width=20 if horizontal else 0)
    page = _page(lambda c: draw_drawing(c, drawing), 200, 100)
    stripes = [s.box for s in page.shapes if s.stroke == "#ffffff"]

    def striped(box) -> bool:
        return any(box[0] - 0.01 <= x0 and x1 <= box[2] + 0.01 and box[1] - 0.01 <= y0
                   and y1 <= box[3] + 0.01 for x0, y0, x1, y1 in stripes)

    for colour, expected in zip(SERIES_COLOURS, (False, True), strict=True):
        bars = [s.box for s in page.shapes if s.fill == colour]
        assert len(bars) == 3 + 1  # three bars and the legend's swatch
        assert all(striped(box) is expected for box in bars), colour


def test_the_corner_of_a_mint_tin_dragon_tells_its_suit_without_colour() -> None:
    """In a fanned hand only the corners show: the three dragons' corners (the D and its
    pip, in the top-left corner of the card) differ in shape, not only in colour."""
    from tilepress.games.minttin.cards import Card
    from tilepress.games.minttin.pictures import draw_card_face

    w, h = 44.45, 63.5

    def corner(name: str) -> tuple:
        page = _page(lambda c: draw_card_face(c, Card(name), w, h), w, h)
        page.texts[:] = [t for t in page.texts if t.x < w / 4 and t.y < h / 4]
        page.shapes[:] = [s for s in page.shapes if s.box[2] < w / 3 and s.box[3] < h / 3]
        return _without_colour(page)

    corners = {name: corner(name) for name in ("DS", "DM", "DF")}
    for one, other in itertools.combinations(corners, 2):
        assert corners[one] != corners[other], (one, other)


def test_a_flower_and_a_season_of_one_number_differ_without_colour() -> None:
    """A flower matches a flower and a season a season (solitaire, One Player): their
    number badges differ in shape (a disc, a square), not only in colour."""
    from tilepress.draw.tiles import draw_art
    from tilepress.tiles import Tile

    def badge(tile: str) -> tuple:
        page = _page(lambda c: draw_art(c, Tile(tile)), 14.0, 18.0)
        page.texts[:] = [t for t in page.texts if t.text.isdigit()]
        page.shapes[:] = [s for s in page.shapes if s.box[2] < 5 and s.box[3] < 6]
        return _without_colour(page)

    for number in range(1, 5):
        assert badge(f"{number}f") != badge(f"{number + 4}f"), number
