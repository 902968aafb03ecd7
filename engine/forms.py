"""The new-match form, for every game with an engine: its variant's seats (yourself, a named user or
the computer with a behaviour), one deck per seat (saved, sample or pasted; or none, where the
variant may begin by dealing them itself: muhq's draft), the seed and the variant's options, all
read from what the engine declares."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from decks.selectors import deck_visible
from engine.core.base import BaseGame
from engine.core.match import Variant
from engine.core.mcts import STRENGTHS
from engine.core.options import Option
from engine.games import sample_decks

ME, USER, NOBODY, PASTE, OPEN = "me", "user", "none", "paste", "open"
OPEN_SEAT = "*"  # engine.live.lobby: a seat invitation to whoever takes it first
STRENGTH_LABELS = {"quick": _("quick"), "normal": _("normal"), "strong": _("strong")}  # mcts.STRENGTHS


def computer_choices(behaviours: Any) -> list[tuple[str, Any]]:
    """``ai:<behaviour>`` per computer player; the search player ``mcts`` once per strength
    (``ai:mcts:<strength>``, its time budget from engine.core.mcts.STRENGTHS)."""
    choices: list[tuple[str, Any]] = []
    for behaviour in behaviours:
        if behaviour == "mcts":
            choices += [
                (f"ai:mcts:{name}", _("Computer: search, %(strength)s") % {"strength": STRENGTH_LABELS[name]})
                for name in STRENGTHS
            ]
        else:
            choices.append((f"ai:{behaviour}", _("Computer: %(behaviour)s") % {"behaviour": behaviour}))
    return choices


def computer_player(seat: str) -> dict[str, Any]:
    """The player spec of an ``ai:...`` choice."""
    _kind, _sep, rest = seat.partition(":")
    behaviour, _sep, strength = rest.partition(":")
    if behaviour == "mcts" and strength in STRENGTHS:
        return {"kind": "ai", "behaviour": "mcts", "budget_ms": STRENGTHS[strength]}
    return {"kind": "ai", "behaviour": behaviour}


def sample_choices(fmt: str) -> list[tuple[str, str]]:
    """``sample:<format>:<n>`` for every bundled sample deck of the format."""
    return [(f"sample:{fmt}:{n}", str(sample["name"])) for n, sample in enumerate(sample_decks(fmt), 1)]


def deck_argument(value: str, pasted: str, fmt: str) -> Any:
    """The service's deck argument: a saved deck id, a sample's ``{format, list}`` or the pasted list."""
    kind, _sep, rest = value.partition(":")
    if kind == "deck":
        return int(rest)
    if kind == "sample":
        sample_format, _sep, number = rest.rpartition(":")
        return {"format": sample_format, "list": sample_decks(sample_format)[int(number) - 1]["list"]}
    return {"format": fmt, "list": pasted}


def option_field(option: Option) -> forms.Field:
    """A form field for one declared match option, with its bounds."""
    label, help_text = option.name.replace("_", " "), option.help
    if option.kind == "bool":
        return forms.BooleanField(label=label, help_text=help_text, required=False, initial=option.default)
    if option.kind == "choice":
        choices = [("" if c is None else str(c), _("random") if c is None else str(c)) for c in option.choices]
        return forms.ChoiceField(
            label=label, help_text=help_text, choices=choices, required=False, initial=_text(option.default)
        )
    return forms.IntegerField(
        label=label,
        help_text=help_text,
        min_value=option.minimum,
        max_value=option.maximum,
        required=False,
        initial=option.default,
    )


def _text(value: Any) -> str:
    return "" if value is None else str(value)


class NewMatchForm(forms.Form):
    """The seats (``seat_<i>``, ``user_<i>``, ``deck_<i>``, ``list_<i>`` for every possible seat),
    the seed and the options (``option_<name>``) of one game's variant."""

    seed = forms.IntegerField(label=_("Seed"), required=False, min_value=0, max_value=2**62)
    clock_minutes = forms.IntegerField(label=_("Clock: minutes per seat"), required=False, min_value=1, max_value=1440)
    clock_increment = forms.IntegerField(
        label=_("Clock: seconds added per turn"), required=False, min_value=0, max_value=3600, initial=0
    )
    public = forms.BooleanField(label=_("Public: anyone may watch the finished match"), required=False)
    rated = forms.BooleanField(label=_("Rated: the result moves both people's Elo ratings"), required=False)

    def __init__(self, *args: Any, user: Any, engine: BaseGame[Any], variant: Variant, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.engine, self.variant = engine, variant
        saved = deck_visible(user=user).filter(format__startswith=f"{engine.slug}/").order_by("name")
        decks = [
            (_("Your decks and public decks"), [(f"deck:{d.pk}", f"{d.name} ({d.format})") for d in saved]),
            (_("Sample decks"), sample_choices(variant.format)),
            (_("Other"), [(PASTE, _("Paste a list below"))]),
        ]
        samples = sample_choices(variant.format)
        for index in range(variant.max_players):
            self._seat_fields(index, decks, samples)
        for option in engine.option_specs(variant.slug):
            self.fields[f"option_{option.name}"] = option_field(option)
        if engine.starts_without_decks(variant.slug):  # the variant deals the decks itself
            self.fields["draft"] = forms.BooleanField(
                label=_("Begin with the draft: no decks, the stores are drafted at the table"), required=False
            )

    def _seat_fields(self, index: int, decks: list[Any], samples: list[tuple[str, str]]) -> None:
        who = [(ME, _("You")), (USER, _("Another user (by name)")), (OPEN, _("Open seat: the first taker plays"))]
        who += computer_choices(self.engine.behaviours)
        if index >= self.variant.min_players:
            who.append((NOBODY, _("Nobody (fewer seats)")))
        first_ai = f"ai:{self.engine.ai_behaviours[-1]}"
        default = ME if index == 0 else first_ai if index < max(self.variant.min_players, 2) else NOBODY
        n = index + 1
        self.fields[f"seat_{index}"] = forms.ChoiceField(label=_("Seat %(n)s") % {"n": n}, choices=who, initial=default)
        self.fields[f"user_{index}"] = forms.CharField(label=_("Username"), required=False, max_length=150)
        self.fields[f"deck_{index}"] = forms.ChoiceField(
            label=_("Deck of seat %(n)s") % {"n": n},
            choices=decks,
            initial=samples[index % len(samples)][0] if samples else PASTE,
        )
        self.fields[f"list_{index}"] = forms.CharField(
            label=_("Pasted list of seat %(n)s") % {"n": n}, required=False, widget=forms.Textarea(attrs={"rows": 3})
        )

    def seat_rows(self) -> list[dict[str, Any]]:
        """The bound fields of each seat, for the template."""
        return [
            {
                "index": i,
                "number": i + 1,
                "fields": [self[f"{name}_{i}"] for name in ("seat", "user", "deck", "list")],
            }
            for i in range(self.variant.max_players)
        ]

    def live_rows(self) -> list[Any]:
        """The bound clock and publicity fields."""
        return [self[name] for name in ("clock_minutes", "clock_increment", "public", "rated")]

    def draft_row(self) -> Any:
        """The bound draft field, where the variant may begin without decks (else None)."""
        return self["draft"] if "draft" in self.fields else None

    def option_rows(self) -> list[Any]:
        """The bound option fields."""
        return [self[name] for name in self.fields if name.startswith("option_")]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        taken = [i for i in range(self.variant.max_players) if data.get(f"seat_{i}") != NOBODY]
        if taken != list(range(len(taken))):
            raise forms.ValidationError(_("Leave only the last seats empty."))
        for i in taken:
            if data.get(f"seat_{i}") == USER and not data.get(f"user_{i}"):
                self.add_error(f"user_{i}", _("Name the user who plays this seat."))
            if data.get(f"deck_{i}") == PASTE and not data.get("draft") and not (data.get(f"list_{i}") or "").strip():
                self.add_error(f"list_{i}", _("Paste a deck list, or choose a deck."))
        if data.get("clock_minutes") and len(taken) != 2:
            self.add_error("clock_minutes", _("A clock needs a match of two seats."))
        data["taken"] = taken
        return data

    def live_arguments(self) -> dict[str, Any]:
        """The clock (seconds, increment; None: no clock) and whether the match is public."""
        data = self.cleaned_data
        minutes = data.get("clock_minutes")
        return {
            "clock": (minutes * 60, data.get("clock_increment") or 0) if minutes else None,
            "public": bool(data.get("public")),
        }

    def match_arguments(self) -> dict[str, Any]:
        """The keyword arguments of ``services.match_create`` (the creator added by the view)."""
        data = self.cleaned_data
        players, decks = [], []
        for i in data["taken"]:
            seat = data[f"seat_{i}"]
            if seat == ME:
                players.append({"kind": "human"})
            elif seat == USER:
                players.append({"kind": "human", "user": data[f"user_{i}"]})
            elif seat == OPEN:
                players.append({"kind": "human", "user": OPEN_SEAT})
            else:
                players.append(computer_player(seat))
            decks.append(deck_argument(data[f"deck_{i}"], data.get(f"list_{i}") or "", self.variant.format))
        return {
            "game": self.engine.slug,
            "variant": self.variant.slug,
            "decks": None if data.get("draft") else decks,
            "seed": data["seed"],
            "players": players,
            "options": self._options(data),
            "rated": bool(data.get("rated")),
        }

    def _options(self, data: dict[str, Any]) -> dict[str, Any]:
        options: dict[str, Any] = {}
        for option in self.engine.option_specs(self.variant.slug):
            value = data.get(f"option_{option.name}")
            if value in (None, "") and option.kind != "bool":
                continue
            if option.kind == "choice":
                value = next((c for c in option.choices if _text(c) == value), option.default)
            options[option.name] = value
        return options
