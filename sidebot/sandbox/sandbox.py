"""The local sandbox: the test wiki seeded with the demo articles, plus the server of their cited sources.

Used by `sidebot testwiki up/down` and `sidebot demo`. The source server runs beside the wiki from the same
state folder, on a fixed port when free, so the URLs cited in the demo articles stay the same across runs
(changed URLs would change the citations' fingerprints and force a re-check).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from sidebot.sandbox import testwiki
from sidebot.sandbox.demo_content import demo_pages
from sidebot.sandbox.source_server import start_detached, stop_detached


def up(
    state_dir: Path, port: int | None = None, with_demo: bool = True, database_url: str | None = None
) -> dict[str, Any]:
    """Start (installing the first time) the wiki and, ``with_demo``, the source server and demo articles.
    Returns the wiki's description plus ``sources_url``."""
    info = testwiki.up(state_dir, port=port, database_url=database_url)  # claims the folder first
    sources_url = None
    if with_demo:
        _, sources_url = start_detached(info.state_dir)
        info = testwiki.up(
            state_dir,
            port=info.port,
            pages=demo_pages(sources_url),
            database_url=database_url,
            review_list=True,  # the demo's queue can go on the wiki: `sidebot onwiki update`
        )
    return json.loads(info.to_json()) | {"sources_url": sources_url}


def down(state_dir: Path) -> dict[str, bool]:
    """Stop the sandbox's wiki and its detached source server; which of the two were running."""
    return {"wiki": testwiki.down(state_dir), "sources": stop_detached(state_dir)}
