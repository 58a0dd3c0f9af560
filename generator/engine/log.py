"""Game logs: JSON Lines, one event per line, in the spirit of mjai.

The first line names the game, its options and seed; the last line is the result.
Every event is a small frozen dataclass registered with :func:`event`; this module turns
them into JSON and back (tiles as MPSZ strings), so a log written by a simulated game is
exactly what ``tilepress replay`` reads.
"""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from collections.abc import Iterator, Mapping
from typing import Any, ClassVar

from generator.errors import FileFormatError, IllegalActionError, TilepressError
from generator.games.minttin.cards import Card, parse_cards
from generator.tiles import Tile, format_tiles, parse_tiles

Tiles = tuple[Tile, ...]


class Event:
    """Base of every logged event; subclasses are frozen dataclasses."""

    TYPE: ClassVar[str] = ""


_REGISTRY: dict[str, dict[str, type[Event]]] = {}


def event(game: str, name: str, *also: str):
    """Register a frozen dataclass as the event ``name`` of ``game`` (and of the games
    ``also`` names, for events two games share)."""

    def wrap(cls: type) -> type:
        cls = dataclasses.dataclass(frozen=True)(cls)
        cls.TYPE = name
        for g in (game, *also):
            _REGISTRY.setdefault(g, {})[name] = cls
        return cls

    return wrap


def _encode(value: Any) -> Any:
    if isinstance(value, Tile | Card):
        return str(value)
    if isinstance(value, tuple) and value and all(isinstance(v, Tile) for v in value):
        return format_tiles(value)
    if isinstance(value, tuple) and value and all(isinstance(v, Card) for v in value):
        return " ".join(map(str, value))  # in order: a deck's order matters
    if isinstance(value, tuple | list):
        return [_encode(v) for v in value]
    if isinstance(value, Mapping):
        return {str(k): _encode(v) for k, v in value.items()}
    return value


def to_dict(ev: Event) -> dict[str, Any]:
    data: dict[str, Any] = {"type": ev.TYPE}
    for f in dataclasses.fields(ev):  # type: ignore[arg-type]
        value = getattr(ev, f.name)
        if f.default is not dataclasses.MISSING and value == f.default and f.name != "player":
            continue
        data[f.name] = _encode(value)
    return data


