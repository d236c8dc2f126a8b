.PHONY: setup demo test lint

setup:
	bash scripts/setup.sh

demo:
	.venv/bin/sidebot demo

test:
	.venv/bin/python -m pytest

lint:
	.venv/bin/ruff check sidebot tests
