"""The events of an American Mah Jongg game, as they appear in its log, and the phases
of a game (what it waits for).

A player's decisions: :class:`Pass`, :class:`Stop`, :class:`Courtesy`, :class:`Answer`,
:class:`Call`, :class:`Redeem`, :class:`Discard` and :class:`MahJong`. Chance:
:class:`Dice` and :class:`Deal` (the shuffled walls). The rules' own: :class:`Draw`,
:class:`Dead` and :class:`End`. :class:`Claims` is how a log writes the answers of all
players to one discard on a single line (see :mod:`tilepress.games.american.rules`).
"""

from __future__ import annotations

from collections.abc import Iterable

from tilepress.engine.log import Event, Tiles, event
from tilepress.engine.rules import Phase as BasePhase
from tilepress.tiles import Tile

GAME = "american"

PASS, MAHJONG, EXPOSE = "pass", "mahjong", "expose"
"""A player's answers to a discard: let it go, call it for Mah Jongg, call it for an
exposure."""


class Phase(BasePhase):
    # a member is its own only equal: hashed by identity, in C (an Enum hashes its name
    # in Python), for the sets of phases the rules test at every move
    __hash__ = object.__hash__

    DICE = "the dice for East"
    DEAL = "the deal"
    PASS = "a pass of tiles in the Charleston"
    VOTE = "a vote to stop the Charleston or go on"
    COURTESY = "an offer of 0 to 3 tiles for the courtesy pass"
    DRAW = "a draw from the wall"
    DISCARD = "a discard, a joker redeemed or Mah Jongg"
    CLAIMS = "each player's answer to the discard: a call or a pass"
    CALL = "the tiles shown with the called discard"
    DECLARE = "Mah Jongg declared with the called discard"
    END = "the payments"
    OVER = "nothing: the game is over"


@event(GAME, "dice")
class Dice:
    rolls: tuple[tuple[int, int], ...]
    east: int


@event(GAME, "deal")
class Deal:
    wall: Tiles
    """The 152 tiles in the order they leave the walls."""


@event(GAME, "pass")
class Pass:
    player: int
    tiles: Tiles
    """The tiles passed from the player's own hand."""
    blind: int = 0
    """How many more are passed on unseen: the first of the tiles being passed to the
    player in this same pass (a blind pass)."""
    reason: str = ""


@event(GAME, "stop")
class Stop:
    player: int
    stop: bool
    reason: str = ""


@event(GAME, "courtesy")
class Courtesy:
    player: int
    count: int


@event(GAME, "draw")
class Draw:
    player: int
    tile: Tile


@event(GAME, "discard")
class Discard:
    player: int
    tile: Tile
    reason: str = ""


@event(GAME, "answer")
class Answer:
    """One player's answer to the discard just made: ``pass``, ``mahjong`` or ``expose``."""

    player: int
    call: str = PASS


@event(GAME, "claims")
class Claims:
    """Every player's answer to one discard on one line: who calls it for Mah Jongg, who
    for an exposure; the others let it go (empty: nobody calls)."""

    mahjong: tuple[int, ...] = ()
    expose: tuple[int, ...] = ()


@event(GAME, "call")
class Call:
    player: int
    tile: Tile
    tiles: Tiles
    """From the hand: identical tiles or jokers (an exposure), or whatever completes the
    hand (for Mah Jongg)."""
    reason: str = ""


@event(GAME, "redeem")
class Redeem:
    player: int
    owner: int
    tile: Tile
    """The natural tile given for the joker in ``owner``'s exposure of it."""
    reason: str = ""


@event(GAME, "mahjong")
class MahJong:
    player: int
    hand: str
    reason: str = ""


@event(GAME, "dead")
class Dead:
    player: int
    reason: str


@event(GAME, "end")
class End:
    payments: tuple[int, ...]
    """What each seat wins (positive) or pays (negative)."""
    reason: str


def fold_answers(events: Iterable[Event]) -> list[Event]:
    """The events as a log writes them: the answers to each discard folded into one
    :class:`Claims` line."""
    out: list[Event] = []
    answers: list[Answer] = []

    def flush() -> None:
        if answers:
            out.append(Claims(tuple(a.player for a in answers if a.call == MAHJONG),
                              tuple(a.player for a in answers if a.call == EXPOSE)))
            answers.clear()

    for ev in events:
        if type(ev) is Answer:  # a final class (faster than isinstance)
            answers.append(ev)
            continue
        flush()
        out.append(ev)
    flush()
    return out


__all__ = ["EXPOSE", "GAME", "MAHJONG", "PASS", "Answer", "Call", "Claims", "Courtesy", "Dead",
           "Deal", "Dice", "Discard", "Draw", "End", "MahJong", "Pass", "Phase", "Redeem",
           "Stop", "fold_answers"]
