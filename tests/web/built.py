"""A follower's GET of a page whose race or after-round table is built off the request path
(web/derived.py): the tests' transaction hides their writes from the builder's thread, so a
"being computed" answer is followed here by the build the thread would have run."""

from __future__ import annotations

from django.test import Client

from standings.state import cache as state_cache
from standings.web import derived


def fetched(client: Client, path: str, **extra):
    response = client.get(path, **extra)
    if response.status_code != 503:
        return response
    slug = path.split("/")[2]
    version = state_cache.current_version(slug)
    assert version is not None
    derived.build(slug, version)
    return client.get(path, **extra)
