from django.urls import path

from . import views

app_name = "web"

urlpatterns = [
    path("", views.index, name="index"),
    path("e/<slug:slug>/", views.standings, name="standings"),
    path("e/<slug:slug>/round/<int:number>/", views.round_results, name="round"),
    path("e/<slug:slug>/crosstable/", views.crosstable, name="crosstable"),
    path("e/<slug:slug>/player/<int:start_no>/", views.player, name="player"),
    path("e/<slug:slug>/standings.json", views.standings_json, name="json"),
    path("e/<slug:slug>/screen/", views.screen, name="screen"),
    path("e/<slug:slug>/qr.svg", views.qr_code, name="qr"),
]
