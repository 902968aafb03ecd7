"""Admin of tournaments: the event with its players and pairings, ratings, the games played. The
organiser runs an event on its page; the admin is for fixing what went wrong by hand."""

from __future__ import annotations

from django.contrib import admin

from tournaments.models import Pairing, PlayedGame, Player, Rating, Tournament


class PlayerInline(admin.TabularInline):
    model = Player
    extra = 0
    fields = ["user", "deck_name", "dropped", "dropped_round"]
    readonly_fields = ["user", "deck_name"]


class PairingInline(admin.TabularInline):
    model = Pairing
    extra = 0
    fields = ["round", "table", "a", "b", "games", "claim", "dispute", "decided"]
    readonly_fields = ["a", "b"]


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "format", "status", "round", "rounds", "organiser", "public"]
    list_filter = ["status", "game", "public"]
    search_fields = ["name", "organiser__username"]
    date_hierarchy = "date"
    inlines = [PlayerInline, PairingInline]


@admin.register(Rating)
class RatingAdmin(admin.ModelAdmin):
    list_display = ["user", "game", "rating", "games", "updated"]
    list_filter = ["game"]
    search_fields = ["user__username"]


@admin.register(PlayedGame)
class PlayedGameAdmin(admin.ModelAdmin):
    list_display = ["played", "game", "player_a", "player_b", "winner", "rating_a", "rating_b", "change_a", "rated"]
    list_filter = ["game", "rated"]
    search_fields = ["player_a__username", "player_b__username"]
    raw_id_fields = ["pairing", "match"]
