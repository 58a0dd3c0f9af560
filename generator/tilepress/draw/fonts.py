"""Fonts: Bitstream Vera, which reportlab ships, embedded in every PDF.

Text is measured with the same metrics in both back ends, so a layout computed once
fits in PDF and SVG alike (SVG names Vera first and falls back to DejaVu Sans, which
shares Vera's metrics).
"""

from __future__ import annotations

import os
from functools import lru_cache

FACES = {
    "regular": ("TilepressVera", "Vera.ttf"),
    "bold": ("TilepressVeraBd", "VeraBd.ttf"),
    "italic": ("TilepressVeraIt", "VeraIt.ttf"),
    "bold-italic": ("TilepressVeraBI", "VeraBI.ttf"),
}
SVG_FAMILY = "'Bitstream Vera Sans', 'DejaVu Sans', Verdana, sans-serif"


@lru_cache(maxsize=1)
def register_fonts() -> None:
    """Register the Vera faces with reportlab (once)."""
    import reportlab
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    folder = os.path.join(os.path.dirname(reportlab.__file__), "fonts")
    for name, filename in FACES.values():
        pdfmetrics.registerFont(TTFont(name, os.path.join(folder, filename)))


def pdf_font(font: str) -> str:
    register_fonts()
    return FACES[font][0]


@lru_cache(maxsize=4096)
def text_width(text: str, size: float, font: str = "regular") -> float:
    """Width in millimetres of ``text`` at ``size`` points."""
    from reportlab.pdfbase import pdfmetrics

    from tilepress.draw.canvas import PT

    return pdfmetrics.stringWidth(text, pdf_font(font), size) * PT


def _pieces(word: str, width: float, size: float, font: str) -> list[str]:
    """A word wider than a line, cut after its hyphens into pieces that fit where it can
    ("1-2-3-4-5-6-7-8-9" as "1-2-3-4-" and "5-6-7-8-9"); any other word stays whole."""
    if "-" not in word.strip("-") or text_width(word, size, font) <= width:
        return [word]
    parts = [p + "-" for p in word.split("-")]
    parts[-1] = parts[-1][:-1]
    pieces, piece = [], ""
    for part in parts:
        if piece and text_width(piece + part, size, font) > width:
            pieces.append(piece)
            piece = part
        else:
            piece += part
    return [*pieces, piece]


def wrap(text: str, width: float, size: float, font: str = "regular") -> list[str]:
    """Split ``text`` into lines no wider than ``width`` mm: between words, or after a
    hyphen inside a word too wide for a line (a word with neither stands alone)."""
    lines: list[str] = []
    for paragraph in text.split("\n"):
        words = [piece for word in paragraph.split()
                 for piece in _pieces(word, width, size, font)]
        line = ""
        for word in words:
            candidate = f"{line} {word}" if line else word
            if not line or text_width(candidate, size, font) <= width:
                line = candidate
            else:
                lines.append(line)
                line = word
        lines.append(line)
    return lines
