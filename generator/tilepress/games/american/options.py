"""The options of American Mah Jongg: the rules, the bots, and the quizzes."""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.params import option
from tilepress.puzzles.base import DIFFICULTIES


@dataclass(frozen=True)
class AmericanOptions:
    card: str = option("practice", help="The card of hands: practice, or a card file.",
                     rule="the card of hands: the standard game plays the practice card "
                     "printed with these rules; a table may play any card of hands it "
                     "agrees on.")
    second_charleston: str = option("vote", choices=("vote", "never"),
                                    help="vote (any player may stop it) or never.",
                                    rule="the second Charleston: in the standard game any "
                                    "player may stop it; a table may agree to skip it "
                                    "always.")
    jokerless: str = option("text", choices=("text", "double"),
                            help="text (a jokerless discard win: the discarder pays 3x) or "
                            "double (every payment doubles).",
                            rule="a jokerless win: in the standard game, on a discard the "
                            "discarder pays three times the hand's value and the others "
                            "once; a table may instead double every payment for a hand "
                            "without jokers.")
    mahjong_call: str = option("text", choices=("text", "any"),
                               help="text (a discard is called for Mah Jongg only to "
                               "complete a pung, kong or quint) or any (a house rule: also "
                               "a single, a pair or a year tile).",
                               rule="calling a discard for Mah Jongg: in the standard "
                               "game a discard is called only to complete a pung, kong or "
                               "quint, even for Mah Jongg; many tables also let a player "
                               "call the discard that completes a single, a pair or a "
                               "year tile for Mah Jongg.")


@dataclass(frozen=True)
class AmericanPlay:
    bots: str = option("planner", help="planner or random, one for all or four, "
                       "comma-separated.")


@dataclass(frozen=True)
class AmericanParams:
    difficulty: str = option("medium", choices=(*DIFFICULTIES, "any"),
                             flags=("--difficulty", "-d"),
                             help="easy, medium, hard, expert or any.")
    card: str = option("practice", help="practice, or a card file.")


@dataclass(frozen=True)
class CardHandFigure:
    hand: str = option("", argument=True, help="The hand on the card, as the card numbers "
                       "it: FAMILY #N, for example '2468 #1'.")
    card: str = option("practice", help="The card of hands: practice, or a card file.")
    tiles: str = option("", help="A player's 14 tiles that make the hand, in MPSZ (1f-8f "
                        "flowers, 1j jokers; an exposure in brackets: [555p]).")
    tile_width: float = option(9.0, low=4, high=60, help="Width of a tile in mm.")
