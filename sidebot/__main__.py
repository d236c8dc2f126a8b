"""`python -m sidebot` runs the CLI."""

from sidebot.cli import app

app(prog_name="sidebot")
