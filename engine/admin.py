"""Admin of the match engine's tables: matches with their seats; the action log read-only."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest

from engine.models import IdempotencyRecord, Match, MatchAction, Seat


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0


class MatchActionInline(admin.TabularInline):
    """The log is append-only: shown, never edited here."""

    model = MatchAction
    extra = 0
    can_delete = False
    readonly_fields = ("seq", "player", "action", "created")

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ("id", "game", "variant", "version", "finished", "created_by", "updated")
    list_filter = ("game", "variant", "finished")
    readonly_fields = ("state", "decks", "version", "result", "created", "updated")
    inlines = (SeatInline, MatchActionInline)


@admin.register(IdempotencyRecord)
class IdempotencyRecordAdmin(admin.ModelAdmin):
    list_display = ("key", "user", "match", "status", "created")
    readonly_fields = ("request_hash", "body")
