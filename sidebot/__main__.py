"""`python -m sidebot` runs the CLI."""

from sidebot.cli.app import app

app(prog_name="sidebot")
