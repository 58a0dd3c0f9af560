"""American Mah Jongg on paper: the passes of the Charleston seen from your seat, and a
line of a card of hands as the card prints it, with a player's tiles that make it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from tilepress.documents.model import Figure, Illustration
from tilepress.draw.canvas import PT, Canvas
from tilepress.draw.fonts import text_width
from tilepress.draw.tiles import RATIO, draw_tile
from tilepress.errors import HandError, NotationError, RequestError
from tilepress.games.american.card import (
    SUIT_NAMES,
    Card,
    Exposure,
    Group,
    Hand,
    Match,
    check_tiles,
    face_of,
    is_jokerless,
    matches,
)
from tilepress.games.american.cards_file import load_card
from tilepress.games.american.options import CardHandFigure
from tilepress.tiles import Tile, format_tiles, parse_tiles

INK = "#1d1d1b"
ACCENT = "#8c2f39"
TABLE = "#e9e3d6"
SEATS = {"you": (0.5, 0.92), "right": (0.92, 0.5), "across": (0.5, 0.08), "left": (0.08, 0.5)}


def _arrow(c: Canvas, x0: float, y0: float, x1: float, y1: float) -> None:
    import math

    c.line(x0, y0, x1, y1, stroke=ACCENT, stroke_width=0.7, cap="round")
    a = math.atan2(y1 - y0, x1 - x0)
    head = [(x1, y1), (x1 - 2.6 * math.cos(a - 0.45), y1 - 2.6 * math.sin(a - 0.45)),
            (x1 - 2.6 * math.cos(a + 0.45), y1 - 2.6 * math.sin(a + 0.45))]
    c.polyline(head, closed=True, fill=ACCENT, stroke=None)


def pass_figure(passes: Sequence[tuple[str, str]], *, panel: float = 34.0,
                gap: float = 7.0, large_print: bool = False) -> Figure:
    """One small table per pass, from your seat (at the bottom) to the seat the three
    tiles go to; ``passes`` are (direction, caption) pairs: right, across or left. In
    ``large_print`` every word is 14 pt (the tables keep their size)."""
    you_size, caption_size = (14.0, 14.0) if large_print else (7.0, 8.0)

    def draw(c: Canvas) -> None:
        for k, (direction, caption) in enumerate(passes):
            x = k * (panel + gap)
            c.rect(x + panel * 0.2, panel * 0.2, panel * 0.6, panel * 0.6, fill=TABLE,
                   stroke="#b9b2a6", stroke_width=0.3, radius=1.5)
            for seat, (u, v) in SEATS.items():
                mine = seat == "you"
                c.circle(x + u * panel, v * panel, 2.4, fill=INK if mine else "#ffffff",
                         stroke=INK, stroke_width=0.3)
            c.text(x + panel / 2 + 3.4, 0.92 * panel + you_size / 7.0, "you", size=you_size,
                   fill=INK)
            tu, tv = SEATS[direction]
            sx, sy = x + 0.5 * panel, 0.92 * panel - 3.2
            tx, ty = x + tu * panel, tv * panel
            dx, dy = tx - sx, ty - sy
            length = (dx * dx + dy * dy) ** 0.5
            _arrow(c, sx, sy, tx - dx / length * 3.4, ty - dy / length * 3.4)
            c.text(x + panel / 2, panel + caption_size * 0.575, caption, size=caption_size,
                   font="bold", anchor="middle", fill=ACCENT)

    width = len(passes) * panel + (len(passes) - 1) * gap
    return Figure(width, panel + caption_size * 0.875, draw)


#: Suit letters in colour, as players know them from a card: three different suits.
SUIT_COLOURS = {"a": "#1f5fa8", "b": "#b3261e", "c": "#2e7d32", "": "#1d1d1b"}
#: And a mark for each, so that the suits stay apart on a black-and-white printer: the
#: first suit plain, the second underlined, the third in a box.
SUIT_MARKS = {"a": "plain", "b": "underline", "c": "box", "": "plain"}
#: The suits in players' words, for the legends: colour and mark.
SUIT_LOOKS = {"a": "blue, plain", "b": "red, underlined", "c": "green, in a box"}
FLOWER_COLOUR = "#d9730d"
GREY = "#6b6862"
GAP = 0.2
"""The gap between the groups of a hand, in tile widths (narrow: 14 tiles of 8 mm and
their gaps fit a booklet page)."""


def token_colour(token: Group | str) -> str:
    """The colour a card prints a group in: its suit's, orange for flowers."""
    if isinstance(token, str):
        return GREY
    if token.symbols[0] == "F":
        return FLOWER_COLOUR
    return SUIT_COLOURS[token.suit]


