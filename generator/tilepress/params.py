"""Parameters of puzzle kinds and games: dataclasses whose fields carry their allowed
values, filled from CLI options, book sections or log headers with one clear error.

Every number has bounds (:func:`option`'s ``low`` and ``high``): what the game allows,
checked by :func:`parse_params` before anything is built, so no number can ask for more
work than the game has (a pool of 10^20 shrines, 10^23 discarded jokers).
"""

from __future__ import annotations

import dataclasses
import math
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from tilepress.errors import RequestError

_WHOLE = re.compile(r"[+-]?[0-9]{1,18}")
_NUMBER = re.compile(r"[+-]?(?:[0-9]{1,18}(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]{1,4})?|"
                     r"[+-]?(?:inf|infinity|nan)", re.I)
"""A number as text: ASCII digits only (``float`` takes other scripts' digits too)."""
"""A whole number as text: ASCII digits only (``'²'.isdigit()`` is true, but it is no
number a user meant), and no longer than any bound."""
MAX_TEXT = 4096
"""The longest text option (a file name, a tile string)."""


def option(default: Any, *, choices: tuple = (), help: str = "", flags: tuple[str, ...] = (),
           argument: bool = False, low: float | None = None, high: float | None = None,
           rule: str = "") -> Any:
    """A parameter field: its default, allowed values and help text, defined once for the
    library, book specs, log headers and the CLI. ``flags`` overrides the CLI spelling
    (``("--pass",)``, ``("--symmetric/--any-shape",)``); by default a field ``dead_hand``
    is ``--dead-hand``, and a true/false field also has ``--no-dead-hand``. An
    ``argument`` is given on the command line without a flag, and must be given. ``low``
    and ``high`` bound a number (both ends included): what the game allows. ``rule`` says
    the option in a player's words for a printed rulebook's House rules, where the help's
    option values, file names and limits mean nothing: the rule's plain name, what a
    table may choose and what the standard game plays. Every option of a game's rules
    needs one."""
    return field(default=default, metadata={"choices": choices, "help": help, "flags": flags,
                                            "argument": argument, "low": low, "high": high,
                                            "rule": rule})


def bounds(f: dataclasses.Field) -> tuple[float | None, float | None]:
    """The ``(low, high)`` of a field (None where it has none)."""
    return f.metadata.get("low"), f.metadata.get("high")


def _number_text(value: float) -> str:
    """A bound as a person reads it: whole numbers in full (2,147,483,648), others short."""
    return f"{int(value):,}" if float(value).is_integer() else f"{value:g}"


