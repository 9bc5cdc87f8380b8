"""Take a server's database away for real, and bring it back (SQLite or PostgreSQL)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from urllib.parse import urlsplit, urlunsplit

from tests.servers import ServerDatabase


@contextmanager
def database_down(database: ServerDatabase) -> Iterator[None]:
    """While inside, every new connection of the server fails and open ones are cut: the
    SQLite file is moved away (a connection opens an empty file in its place, which has no
    tables); PostgreSQL refuses connections to the database and ends its sessions."""
    if database.url.startswith("sqlite:///"):
        path = database.url.removeprefix("sqlite:///")
        os.rename(path, path + ".away")
        try:
            yield
        finally:
            for made in (path, path + "-journal"):
                if os.path.exists(made):
                    os.remove(made)
            os.rename(path + ".away", path)
        return
    import psycopg

    parts = urlsplit(database.url)
    name = parts.path.lstrip("/")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS false')
        conn.execute(
            "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = %s", [name]
        )
    try:
        yield
    finally:
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'ALTER DATABASE "{name}" WITH ALLOW_CONNECTIONS true')
