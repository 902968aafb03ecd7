"""The Eredan engine's English texts on a German page (``engine/games/eredan/phrases.py``): a round
bonus (``bonuses[].text``, ``render_effect(effect, "en")``) reads as the card's own German, for
every verb and every prefix; the reveal names each seat of up to four cards."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation

from engine.games.eredan.effects import CARD_TYPE_NAMES, CLASS_NAMES, TARGET_NAMES, render_effect
from engine.games.eredan.present import PRESENTATION
from engine.phrases import page_text

VALUES: dict[str, list[Any]] = {
    "attack": [2, -1],
    "defense": [1],
    "spirit": [-2],
    "heal": [3],
    "spell_damage": [4],
    "chain": [*CARD_TYPE_NAMES, "katana"],
    "draw": [1, 2],
    "discard": [1, 3],
    "gain_rune": ["cor", "nox", "yr"],
    "revive": [2],
    "two_weapons": [True],
    "rage": [True],
    "cancel": list(CARD_TYPE_NAMES),
    "refresh": [True],
    "weaken": [True],
    "round_bonuses": [True],
}
PREFIXES: list[dict[str, Any]] = [
    {},
    *({"vs_class": c} for c in CLASS_NAMES),
    {"rune": "nox"},
    {"while_raging": True},
    *({"for_class": c} for c in CLASS_NAMES),
    *({"target": t} for t in TARGET_NAMES),
    # two prefixes after the round, as the bundled cards have at most (for_class and target); the
    # page translates placeholders within placeholders four deep (engine.phrases.MAX_DEPTH)
    {"for_class": "dieb", "target": "allies"},
    {"vs_class": "magier", "rune": "cor"},
    {"rune": "yr", "while_raging": True},
]
EFFECTS = [
    {verb: value, "round": 3, **prefix} for verb, values in VALUES.items() for value in values for prefix in PREFIXES
]


@pytest.mark.parametrize("effect", EFFECTS, ids=lambda e: "-".join(f"{k}={v}" for k, v in e.items()))
def test_e8_a_round_bonus_reads_on_a_german_page_as_the_cards_german(effect: dict[str, Any]) -> None:
    with translation.override("de"):
        assert page_text(render_effect(effect, "en"), PRESENTATION) == render_effect(effect, "de")


def test_e12_the_reveal_of_four_cards_names_every_seat_in_german() -> None:
    text = "Revealed: Katana (P1), Pfeilregen (P2), Heilung (P1), Sturm (P2)"
    with translation.override("de"):
        assert page_text(text, PRESENTATION) == "Aufgedeckt: Katana (S1), Pfeilregen (S2), Heilung (S1), Sturm (S2)"


def test_a_confrontation_summary_and_a_pick_label_in_german() -> None:
    with translation.override("de"):
        assert page_text("Aez takes 2, Hares der Brutale takes 0", PRESENTATION) == (
            "Aez erleidet 2, Hares der Brutale erleidet 0"
        )
        assert page_text("Play Katana on Iro", PRESENTATION) == "Katana auf Iro spielen"
        assert page_text("P2 draws 1", PRESENTATION) == "S2 zieht 1 Karte"
