"""``tilepress play GAME`` (one command per game, from the game descriptors) and
``tilepress replay``."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from tilepress.cli.common import (
    Paper,
    Seed,
    command,
    dataclass_parameters,
    echo,
    fail,
    force_parameter,
    new_app,
    output_option,
    paper,
    parameter,
    take,
)
from tilepress.engine.game import Game

app = new_app("Play a whole game with bots: the event log (.jsonl) or a worked example "
              "(.pdf, .svg).")


def write_game(game: Game, log: Any, output: Path, page: Any, full: bool = False, *,
               force: bool = False) -> None:
    from tilepress.files import write_atomic
    from tilepress.output import output_format, write_document

    fmt = output_format(output, (".jsonl", ".pdf", ".svg"), force=force)
    if fmt == "jsonl":
        write_atomic(output, log.to_jsonl(), force=force)
    else:
        write_document(game.worked_example(log, page, full=full), output, force=force)
    echo(f"wrote {log.game} (seed {log.seed}: {game.summary(log, log.result)}) to {output}")


def play_game(game: Game, values: dict[str, Any]) -> None:
    from tilepress.output import output_format

    output, page, seed = values.pop("output"), paper(values.pop("paper")), values.pop("seed")
    full, force = values.pop("full"), values.pop("force")
    output_format(output, (".jsonl", ".pdf", ".svg"), force=force)  # before playing
    where = f"play {game.name}"
    options = game.options_from(take(values, game.options), where)
    play = game.play_options_from(take(values, game.play_options), where)
    write_game(game, game.play(options, play, seed), output, page, full, force=force)


def _play_command(game: Game) -> Any:
    params = [
        *dataclass_parameters(game.options),
        *dataclass_parameters(game.play_options),
        parameter("seed", 1, Seed),
        parameter("output", Path(f"out/{game.name}-game.pdf"),
                  Annotated[Path, output_option(".jsonl .pdf .svg")]),
        parameter("paper", "a4", Paper),
        parameter("full", False, Annotated[bool, typer.Option(
            "--full", help="In the worked example, draw every turn in full (by default "
            "diagrams come only at the moments that matter).")]),
        force_parameter(),
    ]
    players = "1 player" if game.players == "1" else f"{game.players} players"
    doc = f"A game of {game.title} between bots ({players})."
    if game.play_example:
        doc += f"\n\nExample: {game.play_example}"
    return command(lambda values: play_game(game, values), doc, params)


def register(games: tuple[Game, ...]) -> None:
    for game in games:
        if game.playable:
            app.command(game.name)(_play_command(game))


def replay(
    log: Annotated[str, typer.Argument(help="A game log (.jsonl) written by tilepress play.")],
) -> None:
    """Re-apply every event of a game log through the rules; exit 1 at the first illegal
    event, naming its line.

    Example: tilepress replay out/game.jsonl
    """
    from tilepress.errors import IllegalActionError
    from tilepress.files import read_text
    from tilepress.games import find_game, read_log

    game_log = read_log(read_text(log, "game log"), source=str(log) or "game log")
    game = find_game(game_log.game)
    try:
        result = game.replay(game_log)
    except IllegalActionError as exc:
        fail(f"{log}: {exc}", code=1)
    echo(f"{log}: every event is legal ({game.summary(game_log, result)})")


def _register_all() -> None:
    from tilepress.games import GAMES

    register(GAMES)


_register_all()
