"""What a balance report needs to know about one finished game: its :class:`GameRecord`.

A game's runner may define ``record(log) -> GameRecord``, which reads a finished
:class:`~tilepress.engine.log.GameLog` into the facts a designer asks about: who won from
which seat, how long the game lasted, how its rounds ended, which hands won, which
optional actions were taken and how often the lead changed. Records are small, immutable
and picklable, so that a batch of games sends back records rather than logs.

Sides are numbered from 0 here (seat 0 is the first seat of the log), and in the rows
for analysts; a report's pages number them from 1, as players do. A *side* is whoever
can win: each bot's seat and, in a solo game, the virtual opponent.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class GameRecord:
    """The facts of one finished game."""

    sides: tuple[str, ...]
    """Who plays each side, as a reader names them: "A (efficiency)", "virtual opponent"."""
    scores: tuple[int, ...]
    """Each side's final score (or payments), in side order."""
    winners: tuple[int, ...]
    """The sides that won: one, several for a shared win, none when nobody won."""
    turns: int
    """Turns taken in the whole game (every player's go counts once)."""
    rounds: int = 1
    """Hands or rounds played (1 for a game of one deal)."""
    rounds_without_winner: int = 0
    """Rounds that ended with nobody winning: wall games, exhaustive draws."""
    first: int | None = None
    """The side that moved first (the first dealer, East), when the game has one."""
    end: str = ""
    """How the game ended, in words: "wall game", "Mahjong", "all ten lines full"."""
    round_ends: tuple[tuple[str, int], ...] = ()
    """How its rounds ended, counted: (("ron", 2), ("exhaustive draw", 1))."""
    wins: tuple[str, ...] = ()
    """Each winning hand, pattern or scoring line of the game, named as players name it."""
    actions: tuple[tuple[str, int], ...] = ()
    """How often each optional action was taken: (("kan", 1), ("swap", 2))."""
    lead_changes: int | None = None
    """How often the sole leader of the running score changed (None: no score history)."""
    decided_at: float | None = None
    """Share of the game's scoring moments (0-1) gone by when the final winner took the
    lead for good (None without a sole winner or a score history)."""

    @property
    def winner(self) -> int | None:
        """The sole winner, or None (nobody won, or a shared win)."""
        return self.winners[0] if len(self.winners) == 1 else None

    @property
    def margin(self) -> int | None:
        """The sole winner's lead over the next best side (None without a sole winner or
        with one side only)."""
        if self.winner is None or len(self.scores) < 2:
            return None
        rest = [s for k, s in enumerate(self.scores) if k != self.winner]
        return self.scores[self.winner] - max(rest)


def counted(names: Iterable[str]) -> tuple[tuple[str, int], ...]:
    """Names counted, in order of name: the form of :attr:`GameRecord.actions`."""
    return tuple(sorted(Counter(names).items()))


@dataclass(frozen=True)
class Lead:
    """The lead's history over a game's scoring moments: how often the sole leader
    changed, and when the final winner took the lead for good."""

    changes: int
    decided_at: float | None


def lead_history(totals: Sequence[Sequence[int]], winner: int | None) -> Lead:
    """The lead over running totals (one row of every side's score after each scoring
    moment). A change is the sole leader passing to another side (ties hold no lead);
    the game is decided at the moment after which ``winner`` led alone to the end,
    as a share of the moments (the first moment counts as 1/len)."""
    changes = 0
    last: int | None = None
    since: int | None = None  # the moment from which ``winner`` has led without a break
    for moment, row in enumerate(totals):
        top = max(row) if row else 0
        leaders = [k for k, s in enumerate(row) if s == top]
        leader = leaders[0] if len(leaders) == 1 else None
        if leader is not None and last is not None and leader != last:
            changes += 1
        if leader is not None:
            last = leader
        if leader == winner and winner is not None:
            since = moment if since is None else since
        else:
            since = None
    if winner is None or since is None or not totals:
        return Lead(changes, None)
    return Lead(changes, (since + 1) / len(totals))


__all__ = ["GameRecord", "Lead", "counted", "lead_history"]
