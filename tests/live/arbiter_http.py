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

    def post(self, path: str, form: dict, page: str, htmx: bool = False) -> str:
        """POST a form of `page` (with its CSRF token); the answer, after any redirect.

        A refusal (403, 409) raises urllib's HTTPError.
        """
        data = {"csrfmiddlewaretoken": _CSRF.search(page).group(1), **form}
        headers = {"Referer": self.base_url + path}
        if htmx:  # as the tablet's page posts a result: the answer is the board's fragment
            headers["HX-Request"] = "true"
        request = urllib.request.Request(
            self.base_url + path, data=urllib.parse.urlencode(data).encode(), headers=headers
        )
        with self.opener.open(request, timeout=30) as response:
            return response.read().decode()

    def log_in(self, username: str, password: str) -> None:
        page = self.get("/login/")
        answer = self.post("/login/", {"username": username, "password": password}, page)
        if 'name="password"' in answer:
            raise RuntimeError(f"login as {username} refused")

    def round_page(self, slug: str, round_no: int) -> str:
        return self.get(f"/e/{slug}/arbiter/round/{round_no}/")

    def enter_result(
        self,
        slug: str,
        round_no: int,
        board: int,
        result: str,
        page: str | None = None,
        reason: str = "",
    ) -> str:
        """Tap a result on the round's arbiter page (fetched unless given), as htmx does; a
        correction of an entered board needs its `reason`."""
        page = page or self.round_page(slug, round_no)
        row = re.search(rf'id="board-{board}"[^>]*data-version="(\d+)"', page)
        form = {"version": row.group(1), "result": result, "reason": reason}
        path = f"/e/{slug}/arbiter/round/{round_no}/board/{board}/"
        return self.post(path, form, page, htmx=True)

    def match_page(self, slug: str, round_no: int, table: int) -> str:
        return self.get(f"/e/{slug}/arbiter/round/{round_no}/match/{table}/")

    def enter_match_result(
        self,
        slug: str,
        round_no: int,
        table: int,
        board: int,
        result: str,
        page: str | None = None,
    ) -> str:
        """Tap a board's result on a team match's arbiter page (fetched unless given), as
        htmx does."""
        page = page or self.match_page(slug, round_no, table)
        row = re.search(rf'id="board-{board}"[^>]*data-version="(\d+)"', page)
        form = {"version": row.group(1), "result": result}
        path = f"/e/{slug}/arbiter/round/{round_no}/match/{table}/board/{board}/"
        return self.post(path, form, page, htmx=True)