def token_text(token: Group | str) -> str:
    return token if isinstance(token, str) else token.symbols


def token_mark(token: Group | str) -> str:
    """How a card marks a group besides its colour: plain, underline or box (its suit's
    mark; flowers, winds and the plain dragons are plain, their letters tell them)."""
    if isinstance(token, str) or token.symbols[0] == "F":
        return "plain"
    return SUIT_MARKS[token.suit]


def draw_token(c: Canvas, token: Group | str, x: float, y: float, size: float) -> float:
    """A group as a card prints it, from ``x`` on the baseline ``y``: its text in its
    suit's colour, underlined or boxed by its suit's mark; returns the text's width."""
    text = token_text(token)
    colour = token_colour(token)
    width = text_width(text, size, "bold")
    c.text(x, y, text, size=size, font="bold", fill=colour)
    mark = token_mark(token)
    line = size * PT * 0.085
    if mark == "underline":
        c.line(x, y + size * PT * 0.2, x + width, y + size * PT * 0.2, stroke=colour,
               stroke_width=line)
    elif mark == "box":
        pad = size * PT * 0.14
        c.rect(x - pad, y - size * PT * 0.8, width + 2 * pad, size * PT * 1.06,
               stroke=colour, stroke_width=line, radius=size * PT * 0.15)
    return width


def draw_card_line(c: Canvas, hand: Hand, x: float, y: float, size: float,
                   variant: int | None = None, or_size: float = 0.0) -> float:
    """A hand's groups as a card prints them, from ``x`` on the baseline ``y`` (every
    variant, 'or' between them at ``or_size``, 0: four fifths of ``size``, unless
    ``variant`` picks one); returns the width used."""
    start = x
    small = or_size or size * 0.8
    for v, groups in enumerate(hand.variants):
        if variant is not None and v != variant:
            continue
        if x > start:
            c.text(x, y, "or", size=small, font="italic", fill=GREY)
            x += text_width("or", small, "italic") + size * 0.25
        for token in groups:
            x += draw_token(c, token, x, y, size) + size * 0.26
    return x - start


def card_line_width(hand: Hand, size: float, variant: int | None = None,
                    or_size: float = 0.0) -> float:
    """The width :func:`draw_card_line` takes for the same hand and sizes."""
    total = 0.0
    for v, groups in enumerate(hand.variants):
        if variant is not None and v != variant:
            continue
        if total:
            total += text_width("or", or_size or size * 0.8, "italic") + size * 0.25
        total += sum(text_width(token_text(t), size, "bold") + size * 0.26 for t in groups)
    return total


def read_player_tiles(text: str) -> tuple[list[Tile], tuple[Exposure, ...]]:
    """The concealed tiles and the exposures (in brackets) of a player's hand."""
    concealed: list[Tile] = []
    exposures: list[Exposure] = []
    rest = text
    while "[" in rest:
        before, _, after = rest.partition("[")
        body, closed, rest = after.partition("]")
        if not closed:
            raise NotationError(f"bad tiles {text!r}: a '[' is never closed")
        concealed += parse_tiles(before)
        exposures.append(Exposure.parse(body))
    if "]" in rest:
        raise NotationError(f"bad tiles {text!r}: a ']' has no '['")
    concealed += parse_tiles(rest)
    check_tiles(concealed, exposures)
    return concealed, tuple(exposures)


def _suit_words(match: Match) -> str:
    return ", ".join(f"{letter} = {SUIT_NAMES[suit]}" for letter, suit in
                     match.requirement.suits)


