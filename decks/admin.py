"""Admin for saved decks and collections (the model's full_clean checks the format)."""

from django.contrib import admin

from decks.models import CollectionItem, Deck


@admin.register(Deck)
class DeckAdmin(admin.ModelAdmin):
    list_display = ["name", "format", "owner", "public", "version", "updated"]
    list_filter = ["public", "format"]
    search_fields = ["name", "owner__username"]
    raw_id_fields = ["owner"]
    readonly_fields = ["version", "created", "updated"]


@admin.register(CollectionItem)
class CollectionItemAdmin(admin.ModelAdmin):
    list_display = ["owner", "card", "count"]
    list_filter = ["card__game"]
    search_fields = ["owner__username", "card__name", "card__slug"]
    raw_id_fields = ["owner", "card"]
