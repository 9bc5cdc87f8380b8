from django.urls import path

from . import language, pages, views

app_name = "web"

urlpatterns = [
    path("", views.index, name="index"),
    path("api/events.json", views.events_json, name="events_json"),
    path("api/openapi.json", views.openapi_json, name="openapi"),
    path("language/", language.choose, name="language"),
    *(
        path(f"e/<slug:slug>/{page.route}", views.event_page, {"page": page.name}, name=page.name)
        for page in pages.PAGES.values()
    ),
    path("e/<slug:slug>/find/", views.find, name="find"),
    path("e/<slug:slug>/qr.svg", views.qr_code, name="qr"),
]
