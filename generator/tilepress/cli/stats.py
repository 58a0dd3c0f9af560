"""``tilepress stats GAME``: a balance report from many simulated games (one command per
game and variant, from the game descriptors), with its figures as JSON beside it, and
optionally a row per game for analysts."""

from __future__ import annotations

import dataclasses
import os
import shlex
import typing
from pathlib import Path
from typing import Annotated, Any

import typer

from tilepress.cli.common import (
    Jobs,
    Paper,
    Scheduler,
    Seed,
    command,
    dataclass_parameters,
    force_parameter,
    new_app,
    output_option,
    parameter,
    plural,
    take,
    whole,
)
from tilepress.engine.game import Game
from tilepress.errors import RequestError

app = new_app("A balance report from many simulated games: who wins from which seat, how "
              "games end, how long they last, which hands win (PDF or SVG, and JSON).")

Games = Annotated[int, typer.Option("--games", "-n", parser=whole(), metavar="<int>",
                                    help="How many games to play.")]
Rows = Annotated[Path | None, typer.Option(
    "--rows", help="Also write one row per game: FILE.parquet (needs pyarrow) or FILE.csv.")]
Against = Annotated[str | None, typer.Option(
    "--against", help="A second rule set played on the same seeds and compared: options "
    "as on this command line (\"--jokers none\"), or a .toml or .json file of options.")]
JsonFile = Annotated[Path | None, typer.Option(
    "--json", help="Where the figures go as JSON (default: beside the report, .json).")]


# -- the options of run B -------------------------------------------------------------------


def _flag_table(types: tuple[type | None, ...], skip: set[str]) -> dict[str, tuple[str, Any]]:
    """Every command-line flag of the option dataclasses: flag -> (field, value), the
    value None for a flag that takes one."""
    table: dict[str, tuple[str, Any]] = {}
    for params_type in types:
        if params_type is None:
            continue
        hints = typing.get_type_hints(params_type)
        for f in dataclasses.fields(params_type):
            if f.name in skip or f.metadata.get("argument"):
                continue
            custom = tuple(f.metadata.get("flags", ()))
            name = "--" + f.name.replace("_", "-")
            if hints[f.name] is bool:
                spelled = custom[0] if custom else f"{name}/--no-{name[2:]}"
                yes, _, no = spelled.partition("/")
                table[yes] = (f.name, True)
                if no:
                    table[no] = (f.name, False)
            else:
                for flag in custom or (name,):
                    table[flag] = (f.name, None)
    return table


def against_options(text: str, game: Game, skip: set[str]) -> dict[str, Any]:
    """Run B's options, changed from run A's: flags as on the command line, or a .toml or
    .json file mapping option names to values."""
    text = text.strip()
    if text and not text.startswith("-"):
        return _options_file(Path(text))
    table = _flag_table((game.options, game.play_options), skip)
    try:
        words = shlex.split(text)
    except ValueError as exc:
        raise RequestError(f"--against: cannot read {text!r}: {exc}") from None
    values: dict[str, Any] = {}
    k = 0
    while k < len(words):
        word, _, inline = words[k].partition("=")
        if word not in table:
            known = ", ".join(sorted(f for f in table if f.startswith("--")))
            raise RequestError(f"--against: unknown option {word!r} for {game.name} "
                               f"(known: {known})")
        name, fixed = table[word]
        if fixed is not None:
            values[name] = fixed
        elif inline:
            values[name] = inline
        elif k + 1 < len(words):
            k += 1
            values[name] = words[k]
        else:
            raise RequestError(f"--against: {word} needs a value")
        k += 1
    if not values:
        raise RequestError("--against needs at least one option, such as \"--jokers none\"")
    return values


def _options_file(path: Path) -> dict[str, Any]:
    import json
    import tomllib

    from tilepress.files import read_text

    text = read_text(path, "options file")
    try:
        if path.suffix.lower() == ".toml":
            data = tomllib.loads(text)
        elif path.suffix.lower() == ".json":
            data = json.loads(text)
        else:
            raise RequestError(f"--against: {str(path)!r} is neither options (starting with "
                               "--) nor a .toml or .json file")
    except (tomllib.TOMLDecodeError, json.JSONDecodeError) as exc:
        raise RequestError(f"--against: {path}: not valid {path.suffix[1:].upper()} "
                           f"({exc})") from None
    if not isinstance(data, dict) or not data:
        raise RequestError(f"--against: {path} must hold a table of options")
    return {str(k).replace("-", "_"): v for k, v in data.items()}


