"""An answer key's numbers cover no part of a tile's face: measured on the printed ink
(pdfium renders the tile with its number and without it; no pixel of the face's art may
change). The number used to cover the foot of the face, where a 2 of dots reads as a 1."""

from __future__ import annotations

import pytest

import tilepress.draw.tiles as tiles
from tilepress.documents.model import Figure
from tilepress.output import figure_bytes
from tilepress.tiles import parse_tiles

pdfium = pytest.importorskip("pypdfium2")

DPI = 600
FACES = ("2p", "9p", "1m", "9m", "1s", "8s", "5z", "7z", "1f")


def _pixels(width: float, tile: str, size: float, numbered: bool, monkeypatch):
    with monkeypatch.context() as m:
        if not numbered:
            m.setattr(tiles, "draw_order_tab", lambda *a, **k: None)
        figure = Figure(width, width * tiles.RATIO, lambda c: tiles.draw_keyed_tile(
            c, parse_tiles(tile)[0], 0.0, 0.0, width, "56", size=size))
        page = pdfium.PdfDocument(figure_bytes(figure, "pdf"))[0]
        return page.render(scale=DPI / 72, fill_color=(255, 255, 255, 255)).to_numpy()[
            :, :, :3].astype(int)


@pytest.mark.parametrize(("width", "size"), [(6.5, 7.0), (8.6, 7.0), (9.1, 7.0), (5.0, 6.5),
                                             (12.0, 8.0)])
def test_a_key_number_covers_none_of_the_face(width, size, monkeypatch) -> None:
    for face in FACES:
        bare = _pixels(width, face, size, False, monkeypatch)
        numbered = _pixels(width, face, size, True, monkeypatch)
        ground = tuple(int(v, 16) for v in (tiles.FACE[1:3], tiles.FACE[3:5], tiles.FACE[5:]))
        art = (abs(bare - ground).sum(axis=2) > 60) & (bare.min(axis=2) < 200)
        changed = abs(numbered - bare).sum(axis=2) > 30
        inner = art.copy()
        inner[:, :int(0.1 * art.shape[1])] = False  # the face's frame, left and right
        inner[:, int(0.9 * art.shape[1]):] = False
        inner[int(0.97 * art.shape[0]):] = False  # and its foot
        assert (inner & changed).sum() == 0, (width, face)
        assert changed.sum() > 0  # the number is there