def arrange(match: Match, tiles: Sequence[Tile], exposures: Sequence[Exposure]
            ) -> list[tuple[tuple[Tile, ...], bool]] | None:
    """The player's tiles in the order of the card's groups, each with whether it is an
    exposure; None if they cannot be laid out so."""
    pool = list(tiles)
    open_exposures = list(exposures)
    req_groups = iter(match.requirement.groups)
    out: list[tuple[tuple[Tile, ...], bool]] = []
    for token in match.hand.variants[match.requirement.variant]:
        if not isinstance(token, Group):
            continue
        parts = [next(req_groups) for _ in range(token.size if token.singles else 1)]
        laid: list[Tile] = []
        for face, size, jokers in parts:
            exposure = next((e for e in open_exposures if jokers and e.face == face
                             and e.size == size), None)
            if exposure is not None:
                open_exposures.remove(exposure)
                out.append((exposure.tiles(), True))
                break
            naturals = [t for t in pool if face_of(t) == face][:size]
            if jokers:
                naturals += [t for t in pool if t.is_joker][:size - len(naturals)]
            if len(naturals) != size:
                return None
            for t in naturals:
                pool.remove(t)
            laid += sorted(naturals, key=lambda t: (t.is_joker, str(t)))
        if laid:
            out.append((tuple(laid), False))
    return out if not pool and not open_exposures else None


def card_hand_figure(params: CardHandFigure, card: Card | None = None) -> Illustration:
    """One hand of a card as the card prints it (groups in the colours of their suits,
    X or C, the value), and under it a player's tiles that make it, if given."""
    card = card or load_card(params.card)
    if not params.hand.strip():
        raise RequestError("name a hand of the card: FAMILY #N, for example '2468 #1'")
    hand = card.hand(params.hand.strip())
    size, tw = 10.0, params.tile_width
    facts: dict[str, Any] = {"hand": hand.id, "value": hand.value,
                             "concealed": hand.concealed, "line": hand.text()}
    rows: list[tuple[tuple[Tile, ...], bool]] = []
    variant = None
    if params.tiles.strip():
        tiles, exposures = read_player_tiles(params.tiles)
        every = matches(card, tiles, exposures)
        facts["matches"] = list(dict.fromkeys(m.hand.id for m in every))
        found = [m for m in every if m.hand.id == hand.id]
        laid = next(((m, a) for m in found if (a := arrange(m, tiles, exposures))), None)
        if laid is None:
            raise HandError(f"{format_tiles(tiles)}"
                            f"{''.join(f' [{e}]' for e in exposures)} does not make "
                            f"{hand.id} ({hand.text()})")
        match, rows = laid
        variant = match.requirement.variant if len(hand.variants) > 1 else None
        facts |= {"makes": True, "suits": _suit_words(match),
                  "jokerless": is_jokerless(tiles, exposures),
                  "jokers": sum(t.is_joker for t in tiles) + sum(e.jokers for e in exposures)}
    mark = f"{'C' if hand.concealed else 'X'}  {hand.value}"
    line_w = card_line_width(hand, size, variant)
    mark_w = text_width(mark, size, "bold") + 6.0
    gap = tw * GAP
    tiles_w = sum(len(g) * tw for g, _ in rows) + gap * max(len(rows) - 1, 0)
    width = max(line_w + mark_w, tiles_w)
    line_h = size * 0.3528 * 1.35
    label = max(6.5, size * 0.75)  # "exposed" under an exposed group: a word, not a line,
    # for a line under a card's group means its second suit
    height = line_h + (2.5 + tw * RATIO + 1.2 + label * PT * 1.1 if rows else 0.0)

    def draw(c: Canvas) -> None:
        draw_card_line(c, hand, 0.0, size * 0.3528, size, variant)
        c.text(width, size * 0.3528, mark, size=size, font="bold", anchor="end",
               fill="#b3261e" if hand.concealed else INK)
        if rows:
            top = line_h + 2.5
            x = 0.0
            for g, exposed in rows:
                for k, tile in enumerate(g):
                    draw_tile(c, tile, x + k * tw, top, tw)
                if exposed:
                    c.text(x + len(g) * tw / 2, top + tw * RATIO + 1.2 + label * PT * 0.85,
                           "exposed", size=label, anchor="middle", fill=ACCENT)
                x += len(g) * tw + gap

    return Illustration(Figure(width, height, draw), facts)


def suits_legend(size: float = 9.0, width: float = 0.0) -> Figure:
    """The three suits of a card as it prints them, each with its colour and mark in
    words: "2222 one suit (blue, plain)", and so on; on as many lines as ``width`` (mm;
    0: one line) needs."""
    words = [f"{name} suit ({SUIT_LOOKS[suit]})" for name, suit in
             (("one", "a"), ("a second", "b"), ("a third", "c"))]
    sample = text_width("2222", size, "bold")
    widths = [sample + size * 0.3 + text_width(w, size * 0.9) for w in words]
    gap, pad, pitch = size * 0.9, size * PT * 0.2, size * PT * 1.45
    spots: list[tuple[float, float]] = []
    x = y = used = 0.0
    for w in widths:
        if x and width and pad + x + w > width:
            x, y = 0.0, y + pitch
        spots.append((pad + x, y + size * PT * 0.95))
        used = max(used, pad + x + w)
        x += w + gap

    def draw(c: Canvas) -> None:
        for (sx, sy), suit, text in zip(spots, "abc", words, strict=True):
            draw_token(c, Group("2222", suit), sx, sy, size)
            c.text(sx + sample + size * 0.3, sy, text, size=size * 0.9, fill=INK)

    return Figure(used, y + size * PT * 1.35, draw)


