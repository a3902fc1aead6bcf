# The one place that says how to set up, run, test and benchmark the site.
#   make run    set up, then serve on http://127.0.0.1:8000 as an operator runs it (DEBUG off)
#   make dev    set up, then Django's development server (DEBUG on, reloads on edits)
#   make serve  production: app servers behind nginx on PostgreSQL and Redis (docs/deploy.md)
#   make check  the fast loop: lint (ruff, eslint), the JavaScript unit tests, check
#               migrations, every test but the browser and ops tests, in parallel
#   make test   set up, then lint, check migrations and run every test (browser tests too)
#   make test-database  set up, then only the tests that may query the database (CI's
#               PostgreSQL pass)
#   make test-noto  the browser tests on a machine with Debian's Noto fonts
#   make bench  set up, then run each benchmark in bench/
#   make mutate set up, then mutation-test the engine, the game API, quiz services, accounts
#   make native-check  the solver's compiled core under AddressSanitizer and UBSan
# Every variable below can be overridden: make run PORT=8080, make test PYTEST_ARGS="-x -k home"

PYTHON ?= python3
VENV ?= .venv
HOST ?= 127.0.0.1
PORT ?= 8000
CHROMIUM ?= /usr/bin/chromium
PYTEST_ARGS ?=
# make test: pytest-xdist workers (auto: one per core; 0 runs the tests in this process).
PYTEST_WORKERS ?= auto
# make serve: how many app servers (gunicorn) behind nginx, on ports from APP_PORT on.
APP_SERVERS ?= 2
APP_PORT ?= 8001
# apt-get needs root; use sudo when make runs as another user.
SUDO ?= $(shell [ "$$(id -u)" = 0 ] || echo sudo)

