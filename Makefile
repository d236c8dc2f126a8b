.PHONY: setup demo test lint

# Targets that run sidebot need the .venv that `make setup` creates; without it they say so (exit 2).
NEED_SETUP = @test -x .venv/bin/sidebot || { echo "make $@: sidebot is not set up in this folder (no .venv/bin/sidebot): run \`make setup\` first" >&2; exit 2; }

setup:
	bash scripts/setup.sh

demo:
	$(NEED_SETUP)
	.venv/bin/sidebot demo

test:
	$(NEED_SETUP)
	.venv/bin/python -m pytest

lint:
	$(NEED_SETUP)
	.venv/bin/ruff check sidebot tests
	.venv/bin/ruff format --check sidebot tests
	.venv/bin/mypy
	npm run --silent lint
