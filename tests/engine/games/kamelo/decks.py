"""Two legal 60-card Ka-Mel-Oh! decks per variant (K1), built from the bundled set, for tests."""

from __future__ import annotations

from functools import cache
from typing import Any

from engine.core.match import DeckCard
from engine.games.kamelo import GAME
from engine.games.kamelo.schema import violet_problems

RECIPE_DECK = {
    "wuestenspringmaus": 2, "dromedar": 3, "trampeltier": 2, "sandfloh": 2, "skorpion": 2,
    "wuestenfuchs": 2, "wassertraeger": 2, "palmenwaechter": 2, "duenenechse": 2, "sandsturmvogel": 2,
    "doppeldecker": 2, "jungkamel": 2, "milchkamel": 2, "lastkamel": 2, "rennkamel": 2,
    "riesenspringmaus": 1, "turbodromedar": 1, "sandfloh-titan": 1, "panzerskorpion": 1, "feuerfuchs": 1,
    "zweihoeckertrampeltier": 1, "oasengeist": 1, "duenendrache": 1,
    "strahlende-dattel": 1, "hoeckerpumpe": 1, "wachstumspulver": 1, "chitinelixier": 1,
    "gluehende-kohle": 1, "hoeckerkleber": 1, "brunnenamulett": 1, "drachenei": 1,
    "streik": 1, "kamel-hame-ha": 1, "dattelschnaps": 2, "krummsaebel": 1, "lederschild": 1,
    "wasserschlauch": 2, "sandsturm": 1, "giftstachel": 1, "kamelspucke": 1, "kamelfutter": 1, "heuschreckenschwarm": 1,
}  # fmt: skip


@cache
def cards() -> dict[str, dict[str, Any]]:
    """The bundled cards by slug."""
    return {card["slug"]: card for card in GAME.bundled_cards()}


def recipe_deck() -> list[DeckCard]:
    """Mutations and fusions with all their parts (legal in every variant)."""
    return [DeckCard(cards()[slug], count) for slug, count in RECIPE_DECK.items()]


def plain_deck(variant: str) -> list[DeckCard]:
    """Every yellow monster and every green item once, trimmed to 60."""
    chosen = [c for c in cards().values() if c["type"] in ("monster", "item")]
    chosen += [
        c for c in cards().values() if c["type"] == "special_monster" and not violet_problems(c["attributes"], variant)
    ]
    return [DeckCard(card) for card in chosen[:60]]


def decks(variant: str) -> list[list[DeckCard]]:
    """The recipe deck against the plain deck."""
    return [recipe_deck(), plain_deck(variant)]


def card(slug: str) -> dict[str, Any]:
    """One bundled card."""
    return cards()[slug]
