"""Admin of tournaments, charge lists and pins (E7: pins and bans are set here, with who and why)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest

from charges.models import ChargeList, ChargePin, ChargeValue, Tournament, TournamentGame
from charges.selectors import current_charges_forget
from charges.services import charge_pins_changed


class TournamentGameInline(admin.TabularInline):
    model = TournamentGame
    extra = 0
    fields = ["number", "player0_name", "player0_elo", "player1_name", "player1_elo", "winner"]
    show_change_link = True
    max_num = 0
    can_delete = False


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "format", "imported"]
    list_filter = ["format", "game"]
    search_fields = ["name"]
    date_hierarchy = "date"
    inlines = [TournamentGameInline]


@admin.register(TournamentGame)
class TournamentGameAdmin(admin.ModelAdmin):
    list_display = ["tournament", "number", "player0_name", "player0_elo", "player1_name", "player1_elo", "winner"]
    list_select_related = ["tournament"]
    search_fields = ["player0_name", "player1_name", "tournament__name"]
    raw_id_fields = ["tournament"]


@admin.register(ChargeList)
class ChargeListAdmin(admin.ModelAdmin):
    list_display = ["id", "game", "date", "created"]
    list_filter = ["game"]
    date_hierarchy = "date"
    readonly_fields = ["created"]


@admin.register(ChargeValue)
class ChargeValueAdmin(admin.ModelAdmin):
    list_display = ["list", "card", "charge"]
    list_select_related = ["list__game", "card"]
    list_filter = ["list"]
    search_fields = ["card__slug", "card__name"]
    raw_id_fields = ["list", "card"]


@admin.register(ChargePin)
class ChargePinAdmin(admin.ModelAdmin):
    list_display = ["card", "format", "charge", "banned", "active", "created_by", "created"]
    list_filter = ["active", "banned", "format"]
    list_select_related = ["card", "created_by"]
    search_fields = ["card__slug", "card__name", "reason"]
    raw_id_fields = ["card"]
    readonly_fields = ["created_by", "created"]
    actions = ["deactivate"]

    def save_model(self, request: HttpRequest, obj: Any, form: Any, change: bool) -> None:
        """Record who pinned, and make the pin count at once."""
        if obj.created_by_id is None:
            obj.created_by = request.user
        super().save_model(request, obj, form, change)
        current_charges_forget(game=obj.card.game.slug)

    @admin.action(description="Deactivate the selected pins")
    def deactivate(self, request: HttpRequest, queryset: QuerySet[ChargePin]) -> None:
        games = {pin.card.game for pin in queryset.select_related("card__game")}
        queryset.update(active=False)  # sends no signal: say so ourselves
        for game in games:
            charge_pins_changed(game=game)
