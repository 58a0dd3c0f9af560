"""What every command shares: the options defined once, messages, and the builder that
turns option dataclasses into command-line options.

Options of games, puzzles and printables are dataclass fields made with
:func:`tilepress.params.option` (name, default, allowed values, help); :func:`command`
turns them into Typer options, so the library, the book specs and the CLI share one
definition of each.
"""

from __future__ import annotations

import dataclasses
import inspect
import typing
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Annotated, Any

import typer

from tilepress.batch import MAX_JOBS_PER_CORE
from tilepress.errors import RequestError
from tilepress.wording import plural

MOST_JOBS = 1024
"""The largest ``--jobs`` taken at all; the pool is capped per core below that anyway."""


def pages_beside(files: list) -> str:
    """What a message adds when a document went to a file per page: "(and 2 more pages
    beside it)", or nothing for one file."""
    return f" (and {plural(len(files) - 1, 'more page')} beside it)" if len(files) > 1 else ""


def whole(low: int | None = None, high: int | None = None) -> Callable[[str], int]:
    """A parser for a whole-number option: ASCII digits only (``int`` takes other
    scripts' digits too), within ``low`` and ``high``; one line for anything else."""
    from tilepress.params import read_whole

    def parse(text: Any) -> int:
        try:
            return read_whole(text, low, high)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None

    return parse


def real(low: float | None = None, high: float | None = None) -> Callable[[str], float]:
    """A parser for a number option: ASCII digits only, finite, within the bounds."""
    from tilepress.params import read_real

    def parse(text: Any) -> float:
        try:
            return read_real(text, low, high)
        except ValueError as exc:
            raise typer.BadParameter(str(exc)) from None

    return parse


MAX_SEED = 2**53
"""Seeds run from -2**53 to 2**53: every one is written exactly in JSON (logs, puzzle files)."""
Seed = Annotated[int, typer.Option("--seed", parser=whole(-MAX_SEED, MAX_SEED),
                                   metavar="<int>",
                                   help="Random seed: the same seed gives the same output, "
                                   "byte for byte.")]
Paper = Annotated[str, typer.Option("--paper", help="Paper size: a4 or letter.")]
Jobs = Annotated[int | None, typer.Option(
    "--jobs", "-j", parser=whole(1, MOST_JOBS), metavar="<int>",
    help="Local worker processes (default: one per core; 1: all in this "
    f"process; at most {MAX_JOBS_PER_CORE} per core and never more than there are tasks). "
    "The output is the same for any number.")]
Scheduler = Annotated[str | None, typer.Option(
    "--scheduler", help="Run on a Dask cluster: its scheduler's address, tcp://host:8786 "
    "(needs tilepress[cluster]).")]
Json = Annotated[bool, typer.Option("--json", help="Print machine-readable JSON.")]
Force = Annotated[bool, typer.Option(
    "--force", help="Replace files (or write into folders) that tilepress did not write. "
    "Without it such a file stops the command, naming it, and nothing is written; "
    "tilepress's own earlier outputs are replaced either way.")]


def force_parameter() -> inspect.Parameter:
    """``--force``, for a command built with :func:`command`."""
    return parameter("force", False, Force)


def output_option(kinds: str) -> Any:
    return typer.Option("--output", "-o", help=f"Where to write: {kinds}, chosen by the "
                        "file's suffix.")


def paper(name: str) -> Any:
    """The paper called ``name`` (``--paper``), with the option named in the error."""
    from tilepress.draw.canvas import find_paper
    from tilepress.errors import RequestError

    if name.lower() not in ("a4", "letter"):  # the sheets printers take; A5 is a booklet's
        raise RequestError(f"--paper: unknown paper {name!r}; choose a4 or letter")
    return find_paper(name)


def echo(text: str = "") -> None:
    typer.echo(text)


def fail(message: str, code: int = 2) -> typing.NoReturn:
    typer.echo(f"tilepress: error: {message}", err=True)
    raise typer.Exit(code)


