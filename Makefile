# Two commands: `make run` (demo on http://127.0.0.1:8000; HOST=0.0.0.0 PORT=8080 to change)
# and `make test`.
PYTHON ?= python3
HOST ?= 127.0.0.1
PORT ?= 8000
VENV := .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: run test setup browser browser-repeat lint bench clean messages fixtures

$(STAMP): pyproject.toml
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(PY) manage.py migrate --noinput
	$(PY) manage.py load_demo
	$(PY) manage.py load_bridge_demo
	@# The followers' notifications go out from a worker beside the server (docs/follow.md).
	$(PY) manage.py follow_worker & worker=$$!; trap 'kill $$worker' EXIT INT TERM; \
	DEMO_LIVE=1 $(PY) manage.py serve_demo $(HOST) $(PORT)

# Browser tests need Debian's Chromium; install it when missing and we may.
browser:
	@test -x /usr/bin/chromium || { \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing Debian's Chromium for the browser tests (apt-get; 1-5 minutes, once)..."; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else echo "Chromium missing: sudo apt-get install chromium"; fi; }

# The browser tests mostly wait (for a page, a push, a reconnect): they run beside the rest,
# in two processes (pytest-xdist, a test file to a process), their output printed after it;
# either failing fails the target.
test: $(STAMP) browser
	@log="$$(mktemp)"; status=0; \
	$(PY) -m pytest -p no:cacheprovider -m browser -n 2 --dist loadfile >"$$log" 2>&1 & browser=$$!; \
	$(PY) -m pytest -m "not browser" || status=$$?; \
	wait $$browser || status=$$?; \
	echo "== the browser tests, run beside the others:"; cat "$$log"; rm -f "$$log"; \
	exit $$status

# The browser lane as `make test` runs it, N times in a row (each run in its own random
# order, its seed printed), every run to the end, then how many passed: a flake is caught
# before it reaches CI. `make browser-repeat N=10 BROWSER_TESTS=tests/browser/test_live.py`
# repeats one file.
N ?= 10
BROWSER_TESTS ?=
browser-repeat: $(STAMP) browser
	@passed=0; for run in $$(seq $(N)); do \
	  echo "== browser lane, run $$run of $(N)"; \
	  if $(PY) -m pytest -p no:cacheprovider -m browser -n 2 --dist loadfile -q $(BROWSER_TESTS); \
	  then passed=$$((passed + 1)); fi; \
	done; echo "== $$passed of $(N) runs passed"; [ "$$passed" = "$(N)" ]

# ruff (lint and format), mypy with django-stubs (types), vulture (dead code); settings in
# pyproject.toml. The same checks run before each commit with `pre-commit install`.
lint: $(STAMP)
	$(VENV)/bin/ruff check standings tests bench
	$(VENV)/bin/ruff format --check standings tests bench
	$(VENV)/bin/mypy
	$(VENV)/bin/vulture

# After marking new text: update locale/*/django.po, translate the new entries, then compile
# the .mo files, which are committed (docs/translations.md). Needs GNU gettext.
messages: $(STAMP)
	$(PY) manage.py makemessages --no-location --no-obsolete --ignore=.venv --ignore=staticfiles \
	  --ignore=tests --ignore=bench -l fr -l de -l es
	$(PY) manage.py compilemessages --ignore=.venv

bench: $(STAMP)
	$(PY) bench/engine_bench.py

# The reference files arrive in shared/fixtures beside the repository; the tests read the
# repository's own copy (tests/fixtures). This copies what is new or changed and says what
# (INCOMING=dir for another place).
fixtures:
	$(PYTHON) tests/sync_fixtures.py $(INCOMING)

clean:
	rm -rf $(VENV) db.sqlite3 staticfiles tests/artifacts
