"""A Markdown text as document blocks: a user's own rules, laid out like tilepress's.

The text is read by markdown-it-py (CommonMark, with tables) and its tokens become the
blocks the project's own rulebooks are made of (:mod:`.model`), so a user's rules get the
same headings, contents, bookmarks and pages:

- the first ``#`` heading, before any text, is the title; a paragraph in italics right
  after it is the subtitle;
- every other ``#`` or ``##`` heading starts a section (in the contents, the running
  header and the PDF bookmarks); ``###`` is a heading within it, ``####`` and below a
  smaller one;
- paragraphs, bulleted and numbered lists (a nested item is printed under its parent,
  indented by a dash), tables, block quotes (in italics) and rules (``---``);
- a fenced block ```` ```tiles ```` draws a row of tiles (MPSZ, spaces between groups);
- a fenced block ```` ```figure ```` is a figure: its text is handed to the caller's
  ``figure`` function (a figure spec, see :mod:`tilepress.publish.figures`), which returns
  the block to place;
- inline emphasis and code are printed as plain words, a link as its words and its
  address; an image is refused (draw pictures with a ``figure`` block).

Errors name the source and the line.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tilepress.documents.model import (
    Block,
    Bullets,
    Heading,
    Paragraph,
    Rule,
    Section,
    Table,
    TileRow,
)
from tilepress.errors import FileFormatError, TilepressError
from tilepress.tiles import parse_tiles

FigureMaker = Callable[[str, int], Block]
"""``(the block's text, its first line) -> the block to place``."""


@dataclass(frozen=True)
class MarkdownText:
    """A Markdown text read as blocks: its title, subtitle and the flow of blocks."""

    title: str
    subtitle: str
    blocks: tuple[Block, ...]
    figures: int
    """How many ``figure`` blocks it placed."""


def _parser() -> Any:
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False}).enable("table")


def _line(token: Any) -> int:
    return token.map[0] + 1 if token.map else 0


