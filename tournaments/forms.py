"""Forms of the tournament pages: a new tournament, registration (a saved deck or a pasted list), a
result, a player to drop, and the list filters. They read input; the services decide."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from engine.games import all_games
from tournaments.models import Tournament
from tournaments.services.events import MAX_ROUNDS


def format_choices() -> list[tuple[str, str]]:
    """Every format of every game, from the registry."""
    return [(slug, slug) for game in all_games() for slug in game.formats]


def game_choices() -> list[tuple[str, Any]]:
    return [("", _("All games"))] + [(g.slug, g.name) for g in all_games()]


class TournamentForm(forms.Form):
    """A new tournament (its creator organises it)."""

    name = forms.CharField(label=_("Name"), max_length=200)
    format = forms.ChoiceField(label=_("Format"), choices=format_choices)
    date = forms.DateField(label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}))
    rounds = forms.IntegerField(
        label=_("Rounds"), min_value=1, max_value=MAX_ROUNDS, required=False, help_text=_("empty: by the players")
    )
    best_of = forms.TypedChoiceField(label=_("Best of"), choices=[(1, "1"), (3, "3")], coerce=int, initial=1)
    clock_minutes = forms.IntegerField(
        label=_("Clock (minutes)"), min_value=1, max_value=240, required=False,
        help_text=_("for pairings played here; empty: no clock"),
    )  # fmt: skip
    rated = forms.BooleanField(label=_("Rated"), required=False, initial=True)
    public = forms.BooleanField(label=_("Listed publicly"), required=False, initial=True)

    def service_arguments(self) -> dict[str, Any]:
        """The cleaned form as ``tournament_create`` takes it."""
        data = dict(self.cleaned_data)
        minutes = data.pop("clock_minutes")
        return {**data, "clock_seconds": minutes * 60 if minutes else None}


class RegisterForm(forms.Form):
    """A saved deck of the tournament's game, or a pasted list."""

    deck = forms.TypedChoiceField(label=_("Saved deck"), coerce=int, required=False, empty_value=None)
    deck_list = forms.CharField(
        label=_("or paste a list"), required=False, max_length=20_000, widget=forms.Textarea(attrs={"rows": 6})
    )

    def __init__(self, *args: Any, decks: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["deck"].choices = [("", "—")] + decks  # type: ignore[attr-defined]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not data.get("deck") and not (data.get("deck_list") or "").strip():
            raise forms.ValidationError(_("Choose a saved deck or paste a list."))
        return data

    def chosen_deck(self) -> Any:
        """The deck as ``player_register`` takes it."""
        if self.cleaned_data.get("deck"):
            return self.cleaned_data["deck"]
        return {"list": self.cleaned_data["deck_list"], "name": ""}


class ResultForm(forms.Form):
    """[a's wins, b's wins, draws]."""

    a = forms.IntegerField(min_value=0, max_value=3)
    b = forms.IntegerField(min_value=0, max_value=3)
    draws = forms.IntegerField(min_value=0, max_value=3, initial=0)

    def games(self) -> list[int]:
        return [self.cleaned_data["a"], self.cleaned_data["b"], self.cleaned_data["draws"]]


class ListFilterForm(forms.Form):
    """The list page's filters (the API's ``game`` and ``status``)."""

    game = forms.ChoiceField(label=_("Game"), choices=game_choices, required=False)
    status = forms.ChoiceField(
        label=_("Status"), choices=[("", _("Any"))] + list(Tournament.Status.choices), required=False
    )
