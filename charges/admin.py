"""Admin of tournaments, charge lists and pins (E7: pins and bans are set here, with who and why)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import quote
from django.db import transaction
from django.db.models import Count, QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html
from django.utils.text import capfirst

from charges.models import ChargeList, ChargePin, ChargeValue, Tournament, TournamentGame
from charges.selectors import current_charges_forget
from charges.services import charge_pins_changed
from charges.signals import charges_changed


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

    def get_deleted_objects(
        self, objs: Any, request: HttpRequest
    ) -> tuple[list[Any], dict[Any, int], set[Any], list[Any]]:
        """The delete confirmation names each list with the count of its values, where Django's
        lists every value (one per card: thousands of lines, each a query for its card)."""
        if {rel.related_model for rel in ChargeList._meta.related_objects} != {ChargeValue}:
            return super().get_deleted_objects(objs, request)  # a new dependent: Django's full list
        lists = list(objs)
        counts = dict(ChargeValue.objects.filter(list__in=lists).order_by().values_list("list").annotate(Count("pk")))
        lists_meta, values_meta = ChargeList._meta, ChargeValue._meta
        to_delete: list[Any] = []
        for charge_list in lists:
            url = reverse(f"{self.admin_site.name}:charges_chargelist_change", args=[quote(charge_list.pk)])
            to_delete.append(
                format_html('{}: <a href="{}">{}</a>', capfirst(lists_meta.verbose_name), url, charge_list)
            )
            if counts.get(charge_list.pk):
                to_delete.append([f"{capfirst(values_meta.verbose_name_plural)}: {counts[charge_list.pk]}"])
        model_count = {
            lists_meta.verbose_name_plural: len(lists),
            values_meta.verbose_name_plural: sum(counts.values()),
        }
        perms_needed: set[Any] = set()
        if lists and not self.has_delete_permission(request):
            perms_needed.add(lists_meta.verbose_name)
        if counts and not self.admin_site.get_model_admin(ChargeValue).has_delete_permission(request):
            perms_needed.add(values_meta.verbose_name)
        return to_delete, {name: n for name, n in model_count.items() if n}, perms_needed, []


@admin.register(ChargeValue)
class ChargeValueAdmin(admin.ModelAdmin):
    list_display = ["list", "card", "charge"]
    list_select_related = ["list__game", "card"]
    list_filter = ["list"]
    search_fields = ["card__slug", "card__name"]
    raw_id_fields = ["list", "card"]

    # A value sends no delete signal (charges/signals.py: a list's cascade would send thousands):
    # the admin announces the values it deletes itself, in the deleting transaction.
    def delete_model(self, request: HttpRequest, obj: ChargeValue) -> None:
        super().delete_model(request, obj)
        charges_changed(game_ids=[obj.list.game_id])

    def delete_queryset(self, request: HttpRequest, queryset: QuerySet[ChargeValue]) -> None:
        with transaction.atomic():
            game_ids = set(queryset.values_list("list__game_id", flat=True).distinct())
            super().delete_queryset(request, queryset)
            charges_changed(game_ids=game_ids)


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
