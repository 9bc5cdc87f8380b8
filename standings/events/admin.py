from django.contrib import admin

from .models import (
    AuditEntry,
    ByeRequest,
    Event,
    Game,
    Match,
    Participant,
    Round,
    Team,
    TeamBye,
    UnplayedRound,
)


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "slug", "system", "kind", "start_date", "rounds_planned"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["arbiters"]
    search_fields = ["name", "slug"]
    inlines = [RoundInline]


@admin.register(Participant)
class ParticipantAdmin(admin.ModelAdmin):
    list_display = ["start_no", "name", "title", "federation", "rating", "event"]
    list_filter = ["event"]
    search_fields = ["name", "fide_id"]


@admin.register(Team)
class TeamAdmin(admin.ModelAdmin):
    list_display = ["number", "name", "event"]
    list_filter = ["event"]


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["event", "number", "state", "closed_at"]
    list_filter = ["event", "state"]


@admin.register(Match)
class MatchAdmin(admin.ModelAdmin):
    list_display = ["round", "table", "home", "away", "forfeit"]
    list_filter = ["round__event", "forfeit"]


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["round", "board", "white", "black", "result", "entered_by", "entered_at"]
    list_filter = ["round__event", "round__number"]


@admin.register(UnplayedRound)
class UnplayedRoundAdmin(admin.ModelAdmin):
    list_display = ["round", "participant", "kind"]
    list_filter = ["round__event", "kind"]


@admin.register(TeamBye)
class TeamByeAdmin(admin.ModelAdmin):
    list_display = ["round", "team", "kind"]
    list_filter = ["round__event", "kind"]


@admin.register(ByeRequest)
class ByeRequestAdmin(admin.ModelAdmin):
    list_display = ["event", "round_number", "participant", "team", "kind"]
    list_filter = ["event", "kind"]


@admin.register(AuditEntry)
class AuditEntryAdmin(admin.ModelAdmin):
    list_display = ["at", "event", "user", "action", "target", "reason"]
    list_filter = ["event", "action"]
    readonly_fields = ["event", "user", "at", "action", "target", "before", "after", "reason"]
