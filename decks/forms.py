"""Forms of the deck and collection pages (the same services as the API behind them)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from cards.labels import localized_name
from decks.models import Deck
from engine.games import SLUGS, all_games


def format_choices() -> list[tuple[str, str]]:
    """Every format, labelled `Game: Format`."""
    return [(slug, f"{game.name}: {fmt.name}") for game in all_games() for slug, fmt in game.formats.items()]


class DeckForm(forms.ModelForm):
    """Name, format, the list as text (paste to import) and the public flag of a deck."""

    format = forms.ChoiceField(choices=format_choices)
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)

    class Meta:
        model = Deck
        fields = ["name", "format", "list", "public"]
        widgets = {"list": forms.Textarea(attrs={"rows": 18, "cols": 40, "spellcheck": "false"})}


class CardChangeForm(forms.Form):
    """Add or remove copies of one card in a deck (the builder's +/- and "add" buttons)."""

    card = forms.CharField(max_length=200)
    section = forms.CharField(max_length=40, initial="deck")
    delta = forms.IntegerField(min_value=-99, max_value=99, initial=1)
    version = forms.IntegerField(required=False, min_value=1)

    def clean_delta(self) -> int:
        delta: int = self.cleaned_data["delta"]
        if delta == 0:
            raise forms.ValidationError("add or remove at least one copy")
        return delta


class DeckImportForm(forms.Form):
    """A pasted list added to a deck, or replacing its list (`confirm` says the player agreed)."""

    list = forms.CharField(strip=False, max_length=64 * 1024, label=_("List"))
    mode = forms.ChoiceField(choices=[("add", _("add to the deck")), ("replace", _("replace the deck"))], initial="add")
    confirm = forms.BooleanField(required=False)
    version = forms.IntegerField(required=False, min_value=1, widget=forms.HiddenInput)


class CheckForm(forms.Form):
    """A list to validate live in the builder (not saved)."""

    format = forms.ChoiceField(choices=format_choices)
    list = forms.CharField(required=False, strip=False, max_length=64 * 1024)


class CollectionSetForm(forms.Form):
    """Set how many copies of a card you own (0 removes it)."""

    game = forms.ChoiceField(choices=[(slug, slug) for slug in SLUGS], label=_("Game"))
    card = forms.CharField(max_length=200, label=_("Card"))
    count = forms.IntegerField(min_value=0, max_value=999, label=_("Count"))

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        game: Any = self.fields["game"]  # a ChoiceField
        game.choices = [(g.slug, localized_name(g)) for g in all_games()]


class CollectionImportForm(forms.Form):
    """A `game,card,count` CSV, added to the collection by default; replacing it is chosen and
    confirmed explicitly (a stray click must not wipe a collection)."""

    file = forms.FileField(label=_("File"))
    mode = forms.ChoiceField(
        choices=[("add", _("add its counts to my collection")), ("replace", _("replace my whole collection"))],
        initial="add",
        label=_("Mode"),
        widget=forms.RadioSelect,
    )
    confirm_replace = forms.BooleanField(
        required=False, label=_("Yes, replace my whole collection with the file (cards not in it are removed)")
    )

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if data.get("mode") == "replace" and not data.get("confirm_replace"):
            self.add_error("confirm_replace", _("Confirm that the file replaces your whole collection."))
        return data

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > 2 * 1024 * 1024:
            raise forms.ValidationError(_("The file is larger than 2 MB."))
        return upload
