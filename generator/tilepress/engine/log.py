"""Game logs: JSON Lines, one event per line, in the spirit of mjai.

The first line names the game, its options and seed, and the log format's version
(``"log": 2``); the last line is the result. Players are seats numbered from 0 in every
field of every line (events, result, dice, payments). Logs of version 1 (written before
the version was recorded) counted some result fields from 1: each game lists them in its
rules module as ``ONE_BASED_IN_V1``, and :func:`read_log` reads such a log as version 2.
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
from collections.abc import Callable, Iterator, Mapping
from typing import Any, ClassVar

from tilepress.errors import FileFormatError, IllegalActionError, RequestError, TilepressError
from tilepress.jsontext import MISSING, first_difference, parse_json, shown
from tilepress.params import parse_params
from tilepress.tiles import Tile, format_tiles, parse_tiles

Tiles = tuple[Tile, ...]

LOG_VERSION = 2
"""The log format written now: seats from 0 everywhere."""


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


@dataclasses.dataclass(frozen=True)
class Notation:
    """How a game's value type (a tile, a card) is written in logs: one value as its
    ``str``, a tuple of them as ``join`` writes it and ``parse`` reads it back."""

    parse: Callable[[str], tuple[Any, ...]]
    join: Callable[[tuple[Any, ...]], str]
    one: str
    """What one value is called in error messages: "a tile"."""
    many: str


_NOTATIONS: dict[type, Notation] = {
    Tile: Notation(parse_tiles, format_tiles, "a tile", "a tile string"),
}


def notation(kind: type, note: Notation) -> None:
    """Let logs hold values of ``kind`` (a game registers its own value types)."""
    _NOTATIONS[kind] = note


def _encode(value: Any) -> Any:
    if type(value) in _NOTATIONS:
        return str(value)
    if isinstance(value, tuple) and value and type(value[0]) in _NOTATIONS \
            and all(type(v) is type(value[0]) for v in value):
        return _NOTATIONS[type(value[0])].join(value)
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
    if hint in _NOTATIONS:
        note = _NOTATIONS[hint]
        if not isinstance(value, str):
            raise FileFormatError(f"{where}: expected {note.one}, got {value!r}")
        values = note.parse(value)
        if len(values) != 1:
            raise FileFormatError(f"{where}: expected {note.one}, got {value!r}")
        return values[0]
    args = typing.get_args(hint)
    if origin is tuple and len(args) == 2 and args[1] is Ellipsis and args[0] in _NOTATIONS:
        note = _NOTATIONS[args[0]]
        if value in ("", None, []):
            return ()
        if not isinstance(value, str):
            raise FileFormatError(f"{where}: expected {note.many}, got {value!r}")
        return note.parse(value)
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
    source: str = dataclasses.field(default="log", compare=False)
    """Where the log was read from, for error messages."""
    result_line: int = dataclasses.field(default=0, compare=False)
    """The line of the result in the file read (0 for a log made in memory)."""

    def lines(self) -> Iterator[str]:
        from tilepress.version import __version__

        header = {"type": "game", "log": LOG_VERSION, "game": self.game, "tilepress": __version__,
                  "seed": self.seed, "options": dict(self.options)}
        if self.players:
            header["players"] = list(self.players)
        yield json.dumps(header, ensure_ascii=False)
        for ev in self.events:
            yield json.dumps(to_dict(ev), ensure_ascii=False)
        yield json.dumps({"type": "result", **_encode(dict(self.result))}, ensure_ascii=False)

    def to_jsonl(self) -> str:
        return "\n".join(self.lines()) + "\n"

    def options_as(self, params_type: type) -> Any:
        """The header's options as the game's option dataclass (each value in its own
        type, only options the game knows)."""
        where = f"{self.source}: line 1: options" if self.result_line else "the log's options"
        try:
            return parse_params(params_type, self.options, where=where, strict=True)
        except RequestError as exc:
            raise FileFormatError(str(exc)) from None


HEADER_KEYS = {"type": str, "log": int, "game": str, "tilepress": str, "seed": (int, str),
               "options": dict, "players": list}
"""The keys of a log's first line and their JSON types; any other key is refused."""


