"""The knockout scorer's addresses (under /b/<slug>/score/)."""

from __future__ import annotations

from django.urls import URLPattern, path

from . import knockout_views

urlpatterns: list[URLPattern] = [
    path("b/<slug:slug>/score/knockout/", knockout_views.score_page, name="score_knockout"),
    path("b/<slug:slug>/score/segment", knockout_views.enter_segment, name="enter_segment"),
    path("b/<slug:slug>/score/segments", knockout_views.set_segments, name="set_segments"),
]
