"""The one base of every game's rules engine: state changed only by events, a handler per
event type, phases as an enum, and the legal actions of a position.

A game's rules subclass :class:`Rules`. Each event type has one *check* (may this event
happen now?) and one *handler* (what it does), declared with :func:`checks` and
:func:`handles`; :meth:`Rules.apply` runs the check, then the handler. The same checks
decide :meth:`Rules.legal_actions`, so what a bot may choose and what the rules accept
can never differ.

Three kinds of event move a game on, and a game runner asks in this order:

* :meth:`Rules.forced` -- an event the rules decide alone (the next tile drawn, a hand
  found dead, a score, the virtual opponent's move);
* a *chance* event the runner supplies from its ``random.Random`` (a shuffle, the dice)
  when :attr:`Rules.phase` is one of the game's ``CHANCE`` phases;
* a player's decision, one of :meth:`Rules.legal_actions`, for :attr:`Rules.to_move`.
"""

from __future__ import annotations

import dataclasses
import enum
import json
import random
from collections.abc import Callable, Iterable, Sequence
from typing import Any, ClassVar, Protocol

from tilepress.engine.log import Event, Recorder, to_dict
from tilepress.errors import IllegalActionError

Handler = Callable[[Any, Any], None]


class Phase(enum.StrEnum):
    """Base of each game's phases; a phase's value says what the game waits for, in a
    player's words ("a discard"), for error messages."""


def handles(*types: type) -> Callable[[Handler], Handler]:
    """Mark a method as what the event types do to the state."""

    def mark(method: Handler) -> Handler:
        method._handles = types  # type: ignore[attr-defined]
        return method

    return mark


def checks(*types: type) -> Callable[[Handler], Handler]:
    """Mark a method as the check of the event types: it raises
    :class:`~tilepress.errors.IllegalActionError` when the event may not happen now."""

    def mark(method: Handler) -> Handler:
        method._checks = types  # type: ignore[attr-defined]
        return method

    return mark


WORDS = ("reason", "detail")
"""Fields that explain an event in words; they are not part of the move."""


def plain(ev: Event) -> Event:
    """The event without its explanations (a bot's ``reason``, a score's ``detail``)."""
    words = {f.name: "" for f in dataclasses.fields(ev)  # type: ignore[arg-type]
             if f.name in WORDS}
    return dataclasses.replace(ev, **words) if words else ev  # type: ignore[type-var]


class Rules:
    """The state of a game, changed only by :meth:`apply`."""

    title: ClassVar[str] = "this game"
    CHANCE: ClassVar[frozenset[Phase]] = frozenset()
    """Phases whose next event is random and supplied by the runner."""
    _handlers: ClassVar[dict[type, Handler]] = {}
    _checks: ClassVar[dict[type, Handler]] = {}

    phase: Phase

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        handlers: dict[type, Handler] = {}
        check: dict[type, Handler] = {}
        for klass in reversed(cls.__mro__):
            for attr in vars(klass).values():
                for kind in getattr(attr, "_handles", ()):
                    handlers[kind] = attr
                for kind in getattr(attr, "_checks", ()):
                    check[kind] = attr
        cls._handlers, cls._checks = handlers, check

    # -- moving the game on --------------------------------------------------------------

    def apply(self, ev: Event) -> None:
        """Check ``ev`` by the rules and play it; :class:`IllegalActionError` otherwise."""
        handler = self._handlers.get(type(ev))
        if handler is None:
            raise IllegalActionError(f"{ev.TYPE or type(ev).__name__} is not an event of "
                                     f"{self.title}")
        self.check(ev)
        handler(self, ev)

    def play_forced(self, ev: Event) -> None:
        """Play the event :meth:`forced` has just given: the rules' own, so it needs no
        check against them (a log read back is still checked event by event)."""
        self._handlers[type(ev)](self, ev)

    def check(self, ev: Event) -> None:
        """Raise :class:`IllegalActionError` unless ``ev`` may happen now."""
        forced = self.forced()
        if forced is not None:
            if plain(ev) != plain(forced):
                raise IllegalActionError(f"the rules say the next event is "
                                         f"{json.dumps(to_dict(plain(forced)))}")
            return
        check = self._checks.get(type(ev))
        if check is not None:
            check(self, ev)

    def is_legal(self, ev: Event) -> bool:
        try:
            self.check(ev)
        except IllegalActionError:
            return False
        return True

    def expect(self, phases: Phase | Iterable[Phase], player: int | None, doing: str) -> None:
        """Raise unless the game is in one of ``phases`` and, if a ``player`` is given,
        it is that player's move. ``doing`` names the action: "discarding"."""
        if phases is self.phase and (player is None or player == self.to_move):
            return  # the common case, first: one phase, and it is that player's move
        allowed = (phases,) if isinstance(phases, Phase) else tuple(phases)
        if self.phase not in allowed:
            raise IllegalActionError(f"{doing} is not allowed now: the game waits for "
                                     f"{self.phase.value}")
        if player is not None and player != self.to_move:
            raise IllegalActionError(f"{doing}: it is player {self.to_move}'s move, not "
                                     f"player {player}'s")

    # -- what a game defines ---------------------------------------------------------------

    @property
    def over(self) -> bool:
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        """The player whose decision is next (None while the rules or chance decide)."""
        raise NotImplementedError

    def forced(self) -> Event | None:
        """The next event when the rules decide it alone, else None."""
        return None

    def legal_actions(self) -> list[Event]:
        """Every decision the rules allow :attr:`to_move` now (empty while the rules or
        chance decide, or once the game is over)."""
        raise NotImplementedError

    def result(self) -> dict[str, Any]:
        raise NotImplementedError


class LegalActions(Sequence[Event]):
    """A position's legal actions, listed by the rules the first time a bot looks at
    them: a bot that planned its move earlier (and checks it through the rules as it is
    played) never pays for the list. The position must not change before the bot has
    chosen."""

    __slots__ = ("_actions", "_state")

    def __init__(self, state: Rules) -> None:
        self._state = state
        self._actions: list[Event] | None = None

    @property
    def actions(self) -> list[Event]:
        if self._actions is None:
            self._actions = self._state.legal_actions()
        return self._actions

    def __len__(self) -> int:
        return len(self.actions)

    def __getitem__(self, index: Any) -> Any:
        return self.actions[index]

    def __iter__(self) -> Any:
        return iter(self.actions)

    def __contains__(self, ev: object) -> bool:
        return ev in self.actions

    def __repr__(self) -> str:
        return f"LegalActions({self.actions!r})"


class Bot(Protocol):
    """A player: chooses one of the legal actions (with a reason, if it likes)."""

    name: str

    def choose(self, state: Any, legal: Sequence[Event], rng: random.Random) -> Event: ...


def play_out(state: Rules, bots: Sequence[Bot], rng: random.Random,
             chance: Callable[[Any, random.Random], Event], *, limit: int = 100_000
             ) -> list[Event]:
    """Play a game to its end: the rules' own events, chance events from ``chance``, and
    each decision by the bot of the player to move. The events, in order, for the log."""
    record = Recorder(state, limit)
    while not state.over:
        ev = state.forced()
        if ev is not None:
            record(ev, forced=True)
            continue
        if state.phase in state.CHANCE:
            ev = chance(state, rng)
        else:
            player = state.to_move
            assert player is not None, f"nobody is to move at {state.phase!r}"
            ev = bots[player].choose(state, LegalActions(state), rng)
        record(ev)
    return record.events


__all__ = ["Bot", "LegalActions", "Phase", "Rules", "checks", "handles", "plain", "play_out"]
