"""The reader's language: from the browser, or the switcher's cookie; each language its own
cached render."""

from __future__ import annotations

import pytest
from django.conf import settings

from standings.live.publish import publish
from standings.web import languages, render
from tests.html import one, text

pytestmark = pytest.mark.django_db

SKIP = {"en": "Skip to content", "fr": "Aller au contenu", "de": "Zum Inhalt springen",
        "es": "Saltar al contenido"}  # fmt: skip


@pytest.mark.parametrize("code", list(SKIP))
def test_the_browser_s_language_chooses_the_page_s(client, event, code):
    response = client.get("/e/small-open/", HTTP_ACCEPT_LANGUAGE=f"{code},en;q=0.5")
    html = response.content.decode()
    assert one(html, "html")["lang"] == code
    assert text(one(html, "a.skip")) == SKIP[code]
    assert one(html, "main")["ws-connect"].endswith(f"&lang={code}")
    assert "Accept-Language" in response["Vary"]


def test_each_language_is_its_own_cached_render_and_etag(client, event):
    french = client.get("/e/small-open/", HTTP_ACCEPT_LANGUAGE="fr")
    english = client.get("/e/small-open/", HTTP_ACCEPT_LANGUAGE="en")
    assert french["ETag"] != english["ETag"]
    again = client.get(
        "/e/small-open/", HTTP_ACCEPT_LANGUAGE="fr", HTTP_IF_NONE_MATCH=french["ETag"]
    )
    assert again.status_code == 304
    other = client.get(
        "/e/small-open/", HTTP_ACCEPT_LANGUAGE="de", HTTP_IF_NONE_MATCH=french["ETag"]
    )
    assert other.status_code == 200
    assert one(other.content.decode(), "html")["lang"] == "de"


def test_an_unknown_language_gets_english(client, event):
    html = client.get("/e/small-open/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert one(html, "html")["lang"] == settings.LANGUAGE_CODE


def test_the_switcher_sets_a_cookie_that_outranks_the_browser(client, event):
    page = client.get("/language/?next=/e/small-open/round/3/")
    assert page["Cache-Control"].startswith("max-age=0")
    form = one(page.content.decode(), "form.language-choice")
    assert form.select_one("input[name=csrfmiddlewaretoken]") is not None
    assert form.select_one("input[name=next]")["value"] == "/e/small-open/round/3/"
    answer = client.post(form["action"], {"language": "es", "next": "/e/small-open/round/3/"})
    assert answer.status_code == 302 and answer["Location"] == "/e/small-open/round/3/"
    html = client.get("/e/small-open/round/3/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert one(html, "html")["lang"] == "es"


def test_the_switcher_refuses_a_post_without_csrf(event):
    from django.test import Client

    strict = Client(enforce_csrf_checks=True)
    assert strict.post("/i18n/setlang/", {"language": "fr"}).status_code == 403


def test_the_switcher_does_not_send_readers_elsewhere(client):
    html = client.get("/language/?next=https://evil.example/").content.decode()
    assert one(html, "input[name=next]")["value"] == "/"


def test_every_page_links_to_the_switcher_with_its_own_address(client, event):
    html = client.get("/e/small-open/player/2/").content.decode()
    assert one(html, "a.language")["href"] == "/language/?next=/e/small-open/player/2/"


def test_languages_read_from_headers_as_django_does():
    assert languages.from_headers("", "de-CH,de;q=0.9,en;q=0.5") == "de"
    assert languages.from_headers("django_language=es", "fr") == "es"
    assert languages.from_headers("django_language=xx", "fr") == "fr"
    assert languages.from_headers("", "") == settings.LANGUAGE_CODE


def test_hot_pages_are_rendered_ahead_in_the_languages_readers_use(client, event):
    client.get("/e/small-open/", HTTP_ACCEPT_LANGUAGE="fr")
    assert languages.in_use("small-open") == ["en", "fr"]
    state = publish(event.pk).state
    from django.utils import translation

    with translation.override("fr"):
        assert render.cached_page("small-open", state.version, "standings") is not None
    with translation.override("de"):
        assert render.cached_page("small-open", state.version, "standings") is None
