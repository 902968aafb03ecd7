"""The duel engine's English texts on a German page (``engine/games/duel/phrases.py``): each
variant the engine spells out reads in the seed's German, and a card's name is never mistaken for
a seat ("P1") or for English."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine.games.duel.presentation import PRESENTATION
from engine.phrases import page_text

GERMAN = [
    (
        "Summon Eisenkoloss in attack position, sacrificing Schildknappe, Feldwebel",
        "Eisenkoloss in Angriffsposition beschwören, dafür Schildknappe, Feldwebel opfern",
    ),
    ("P2: Summon Baal in defense position", "S2 beschwört Baal in Verteidigungsposition"),
    ("P1: Equip Schildknappe with Kurzschwert", "S1 rüstet Schildknappe mit Kurzschwert aus"),
    ("Bergtroll attacks P2 directly", "Bergtroll greift S2 direkt an"),
    ("P1 takes 3 indirect damage", "S1 erleidet 3 indirekten Schaden"),
    ("P2 takes 2 effect damage", "S2 erleidet 2 Effektschaden"),
    ("Aschewurm (P2) dies (sacrificed)", "Aschewurm (S2) stirbt (geopfert)"),
    ("Grabräuber: Aschewurm in defense position", "Grabräuber: Aschewurm in Verteidigungsposition"),
    ("Schlachtruf: a face-down card", "Schlachtruf: eine verdeckte Karte"),
    ("P1 draws 2 cards", "S1 zieht 2 Karten"),
    ("Turn 12: P2", "Zug 12: S2"),
]


@pytest.mark.parametrize(("english", "german"), GERMAN)
def test_a14_a2_a5_the_engines_texts_read_in_the_seeds_german(english: str, german: str) -> None:
    with translation.override("de"):
        assert page_text(english, PRESENTATION) == german


def test_a_target_label_of_a_card_named_with_p_keeps_the_name() -> None:
    # a bare "P%(seat)s: %(what)s" phrase would have read "Pfeilhagel" as seat "feilhagel"
    with translation.override("de"):
        assert page_text("Pfeilhagel: Soldat (P2)", PRESENTATION) == "Pfeilhagel: Soldat (S2)"
        assert page_text("Pfeilhagel: Soldat", PRESENTATION) == "Pfeilhagel: Soldat"
