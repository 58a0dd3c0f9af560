"""Parameters of puzzle kinds and games: dataclasses whose fields carry their allowed
values, filled from CLI options, book sections or log headers with one clear error."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import field
from typing import Any

from generator.errors import RequestError


def option(default: Any, *, choices: tuple = (), help: str = "", flags: tuple[str, ...] = (),
           argument: bool = False) -> Any:
    """A parameter field: its default, allowed values and help text, defined once for the
    library, book specs, log headers and the CLI. ``flags`` overrides the CLI spelling
    (``("--pass",)``, ``("--symmetric/--any-shape",)``); by default a field ``dead_hand``
    is ``--dead-hand``, and a true/false field also has ``--no-dead-hand``. An
    ``argument`` is given on the command line without a flag, and must be given."""
    return field(default=default, metadata={"choices": choices, "help": help, "flags": flags,
                                            "argument": argument})


def parse_params(params_type: type, options: Mapping[str, Any], *, where: str) -> Any:
    """Build a kind's parameter dataclass from a mapping (CLI options or a book section),
    with one clear error for an unknown name, a wrong type or a value not allowed."""
    fields = {f.name: f for f in dataclasses.fields(params_type)}
    values: dict[str, Any] = {}
    for name, value in options.items():
        key = name.replace("-", "_")
        if key not in fields:
            known = ", ".join(sorted(n.replace("_", "-") for n in fields))
            raise RequestError(f"{where}: unknown option {name!r} (known: {known})")
        f = fields[key]
        name = key.replace("_", "-")
        expected = type(f.default) if f.default is not None else int
        if value is None:
            continue
        if expected is bool:
            if isinstance(value, str) and value.lower() in ("true", "false", "yes", "no"):
                value = value.lower() in ("true", "yes")
            if not isinstance(value, bool):
                raise RequestError(f"{where}: {name} must be true or false, not {value!r}")
        elif expected is float:
            try:
                value = float(value)
            except (TypeError, ValueError):
                raise RequestError(f"{where}: {name} must be a number, not {value!r}") from None
        elif expected is int and (isinstance(value, bool) or not isinstance(value, int)):
            if isinstance(value, str) and value.lstrip("-").isdigit():
                value = int(value)
            else:
                raise RequestError(f"{where}: {name} must be a whole number, not {value!r}")
        if expected is str and not isinstance(value, str):
            value = str(value)
        choices = f.metadata.get("choices", ())
        if choices and value not in choices:
            allowed = ", ".join(str(c) for c in choices)
            raise RequestError(f"{where}: {name} must be one of {allowed}, not {value!r}")
        values[key] = value
    try:
        return params_type(**values)
    except RequestError as exc:
        raise RequestError(f"{where}: {exc}") from None


def params_dict(params: Any) -> dict[str, Any]:
    return {f.name.replace("_", "-"): getattr(params, f.name) for f in dataclasses.fields(params)}
