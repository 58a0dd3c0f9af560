"""How the Mint Tin Mahjong deck is printed: the card sheets' options, and whether the
rules summary cards come with the deck."""

from __future__ import annotations

from dataclasses import dataclass

from tilepress.documents.cards import CardSheetOptions
from tilepress.params import option


@dataclass(frozen=True)
class DeckOptions(CardSheetOptions):
    """The deck's printing options, and whether the rules summary cards come with it."""

    rules_cards: bool = option(False, flags=("--rules-cards",),
                               help="Add the rules summary cards (two copies) after the "
                               "deck, in the free places of its last sheet.")