def new_app(help: str) -> typer.Typer:
    return typer.Typer(help=help, no_args_is_help=True, rich_markup_mode=None)


# -- commands from option dataclasses ----------------------------------------------------


def _flags(f: dataclasses.Field, kind: type) -> tuple[str, ...]:
    flags = tuple(f.metadata.get("flags", ()))
    if flags:
        return flags
    name = "--" + f.name.replace("_", "-")
    if kind is bool:
        return (f"{name}/--no-{name[2:]}",)
    return (name,)


def _help(f: dataclasses.Field) -> str:
    text = f.metadata.get("help", "")
    choices = f.metadata.get("choices", ())
    if choices and not any(str(c) in text for c in choices):
        text = f"{text} One of: {', '.join(str(c) for c in choices)}.".strip()
    return text


def dataclass_parameters(params_type: type | None) -> list[inspect.Parameter]:
    """The command-line options of an option dataclass, one per field."""
    if params_type is None:
        return []
    hints = typing.get_type_hints(params_type)
    out = []
    for f in dataclasses.fields(params_type):
        kind = hints[f.name]
        if typing.get_origin(kind) in (typing.Union, type(int | None)):
            kind = next(a for a in typing.get_args(kind) if a is not type(None))
        # a number is read as its text and checked by parse_params (ASCII digits only, its
        # bounds), whatever the version of Typer and click would convert
        metavar = f"<{kind.__name__}>" if kind in (int, float) else None
        cli_kind = str if kind in (int, float) else kind
        if f.metadata.get("argument"):
            annotation = Annotated[cli_kind, typer.Argument(help=_help(f), show_default=False,
                                                            metavar=metavar)]
            out.append(inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY,
                                         annotation=annotation))
            continue
        annotation = Annotated[cli_kind, typer.Option(*_flags(f, kind), help=_help(f),
                                                      metavar=metavar)]
        out.append(inspect.Parameter(f.name, inspect.Parameter.KEYWORD_ONLY, default=f.default,
                                     annotation=annotation))
    return out


def parameter(name: str, default: Any, annotation: Any) -> inspect.Parameter:
    return inspect.Parameter(name, inspect.Parameter.KEYWORD_ONLY, default=default,
                             annotation=annotation)


def command(body: Callable[[dict[str, Any]], None], doc: str,
            parameters: Iterable[inspect.Parameter]) -> Callable[..., None]:
    """A Typer command with these ``parameters`` that calls ``body(values)``."""
    params = sorted(parameters, key=lambda p: p.default is not inspect.Parameter.empty)
    names = [p.name for p in params]
    duplicate = {n for n in names if names.count(n) > 1}
    if duplicate:  # pragma: no cover - a descriptor's mistake, caught by the tests
        raise RuntimeError(f"two options are called {sorted(duplicate)[0]!r}")

    def run(**values: Any) -> None:
        body(values)

    run.__signature__ = inspect.Signature(params)  # type: ignore[attr-defined]
    run.__doc__ = doc
    return run


def given(context: typer.Context, name: str) -> bool:
    """Whether the command's option ``name`` was given (on the command line or in the
    environment), not left at its default; ``context`` is the command's Typer context
    (a parameter ``context: typer.Context`` of the command)."""
    source = context.get_parameter_source(name)
    return source is not None and source.name not in ("DEFAULT", "DEFAULT_MAP")


def take(values: dict[str, Any], params_type: type | None) -> dict[str, Any]:
    """The values that belong to ``params_type``'s fields, removed from ``values``."""
    if params_type is None:
        return {}
    names = {f.name for f in dataclasses.fields(params_type)}
    return {k: values.pop(k) for k in list(values) if k in names}


def request(message: str) -> RequestError:
    return RequestError(message)


__all__ = ["Force", "Jobs", "Json", "Paper", "Path", "Scheduler", "Seed", "command",
           "dataclass_parameters", "echo", "fail", "force_parameter", "given", "new_app",
           "output_option", "paper", "parameter", "plural", "request", "take"]
