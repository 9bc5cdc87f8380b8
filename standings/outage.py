"""What a request gets while the database is not answering: 503 and a sentence in the
reader's language, never the bare "Server Error (500)".

An htmx request (a tap on the arbiter's or scorer's page) gets a fragment that
static/arbiter/problems.js shows in the page without swapping anything, so the board
stays as it was; a plain request gets a page. Nothing was written: the transaction the
failure interrupted is rolled back by the database.
"""

from __future__ import annotations

import logging

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.cache import add_never_cache_headers
from django.utils.deprecation import MiddlewareMixin
from django.utils.translation import gettext as _

log = logging.getLogger(__name__)

# A connection refused, dropped or closed (a restart, a stopped server, a full disk, a
# locked or read-only file); not a fault of the query, which IntegrityError and
# ProgrammingError name.
OUTAGES = (OperationalError, InterfaceError)
RETRY_AFTER = 5  # seconds; a PostgreSQL restart takes about one


def is_outage(error: BaseException) -> bool:
    return isinstance(error, OUTAGES)


class DatabaseOutageMiddleware(MiddlewareMixin):  # the mixin serves sync and async stacks
    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if not is_outage(exception):
            return None
        log.warning("database not answering: %s %s: %s", request.method, request.path, exception)
        return outage_response(request)


def outage_response(request: HttpRequest) -> HttpResponse:
    writing = request.method not in ("GET", "HEAD", "OPTIONS")
    if writing:
        said = _("Not saved: the database is not answering. Tap again.")
    else:
        said = _("The database is not answering. Try again in a moment.")
    if getattr(request, "htmx", False):
        response = render(request, "outage.html#problem", {"said": said}, status=503)
        response["HX-Reswap"] = "none"  # whatever the page's htmx settings, nothing is swapped
    else:
        context = {"said": said, "writing": writing}
        response = render(request, "outage.html", context, status=503)
    response["Retry-After"] = str(RETRY_AFTER)
    add_never_cache_headers(response)
    return response
