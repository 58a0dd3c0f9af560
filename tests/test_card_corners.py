"""A Mint Tin card's corner index stands clear of the card's frame: measured on the
printed ink (the face rendered by pdfium), since a letter's ink can reach past the point
it is set at (the J's hook does)."""

from __future__ import annotations

import pytest

from tilepress.documents.model import Figure
from tilepress.games.minttin.cards import Card
from tilepress.games.minttin.pictures import draw_card_face
from tilepress.output import FIGURE_EDGE, figure_bytes

pdfium = pytest.importorskip("pypdfium2")

W, H = 44.45, 63.5  # a poker card of the deck
DPI = 600


def _left_gap(name: str) -> float:
    """The least clear space, in mm, between the frame's left edge and the top-left
    index's ink, over the rows the index covers below the frame's rounded corner."""
    figure = Figure(W, H, lambda c: draw_card_face(c, Card(name), W, H))
    page = pdfium.PdfDocument(figure_bytes(figure, "pdf"))[0]
    pixels = page.render(scale=DPI / 72, fill_color=(255, 255, 255, 255)).to_numpy()
    ink = pixels[:, :, :3].min(axis=2) < 170  # frame and index: the card's dark colour
    per_mm = DPI / 25.4
    edge = FIGURE_EDGE * per_mm
    first, last = (int(edge + y * per_mm) for y in (0.1 * W + 0.3, 0.3 * H))
    gaps = []
    for row in ink[first:last]:
        columns = [x for x in range(int(edge), int(edge + W * per_mm / 3)) if row[x]]
        if not columns:
            continue
        frame_end = columns[0]
        while frame_end + 1 < len(row) and row[frame_end + 1]:
            frame_end += 1
        after = [x for x in columns if x > frame_end + 1]
        if after:
            gaps.append((after[0] - frame_end - 1) / per_mm)
    assert gaps, name
    return min(gaps)


def test_every_corner_index_stands_clear_of_the_frame() -> None:
    """At least half a millimetre of card between the frame and the index's ink, for
    every face (the J's hook had touched the frame)."""
    for name in ("1", "2", "4", "6", "9", "DS", "DM", "DF", "J"):
        assert _left_gap(name) >= 0.5, name


def test_a_score_cards_diagonals_stay_inside_its_rounded_frame() -> None:
    """The guide lines of a score card run corner to corner inside the frame: none
    reaches past the frame's rounded corners into the margin."""
    from drawn import probe_side

    from tilepress.games.minttin.pictures import _inset, draw_score_side

    page = probe_side(lambda c, w, h, bleed: draw_score_side(c, (0, 1, 2, 3), w, h, bleed),
                      W, H, bleed=3.0)
    m, r = _inset(W), W * 0.05
    lines = [s for s in page.shapes if s.kind == "path" and s.stroke == "#e3d3a8"]
    assert len(lines) == 2
    for line in lines:
        x0, y0, x1, y1 = line.box
        for x, y in ((x0, y0), (x1, y1)):
            cx = m + r if x < m + r else W - m - r if x > W - m - r else x
            cy = m + r if y < m + r else H - m - r if y > H - m - r else y
            assert ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5 <= r - 0.25, (x, y)
