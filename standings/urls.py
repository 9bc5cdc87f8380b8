from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("admin/", admin.site.urls),
    path("", include("standings.arbiter.urls")),
    path("", include("standings.live.urls")),
    path("", include("standings.events.urls")),
    path("", include("standings.web.urls")),
]