def _range_text(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f"from {_number_text(low)} to {_number_text(high)}"
    if low is not None:
        return f"{_number_text(low)} or more"
    return f"{_number_text(high)} or less"


def check_number(name: str, value: float, low: float | None, high: float | None,
                 where: str) -> None:
    """Raise unless ``low <= value <= high``."""
    if isinstance(value, float) and not math.isfinite(value):
        raise RequestError(f"{where}: {name} must be a finite number, not {value!r}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise RequestError(f"{where}: {name} must be {_range_text(low, high)}, not "
                           f"{_shown(value)}")


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def read_whole(text: Any, low: int | None = None, high: int | None = None) -> int:
    """A whole number from a command line's text (ASCII digits only), within the bounds;
    a ``ValueError`` in a sentence otherwise."""
    if isinstance(text, int) and not isinstance(text, bool):
        value = text
    elif isinstance(text, str) and re.fullmatch(r"[+-]?[0-9]{1,40}", text.strip()):
        value = int(text.strip())
    else:
        raise ValueError(f"{_shown(text)} is not a whole number")
    if (low is not None and value < low) or (high is not None and value > high):
        if low is not None and high is not None:
            raise ValueError(f"{value:,} is not from {low:,} to {high:,}")
        raise ValueError(f"{value:,} is below {low:,}" if low is not None and value < low
                         else f"{value:,} is above {high:,}")
    return value


def read_real(text: Any, low: float | None = None, high: float | None = None) -> float:
    """A number from a command line's text (ASCII digits only), finite, within the
    bounds; a ``ValueError`` in a sentence otherwise."""
    if isinstance(text, int | float) and not isinstance(text, bool):
        value = float(text)
    elif isinstance(text, str) and _NUMBER.fullmatch(text.strip()):
        value = float(text.strip())
    else:
        raise ValueError(f"{_shown(text)} is not a number")
    if not math.isfinite(value):
        raise ValueError(f"{_shown(text)} is not a finite number")
    if low is not None and value < low:
        raise ValueError(f"{value:g} is below {low:g}")
    if high is not None and value > high:
        raise ValueError(f"{value:g} is above {high:g}")
    return value


def parse_params(params_type: type, options: Mapping[str, Any], *, where: str,
                 strict: bool = False) -> Any:
    """Build a kind's parameter dataclass from a mapping (CLI options or a book section),
    with one clear error for an unknown name, a wrong type or a value not allowed.
    ``strict`` (for files tilepress wrote, such as a log header) takes every value only in
    its own JSON type: no ``"3"`` for 3, no ``"yes"`` for true."""
    if not isinstance(options, Mapping):
        raise RequestError(f"{where}: the options must be a table of names and values, not "
                           f"{_shown(options)}")
    fields = {f.name: f for f in dataclasses.fields(params_type)}
    values: dict[str, Any] = {}
    for name, value in options.items():
        key = str(name).replace("-", "_")
        if key not in fields:
            known = ", ".join(sorted(n.replace("_", "-") for n in fields))
            raise RequestError(f"{where}: unknown option {_shown(name)} (known: {known})")
        f = fields[key]
        name = key.replace("_", "-")
        expected = type(f.default) if f.default is not None else int
        if value is None:
            continue
        if strict:
            _check_type(name, value, expected, where)
        if expected is bool:
            if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no"):
                value = value.lower() in ("true", "yes")
            if not isinstance(value, bool):
                raise RequestError(f"{where}: {name} must be true or false, not {_shown(value)}")
        elif expected is float:
            if isinstance(value, bool) or not isinstance(value, int | float | str) or \
                    (isinstance(value, str) and not _NUMBER.fullmatch(value.strip())):
                raise RequestError(f"{where}: {name} must be a number, not {_shown(value)}")
            try:
                value = float(value)
            except (TypeError, ValueError, OverflowError):
                raise RequestError(f"{where}: {name} must be a number, not "
                                   f"{_shown(value)}") from None
            if not math.isfinite(value):
                raise RequestError(f"{where}: {name} must be a finite number, not "
                                   f"{_shown(value)}")
        elif expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            if isinstance(value, str) and _WHOLE.fullmatch(value.strip()):
                value = int(value.strip())
            else:
                raise RequestError(f"{where}: {name} must be a whole number, not "
                                   f"{_shown(value)}")
        if expected is str:
            if not isinstance(value, str | int | float) or isinstance(value, bool):
                raise RequestError(f"{where}: {name} must be text, not {_shown(value)}")
            value = str(value)
            if len(value) > MAX_TEXT:
                raise RequestError(f"{where}: {name} is {len(value):,} characters long; at "
                                   f"most {MAX_TEXT:,}")
        choices = f.metadata.get("choices", ())
        if choices and value not in choices:
            allowed = ", ".join(str(c) for c in choices)
            raise RequestError(f"{where}: {name} must be one of {allowed}, not {_shown(value)}")
        if expected in (int, float):
            low, high = bounds(f)
            check_number(name, value, low, high, where)
        values[key] = value
    try:
        return params_type(**values)
    except RequestError as exc:
        message = str(exc)
        raise RequestError(message if message.startswith(where) else f"{where}: {message}"
                           ) from None


def _check_type(name: str, value: Any, expected: type, where: str) -> None:
    if expected is float:
        ok = isinstance(value, int | float) and not isinstance(value, bool)
    elif expected is int:
        ok = isinstance(value, int) and not isinstance(value, bool)
    else:
        ok = isinstance(value, expected)
    if not ok:
        words = {bool: "true or false", int: "a whole number", float: "a number", str: "text"}
        raise RequestError(f"{where}: {name} must be {words.get(expected, expected.__name__)}, "
                           f"not {_shown(value)}")


def params_dict(params: Any) -> dict[str, Any]:
    return {f.name.replace("_", "-"): getattr(params, f.name) for f in dataclasses.fields(params)}


def large_print_option() -> Any:
    """The ``--large-print`` option of a printable's options (their last field)."""
    return option(False, flags=("--large-print",),
                  help="Large print: type of 14 pt and more and tiles half as large again, "
                  "laid out again for it.")


@dataclass(frozen=True)
class PrintOptions:
    """The options of a printable that takes no others: large print (type of 14 pt and
    more, tiles half as large again, laid out again)."""

    large_print: bool = large_print_option()


__all__ = ["PrintOptions", "bounds", "check_number", "large_print_option", "option",
           "params_dict", "parse_params"]
