"""The replay before Django (web.fast) answers each reader in their language."""

from __future__ import annotations

import pytest
from asgiref.sync import sync_to_async
from django.db import connections

from standings.live.publish import publish
from standings.web.fast import PublicPages
from tests.html import one
from tests.web import test_fast as asgi

pytestmark = pytest.mark.django_db(transaction=True)


async def test_a_replay_is_in_the_language_the_reader_asked_for(event):
    await sync_to_async(publish)(event.pk)
    django = asgi.CountingApp()
    fast = PublicPages(django)
    try:
        for code, headers in [
            ("fr", {"accept_language": "fr-FR,fr;q=0.9"}),
            ("de", {"accept_language": "de"}),
            ("es", {"accept_language": "fr", "cookie": "django_language=es"}),
            ("en", {}),
        ]:
            calls = django.calls
            first = await asgi.get(fast, "/e/small-open/", **headers)
            again = await asgi.get(fast, "/e/small-open/", **headers)
            assert django.calls == calls + 1, code  # the second one was replayed
            assert again == first
            assert one(again[2], "html")["lang"] == code
    finally:
        await sync_to_async(connections.close_all)()
