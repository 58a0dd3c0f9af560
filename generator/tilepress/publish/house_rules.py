"""A rulebook of the user's own text: house rules written in Markdown, laid out with the
rulebook design (title page, contents, sections with bookmarks, A4 or Letter, booklets),
every figure drawn and checked by the engine.

The text is read by :mod:`tilepress.documents.markdown` onto the same document blocks
the project's rulebooks use; each fenced ``figure`` block is a figure table
(:mod:`tilepress.publish.figures`: the same keys and claims as a figure spec's
``[figure.NAME]``, with an optional ``name``), so a claim the engine does not confirm
stops the build with the line of the block (docs/formats.md, "House rules").
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from tilepress.documents.layout import page_fills
from tilepress.documents.markdown import blocks_from_markdown
from tilepress.documents.model import Block, Contents, Document, Heading, Paragraph, Section
from tilepress.draw.canvas import HALF, PAPERS, Paper
from tilepress.errors import FileFormatError
from tilepress.files import parse_toml, read_text
from tilepress.publish.figures import NAME, checked_figure, figure_spec, placed

CONTENTS_FROM = 3
"""A text of this many sections or more opens with its contents (a page of two does
not need them; every section is a bookmark either way)."""
MAX_TEXT = 1_000_000
"""The longest house-rules text read (a long rulebook is a tenth of it)."""


def house_rulebook(text: str, *, source: str, paper: Paper, booklet: bool = False,
                   folder: Path | None = None) -> Document:
    """The rulebook of a Markdown text; ``folder`` is where files its figures name are
    looked for first. With ``booklet`` the pages are half of ``paper`` (print them with
    :func:`tilepress.output.write_document`'s booklet)."""
    names: set[str] = set()

    def figure(body: str, line: int) -> Block:
        where = f"{source}: line {line}"
        data = parse_toml(body, f"{where}: figure")
        name = data.pop("name", f"figure-{len(names) + 1}")
        if not isinstance(name, str) or not NAME.fullmatch(name):
            raise FileFormatError(f"{where}: figure name must be letters, digits, '-', '_' "
                                  "and '.'")
        if name in names:
            raise FileFormatError(f"{where}: a second figure called {name!r}")
        names.add(name)
        spec = figure_spec(name, data, where, folder=folder)
        return placed(checked_figure(spec, where), spec)

    read = blocks_from_markdown(text, source=source, figure=figure)
    title = read.title or Path(source).stem.replace("-", " ").replace("_", " ").capitalize()
    head: list[Block] = [Heading(title)]
    if read.subtitle:
        head.append(Paragraph(read.subtitle, size=11.0, font="italic"))
    page = PAPERS[HALF[paper.name]] if booklet else paper
    document = Document(title, page, (*head, *read.blocks), subtitle=read.subtitle,
                        outline_depth=2, margin=12.0 if booklet else 15.0)
    if (sum(isinstance(b, Section) for b in read.blocks) >= CONTENTS_FROM
            and len(page_fills(document)) > 1):  # a single page needs no contents
        document = replace(document, blocks=(*head, Contents(), *read.blocks))
    return document


def load_house_rulebook(path: str | Path, *, paper: Paper, booklet: bool = False) -> Document:
    """Read a Markdown file and make its rulebook (see :func:`house_rulebook`)."""
    p = Path(path)
    text = read_text(p, "house rules", max_bytes=MAX_TEXT)
    return house_rulebook(text, source=str(path), paper=paper, booklet=booklet,
                          folder=p.parent)


__all__ = ["house_rulebook", "load_house_rulebook"]
