"""python manage.py serve_demo HOST PORT: `make run`'s server, which says where it answers.

runserver prints its address before it can answer, among its own start-up lines; a new user
needs the address and the demo's sign-ins once the page really opens, as the last lines.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.error
import urllib.request

from django.core.management.base import BaseCommand, CommandError

from standings.demo.accounts import DEMO_PASSWORDS, accounts_with_demo_passwords
from standings.demo.event import DEMO_SLUG

WILDCARDS = {"0.0.0.0", "::", "[::]"}
START_TIMEOUT = 60.0


def stop_group(server: subprocess.Popen) -> None:
    """Stop the server and its reloader's child as Ctrl-C would, then for good."""
    if server.poll() is not None:
        return
    try:
        os.killpg(server.pid, signal.SIGINT)
        server.wait(timeout=10)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    except ProcessLookupError:
        pass


class Command(BaseCommand):
    help = "Run the development server with the live demo and print its address once it answers."

    def add_arguments(self, parser) -> None:
        parser.add_argument("host", nargs="?", default="127.0.0.1")
        parser.add_argument("port", nargs="?", type=int, default=8000)
        parser.add_argument("--noreload", action="store_true", help="no reload on code changes")

    def handle(self, *args, host: str, port: int, noreload: bool, **options) -> None:
        env = dict(os.environ, DEMO_LIVE=os.environ.get("DEMO_LIVE", "1"))
        if host in WILDCARDS and "ALLOWED_HOSTS" not in os.environ:
            env["ALLOWED_HOSTS"] = "*"  # tablets on the venue's network name this machine
        bind = f"[{host.strip('[]')}]" if ":" in host else host
        command = [sys.executable, "manage.py", "runserver", f"{bind}:{port}"]
        # Its own process group: runserver's reloader runs the server as its child, and
        # both must stop with this command, whichever signal stops it.
        server = subprocess.Popen(
            command + (["--noreload"] if noreload else []), env=env, start_new_session=True
        )
        signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
        try:
            local = "127.0.0.1" if host in WILDCARDS else bind
            self.wait_until_answering(server, f"http://{local}:{port}/healthz")
            self.print_banner(host, bind, port)
            server.wait()
        except (KeyboardInterrupt, SystemExit):
            pass
        finally:
            stop_group(server)

    def wait_until_answering(self, server: subprocess.Popen, url: str) -> None:
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            if server.poll() is not None:
                raise CommandError(f"the server stopped (exit status {server.returncode})")
            try:
                with urllib.request.urlopen(url, timeout=2):
                    return
            except urllib.error.HTTPError:
                return  # it answers, even if a service it checks does not
            except OSError:
                time.sleep(0.2)
        raise CommandError(f"the server did not answer at {url} within {START_TIMEOUT:.0f} s")

    def print_banner(self, host: str, bind: str, port: int) -> None:
        shown = "127.0.0.1" if host in WILDCARDS else bind
        lines = [
            "",
            f"standings is running: http://{shown}:{port}/  (live demo: /e/{DEMO_SLUG}/)",
        ]
        if host in WILDCARDS:
            lines.append(f"  and on this machine's network addresses, port {port}")
        accounts = accounts_with_demo_passwords()
        if accounts:
            sign_ins = ", ".join(f"{name} / {DEMO_PASSWORDS[name]}" for name in accounts)
            lines.append(f"Sign in at http://{shown}:{port}/login/ as {sign_ins}")
        lines.append("Stop with Ctrl-C.")
        self.stdout.write("\n".join(lines))
        self.stdout.flush()