# -- the command ----------------------------------------------------------------------------


def stats_game(game: Game, name: str, values: dict[str, Any]) -> None:
    from tilepress.batch import BatchOptions
    from tilepress.cli.common import paper as find_paper
    from tilepress.cli.progress import progress
    from tilepress.files import check_output
    from tilepress.output import output_format
    from tilepress.publish.stats import StatsRun, check_games, run_stats
    from tilepress.publish.stats.rows import RowWriter, rows_format

    output, json_path = values.pop("output"), values.pop("json")
    paper, force = find_paper(values.pop("paper")), values.pop("force")
    fmt = output_format(output, (".pdf", ".svg"), force=force)
    json_path = json_path or output.with_suffix(".json")
    if json_path.suffix.lower() != ".json":
        raise RequestError(f"--json: {os.fspath(json_path)!r} must end in .json")
    check_output(json_path, force=force)
    rows_path, against = values.pop("rows"), values.pop("against")
    if rows_path is not None:
        rows_format(rows_path)
    games, seed = values.pop("games"), values.pop("seed")
    check_games(games)
    batch = BatchOptions(jobs=values.pop("jobs"), scheduler=values.pop("scheduler"),
                         label=f"stats-{name}-games")  # on a Dask dashboard
    skip = set(game.variants.get(name, {}))
    options, play = take(values, game.options), take(values, game.play_options)
    run = StatsRun(name, options, play, games, seed,
                   against_options(against, game, skip) if against is not None else None,
                   batch)
    writer = RowWriter(rows_path, force=force) if rows_path is not None else None
    try:
        with progress("games", games * (2 if against else 1)) as bar:
            data = run_stats(run, rows=writer, progress=bar.update)
        written = _write_report(data, fmt, output, json_path, paper, writer, force)
    except BaseException:
        if writer is not None:
            writer.discard()
        raise
    bar.summary(f"wrote the report of {plural(games, 'game')} of {name}"
                f"{' by each rule set' if against else ''} to {written}")


def _write_report(data: dict[str, Any], fmt: str, output: Path, json_path: Path,
                  paper: Any, writer: Any, force: bool) -> str:
    """Render everything in memory, check every target, then write: rows (and a CSV's
    metadata), JSON, report (each whole)."""
    import json

    from tilepress.files import check_replace, write_all
    from tilepress.output import page_paths, render_bytes, render_pages
    from tilepress.publish.stats.report import report_document

    document = report_document(data, paper)
    pages = [render_bytes(document, "pdf")] if fmt == "pdf" else render_pages(document)
    text = json.dumps(data, indent=1, ensure_ascii=False, allow_nan=False) + "\n"
    targets = [output] if fmt == "pdf" else page_paths(output, len(pages))
    files = [(json_path, text), *zip(targets, pages, strict=True)]
    check_replace([path for path, _ in files], force=force)  # before the rows are in place
    names = []
    if writer is not None:
        names.append(str(writer.commit()))
        if writer.sidecar is not None:  # a CSV file's metadata
            names.append(str(writer.sidecar))
    write_all(files, force=force)
    return ", ".join([str(output) + (f" ({len(pages)} pages)" if fmt == "svg" else ""),
                      str(json_path), *names])


def _stats_command(game: Game, name: str) -> Any:
    fixed = set(game.variants.get(name, {}))
    params = [
        *dataclass_parameters(game.options),
        *(p for p in dataclass_parameters(game.play_options) if p.name not in fixed),
        parameter("games", 1000, Games),
        parameter("seed", 1, Seed),
        parameter("jobs", None, Jobs),
        parameter("scheduler", None, Scheduler),
        parameter("rows", None, Rows),
        parameter("against", None, Against),
        parameter("output", Path(f"out/{name}-stats.pdf"),
                  Annotated[Path, output_option(".pdf .svg")]),
        parameter("json", None, JsonFile),
        parameter("paper", "a4", Paper),
        force_parameter(),
    ]
    doc = (f"A balance report of {game.title}{' (solo)' if fixed else ''}: many games "
           "between bots, added up.\n\nExample: tilepress stats "
           f"{name} --games 10000 --rows out/{name}.parquet")
    return command(lambda values: stats_game(game, name, values), doc, params)


def register(games: tuple[Game, ...]) -> None:
    for game in games:
        if game.playable:
            for name in game.names:
                app.command(name)(_stats_command(game, name))


def _register_all() -> None:
    from tilepress.games import GAMES

    register(GAMES)


_register_all()

__all__ = ["against_options", "app", "register", "stats_game"]
