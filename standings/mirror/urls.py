from django.urls import path

from . import views

app_name = "mirror"
urlpatterns = [
    path("mirror/<slug:slug>/", views.receive, name="receive"),
    # The venue's arbiter page asks again every 5 s (templates/mirror/_status.html).
    path("e/<slug:slug>/arbiter/mirror-status/", views.status, name="status"),
    # A mirrored event's public pages ask again every 15 s (templates/mirror/_venue.html).
    path("e/<slug:slug>/venue/", views.venue, name="venue"),
]
