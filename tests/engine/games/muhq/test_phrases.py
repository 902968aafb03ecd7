"""muhq's English texts in German (engine/games/muhq/phrases.py, engine.phrases): each word the
engine fills into a sentence (an effect term, a termination code, a seat) has its own phrase, so
the German sentence is whole; card names and the cards' printed texts (German already) stay as
they are; the draft, which random playouts never reach, is covered too."""

from __future__ import annotations

import pytest
from django.utils import translation

from engine.games.muhq import GAME
from engine.games.muhq.engine import TERMINATIONS
from engine.games.muhq.rules import TARGETED
from engine.games.muhq.state import bundled_catalog
from engine.phrases import matching_phrase, page_text, translated
from tests.engine.games.muhq.table import table
from tests.engine.test_phrases import engine_texts

ENGINE = GAME.engine
assert ENGINE is not None
SHOWN = ENGINE.presentation
PRINTED = {entry["text"] for entry in bundled_catalog().values()}  # German (effects.render_text "de")


def de(text: str) -> str:
    with translation.override("de"):
        return page_text(text, SHOWN)


@pytest.mark.slow
def test_every_text_of_random_playouts_but_the_cards_printed_texts_is_a_phrase() -> None:
    """The platform's test (tests/engine/test_phrases.py) also collects the ``text`` of every card
    in a view: muhq's printed card texts, German, which no phrase is meant to match."""
    missing = sorted(t for t in engine_texts("muhq") - PRINTED if matching_phrase(t, SHOWN.phrases) is None)
    assert not missing, missing[:12]


def test_card_names_and_printed_texts_match_no_phrase_and_stay_as_printed() -> None:
    for entry in bundled_catalog().values():
        assert matching_phrase(entry["name"], SHOWN.phrases) is None, entry["name"]
        assert not entry["text"] or matching_phrase(entry["text"], SHOWN.phrases) is None, entry["text"]


def test_the_draft_s_picks_and_its_hidden_pick_read_in_german() -> None:
    match = ENGINE.from_setup({"deal": "draft", "seats": 2}, variant="zwei-doerfer", seed=1)
    pick = match.legal_actions(0)[0]
    name = pick.label.removeprefix("Pick ")
    assert de(pick.label) == f"{name} nehmen"
    assert de(match.public_action(0, pick)["label"]) == "S1 nimmt eine Karte"


@pytest.mark.parametrize("code", TERMINATIONS)
def test_each_termination_code_has_a_whole_german_sentence(code: str) -> None:
    found = matching_phrase(f"The match ends ({code})", SHOWN.phrases)
    assert found == (f"The match ends ({code})", {})
    assert de(f"The match ends ({code})").startswith("Die Partie endet: ")


@pytest.mark.parametrize("term", sorted(TARGETED))
def test_each_targeted_effect_without_a_target_is_named_in_german(term: str) -> None:
    assert matching_phrase(f"{term}: no target", SHOWN.phrases) == (f"{term}: no target", {})
    assert de(f"{term}: no target").endswith(": kein Ziel") and not de(f"{term}: no target").startswith(term)


def test_the_kraken_and_nobody_are_translated_where_they_stand_in_a_sentence() -> None:
    assert de("Krakenarm (the Kraken) is defeated") == "Krakenarm (der Kraken) ist besiegt"
    assert de("Burg (nobody) is destroyed") == "Burg (niemand) ist zerstört"
    assert de("P1 steals 2 from the Kraken") == "S1 stiehlt dem Kraken 2 Ressource(n)"
    assert de("Bauer gets 2 poison marker(s)") == "Bauer erhält 2 Gift-Marke(n)"


def test_a_spell_on_the_stack_reads_in_german_in_the_view_and_the_log() -> None:
    match = table(
        {"players": [{"hand": ["pfeilhagel"], "resources": 6}, {"hand": ["pfeilhagel"], "resources": 6}],
         "permanents": [{"card": "soldat", "owner": 1, "x": 2, "y": 6}]},
        variant="zwei-doerfer",
    )  # fmt: skip
    spell = next(a for a in match.legal_actions(0) if a.id.startswith("spell:"))
    assert de(spell.label) == "Pfeilhagel auf Soldat (2, 6) wirken"
    match.apply(0, spell.id)
    with translation.override("de"):
        view = translated(match.view(0), SHOWN)
    assert [entry["label"] for entry in view["stack"]] == ["wirkt Pfeilhagel auf Soldat"]
    assert view["log"][-1]["text"] == "S1 wirkt Pfeilhagel auf Soldat"
