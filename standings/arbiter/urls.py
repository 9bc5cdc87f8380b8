from django.contrib.auth import views as auth_views
from django.urls import path

from standings.security.login import SignInView

from . import imports, prize_views, rating_views, settings_views, team_views, views

app_name = "arbiter"

urlpatterns = [
    path("login/", SignInView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(next_page="/"), name="logout"),
    path("import/", imports.import_new, name="import"),
    path("e/<slug:slug>/import/", imports.import_into, name="reimport"),
    path("e/<slug:slug>/import/section/", imports.import_section, name="import_section"),
    path("e/<slug:slug>/arbiter/", views.round_page, name="current"),
    path("e/<slug:slug>/arbiter/round/<int:number>/", views.round_page, name="round"),
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/board/<int:board>/",
        views.enter_result,
        name="result",
    ),
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/publish/",
        views.publish_pairings,
        name="publish",
    ),
    path("e/<slug:slug>/arbiter/round/<int:number>/close/", views.close_round, name="close"),
    path("e/<slug:slug>/arbiter/round/<int:number>/reopen/", views.reopen_round, name="reopen"),
    path("e/<slug:slug>/arbiter/audit/", views.audit, name="audit"),
    path("e/<slug:slug>/arbiter/settings/", settings_views.settings_page, name="settings"),
    path(
        "e/<slug:slug>/arbiter/settings/preview/",
        settings_views.settings_preview,
        name="settings_preview",
    ),
    path("e/<slug:slug>/arbiter/settings/rating/", rating_views.rating_settings, name="rating"),
    path("e/<slug:slug>/arbiter/settings/prizes/", prize_views.prize_settings, name="prizes"),
    path(
        "e/<slug:slug>/arbiter/settings/prizes/final/",
        prize_views.prize_final,
        name="prizes_final",
    ),
    path(
        "e/<slug:slug>/arbiter/settings/prizes/preview/",
        prize_views.prize_preview,
        name="prizes_preview",
    ),
    path(
        "e/<slug:slug>/arbiter/settings/prizes.json",
        prize_views.prize_export,
        name="prizes_export",
    ),
    # Team events: a round's matches, each with its boards.
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/match/<int:table>/",
        team_views.match_page,
        name="match",
    ),
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/match/<int:table>/board/<int:board>/",
        team_views.enter_result,
        name="match_result",
    ),
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/match/<int:table>/forfeit/",
        team_views.forfeit_match,
        name="forfeit",
    ),
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/match/<int:table>/lineup/<int:team>/",
        team_views.set_lineup,
        name="lineup",
    ),
    path(
        "e/<slug:slug>/arbiter/round/<int:number>/team-bye/",
        team_views.team_bye,
        name="team_bye",
    ),
]
