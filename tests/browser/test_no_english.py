"""No English on a French, German or Spanish page (issue 26): every public and arbiter page of
the demos (individual, team, sections, bridge), one of each kind, opened in Chromium in fr,
de and es with its scripts running and its socket live, and the live pages again after a
live update. The words looked for are the interface's own: every English text of the
catalogue that the language translates, plus what scripts write (the live indicator, the
screen's views, a time with AM/PM). The browser itself speaks English (en-US): the page's
language comes from the reader's cookie, so a script that words a time in the browser's
locale instead of the page's is caught."""

from __future__ import annotations

import gettext
import re
from functools import cache

import pytest
from playwright.sync_api import expect

from tests.servers import ROOT, AsgiServer, ServerDatabase

from . import demos
from .conftest import WRITE
from .demos import UNLINKED, crawl, public
from .test_live import wait_live

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LANGUAGES = ("fr", "de", "es")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}|<[^>]*>")
# Written by scripts rather than taken from the catalogue.
SCRIPT_WORDS = ["connecting…", "reconnecting…", "Pairings and results", "page 1 of"]
TWELVE_HOUR = re.compile(r"\b\d{1,2}:\d{2}(:\d{2})?\s?[AP]\.?M\b", re.IGNORECASE)
# Names the demos give (events, sections, a prize category): English words, yet names.
NAMES = (
    "Demo Open",
    "Demo Cup",
    "Open A",
    "Open B",
    "Demo Team Championship",
    "Demo Bridge",
    "Unrated",
)

# The page's text as a reader gets it, names left out: what is shown, plus the
# attributes a screen reader or a hover says.
READ = """() => {
  const body = document.body.cloneNode(true);
  body.querySelectorAll('bdi, code, script, style, [hidden]').forEach((el) => el.remove());
  const holder = document.createElement('div');
  holder.style.cssText = 'position:absolute;left:-99999px';
  holder.appendChild(body);
  document.documentElement.appendChild(holder);
  const parts = [body.innerText];
  holder.remove();
  parts.push(document.title);
  for (const el of document.querySelectorAll('[title], [aria-label], [placeholder], [alt]')) {
    for (const name of ['title', 'aria-label', 'placeholder', 'alt']) {
      if (el.hasAttribute(name)) parts.push(el.getAttribute(name));
    }
  }
  return parts.join('\\n');
}"""


@cache
def english(language: str) -> list[tuple[str, str, re.Pattern[str]]]:
    """The catalogue's English texts that `language` words differently, each with its
    longest literal part and a pattern (its placeholders matching anything short), leaving
    out those the language writes too (French says "bye" and "match": no English text is
    found, whatever its case, inside a translation)."""
    path = ROOT / "locale" / language / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as file:
        catalogue = gettext.GNUTranslations(file)._catalog  # type: ignore[attr-defined]
    translations = "\n".join(catalogue.values())
    folded = translations.lower()
    found: dict[str, tuple[str, re.Pattern[str]]] = {}
    for key, translated in catalogue.items():
        msgid = key[0] if isinstance(key, tuple) else key
        msgid = msgid.split("\x04")[-1]  # a context's prefix
        if not msgid or msgid == translated or "\n" in msgid or msgid in found:
            continue
        made = phrase(msgid)
        if not made:
            continue
        needle, pattern = made
        written = needle.lower() in folded and re.search(pattern.pattern, translations, re.I)
        if not written:
            found[msgid] = made
    for words in SCRIPT_WORDS:
        found[words] = phrase(words)  # type: ignore[assignment]
    return [(msgid, needle, pattern) for msgid, (needle, pattern) in found.items()]


def phrase(msgid: str) -> tuple[str, re.Pattern[str]] | None:
    literal = [part.strip() for part in PLACEHOLDER.split(msgid)]
    literal = [part for part in literal if re.search(r"[A-Za-z]", part)]
    if sum(len(part) for part in literal) < 3:
        return None
    body = r"[^\n]{0,40}?".join(re.escape(part) for part in literal)
    start = r"\b" if literal[0][0].isalnum() else ""
    end = r"\b" if literal[-1][-1].isalnum() else ""
    return max(literal, key=len), re.compile(start + body + end)


