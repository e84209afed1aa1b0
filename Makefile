# Règles vérifiées: two commands for a fresh machine, `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Pyodide from the npm registry, for "try it" (package.json); without npm, no "try" buttons.
NODE_STAMP := node_modules/.installed
# What `make` installs: every dependency pinned with its hashes (`make lock` writes them).
LOCK := requirements/lock.txt
PIP := $(BIN)/python -m pip --quiet --disable-pip-version-check
INSTALLER := requirements/installer.txt
# Compiled as pip compiles what it installs: without it, each of the hundred Python processes
# a test run starts (builds, the command line) compiles Sphinx and the rest again.
UV_INSTALL := $(BIN)/uv pip install --quiet --python $(BIN)/python --compile-bytecode

.PHONY: site serve test check lint typecheck pytest bytecode bench mutate live clean lock test-game

# The site and, where Chromium is or can be installed, a PDF of each game in each language.
# Its last line is the command that serves it (`rulebook site` prints it).
site: $(STAMP) $(NODE_STAMP)
	.ci/ensure-chromium || echo "make site: building without PDFs"
	$(BIN)/rulebook site

# The built site over HTTP at http://127.0.0.1:8000/, as a host serves it: a page opened as a
# file cannot run its "try" panels nor the companions (browsers refuse them a file's scripts).
SITE := docs/_build/html
serve:
	test -f $(SITE)/index.html || $(MAKE) site
	@echo "make serve: open http://127.0.0.1:8000/ (Ctrl-C stops it)"
	$(PYTHON) -m http.server --bind 127.0.0.1 --directory $(SITE) 8000

# Each job's output kept whole when jobs run side by side (GNU make 4 and later can).
SYNC := $(if $(filter output-sync,$(.FEATURES)),--output-sync=target)

# The quick checks side by side (mypy takes most of their 7 s) with the tests' bytecode, then
# the tests: the first to fail stops `make test`, as when they ran one after the other.
test: $(STAMP) $(NODE_STAMP)
	$(MAKE) --no-print-directory -j4 $(SYNC) lint typecheck check bytecode
	$(MAKE) --no-print-directory pytest

check: $(STAMP)
	$(BIN)/rulebook check

# lint-imports: the layers point down and no module cycles ([tool.importlinter], pyproject.toml).
lint: $(STAMP)
	$(BIN)/ruff check src tests tools
	$(BIN)/ruff format --check src tests tools
	$(BIN)/zizmor --offline --no-progress --persona=pedantic .github/workflows
	$(BIN)/lint-imports --no-cache --no-logo

typecheck: $(STAMP)
	$(BIN)/mypy

# Bytecode first: this machine's environment may say PYTHONDONTWRITEBYTECODE, and the tests
# start some hundred Python processes (builds, the command line) that would each compile the
# package again.
pytest: $(STAMP)
	$(BIN)/python -m compileall -q src tools tests >/dev/null
	$(BIN)/pytest -n 2 --dist loadfile --no-loadscope-reorder

# The same bytecode, and the test files as pytest rewrites them (their asserts), which it
# writes only where PYTHONDONTWRITEBYTECODE is unset: each worker of the run then reads them
# instead of rewriting every test file (its collection: 2.8 s instead of 5.7).
bytecode: $(STAMP)
	$(BIN)/python -m compileall -q src tools tests >/dev/null
	PYTHONDONTWRITEBYTECODE= $(BIN)/pytest --collect-only -q >/dev/null || \
	  { $(BIN)/pytest --collect-only -qq; exit 1; }

# Bytecode first, as any Python run leaves it (PYTHONDONTWRITEBYTECODE would otherwise make
# every timed run recompile the package): the bench measures the loop as a user has it.
bench: $(STAMP)
	$(BIN)/python -m compileall -q src >/dev/null
	$(BIN)/python -m tools.bench
	$(BIN)/python -m tools.companion_bench

# The check's strength per game: numbers changed in the text, and the rule code mutated.
mutate: $(STAMP)
	$(BIN)/python -m tools.mutate

# One game, in about a minute: what `make test` would reject about it (tools/test_game.py).
test-game: $(STAMP)
	$(BIN)/python -m tools.test_game $(GAME)

# The virtual environment is made once, and filled again when the lock or pyproject.toml
# changes: every dependency as the lock pins it (its hashes checked), then the project itself.
# pip installs uv alone (INSTALLER: its pin and hashes), and uv the rest: 7 s where pip took 24.
# The environment is made without pip of its own (3 s of a fresh install): the system's pip
# puts uv in it (`--python`: pip 22.3 or later); where that pip is missing or older, the
# environment's own is installed and does it (Debian: python3-venv).
$(STAMP): pyproject.toml $(LOCK) $(INSTALLER)
	test -x $(BIN)/python || $(PYTHON) -m venv --without-pip $(VENV)
	$(PYTHON) -m pip --quiet --disable-pip-version-check --python $(BIN)/python install \
	  --require-hashes -r $(INSTALLER) 2>/dev/null || \
	  { echo "make: no pip 22.3 or later beside $(PYTHON): the environment's own pip installs uv"; \
	    $(BIN)/python -m ensurepip --default-pip >/dev/null && \
	    $(PIP) install --require-hashes -r $(INSTALLER); } || \
	  { echo "make: no pip for $(PYTHON) (on Debian: apt-get install python3-venv)"; exit 1; }
	$(UV_INSTALL) --require-hashes -r $(LOCK)
	$(UV_INSTALL) --no-deps -e .
	touch $(STAMP)

# The lock files, from pyproject.toml, for the Python and the system CI runs (3.11, Linux):
# requirements/lock.txt (what `make` installs), runtime.txt (the same pins, only what the
# installed command needs: tests/test_wheel.py installs it), installer.txt (uv's pin alone).
# Run after changing a dependency (tests/test_lock.py fails until then); a pin moves only when
# pyproject.toml asks it to, or for every package with `make lock UPGRADE=--upgrade`.
UV_COMPILE = $(BIN)/uv pip compile --quiet --python-version 3.11 --python-platform linux \
	--generate-hashes --custom-compile-command "make lock"
lock: $(STAMP)
	$(UV_COMPILE) $(UPGRADE) pyproject.toml --all-extras -o $(LOCK)
	$(UV_COMPILE) pyproject.toml -c $(LOCK) -o requirements/runtime.txt
	echo uv | $(UV_COMPILE) - -c $(LOCK) -o $(INSTALLER)

$(NODE_STAMP): package.json package-lock.json
	(npm ci --no-audit --no-fund --loglevel=error && touch $(NODE_STAMP)) || echo "make: no npm: the site is built without \"try it\""

# Both languages served at http://127.0.0.1:8000 (fr/, en/) and rebuilt on every change, the
# check's problems on every page: sphinx-autobuild's watcher and server, our two builds
# (src/rulebook/site/live_server.py says why).
live: $(STAMP)
	$(BIN)/python -m rulebook.site.live_server .

clean:
	rm -rf docs/_build
