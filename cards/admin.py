"""Admin for the card database: the same schema checks as the API and the importer."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin
from django.core.exceptions import ValidationError

from cards.images import image_process
from cards.models import Card, CardSet, Game, Guild
from engine.games import get_game


class CardAdminForm(forms.ModelForm):
    """Checks the uploaded image (format, pixel limit) before it is stored; re-encoding follows on save."""

    class Meta:
        model = Card
        fields = (
            "game", "slug", "name", "name_en", "type", "set", "guilds", "cost", "rarity", "unique",
            "evolves_from", "text", "text_en", "attributes", "effects", "banned_at_start", "image",
        )  # fmt: skip

    def clean_image(self) -> Any:
        upload = self.cleaned_data.get("image")
        if upload and hasattr(upload, "read") and upload != self.instance.image:
            try:
                self._processed = image_process(upload)
            except ValidationError as exc:
                raise forms.ValidationError(exc.messages) from None
        return upload

    def _post_clean(self) -> None:
        super()._post_clean()  # type: ignore[misc]  # ModelForm's own, which the stubs leave out
        # The schema checks guilds too: run them with the guilds chosen in the form.
        guilds = self.cleaned_data.get("guilds")
        if guilds is not None and self.instance.game_id:
            schema = get_game(self.instance.game.slug).schema
            data = self.instance.schema_dict(guild_slugs=sorted(g.slug for g in guilds))
            for error in schema.validate(data):
                if error.field == "guilds":
                    self.add_error("guilds", error.message)


@admin.register(Card)
class CardAdmin(admin.ModelAdmin):
    form = CardAdminForm
    list_display = ("name", "game", "type", "cost", "rarity", "set")
    list_filter = ("game", "type", "rarity", "set")
    search_fields = ("name", "name_en", "slug", "name_folded")
    autocomplete_fields = ("evolves_from",)
    filter_horizontal = ("guilds",)

    def save_model(self, request: Any, obj: Card, form: Any, change: bool) -> None:
        processed = getattr(form, "_processed", None)
        if processed is not None:
            name = f"{obj.slug}.{processed.extension}"
            obj.image.save(name, processed.full, save=False)
            obj.thumb.save(name, processed.thumb, save=False)
        super().save_model(request, obj, form, change)


@admin.register(CardSet)
class CardSetAdmin(admin.ModelAdmin):
    list_display = ("name", "code", "game", "released")
    list_filter = ("game",)


@admin.register(Guild)
class GuildAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "game")
    list_filter = ("game",)


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ("name", "slug", "position")
