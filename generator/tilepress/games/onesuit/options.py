"""The options of One suit mahjong: the rules, and how the bots play."""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.errors import RequestError
from tilepress.params import option

SIZES = (4, 7, 10, 13)


@dataclass(frozen=True)
class OneSuitOptions:
    tiles: int = option(7, choices=SIZES, help="Tiles in a hand: 4, 7, 10 or 13.",
                      rule="tiles in a hand: 4, 7, 10 or 13 (see Setting up); the "
                      "standard game holds 7.")
    suit: str = option("m", choices=("m", "p", "s"), help="The suit played: m, p or s.",
                      rule="the suit: characters, dots or bamboo; the standard game plays "
                      "characters.")
    scoring: str = option("naming", choices=("simple", "naming"),
                          help="simple (a point a win) or naming (points for naming waits).",
                          rule="scoring: the standard game scores by naming waits; a "
                          "table may play the simple scoring, a point for each win (see "
                          "Scoring).")
    hands: int = option(4, low=1, high=100, help="Hands in the game (1 to 100).",
                        rule="the length of a game: the standard game is four hands; a "
                        "table may agree on any number.")
    draw_naming: bool = option(True, help="In the naming scoring, also score the waits both "
                               "players name at a draw.",
                               rule="naming at a draw: in the standard game the waits both "
                               "players name at a draw score too (naming scoring); a table "
                               "may agree that a draw scores nothing.")

    def __post_init__(self) -> None:
        if self.tiles not in SIZES:
            raise RequestError(f"hands hold 4, 7, 10 or 13 tiles, not {self.tiles}")
        if self.suit not in ("m", "p", "s"):
            raise RequestError(f"the suit must be m, p or s, not {self.suit!r}")
        if self.scoring not in ("simple", "naming"):
            raise RequestError(f"scoring must be simple or naming, not {self.scoring!r}")
        if not 1 <= self.hands <= 100:
            raise RequestError(f"a game has 1 to 100 hands, not {self.hands}")


@dataclass(frozen=True)
class OneSuitPlay:
    bots: str = option("efficiency,efficiency", help="The two players: efficiency or random, "
                       "one for both or two, comma-separated.")
    slip: float = option(0.0, low=0.0, high=1.0,
                         help="Chance (0-1) that a bot names its waits wrong, to show "
                         "the penalty.")

    def __post_init__(self) -> None:
        if not 0.0 <= self.slip <= 1.0:
            raise RequestError(f"slip must be between 0 and 1, not {self.slip}")
