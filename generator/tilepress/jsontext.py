"""Strict JSON: the one way tilepress reads JSON text (puzzle files, log lines).

No ``NaN`` or ``Infinity``, no key twice in one object, no integer beyond
:data:`MAX_JSON_INTEGER`, no nesting beyond :data:`MAX_JSON_DEPTH`; every fault is a
:class:`~tilepress.errors.FileFormatError` that names the source, never a traceback.
It reads text and does no I/O, so the engines may use it.
"""

from __future__ import annotations

import json
import math
from typing import Any

from tilepress.errors import FileFormatError

MAX_JSON_DEPTH = 32
"""JSON nested deeper than this is refused: no tilepress file nests beyond a few levels."""
MAX_JSON_INTEGER = 2**53
"""Integers in JSON beyond this size are refused (no count or score comes near it)."""


def _no_constant(name: str) -> Any:
    raise FileFormatError(f"{name} is not a JSON number")


def _integer(text: str) -> int:
    if len(text) > 20 or abs(int(text)) > MAX_JSON_INTEGER:
        raise FileFormatError(f"the number {text[:24]}{'...' * (len(text) > 24)} is too large")
    return int(text)


def _float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise FileFormatError(f"the number {text[:24]} is too large")
    return value


def _pairs(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise FileFormatError(f"the key {key!r} appears twice in one object")
        out[key] = value
    return out


def json_depth_ok(data: Any, limit: int = MAX_JSON_DEPTH) -> bool:
    """Whether ``data`` nests no deeper than ``limit`` (checked without recursion)."""
    todo = [(data, 1)]
    while todo:
        value, depth = todo.pop()
        if isinstance(value, dict | list):
            if depth > limit:
                return False
            todo.extend((v, depth + 1) for v in (value.values() if isinstance(value, dict)
                                                 else value))
    return True


def parse_json(text: str, source: str, *, where: str = "") -> Any:
    """Parse JSON strictly: no NaN or Infinity, no repeated keys, no integers beyond
    :data:`MAX_JSON_INTEGER`, no nesting beyond :data:`MAX_JSON_DEPTH`. Errors name the
    ``source`` (and ``where``, such as "line 3", for one line of a file)."""
    at = f"{source}: {where}" if where else source
    try:
        data = json.loads(text, parse_constant=_no_constant, parse_int=_integer,
                          parse_float=_float, object_pairs_hook=_pairs)
    except json.JSONDecodeError as exc:
        if where:
            raise FileFormatError(f"{at}: not valid JSON ({exc.msg}, column {exc.colno})"
                                  ) from None
        raise FileFormatError(f"{at}: not valid JSON (line {exc.lineno}, column {exc.colno}: "
                              f"{exc.msg})") from None
    except FileFormatError as exc:
        raise FileFormatError(f"{at}: {exc}") from None
    except RecursionError:
        raise FileFormatError(f"{at}: nested more than {MAX_JSON_DEPTH} levels deep") from None
    except ValueError as exc:
        raise FileFormatError(f"{at}: not valid JSON ({exc})") from None
    if not json_depth_ok(data):
        raise FileFormatError(f"{at}: nested more than {MAX_JSON_DEPTH} levels deep")
    return data



class _Missing:
    def __repr__(self) -> str:
        return "nothing"


MISSING: Any = _Missing()
"""What :func:`first_difference` reports for a key one side lacks."""


def _path(path: str, key: Any) -> str:
    return f"{path}[{key}]" if isinstance(key, int) else (f"{path}.{key}" if path else key)


def first_difference(have: Any, want: Any, path: str = "") -> tuple[str, Any, Any] | None:
    """The first place where two JSON values differ, as ``(path, have, want)`` (a path
    such as ``round_scores[2][1]``), or None when they are equal. Types count: ``true``
    is not ``1`` and ``1.0`` is not ``1``."""
    if type(have) is not type(want):
        return (path, have, want)
    if isinstance(want, dict):
        for key in want:
            if key not in have:
                return (_path(path, key), MISSING, want[key])
            found = first_difference(have[key], want[key], _path(path, key))
            if found:
                return found
        for key in have:
            if key not in want:
                return (_path(path, key), have[key], MISSING)
        return None
    if isinstance(want, list):
        for i, (a, b) in enumerate(zip(have, want, strict=False)):
            found = first_difference(a, b, _path(path, i))
            if found:
                return found
        if len(have) != len(want):
            return (path, have, want)
        return None
    return None if have == want else (path, have, want)


def shown(value: Any) -> str:
    """A JSON value in a message, cut short if long."""
    if value is MISSING:
        return "nothing"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:57] + "..."


__all__ = ["MAX_JSON_DEPTH", "MAX_JSON_INTEGER", "MISSING", "first_difference", "json_depth_ok",
           "parse_json", "shown"]