def _check_header(header: Mapping[str, Any], where: str) -> None:
    for key, value in header.items():
        if key not in HEADER_KEYS:
            raise FileFormatError(f"{where}: the header has no field {key!r} (its fields: "
                                  f"{', '.join(HEADER_KEYS)})")
        kind = HEADER_KEYS[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            words = {str: "text", dict: "an object of option values", list: "a list",
                     (int, str): "a whole number or text", int: "a whole number"}
            raise FileFormatError(f"{where}: {key} must be {words[kind]}, not "
                                  f"{json.dumps(value)[:40]}")
    players = header.get("players", [])
    if not all(isinstance(p, str) and p.strip() and len(p) <= 200 for p in players):
        raise FileFormatError(f"{where}: players must be a list of names (text)")


def read_log(text: str, *, source: str = "log",
             load_game: Callable[[str], object] | None = None) -> GameLog:
    """Parse a JSONL game log (checking its shape, not yet its legality). ``load_game``
    is called with the game's name first, to load the rules that register its events."""
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        data = parse_json(line, source, where=f"line {number}")
        if not isinstance(data, dict) or not isinstance(data.get("type"), str):
            raise FileFormatError(f"{source}: line {number}: each line must be a JSON object "
                                  "with a \"type\"")
        records.append((number, data))
    if not records:
        raise FileFormatError(f"{source}: the log is empty")
    number, header = records[0]
    if header.get("type") != "game" or not isinstance(header.get("game"), str):
        raise FileFormatError(f"{source}: line {number}: the first line must be "
                              "{\"type\": \"game\", \"game\": ...}")
    _check_header(header, f"{source}: line {number}")
    version = header.get("log", 1)
    if not 1 <= version <= LOG_VERSION:
        raise FileFormatError(f"{source}: line {number}: log format {version} is not one this "
                              f"tilepress reads (1 to {LOG_VERSION}); a newer tilepress wrote it")
    game = header["game"]
    rules = None
    if load_game is not None:
        try:
            rules = load_game(game)
        except RequestError as exc:
            raise FileFormatError(f"{source}: line {number}: {exc}") from None
    if game not in _REGISTRY:
        raise FileFormatError(f"{source}: line {number}: unknown game {game!r}")
    last_number, last = records[-1]
    if last.get("type") != "result" or len(records) < 2:
        raise FileFormatError(f"{source}: line {last_number}: the last line must be the result")
    events = tuple(_located(from_dict(game, data, f"{source}: line {n}"), n)
                   for n, data in records[1:-1])
    result = {k: v for k, v in last.items() if k != "type"}
    if version == 1:
        result = _from_one(result, getattr(rules, "ONE_BASED_IN_V1", ()))
    return GameLog(game, header.get("options", {}), header.get("seed", 0), events, result,
                   tuple(header.get("players", ())), source=source, result_line=last_number)


def _from_one(result: dict[str, Any], fields: tuple[str, ...]) -> dict[str, Any]:
    """A version-1 result with its seats counted from 0: each whole number in ``fields``
    (alone or in a list) less one."""

    def down(value: Any) -> Any:
        if isinstance(value, list):
            return [down(v) for v in value]
        return value - 1 if isinstance(value, int) and not isinstance(value, bool) else value

    return {k: down(v) if k in fields else v for k, v in result.items()}


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

    def __call__(self, ev: Event, *, forced: bool = False) -> None:
        """Play ``ev`` (checked by the rules, unless ``forced``: the rules' own event)."""
        if forced:
            self.state.play_forced(ev)
        else:
            self.state.apply(ev)
        self.events.append(ev)
        if len(self.events) > self.limit:  # pragma: no cover - a stuck bot
            raise IllegalActionError(f"the game did not finish in {self.limit} events")


def normalise(value: Any) -> Any:
    """A value as a log holds it: its JSON form read back (tiles as MPSZ strings, tuples as
    lists, keys as text)."""
    return json.loads(json.dumps(_encode(value), ensure_ascii=False))


def check_result(log: GameLog, result: Mapping[str, Any]) -> None:
    """Raise :class:`IllegalActionError` unless the log's result line is exactly the
    result the rules give, every field of it; the error names the first field that
    differs."""
    want = normalise(dict(result))
    found = first_difference(dict(log.result), want)
    if found is None:
        return
    path, have, should = found
    where = f"line {log.result_line}: " if log.result_line else ""
    if should is MISSING:
        raise IllegalActionError(f"{where}the result has a field {path!r} that the rules do "
                                 "not give")
    if have is MISSING:
        raise IllegalActionError(f"{where}the result lacks {path!r} (the rules give "
                                 f"{shown(should)})")
    raise IllegalActionError(f"{where}the result says {path} {shown(have)}, the rules give "
                             f"{shown(should)}")


def replay_through(state: Any, log: GameLog, *, key: str | None = None,
                   finished: bool = True) -> dict[str, Any]:
    """Apply every event of ``log`` to a game state (its rules' ``apply``), naming the
    line of the first illegal event; then check that the log's result line is the whole
    result the rules give (:func:`check_result`), and return the rules' result. ``key``
    is kept for callers that named the one field once checked; every field is checked."""
    del key
    for ev in log.events:
        try:
            state.apply(ev)
        except IllegalActionError as exc:
            raise IllegalActionError(f"line {line_of(ev) or '?'}: {ev.TYPE}: {exc}") from None
    if finished and not state.over:
        raise IllegalActionError("the log ends before the game does")
    result = state.result()
    check_result(log, result)
    return result
