"""`sidebot testwiki up|down|status`: a local MediaWiki sandbox with demo articles and their sources."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated

import typer

from sidebot.cli.common import console, fail, settings_of

StateDir = Annotated[
    Path | None, typer.Option("--state-dir", help="Folder of the wiki (default: DATA/testwiki).")
]


def _state_dir(ctx: typer.Context, state_dir: Path | None) -> Path:
    return state_dir or settings_of(ctx).home / "testwiki"


def up(
    ctx: typer.Context,
    state_dir: StateDir = None,
    port: Annotated[
        int | None, typer.Option(help="Port on 127.0.0.1 (default: the last one, or a free one).")
    ] = None,
    demo: Annotated[
        bool, typer.Option("--demo/--no-demo", help="Import the demo articles and serve their sources.")
    ] = True,
    database_url: Annotated[
        str | None, typer.Option(help="Database URL to write into the wiki's sidebot config.")
    ] = None,
) -> None:
    """Start a local MediaWiki 1.39 (installing it the first time) and print JSON describing it, including
    `config_path`: use it as `sidebot --config PATH …`."""
    from sidebot.sandbox import sandbox
    from sidebot.sandbox.testwiki import TestWikiError

    try:
        info = sandbox.up(_state_dir(ctx, state_dir), port=port, with_demo=demo, database_url=database_url)
    except TestWikiError as exc:
        raise fail(str(exc)) from exc
    print(json.dumps(info, indent=2))


def down(ctx: typer.Context, state_dir: StateDir = None) -> None:
    """Stop the local wiki and its source server."""
    from sidebot.sandbox import sandbox

    stopped = sandbox.down(_state_dir(ctx, state_dir))
    console.print(
        ", ".join(f"{name} {'stopped' if was else 'was not running'}" for name, was in stopped.items())
    )


def status(ctx: typer.Context, state_dir: StateDir = None) -> None:
    """Print JSON describing the local wiki (\"running\": false when stopped)."""
    from sidebot.sandbox import testwiki

    info = testwiki.status(_state_dir(ctx, state_dir))
    if info is None:
        raise fail(f"no test wiki installed in {_state_dir(ctx, state_dir)}: run `sidebot testwiki up`")
    print(info.to_json())
