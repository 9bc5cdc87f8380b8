"""An arbiter at a tablet, over plain HTTP: log in through the login page, enter results.

Used by the multi-process test and by bench/live_bench.py; the standard library only.
"""

from __future__ import annotations

import re
import urllib.parse
import urllib.request
from http.cookiejar import CookieJar

_CSRF = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


class ArbiterClient:
    def __init__(self, base_url: str) -> None:
        self.base_url = base_url
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(CookieJar()))

    def get(self, path: str) -> str:
        with self.opener.open(self.base_url + path, timeout=30) as response:
            return response.read().decode()

    def post(self, path: str, form: dict, page: str) -> str:
        """POST a form of `page` (its CSRF token), following the redirect; the final URL."""
        data = {"csrfmiddlewaretoken": _CSRF.search(page).group(1), **form}
        request = urllib.request.Request(
            self.base_url + path,
            data=urllib.parse.urlencode(data).encode(),
            headers={"Referer": self.base_url + path},
        )
        with self.opener.open(request, timeout=30) as response:
            response.read()
            return response.url

    def log_in(self, username: str, password: str) -> None:
        page = self.get("/login/")
        landed = self.post("/login/", {"username": username, "password": password}, page)
        if "/login/" in landed:
            raise RuntimeError(f"login as {username} refused")

    def enter_result(self, slug: str, round_no: int, board: int, result: str) -> None:
        """Tap a result on the round's arbiter page, with the version the page showed."""
        page = self.get(f"/e/{slug}/arbiter/round/{round_no}/")
        row = re.search(rf'id="board-{board}"[^>]*data-version="(\d+)"', page)
        form = {"version": row.group(1), "result": result}
        path = f"/e/{slug}/arbiter/round/{round_no}/board/{board}/"
        self.post(path, form, page)  # a refusal answers 409: urllib raises HTTPError
