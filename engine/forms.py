"""Forms of the match pages: a new Ka-Mel-Oh! match against the AI."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from decks.selectors import deck_visible
from engine.core.samples import sample_decks
from engine.games import get_game

GAME = "kamelo"  # the one game with an engine so far; the form reads everything else from it


def sample_choices(game: str = GAME) -> list[tuple[str, str]]:
    """``sample:<format>:<n>`` for every bundled sample deck of the game's match formats."""
    engine = get_game(game).engine
    choices = []
    for variant in engine.variants:
        for number, sample in enumerate(sample_decks(variant.format), 1):
            choices.append((f"sample:{variant.format}:{number}", f"{sample['name']} ({variant.slug})"))
    return choices


def deck_argument(value: str) -> Any:
    """The service's deck argument for a choice: a saved deck id or an inline sample ``{format, list}``."""
    kind, _, rest = value.partition(":")
    if kind == "deck":
        return int(rest)
    fmt, _, number = rest.rpartition(":")
    return {"format": fmt, "list": sample_decks(fmt)[int(number) - 1]["list"]}


class NewMatchForm(forms.Form):
    """Variant, the player's deck (saved or a sample), the AI's deck and behaviour, an optional seed."""

    variant = forms.ChoiceField(label=_("Variant"))
    deck = forms.ChoiceField(label=_("Your deck"))
    ai_deck = forms.ChoiceField(label=_("The AI's deck"))
    behaviour = forms.ChoiceField(label=_("AI behaviour"))
    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=2**62)

    def __init__(self, *args: Any, user: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        engine = get_game(GAME).engine
        samples = sample_choices()
        saved = deck_visible(user=user).filter(format__startswith=f"{GAME}/").order_by("name")
        self.fields["variant"].choices = [(v.slug, v.slug) for v in engine.variants]
        self.fields["deck"].choices = [
            (_("Your decks and public decks"), [(f"deck:{d.pk}", f"{d.name} ({d.format})") for d in saved]),
            (_("Sample decks"), samples),
        ]
        self.fields["ai_deck"].choices = samples
        self.fields["behaviour"].choices = [(b, b) for b in engine.ai_behaviours]
        if len(samples) > 1:
            self.fields["ai_deck"].initial = samples[1][0]

    def match_arguments(self) -> dict[str, Any]:
        """The keyword arguments of ``services.match_create`` (the creator added by the view)."""
        data = self.cleaned_data
        return {
            "game": GAME,
            "variant": data["variant"],
            "decks": [deck_argument(data["deck"]), deck_argument(data["ai_deck"])],
            "seed": data["seed"],
            "players": [{"kind": "human"}, {"kind": "ai", "behaviour": data["behaviour"]}],
        }
