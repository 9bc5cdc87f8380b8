"""The Django admin: events, players and teams edited through an audited write; the rest
read-only.

Results, rounds, byes and matches change only through the arbiter's pages and the TRF
import, which check versions and round states; an edit here would skip both.
"""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Model
from django.http import HttpRequest

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
from .services import delete_in_admin, delete_section_in_admin, save_in_admin


class AuditedAdmin(admin.ModelAdmin):
    """Saves and deletes go through the services: audit entry, new version, push."""

    def save_model(self, request: HttpRequest, obj, form, change: bool) -> None:
        many = [f.name for f in obj._meta.many_to_many if f.name in form.changed_data]
        also = {name: sorted(map(str, form.cleaned_data[name])) for name in many}
        save_in_admin(
            obj, changed=form.changed_data, actor=request.user, created=not change, also=also
        )

    def delete_model(self, request: HttpRequest, obj) -> None:
        delete_in_admin(obj, actor=request.user)

    def delete_queryset(self, request: HttpRequest, queryset) -> None:
        for obj in queryset:
            delete_in_admin(obj, actor=request.user)


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown for reference; changed only by the arbiter's pages and the TRF import."""

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False

    def has_delete_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


class RoundInline(admin.TabularInline):
    model = Round
    fields = readonly_fields = ("number", "state", "closed_at")
    extra = 0
    can_delete = False
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Model | None = None) -> bool:
        return False


@admin.register(Event)
class EventAdmin(AuditedAdmin):
    list_display = ["name", "slug", "parent", "system", "kind", "start_date", "rounds_planned"]
    list_filter = ["parent"]
    prepopulated_fields = {"slug": ["name"]}
    filter_horizontal = ["arbiters"]
    search_fields = ["name", "slug"]
    # the prize list is declared final on the arbiter's prize page, as its own audited action
    readonly_fields = ["version", "prizes_final_after"]
    inlines = [RoundInline]

    def formfield_for_foreignkey(self, db_field, request: HttpRequest, **kwargs):
        if db_field.name == "parent":  # one level: only an event that is no section groups
            kwargs["queryset"] = Event.objects.filter(parent=None)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def delete_model(self, request: HttpRequest, obj: Event) -> None:
        delete_section_in_admin(obj, actor=request.user)

    def delete_queryset(self, request: HttpRequest, queryset) -> None:
        for event in sorted(queryset, key=lambda e: e.parent_id is None):  # sections first
            delete_section_in_admin(event, actor=request.user)


@admin.register(Participant)
class ParticipantAdmin(AuditedAdmin):
    list_display = ["start_no", "name", "title", "federation", "rating", "event"]
    list_filter = ["event"]
    search_fields = ["name", "fide_id"]


@admin.register(Team)
class TeamAdmin(AuditedAdmin):
    list_display = ["number", "name", "event"]
    list_filter = ["event"]


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["event", "number", "state", "closed_at"]
    list_filter = ["event", "state"]


@admin.register(Match)
class MatchAdmin(ReadOnlyAdmin):
    list_display = ["round", "table", "home", "away", "forfeit"]
    list_filter = ["round__event", "forfeit"]


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = ["round", "board", "white", "black", "result", "entered_by", "entered_at"]
    list_filter = ["round__event", "round__number"]


@admin.register(UnplayedRound)
class UnplayedRoundAdmin(ReadOnlyAdmin):
    list_display = ["round", "participant", "kind"]
    list_filter = ["round__event", "kind"]


@admin.register(TeamBye)
class TeamByeAdmin(ReadOnlyAdmin):
    list_display = ["round", "team", "kind"]
    list_filter = ["round__event", "kind"]


@admin.register(ByeRequest)
class ByeRequestAdmin(ReadOnlyAdmin):
    list_display = ["event", "round_number", "participant", "team", "kind"]
    list_filter = ["event", "kind"]


@admin.register(AuditEntry)
class AuditEntryAdmin(ReadOnlyAdmin):
    list_display = ["at", "event", "user", "action", "target", "reason"]
    list_filter = ["event", "action"]
