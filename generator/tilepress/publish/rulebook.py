"""Rulebooks whose every illustration the engine has checked.

A rulebook is three files in ``templates/rulebooks/<game>/`` that a user may restyle or
translate: ``rulebook.md.j2`` (the words, in the markup of :mod:`tilepress.documents.markup`),
``quickref.md.j2`` (the one-page quick reference at the back) and ``rulebook.toml`` (the
title, which rulings to print, and every figure as data with what the text claims about
it). Building the rulebook draws each figure with its game's engine and compares every
claim with what the engine computes; a claim the engine does not confirm stops the build
with an error naming the figure. The house rules are listed from the game's option
dataclasses, each in its ``rule`` words for players, so each one the engine supports is
in the book; the rulings come from ``docs/rulings.md``, in their "In the rulebook" words
where the developers' record names options or software.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from tilepress.documents.markup import template_blocks
from tilepress.documents.model import (
    Beside,
    Block,
    Bullets,
    Contents,
    Document,
    Figure,
    Heading,
    PageBreak,
    Paragraph,
    Section,
    Table,
    TitlePage,
)
from tilepress.draw.canvas import HALF, PAPERS, Paper
from tilepress.engine.game import Game
from tilepress.errors import FileFormatError, RequestError
from tilepress.files import read_text
from tilepress.games import GAMES, find_game
from tilepress.publish.figures import (
    ClaimError,
    FigureSpec,
    checked_figure,
    figure_specs,
    placed,
)
from tilepress.resources import shipped


@dataclass(frozen=True)
class RulebookSpec:
    game: str
    title: str
    subtitle: str
    rulings: tuple[str, ...]
    """The headings of docs/rulings.md whose rulings the book prints."""
    figures: tuple[FigureSpec, ...]


def rulebook_games() -> tuple[str, ...]:
    """Every game with a rulebook."""
    return tuple(g.name for g in GAMES if shipped_exists("templates", "rulebooks", g.name,
                                                         "rulebook.toml"))


def shipped_exists(*parts: str) -> bool:
    try:
        shipped(*parts)
    except FileFormatError:
        return False
    return True


def load_spec(game: str) -> RulebookSpec:
    if game not in rulebook_games():
        raise RequestError(f"no rulebook for {game!r}; the rulebooks are "
                           f"{', '.join(rulebook_games())}")
    path = shipped("templates", "rulebooks", game, "rulebook.toml")
    return parse_spec(read_text(path, "rulebook spec"), game,
                      source=f"templates/rulebooks/{game}/rulebook.toml")


def parse_spec(text: str, game: str, *, source: str) -> RulebookSpec:
    """A rulebook spec from its TOML text; its figures are figure tables
    (:func:`tilepress.publish.figures.figure_spec`)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise FileFormatError(f"{source}: {exc}") from None
    figures = figure_specs(data.get("figure"), source)
    return RulebookSpec(game, data.get("title", game), data.get("subtitle", ""),
                        tuple(data.get("rulings", ())), figures)


# ---------------------------------------------------------------------------
# Figures and their claims (publish/figures.py)
# ---------------------------------------------------------------------------


# ---------------------------------------------------------------------------
# House rules and rulings
# ---------------------------------------------------------------------------

_FLAG = re.compile(r"`?--([a-z-]+)`?")


def printable(text: str) -> str:
    """Docs text for a printed page: no backticks, no markdown emphasis, no CLI flags
    (a flag is named by its words: ``--hands`` reads "hands")."""
    text = _FLAG.sub(lambda m: m.group(1).replace("-", " "), text)
    return text.replace("`", "").replace("**", "").replace("*", "")


def house_rules(game: Game) -> list[str]:
    """Every option of the game's rules, as its ``rule`` says it to players: the rule's
    plain name, what a table may choose, and what the standard game plays. An option
    without those words is an error: its help text is written for the command line."""
    if game.options is None:
        return []
    lines = []
    for f in dataclasses.fields(game.options):
        rule = f.metadata.get("rule")
        if not rule:
            raise ValueError(f"{game.name}: the option {f.name} has no rule for the "
                             "rulebook's House rules page")
        lines.append(rule[0].upper() + rule[1:])
    return lines