class _Reader:
    def __init__(self, tokens: list, source: str, figure: FigureMaker, size: float) -> None:
        self.tokens, self.source, self.figure, self.size = tokens, source, figure, size
        self.i = 0
        self.line = 0
        self.figures = 0

    def fail(self, message: str, line: int | None = None) -> FileFormatError:
        return FileFormatError(f"{self.source}: line {line or self.line}: {message}")

    def inline(self, token: Any) -> str:
        """An inline token's words, emphasis dropped, links with their address."""
        out: list[str] = []
        href: list[tuple[str, int]] = []
        for child in token.children or ():
            kind = child.type
            if kind in ("text", "code_inline", "html_inline"):
                out.append(child.content)
            elif kind in ("softbreak", "hardbreak"):
                out.append(" ")
            elif kind == "link_open":
                href.append((str(child.attrs.get("href", "")), len(out)))
            elif kind == "link_close" and href:
                address, start = href.pop()
                words = "".join(out[start:])
                if address and address != words and not address.startswith("#"):
                    out.append(f" ({address})")
            elif kind == "image":
                raise self.fail("an image cannot be printed here; draw a picture with a "
                                "```figure block")
        return " ".join("".join(out).split())

    def take(self) -> Any:
        token = self.tokens[self.i]
        self.i += 1
        if token.map:
            self.line = _line(token)
        return token

    def until(self, close: str) -> list[str]:
        """The words of every paragraph up to the token ``close`` (a list item, a quote)."""
        texts = []
        while self.tokens[self.i].type != close:
            token = self.take()
            if token.type == "inline":
                texts.append(self.inline(token))
        self.take()
        return texts

    def items(self, close: str, depth: int = 0) -> list[str]:
        """A list's items; a nested list's items follow their parent, marked by dashes."""
        items: list[str] = []
        current = -1
        while self.tokens[self.i].type != close:
            token = self.take()
            if token.type == "list_item_open":
                items.append("")
                current = len(items) - 1
            elif token.type in ("bullet_list_open", "ordered_list_open"):
                items += self.items(token.type.replace("_open", "_close"), depth + 1)
            elif token.type == "inline" and current >= 0:
                items[current] = f"{items[current]} {self.inline(token)}".strip()
        self.take()
        dash = "\u2013 " * depth
        return [dash + item if depth and not item.startswith("\u2013") else item
                for item in items if item]

    def table(self) -> Table:
        header: list[str] = []
        rows: list[tuple[str, ...]] = []
        row: list[str] = []
        while self.tokens[self.i].type != "table_close":
            token = self.take()
            if token.type == "tr_open":
                row = []
            elif token.type == "inline":
                row.append(self.inline(token))
            elif token.type == "tr_close":
                if header:
                    rows.append(tuple(row))
                else:
                    header = row
        self.take()
        return Table(tuple(header), tuple(rows), size=self.size - 1)

    def fence(self, token: Any) -> Block | None:
        info = (token.info or "").strip().split()
        kind = info[0].lower() if info else ""
        line = _line(token)
        if kind == "figure":
            self.figures += 1
            return self.figure(token.content, line)
        if kind == "tiles":
            try:
                groups = tuple(parse_tiles(part) for part in token.content.split())
            except TilepressError as exc:
                raise self.fail(f"tiles: {exc}", line) from None
            if not groups:
                raise self.fail("a tiles block lists no tiles", line)
            return TileRow(groups, tile_width=8.0, wrap=True)
        text = " ".join(token.content.split())
        return Paragraph(text, size=self.size - 1) if text else None

    def read(self) -> MarkdownText:
        title = subtitle = ""
        blocks: list[Block] = []
        while self.i < len(self.tokens):
            token = self.take()
            kind = token.type
            if kind == "heading_open":
                level = int(token.tag[1])
                words = self.inline(self.take())
                self.take()
                if not words:
                    raise self.fail("a heading without words")
                if level == 1 and not title and not blocks:
                    title = words
                    subtitle = self._subtitle()
                elif level <= 2:
                    blocks += [Section(words), Heading(words, level=1)]
                else:
                    blocks.append(Heading(words, level=min(level - 1, 3)))
            elif kind == "paragraph_open":
                words = self.inline(self.take())
                self.take()
                if words:
                    blocks.append(Paragraph(words, size=self.size))
            elif kind in ("bullet_list_open", "ordered_list_open"):
                numbered = kind == "ordered_list_open"
                start = int(token.attrs.get("start", 1) or 1) if numbered else 1
                items = self.items(kind.replace("_open", "_close"))
                if items:
                    blocks.append(Bullets(tuple(items), size=self.size, numbered=numbered,
                                          start=start))
            elif kind == "table_open":
                blocks.append(self.table())
            elif kind in ("fence", "code_block"):
                block = self.fence(token) if kind == "fence" else Paragraph(
                    " ".join(token.content.split()), size=self.size - 1)
                if block is not None:
                    blocks.append(block)
            elif kind == "blockquote_open":
                for words in self.until("blockquote_close"):
                    blocks.append(Paragraph(words, size=self.size, font="italic"))
            elif kind == "hr":
                blocks.append(Rule())
        return MarkdownText(title, subtitle, tuple(blocks), self.figures)

    def _subtitle(self) -> str:
        """A paragraph of italics right after the title (empty if there is none)."""
        tokens = self.tokens
        if self.i + 2 >= len(tokens) or tokens[self.i].type != "paragraph_open":
            return ""
        children = tokens[self.i + 1].children or []
        kinds = [c.type for c in children]
        if len(kinds) < 3 or kinds[0] != "em_open" or kinds[-1] != "em_close" or \
                "em_open" in kinds[1:]:
            return ""
        words = self.inline(tokens[self.i + 1])
        self.i += 3
        return words


def blocks_from_markdown(text: str, *, source: str, figure: FigureMaker,
                         size: float = 10.0) -> MarkdownText:
    """Read a Markdown text as document blocks (see the module's docstring)."""
    tokens = _parser().parse(text)
    return _Reader(tokens, source, figure, size).read()


__all__ = ["FigureMaker", "MarkdownText", "blocks_from_markdown"]
