# Règles vérifiées: two commands for a fresh machine, `make site` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: site test check lint typecheck pytest bench clean

site: $(STAMP)
	$(BIN)/rulebook site

test: $(STAMP) lint typecheck check pytest

check: $(STAMP)
	$(BIN)/rulebook check

lint: $(STAMP)
	$(BIN)/ruff check src tests
	$(BIN)/ruff format --check src tests

typecheck: $(STAMP)
	$(BIN)/mypy

pytest: $(STAMP)
	$(BIN)/pytest

bench: $(STAMP)
	$(BIN)/python tests/bench.py

# The virtual environment is made once, and the project reinstalled only when pyproject.toml changes.
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -e ".[dev]"
	touch $(STAMP)

clean:
	rm -rf docs/_build
