"""The README against the CLI: every command line it shows parses (no "No such option", no "unexpected
extra argument"), every --help keeps its help texts whole (no rich markup eating "[web]"), and the command
lines that are safe to run here (they read the queue, start nothing) run without a traceback."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
import typer
from typer._click.exceptions import UsageError  # Typer 0.29 vendors Click; its errors are these

from sidebot.cli.app import app

README = Path(__file__).parent.parent / "README.md"

# Placeholders the README uses, and a value of the right kind for each.
VALUES = {
    "FILE": "README.md",
    "N": "1000",
    "ID": "1",
    "TIME": "2024-01-01T00:00:00",
    "TITLE": "Megadeth",
    "S": "open",
    "T": "Megadeth",
    "W": "testwiki",
    "K": "demo",
    "JOB": "recent",
    "DIR": "/tmp/sidebot-readme-test",
    "OUT": "/tmp/sidebot-readme-test.json",
    "PATH": "sidebot.toml",
    "P": "0.9",
    "D": "7",
    "PORT": "8080",
    "MS": "2",
    "SECONDS": "90",
}
# Safe to run for real in an empty data folder: they only read (or create) the empty queue.
SAFE = [
    "queue list",
    "queue list --json",
    "queue list --json --state open --state stale",
    "runs",
    "runs --kind demo",
    "corpus info",
    "db current",
]


def readme_command_lines() -> list[str]:
    """The sidebot command lines the README shows: in code blocks and in `code spans`."""
    text = README.read_text(encoding="utf-8")
    lines: list[str] = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        for line in block.splitlines():
            line = line.split("#", 1)[0].strip()
            if line.startswith((".venv/bin/sidebot ", "sidebot ")):
                lines.append(line.removeprefix(".venv/bin/"))
    lines += [span for span in re.findall(r"`(sidebot [^`]+)`", text) if "$(" not in span]
    return sorted(set(lines))


def expand(line: str) -> list[str]:
    """Arguments for one README line: optional parts included, repeated parts twice, placeholders filled."""
    line = re.sub(r"([\w-]+)(?:\\\|[\w-]+)+", r"\1", line)  # a choice ("cpu\|cuda" in a table) → cpu
    line = re.sub(r"\[([^\]]+)\]…", r"\1 \1", line)  # [--state S]… → --state S --state S
    line = re.sub(r"\[([^\]]+)\]", r"\1", line)
    line = re.sub(r"\b([A-Z]+)…", r"\1 \1", line)  # FILE… → FILE FILE
    words = [w.strip('"') for w in re.findall(r'"[^"]*"|\S+', line)][1:]  # without "sidebot"
    return [VALUES.get(w, w) for w in words]


def parse(args: list[str]) -> typer.core.TyperCommand:
    """Parse ``args`` as `sidebot` would, down to the command, without running anything."""
    command = typer.main.get_command(app)
    ctx = command.make_context("sidebot", list(args))
    while isinstance(command, typer.core.TyperGroup):
        rest = [*ctx._protected_args, *ctx.args]
        name, sub, rest = command.resolve_command(ctx, rest)
        assert sub is not None, args
        ctx = sub.make_context(name, rest, parent=ctx)
        command = sub
    assert not isinstance(command, typer.core.TyperGroup)
    return command


LINES = readme_command_lines()


def test_the_readme_shows_the_main_commands():
    shown = {" ".join(expand(line)[:2]) for line in LINES}
    for expected in ("demo", "serve", "queue list", "check Megadeth", "eval retrieve", "corpus add"):
        assert any(s.startswith(expected) for s in shown), expected


@pytest.mark.parametrize("line", LINES)
def test_every_readme_command_line_parses(line: str):
    try:
        parse(expand(line))
    except UsageError as exc:
        pytest.fail(f"README: `{line}` → {exc.format_message()}")


def _commands(command, path: tuple[str, ...] = ()):  # type: ignore[no-untyped-def]
    yield path, command
    if isinstance(command, typer.core.TyperGroup):
        for name, sub in command.commands.items():
            yield from _commands(sub, (*path, name))


def _flat(text: str) -> str:
    """Without whitespace: help is wrapped to the terminal, also after hyphens."""
    return "".join(text.split())


@pytest.mark.parametrize(
    "path", [p for p, _ in _commands(typer.main.get_command(app))], ids=lambda p: " ".join(p) or "sidebot"
)
def test_help_keeps_every_help_text(path: tuple[str, ...]):
    from typer.testing import CliRunner

    result = CliRunner().invoke(app, [*path, "--help"], env={"COLUMNS": "2000"})
    assert result.exit_code == 0, result.output
    command = dict(_commands(typer.main.get_command(app)))[path]
    shown = _flat(result.output)
    for param in command.params:
        if getattr(param, "help", None):
            assert _flat(param.help) in shown, f"{' '.join(path)}: {param.help!r} lost in --help"


def test_serve_help_names_the_config_section():
    from typer.testing import CliRunner

    out = _flat(CliRunner().invoke(app, ["serve", "--help"], env={"COLUMNS": "2000"}).output)
    assert _flat("(default: [web] host)") in out and _flat("(default: [web] port)") in out


@pytest.mark.parametrize("line", SAFE)
def test_safe_readme_commands_run_without_a_traceback(line: str, tmp_path: Path):
    env = {**os.environ, "SIDEBOT_HOME": str(tmp_path), "COLUMNS": "200"}
    env.pop("SIDEBOT_CONFIG", None)
    env.pop("SIDEBOT_DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "-m", "sidebot", *line.split()], env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 0 and "Traceback" not in result.stderr, result.stderr
    assert any(f"sidebot {line}".startswith(shown.split("[")[0].strip()) for shown in LINES), line


@pytest.mark.parametrize(
    ("line", "message"),
    [
        ("queue list --state bogus", "unknown state bogus"),
        ("runs --kind bogus", "unknown kind bogus"),
    ],
)
def test_bogus_values_are_refused(line: str, message: str, tmp_path: Path):
    env = {**os.environ, "SIDEBOT_HOME": str(tmp_path)}
    env.pop("SIDEBOT_CONFIG", None)
    env.pop("SIDEBOT_DATABASE_URL", None)
    result = subprocess.run(
        [sys.executable, "-m", "sidebot", *line.split()], env=env, capture_output=True, text=True, timeout=300
    )
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr
