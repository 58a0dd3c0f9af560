"""Words for documents, written in Jinja2 templates in a tiny markup.

``# Title`` and ``## Subtitle`` start headings (with ``sections=True`` a ``#`` heading
also starts a section: in the contents, the page header and the PDF bookmarks), ``- item``
lines make a bullet list, ``[tiles: 123m 456p]`` draws a row of tiles (spaces separate
groups), ``[figure: name]`` places a figure the caller provides, lines starting with
``|`` make a table (the first row is its header), ``[page]`` starts a new page, and
other lines run together into paragraphs separated by blank lines.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from tilepress.documents.model import (
    Block,
    Bullets,
    Heading,
    PageBreak,
    Paragraph,
    Section,
    Table,
    TileRow,
)
from tilepress.errors import FileFormatError
from tilepress.resources import shipped
from tilepress.tiles import parse_tiles


@lru_cache(maxsize=1)
def _environment():
    import jinja2

    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(shipped("templates"))),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        autoescape=False,
    )


def template_names() -> list[str]:
    """The templates in ``templates/`` (``book/howto.txt.j2``, ...)."""
    return sorted(_environment().list_templates(extensions=["j2"]))


def _template(name: str):
    import jinja2

    try:
        return _environment().get_template(name)
    except (jinja2.TemplateNotFound, UnicodeDecodeError, OSError):
        raise FileFormatError(f"no template {name!r} in templates/ (the templates: "
                              f"{', '.join(template_names())})") from None


@lru_cache(maxsize=64)
def _values_of(name: str) -> frozenset[str]:
    from jinja2 import meta

    env = _environment()
    _template(name)  # a clear error for a missing one
    source, _, _ = env.loader.get_source(env, name)
    return frozenset(meta.find_undeclared_variables(env.parse(source)))


def template_values(name: str) -> set[str]:
    """The names of the values a template uses."""
    return set(_values_of(name))


def render_template(name: str, /, **values: Any) -> str:
    """Fill in a template from ``templates/``; a value it needs and was not given is one
    clear error."""
    import jinja2

    template = _template(name)
    try:
        return template.render(**values)
    except jinja2.UndefinedError as exc:
        missing = str(exc).split("'")[1] if str(exc).count("'") >= 2 else str(exc)
        raise FileFormatError(f"template {name!r} needs a value for {missing!r}") from None


def blocks_from_markup(text: str, *, size: float = 10.0, sections: bool = False,
                       figures: Mapping[str, Block] | None = None,
                       source: str = "markup") -> tuple[Block, ...]:
    """Turn markup text into document blocks; ``figures`` are the blocks that
    ``[figure: name]`` lines place."""
    blocks: list[Block] = []
    paragraph: list[str] = []
    bullets: list[str] = []
    table: list[tuple[str, ...]] = []

    def flush() -> None:
        if paragraph:
            blocks.append(Paragraph(" ".join(paragraph), size=size))
            paragraph.clear()
        if bullets:
            blocks.append(Bullets(tuple(bullets), size=size))
            bullets.clear()
        if table:
            head, *rows = table
            blocks.append(Table(head, tuple(rows), size=size - 1))
            table.clear()

    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if line.startswith("|"):
            if paragraph or bullets:
                flush()
            cells = tuple(cell.strip() for cell in line.strip("|").split("|"))
            if table and len(cells) != len(table[0]):
                raise FileFormatError(f"{source}: line {number}: a table row has "
                                      f"{len(cells)} cells, the header {len(table[0])}")
            table.append(cells)
            continue
        if table:
            flush()
        if not line:
            flush()
        elif line == "[page]":
            flush()
            blocks.append(PageBreak())
        elif line.startswith("[figure:") and line.endswith("]"):
            flush()
            name = line[8:-1].strip()
            if figures is None or name not in figures:
                raise FileFormatError(f"{source}: line {number}: no figure called {name!r}")
            blocks.append(figures[name])
        elif line.startswith("#"):
            flush()
            level = len(line) - len(line.lstrip("#"))
            title = line[level:].strip()
            if sections and level == 1:
                blocks.append(Section(title))
            blocks.append(Heading(title, level=min(level, 3)))
        elif line.startswith("- "):
            if paragraph:
                flush()
            bullets.append(line[2:].strip())
        elif line.startswith("[tiles:") and line.endswith("]"):
            flush()
            groups = tuple(parse_tiles(part) for part in line[7:-1].split())
            blocks.append(TileRow(groups, tile_width=8.0))
        elif bullets:
            bullets[-1] += " " + line
        else:
            paragraph.append(line)
    flush()
    return tuple(blocks)


def template_blocks(name: str, /, *, size: float = 10.0, sections: bool = False,
                    figures: Mapping[str, Block] | None = None, **values: Any
                    ) -> tuple[Block, ...]:
    return blocks_from_markup(render_template(name, **values), size=size, sections=sections,
                              figures=figures, source=f"templates/{name}")
