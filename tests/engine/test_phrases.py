"""The engine's English texts reach the page in its language (``engine.phrases``, issue 17 item 4):
every action label and log text a game's engine writes is an instance of one of the game's
``Presentation.phrases``, and each phrase has its German translation. Random playouts of every
variant collect the texts (the labels of every legal action, every ``label`` and ``text`` of every
seat's view, every action as the table sees it), so a new English text in an engine fails here."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.utils import translation

from engine.core.presentation import Presentation
from engine.core.rng import SeededRandom
from engine.games import all_games, get_game
from engine.phrases import KEYS, matching_phrase, page_text, translated
from tests.engine.conformance import sample_decks_for

GAMES = [g.slug for g in all_games() if g.engine is not None]
SEEDS = (1, 2)
MAX_ACTIONS = 1500

TOY = Presentation(  # words no game's catalog translates
    phrases=("Zap %(card)s", "Zap %(card)s on %(target)s", "Q%(seat)s: %(what)s", "the Grue", "%(unit)s zorps")
)


def test_the_most_specific_phrase_wins_and_values_are_translated_too() -> None:
    assert matching_phrase("Zap Pfeilhagel on Soldat (2, 6)", TOY.phrases) == (
        "Zap %(card)s on %(target)s",
        {"card": "Pfeilhagel", "target": "Soldat (2, 6)"},
    )
    assert matching_phrase("Zap Heilung", TOY.phrases) == ("Zap %(card)s", {"card": "Heilung"})
    assert matching_phrase("Something new", TOY.phrases) is None
    # a seat is a number: "Qualle: Zap X" is a card's text, not seat "ualle" saying "Zap X"
    assert matching_phrase("Qualle: Zap X", TOY.phrases) is None
    assert matching_phrase("Q3: Zap X", TOY.phrases) == ("Q%(seat)s: %(what)s", {"seat": "3", "what": "Zap X"})
    with translation.override("de"):
        # no German for the toy's msgids: the text comes back whole, placeholders filled in again
        assert page_text("Q2: Zap Pfeilhagel on Soldat", TOY) == "Q2: Zap Pfeilhagel on Soldat"
        assert page_text("Something new", TOY) == "Something new"


def test_only_labels_and_texts_are_translated_and_the_data_is_not_changed() -> None:
    data = {"label": "Zap X", "name": "Zap X", "log": [{"text": "Zap X", "card": {"name": "Zap X"}}]}
    with translation.override("de"):
        again = translated(data, TOY)
    assert again == data and again is not data  # the toy has no German: equal, but a new structure


def _strings(data: Any) -> Iterator[str]:
    """Every label and text the engine wrote; a card's own ``text`` (a dict with a ``slug``: the
    card data's German text) is not the engine's."""
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "text" and "slug" in data:
                continue
            if key in KEYS and isinstance(value, str):
                yield value
            else:
                yield from _strings(value)
    elif isinstance(data, list):
        for item in data:
            yield from _strings(item)


def engine_texts(game: str) -> set[str]:
    """Every label and text of random playouts of each variant of ``game`` (two seeds, the fewest
    seats the variant takes, at least two where it can)."""
    definition = get_game(game)
    engine = definition.engine
    assert engine is not None
    texts: set[str] = set()
    for variant in engine.variants:
        seats = max(variant.min_players, min(2, variant.max_players))
        decks = sample_decks_for(definition, variant.slug, seats)
        for seed in SEEDS:
            match = engine.new_match(decks, variant=variant.slug, seed=seed, options={})
            rng = SeededRandom(seed)
            for _ in range(MAX_ACTIONS):
                for viewer in range(match.seats):
                    texts.update(_strings(match.view(viewer)))
                if match.outcome() is not None:
                    break
                player = match.to_act or 0
                legal = match.legal_actions(player)
                texts.update(a.label for a in legal)
                action = rng.choice(legal)
                texts.update(_strings(match.public_action(player, action)))
                match.apply(player, action.id)
    return texts


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_every_label_and_text_of_the_engine_is_one_of_its_phrases(game: str) -> None:
    phrases = get_game(game).engine.presentation.phrases  # type: ignore[union-attr]
    missing = sorted(t for t in engine_texts(game) if matching_phrase(t, phrases) is None)
    assert not missing, f"{len(missing)} texts of {game} match no phrase, e.g. {missing[:12]}"


@pytest.mark.parametrize("game", GAMES)
def test_every_phrase_has_its_german(game: str) -> None:
    phrases = get_game(game).engine.presentation.phrases  # type: ignore[union-attr]
    assert phrases, f"{game} declares no phrases"
    with translation.override("de"):
        untranslated = [p for p in phrases if re.search(r"[A-Za-z]", re.sub(r"%\(\w+\)s", "", p)) and _de(p) == p]
    assert not untranslated, f"{game}: no German for {untranslated[:12]}"


def _de(msgid: str) -> str:
    from django.utils.translation import gettext

    return gettext(msgid)