def card_lines_figure(lines: Sequence[tuple[str, Hand, int | None]], *, width: float,
                      size: float = 8.0, smallest: float = 6.0,
                      legend: bool = False) -> Figure:
    """Hands of a card, one a line, as the card prints them: a label (A, B, ...), the
    groups in their suits' colours and marks (one way to make the hand, or every way with
    "or" between them when its variant is None), X or C and the value; the type shrinks
    (not below ``smallest`` points) until the widest line fits ``width``. With
    ``legend``, the suits' colours and marks in words under the lines."""
    if legend:
        lines_figure = card_lines_figure(lines, width=width, size=size, smallest=smallest)
        key = suits_legend(max(smallest, size), width=width)
        gap = 1.5

        def both(c: Canvas) -> None:
            lines_figure.draw(c)
            with c.group(translate=(0.0, lines_figure.height + gap)):
                key.draw(c)

        return Figure(max(lines_figure.width, key.width),
                      lines_figure.height + gap + key.height, both)

    def widest(pt: float) -> float:
        label = max(text_width(f"{a} ", pt, "bold") for a, _, _ in lines)
        mark = max(text_width(f"C {h.value}", pt, "bold") for _, h, _ in lines) + pt * 0.8
        return label + mark + max(card_line_width(h, pt, v) for _, h, v in lines)

    while size > smallest and widest(size) > width:
        size = max(smallest, size - 0.25)
    label_w = max(text_width(f"{a} ", size, "bold") for a, _, _ in lines)
    pitch = size * PT * 1.4
    right = max(width, widest(size))

    def draw(c: Canvas) -> None:
        for k, (label, hand, variant) in enumerate(lines):
            base = k * pitch + size * PT
            c.text(0.0, base, label, size=size, font="bold", fill=INK)
            draw_card_line(c, hand, label_w, base, size, variant)
            c.text(right, base, f"{'C' if hand.concealed else 'X'} {hand.value}", size=size,
                   font="bold", anchor="end", fill="#b3261e" if hand.concealed else INK)

    return Figure(right, pitch * len(lines) + size * PT * 0.4, draw)


__all__ = ["SUIT_COLOURS", "SUIT_LOOKS", "SUIT_MARKS", "arrange", "card_hand_figure",
           "card_line_width", "card_lines_figure", "draw_card_line", "draw_token",
           "pass_figure", "read_player_tiles", "suits_legend", "token_colour", "token_mark"]


# ---------------------------------------------------------------------------
# A position from a game log (``tilepress draw position``)
# ---------------------------------------------------------------------------


