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


class Command(BaseCommand):
    help = "Run the development server with the live demo and print its address once it answers."

    def add_arguments(self, parser) -> None:
        parser.add_argument("host", nargs="?", default="127.0.0.1")
        parser.add_argument("port", nargs="?", type=int, default=8000)

    def handle(self, *args, host: str, port: int, **options) -> None:
        env = dict(os.environ, DEMO_LIVE=os.environ.get("DEMO_LIVE", "1"))
        if host in WILDCARDS and "ALLOWED_HOSTS" not in os.environ:
            env["ALLOWED_HOSTS"] = "*"  # tablets on the venue's network name this machine
        bind = f"[{host.strip('[]')}]" if ":" in host else host
        server = subprocess.Popen(
            [sys.executable, "manage.py", "runserver", f"{bind}:{port}"], env=env
        )
        try:
            local = "127.0.0.1" if host in WILDCARDS else bind
            self.wait_until_answering(server, f"http://{local}:{port}/healthz")
            self.print_banner(host, bind, port)
            server.wait()
        except KeyboardInterrupt:
            server.send_signal(signal.SIGINT)
            server.wait()
        finally:
            if server.poll() is None:
                server.terminate()

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