BIN := $(VENV)/bin
MANAGE := $(BIN)/python manage.py
# Marks that the virtualenv holds what requirements.lock lists; lives inside the venv so
# removing the venv removes it too.
INSTALLED := $(VENV)/.requirements.lock.installed
PO_FILES := $(wildcard locale/*/LC_MESSAGES/django.po)
MO_FILES := $(PO_FILES:.po=.mo)

.PHONY: setup native native-check run dev check js-check test test-database test-noto bench mutate migrate messages chromium node_modules java gettext serve ops-tools common-words

setup: $(INSTALLED) native messages migrate
	@# Load content: the rules page's sections from quiz/content/rules.toml, the practice
	@# page's sections and quiz questions from quiz/content/practice.toml (idempotent;
	@# content edited in the admin is kept).
	$(MANAGE) load_content
	@# collectstatic is not needed here: local and test settings serve static/ directly;
	@# production runs `manage.py collectstatic --noinput` when it deploys.

# The solver's compiled core (mahjong/solver/core.c), built with the machine's C compiler
# when it is older than its source; without a compiler the pure-Python solver runs.
native: $(INSTALLED)
	$(BIN)/python tools/build_native.py

# The core's tests with the core built under AddressSanitizer and UndefinedBehaviorSanitizer
# (the interpreter is not: the sanitizer's runtime is preloaded). Leaks are not checked:
# the interpreter itself keeps memory to the end.
NATIVE_TESTS ?= tests/engine/test_native.py tests/engine/test_native_inputs.py
native-check: $(INSTALLED)
	$(BIN)/python tools/build_native.py --sanitize
	MAHJONG_SOLVER_CORE="$$(ls build/sanitized/_core*.so)" \
	LD_PRELOAD="$$($${CC:-cc} -print-file-name=libasan.so) $$($${CC:-cc} -print-file-name=libubsan.so)" \
	ASAN_OPTIONS=detect_leaks=0 UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
	$(BIN)/pytest -p no:cacheprovider $(NATIVE_TESTS)

# The site as one small server runs it (mahjongsite/settings/single.py): DEBUG off, static
# files through WhiteNoise, SQLite, a secret key generated once into .secret_key, mail to
# the console; gunicorn, one process with threads, answering a request it cannot read
# with the site's own page (mahjongsite/gunicorn_worker.py).
RUN_SETTINGS := DJANGO_SETTINGS_MODULE=mahjongsite.settings.single
run: setup
	$(RUN_SETTINGS) $(MANAGE) collectstatic --noinput -v0
	$(RUN_SETTINGS) $(BIN)/gunicorn mahjongsite.wsgi --bind $(HOST):$(PORT) \
		--workers 1 --threads 8 --access-logfile - \
		--worker-class mahjongsite.gunicorn_worker.SiteThreadWorker

# Development: Django's server with DEBUG on, reloading on every edit.
dev: setup
	$(MANAGE) runserver $(HOST):$(PORT)

# Production settings on the machine: DATABASE_URL (PostgreSQL), REDIS_URL and
# DJANGO_SECRET_KEY from the environment. Migrates, loads the content, collects the static
# files, then runs APP_SERVERS gunicorn app servers behind nginx on HOST:PORT until Ctrl-C.
serve: $(INSTALLED) messages ops-tools
	$(BIN)/python -m deploy.stack serve --port $(PORT) --app-servers $(APP_SERVERS) \
		--first-app-port $(APP_PORT)

# The JavaScript: eslint (eslint.config.js, pinned in package-lock.json) over the modules
# and their tests, and the unit tests of the pure modules (tests/js, Node's own runner).
NODE_BIN := node_modules/.bin
JS_LINTED := static/js tests/js eslint.config.js
js-check: node_modules
	$(NODE_BIN)/eslint $(JS_LINTED)
	node --test tests/js/

# The fast loop before a commit: what needs no browser, no Java, no nginx, Redis or
# PostgreSQL server, on one pytest-xdist worker per core. The catalogue check runs only
# where GNU gettext is installed.
CHECK_IGNORE := --ignore=tests/browser --ignore=tests/ops \
	$(if $(shell command -v xgettext),,--ignore=tests/web/test_catalogues.py)
check: $(INSTALLED) native messages js-check
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(MANAGE) makemigrations --check --dry-run
	$(BIN)/pytest -q -n $(PYTEST_WORKERS) --dist loadgroup $(CHECK_IGNORE) $(PYTEST_ARGS)

# pytest on the workers, failing with a word when it collects no test (its exit status 5).
PYTEST_ALL = $(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadgroup
NO_TESTS_SAID = || { status=$$?; \
	if [ $$status -eq 5 ]; then echo "pytest collected no tests: failing." >&2; fi; \
	exit $$status; }

test: setup chromium node_modules java gettext ops-tools js-check
	$(MANAGE) makemigrations --check --dry-run
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(PYTEST_ALL) $(PYTEST_ARGS) $(NO_TESTS_SAID)

# CI's second pass (.ci/run): only the tests that may query the database, on the one
# DATABASE_URL names. pytest-django refuses every other test any query, so lint, the
# JavaScript's tests and those tests give the same answer on any database: they ran in
# the first pass.
test-database: setup chromium node_modules java
	$(PYTEST_ALL) --database-tests-only $(PYTEST_ARGS) $(NO_TESTS_SAID)

# The browser tests on a machine that has Debian's Noto fonts (fonts-noto-core), as many
# players' machines do: the site's text is its own font (static/fonts/), so the pages lay
# out there as anywhere. The package is unpacked into build/noto/ and given to Chromium
# through fontconfig for this run alone (FONTCONFIG_FILE): the machine's fonts stay as
# they are. make test-noto NOTO_TESTS="tests/browser/test_bar_labels.py tests/browser/test_board.py"
# fonts.conf names its folders relative to itself (prefix="relative"), so nothing in it
# depends on where the checkout lies.
NOTO_DIR := build/noto
NOTO_TESTS ?= tests/browser
test-noto: setup chromium node_modules java
	@if [ ! -f "$(NOTO_DIR)/fonts.conf" ]; then \
		echo "Unpacking Debian's fonts-noto-core into $(NOTO_DIR)"; \
		rm -rf "$(NOTO_DIR)" && mkdir -p "$(NOTO_DIR)" && cd "$(NOTO_DIR)" && \
		{ apt-get download fonts-noto-core 2>/dev/null || \
			{ $(SUDO) apt-get update && apt-get download fonts-noto-core; }; } && \
		dpkg-deb -x fonts-noto-core_*.deb root && \
		printf '%s\n' '<?xml version="1.0"?>' '<fontconfig>' \
			'<include ignore_missing="yes">/etc/fonts/fonts.conf</include>' \
			'<dir prefix="relative">root/usr/share/fonts</dir>' \
			'<cachedir prefix="relative">cache</cachedir>' '</fontconfig>' > fonts.conf; \
	fi
	@FONTCONFIG_FILE="$(abspath $(NOTO_DIR))/fonts.conf" fc-match sans-serif | grep -q "Noto Sans" || \
		{ echo "fontconfig does not pick Noto Sans from $(NOTO_DIR)" >&2; exit 1; }
	FONTCONFIG_FILE="$(abspath $(NOTO_DIR))/fonts.conf" $(BIN)/pytest -n $(PYTEST_WORKERS) --dist loadgroup \
		$(NOTO_TESTS) $(PYTEST_ARGS)

# Every script runs even when one is over budget; make fails at the end if any was.
bench: setup
	@found=0; failed=""; for file in bench/*.py; do \
		[ -f "$$file" ] || continue; \
		case "$$file" in bench/budget.py|bench/serving.py) continue;; esac; \
		found=1; echo "== $$file"; \
		PYTHONPATH=. $(BIN)/python "$$file" || failed="$$failed $$file"; \
	done; \
	if [ $$found -eq 0 ]; then echo "No benchmark in bench/ yet."; fi; \
	if [ -n "$$failed" ]; then echo "Over budget or failed:$$failed" >&2; exit 1; fi

# Mutation testing with mutmut (tools/mutate.py): scores per target against the budgets.
# Not run by CI: hours on two cores. make mutate MUTATE_ARGS="engine --max-children 1"
MUTATE_ARGS ?=
mutate: setup
	PYTHONPATH=. $(BIN)/python tools/mutate.py $(MUTATE_ARGS)

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(INSTALLED): requirements.lock | $(BIN)/python
	$(BIN)/python -m pip install --require-hashes -r requirements.lock
	touch $@

# The lists of common words the password check reads (accounts/common_words/, committed):
# built from the PyPI package wordfreq in a virtualenv of its own, as the site never
# imports it (tools/build_common_words.py).
common-words:
	test -x .venv-words/bin/python || python3 -m venv .venv-words
	.venv-words/bin/pip install --quiet wordfreq==3.1.1
	.venv-words/bin/python tools/build_common_words.py

migrate: $(INSTALLED)
	$(MANAGE) migrate --noinput

# Compiled with Babel (installed from the lock), so GNU gettext is not needed.
messages: $(MO_FILES)

locale/%/LC_MESSAGES/django.mo: locale/%/LC_MESSAGES/django.po $(INSTALLED)
	$(BIN)/pybabel compile --statistics -i $< -o $@

# Test-only tools from the npm registry (package-lock.json): eslint, axe-core and the Nu
# HTML Checker. Install scripts are skipped: vnu-jar runs with the machine's own Java.
node_modules: node_modules/.package-lock.json

node_modules/.package-lock.json: package.json package-lock.json
	npm ci --ignore-scripts --no-audit --no-fund
	touch $@

# Browser tests drive Debian's Chromium; Playwright never downloads a browser here.
chromium:
	@if [ ! -x "$(CHROMIUM)" ]; then \
		echo "Installing Debian's chromium for the browser tests"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

# The Nu HTML Checker (vnu.jar) runs on the machine's Java.
java:
	@if ! command -v java >/dev/null; then \
		echo "Installing Debian's Java runtime for the Nu HTML Checker"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y default-jre-headless; \
	fi

# The catalogue check (tests/web/test_catalogues.py) runs makemessages, which needs GNU
# gettext's xgettext and msguniq.
gettext:
	@if ! command -v xgettext >/dev/null || ! command -v msguniq >/dev/null; then \
		echo "Installing Debian's gettext for the catalogue check"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y gettext; \
	fi

# The production stack and its tests: nginx (the load balancer), and PostgreSQL's and
# Redis's server programs for the private instances of tests/ops/ and the drills.
ops-tools:
	@missing=""; \
	[ -x /usr/sbin/nginx ] || command -v nginx >/dev/null || missing="$$missing nginx-light"; \
	command -v redis-server >/dev/null || missing="$$missing redis-server"; \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing="$$missing postgresql"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian's$$missing for the production stack"; \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get update && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y $$missing; \
	fi