def said(ev: Any, names: Sequence[str], seat: int | None) -> str:
    """The event in words, as the player at ``seat`` (None: an onlooker who sees all)
    would hear it: another player's draw or pass is counted, not named."""
    from tilepress.games.american import events as e
    from tilepress.games.american.narrate import word, words

    who = names[getattr(ev, "player", 0)]
    sees = seat is None or seat == getattr(ev, "player", seat)
    if isinstance(ev, e.Dice):
        return f"The dice are rolled: {names[ev.east]} is East."
    if isinstance(ev, e.Deal):
        return "The walls are built and the tiles dealt."
    if isinstance(ev, e.Pass):
        n = len(ev.tiles) + ev.blind
        what = words(ev.tiles) if sees and ev.tiles else f"{n} tile{'s' * (n != 1)}"
        blind = f" ({ev.blind} blind)" if ev.blind else ""
        return f"{who} passes {what}{blind}."
    if isinstance(ev, e.Stop):
        return f"{who} {'stops' if ev.stop else 'does not stop'} the second Charleston."
    if isinstance(ev, e.Courtesy):
        return f"{who} offers {ev.count} tile{'s' * (ev.count != 1)} for the courtesy pass."
    if isinstance(ev, e.Draw):
        return f"{who} draws {'a ' + word(ev.tile) if sees else 'a tile'}."
    if isinstance(ev, e.Discard):
        return f"{who} discards {word(ev.tile)}."
    if isinstance(ev, e.Answer):
        return f"{who} answers the discard: {ev.call}."
    if isinstance(ev, e.Claims):
        claims = [f"{names[p]} for Mah Jongg" for p in ev.mahjong] + \
            [f"{names[p]} for an exposure" for p in ev.expose]
        return ("The discard is claimed by " + ", ".join(claims) + ".") if claims \
            else "Nobody claims the discard."
    if isinstance(ev, e.Call):
        return f"{who} calls the {word(ev.tile)} with {words(ev.tiles)}."
    if isinstance(ev, e.Redeem):
        return f"{who} redeems the joker in {names[ev.owner]}'s exposure with a {word(ev.tile)}."
    if isinstance(ev, e.MahJong):
        return f"{who} declares Mah Jongg: {ev.hand}."
    if isinstance(ev, e.Dead):
        return f"{who}'s hand is dead: {ev.reason}."
    if isinstance(ev, e.End):
        return f"The game ends: {ev.reason}."
    return str(ev.TYPE)  # pragma: no cover - every event of the game is named above


def position_figure(log: Any, events: int, *, seat: int | None = None,
                    tile_width: float = 9.0) -> Illustration:
    """The table after the first ``events`` events of ``log``: each player's rack (only
    ``seat``'s face up when given) with its exposures, the discards in the middle, the
    wall, whose turn, and the last action in words."""
    from tilepress.documents.assemble import labelled, position_frame, text_figure, tiles_figure
    from tilepress.engine.log import line_of
    from tilepress.games.american import events as e
    from tilepress.games.american.narrate import SEATS as WINDS
    from tilepress.games.american.options import AmericanOptions
    from tilepress.games.american.runner import new_state
    from tilepress.tiles import sort_tiles

    game = new_state(log.options_as(AmericanOptions))
    for ev in log.events[:events]:
        game.apply(ev)
    last = log.events[events - 1]
    dealt = game.phase.name not in ("DICE", "DEAL")
    names = [f"Seat {p + 1}" + (f" ({WINDS[(p - game.east) % 4]})" if dealt else "")
             for p in range(4)]
    parts: list[Figure] = []
    up = down = 0
    for p in range(4):
        hand = list(game.hands[p])
        hidden = seat is not None and seat != p
        marks: frozenset[tuple[int, int]] = frozenset()
        if hidden:
            groups: list[Sequence[Tile | None]] = [[None] * len(hand)]
            down += len(hand)
        elif isinstance(last, e.Draw) and last.player == p and last.tile in hand:
            hand.remove(last.tile)
            groups, marks = [sort_tiles(hand), [last.tile]], frozenset({(1, 0)})
        else:
            groups = [sort_tiles(hand)]
        exposed = [tuple(g) for g in game.exposed[p]]
        up += sum(len(g) for g in exposed) + (0 if hidden else len(game.hands[p]))
        dead = ", dead" if game.dead[p] else ""
        label = f"{names[p]}: {len(game.hands[p])} tiles in hand" + (
            f", {len(exposed)} exposure{'s' * (len(exposed) > 1)}" if exposed else "") + dead
        if groups[0] or exposed:
            parts.append(labelled(label, tiles_figure([*groups, *exposed], tile_width,
                                                      marks=marks)))
        else:
            parts.append(labelled(label, text_figure("no tiles yet", size=7)))
    pool = [t for _, t in game.discards]
    if pool:
        up += len(pool)
        parts.append(labelled(f"The discards, {len(pool)} tiles (the latest last)",
                              tiles_figure([pool], tile_width, wrap_at=16)))
    to_move = game.to_move
    turn = (f"{names[to_move]} to play ({game.phase})" if to_move is not None
            else f"next: {game.phase}")
    wall = f"the wall holds {len(game.wall)} tiles" if dealt else "the walls are not built yet"
    status = f"{wall.capitalize()}; {turn}."
    line = line_of(last) or 0
    words = said(last, names, seat)
    facts = {"line": line, "face_up": up, "face_down": down, "wall": len(game.wall),
             "to_move": None if to_move is None else to_move + 1, "said": words}
    return Illustration(position_frame(parts, status, f"After line {line}: {words}"), facts)
