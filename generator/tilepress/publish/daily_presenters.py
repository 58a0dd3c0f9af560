"""Each puzzle kind's question and answer as shown on the daily page, sized for it (tiles
8 mm wide or more, no text under 6 pt); a kind without a presenter here is shown by its
own blocks."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from tilepress.documents.layout import INK, MUTED
from tilepress.documents.model import (
    Block,
    Paragraph,
    TileRow,
)
from tilepress.games import find_kind
from tilepress.puzzles.base import Puzzle
from tilepress.tiles import Tile, parse_tiles

if TYPE_CHECKING:
    pass
from tilepress.publish.daily_blocks import (
    INDENT,
    KEY_TILE,
    MIN_TILE,
    SMALL,
    TEXT,
    Beside,
    Look,
)

# ---------------------------------------------------------------------------
# Presenters: a kind's question and answer, sized for the daily page
# ---------------------------------------------------------------------------


def _tiles(text: str) -> tuple[Tile, ...]:
    return parse_tiles(text)


def _row_split(tiles: Sequence[Tile], most: int) -> list[tuple[Tile, ...]]:
    """Tiles in rows of at most ``most``, as even as can be."""
    rows = -(-len(tiles) // most)
    size = -(-len(tiles) // rows)
    return [tuple(tiles[i:i + size]) for i in range(0, len(tiles), size)]


def _hand_rows(text: str, width: float, look: Look) -> tuple[Block, ...]:
    """A hand in one row of tiles as wide as fit (the look's size down to 8 mm), else in
    even rows."""
    tiles = _tiles(text)
    room = width - INDENT
    for size in sorted({look.tile, (look.tile + MIN_TILE) / 2, MIN_TILE}, reverse=True):
        if len(tiles) * size <= room + 0.01:
            return (TileRow((tiles,), tile_width=size),)
    most = max(1, int(room // look.tile))
    return tuple(TileRow((row,), tile_width=look.tile) for row in _row_split(tiles, most))


def _hand_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    return _hand_rows(str(puzzle.question["hand"]), width, look)


def _minttin_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from tilepress.games.minttin.cards import parse_cards
    from tilepress.games.minttin.pictures import cards_figure

    cards = sorted(parse_cards(str(puzzle.question["hand"])))
    groups: list[list] = []
    for card in cards:
        if groups and groups[-1][-1] == card:
            groups[-1].append(card)
        else:
            groups.append([card])
    card_w = look.card
    room = width - INDENT
    rows: list[list[list]] = [[]]
    for group in groups:
        trial = rows[-1] + [group]
        if rows[-1] and cards_figure(trial, card_w=card_w).width > room:
            rows.append([group])
        else:
            rows[-1] = trial
    return tuple(cards_figure(row, card_w=card_w) for row in rows)


def _layout_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from tilepress.games.solitaire.pictures import layers_figure
    from tilepress.games.solitaire.puzzles import deal_of

    deal = deal_of(puzzle.question, puzzle.id)
    return (layers_figure(deal.layout, deal.tiles, width=width - INDENT,
                          tile_width=look.tile, max_height=0),)


def _castle_parts(puzzle: Puzzle) -> tuple[Any, dict]:
    from tilepress.games.solitaire.puzzles import deal_of
    from tilepress.layouts.castle import cell_of, parse_castle

    castle = parse_castle(str(puzzle.question["castle"]), name="castle", source=puzzle.id)
    deal = deal_of(puzzle.question, puzzle.id)
    tiles = {cell_of(p): t for p, t in zip(deal.layout.positions, deal.tiles, strict=True)}
    return castle, tiles


def _castle_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    """The castle floor by floor and, where there is room beside it, as a picture."""
    from tilepress.games.castle.pictures import floors_figure, isometric_figure

    castle, tiles = _castle_parts(puzzle)
    floors = floors_figure(castle, width=width - INDENT, tiles=tiles, largest=look.tile)
    room = width - INDENT - floors.width - 8.0
    if room < 40.0:
        return (floors,)
    picture = isometric_figure(castle, width=room)
    if picture.height > floors.height:
        picture = isometric_figure(castle, width=room * floors.height / picture.height)
    return (Beside((floors, picture)),)


def _waits_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    waits = [Tile(w) for w in puzzle.answer.get("waits", [])]
    if not waits:
        return (Paragraph("No wait: the hand is not ready.", size=TEXT),)
    readings = [r for r in puzzle.answer.get("readings", [])][:2]
    words = f"{len(waits)} wait{'s' * (len(waits) != 1)}; read as " + "; or ".join(readings)
    return (TileRow((tuple(waits),), tile_width=MIN_TILE),
            Paragraph(words + ".", size=SMALL, color=MUTED))


def _discard_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    table = puzzle.answer.get("table") or [{}]
    best = table[0]
    tiles = " ".join(best.get("tiles", []))
    count = best.get("count", 0)
    if best.get("shanten", 0) == 0:
        words = f"then ready, waiting on {tiles}: {count} tiles left."
    else:
        away = int(best.get("shanten", 1))
        words = (f"then {'one tile' if away == 1 else f'{away} tiles'} from ready; {count} "
                 f"tiles help ({tiles}).")
    if len(table) > 1:
        second = table[1]
        words += f" Next best: {second.get('discard')} ({second.get('count')} tiles)."
    return (TileRow(((Tile(str(puzzle.answer["discard"])),),), tile_width=MIN_TILE,
                    label="Discard", label_width=16.0),
            Paragraph(words, size=SMALL, color=MUTED))


def _card_words(code: str) -> str:
    names = {"DS": "Sword dragon", "DM": "Moon dragon", "DF": "Fire dragon", "J": "joker"}
    return names.get(code, code)


def _minttin_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from tilepress.games.minttin.cards import Card
    from tilepress.games.minttin.pictures import cards_figure

    ways = sorted(puzzle.answer.get("completions", {}).items(), key=lambda kv: (-kv[1], kv[0]))
    groups = [[Card(code)] for code, _ in ways]
    labels = [f"{points} pt{'s' * (points != 1)}" for _, points in ways]
    return (cards_figure(groups, card_w=8.5, labels=labels),
            Paragraph(f"{len(ways)} card{'s' * (len(ways) != 1)} complete"
                      f"{'s' * (len(ways) == 1)} the hand: "
                      + ", ".join(f"{_card_words(c)} ({p})" for c, p in ways) + ".",
                      size=SMALL, color=MUTED))


def _minttin_discard_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    table = puzzle.answer.get("table") or [{}]
    best = table[0]
    cards = ", ".join(_card_words(c) for c in best.get("completions", {}))
    return (Paragraph(f"Discard {_card_words(str(puzzle.answer.get('discard')))}: the hand "
                      f"is then ready for {cards}, {best.get('left', 0)} cards unseen, "
                      f"worth up to {best.get('points', 0)} points.", size=TEXT),)


CHOICES = 4
"""Card hands offered by the daily American puzzle: the nearest and the next farther."""


def american_choices(puzzle: Puzzle) -> list[Any]:
    """The card's hands the daily sheet prints for the puzzle, in the card's order, each
    in the way to make it that is nearest: the answer's nearest hands, and then hands at
    least two tiles farther than the nearest (the nearest of those), so the sheet holds
    what it asks about and one answer is right."""
    from tilepress.games.american import card as rules
    from tilepress.games.american.puzzles import card_of, hand_of

    card, hand = card_of(puzzle.question), hand_of(puzzle)
    named = [n["hand"] for n in puzzle.answer["nearest"]]
    best = int(puzzle.answer["nearest"][0]["need"])
    near = rules.nearest(card, hand, count=len(card.hands))
    shown = [m for m in near if m.hand.id in named]
    shown += [m for m in near if m.need >= best + 2][:max(CHOICES - len(shown), 0)]
    order = {h.id: k for k, h in enumerate(card.hands)}
    return sorted(shown, key=lambda m: order[m.hand.id])


def _letter(k: int) -> str:
    return "ABCDEFGH"[k]


def _american_question(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from tilepress.games.american.pictures import card_lines_figure

    choices = american_choices(puzzle)
    lines = [(_letter(k), m.hand, m.requirement.variant) for k, m in enumerate(choices)]
    return (*_hand_question(puzzle, width, look),
            card_lines_figure(lines, width=width - INDENT, size=look.text))


def _american_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    letters = {m.hand.id: _letter(k) for k, m in enumerate(american_choices(puzzle))}
    near = puzzle.answer.get("nearest", [])
    lines = [f"{letters[n['hand']]}, {n['reading']}: {n['value']} points, {n['need']} tile"
             f"{'s' * (n['need'] != 1)} away" for n in near]
    return (Paragraph("Nearest: " + "; ".join(lines) + ".", size=SMALL, color=INK),
            TileRow((_tiles(str(puzzle.answer.get("pass", ""))),), tile_width=MIN_TILE,
                    label="Pass first", label_width=20.0))


def _numbers(puzzle: Puzzle, count: int) -> list[int]:
    numbers = [0] * count
    for k, (a, b) in enumerate(puzzle.answer["solution"], start=1):
        numbers[a] = numbers[b] = k
    return numbers


def _layout_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from tilepress.games.solitaire.pictures import layers_figure
    from tilepress.games.solitaire.puzzles import deal_of

    deal = deal_of(puzzle.question, puzzle.id)
    traps = puzzle.grade.get("traps", 0)
    return (layers_figure(deal.layout, deal.tiles, width=width - INDENT, tile_width=KEY_TILE,
                          numbers=_numbers(puzzle, len(deal.tiles)), max_height=0),
            Paragraph(f"Take the pairs in the order of their numbers. {_traps(traps)}",
                      size=SMALL, color=MUTED))


def _traps(traps: Any) -> str:
    return ("No pair on the way leads to a dead end." if not traps else
            f"{traps} pair{'s' * (traps != 1)} on the way lead{'s' * (traps == 1)} to a "
            "dead end.")


def _castle_answer(puzzle: Puzzle, width: float, look: Look) -> tuple[Block, ...]:
    from tilepress.games.castle.pictures import floors_figure
    from tilepress.games.solitaire.puzzles import deal_of
    from tilepress.layouts.castle import cell_of

    castle, tiles = _castle_parts(puzzle)
    deal = deal_of(puzzle.question, puzzle.id)
    numbers = {}
    for k, (a, b) in enumerate(puzzle.answer["solution"], start=1):
        numbers[cell_of(deal.layout.positions[a])] = k
        numbers[cell_of(deal.layout.positions[b])] = k
    return (floors_figure(castle, width=width - INDENT, tiles=tiles, numbers=numbers,
                          largest=KEY_TILE),
            Paragraph(f"Take the pairs in the order of their numbers. "
                      f"{_traps(puzzle.grade.get('traps', 0))}", size=SMALL, color=MUTED))


Presenter = Callable[[Puzzle, float, Look], tuple[Block, ...]]


@dataclass(frozen=True)
class Presenters:
    question: Presenter
    answer: Presenter
    label: str = "Answer:"
    """The label of the answer line (empty: no line, as for a layout played on paper)."""
    wide: bool = False
    """Across the page always (a layout's layers side by side), not in a column."""


PRESENTERS: dict[str, Presenters] = {
    "waits": Presenters(_hand_question, _waits_answer, "Waits:"),
    "discard": Presenters(_hand_question, _discard_answer, "Discard:"),
    "minttin": Presenters(_minttin_question, _minttin_answer, "Cards:"),
    "minttin-discard": Presenters(_minttin_question, _minttin_discard_answer, "Discard:"),
    "american": Presenters(_american_question, _american_answer, "Hands:"),
    "solitaire": Presenters(_layout_question, _layout_answer, "", wide=True),
    "castle": Presenters(_castle_question, _castle_answer, "", wide=True),
}
"""How each kind is shown on the daily page; other kinds use their own blocks."""


def presenters_for(kind_name: str) -> Presenters:
    if kind_name in PRESENTERS:
        return PRESENTERS[kind_name]
    kind = find_kind(kind_name)
    return Presenters(lambda p, w, look: kind.question_blocks(p),
                      lambda p, w, look: kind.answer_blocks(p), kind.answer_label)
