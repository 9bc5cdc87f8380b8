"""Response headers for every page: a Content-Security-Policy, and no-store on private pages
and on anything sent to a signed-in person."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponse
from django.utils.cache import add_never_cache_headers
from django.utils.deprecation import MiddlewareMixin

# Scripts and styles only from our own static files (htmx's injected indicator style is
# turned off by the htmx-config meta tag in base.html); 'self' covers the same host's ws://.
CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    ]
)

# The embeddable widget (web's "widget" page) may be framed by any site; every other page
# keeps frame-ancestors 'none' and X-Frame-Options.
FRAMEABLE = {"web:widget"}
WIDGET_POLICY = CONTENT_SECURITY_POLICY.replace("frame-ancestors 'none'", "frame-ancestors *")

# The read API (docs/api.md): JSON any site's script may read (CORS), GET and HEAD only.
OPEN_READS = {
    "web:json",
    "web:roundjson",
    "web:crosstablejson",
    "web:playerjson",
    "web:racejson",
    "web:afterjson",
    "web:events_json",
    "web:openapi",
}

# Pages of these URL namespaces show or take what only signed-in people may see: no copy
# of them may stay in a shared tablet's cache or a proxy.
PRIVATE_NAMESPACES = {"arbiter", "events", "admin"}


class SecurityHeadersMiddleware(MiddlewareMixin):  # the mixin serves sync and async stacks
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        match = request.resolver_match
        name = match.view_name if match is not None else ""
        if name in FRAMEABLE:
            response.headers.setdefault("Content-Security-Policy", WIDGET_POLICY)
            response.xframe_options_exempt = True  # read by XFrameOptionsMiddleware
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        if name in OPEN_READS and request.method in ("GET", "HEAD"):
            response.headers["Access-Control-Allow-Origin"] = "*"
            response.headers["Access-Control-Expose-Headers"] = "ETag, X-Event-Version"
        private_page = match is not None and PRIVATE_NAMESPACES.intersection(match.namespaces)
        if private_page or _never_cached(response) or _signed_in(request):
            add_never_cache_headers(response)
        return response


def _never_cached(response: HttpResponse) -> bool:
    """Already kept out of caches: nothing to ask of the session (the database may be the
    reason for this answer, standings.outage's)."""
    return "no-store" in response.get("Cache-Control", "")


def _signed_in(request: HttpRequest) -> bool:
    """Whatever a signed-in person is sent, a public page included, stays out of caches."""
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated
