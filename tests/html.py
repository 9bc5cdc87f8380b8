"""Read a page as a browser would: parsed elements, not bytes (BeautifulSoup with CSS selectors)."""

from __future__ import annotations

from bs4 import BeautifulSoup, Tag

Page = str | bytes | Tag  # a page or fragment, or an element already parsed


def parse(html: Page) -> Tag:
    if isinstance(html, Tag):
        return html
    if isinstance(html, bytes):
        html = html.decode()
    return BeautifulSoup(html, "html.parser")


def select(html: Page, selector: str) -> list[Tag]:
    """Every element matching the CSS selector (inside the element, when given one)."""
    return parse(html).select(selector)


def one(html: Page, selector: str) -> Tag:
    """The one element matching the CSS selector; fails when there are none or several."""
    found = select(html, selector)
    assert len(found) == 1, f"{len(found)} elements match {selector!r}"
    return found[0]


def text(element: Tag) -> str:
    """The element's text with runs of whitespace as one space, as a reader sees it."""
    return " ".join(element.get_text(" ").split())


def texts(html: Page, selector: str) -> list[str]:
    """The text of every element matching the CSS selector."""
    return [text(element) for element in select(html, selector)]