PRINTED = "*In the rulebook:*"
"""Starts a ruling's words for players in docs/rulings.md; what comes before it is the
developers' record (option names, reasons) and is never printed."""
NOT_PRINTED = "not printed"
"""The rulebook words of a ruling about the software, not the game."""


def rulings_of(headings: tuple[str, ...]) -> list[tuple[str, list[str]]]:
    """The rulings under each heading of docs/rulings.md in the words printed for players:
    a ruling's "In the rulebook:" paragraph where it has one (none when that says "not
    printed"), else the ruling itself."""
    text = read_text(shipped("docs", "rulings.md"), "rulings")
    out = []
    for heading in headings:
        match = re.search(rf"^## {re.escape(heading)}[^\n]*\n(.*?)(?=^## |\Z)", text,
                          re.M | re.S)
        if match is None:
            raise FileFormatError(f"docs/rulings.md has no section {heading!r}")
        items: list[str] = []
        for line in match.group(1).splitlines():
            if re.match(r"^\d+\. ", line):
                items.append(line.split(". ", 1)[1].strip())
            elif items and line.startswith("   ") and line.strip():
                items[-1] += " " + line.strip()
        printed = [item.split(PRINTED, 1)[1].strip() if PRINTED in item else item
                   for item in items]
        out.append((heading, [printable(item) for item in printed
                              if not item.lower().startswith(NOT_PRINTED)]))
    return out


# ---------------------------------------------------------------------------
# The book
# ---------------------------------------------------------------------------


COLOPHON = ("How this book was made: every figure and example was drawn by computer from "
            "positions checked against these rules; the sample games were played by them, "
            "and every move was checked.")
"""The one line that says how a rulebook was made: on the back of the title page, with the
contents, never on the cover."""


def build_rulebook(game_name: str, paper: Paper, *, booklet: bool = False,
                   rulings: bool = True, spec: RulebookSpec | None = None,
                   kit: Mapping[str, str] | None = None) -> Document:
    """The rulebook of a game, every figure checked. With ``booklet`` the pages are half
    of ``paper`` (print them with :func:`tilepress.output.write_document`'s booklet).
    In a kit, ``kit`` names the kit's files by part (``{"puzzles": "05-puzzles.pdf"}``):
    the words then speak of the kit's parts (by name, not by file: the book may be
    printed on its own)."""
    spec = spec or load_spec(game_name)
    game = find_game(game_name) if game_name in _playable() else _game(game_name)
    where = f"templates/rulebooks/{game_name}"
    figures: dict[str, Block] = {}
    facts: dict[str, Mapping[str, Any]] = {}
    page = PAPERS[HALF[paper.name]] if booklet else paper
    margin = 12.0 if booklet else 15.0
    for figure in spec.figures:
        drawn = checked_figure(figure, where, column=page.width - 2 * margin)
        figures[figure.name] = placed(drawn, figure)
        facts[figure.name] = drawn.facts
    values = {"game": game, "facts": facts, "claims": {f.name: f.claim for f in spec.figures},
              "kit": dict(kit or {})}
    blocks: list[Block] = [
        TitlePage(spec.title, spec.subtitle, (f"{game.players} players" if game.players != "1"
                                              else "for one player",)),
        Contents(),
        Paragraph(COLOPHON, size=8.0, color="#6b6862"),
        PageBreak(),
        *template_blocks(f"rulebooks/{game_name}/rulebook.md.j2", sections=True,
                         figures=figures, size=10.0, **values),
    ]
    options = house_rules(game)
    if options:
        blocks += [Section("House rules"), Heading("House rules"),
                   Paragraph("Tables play these variations; the standard game is given for "
                             "each."), Bullets(tuple(options), size=9.5)]
    if rulings and spec.rulings:
        blocks += [Section("Rulings"), Heading("Rulings"),
                   Paragraph("Where the rules leave a question open, this is how this book "
                             "plays it, and why.")]
        for heading, items in rulings_of(spec.rulings):  # "Name (where it applies)": Name
            blocks += [Heading(heading.split(" (")[0], level=2), Bullets(tuple(items), size=9.0)]
    example = game.rulebook_example()
    if example is not None:
        title, criterion, told = example
        blocks += [Section(title), Heading(title),
                   Paragraph(criterion, size=9.0, font="italic"), *told]
    quick = template_blocks(f"rulebooks/{game_name}/quickref.md.j2", figures=figures,
                            size=9.0, **values)
    document = Document(f"{spec.title}: rules", page, (), subtitle=spec.subtitle,
                        outline_depth=2, margin=margin)
    blocks += [PageBreak(), Section("Quick reference"),
               *one_page(dataclasses.replace(document, blocks=(Section("Quick reference"),
                                                               *quick)))[1:]]
    return dataclasses.replace(document, blocks=tuple(blocks))


