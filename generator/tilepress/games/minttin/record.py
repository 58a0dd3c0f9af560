"""A Mint Tin match read into the facts of a balance report (:class:`GameRecord`).

The events say who won each round and how; the winning hand's pattern and set need the
cards held at that moment, so each round with a Mahjong that scores or a double is
replayed through the rules' handlers (the log is a finished, checked one: no check is
run again) and the hand is read at each such Mahjong and double. Optional actions are
named as players name them: calls (with jokers, or a pair for Mahjong), joker swaps
both ways, jokers discarded for a point, doubles and the answers to them, Joker Blocks,
the pass before play.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tilepress.engine.log import Event, GameLog
from tilepress.engine.record import GameRecord, counted, lead_history
from tilepress.games.minttin.hand import best
from tilepress.games.minttin.rules import (
    SOLO,
    Answer,
    Call,
    Deal,
    Discard,
    Double,
    Draw,
    Mahjong,
    MintTinMatch,
    MintTinOptions,
    OpponentDraw,
    OpponentExposes,
    OpponentSwap,
    PassCards,
    RoundEnd,
    Swap,
)
from tilepress.games.minttin.solo import SoloMatch
from tilepress.games.minttin.twoplayer import TwoPlayerMatch

OPPONENT = "virtual opponent"
SET_NAMES = {"run": "Run", "odds": "Odds", "evens": "Evens"}
HELD_DOUBLE = ("the double held", "the double was dropped")
"""Round ends won by the doubler's hand as it was at the double."""


def winning_hand(match: MintTinMatch, p: int) -> list[str]:
    """The names of player ``p``'s 14 cards as a winning hand: its pattern ("pattern: one
    pair and four pungs", or the Epic Hand), its set ("set: Run 3-4-5, 1 dragon": the
    Consecutive Run, Odds or Evens, short enough for a chart's label) and any special
    hand ("One Suit", "Three Suits")."""
    seat = match.seats[p]
    extras = match.extras(p)
    top = best(seat.hand, seat.exposures(), extras, match.rules)
    if top is None:
        return []
    if top.pattern is None:
        return ["Epic Hand"]
    dragons = sum(1 for b in top.blocks if b.face.is_dragon)
    numbers = "-".join(map(str, top.numbers))
    extra = f", {dragons} dragon{'s' * (dragons > 1)}" if dragons else ""
    names = [f"pattern: {top.pattern}", f"set: {SET_NAMES[top.category]} {numbers}{extra}"]
    if top.special:
        names.append(top.special.title())
    return names


def _call(ev: Call) -> list[str]:
    jokers = any(c.is_joker for c in ev.cards)
    return ["call" if not jokers else "call with jokers"] + (
        ["pair called for Mahjong"] if len(ev.cards) == 1 else [])


def _swap(ev: Swap) -> list[str]:
    way = "joker given" if ev.give_joker else "joker taken"
    mine = " (own exposure)" if ev.owner == ev.player else ""
    return [f"joker swap, {way}{mine}"]


def _discard(ev: Discard) -> list[str]:
    if ev.block:
        return ["Joker Block"]
    return ["joker discarded for a point"] if ev.card.is_joker else []


_ACTIONS: dict[type, Callable[[Any], list[str]]] = {
    Call: _call,
    Swap: _swap,
    Discard: _discard,
    Double: lambda ev: ["double"],
    Answer: lambda ev: ["double taken" if ev.take else "double dropped"],
    PassCards: lambda ev: ["cards passed"] if ev.cards else [],
    Mahjong: lambda ev: [] if ev.points else ["miscalled Mahjong"],
    OpponentSwap: lambda ev: ["virtual opponent's joker swap"],
    OpponentExposes: lambda ev: ["virtual opponent's pung"],
}
"""By event type (no event type derives from another), the optional actions an event
takes, as players name them; other events take none."""


_TURNS = frozenset({Draw, Call, OpponentDraw})
"""Events that start a turn."""


def _rounds_read(events: Sequence[Event]) -> set[int]:
    """The rounds (by their deal's number) whose hands a record reads: those with a
    Mahjong that scores or a double. The others need not be replayed: a deal sets every
    seat's hand, exposures and discarded jokers afresh, and the hands are all that is
    read of the match."""
    read = set()
    current = 0
    for ev in events:
        kind = type(ev)
        if kind is Deal:
            current = ev.round
        elif kind is Double or (kind is Mahjong and ev.points):
            read.add(current)
    return read


def record(log: GameLog) -> GameRecord:
    """The match's facts: scores and winner, the rounds and how each ended, each round's
    winning hand (pattern, set, special hand), the optional actions, and the lead after
    each round. A turn is a player's draw or call (solo, also the virtual opponent's
    draw)."""
    solo = log.game == SOLO
    options = log.options_as(MintTinOptions)
    match: MintTinMatch = SoloMatch(options) if solo else TwoPlayerMatch(options)
    handlers: dict[type, Callable[[Any, Any], None]] = type(match)._handlers
    ends: list[str] = []
    wins: list[str] = []
    actions: list[str] = []
    totals: list[tuple[int, int]] = []
    running = (0, 0)
    doubled: list[str] = []
    first: int | None = None
    turns = without = 0
    named = _ACTIONS.get
    read = _rounds_read(log.events)
    replaying = True
    for ev in log.events:
        kind = type(ev)
        if kind in _TURNS:
            turns += 1
        elif kind is Deal:
            replaying = ev.round in read
            if first is None and not solo:
                first = ev.dealer
        elif kind is Mahjong and ev.points:
            wins += winning_hand(match, ev.player)
        elif kind is Double:
            doubled = winning_hand(match, ev.player)
        elif kind is RoundEnd:
            ends.append(ev.reason)
            if ev.reason.startswith(HELD_DOUBLE):
                wins += doubled
            without += not any(ev.scores)
            running = (running[0] + ev.scores[0], running[1] + ev.scores[1])
            totals.append(running)
        action = named(kind)
        if action is not None:
            actions += action(ev)
        if replaying:
            handlers[kind](match, ev)
    scores = tuple(log.result["scores"])
    winner = log.result["winner"]
    winners = () if winner is None else (winner,)
    lead = lead_history(totals, winners[0] if winners else None)
    names = list(log.players) + ([OPPONENT] if solo else [])
    return GameRecord(
        sides=tuple(names), scores=scores, winners=winners, turns=turns,
        rounds=log.result["rounds"], rounds_without_winner=without, first=first,
        end=_end(ends, options, scores), round_ends=counted(ends), wins=tuple(wins),
        actions=counted(actions), lead_changes=lead.changes, decided_at=lead.decided_at)


def _end(ends: list[str], options: MintTinOptions, scores: Sequence[int]) -> str:
    """How the match ended: an Epic Hand at once, a player reaching the target, or the
    round limit (ruling 20)."""
    if ends and ends[-1].endswith("(Epic Hand)"):
        return "an Epic Hand"
    if max(scores) < options.target:
        return f"the {options.round_limit}-round limit"
    return f"{options.target} points reached"


__all__ = ["record", "winning_hand"]
