from django.contrib import admin
from django.templatetags.static import static
from django.urls import include, path
from django.views.generic import RedirectView

from standings.health.views import healthz
from standings.security.login import AdminSignInForm

admin.site.login_form = AdminSignInForm  # the admin's sign-in is throttled like /login/

urlpatterns = [
    path("admin/", admin.site.urls),
    path("healthz", healthz, name="healthz"),
    # browsers ask for /favicon.ico whatever the page links to
    path("favicon.ico", RedirectView.as_view(url=static("web/favicon.ico"), permanent=True)),
    path("i18n/", include("django.conf.urls.i18n")),  # set_language, the switcher's POST
    path("", include("standings.follow.urls")),
    path("", include("standings.arbiter.urls")),
    path("", include("standings.web.urls")),
    path("", include("standings.bridge_events.urls")),
    path("", include("standings.mirror.urls")),  # a venue's batches (docs/deployment.md)
]
