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

# Pages of these URL namespaces show or take what only signed-in people may see: no copy
# of them may stay in a shared tablet's cache or a proxy.
PRIVATE_NAMESPACES = {"arbiter", "events", "admin"}


class SecurityHeadersMiddleware(MiddlewareMixin):  # the mixin serves sync and async stacks
    def process_response(self, request: HttpRequest, response: HttpResponse) -> HttpResponse:
        response.headers.setdefault("Content-Security-Policy", CONTENT_SECURITY_POLICY)
        match = request.resolver_match
        private_page = match is not None and PRIVATE_NAMESPACES.intersection(match.namespaces)
        if private_page or _signed_in(request):
            add_never_cache_headers(response)
        return response


def _signed_in(request: HttpRequest) -> bool:
    """Whatever a signed-in person is sent, a public page included, stays out of caches."""
    user = getattr(request, "user", None)
    return user is not None and user.is_authenticated
