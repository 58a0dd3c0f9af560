"""Writing documents: the type comes from the suffix; every file is written whole
(:mod:`generator.files`).
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import TYPE_CHECKING

from generator.errors import RequestError
from generator.files import check_output, write_atomic, write_folder

if TYPE_CHECKING:
    from generator.documents.cards import CardSheets
    from generator.documents.model import Printed

FORMATS = (".json", ".jsonl", ".svg", ".pdf")
SVG_CARD_NAME = re.compile(r"[0-9]{2,3}-[A-Za-z0-9-]+-(front|back)\.svg")
"""The names :func:`write_svg_cards` gives; a folder of only these, written before folders
carried a list of their files, is tilepress's own and may be replaced."""


def output_format(path: str | os.PathLike[str], allowed: tuple[str, ...] = FORMATS) -> str:
    """The format of an output path, from its suffix (``.pdf`` -> ``"pdf"``); a path that
    cannot be written (a folder, a path through a file) is refused here, before any work."""
    check_output(path)
    suffix = Path(path).suffix.lower()
    if suffix not in allowed:
        names = ", ".join(allowed)
        raise RequestError(f"cannot tell what to write to {os.fspath(path)!r}: "
                           f"the name must end in one of {names}")
    return suffix[1:]


def render_bytes(document: Printed, fmt: str) -> bytes:
    """Render a document as ``"pdf"`` or ``"svg"`` bytes."""
    if fmt == "pdf":
        from generator.draw.pdf import PdfSurface

        surface = PdfSurface(title=document.title, subject=document.subtitle)
    elif fmt == "svg":
        from generator.draw.svg import SvgSurface

        surface = SvgSurface(title=document.title)
    else:
        raise RequestError(f"a document can be written as PDF or SVG, not {fmt}")
    document.render(surface)
    return surface.finish()


def write_document(document: Printed, path: str | os.PathLike[str]) -> Path:
    """Write a document to ``path`` as PDF or SVG, by its suffix."""
    fmt = output_format(path, (".pdf", ".svg"))
    return write_atomic(path, render_bytes(document, fmt))


def write_svg_cards(sheets: CardSheets, directory: Path) -> int:
    """Each card side as its own SVG (with its bleed) in ``directory``; the folder is
    built beside it and moved into place, so it is never half-written, and a folder that
    holds files tilepress did not write is refused, never replaced
    (:func:`generator.files.write_folder`)."""
    from generator.documents.cards import BLEED
    from generator.draw.svg import SvgSurface

    w, h = sheets.size

    def side_svg(name: str, label: str, side) -> bytes:
        surface = SvgSurface(title=f"{name} {label}")
        with surface.page(w, h, bleed=BLEED) as c:
            side(c, w, h, BLEED)
        return surface.finish()

    files = [(f"{n:02d}-{spec.name}-{label}.svg",
              lambda spec=spec, label=label, side=side: side_svg(spec.name, label, side))
             for n, spec in enumerate(sheets.cards, start=1)
             for label, side in (("front", spec.front), ("back", spec.back))]
    return write_folder(directory, files, legacy=SVG_CARD_NAME)
