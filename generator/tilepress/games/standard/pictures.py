"""Pictures of standard hands for rulebooks and ``tilepress draw``: a hand with its exposed
sets and a highlighted tile, and a hand beside the tiles it waits on. Each comes with the
facts the engine computed about it: shanten, waits and the tiles that make them."""

from __future__ import annotations

from typing import Any

from tilepress.documents.model import Figure, Illustration
from tilepress.draw.canvas import Canvas
from tilepress.draw.fonts import text_width
from tilepress.draw.tiles import RATIO, draw_row, group_gap, row_width
from tilepress.engine import standard
from tilepress.errors import HandError, NotationError, RequestError
from tilepress.games.standard.options import HandFigure, WaitsFigure
from tilepress.tiles import Tile, check_copies, format_tiles, parse_tiles

Groups = tuple[tuple[Tile, ...], ...]


def read_groups(text: str) -> tuple[Groups, Groups]:
    """The concealed groups (apart by spaces) and the exposed sets (in brackets)."""
    concealed: list[tuple[Tile, ...]] = []
    exposed: list[tuple[Tile, ...]] = []
    rest = text
    while "[" in rest:
        before, _, after = rest.partition("[")
        body, closed, rest = after.partition("]")
        if not closed:
            raise NotationError(f"bad hand {text!r}: a '[' is never closed")
        concealed += [parse_tiles(part) for part in before.split()]
        exposed.append(parse_tiles(body))
    if "]" in rest:
        raise NotationError(f"bad hand {text!r}: a ']' has no '['")
    concealed += [parse_tiles(part) for part in rest.split()]
    for group in exposed:
        if not 3 <= len(group) <= 4:
            raise HandError(f"an exposed set holds 3 or 4 tiles, not {format_tiles(group)}")
    tiles = [t for g in concealed + exposed for t in g]
    if not tiles:
        raise NotationError("the hand is empty")
    check_copies(tiles)
    return tuple(concealed), tuple(exposed)


def hand_facts(concealed: Groups, exposed: Groups) -> dict[str, Any]:
    """What the engine says of the concealed tiles, exposed sets counted as complete and
    their tiles as seen."""
    tiles = tuple(t for g in concealed for t in g)
    seen = tuple(t for g in exposed for t in g)
    facts: dict[str, Any] = {"tiles": len(tiles) + len(seen)}
    try:
        analysis = standard.analyze(standard.Hand(tiles), visible=seen)
    except (HandError, RequestError):
        return facts  # not a sets-and-a-pair hand (flowers, a wrong size): tiles only
    facts["shanten"] = analysis.shanten
    facts["complete"] = analysis.shanten == -1
    if analysis.waits:
        facts["waits"] = format_tiles(w.tile for w in analysis.waits)
        facts["tiles_left"] = sum(w.left for w in analysis.waits)
    if analysis.complete:
        facts["reading"] = str(analysis.complete[0])
    return facts


KAN_LABEL = "kan, set aside"
"""The words under each exposed set of a hand: a kan is told by words, not by a gap
alone."""
LABEL_SIZE = 7.0


def _row_figure(groups: Groups, tile_width: float, marks: frozenset[tuple[int, int]],
                note: str = "", labels: dict[int, str] | None = None) -> Figure:
    """Groups of tiles in a row (``marks`` outlined, a ``note`` after them), ``labels``
    in words under the groups they number."""
    labels = labels or {}
    width = row_width(groups, tile_width)
    marked = 0.2 * tile_width + 1.0 if marks else 0.0
    label_h = LABEL_SIZE * 0.3528 + 1.5 if labels else 0.0
    height = tile_width * RATIO + marked + label_h
    note_w = text_width(note, 9.0) + 3.0 if note else 0.0
    starts = [row_width(groups[:g], tile_width) + (group_gap(tile_width) if g else 0.0)
              for g in range(len(groups))]

    def draw(c: Canvas) -> None:
        draw_row(c, groups, 0.0, 0.0, tile_width, marks=marks)
        for g, label in labels.items():
            middle = starts[g] + len(groups[g]) * tile_width / 2
            c.text(middle, tile_width * RATIO + marked + label_h - 0.6, label,
                   size=LABEL_SIZE, anchor="middle", fill="#45433f")
        if note:
            c.text(width + 3.0, tile_width * RATIO / 2 + 1.2, note, size=9.0, fill="#1d1d1b")

    return Figure(width + note_w, height, draw)


def hand_figure(params: HandFigure) -> Illustration:
    """A hand: its concealed groups, then its exposed sets, the ``highlight`` outlined."""
    concealed, exposed = read_groups(params.hand)
    groups = concealed + exposed
    marks: frozenset[tuple[int, int]] = frozenset()
    if params.highlight:
        (tile,) = parse_tiles(params.highlight) or (None,)
        spots = [(g, i) for g, group in enumerate(groups) for i, t in enumerate(group)
                 if t == tile]
        if not spots:
            raise RequestError(f"the tile to highlight, {params.highlight}, is not in the hand")
        marks = frozenset(spots[-1:])
    kans = {len(concealed) + k: KAN_LABEL for k in range(len(exposed))}
    return Illustration(_row_figure(groups, params.tile_width, marks, labels=kans),
                        hand_facts(concealed, exposed))


def waits_figure(params: WaitsFigure) -> Illustration:
    """A ready hand, and after it the tiles it waits on."""
    concealed, exposed = read_groups(params.hand)
    facts = hand_facts(concealed, exposed)
    if facts.get("shanten") != 0 or "waits" not in facts:
        raise RequestError(f"{params.hand} is not a ready hand: it has no waits to draw")
    waits = parse_tiles(facts["waits"])
    groups = (*concealed, *exposed, waits)
    last = len(groups) - 1
    marks = frozenset((last, i) for i in range(len(waits)))
    kans = {len(concealed) + k: KAN_LABEL for k in range(len(exposed))}
    figure = _row_figure(groups, params.tile_width, marks, labels=kans)
    return Illustration(figure, facts)


__all__ = ["hand_facts", "hand_figure", "read_groups", "waits_figure"]