def leftovers(text: str, language: str) -> list[str]:
    for name in NAMES:
        text = text.replace(name, " ")
    said = []
    for msgid, needle, pattern in english(language):
        if needle not in text:  # most texts: no regular expression run
            continue
        for found in pattern.finditer(text):
            around = text[max(0, found.start() - 30) : found.end() + 30].replace("\n", " | ")
            said.append(f"{msgid!r} in “{around}”")
    said += [found.group(0) for found in TWELVE_HOUR.finditer(text)]
    return said


def read(page, language: str) -> list[str]:
    if page.locator("#live-indicator").count():
        wait_live(page)
    expect(page.locator("html")).to_have_attribute("lang", language)
    return leftovers(page.evaluate(READ), language)


def arbiter(path: str) -> bool:
    return (
        any(part in path for part in ("/arbiter/", "/score/", "/import/"))
        and "logout" not in path
        and not re.search(r"\.(json|csv)$", path.split("?")[0])
    )


ARBITER_STARTS = (
    "/e/demo-open/arbiter/",
    "/e/demo-teams/arbiter/",
    "/e/demo-cup-a/arbiter/",
    "/b/demo-bridge/score/",
    "/import/",
)
# A free board of each language's live update (round 6 of the demo open is in progress).
FREE_BOARD = {"fr": 5, "de": 10, "es": 14}


@pytest.fixture(scope="module")
def venue(redis_url):
    """A server on a fresh database holding every demo."""
    import redis

    redis.Redis.from_url(redis_url).flushdb()  # renders are keyed by slug and version
    database = ServerDatabase().create()
    database.manage("load_demo")
    database.manage("load_bridge_demo")
    server = AsgiServer(database, redis_url).start()
    yield server
    server.stop()
    database.drop()


@pytest.fixture(autouse=True)
def one_section(monkeypatch):
    """The cup's sections are pages of the same kinds: read one of each, not three."""
    kind = demos.kind
    monkeypatch.setattr(demos, "kind", lambda path: kind(re.sub(r"/demo-cup-\w+/", "/cup/", path)))


@pytest.fixture(scope="module")
def reader(chromium):
    context = chromium.new_context(locale="en-US", bypass_csp=True)
    yield context
    context.close()


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_english_interface_text_on_any_page(venue, reader, language):
    base = venue.url
    reader.clear_cookies()
    reader.add_cookies([{"name": "django_language", "value": language, "url": base}])
    page = reader.new_page()
    found = crawl(page, base, ("/", *UNLINKED), public, lambda page: read(page, language))

    page.goto(f"{base}/login/?next=/e/demo-open/arbiter/")
    page.fill("input[name=username]", "admin")
    page.fill("input[name=password]", "admin")
    page.click("button[type=submit]")
    page.wait_for_url(f"{base}/e/demo-open/arbiter/")
    found.update(crawl(page, base, ARBITER_STARTS, arbiter, lambda page: read(page, language)))

    # A live update reaching a follower's pairings, the standings and the arbiter's round.
    watched = {}
    for path in ("/e/demo-open/round/6/", "/e/demo-open/", "/e/demo-open/arbiter/round/6/"):
        watched[path] = reader.new_page()
        watched[path].goto(base + path)
        wait_live(watched[path])
    versions = {
        p: w.locator("#last-update").get_attribute("data-version") for p, w in watched.items()
    }
    call = f'enter_result(event, 6, {FREE_BOARD[language]}, "10")'
    venue.database.run_python(WRITE.format(slug="demo-open", call=call), venue.redis_url)
    for path, watcher in watched.items():
        expect(watcher.locator("#last-update")).not_to_have_attribute(
            "data-version", versions[path] or "", timeout=15000
        )
        watcher.wait_for_timeout(2000)  # the announcer speaks 1.5 s after a burst
        said = read(watcher, language)
        # Every time of day on the page in one format, 24-hour (the server's and the script's).
        times = watcher.eval_on_selector_all(
            "time[datetime*='T']", "all => all.map(t => t.textContent)"
        )
        said += [f"time {time!r}" for time in times if not re.fullmatch(r"\d\d:\d\d:\d\d", time)]
        found[path + " (after a live update)"] = said
        watcher.close()
    page.close()

    english_left = {path: said for path, said in found.items() if said}
    assert english_left == {}, f"{len(found)} pages read"
