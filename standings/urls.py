from django.contrib import admin
from django.urls import include, path

from standings.health import healthz
from standings.security.login import AdminSignInForm

admin.site.login_form = AdminSignInForm  # the admin's sign-in is throttled like /login/

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language, the switcher's POST
    path("", include("standings.arbiter.urls")),
    path("", include("standings.events.urls")),
    path("", include("standings.web.urls")),
    path("", include("standings.bridge_events.urls")),
]
