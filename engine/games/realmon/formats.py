"""Deck formats of Realmon TCG: each a list of configured deck rules (engine.core.decks).

R1: a player's monster pile holds monsters of stages 1-6 (Symbiont, Raider, Fighter, Predator,
Collos, Kaiju) in the proportions 6/5/4/3/2/2. ``realmon/basis``: exactly 22 monsters.
``realmon/lang`` (the seed's "anpassbar für längere Runden"): any multiple of 22 with the same
proportions (44 = 12/10/8/6/4/4, ...).

Choices where the seed is silent: action and combat cards may join the list in any number (the
seed deals them from their own piles and sets no deck limit); no copy limit is enforced (R1
states none); a ``side`` section may hold up to 15 cards.
"""

from __future__ import annotations

from typing import Any

from engine.core.decks import Banned, Deck, DeckFormat, SectionSize, StageDistribution, stage_counts, type_counts

PROPORTIONS = (6, 5, 4, 3, 2, 2)  # R1
SIDEBOARD_MAX = 15


def stage_summary(deck: Deck) -> dict[str, Any]:
    """Realmon's figures: monsters per stage 1..6 (R1) and cards per type."""
    return {"stages": {str(s): n for s, n in stage_counts(deck).items()}, "types": type_counts(deck)}


def _format(name: str, title: str, *, multiple: bool) -> DeckFormat:
    return DeckFormat(
        slug=f"realmon/{name}",
        name=title,
        game="realmon",
        sections=("deck", "side"),
        rules=(
            StageDistribution(PROPORTIONS, multiple=multiple, decision="R1"),
            SectionSize("side", SIDEBOARD_MAX, decision="sideboard"),
            Banned(),
        ),
        summarizer=stage_summary,
        description="22 monsters 6/5/4/3/2/2 (R1)."
        if not multiple
        else "Any multiple of 22 monsters, 6/5/4/3/2/2 (R1).",
    )


FORMATS: dict[str, DeckFormat] = {
    "realmon/basis": _format("basis", "Basis", multiple=False),
    "realmon/lang": _format("lang", "Lang (anpassbar)", multiple=True),
}
