from django.urls import path

from . import bam_views, board_views, knockout_urls, views

app_name = "bridge_events"

urlpatterns = [
    path("b/import/", views.import_page, name="import"),
    path("b/<slug:slug>/", views.standings_page, name="standings"),
    path("b/<slug:slug>/screen/", views.screen_page, name="screen"),
    path("b/<slug:slug>/team/<int:team>/", views.team_page, name="team"),
    path("b/<slug:slug>/score/", views.score_page, name="score"),
    path("b/<slug:slug>/score/enter", views.enter_match, name="enter"),
    path("b/<slug:slug>/score/bam", views.enter_bam_match, name="enter_bam"),
    path("b/<slug:slug>/score/session", views.enter_session, name="enter_session"),
    path("b/<slug:slug>/score/draw", board_views.draw_table, name="draw"),
    path("b/<slug:slug>/score/undraw", board_views.undraw_table, name="undraw"),
    path("b/<slug:slug>/score/<int:number>/<int:table>/", board_views.match_page, name="match"),
    path(
        "b/<slug:slug>/score/<int:number>/<int:table>/board",
        board_views.enter_board,
        name="enter_board",
    ),
    path("b/<slug:slug>/score/knockout/<int:segment>/", board_views.segment_page, name="segment"),
    path(
        "b/<slug:slug>/score/knockout/<int:segment>/board",
        board_views.enter_segment_board,
        name="enter_segment_board",
    ),
    path(
        "b/<slug:slug>/score/bam/<int:number>/<int:home>-<int:away>/",
        bam_views.match_page,
        name="bam_match",
    ),
    path(
        "b/<slug:slug>/score/bam/<int:number>/<int:home>-<int:away>/board",
        bam_views.enter_board,
        name="enter_bam_board",
    ),
    path("b/<slug:slug>/score/bam/<int:number>/start", bam_views.start_match, name="start_bam"),
    *knockout_urls.urlpatterns,
]