def _decode(hint: Any, value: Any, where: str) -> Any:
    origin = typing.get_origin(hint)
    if hint is Tile:
        if not isinstance(value, str):
            raise FileFormatError(f"{where}: expected a tile, got {value!r}")
        return Tile(value)
    if hint is Card or hint == tuple[Card, ...]:
        if value in ("", None, []) and hint is not Card:
            return ()
        if not isinstance(value, str):
            raise FileFormatError(f"{where}: expected cards, got {value!r}")
        cards = parse_cards(value)
        if hint is Card:
            if len(cards) != 1:
                raise FileFormatError(f"{where}: expected one card, got {value!r}")
            return cards[0]
        return cards
    if hint == Tiles:
        if value in ("", None, []):
            return ()
        if not isinstance(value, str):
            raise FileFormatError(f"{where}: expected a tile string, got {value!r}")
        return parse_tiles(value)
    if origin in (types.UnionType, typing.Union):
        args = [a for a in typing.get_args(hint) if a is not type(None)]
        if value is None:
            return None
        return _decode(args[0], value, where)
    if origin is tuple:
        args = typing.get_args(hint)
        if not isinstance(value, list):
            raise FileFormatError(f"{where}: expected a list, got {value!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_decode(args[0], v, where) for v in value)
        if len(args) != len(value):
            raise FileFormatError(f"{where}: expected {len(args)} items, got {len(value)}")
        return tuple(_decode(a, v, where) for a, v in zip(args, value, strict=True))
    if hint is int and (not isinstance(value, int) or isinstance(value, bool)):
        raise FileFormatError(f"{where}: expected a whole number, got {value!r}")
    if hint is str and not isinstance(value, str):
        raise FileFormatError(f"{where}: expected text, got {value!r}")
    if hint is bool and not isinstance(value, bool):
        raise FileFormatError(f"{where}: expected true or false, got {value!r}")
    return value


@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    return typing.get_type_hints(cls)


def from_dict(game: str, data: Mapping[str, Any], where: str) -> Event:
    """Rebuild an event of ``game`` from its JSON object; errors name the place."""
    kinds = _REGISTRY.get(game, {})
    name = data.get("type")
    if name not in kinds:
        known = ", ".join(sorted(kinds))
        raise FileFormatError(f"{where}: unknown event type {name!r} for {game} (known: {known})")
    cls = kinds[name]
    hints = _hints(cls)
    values = {}
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = set(data) - set(fields) - {"type"}
    if unknown:
        raise FileFormatError(f"{where}: {name} has no field {sorted(unknown)[0]!r}")
    for fname, f in fields.items():
        if fname in data:
            try:
                values[fname] = _decode(hints[fname], data[fname], f"{where}: {name}.{fname}")
            except TilepressError as exc:
                if isinstance(exc, FileFormatError):
                    raise
                raise FileFormatError(f"{where}: {name}.{fname}: {exc}") from None
        elif f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING:
            raise FileFormatError(f"{where}: {name} is missing {fname!r}")
    return cls(**values)


# ---------------------------------------------------------------------------
# Whole logs
# ---------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class GameLog:
    """A header (game, options, seed), the events, and the result."""

    game: str
    options: Mapping[str, Any]
    seed: int | str
    events: tuple[Event, ...]
    result: Mapping[str, Any]
    players: tuple[str, ...] = ()

    def lines(self) -> Iterator[str]:
        from generator import __version__

        header = {"type": "game", "game": self.game, "tilepress": __version__,
                  "seed": self.seed, "options": dict(self.options)}
        if self.players:
            header["players"] = list(self.players)
        yield json.dumps(header, ensure_ascii=False)
        for ev in self.events:
            yield json.dumps(to_dict(ev), ensure_ascii=False)
        yield json.dumps({"type": "result", **_encode(dict(self.result))}, ensure_ascii=False)

    def to_jsonl(self) -> str:
        return "\n".join(self.lines()) + "\n"


def read_log(text: str, *, source: str = "log") -> GameLog:
    """Parse a JSONL game log (checking its shape, not yet its legality)."""
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
        except json.JSONDecodeError as exc:
            raise FileFormatError(f"{source}: line {number}: not valid JSON ({exc.msg}, "
                                  f"column {exc.colno})") from None
        if not isinstance(data, dict) or "type" not in data:
            raise FileFormatError(f"{source}: line {number}: each line must be a JSON object "
                                  "with a \"type\"")
        records.append((number, data))
    if not records:
        raise FileFormatError(f"{source}: the log is empty")
    number, header = records[0]
    if header.get("type") != "game" or not isinstance(header.get("game"), str):
        raise FileFormatError(f"{source}: line {number}: the first line must be "
                              "{\"type\": \"game\", \"game\": ...}")
    game = header["game"]
    from generator.games import find_game

    find_game(game)  # loads the game's rules, which register its events
    last_number, last = records[-1]
    if last.get("type") != "result" or len(records) < 2:
        raise FileFormatError(f"{source}: line {last_number}: the last line must be the result")
    events = tuple(_located(from_dict(game, data, f"{source}: line {n}"), n)
                   for n, data in records[1:-1])
    result = {k: v for k, v in last.items() if k != "type"}
    return GameLog(game, header.get("options") or {}, header.get("seed", 0), events, result,
                   tuple(header.get("players") or ()))


def _located(ev: Event, line: int) -> Event:
    """Remember the line an event came from, for error messages."""
    object.__setattr__(ev, "_line", line)
    return ev


def line_of(ev: Event) -> int | None:
    return getattr(ev, "_line", None)


def encode(value: Any) -> Any:
    """The JSON form of a value (tiles as MPSZ strings)."""
    return _encode(value)


class Recorder:
    """Plays events on a game state through its rules' ``apply`` and keeps them for the
    log; a game that runs past ``limit`` events (a stuck bot) is stopped."""

    def __init__(self, state: Any, limit: int = 100_000) -> None:
        self.state = state
        self.events: list[Event] = []
        self.limit = limit

    def __call__(self, ev: Event) -> None:
        self.state.apply(ev)
        self.events.append(ev)
        if len(self.events) > self.limit:  # pragma: no cover - a stuck bot
            raise IllegalActionError(f"the game did not finish in {self.limit} events")


def replay_through(state: Any, log: GameLog, *, key: str = "scores",
                   finished: bool = True) -> dict[str, Any]:
    """Apply every event of ``log`` to a game state (its rules' ``apply``), naming the
    line of the first illegal event; then check the log's ``result[key]`` against what
    the rules give, and return the rules' result."""
    for ev in log.events:
        try:
            state.apply(ev)
        except IllegalActionError as exc:
            raise IllegalActionError(f"line {line_of(ev) or '?'}: {ev.TYPE}: {exc}") from None
    if finished and not state.over:
        raise IllegalActionError("the log ends before the game does")
    result = state.result()
    if log.result.get(key) != result[key]:
        raise IllegalActionError(f"the result says {key} {log.result.get(key)}, the rules "
                                 f"give {result[key]}")
    return result