LEAST_SCALE = 0.86
"""How small :func:`one_page` may draw a figure: its 7-pt labels stay above 6 pt."""


def one_page(document: Document, *, tries: int = 8) -> tuple[Block, ...]:
    """A page's blocks (a quick reference) kept to one page: while they run over, the
    tallest figure is drawn a little smaller (never its words, nor under
    :data:`LEAST_SCALE` of its size); as they are if the figures cannot give the room."""
    from tilepress.documents.blocks import figure_scale
    from tilepress.documents.layout import measure, page_fills

    blocks = list(document.blocks)
    width = document.paper.width - 2 * document.margin
    for _ in range(tries):
        if len(page_fills(dataclasses.replace(document, blocks=tuple(blocks)))) <= 1:
            return tuple(blocks)
        figures = [i for i, b in enumerate(blocks) if isinstance(b, Figure)
                   and figure_scale(b, width) > LEAST_SCALE * min(1.0, width / b.width)]
        if not figures:
            break
        tallest = max(figures, key=lambda i: measure(blocks[i], width))
        figure = blocks[tallest]
        natural = figure.height * min(1.0, width / figure.width)
        drawn = figure.height * figure_scale(figure, width)
        blocks[tallest] = dataclasses.replace(
            figure, max_height=max(drawn * 0.95, natural * LEAST_SCALE))
    if len(page_fills(dataclasses.replace(document, blocks=tuple(blocks)))) <= 1:
        return tuple(blocks)
    beside = _words_beside(document, tuple(document.blocks))
    return beside if beside is not None else tuple(document.blocks)


WORDS_BESIDE = Beside.words
"""The narrowest column (mm) that words beside a figure may have."""


def _words_beside(document: Document, blocks: tuple[Block, ...]) -> tuple[Block, ...] | None:
    """The blocks on one page with the words after the tallest figure set beside it, the
    figure as large as leaves them :data:`WORDS_BESIDE`; None if that does not fit."""
    from tilepress.documents.blocks import figure_scale
    from tilepress.documents.containers import beside_widths
    from tilepress.documents.layout import measure, page_fills

    width = document.paper.width - 2 * document.margin
    figures = [i for i, b in enumerate(blocks) if isinstance(b, Figure)]
    if not figures:
        return None
    i = max(figures, key=lambda i: measure(blocks[i], width))
    figure, words = blocks[i], blocks[i + 1:]
    assert isinstance(figure, Figure)
    if not words or not all(isinstance(b, Heading | Paragraph | Bullets | Table) for b in words):
        return None
    beside = Beside(figure, words)
    if figure_scale(figure, beside_widths(beside, width)[0]) < LEAST_SCALE * min(
            1.0, width / figure.width):
        return None
    tried = (*blocks[:i], beside)
    if len(page_fills(dataclasses.replace(document, blocks=tried))) > 1:
        return None
    return tried


def _playable() -> tuple[str, ...]:
    return tuple(g.name for g in GAMES if g.playable)


def _game(name: str) -> Game:
    for game in GAMES:
        if game.name == name:
            return game
    raise RequestError(f"unknown game {name!r}")


__all__ = [
    "ClaimError",
    "FigureSpec",
    "RulebookSpec",
    "build_rulebook",
    "checked_figure",
    "house_rules",
    "load_spec",
    "parse_spec",
    "placed",
    "printable",
    "rulebook_games",
    "rulings_of",
]
